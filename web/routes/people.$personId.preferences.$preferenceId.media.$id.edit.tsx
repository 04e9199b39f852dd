import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { MEDIA_LIMITS, mediaUpdateArgs } from '../../sync/media.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { SaveCancel } from '../components/form-actions.tsx';
import { useLeaveEdit } from '../components/item-actions.tsx';
import { MediaNotFound, mediaTitle } from '../components/media-tiles.tsx';
import { MediaViewer } from '../components/media-viewer.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { mediaMessages } from '../messages/media.ts';
import { messages } from '../messages.ts';
import { editSearch } from '../navigation/edit-search.ts';
import { pageHead } from '../navigation/page-title.ts';
import { requireWrite } from '../navigation/write-guard.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

/**
 * A media item's description (spec §2 /media/{id}/edit). Without write access
 * the item's own page instead (requireWrite).
 */
export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/media/$id/edit')({
  head: pageHead(messages.titles.editMedia),
  validateSearch: editSearch,
  beforeLoad: requireWrite('/people/$personId/preferences/$preferenceId/media/$id'),
  loader: ({ context, params }) => {
    context.zero.preload(queries.media.byId({ personId: params.personId, id: params.id }), {
      ttl: '1m',
    });
  },
  component: MediaEdit,
});

const t = mediaMessages;

function MediaEdit() {
  const { personId, preferenceId, id } = Route.useParams();
  const { isFromView } = Route.useSearch();
  const router = useRouter();
  const leave = useLeaveEdit('media', { personId, preferenceId, id }, isFromView);
  const [item, details] = useQuery(queries.media.byId({ personId, id }));
  usePageTitle(
    item ? messages.titles.editOf(mediaTitle(item)) : undefined,
    useLibraryName(personId),
  );

  if (!item || item.preferenceId !== preferenceId) {
    return details.type === 'unknown' && !item ? (
      <p className="status" role="status">
        {t.itemLoading}
      </p>
    ) : (
      <MediaNotFound personId={personId} preferenceId={preferenceId} />
    );
  }

  /**
   * Spec §2: back in history; when there is none, to the item when the edit
   * was opened from it, else to the preference.
   */
  function back() {
    if (router.history.canGoBack()) {
      router.history.back();
      return;
    }
    void leave();
  }

  return (
    <DescriptionForm
      key={item.id}
      personId={personId}
      media={item}
      onDone={back}
      title={mediaTitle(item)}
    />
  );
}

function DescriptionForm({
  personId,
  media,
  title,
  onDone,
}: {
  personId: string;
  media: {
    id: string;
    type: 'image' | 'audio' | 'video' | 'other';
    description: string | null;
    width: number | null;
    height: number | null;
  };
  title: string;
  onDone: () => void;
}) {
  const id = useId();
  const write = useWrite();
  const [description, setDescription] = useState(media.description ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const parsed = mediaUpdateArgs.safeParse({ id: media.id, description: description || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t.failed);
      return;
    }
    setError(undefined);
    setSaving(true);
    const refused = refusalOf(await write(mutators.media.update(parsed.data)));
    if (refused) {
      setSaving(false);
      setError(refused);
      return;
    }
    onDone();
  }

  return (
    <form className="card media-edit" onSubmit={submit} noValidate>
      <h1>{t.editHeading}</h1>
      <ErrorAlert message={error} />
      <MediaViewer personId={personId} media={media} label={title} describedBy={`${id}-now`} />
      <h2>{t.descriptionNow}</h2>
      <p
        id={`${id}-now`}
        className={media.description ? 'media-description' : 'media-description is-empty'}
      >
        {media.description || t.emptyDescription}
      </p>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t.newDescription}</label>
        <p id={`${id}-help`} className="field-help">
          {t.descriptionHelp}
        </p>
        <textarea
          id={`${id}-description`}
          className="media-textarea"
          rows={5}
          value={description}
          maxLength={MEDIA_LIMITS.description}
          aria-describedby={`${id}-help`}
          onChange={(e) => setDescription(e.target.value.trimStart())}
          onBlur={(e) => setDescription(e.target.value.trim())}
        />
      </div>
      <SaveCancel saving={saving} texts={t} onCancel={onDone} />
      <p role="status" className="status">
        {saving ? t.saving : ''}
      </p>
    </form>
  );
}
