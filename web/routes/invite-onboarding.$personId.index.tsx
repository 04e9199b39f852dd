import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { numericStep } from '../../sync/validation.ts';
import { InviteOnboarding } from '../components/invite-onboarding.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { requireSignIn } from '../session.ts';

/** Onboarding for someone who joined through an invite as a Supporter or a guest (spec §2). */
export const Route = createFileRoute('/invite-onboarding/$personId/')({
  head: pageHead(messages.titles.inviteWelcome),
  validateSearch: z.object({ step: z.unknown().transform(numericStep).optional() }),
  beforeLoad: async ({ params }) => {
    const s = await requireSignIn();
    if (params.personId !== s.person.id) {
      throw redirect({ to: '/invite-onboarding/$personId', params: { personId: s.person.id } });
    }
    return { session: s };
  },
  component: Page,
});

function Page() {
  const { session } = Route.useRouteContext();
  const { personId } = Route.useParams();
  const { step } = Route.useSearch();
  return <InviteOnboarding variant="supporter" session={session} personId={personId} step={step} />;
}
