import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { mutators } from '../../sync/mutators.ts';
import { personName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { ItemActions } from '../components/item-actions.tsx';
import { MediaIcon } from '../components/media-icon.tsx';
import { byKind, MediaNotFound, MediaTiles, mediaTitle } from '../components/media-tiles.tsx';
import { MediaViewer } from '../components/media-viewer.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { formatDateTime } from '../components/preference-common.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { loadPreferenceMedia } from '../hooks/use-preference-page.tsx';
import { mediaMessages } from '../messages/media.ts';
import { preferenceMessages } from '../messages/preference.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

/** One picture, sound or video of a preference (spec §2 /preferences/{preferenceId}/media/{id}). */
export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/media/$id/')({
  head: pageHead(messages.titles.mediaItem),
  loader: (c) => loadPreferenceMedia(c),
  component: MediaView,
});

const t = mediaMessages;

function MediaView() {
  const { personId, preferenceId, id } = Route.useParams();
  const write = useWrite();
  const navigate = useNavigate();
  const router = useRouter();
  const canWrite = useCanWrite(personId);
  const baseId = useId();
  const [pref, prefDetails] = useQuery(queries.preference.byId({ personId, id: preferenceId }));
  const [media, mediaDetails] = useQuery(queries.media.ofPreference({ personId, preferenceId }));
  const [owner] = useQuery(queries.person.byId({ personId }));
  const [removing, setRemoving] = useState(false);
  const [pinning, setPinning] = useState(false);
  const [pinError, setPinError] = useState<string | undefined>();
  const found = media.find((m) => m.id === id);
  // While it is being deleted the page stays as it was until it moves on.
  const last = useRef(found);
  if (found) last.current = found;
  const item = found ?? (removing ? last.current : undefined);
  usePageTitle(
    item && pref ? `${t.kind[item.type]} – ${pref.title}` : undefined,
    useLibraryName(personId),
  );

  if (!item || !pref) {
    const failed = prefDetails.type === 'error' || mediaDetails.type === 'error';
    const complete =
      mediaDetails.type === 'complete' && (pref !== undefined || prefDetails.type === 'complete');
    return failed || complete ? (
      <MediaNotFound personId={personId} preferenceId={preferenceId} />
    ) : (
      <p className="status" role="status">
        {t.itemLoading}
      </p>
    );
  }

  const pinned = item.id === pref.heroMediaId;
  const title = mediaTitle(item);
  const descriptionId = `${baseId}-description`;
  const creator = personName(item.creator) || personName(owner) || t.someone;

  async function togglePin() {
    setPinning(true);
    setPinError(undefined);
    const error = refusalOf(
      await write(mutators.preference.pin({ id: preferenceId, heroMediaId: pinned ? null : id })),
    );
    setPinning(false);
    setPinError(error);
  }

  async function remove() {
    setRemoving(true);
    const error = refusalOf(await write(mutators.media.delete({ id })));
    if (error) {
      setRemoving(false);
      throw new Error(error);
    }
  }

  /** Spec §3 Media deletion: back where the person came from, else the preference. */
  function afterRemove() {
    if (router.history.canGoBack()) {
      router.history.back();
      return;
    }
    void navigate({
      to: '/people/$personId/preferences/$preferenceId',
      params: { personId, preferenceId },
      replace: true,
    });
  }

  return (
    <article className="media-view">
      <section className="card" aria-labelledby={`${baseId}-title`}>
        <p className="media-kind">
          <MediaIcon name={item.type} />
          <span>
            {t.kind[item.type]}
            {item.name ? ` · ${item.name}` : ''}
          </span>
        </p>
        <h1 id={`${baseId}-title`}>{pref.title}</h1>
        {item.type === 'image' && (canWrite || pinned) ? (
          <div className="media-pin">
            {canWrite ? (
              <button
                type="button"
                className="secondary"
                onClick={() => void togglePin()}
                disabled={pinning}
              >
                <MediaIcon name="pin" />
                {pinned ? t.unpin : t.pin}
              </button>
            ) : null}
            <p className="status" role="status">
              {pinned ? t.pinned : ''}
            </p>
          </div>
        ) : null}
        <ErrorAlert message={pinError} />
        <MediaViewer
          key={item.id}
          personId={personId}
          media={item}
          label={
            item.type === 'image'
              ? item.description || preferenceMessages.heroAlt(pref.title)
              : title
          }
          describedBy={descriptionId}
        />
        <p
          id={descriptionId}
          className={item.description ? 'media-description' : 'media-description is-empty'}
        >
          {item.description || t.emptyDescription}
        </p>
        {item.attribution ? <p className="media-credit">{t.credit(item.attribution)}</p> : null}
        <p className="media-meta">
          <span className="media-byline">{t.by(creator)}</span>
          <br />
          <time dateTime={new Date(item.createdAt).toISOString()}>
            {formatDateTime(item.createdAt)}
          </time>
        </p>
        <ItemActions
          kind="media"
          personId={personId}
          preferenceId={preferenceId}
          id={id}
          name={title}
          texts={t}
          canWrite={canWrite}
          remove={remove}
          afterRemove={afterRemove}
        />
      </section>

      <section className="card" aria-labelledby={`${baseId}-all`}>
        <h2 id={`${baseId}-all`}>{t.allOfPreference}</h2>
        <MediaTiles
          personId={personId}
          preferenceId={preferenceId}
          media={byKind(media, pref.heroMediaId).flatMap((g) => g.items)}
          heroId={pref.heroMediaId}
          labelledBy={`${baseId}-all`}
          replace
        />
      </section>
    </article>
  );
}
