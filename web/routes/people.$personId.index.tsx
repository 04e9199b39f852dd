import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { queries } from '../../sync/queries.ts';
import { reviewGroup } from '../../sync/review.ts';
import { FeelingIcon } from '../components/feeling-icon.tsx';
import { SurveyHomeCard } from '../components/survey-prompt.tsx';
import { usePreferenceRows } from '../hooks/use-library-queries.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

export const Route = createFileRoute('/people/$personId/')({
  head: pageHead(messages.titles.home),
  // A Supporter has no home of their own: their start is the people they support.
  beforeLoad: ({ context, params }) => {
    const me = context.session.person;
    if (me?.type === 'Supporter' && me.id === params.personId) {
      throw redirect({ to: '/people/$personId/supporting', params: { personId: me.id } });
    }
  },
  component: Home,
});

/** How many recently changed preferences the home page lists. */
const RECENT = 3;

/**
 * Home (spec §2 "/people/{personId}"): a greeting, then what a person comes
 * back for: their library, what is due for a review, what changed lately, and
 * their Circle of Support.
 */
function Home() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const [person] = useQuery(queries.person.byId({ personId }));
  const { rows, details } = usePreferenceRows(personId);
  const [links] = useQuery(queries.circle.supporters({ personId }));
  const name = person?.knownAs ?? person?.firstName ?? '';
  const own = session.person.id === personId;
  const now = Date.now();
  const due = rows.filter((p) => reviewGroup(p, now) === 'Due').length;
  const recent = [...rows].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, RECENT);
  const t = messages.home;
  const loading = rows.length === 0 && details.type !== 'complete';
  return (
    <div className="home">
      <h1>{name ? t.greeting(name) : messages.appName}</h1>
      <SurveyHomeCard personId={personId} />
      <section className="card home-card" aria-labelledby="home-library">
        <h2 id="home-library">{own ? t.yourLibrary : t.libraryOf(name)}</h2>
        <p>{loading ? t.loading : t.preferenceCount(rows.length)}</p>
        <div className="actions">
          <Link className="button" to="/people/$personId/preferences" params={{ personId }}>
            {own ? t.openLibrary : t.openTheirLibrary(name)}
          </Link>
          <Link
            className="button secondary"
            to="/people/$personId/preferences/create"
            params={{ personId }}
          >
            {t.add}
          </Link>
        </div>
      </section>
      {due > 0 ? (
        <section className="card home-card" aria-labelledby="home-review">
          <h2 id="home-review">{t.reviewTitle}</h2>
          <p>{t.due(due)}</p>
          <Link
            className="button secondary"
            to="/people/$personId/preferences/filter/$filterBy/$name"
            params={{ personId, filterBy: 'review', name: 'Due' }}
          >
            {t.reviewThem}
          </Link>
        </section>
      ) : null}
      {recent.length > 0 ? (
        <section className="card home-card" aria-labelledby="home-recent">
          <h2 id="home-recent">{t.recentTitle}</h2>
          <ul className="home-recent">
            {recent.map((p) => (
              <li key={p.id}>
                <Link to="/people/$personId/preferences/$id" params={{ personId, id: p.id }}>
                  {p.feeling ? <FeelingIcon feeling={p.feeling} /> : null} {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {own ? (
        <section className="card home-card" aria-labelledby="home-circle">
          <h2 id="home-circle">{t.circleTitle}</h2>
          <p>{t.supporters(links.length)}</p>
          <Link
            className="button secondary"
            to="/people/$personId/supporters"
            params={{ personId }}
          >
            {t.openCircle}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
