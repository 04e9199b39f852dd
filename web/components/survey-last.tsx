/**
 * A person's last answers to one role's check-in statements, with the date
 * and who answered: on the survey's first step (the person themselves) and
 * on the home page of their Administrator in a support session.
 */
import { useQuery } from '@rocicorp/zero/react';
import { useId } from 'react';
import type { SurveyAnswer } from '../../schema/enums.ts';
import { dates } from '../../sync/dates.ts';
import { personName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import type { SurveyRole } from '../../sync/survey.ts';
import { surveyMessages } from '../messages/survey.ts';

const t = surveyMessages;

/** Dates as the check-in says them: "Wed, 25 November 2026". */
export const surveyDate = dates.weekdayDay;

export type LastRow = {
  personId: string;
  type: string;
  answer1: SurveyAnswer;
  answer2: SurveyAnswer;
  answer3: SurveyAnswer;
  answeredBy?: string | null | undefined;
  createdAt: number;
};

export function LastAnswers({
  row,
  role,
  ownerName,
  heading,
}: {
  row: LastRow;
  role: SurveyRole;
  /** The person's name when someone else (their Administrator) reads; undefined: the person. */
  ownerName?: string | undefined;
  /** A heading above them (when a page shows both roles). */
  heading?: string | undefined;
}) {
  const headingId = useId();
  const helperId =
    row.answeredBy && row.answeredBy !== row.personId ? row.answeredBy : row.personId;
  // Whoever helped, if the reader may see their name (linked to them); else "a supporter".
  const [helper] = useQuery(queries.person.byId({ personId: helperId }));
  const helped = helperId !== row.personId;
  const helperName = (helped && helper ? personName(helper) : '') || t.aSupporter;
  const date = surveyDate.format(row.createdAt);
  const line =
    ownerName === undefined
      ? helped
        ? t.lastTimeHelped(date, helperName)
        : t.lastTime(date)
      : helped
        ? t.lastTimeOfHelped(ownerName, date, helperName)
        : t.lastTimeOf(ownerName, date);
  const answers: SurveyAnswer[] = [row.answer1, row.answer2, row.answer3];
  return (
    <section className="survey-last" aria-labelledby={heading ? headingId : undefined}>
      {heading ? <h2 id={headingId}>{heading}</h2> : null}
      <p>{line}</p>
      <dl className="survey-answers">
        {answers.map((a, i) => {
          const statement = t.statements[role][i];
          return (
            <div key={statement}>
              <dt>{statement}</dt>
              <dd>{t.answers[a]}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
