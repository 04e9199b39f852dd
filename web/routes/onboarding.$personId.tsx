import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { numericStep } from '../../sync/validation.ts';
import { call, client } from '../api-client.ts';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { forgetSession, requireSignIn } from '../session.ts';

/**
 * Onboarding entry (spec §4). The step-by-step wizard is built by its own
 * issue; this page welcomes a new user and records that onboarding is done.
 */
export const Route = createFileRoute('/onboarding/$personId')({
  head: pageHead(messages.titles.onboarding),
  validateSearch: z.object({ step: z.unknown().transform(numericStep).optional() }),
  beforeLoad: async () => {
    const s = await requireSignIn();
    return { session: s };
  },
  component: Onboarding,
});

function Onboarding() {
  const { session } = Route.useRouteContext();
  const { personId } = Route.useParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const name = session.person?.knownAs ?? session.person?.firstName ?? '';

  async function finish() {
    if (!session.user) return;
    setBusy(true);
    try {
      await call(
        client.users[':id'].$put({
          param: { id: session.user.id },
          json: { wizardCompleted: true },
        }),
      );
      forgetSession();
      await navigate({ to: '/people/$personId/preferences', params: { personId } });
    } catch {
      setError(messages.errors.generic);
      setBusy(false);
    }
  }

  return (
    <main className="page" id="main">
      <h1>{messages.onboarding.title}</h1>
      {name ? <p>{messages.home.greeting(name)}</p> : null}
      <p>{messages.onboarding.intro}</p>
      <ErrorAlert message={error} />
      <button type="button" onClick={finish} disabled={busy}>
        {messages.onboarding.finish}
      </button>
    </main>
  );
}
