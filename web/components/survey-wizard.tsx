/**
 * The check-in survey (spec §2, §4, §9): 5 steps, the step in the URL
 * (`?step=`, numeric, else the first).
 *
 * - One role: what this is (with the last answers), one statement a step
 *   (the third saves), thank-you.
 * - Both roles: what this is, the Decision Maker's three statements, the
 *   Supporter's three, check your answers (saves), thank-you. A role's step
 *   shows its statements one at a time (`?sentence=`, numeric, else the
 *   first), each the page's heading, as for one role.
 *
 * Answers are kept in this tab's session storage, so Back, Next and a reload
 * keep them; they are saved as one change through Zero (sync/survey.ts),
 * which the outbox keeps until the server answers. Leaving asks "Are you sure
 * you want to cancel?". An unanswered statement says "Please choose one."
 * under its question, announced, and takes focus; nothing is saved.
 */
import { useQuery, ZeroProvider } from '@rocicorp/zero/react';
import { Link, useNavigate, useParams, useRouteContext, useSearch } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { SURVEY_ANSWERS, type SurveyAnswer } from '../../schema/enums.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import {
  surveyRuleMessages as refusals,
  type SurveyRole,
  surveyRolesOf,
} from '../../sync/survey.ts';
import { useEasyReadOf } from '../hooks/use-easy-read.ts';
import { surveyMessages } from '../messages/survey.ts';
import { useWrite } from '../offline/use-write.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { ReadThis } from './read-aloud.tsx';
import { LastAnswers } from './survey-last.tsx';
import { type SurveyKind, surveyRouteOf } from './survey-routes.ts';
import { WizardForm } from './wizard-form.tsx';

const t = surveyMessages;

type Step =
  | { kind: 'intro' }
  | { kind: 'statements'; role: SurveyRole; items: readonly number[] }
  | { kind: 'check' }
  | { kind: 'thanks' };

/** The 5 steps of a survey; the one before the thank-you saves. */
export function surveySteps(kind: SurveyKind): Step[] {
  const roles = surveyRolesOf(kind);
  const [only] = roles;
  if (roles.length === 1 && only) {
    return [
      { kind: 'intro' },
      { kind: 'statements', role: only, items: [0] },
      { kind: 'statements', role: only, items: [1] },
      { kind: 'statements', role: only, items: [2] },
      { kind: 'thanks' },
    ];
  }
  return [
    { kind: 'intro' },
    ...roles.map((role): Step => ({ kind: 'statements', role, items: [0, 1, 2] })),
    { kind: 'check' },
    { kind: 'thanks' },
  ];
}

type Answers = Record<SurveyRole, (SurveyAnswer | null)[]>;
/** Errors by statement: `${role}.${index}`. */
type Errors = Record<string, string>;

const empty = (): Answers => ({ DecisionMaker: [null, null, null], Supporter: [null, null, null] });
const keptKey = (personId: string, kind: SurveyKind) => `survey.${personId}.${kind}`;
const savedKey = (personId: string, kind: SurveyKind) => `survey.${personId}.${kind}.saved`;

function isAnswer(v: unknown): v is SurveyAnswer {
  return SURVEY_ANSWERS.some((a) => a === v);
}

function readKept(personId: string, kind: SurveyKind): Answers {
  const answers = empty();
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(keptKey(personId, kind)) ?? 'null');
    if (typeof v !== 'object' || v === null) return answers;
    for (const role of ['DecisionMaker', 'Supporter'] as const) {
      const list: unknown = Reflect.get(v, role);
      if (!Array.isArray(list)) continue;
      answers[role] = [0, 1, 2].map((i) => (isAnswer(list[i]) ? list[i] : null));
    }
  } catch {
    // Nothing kept (or storage refused).
  }
  return answers;
}

function store(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused: kept in this page only.
  }
}

function hasSaved(personId: string, kind: SurveyKind): boolean {
  try {
    return sessionStorage.getItem(savedKey(personId, kind)) !== null;
  } catch {
    return false;
  }
}

/** The statements of `roles` left unanswered, as errors. */
function missing(answers: Answers, roles: readonly SurveyRole[], items: readonly number[]): Errors {
  const errors: Errors = {};
  for (const role of roles) {
    for (const i of items) if (!answers[role][i]) errors[`${role}.${i}`] = refusals.chooseOne;
  }
  return errors;
}

/** Focus to the first radio of the first statement in `errs` (ids: `${prefix}-${role}.${i}-Yes`). */
function focusFirstError(prefix: string, errs: Errors) {
  const [firstKey] = Object.keys(errs);
  if (firstKey) document.getElementById(`${prefix}-${firstKey}-${SURVEY_ANSWERS[0]}`)?.focus();
}

/** One role's answers, once all three are given. */
function responseOf(answers: Answers, role: SurveyRole) {
  const [answer1, answer2, answer3] = answers[role];
  if (!answer1 || !answer2 || !answer3) return undefined;
  return { id: crypto.randomUUID(), type: role, answer1, answer2, answer3 };
}

/** Where a statement is asked: its step, and its sentence on a step of three (both roles). */
function pageOfStatement(steps: Step[], key: string): { step: number; sentence?: number } {
  const [role, index] = key.split('.');
  const at = steps.findIndex(
    (s) => s.kind === 'statements' && s.role === role && s.items.includes(Number(index)),
  );
  const found = steps[at];
  const items = found?.kind === 'statements' ? found.items : [];
  return items.length > 1
    ? { step: at + 1, sentence: items.indexOf(Number(index)) + 1 }
    : { step: at + 1 };
}

function SurveyWizard({
  personId,
  me,
  kind,
  step: rawStep,
  sentence: rawSentence,
}: {
  personId: string;
  /** Who answers: easy read shows when it is the person, and they chose it. */
  me: string;
  kind: SurveyKind;
  step: number | undefined;
  /** Which of a role's three statements, on a step of three (both roles). */
  sentence: number | undefined;
}) {
  const navigate = useNavigate();
  const write = useWrite();
  const fieldIds = useId();
  const easy = useEasyReadOf(personId, me).on;
  const route = surveyRouteOf[kind];
  const roles = surveyRolesOf(kind);
  const steps = surveySteps(kind);
  const total = steps.length;
  const [saved, setSaved] = useState(() => hasSaved(personId, kind));
  const wanted =
    rawStep !== undefined && rawStep >= 1 && rawStep <= total ? Math.floor(rawStep) : 1;
  // The thank-you only after saving: otherwise the survey starts at its beginning.
  const step = steps[wanted - 1]?.kind === 'thanks' && !saved ? 1 : wanted;
  const current = steps[step - 1] ?? { kind: 'intro' };
  // The statements of this step, one shown at a time: the one asked now.
  const items = current.kind === 'statements' ? current.items : [];
  const sentence =
    items.length > 1 && rawSentence !== undefined && rawSentence >= 1 && rawSentence <= items.length
      ? Math.floor(rawSentence)
      : 1;
  const asked = items[sentence - 1];
  const [answers, setAnswers] = useState<Answers>(() => readKept(personId, kind));
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  /** Errors to show on the step being moved to (a statement left unanswered earlier). */
  const pending = useRef<Errors | null>(null);
  const [lastDm, dmDetails] = useQuery(queries.survey.latest({ personId, type: 'DecisionMaker' }));
  const [lastSupporter, supporterDetails] = useQuery(
    queries.survey.latest({ personId, type: 'Supporter' }),
  );
  // Until the server has answered, "no answers" may only mean "not here yet".
  const lastKnown = dmDetails.type === 'complete' && supporterDetails.type === 'complete';
  const last = { DecisionMaker: lastDm, Supporter: lastSupporter };

  const go = (s: number, replace = false, at?: number) =>
    navigate({
      to: route,
      params: { personId },
      search: at === undefined ? { step: s } : { step: s, sentence: at },
      replace,
    });

  /** Back: the sentence before on this step, else the step before (at its last sentence). */
  function back() {
    if (items.length > 1 && sentence > 1) return void go(step, false, sentence - 1);
    const before = steps[step - 2];
    const many = before?.kind === 'statements' && before.items.length > 1;
    void go(step - 1, false, many ? before.items.length : undefined);
  }

  useEffect(() => {
    if (step !== wanted) void go(step, true);
  });

  useEffect(() => {
    store(keptKey(personId, kind), JSON.stringify(answers));
  }, [answers, personId, kind]);

  // Each step is a new page for a screen reader: its heading takes focus (not
  // on first load), or the first statement left unanswered when sent back to it.
  useEffect(() => {
    void step;
    void sentence;
    if (first.current) {
      first.current = false;
      return;
    }
    setError(undefined);
    const errs = pending.current;
    pending.current = null;
    if (errs) {
      setErrors(errs);
      // After the radios of this step are drawn.
      requestAnimationFrame(() => focusFirstError(fieldIds, errs));
    } else {
      setErrors({});
      headingRef.current?.focus();
    }
  }, [step, sentence, fieldIds]);

  const savesHere = step === total - 1;

  const pageOf = (key: string) => pageOfStatement(steps, key);
  const samePage = (a: { step: number; sentence?: number }, b: typeof a) =>
    a.step === b.step && a.sentence === b.sentence;

  /** Shows `errs` where their statements are (this page, or the page they are on). */
  function showErrors(errs: Errors) {
    const [firstKey] = Object.keys(errs);
    if (!firstKey) return;
    const target = pageOf(firstKey);
    const here = Object.fromEntries(
      Object.entries(errs).filter(([k]) => samePage(pageOf(k), target)),
    );
    const now = items.length > 1 ? { step, sentence } : { step };
    if (samePage(target, now)) {
      setErrors(here);
      focusFirstError(fieldIds, here);
    } else {
      pending.current = here;
      void go(target.step, false, target.sentence);
    }
  }

  async function next(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (current.kind === 'statements' && asked !== undefined) {
      const errs = missing(answers, [current.role], [asked]);
      if (Object.keys(errs).length > 0) return showErrors(errs);
      if (sentence < items.length) return void go(step, false, sentence + 1);
    }
    if (savesHere) return save();
    if (current.kind === 'intro' && saved) {
      // Starting again after a check-in saved in this tab.
      store(savedKey(personId, kind), null);
      setSaved(false);
    }
    await go(step + 1);
  }

  async function save() {
    const errs = missing(answers, roles, [0, 1, 2]);
    if (Object.keys(errs).length > 0) return showErrors(errs);
    const responses = roles.flatMap((r) => {
      const response = responseOf(answers, r);
      return response ? [response] : [];
    });
    setBusy(true);
    setError(undefined);
    const outcome = await write(mutators.survey.answer({ personId, responses }));
    setBusy(false);
    if (outcome.type === 'refused') {
      setError(outcome.message);
      return;
    }
    setWaiting(outcome.type === 'waiting');
    store(keptKey(personId, kind), null);
    store(savedKey(personId, kind), '1');
    setSaved(true);
    setAnswers(empty());
    await go(total);
  }

  const choose = (role: SurveyRole, i: number, a: SurveyAnswer) => {
    setAnswers((prev) => ({ ...prev, [role]: prev[role].map((v, j) => (j === i ? a : v)) }));
    setErrors((prev) => {
      const { [`${role}.${i}`]: _gone, ...rest } = prev;
      return rest;
    });
  };

  const heading = (text: string) => (
    <h1 ref={headingRef} tabIndex={-1}>
      {text}
    </h1>
  );

  const statement = (role: SurveyRole, i: number, asHeading = false) => {
    const key = `${role}.${i}`;
    return (
      <Statement
        key={key}
        id={`${fieldIds}-${key}`}
        text={t.statements[role][i] ?? ''}
        value={answers[role][i] ?? null}
        error={errors[key]}
        onChange={(a) => choose(role, i, a)}
        asHeading={asHeading}
      />
    );
  };

  let body: ReactNode;
  switch (current.kind) {
    case 'intro': {
      const answered = roles.filter((r) => last[r]);
      body = (
        <>
          {heading(t.titles[kind])}
          {t.intro[kind].map((l) => (
            <p key={l}>{l}</p>
          ))}
          {answered.length === 0 && lastKnown ? <p>{t.neverAnswered}</p> : null}
          {roles.map((r) => {
            const row = last[r];
            return row ? (
              <LastAnswers
                key={r}
                row={row}
                role={r}
                heading={roles.length > 1 ? t.lastAnswersOf(r) : undefined}
              />
            ) : null;
          })}
        </>
      );
      break;
    }
    case 'statements': {
      const i = asked ?? 0;
      // One statement at a time, for every role: it is the question, so it is
      // the heading; which one it is of three (and, with both roles, whose
      // part) comes first, smaller.
      body = (
        <>
          <p className="survey-count">
            {roles.length > 1 ? t.questionAbout(current.role, i + 1, 3) : t.questionOf(i + 1, 3)}
          </p>
          {heading(t.statements[current.role][i] ?? '')}
          {easy ? <ReadThis text={t.statements[current.role][i] ?? ''} /> : null}
          <p className="status">{t.chooseHint}</p>
          {statement(current.role, i, true)}
        </>
      );
      break;
    }
    case 'check':
      body = (
        <>
          {heading(t.checkTitle)}
          <p>{t.checkIntro}</p>
          {roles.map((role) => (
            <CheckRole
              key={role}
              role={role}
              answers={answers[role]}
              onChange={() => {
                const first = pageOf(`${role}.0`);
                void go(first.step, false, first.sentence);
              }}
            />
          ))}
        </>
      );
      break;
    case 'thanks':
      body = (
        <>
          {heading(t.thanksTitle)}
          <p>{waiting ? t.savedHere : t.thanks}</p>
          <Link className="button" to="/">
            {t.goHome}
          </Link>
        </>
      );
      break;
  }

  return (
    <WizardForm
      className={easy ? 'survey easy-read' : 'survey'}
      progress={t.stepOf(step, total)}
      busy={busy}
      error={error}
      onSubmit={next}
      actions={
        current.kind === 'thanks' ? undefined : (
          <button type="submit" disabled={busy}>
            {savesHere ? (busy ? t.saving : t.save) : t.next}
          </button>
        )
      }
      onBack={step > 1 ? back : undefined}
      texts={t}
      onLeave={() => {
        store(keptKey(personId, kind), null);
        void navigate({ to: '/' });
      }}
    >
      {body}
    </WizardForm>
  );
}

/**
 * One statement: Yes, No or Sometimes, as large choices named by it. Alone on
 * its step, the statement is the page's heading and the group's name is kept
 * for screen readers only (`asHeading`).
 */
function Statement({
  id,
  text,
  value,
  error,
  onChange,
  asHeading = false,
}: {
  id: string;
  text: string;
  value: SurveyAnswer | null;
  error: string | undefined;
  onChange: (a: SurveyAnswer) => void;
  asHeading?: boolean;
}) {
  return (
    <div className="survey-statement">
      <ChoiceGroup
        id={id}
        legend={text}
        legendClassName={asHeading ? 'visually-hidden' : 'survey-legend'}
        size="large"
        value={value}
        error={error}
        onChange={onChange}
        choices={SURVEY_ANSWERS.map((a) => ({ value: a, label: t.answers[a] }))}
      />
    </div>
  );
}

/** A role's answers on the check step, with a way back to change them. */
function CheckRole({
  role,
  answers,
  onChange,
}: {
  role: SurveyRole;
  answers: readonly (SurveyAnswer | null)[];
  onChange: () => void;
}) {
  const headingId = useId();
  return (
    <section className="survey-check" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.checkRole[role]}</h2>
      <dl className="survey-answers">
        {t.statements[role].map((s, i) => {
          const a = answers[i];
          return (
            <div key={s}>
              <dt>{s}</dt>
              <dd>{a ? t.answers[a] : t.notAnswered}</dd>
            </div>
          );
        })}
      </dl>
      <button
        type="button"
        className="secondary"
        aria-label={t.changeLabel(t.checkRole[role])}
        onClick={onChange}
      >
        {t.change}
      </button>
    </section>
  );
}

/**
 * The page of a survey route (`kind`'s): the sync client its guard started
 * (as the person area's), and the wizard at the route's step.
 */
export function SurveyPage({ kind }: { kind: SurveyKind }) {
  const from = surveyRouteOf[kind];
  const { zero, session } = useRouteContext({ from });
  const { personId } = useParams({ from });
  const search = useSearch({ from });
  const sentence = 'sentence' in search ? search.sentence : undefined;
  return (
    <ZeroProvider zero={zero}>
      <SurveyWizard
        personId={personId}
        me={session.person.id}
        kind={kind}
        step={search.step}
        sentence={sentence}
      />
    </ZeroProvider>
  );
}
