/**
 * Uploads a file the way spec §3 says: ask the API for a signed URL, PUT the
 * file straight to the store, then confirm (`upload-settled`). Resolves to the
 * new media id; rejects with an ApiError carrying a message a person can read,
 * or with an AbortError when cancelled.
 */
import { z } from 'zod';
import { MEDIA_LIMITS, mediaKind, mediaRuleMessages, typeProblem } from '../../sync/media.ts';
import { ApiError, call, client } from '../api-client.ts';
import { mediaMessages as mediaTexts } from '../messages/media.ts';
import { messages } from '../messages.ts';

/**
 * What the browser can tell before uploading (the server checks again, and
 * reads the file's bytes). A picture of a type we do not keep (an SVG drawing,
 * say) is told apart from something that is no picture at all.
 */
export function checkPicture(file: File): string | undefined {
  if (mediaKind(file.type) !== 'image') return mediaRuleMessages.notImage;
  return checkFile(file);
}

/**
 * The same for a picture, a sound or a video (the media pages): its type, then
 * whether it is empty or bigger than any upload can be.
 */
export function checkFile(file: File): string | undefined {
  const problem = typeProblem(file.type);
  if (problem) return problem;
  if (file.size === 0) return mediaRuleMessages.empty;
  // The plan's own limit on one file is the server's to say, when the upload is announced.
  if (file.size > MEDIA_LIMITS.uploadBytes) return mediaRuleMessages.tooBig;
  return undefined;
}

export type UploadOptions = {
  /** Told how much of the file has reached the store, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Cancels the upload until the store holds the file; after that it is confirmed. */
  signal?: AbortSignal;
};

const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');

/** Whether `e` is the rejection of a cancelled upload. */
export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

/**
 * PUTs `file` to the signed URL. XMLHttpRequest, not fetch: only it reports
 * an upload's progress, and it can be aborted halfway.
 */
function put(
  url: string,
  headers: Record<string, string>,
  file: File,
  { onProgress, signal }: UploadOptions,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new ApiError(xhr.status, 'upload_failed', mediaTexts.failed));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, 'upload_failed', mediaTexts.failed));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(aborted());
    });
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(file);
  });
}

export async function uploadMedia(
  personId: string,
  file: File,
  target: { purpose: 'photo' } | { purpose: 'preference'; preferenceId: string },
  options: UploadOptions = {},
): Promise<string> {
  const { signal, onProgress } = options;
  const media = client.people[':personId'].media;
  const signed = await call(
    media.signed.$post(
      {
        param: { personId },
        json: {
          name: file.name.slice(0, 200) || 'picture',
          contentType: file.type,
          contentLength: file.size,
          ...target,
        },
      },
      signal ? { init: { signal } } : undefined,
    ),
  );
  onProgress?.(0);
  await put(signed.url, signed.headers, file, options);
  onProgress?.(1);
  // Cancelled once the store holds the file: not confirmed, so never shown (and swept).
  if (signal?.aborted) throw aborted();
  await call(media['upload-settled'].$post({ param: { personId }, json: { id: signed.id } }));
  return signed.id;
}

/** Which copy of a picture to load: a small tile, or one the size of a screen (the original without). */
export type MediaSize = 'thumb' | 'display';

/** The address an `<img>` loads a media item from (the API answers with a signed redirect). */
export function mediaSrc(personId: string, mediaId: string, size?: MediaSize): string {
  // The typed client's own URL for the route, so that a renamed route fails the type check.
  const path = client.people[':personId'].media[':id'].signed.redirect.$path({
    param: { personId, id: mediaId },
  });
  return `/api${path}${size ? `?size=${size}` : ''}`;
}

const signedAnswer = z.object({ url: z.string().min(1) });

/**
 * The signed URL of a media item (spec §7 GET …/media/{id}/signed), for the
 * viewers: an object with a `url`. Rejects with an ApiError in words.
 */
export async function signedMediaUrl(
  personId: string,
  mediaId: string,
  size?: MediaSize,
  signal?: AbortSignal,
): Promise<string> {
  const path = client.people[':personId'].media[':id'].signed.$path({
    param: { personId, id: mediaId },
  });
  const res = await fetch(`/api${path}${size ? `?size=${size}` : ''}`, {
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = z
      .object({ error: z.object({ code: z.string(), message: z.string() }) })
      .safeParse(body);
    throw error.success
      ? new ApiError(res.status, error.data.error.code, error.data.error.message)
      : new ApiError(res.status, 'unknown', messages.errors.generic);
  }
  const answer = signedAnswer.safeParse(body);
  if (!answer.success) throw new ApiError(res.status, 'unknown', messages.errors.generic);
  return answer.data.url;
}

/**
 * The address an `<img>` loads a supporter's photo from, in the Circle of
 * `personId` (spec §7 GET …/supporters/{id}/photo/{photoId}/signed/redirect):
 * for whoever may read the link `linkId`, a tile unless asked otherwise.
 */
export function supporterPhotoSrc(personId: string, linkId: string, photoId: string): string {
  const path = client.people[':personId'].supporters[':id'].photo[':photoId'].signed.redirect.$path(
    { param: { personId, id: linkId, photoId } },
  );
  return `/api${path}`;
}
