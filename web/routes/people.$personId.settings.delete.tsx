/**
 * Deleting my account: first what goes with it (the
 * library, the media, the Circle, the history), and for each person I
 * administer whom nobody else looks after, a decision: their library goes
 * too, or I find them another Administrator first. Asking sets the deletion
 * ACCOUNT_DELETION_GRACE_DAYS ahead (api/my-data/account-deletion.ts); until then
 * the account can be kept from My data or the banner on every page.
 */
import { createFileRoute, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { ACCOUNT_DELETION_GRACE_DAYS, type DeletionSummary } from '../../sync/my-data.ts';
import { call, client } from '../api-client.ts';
import { ChoiceGroup } from '../components/choice-group.tsx';
import { DestructiveConfirm } from '../components/destructive-confirm.tsx';
import { fileSize, longDay } from '../components/my-data-common.ts';
import { myDataText } from '../messages/my-data.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { forgetSession } from '../session.ts';

export const Route = createFileRoute('/people/$personId/settings/delete')({
  head: pageHead(messages.titles.deleteAccount),
  component: DeleteAccount,
});

const t = myDataText;
const DAY_MS = 24 * 60 * 60 * 1000;

function DeleteAccount() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const own = session.person.id === personId;
  const [summary, setSummary] = useState<DeletionSummary | undefined>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!own) return;
    let stop = false;
    call(client.people[':personId']['account-deletion'].$get({ param: { personId } })).then(
      (s) => {
        if (!stop) setSummary(s);
      },
      () => {
        if (!stop) setFailed(true);
      },
    );
    return () => {
      stop = true;
    };
  }, [own, personId]);

  return (
    <>
      <h1>{t.deleteTitle}</h1>
      {!own ? (
        <p role="alert" className="alert">
          {t.notYours}
        </p>
      ) : failed ? (
        <p role="alert" className="alert">
          {t.loadFailed}
        </p>
      ) : !summary ? (
        <p className="status">{t.loading}</p>
      ) : (
        <Summary personId={personId} summary={summary} />
      )}
    </>
  );
}

function Summary({ personId, summary }: { personId: string; summary: DeletionSummary }) {
  const navigate = useNavigate();
  const router = useRouter();
  const ids = useId();
  const [choices, setChoices] = useState<Record<string, 'delete' | 'keep'>>({});
  const { counts } = summary;
  const deciding = summary.administered.filter((a) => a.needsDecision);
  const decided = deciding.every((a) => choices[a.personId] === 'delete');
  const due = longDay.format(new Date(Date.now() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS));
  const backToData = () =>
    navigate({ to: '/people/$personId/settings/data', params: { personId }, replace: true });

  if (summary.dueAt) {
    return (
      <>
        <p>{t.scheduled(longDay.format(new Date(summary.dueAt)))}</p>
        <Link className="button" to="/people/$personId/settings/data" params={{ personId }}>
          {t.cancel}
        </Link>
      </>
    );
  }

  async function ask() {
    await call(
      client.people[':personId']['account-deletion'].$post({
        param: { personId },
        json: { alsoDelete: deciding.map((a) => a.personId) },
      }),
    );
    forgetSession();
    await router.invalidate();
  }

  return (
    <>
      <section className="card" aria-labelledby={`${ids}-what`}>
        <h2 id={`${ids}-what`}>{t.summaryHeading}</h2>
        <ul>
          <li>{t.counts.preferences(counts.preferences)}</li>
          <li>{t.counts.categories(counts.categories)}</li>
          <li>{t.counts.notes(counts.notes)}</li>
          <li>{t.counts.media(counts.media, fileSize(counts.mediaBytes))}</li>
          <li>{t.counts.profiles(counts.profiles)}</li>
          <li>{t.counts.history(counts.history)}</li>
        </ul>
        <p>
          {t.copyFirst}{' '}
          <Link to="/people/$personId/settings/data" params={{ personId }}>
            {t.copyFirstLink}
          </Link>
        </p>
      </section>

      <section className="card" aria-labelledby={`${ids}-circle`}>
        <h2 id={`${ids}-circle`}>{t.circleHeading}</h2>
        <p>{t.supporters(counts.supporters)}</p>
        <p>{t.supporting(counts.supporting)}</p>
      </section>

      {summary.administered.length ? (
        <section className="card" aria-labelledby={`${ids}-people`}>
          <h2 id={`${ids}-people`}>{t.administeredHeading}</h2>
          <p>{t.administeredIntro}</p>
          {summary.administered.map((a) =>
            a.needsDecision ? (
              <div key={a.personId} className="my-data-decision">
                <ChoiceGroup
                  legend={t.decide(a.name)}
                  value={choices[a.personId]}
                  onChange={(choice) => setChoices((c) => ({ ...c, [a.personId]: choice }))}
                  choices={[
                    { value: 'delete' as const, label: t.alsoDelete(a.name) },
                    { value: 'keep' as const, label: t.addAdministrator(a.name) },
                  ]}
                />
                {choices[a.personId] === 'keep' ? (
                  <p>
                    {t.addAdministratorHelp}{' '}
                    <Link to="/people/$personId/supporters" params={{ personId: a.personId }}>
                      {t.addAdministratorLink(a.name)}
                    </Link>
                  </p>
                ) : null}
              </div>
            ) : (
              <p key={a.personId}>{a.hasAccount ? t.keepsOwn(a.name) : t.keptByOthers(a.name)}</p>
            ),
          )}
        </section>
      ) : null}

      <section className="card" aria-labelledby={`${ids}-grace`}>
        <h2 id={`${ids}-grace`}>{t.graceHeading}</h2>
        <p>{t.grace(ACCOUNT_DELETION_GRACE_DAYS, due)}</p>
        <div className="actions">
          {decided ? (
            <DestructiveConfirm
              label={t.confirmStart}
              title={t.confirmTitle}
              body={t.confirmBody(due)}
              confirmLabel={t.confirm}
              runningLabel={t.confirming}
              action={ask}
              afterDestroy={() => void backToData()}
            />
          ) : (
            <p className="alert" role="note">
              {t.undecided}
            </p>
          )}
          <Link
            className="button secondary"
            to="/people/$personId/settings/data"
            params={{ personId }}
          >
            {t.cancel}
          </Link>
        </div>
      </section>
    </>
  );
}
