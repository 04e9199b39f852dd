import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { InviteView } from '../../sync/invite.ts';
import { ApiError } from '../api-client.ts';
import {
  fetchInvite,
  formatInviteDate,
  inviteSentence,
  rememberPendingInvite,
} from '../components/invite-common.tsx';
import { inviteMessages } from '../messages/invite.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { getSession } from '../session.ts';

const t = inviteMessages;

/**
 * The invite join page (spec §2): for someone who is not signed in. Remembers
 * the invite in sessionStorage `invite.pending` as `{id, token}` so that the app
 * can come back to it after registering or signing in.
 */
export const Route = createFileRoute('/invite/$inviteId/$inviteToken/join')({
  head: pageHead(messages.titles.inviteJoin),
  beforeLoad: async ({ params }) => {
    const s = await getSession().catch(() => undefined);
    if (s?.user && s.person) {
      throw redirect({
        to: '/invite/$inviteId/$inviteToken',
        params: { inviteId: params.inviteId, inviteToken: params.inviteToken },
        replace: true,
      });
    }
  },
  component: Join,
});

function Join() {
  const { inviteId, inviteToken } = Route.useParams();
  const [invite, setInvite] = useState<
    { kind: 'loading' } | { kind: 'ready'; view: InviteView } | { kind: 'failed'; message: string }
  >({ kind: 'loading' });

  useEffect(() => {
    rememberPendingInvite({ id: inviteId, token: inviteToken });
  }, [inviteId, inviteToken]);

  useEffect(() => {
    let stopped = false;
    fetchInvite(inviteId, inviteToken)
      .then((view) => {
        if (!stopped) setInvite({ kind: 'ready', view });
      })
      .catch((e: unknown) => {
        if (!stopped) {
          setInvite({
            kind: 'failed',
            message: e instanceof ApiError ? e.message : messages.errors.generic,
          });
        }
      });
    return () => {
      stopped = true;
    };
  }, [inviteId, inviteToken]);

  return (
    <main className="page" id="main">
      <h1>{t.joinTitle}</h1>
      {invite.kind === 'failed' ? (
        <div role="alert" className="alert">
          {invite.message}
        </div>
      ) : invite.kind === 'ready' ? (
        <div className="card">
          <p style={{ fontWeight: 600 }}>{inviteSentence(invite.view)}</p>
          <p>{t.expires(formatInviteDate(invite.view.expiresAt))}</p>
        </div>
      ) : (
        <p role="status" className="status">
          {t.loading}
        </p>
      )}
      {invite.kind === 'failed' ? (
        <p>
          <Link className="button secondary" to="/">
            {t.home}
          </Link>
        </p>
      ) : (
        <>
          <p>{t.joinIntro}</p>
          <div className="actions">
            <Link className="button" to="/register" search={{ inviteId }}>
              {t.newHere}
            </Link>
            <Link className="button secondary" to="/login" search={{ inviteId }}>
              {t.haveAccount}
            </Link>
          </div>
          <p>
            <Link to="/invite/$inviteId/$inviteToken" params={{ inviteId, inviteToken }}>
              {t.backToInvite}
            </Link>
          </p>
        </>
      )}
    </main>
  );
}
