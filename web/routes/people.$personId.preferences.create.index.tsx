import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { queries } from '../../sync/queries.ts';
import { PreferenceRoomPrompt } from '../components/storage-prompt.tsx';
import { preferenceFormMessages } from '../messages/preference-form.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, text } from '../navigation/search-params.ts';
import { requireWrite } from '../navigation/write-guard.ts';

const t = preferenceFormMessages;

const createSearch = searchOf({ categoryId: text(64) });

/** Spec §2 /preferences/create: the intro of the four-step wizard; search param categoryId. */
export const Route = createFileRoute('/people/$personId/preferences/create/')({
  head: pageHead(messages.titles.createPreference),
  validateSearch: createSearch,
  beforeLoad: requireWrite('/people/$personId/preferences'),
  component: CreateIntro,
});

function CreateIntro() {
  const { personId } = Route.useParams();
  const { categoryId } = Route.useSearch();
  // The draft is created when step 1 is saved, under this id.
  const [newId] = useState(() => crypto.randomUUID());
  const [drafts, details] = useQuery(queries.preference.drafts({ personId }));

  return (
    <>
      <PreferenceRoomPrompt personId={personId} />
      <div className="card">
        <h1>{t.createTitle}</h1>
        <p>{t.createIntro}</p>
        <ol>
          {t.introSteps.map((s, i) => (
            <li key={t.stepTitles[i]}>
              <strong>{t.stepTitles[i]}</strong>: {s}
            </li>
          ))}
        </ol>
        <p>{t.introSaved}</p>
        <div className="actions">
          <Link
            className="button"
            to="/people/$personId/preferences/create/$preferenceId/$step"
            params={{ personId, preferenceId: newId, step: '1' }}
            search={categoryId ? { categoryId } : {}}
          >
            {t.start}
          </Link>
          <Link
            className="button secondary"
            to="/people/$personId/preferences"
            params={{ personId }}
          >
            {t.backToLibrary}
          </Link>
        </div>
      </div>
      {drafts.length > 0 ? (
        <section className="card" aria-labelledby="pf-drafts-title">
          <h2 id="pf-drafts-title">{t.draftsTitle}</h2>
          <ul className="pf-drafts">
            {drafts.map((d) => (
              <li key={d.id}>
                <span>{d.title}</span>
                <Link
                  className="button secondary"
                  to="/people/$personId/preferences/create/$preferenceId/$step"
                  params={{ personId, preferenceId: d.id, step: '1' }}
                  aria-label={t.continueDraftLabel(d.title)}
                >
                  {t.continueDraft}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : details.type !== 'complete' ? (
        <p className="status" role="status">
          {t.draftsLoading}
        </p>
      ) : null}
    </>
  );
}
