import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { InviteAccepted, InviteView } from '../../sync/invite.ts';
import { ApiError } from '../api-client.ts';
import { endDate } from '../components/circle-common.tsx';
import {
  acceptInvite,
  acceptLabel,
  declineInvite,
  fetchInvite,
  forgetPendingInvite,
  formatInviteDate,
  InviteDialog,
  inviteSentence,
} from '../components/invite-common.tsx';
import { inviteMessages } from '../messages/invite.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { forgetSession, getSession } from '../session.ts';
import { guestKey } from '../support-session.ts';

const t = inviteMessages;

/** The invite view page (spec §2, §4): who invites you and what for; accept or decline. */
export const Route = createFileRoute('/invite/$inviteId/$inviteToken/')({
  head: pageHead(messages.titles.invite),
  beforeLoad: async () => ({ session: await getSession().catch(() => undefined) }),
  component: InvitePage,
});

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; invite: InviteView }
  | { kind: 'failed'; message: string };

type Answer =
  | { kind: 'idle' }
  | { kind: 'busy'; what: 'accept' | 'decline' }
  | { kind: 'declined' }
  | { kind: 'refused'; code: string; message: string };

function InvitePage() {
  const { inviteId, inviteToken } = Route.useParams();
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [answer, setAnswer] = useState<Answer>({ kind: 'idle' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const whatId = useId();
  const signedIn = Boolean(session?.user && session.person);
  const me = session?.person;

  useEffect(() => {
    let stopped = false;
    setLoad({ kind: 'loading' });
    fetchInvite(inviteId, inviteToken)
      .then((invite) => {
        if (!stopped) setLoad({ kind: 'ready', invite });
      })
      .catch((e: unknown) => {
        if (stopped) return;
        setLoad({
          kind: 'failed',
          message: e instanceof ApiError ? e.message : messages.errors.generic,
        });
        // The link no longer works: there is nothing to come back to.
        if (e instanceof ApiError && e.status < 500) forgetPendingInvite(inviteId);
      });
    return () => {
      stopped = true;
    };
  }, [inviteId, inviteToken]);

  async function accept() {
    if (!signedIn) {
      await navigate({
        to: '/invite/$inviteId/$inviteToken/join',
        params: { inviteId, inviteToken },
      });
      return;
    }
    setAnswer({ kind: 'busy', what: 'accept' });
    try {
      const done = await acceptInvite(inviteId, inviteToken);
      forgetPendingInvite(inviteId);
      forgetSession();
      await goOn(done);
    } catch (e) {
      setAnswer(
        e instanceof ApiError
          ? { kind: 'refused', code: e.code, message: e.message }
          : { kind: 'refused', code: 'unknown', message: messages.errors.generic },
      );
    }
  }

  /** Where an accepted invite leads: a new user's short welcome first, else the connection. */
  async function goOn(done: InviteAccepted) {
    const personId = me?.id;
    if (!personId) return;
    // A guest reads what the invite names in this tab (see the people layout's guard).
    if (
      done.kind === 'Profile' ||
      done.kind === 'Preference' ||
      done.kind === 'PreferenceCategory'
    ) {
      sessionStorage.setItem(guestKey(done.personId), done.kind);
    }
    const wizardDone = session?.user?.wizardCompletedAt !== null;
    if (!wizardDone) {
      if (done.kind === 'Person' || done.kind === 'User') {
        await navigate({ to: '/invite-onboarding/$personId/decision-maker', params: { personId } });
      } else {
        await navigate({ to: '/invite-onboarding/$personId', params: { personId } });
      }
      return;
    }
    switch (done.kind) {
      case 'Supporter':
        await navigate({ to: '/people/$personId/supporting', params: { personId } });
        return;
      case 'Profile':
        await navigate({ to: '/people/$personId', params: { personId: done.personId } });
        return;
      case 'Preference':
        await navigate({
          to: '/people/$personId/preferences/$preferenceId',
          params: { personId: done.personId, preferenceId: done.targetId ?? '' },
        });
        return;
      case 'PreferenceCategory':
        await navigate({
          to: '/people/$personId/preferences',
          params: { personId: done.personId },
        });
        return;
      default:
        await navigate({ to: '/people/$personId', params: { personId } });
    }
  }

  async function decline() {
    setAnswer({ kind: 'busy', what: 'decline' });
    try {
      await declineInvite(inviteId, inviteToken);
      forgetPendingInvite(inviteId);
      setAnswer({ kind: 'declined' });
      headingRef.current?.focus();
    } catch (e) {
      setAnswer(
        e instanceof ApiError
          ? { kind: 'refused', code: e.code, message: e.message }
          : { kind: 'refused', code: 'unknown', message: messages.errors.generic },
      );
    }
  }

  const busy = answer.kind === 'busy';
  const selfSupport = answer.kind === 'refused' && answer.code === 'self_support';

  const home = (
    <p>
      <Link className="button secondary" to="/">
        {t.home}
      </Link>
    </p>
  );
  return (
    <main className="page" id="main">
      <h1 ref={headingRef} tabIndex={-1}>
        {t.viewTitle}
      </h1>
      {load.kind === 'loading' ? (
        <p role="status" className="status">
          {t.loading}
        </p>
      ) : load.kind === 'failed' ? (
        <>
          <div role="alert" className="alert">
            {load.message}
          </div>
          {home}
        </>
      ) : answer.kind === 'declined' ? (
        <>
          <p role="status">{t.declined}</p>
          {home}
        </>
      ) : (
        <section className="card" aria-labelledby={whatId}>
          <p id={whatId} style={{ fontSize: '1.15rem', fontWeight: 600 }}>
            {inviteSentence(load.invite)}
          </p>
          {load.invite.kind === 'Supporter' ? (
            <>
              <p>{t.levelHelp[load.invite.accessLevel ?? 'General']}</p>
              <p>{t.supporterHelp}</p>
            </>
          ) : load.invite.kind === 'Person' || load.invite.kind === 'User' ? null : (
            <p>{t.guestHelp}</p>
          )}
          <p>{t.expires(formatInviteDate(load.invite.expiresAt))}</p>
          {load.invite.accessEndsAt ? (
            <p>{t.accessEnds(endDate(Date.parse(load.invite.accessEndsAt)))}</p>
          ) : null}
          {answer.kind === 'refused' && !selfSupport ? (
            <div role="alert" className="alert">
              {answer.message}
              {answer.code === 'merge_accounts' ? <p>{t.mergeAccountsHelp}</p> : null}
            </div>
          ) : null}
          {signedIn && me ? (
            <p className="status">
              {t.signedInAs(me.knownAs ?? me.firstName ?? '')} <Link to="/logout">{t.notYou}</Link>
            </p>
          ) : (
            <p className="status">{t.signInToAccept}</p>
          )}
          <div className="actions">
            <button type="button" onClick={accept} disabled={busy}>
              {answer.kind === 'busy' && answer.what === 'accept'
                ? t.accepting
                : acceptLabel(load.invite)}
            </button>
            <button type="button" className="secondary" onClick={decline} disabled={busy}>
              {answer.kind === 'busy' && answer.what === 'decline' ? t.declining : t.decline}
            </button>
          </div>
        </section>
      )}
      <InviteDialog
        open={selfSupport}
        title={answer.kind === 'refused' ? answer.message : t.selfSupport}
        onClose={() => setAnswer({ kind: 'idle' })}
      >
        <p>{t.selfSupportHelp}</p>
      </InviteDialog>
    </main>
  );
}
