/**
 * The onboarding wizard (spec §2, §4): welcome, library, help, role choice,
 * the role's own steps, three statements, thank-you; 7 steps, 8 for both
 * roles. The step is in the URL (`?step=`, numeric, else the first); the
 * first four steps are the same on every route, the role's routes add theirs
 * (/onboarding/{personId}/decision-maker, /supporter,
 * /supporter-and-decision-maker). What is entered (role, name, pronouns) is
 * kept in this tab's session storage, so Back, Next and a reload keep it, and
 * saved when the wizard ends: the role becomes the person's type
 * (PUT /api/people/{personId}), then the wizard is complete
 * (PUT /api/users/{id}). Leaving asks "Are you sure you want to cancel?".
 */
import { useNavigate, useParams, useRouteContext, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Pronouns } from '../../schema/enums.ts';
import { type ChoosableRole, personDetailsSchema } from '../../sync/person.ts';
import { ApiError, call, client } from '../api-client.ts';
import { accountMessages } from '../messages/account.ts';
import { easyReadMessages } from '../messages/easy-read.ts';
import { messages } from '../messages.ts';
import type { OnboardingRoute } from '../navigation/wizard-guards.ts';
import { forgetSession, type SignedIn } from '../session.ts';
import { PronounsChoice, RoleChoice } from './account-fields.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { describedBy, FieldError } from './preference-steps/step-parts.tsx';
import { WizardForm } from './wizard-form.tsx';

const t = accountMessages.onboarding;

/** The onboarding route of each role (its own steps). */
export const routeOfRole: Record<
  ChoosableRole,
  Exclude<OnboardingRoute, '/onboarding/$personId'>
> = {
  DecisionMaker: '/onboarding/$personId/decision-maker',
  Supporter: '/onboarding/$personId/supporter',
  SupporterAndDecisionMaker: '/onboarding/$personId/supporter-and-decision-maker',
};

type StepKind =
  | 'welcome'
  | 'library'
  | 'help'
  | 'role'
  | 'about'
  | 'supporting'
  | 'statements'
  | 'thanks';

/** The steps of the wizard for a role (none chosen yet: the common four, counted as 7). */
export function onboardingSteps(role: ChoosableRole | null): StepKind[] {
  const common: StepKind[] = ['welcome', 'library', 'help', 'role'];
  if (role === null) return common;
  const own: StepKind[] =
    role === 'DecisionMaker'
      ? ['about']
      : role === 'Supporter'
        ? ['supporting']
        : ['about', 'supporting'];
  return [...common, ...own, 'statements', 'thanks'];
}

type Kept = {
  knownAs: string;
  pronouns: Pronouns | null;
  pronounsOther: string;
  /** Easy read on their own pages (web/hooks/use-easy-read.ts). */
  easyRead?: boolean;
};
const keptKey = (personId: string) => `onboarding.${personId}`;

function readKept(personId: string, fallbackName: string): Kept {
  try {
    const v = sessionStorage.getItem(keptKey(personId));
    if (v) return JSON.parse(v) as Kept;
  } catch {
    // Nothing kept.
  }
  return { knownAs: fallbackName, pronouns: null, pronounsOther: '' };
}

/**
 * The page of an onboarding route: the wizard for the route's role
 * (`chosenRole`; null on /onboarding/{personId}), with the route's session,
 * person and step.
 */
export function OnboardingPage({ chosenRole }: { chosenRole: ChoosableRole | null }) {
  const from = chosenRole ? routeOfRole[chosenRole] : '/onboarding/$personId/';
  const { session } = useRouteContext({ from });
  const { personId } = useParams({ from });
  const { step } = useSearch({ from });
  return (
    <OnboardingWizard session={session} personId={personId} chosenRole={chosenRole} step={step} />
  );
}

function OnboardingWizard({
  session,
  personId,
  chosenRole: role,
  step: rawStep,
}: {
  session: SignedIn;
  personId: string;
  /** The route's role; null on /onboarding/{personId}. */
  chosenRole: ChoosableRole | null;
  step: number | undefined;
}) {
  const navigate = useNavigate();
  const ids = { known: useId(), knownHint: useId() };
  const name = session.person.knownAs ?? session.person.firstName ?? '';
  const steps = onboardingSteps(role);
  const step =
    rawStep !== undefined && rawStep >= 1 && rawStep <= steps.length ? Math.floor(rawStep) : 1;
  // Whether there are 7 steps or 8 is known once the role step is behind: the
  // role step and those before it say no total, going forward and coming
  // back (another role may still be chosen there), and every step after it
  // says the chosen role's. So each step reads the same every time it shows.
  const total = role === null || step <= onboardingSteps(null).length ? null : steps.length;
  const kind = steps[step - 1] ?? 'welcome';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const roleRef = useRef<HTMLInputElement>(null);
  const knownRef = useRef<HTMLInputElement>(null);
  const first = useRef(true);
  const [chosen, setChosen] = useState<ChoosableRole | null>(role);
  const [kept, setKept] = useState<Kept>(() => readKept(personId, name));
  const [errors, setErrors] = useState<{
    role?: string | undefined;
    knownAs?: string | undefined;
    pronounsOther?: string | undefined;
  }>({});
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => setChosen(role), [role]);

  useEffect(() => {
    try {
      sessionStorage.setItem(keptKey(personId), JSON.stringify(kept));
    } catch {
      // Storage refused: kept in this page only.
    }
  }, [kept, personId]);

  // Each step is a new page for a screen reader: its heading takes focus (not on first load).
  useEffect(() => {
    void kind;
    void step;
    if (first.current) {
      first.current = false;
      return;
    }
    setErrors({});
    setError(undefined);
    headingRef.current?.focus();
  }, [kind, step]);

  const go = (to: OnboardingRoute, s: number) =>
    navigate({ to, params: { personId }, search: { step: s } });
  const here: OnboardingRoute = role ? routeOfRole[role] : '/onboarding/$personId';

  function about(): Kept | undefined {
    const parsed = personDetailsSchema.safeParse({
      knownAs: kept.knownAs,
      pronouns: kept.pronouns,
      pronounsOther: kept.pronouns === 'Other' ? kept.pronounsOther : null,
    });
    if (parsed.success) return kept;
    const issue = (f: string) => parsed.error.issues.find((i) => i.path[0] === f)?.message;
    setErrors({ knownAs: issue('knownAs'), pronounsOther: issue('pronounsOther') });
    if (issue('knownAs')) knownRef.current?.focus();
    return undefined;
  }

  async function next(e: FormEvent) {
    e.preventDefault();
    if (kind === 'role') {
      if (!chosen) {
        setErrors({ role: t.roleRequired });
        roleRef.current?.focus();
        return;
      }
      await go(routeOfRole[chosen], step + 1);
      return;
    }
    if (kind === 'about' && !about()) return;
    if (step < steps.length) await go(here, step + 1);
  }

  async function finish(to: 'library' | 'profile') {
    if (!role) return;
    setBusy(true);
    setError(undefined);
    try {
      const wantsAbout = role !== 'Supporter';
      await call(
        client.people[':personId'].$put({
          param: { personId },
          json: {
            type: role,
            ...(wantsAbout
              ? {
                  knownAs: kept.knownAs,
                  pronouns: kept.pronouns,
                  pronounsOther: kept.pronouns === 'Other' ? kept.pronounsOther : null,
                  easyRead: kept.easyRead === true,
                }
              : {}),
          },
        }),
      );
      await call(
        client.users[':id'].$put({
          param: { id: session.user.id },
          json: { wizardCompleted: true },
        }),
      );
      forgetSession();
      try {
        sessionStorage.removeItem(keptKey(personId));
      } catch {
        // Nothing to clear.
      }
      if (to === 'profile') {
        await navigate({
          to: '/people/$personId/settings/details/edit',
          params: { personId },
          search: { isOnboarding: true },
        });
      } else {
        await navigate({
          to: '/people/$personId/preferences',
          params: { personId },
          search: { isOnboarding: true },
        });
      }
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : messages.errors.generic);
    }
  }

  const heading = (text: string) => (
    <h1 ref={headingRef} tabIndex={-1}>
      {text}
    </h1>
  );
  const lines = (list: readonly string[]) => list.map((l) => <p key={l}>{l}</p>);

  let body: React.ReactNode;
  switch (kind) {
    case 'welcome':
      body = (
        <>
          {heading(t.welcomeTitle(name))}
          {lines(t.welcome)}
        </>
      );
      break;
    case 'library':
      body = (
        <>
          {heading(t.libraryTitle)}
          {lines(t.library)}
        </>
      );
      break;
    case 'help':
      body = (
        <>
          {heading(t.helpTitle)}
          {lines(t.help)}
        </>
      );
      break;
    case 'role':
      body = (
        <>
          {heading(t.roleTitle)}
          <RoleChoice
            value={chosen}
            onChange={(r) => {
              setChosen(r);
              setErrors({});
            }}
            legend={t.roleLegend}
            error={errors.role}
            firstRef={roleRef}
          />
        </>
      );
      break;
    case 'about':
      body = (
        <>
          {heading(t.aboutTitle)}
          <p>{t.aboutIntro}</p>
          <div className="field">
            <label htmlFor={ids.known}>{t.knownAs}</label>
            <input
              ref={knownRef}
              id={ids.known}
              type="text"
              autoComplete="nickname"
              maxLength={100}
              value={kept.knownAs}
              aria-invalid={errors.knownAs ? true : undefined}
              aria-describedby={describedBy(ids.knownHint, errors.knownAs && `${ids.known}-error`)}
              onChange={(e) => setKept((k) => ({ ...k, knownAs: e.target.value }))}
              onBlur={(e) => setKept((k) => ({ ...k, knownAs: e.target.value.trim() }))}
            />
            <p id={ids.knownHint} className="status">
              {t.knownAsHint}
            </p>
            <FieldError id={`${ids.known}-error`} error={errors.knownAs} />
          </div>
          <PronounsChoice
            value={kept}
            onChange={(v) => setKept((k) => ({ ...k, ...v }))}
            error={errors.pronounsOther}
          />
          <ChoiceGroup
            legend={easyReadMessages.setting}
            hint={easyReadMessages.settingHint}
            name="easy-read"
            value={kept.easyRead ? 'yes' : 'no'}
            onChange={(v) => setKept((k) => ({ ...k, easyRead: v === 'yes' }))}
            choices={[
              { value: 'yes', label: easyReadMessages.settingYes },
              { value: 'no', label: easyReadMessages.settingNo },
            ]}
          />
        </>
      );
      break;
    case 'supporting':
      body = (
        <>
          {heading(t.supportingTitle)}
          {lines(t.supporting)}
        </>
      );
      break;
    case 'statements':
      body = (
        <>
          {heading(t.statementsTitle)}
          <ol className="onboarding-statements">
            {(role ? t.statements[role] : []).map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </>
      );
      break;
    case 'thanks':
      body = (
        <>
          {heading(t.thanksTitle(kept.knownAs || name))}
          <p>{t.thanks}</p>
        </>
      );
      break;
  }

  return (
    <WizardForm
      className="onboarding"
      progress={total === null ? t.stepNumber(step) : t.stepOf(step, total)}
      busy={busy}
      error={error}
      onSubmit={next}
      actions={
        kind === 'thanks' ? (
          <>
            {role !== 'Supporter' ? (
              <button type="button" disabled={busy} onClick={() => finish('library')}>
                {busy ? t.saving : t.goToLibrary}
              </button>
            ) : null}
            <button
              type="button"
              className={role === 'Supporter' ? undefined : 'secondary'}
              disabled={busy}
              onClick={() => finish('profile')}
            >
              {busy && role === 'Supporter' ? t.saving : t.createProfile}
            </button>
          </>
        ) : (
          <button type="submit">{t.next}</button>
        )
      }
      onBack={step > 1 ? () => void go(here, step - 1) : undefined}
      texts={t}
      onLeave={() => void navigate({ to: '/logout' })}
    >
      {body}
    </WizardForm>
  );
}
