/**
 * The check-in on the home page:
 *
 * - for the person themselves, a gentle prompt when a check-in is due (30
 *   days after the last answers, or never answered: sync/survey.ts
 *   checkInDue, ADR 021), with a link to their survey and "Not now", which
 *   hides it until this browser session ends;
 * - for their Administrator in a support session, the last answers (the read
 *   rule gives them to nobody else, so others see nothing here).
 */
import { useQuery } from '@rocicorp/zero/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { queries } from '../../sync/queries.ts';
import { checkInDue, surveyRolesOf } from '../../sync/survey.ts';
import { useMyType } from '../hooks/use-my-type.ts';
import { surveyMessages } from '../messages/survey.ts';
import { LastAnswers, surveyDate } from './survey-last.tsx';
import { surveyKindOf, surveyRouteOf } from './survey-routes.ts';

const t = surveyMessages;
const personArea = getRouteApi('/people/$personId');
const notNowKey = (personId: string) => `survey.notNow.${personId}`;

function dismissed(personId: string): boolean {
  try {
    return sessionStorage.getItem(notNowKey(personId)) !== null;
  } catch {
    return false;
  }
}

/** The check-in card of `personId`'s home page: the prompt (own home) or the last answers. */
export function SurveyHomeCard({ personId }: { personId: string }) {
  const { session } = personArea.useRouteContext();
  const myType = useMyType();
  const own = session.person.id === personId;
  const [dm, dmDetails] = useQuery(queries.survey.latest({ personId, type: 'DecisionMaker' }));
  const [supporter, supporterDetails] = useQuery(
    queries.survey.latest({ personId, type: 'Supporter' }),
  );
  const [person] = useQuery(queries.person.byId({ personId }));
  const [hidden, setHidden] = useState(() => dismissed(personId));
  const headingId = useId();
  // Until the server has answered, "no answers" may only mean "not here yet".
  const known = dmDetails.type === 'complete' && supporterDetails.type === 'complete';

  if (!own) {
    const rows = [
      { role: 'DecisionMaker' as const, row: dm },
      { role: 'Supporter' as const, row: supporter },
    ];
    if (!dm && !supporter) return null;
    const name = person?.knownAs ?? person?.firstName ?? '';
    return (
      <section className="card home-card survey-home" aria-labelledby={headingId}>
        <h2 id={headingId}>{t.adminTitle}</h2>
        {rows.map(({ role, row }) =>
          row ? <LastAnswers key={role} row={row} role={role} ownerName={name} /> : null,
        )}
      </section>
    );
  }

  const kind = surveyKindOf(myType);
  const roles = surveyRolesOf(myType);
  const last = {
    ...(dm ? { DecisionMaker: dm.createdAt } : {}),
    ...(supporter ? { Supporter: supporter.createdAt } : {}),
  };
  if (!kind || hidden || !known || !checkInDue(roles, last, Date.now())) return null;
  const times = roles.flatMap((r) => {
    const at = last[r];
    return at === undefined ? [] : [at];
  });
  const lastAt = times.length === roles.length ? Math.min(...times) : undefined;
  return (
    <section className="card home-card survey-home" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.promptTitle}</h2>
      <p>{lastAt === undefined ? t.promptFirst : t.promptAgain(surveyDate.format(lastAt))}</p>
      <div className="actions">
        <Link className="button" to={surveyRouteOf[kind]} params={{ personId }}>
          {t.promptStart}
        </Link>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            try {
              sessionStorage.setItem(notNowKey(personId), '1');
            } catch {
              // Storage refused: hidden on this page only.
            }
            setHidden(true);
          }}
        >
          {t.notNow}
        </button>
      </div>
    </section>
  );
}
