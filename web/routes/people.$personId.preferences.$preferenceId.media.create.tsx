import { createFileRoute, Link } from '@tanstack/react-router';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import type { MediaType } from '../../schema/enums.ts';
import { acceptFor, mediaKind } from '../../sync/media.ts';
import { bytesInWords } from '../../sync/plan-limits.ts';
import { queries } from '../../sync/queries.ts';
import { ApiError } from '../api-client.ts';
import { MediaIcon } from '../components/media-icon.tsx';
import { BackToPreference, PreferenceCrumb } from '../components/preference-common.tsx';
import { StoragePrompt } from '../components/storage-prompt.tsx';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { usePreferencePage } from '../hooks/use-preference-page.tsx';
import { useFileLimit } from '../hooks/use-storage.ts';
import { checkFile, isAbort, uploadMedia } from '../media/upload.ts';
import { mediaMessages } from '../messages/media.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { requireWrite } from '../navigation/write-guard.ts';

/**
 * Add pictures, sounds and videos to a preference (spec §2 /media/create):
 * chosen or dropped, several at once, each uploaded on its own with its own
 * progress bar, a way to cancel it, and its own error in words.
 */
export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/media/create')({
  head: pageHead(messages.titles.addMedia),
  beforeLoad: requireWrite('/people/$personId/preferences/$preferenceId/media'),
  loader: ({ context, params }) => {
    context.zero.preload(
      queries.preference.byId({ personId: params.personId, id: params.preferenceId }),
      { ttl: '1m' },
    );
  },
  component: MediaCreate,
});

const t = mediaMessages;

/** What the browser offers to choose: the pictures, sounds and videos we keep. */
const ACCEPT = [acceptFor('image'), acceptFor('audio'), acceptFor('video')].join(',');

type Upload = {
  key: string;
  name: string;
  kind: MediaType;
  state: 'uploading' | 'finishing' | 'done' | 'failed' | 'cancelled';
  /** How much has reached the store, 0 to 1. */
  progress: number;
  error?: string;
  mediaId?: string;
  controller: AbortController;
};

const busy = (u: Upload) => u.state === 'uploading' || u.state === 'finishing';

function MediaCreate() {
  const { personId, preferenceId } = Route.useParams();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const fileLimit = useFileLimit(personId);
  const { pref, fallback } = usePreferencePage(personId, preferenceId);
  usePageTitle(
    pref ? `${messages.titles.addMedia} – ${pref.title}` : undefined,
    useLibraryName(personId),
  );

  const working = uploads.some(busy);
  // Closing the tab would lose what is on its way: the browser asks first.
  useEffect(() => {
    if (!working) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [working]);

  if (!pref || fallback) return fallback;

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  function add(files: Iterable<File>) {
    const added: Upload[] = [];
    for (const file of files) {
      const upload: Upload = {
        key: crypto.randomUUID(),
        name: file.name,
        kind: mediaKind(file.type),
        state: 'uploading',
        progress: 0,
        controller: new AbortController(),
      };
      // What the browser can tell is said at once, and nothing is sent.
      const problem = checkFile(file);
      if (problem) {
        added.push({ ...upload, state: 'failed', error: problem });
        continue;
      }
      added.push(upload);
      const { key, controller } = upload;
      uploadMedia(
        personId,
        file,
        { purpose: 'preference', preferenceId },
        {
          signal: controller.signal,
          onProgress: (progress) =>
            update(key, { progress, state: progress >= 1 ? 'finishing' : 'uploading' }),
        },
      ).then(
        (mediaId) => update(key, { state: 'done', progress: 1, mediaId }),
        (e: unknown) =>
          update(
            key,
            isAbort(e)
              ? { state: 'cancelled' }
              : { state: 'failed', error: e instanceof ApiError ? e.message : t.failed },
          ),
      );
    }
    setUploads((all) => [...all, ...added]);
  }

  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  }

  const done = uploads.filter((u) => u.state === 'done');
  const finished = uploads.length > 0 && !working;
  const summary = !finished
    ? ''
    : done.length === uploads.length
      ? t.allAdded(done.length)
      : done.length === 0
        ? t.noneAdded
        : t.someAdded(done.length, uploads.length);
  const only = done.length === 1 ? done[0]?.mediaId : undefined;

  return (
    <article className="card media-create">
      <PreferenceCrumb personId={personId} preferenceId={preferenceId} className="media-preference">
        {t.forPreference(pref.title)}
      </PreferenceCrumb>
      <h1>{t.createHeading}</h1>
      <StoragePrompt personId={personId} version={done.length} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut for a mouse; the file field inside is the way for everyone. */}
      <div
        className={over ? 'media-drop is-over' : 'media-drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <label htmlFor={`${id}-files`}>
          <MediaIcon name="upload" />
          {t.choose}
        </label>
        <p id={`${id}-help`} className="field-help">
          {t.chooseHelp(fileLimit === undefined ? undefined : bytesInWords(fileLimit))}
        </p>
        <input
          ref={inputRef}
          id={`${id}-files`}
          type="file"
          multiple
          accept={ACCEPT}
          aria-describedby={`${id}-help`}
          onChange={(e) => {
            if (e.target.files) add([...e.target.files]);
            // The same file can be chosen again (after a cancel, say).
            if (inputRef.current) inputRef.current.value = '';
          }}
        />
        <p aria-hidden="true">{over ? t.dropNow : t.drop}</p>
      </div>

      {uploads.length > 0 ? (
        <section aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`}>{t.files}</h2>
          <ul className="media-uploads">
            {uploads.map((u) => (
              <UploadRow key={u.key} upload={u} />
            ))}
          </ul>
        </section>
      ) : null}

      <p className="status" role="status">
        {summary}
      </p>
      <div className="actions">
        {finished && done.length > 0 ? (
          only && done.length === 1 ? (
            <Link
              className="button"
              to="/people/$personId/preferences/$preferenceId/media/$id"
              params={{ personId, preferenceId, id: only }}
            >
              {t.viewOne}
            </Link>
          ) : (
            <Link
              className="button"
              to="/people/$personId/preferences/$preferenceId/media"
              params={{ personId, preferenceId }}
            >
              {t.view}
            </Link>
          )
        ) : null}
        <BackToPreference
          personId={personId}
          preferenceId={preferenceId}
          label={t.backToPreference}
        />
      </div>
    </article>
  );
}

/** One file on its way: its progress bar (labelled by its name), its state, its cancel and its error. */
function UploadRow({ upload: u }: { upload: Upload }) {
  const id = useId();
  const percent = Math.round(u.progress * 100);
  const showBar = busy(u) || u.state === 'done';
  const stateText =
    u.state === 'uploading'
      ? t.percent(percent)
      : u.state === 'finishing'
        ? t.finishing
        : u.state === 'done'
          ? t.added
          : u.state === 'cancelled'
            ? t.cancelled
            : '';
  return (
    <li className={`media-upload is-${u.state}`}>
      {showBar ? (
        <label className="media-upload-name" htmlFor={`${id}-bar`}>
          <MediaIcon name={u.kind} />
          {u.name}
        </label>
      ) : (
        <p className="media-upload-name">
          <MediaIcon name={u.kind} />
          {u.name}
        </p>
      )}
      {u.state === 'uploading' ? (
        <button
          type="button"
          className="secondary"
          aria-label={t.cancelLabel(u.name)}
          onClick={() => u.controller.abort()}
        >
          {t.cancel}
        </button>
      ) : (
        <span />
      )}
      {showBar ? (
        <progress id={`${id}-bar`} max={100} value={percent}>
          {t.percent(percent)}
        </progress>
      ) : null}
      {stateText ? <p className="media-upload-state">{stateText}</p> : null}
      {u.error ? (
        <p className="field-error" role="alert">
          {u.error}
        </p>
      ) : null}
    </li>
  );
}
