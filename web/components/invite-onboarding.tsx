/**
 * Onboarding for someone who joined through an invite (spec §2
 * /invite-onboarding/{personId}[/decision-maker], numeric search `step`): a
 * short welcome that ends on the connection the invite made.
 */
import { Link, useNavigate, useParams, useRouteContext, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { AcceptedInvite } from '../../sync/invite.ts';
import type { SessionInfo } from '../../sync/session.ts';
import { call, client } from '../api-client.ts';
import { inviteMessages } from '../messages/invite.ts';
import { messages } from '../messages.ts';
import type { InviteOnboardingRoute } from '../navigation/wizard-guards.ts';
import { forgetSession } from '../session.ts';
import { fetchAcceptedInvites } from './invite-common.tsx';
import { ErrorAlert } from './modal-dialog.tsx';

const t = inviteMessages;

export type InviteOnboardingVariant = 'supporter' | 'decision-maker';

type Step = { title: string; body: string } | 'connection';

function stepsOf(variant: InviteOnboardingVariant, name: string): Step[] {
  const welcome = { title: t.onboardingTitle(name), body: t.welcomeBody };
  return variant === 'supporter'
    ? [welcome, { title: t.supportTitle, body: t.supportBody }, 'connection']
    : [
        welcome,
        { title: t.dmTitle, body: t.dmBody },
        { title: t.circleTitle, body: t.circleBody },
        'connection',
      ];
}

/** The number of steps of each variant (the route clamps `step` to it). */
export function inviteOnboardingSteps(variant: InviteOnboardingVariant): number {
  return stepsOf(variant, '').length;
}

function connectionText(c: AcceptedInvite): string {
  const level = t.levels[c.accessLevel ?? 'General'];
  const title = c.target?.title ?? '';
  switch (c.kind) {
    case 'Supporter':
      return t.connectedSupporter(c.person.name, level);
    case 'Profile':
      return t.connectedGuest(c.person.name);
    case 'Preference':
      return t.connectedPreference(c.person.name, title);
    case 'PreferenceCategory':
      return t.connectedCategory(c.person.name, title);
    default:
      return t.connectedOther(c.person.name);
  }
}

/** The route of each variant. */
const routeOf = {
  supporter: '/invite-onboarding/$personId',
  'decision-maker': '/invite-onboarding/$personId/decision-maker',
} as const satisfies Record<InviteOnboardingVariant, InviteOnboardingRoute>;

/** The page of an invite-onboarding route: the welcome of its `variant`, at the route's step. */
export function InviteOnboardingPage({ variant }: { variant: InviteOnboardingVariant }) {
  const from =
    variant === 'supporter'
      ? '/invite-onboarding/$personId/'
      : '/invite-onboarding/$personId/decision-maker';
  const { session } = useRouteContext({ from });
  const { personId } = useParams({ from });
  const { step } = useSearch({ from });
  return <InviteOnboarding variant={variant} session={session} personId={personId} step={step} />;
}

function InviteOnboarding({
  variant,
  session,
  personId,
  step: rawStep,
}: {
  variant: InviteOnboardingVariant;
  session: SessionInfo;
  personId: string;
  step: number | undefined;
}) {
  const navigate = useNavigate();
  const name = session.person?.knownAs ?? session.person?.firstName ?? '';
  const steps = stepsOf(variant, name);
  const total = steps.length;
  const step = rawStep && rawStep >= 1 && rawStep <= total ? Math.floor(rawStep) : 1;
  const current = steps[step - 1] ?? steps[0];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const [connections, setConnections] = useState<AcceptedInvite[] | 'loading' | 'failed'>(
    'loading',
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  // Each step is a new page for a screen reader: focus its heading (not on first load).
  useEffect(() => {
    // `step` is a dependency on purpose: a new step was shown.
    void step;
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (current !== 'connection') return;
    let stopped = false;
    fetchAcceptedInvites(personId)
      .then((list) => {
        if (!stopped) setConnections(list);
      })
      .catch(() => {
        if (!stopped) setConnections('failed');
      });
    return () => {
      stopped = true;
    };
  }, [current, personId]);

  const newest = Array.isArray(connections) ? connections[0] : undefined;

  async function finish() {
    setBusy(true);
    setError(undefined);
    try {
      if (session.user && session.user.wizardCompletedAt === null) {
        await call(
          client.users[':id'].$put({
            param: { id: session.user.id },
            json: { wizardCompleted: true },
          }),
        );
        forgetSession();
      }
      if (!newest || newest.kind === 'Person' || newest.kind === 'User') {
        await navigate(
          variant === 'supporter'
            ? { to: '/people/$personId/supporting', params: { personId } }
            : { to: '/people/$personId/preferences', params: { personId } },
        );
      } else if (newest.kind === 'Supporter') {
        await navigate({ to: '/people/$personId/supporting', params: { personId } });
      } else if (newest.kind === 'Preference' && newest.target) {
        await navigate({
          to: '/people/$personId/preferences/$preferenceId',
          params: { personId: newest.personId, preferenceId: newest.target.id },
        });
      } else if (newest.kind === 'PreferenceCategory') {
        await navigate({
          to: '/people/$personId/preferences',
          params: { personId: newest.personId },
        });
      } else {
        await navigate({ to: '/people/$personId', params: { personId: newest.personId } });
      }
    } catch {
      setError(messages.errors.generic);
      setBusy(false);
    }
  }

  const finishLabel =
    newest?.kind === 'Supporter' || (!newest && variant === 'supporter')
      ? t.finishSupporting
      : newest?.kind === 'Profile'
        ? t.viewProfile
        : (newest?.kind === 'Preference' || newest?.kind === 'PreferenceCategory') && newest.target
          ? newest.target.title
          : t.finishLibrary;

  return (
    <main className="page" id="main">
      <p className="status">{t.stepOf(step, total)}</p>
      {current === 'connection' ? (
        <>
          <h1 ref={headingRef} tabIndex={-1}>
            {t.connectionTitle}
          </h1>
          {connections === 'loading' ? (
            <p role="status" className="status">
              {t.connectionsLoading}
            </p>
          ) : connections === 'failed' ? (
            <p role="alert" className="alert">
              {messages.errors.generic}
            </p>
          ) : connections.length === 0 ? (
            <p>{t.connectionNone}</p>
          ) : (
            <ul className="pref-list card" aria-label={t.connectionTitle}>
              {connections.map((c) => (
                <li key={c.id}>
                  <span className="row">{connectionText(c)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <>
          <h1 ref={headingRef} tabIndex={-1}>
            {current?.title}
          </h1>
          <p>{current?.body}</p>
        </>
      )}
      <ErrorAlert message={error} />
      <div className="actions">
        {step > 1 ? (
          <StepLink variant={variant} personId={personId} step={step - 1} secondary>
            {t.back}
          </StepLink>
        ) : null}
        {step < total ? (
          <StepLink variant={variant} personId={personId} step={step + 1}>
            {t.next}
          </StepLink>
        ) : (
          <button type="button" onClick={finish} disabled={busy || connections === 'loading'}>
            {busy ? t.finishing : finishLabel}
          </button>
        )}
      </div>
    </main>
  );
}

function StepLink({
  variant,
  personId,
  step,
  secondary,
  children,
}: {
  variant: InviteOnboardingVariant;
  personId: string;
  step: number;
  secondary?: boolean;
  children: string;
}) {
  return (
    <Link
      className={secondary ? 'button secondary' : 'button'}
      to={routeOf[variant]}
      params={{ personId }}
      search={{ step }}
    >
      {children}
    </Link>
  );
}
