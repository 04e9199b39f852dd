import { useQuery } from '@rocicorp/zero/react';
import { useEffect, useId, useRef, useState } from 'react';
import { acceptFor } from '../../sync/media.ts';
import { bytesInWords } from '../../sync/plan-limits.ts';
import { queries } from '../../sync/queries.ts';
import { ApiError } from '../api-client.ts';
import { useFileLimit } from '../hooks/use-storage.ts';
import { checkPicture, mediaSrc, uploadMedia } from '../media/upload.ts';
import { mediaMessages } from '../messages/media.ts';
import { navigationMessages } from '../messages/navigation.ts';
import { photoSearchMessages } from '../messages/photo-search.ts';
import { type ChosenPhoto, PhotoSearch } from './photo-search.tsx';

const m = mediaMessages;
const STATUS = { idle: '', uploading: m.uploading, done: m.uploaded, removed: m.removed } as const;

/**
 * A picture in a form: shows the current one, uploads a new one as soon as it
 * is chosen (signed URL, then confirmation), and reports its media id, or
 * null when removed; the form saves the choice with its other fields. The
 * file input is the browser's own (keyboard and screen readers know it).
 * "Search for a photo" opens the photo search (photo-search.tsx): a photo
 * chosen there is copied into the library and reported like an upload, and
 * who made it is written under it. After the hint, how big the file may be:
 * the library's plan's limit, read from the server that enforces it.
 */
export function PictureField({
  personId,
  label,
  hint,
  value,
  onChange,
  target,
  onBusy,
}: {
  personId: string;
  label: string;
  hint: string;
  /** The media id shown now, or null. */
  value: string | null;
  onChange: (mediaId: string | null) => void;
  target: { purpose: 'photo' } | { purpose: 'preference'; preferenceId: string };
  /** Told while an upload runs (a form waits for it before saving). */
  onBusy?: (busy: boolean) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const fileLimit = useFileLimit(personId);
  const [state, setState] = useState<'idle' | 'uploading' | 'done' | 'removed'>('idle');
  const [error, setError] = useState<string | undefined>();
  // A picture chosen here shows from the file itself (or the search's
  // preview), without a round trip; a searched photo says who made it.
  const [local, setLocal] = useState<
    | {
        mediaId: string;
        url: string;
        attribution?: string | undefined;
        sourceUrl?: string | undefined;
      }
    | undefined
  >();
  const [searching, setSearching] = useState(false);
  // Who made the picture shown, when it came from a photo search (kept on its media row).
  const [shown] = useQuery(queries.media.byId({ personId, id: value ?? 'none' }), {
    enabled: value !== null && local?.mediaId !== value,
  });

  useEffect(
    () => () => (local?.url.startsWith('blob:') ? URL.revokeObjectURL(local.url) : undefined),
    [local],
  );

  function chosen(photo: ChosenPhoto) {
    setError(undefined);
    setLocal({
      mediaId: photo.mediaId,
      url: photo.previewUrl,
      attribution: photo.attribution,
      sourceUrl: photo.sourceUrl,
    });
    onChange(photo.mediaId);
    setState('done');
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = checkPicture(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    setState('uploading');
    onBusy?.(true);
    try {
      const mediaId = await uploadMedia(personId, file, target);
      setLocal({ mediaId, url: URL.createObjectURL(file) });
      onChange(mediaId);
      setState('done');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : m.failed);
      setState('idle');
    } finally {
      onBusy?.(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const mine = value !== null && local?.mediaId === value ? local : undefined;
  const src = value ? (mine ? mine.url : mediaSrc(personId, value)) : null;
  const attribution = value ? (mine ? mine.attribution : shown?.attribution) : undefined;
  const inputId = `${id}-file`;
  return (
    <div className="field picture-field">
      <label htmlFor={inputId}>{label}</label>
      <p id={`${id}-hint`} className="hint">
        {hint}
        {fileLimit === undefined ? null : ` ${m.fileLimit(bytesInWords(fileLimit))}`}
      </p>
      {src ? (
        <figure className="picture-figure">
          <img className="picture-preview" src={src} alt={m.preview} width={160} height={120} />
          {attribution ? (
            <figcaption className="picture-attribution">
              {mine?.sourceUrl ? (
                <a href={mine.sourceUrl} target="_blank" rel="noopener noreferrer">
                  {attribution}
                  <span className="visually-hidden"> {navigationMessages.newTab}</span>
                </a>
              ) : (
                attribution
              )}
            </figcaption>
          ) : null}
        </figure>
      ) : null}
      <div className="picture-choose">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          // Only the pictures we keep (never SVG): the browser offers no others.
          accept={acceptFor('image')}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          disabled={state === 'uploading'}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <div className="actions picture-actions">
          <button
            type="button"
            className="secondary"
            disabled={state === 'uploading'}
            onClick={() => setSearching(true)}
          >
            {photoSearchMessages.open}
          </button>
          {value ? (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                onChange(null);
                setState('removed');
              }}
            >
              {m.remove}
            </button>
          ) : null}
        </div>
      </div>
      <PhotoSearch
        personId={personId}
        open={searching}
        target={target}
        onClose={() => setSearching(false)}
        onChosen={chosen}
        onBusy={onBusy}
      />
      <p className="status" role="status">
        {STATUS[state]}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
