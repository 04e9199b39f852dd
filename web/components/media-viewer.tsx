/**
 * The media viewers (spec §2): a picture with zoom, a sound or a video with
 * the browser's own controls, and a link for anything else. Each asks the API
 * for the item's signed URL (an object with a `url`) and says "Loading" until
 * it has arrived. The description is on the page beside the viewer, as text
 * for everyone (it describes the sound or video for those who cannot hear or
 * see it), and named as the player's description.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaType } from '../../schema/enums.ts';
import { isAbort, type MediaSize, signedMediaUrl } from '../media/upload.ts';
import { mediaMessages } from '../messages/media.ts';
import { ImageZoom } from './image-zoom.tsx';

const t = mediaMessages;

export type ViewedMedia = {
  id: string;
  type: MediaType;
  /** A picture's size in pixels, when known: its space is kept while it loads. */
  width: number | null;
  height: number | null;
};

/** The signed URL of a media item; asked again once when what it points to fails (it expired). */
function useSignedUrl(personId: string, mediaId: string, size: MediaSize | undefined) {
  const [state, setState] = useState<{ url?: string; error?: boolean }>({});
  const [attempt, setAttempt] = useState(0);
  const retried = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` asks for a new URL.
  useEffect(() => {
    const controller = new AbortController();
    signedMediaUrl(personId, mediaId, size, controller.signal).then(
      (url) => setState({ url }),
      (e: unknown) => {
        if (!isAbort(e)) setState({ error: true });
      },
    );
    return () => controller.abort();
  }, [personId, mediaId, size, attempt]);

  /** What the URL points to failed to load: a signed URL lasts minutes, so ask for a new one, once. */
  const failed = useCallback(() => {
    if (retried.current) {
      setState({ error: true });
      return;
    }
    retried.current = true;
    setAttempt((a) => a + 1);
  }, []);
  /** It loaded: a later failure (expiry, hours on) may ask again. */
  const loaded = useCallback(() => {
    retried.current = false;
  }, []);

  return { ...state, failed, loaded };
}

export function MediaViewer({
  personId,
  media,
  label,
  describedBy,
}: {
  personId: string;
  media: ViewedMedia;
  /** What the item is called (its title): the picture's text alternative, the player's name. */
  label: string;
  /** The id of the description shown beside the viewer. */
  describedBy?: string | undefined;
}) {
  const { url, error, failed, loaded } = useSignedUrl(
    personId,
    media.id,
    media.type === 'image' ? 'display' : undefined,
  );

  if (error) {
    return (
      <p role="alert" className="alert">
        {t.failed}
      </p>
    );
  }
  if (media.type === 'image') {
    return (
      <ImageZoom
        src={url}
        alt={label}
        width={media.width}
        height={media.height}
        onError={failed}
        onLoad={loaded}
      />
    );
  }
  if (!url) {
    return (
      <p className="status media-loading" role="status">
        {t.loading}
      </p>
    );
  }
  if (media.type === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a sound has no captions file; its description is the text beside it (aria-describedby).
      <audio
        className="media-audio"
        controls
        preload="metadata"
        src={url}
        aria-label={label}
        aria-describedby={describedBy}
        onError={failed}
        onLoadedMetadata={loaded}
      >
        {t.cannotPlay}
      </audio>
    );
  }
  if (media.type === 'video') {
    return (
      <video
        className="media-video"
        controls
        playsInline
        preload="metadata"
        src={url}
        aria-label={label}
        aria-describedby={describedBy}
        {...(media.width && media.height ? { width: media.width, height: media.height } : {})}
        onError={failed}
        onLoadedMetadata={loaded}
      >
        {t.cannotPlay}
      </video>
    );
  }
  return (
    <a className="button secondary" href={url} rel="noopener" target="_blank">
      {t.open}
    </a>
  );
}
