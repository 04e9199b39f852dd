/**
 * "My data": a copy of everything kept about me, made in
 * the background while this page shows how far it got (api/routes/my-data.ts), and
 * the way to delete my account, or to keep it while its deletion waits
 * (api/routes/account-deletion.ts). Only one's own: another person's data is
 * refused by the API, and this page says so without asking.
 */
import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { dates } from '../../sync/dates.ts';
import { ACCOUNT_DELETION_GRACE_DAYS, type DataExport } from '../../sync/my-data.ts';
import { ApiError, call, client } from '../api-client.ts';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { fileSize, longDay } from '../components/my-data-common.ts';
import { useKeepAccount } from '../hooks/use-keep-account.ts';
import { myDataText } from '../messages/my-data.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

export const Route = createFileRoute('/people/$personId/settings/data')({
  head: pageHead(messages.titles.myData),
  component: MyData,
});

const t = myDataText;

const when = dates.dayTime;

/** How often the page asks how far a copy got while it is being made. */
const POLL_MS = 1_000;

/** The copies' routes (api/routes/my-data.ts), once: the typed client makes a new object at each access. */
const copiesApi = client.people[':personId'].exports;

function MyData() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const own = session.person.id === personId;
  return (
    <>
      <h1>{t.title}</h1>
      {own ? (
        <>
          <p>{t.intro}</p>
          <Copy personId={personId} />
          <Deletion personId={personId} dueAt={session.user.deletionDueAt} />
        </>
      ) : (
        <p role="alert" className="alert">
          {t.notYours}
        </p>
      )}
    </>
  );
}

function Copy({ personId }: { personId: string }) {
  const headingId = useId();
  const progressId = useId();
  const [latest, setLatest] = useState<DataExport | null | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const wasBuilding = useRef(false);

  // The newest copy still kept, if any.
  useEffect(() => {
    let stop = false;
    call(copiesApi.$get({ param: { personId } })).then(
      (list) => {
        if (!stop) setLatest(list[0] ?? null);
      },
      () => {
        if (!stop) setError(t.loadFailed);
      },
    );
    return () => {
      stop = true;
    };
  }, [personId]);

  // While it is being made: ask how far it got, every second.
  const building = latest?.status === 'building';
  const id = latest?.id;
  useEffect(() => {
    if (!building || !id) return;
    wasBuilding.current = true;
    const timer = setInterval(() => {
      call(copiesApi[':id'].$get({ param: { personId, id } })).then(setLatest, () => {});
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [building, id, personId]);

  // Made while watching: the download link takes focus.
  useEffect(() => {
    if (latest?.status === 'ready' && wasBuilding.current) {
      wasBuilding.current = false;
      downloadRef.current?.focus();
    }
  }, [latest?.status]);

  const start = useCallback(async () => {
    setStarting(true);
    setError(undefined);
    try {
      // The copy's page shows times in this browser's time zone, as the app does.
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      setLatest(await call(copiesApi.$post({ param: { personId }, json: { timeZone } })));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : messages.errors.generic);
    } finally {
      setStarting(false);
    }
  }, [personId]);

  const href =
    latest?.status === 'ready'
      ? `/api${copiesApi[':id'].download.$path({ param: { personId, id: latest.id } })}`
      : undefined;
  // Said at each quarter, not at every percent.
  const said = latest && building ? Math.floor(latest.progress / 25) * 25 : undefined;

  return (
    <section className="card my-data" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.copyHeading}</h2>
      <p>{t.copyIntro}</p>
      <ErrorAlert message={error ?? (latest?.status === 'failed' ? t.failed : undefined)} />
      {latest === undefined && !error ? <p className="status">{t.loading}</p> : null}
      {building && latest ? (
        <div className="my-data-progress">
          <label htmlFor={progressId}>{t.progress}</label>
          <progress id={progressId} max={100} value={latest.progress}>
            {latest.progress}%
          </progress>
        </div>
      ) : null}
      {latest?.status === 'ready' && href ? (
        <>
          <p>{t.ready}</p>
          <p>
            <a ref={downloadRef} className="button" href={href} download>
              {t.download(fileSize(latest.bytes ?? 0))}
            </a>
          </p>
          <p className="status">{t.keptUntil(when.format(new Date(latest.expiresAt)))}</p>
        </>
      ) : null}
      {latest !== undefined && !building ? (
        <div className="actions">
          <button
            type="button"
            className={latest?.status === 'ready' ? 'secondary' : undefined}
            disabled={starting}
            onClick={() => void start()}
          >
            {starting ? t.making : latest ? t.makeAgain : t.make}
          </button>
        </div>
      ) : null}
      <p role="status" className="visually-hidden">
        {said !== undefined ? t.progressSaid(said) : latest?.status === 'ready' ? t.ready : ''}
      </p>
    </section>
  );
}

function Deletion({ personId, dueAt }: { personId: string; dueAt: number | null }) {
  const headingId = useId();
  const { keep, keeping, error, kept } = useKeepAccount(personId);

  return (
    <section className="card my-data" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.deleteHeading}</h2>
      <ErrorAlert message={error} />
      {dueAt !== null ? (
        <>
          <p className="my-data-due">{t.scheduled(longDay.format(new Date(dueAt)))}</p>
          <div className="actions">
            <button type="button" disabled={keeping} onClick={() => void keep()}>
              {keeping ? t.keeping : t.keep}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t.deleteIntro(ACCOUNT_DELETION_GRACE_DAYS)}</p>
          <Link
            className="button secondary"
            to="/people/$personId/settings/delete"
            params={{ personId }}
          >
            {t.deleteStart}
          </Link>
        </>
      )}
      <p role="status" className="status">
        {kept ? t.kept : ''}
      </p>
    </section>
  );
}
