/**
 * Uploads a file the way spec §3 says: ask the API for a signed URL, PUT the
 * file straight to the store, then confirm (`upload-settled`). Resolves to the
 * new media id; rejects with an ApiError carrying a message a person can read.
 */
import { maxBytes, mediaKind, mediaMessages, typeProblem } from '../../sync/media.ts';
import { ApiError, call, client } from '../api-client.ts';
import { messages } from '../messages.ts';

/**
 * What the browser can tell before uploading (the server checks again, and
 * reads the file's bytes). A picture of a type we do not keep (an SVG drawing,
 * say) is told apart from something that is no picture at all.
 */
export function checkPicture(file: File): string | undefined {
  if (mediaKind(file.type) !== 'image') return mediaMessages.notImage;
  const problem = typeProblem(file.type);
  if (problem) return problem;
  if (file.size === 0) return mediaMessages.empty;
  if (file.size > maxBytes('image')) return mediaMessages.tooBig('image');
  return undefined;
}

export async function uploadMedia(
  personId: string,
  file: File,
  target: { purpose: 'photo' } | { purpose: 'preference'; preferenceId: string },
): Promise<string> {
  const media = client.people[':personId'].media;
  const signed = await call(
    media.signed.$post({
      param: { personId },
      json: {
        name: file.name.slice(0, 200) || 'picture',
        contentType: file.type,
        contentLength: file.size,
        ...target,
      },
    }),
  );
  const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: file });
  if (!put.ok) throw new ApiError(put.status, 'upload_failed', messages.media.failed);
  await call(media['upload-settled'].$post({ param: { personId }, json: { id: signed.id } }));
  return signed.id;
}

/** The address an `<img>` loads a media item from (the API answers with a signed redirect). */
export function mediaSrc(personId: string, mediaId: string): string {
  // The typed client's own URL for the route, so that a renamed route fails the type check.
  const path = client.people[':personId'].media[':id'].signed.redirect.$path({
    param: { personId, id: mediaId },
  });
  return `/api${path}`;
}
