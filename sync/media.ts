/**
 * Media: photos of categories, pictures of preferences. Upload is a signed URL
 * followed by a settled confirmation (api/routes/media.ts): `beginUpload` records the
 * item unconfirmed, the browser PUTs the file to the store, `settleUpload`
 * confirms it once the store holds exactly what was announced, and its bytes
 * are the picture, sound or video they say (never a page: MEDIA_TYPES). Unconfirmed
 * items are read by no one (permissions.ts mediaReadableBy) and swept after a
 * while. Media follow their preference; a photo follows what shows it.
 */
import { defineQuery, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import type { Access, MediaType } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, historyEntry, quoted } from './change.ts';
import type { ZeroContext } from './context.ts';
import { appError } from './errors.ts';
import { itemId } from './library-fields.ts';
import {
  assertLibraryWrite,
  assertNewId,
  found,
  personReadableBy,
  readableMedia,
  requireAuth,
} from './permissions.ts';
import { assertStorageFor, bytesInWords } from './plan-limits.ts';

export const MEDIA_LIMITS = {
  /**
   * The most one upload can carry (one signed PUT: S3's limit for a single
   * upload). How big one file may be is the plan's (`contentLengthLimit`:
   * 100 MB on Free, 1 GB on Premium), checked when the upload is announced
   * (plan-limits.ts assertStorageFor), the figure the subscription page shows.
   */
  uploadBytes: 5 * 1024 ** 3,
  name: 200,
  description: 1_000,
} as const;

/**
 * The most one file may have in a library whose plan allows `planLimit` bytes
 * a file (null: no limit of the plan's): the smaller of the plan's and one
 * upload's. What announcing an upload enforces, and what screens say.
 */
export function oneFileLimit(planLimit: number | null): number {
  return Math.min(planLimit ?? MEDIA_LIMITS.uploadBytes, MEDIA_LIMITS.uploadBytes);
}

/**
 * The only types kept and shown: pictures, sounds and videos that
 * browsers show or play, each by the file format it is. Nothing else, SVG
 * included (it can carry script), ever reaches the store, so a stored file can
 * never become a page. The browser's file inputs offer these and the API
 * checks them twice: when an upload is announced, and by the file's own bytes
 * when it has arrived. A type a browser reports and the one read from the
 * bytes may differ by name for the same format (a sound recorded as WebM
 * reads as video/webm), hence the format.
 */
export const MEDIA_TYPES = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'mp4',
  'audio/x-m4a': 'mp4',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'video/mp4': 'mp4',
  'video/x-m4v': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogg',
  'video/quicktime': 'mov',
} as const satisfies Record<string, string>;
export type MediaContentType = keyof typeof MEDIA_TYPES;

/** Whether `type` (already normalised) is one we keep. */
export function isMediaType(type: string): type is MediaContentType {
  return Object.hasOwn(MEDIA_TYPES, type);
}

/** A mime type as browsers report it: lower case, type/subtype, parameters dropped. */
export function normaliseType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** The types of one kind, for a file input's `accept`. */
export function acceptFor(kind: 'image' | 'audio' | 'video'): string {
  return Object.keys(MEDIA_TYPES)
    .filter((t) => mediaKind(t) === kind)
    .join(',');
}

/**
 * The type a file is kept and served as, once its bytes have been read:
 * `sniffed` (what the bytes are) must be one we keep and of the announced
 * kind, or of its very format (audio/webm read as video/webm). Served as what
 * the bytes are, or as announced when that names the same format more
 * precisely. Undefined: refuse the file.
 */
export function settledType(announced: string, sniffed: string | undefined) {
  const said = normaliseType(announced);
  const is = normaliseType(sniffed ?? '');
  if (!isMediaType(said) || !isMediaType(is)) return undefined;
  if (MEDIA_TYPES[said] === MEDIA_TYPES[is]) return said;
  return mediaKind(said) === mediaKind(is) ? is : undefined;
}

/** What each kind may be, in words (MEDIA_TYPES). */
const FORMATS = {
  image: 'a JPEG, PNG, GIF, WebP or AVIF file',
  audio: 'an MP3, M4A, AAC, OGG, WAV, WebM or FLAC file',
  video: 'an MP4, WebM, OGG or MOV file',
} as const;

export const mediaRuleMessages = {
  badType: 'Please choose a picture, a sound or a video file.',
  /** A picture, sound or video of a type we do not keep (an SVG drawing, say). */
  unsupported: (kind: 'image' | 'audio' | 'video') =>
    `We cannot use this kind of ${kind === 'image' ? 'picture' : kind === 'audio' ? 'sound' : 'video'}. Please choose ${FORMATS[kind]}.`,
  notImage: 'Please choose a picture (for example a JPEG or PNG file).',
  empty: 'That file is empty.',
  tooBig: `That file is too big: one upload can be at most ${bytesInWords(MEDIA_LIMITS.uploadBytes)}.`,
  nameTooLong: `A file name can be at most ${MEDIA_LIMITS.name} characters.`,
  notArrived: 'The file has not finished uploading. Please try again.',
  differs: 'The file that arrived is not the one announced. Please upload it again.',
  /** Its bytes are not the picture, sound or video its type says (a page named .png, say). */
  notWhatItSays:
    'This file is not the picture, sound or video it says it is. Please choose another file.',
  onlyImagesPinned: 'Only pictures can be pinned.',
  onlySoundsSpoken: 'Only a sound recording can be the spoken description.',
  photoInUse: 'Please upload a new photo for this category.',
  descriptionTooLong: `A description can be at most ${MEDIA_LIMITS.description} characters.`,
} as const;

/** What is wrong with announcing a file of `type`, in words; undefined when it may be kept. */
export function typeProblem(type: string): string | undefined {
  const t = normaliseType(type);
  if (isMediaType(t)) return undefined;
  const kind = mediaKind(t);
  return kind === 'other' ? mediaRuleMessages.badType : mediaRuleMessages.unsupported(kind);
}

/** The kind of a mime type: its prefix decides (spec §3 Media item). */
export function mediaKind(contentType: string): MediaType {
  const prefix = contentType.split('/')[0]?.toLowerCase();
  return prefix === 'image' || prefix === 'audio' || prefix === 'video' ? prefix : 'other';
}

/** A mime type as browsers report it (normalised), and one we keep (MEDIA_TYPES). */
const contentType = z
  .string()
  .transform(normaliseType)
  .superRefine((v, issue) => {
    const problem = typeProblem(v);
    if (problem) issue.addIssue({ code: 'custom', message: problem });
  });

export const mediaBeginArgs = z
  .object({
    id: itemId,
    personId: itemId,
    name: z.string().trim().min(1).max(MEDIA_LIMITS.name, mediaRuleMessages.nameTooLong),
    contentType,
    contentLength: z.number().int().min(1, mediaRuleMessages.empty),
    /** The preference it belongs to; none for a category's photo. */
    preferenceId: itemId.nullable().default(null),
    /** A photo must be a picture. */
    purpose: z.enum(['photo', 'preference']).default('preference'),
  })
  .superRefine((v, issue) => {
    const kind = mediaKind(v.contentType);
    if (v.purpose === 'photo' && kind !== 'image') {
      issue.addIssue({
        code: 'custom',
        message: mediaRuleMessages.notImage,
        path: ['contentType'],
      });
    }
    if (v.contentLength > MEDIA_LIMITS.uploadBytes) {
      issue.addIssue({
        code: 'custom',
        message: mediaRuleMessages.tooBig,
        path: ['contentLength'],
      });
    }
  });
export type MediaBeginArgs = z.input<typeof mediaBeginArgs>;

/** The object key: per library, never reused. */
export function storageKeyFor(personId: string, id: string) {
  return `people/${personId}/media/${id}`;
}

/** The preference `preferenceId` of `personId` (none asked: undefined); not_found when it is not there. */
async function preferenceOf(tx: Transaction, personId: string, preferenceId: string | null) {
  if (!preferenceId) return undefined;
  return found(
    tx,
    await tx.run(zql.preference.where('personId', personId).where('id', preferenceId).one()),
  );
}

const accessOf = (pref: { access: Access } | undefined) => (pref ? [pref.access] : []);

/** Records an upload about to happen (server only: the REST API signs its URL). */
export const beginUpload = defineChange(mediaBeginArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  if (args.purpose === 'photo' && args.preferenceId) throw appError('invalid');
  const pref = await preferenceOf(tx, args.personId, args.preferenceId);
  // A photo (a picture of no preference) may be one's own even without a
  // library: a Supporter's photo in the Circles they are in.
  await assertLibraryWrite(tx, me, args.personId, {
    existing: accessOf(pref),
    ownPhoto: args.purpose === 'photo',
  });
  await assertNewId(tx, 'media', args.id);
  // Refused before any byte is stored (the confirmation checks again).
  if (tx.location === 'server') await assertStorageFor(tx, args.personId, args.contentLength);
  const now = Date.now();
  await tx.mutate.media.insert({
    id: args.id,
    personId: args.personId,
    preferenceId: args.preferenceId,
    createdBy: me.personId,
    name: args.name,
    description: null,
    contentType: args.contentType,
    type: mediaKind(args.contentType),
    contentLength: args.contentLength,
    storageKey: storageKeyFor(args.personId, args.id),
    settledAt: null,
    createdAt: now,
    updatedAt: now,
    updatedBy: me.personId,
  });
  // Nothing to tell yet: the history says so once the file has arrived.
  return undefined;
});

export const mediaSettleArgs = z.object({ id: itemId });

/** The unconfirmed upload `id` of `personId` that `ctx` began; not_found otherwise. */
export async function pendingUpload(
  tx: Transaction,
  ctx: ZeroContext,
  personId: string,
  id: string,
) {
  const me = requireAuth(ctx);
  const row = await tx.run(
    zql.media
      .where('personId', personId)
      .where('id', id)
      .where('createdBy', me.personId)
      .where('settledAt', 'IS', null)
      .one(),
  );
  if (!row) throw appError('not_found');
  return row;
}

/**
 * Confirms an upload the store holds (the API checked it, and read from its
 * bytes the type it is kept as: `contentType`): now it can be shown.
 */
export const mediaSettledArgs = z.object({
  personId: itemId,
  id: itemId,
  /** What its bytes are (settledType), one of MEDIA_TYPES. */
  contentType: z.string().refine(isMediaType),
  /** A picture's copies (display size, tile) and its size in pixels, when made. */
  displayKey: z.string().nullable().default(null),
  thumbKey: z.string().nullable().default(null),
  width: z.number().int().positive().nullable().default(null),
  height: z.number().int().positive().nullable().default(null),
});

export const settleUpload = defineChange(mediaSettledArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const row = await pendingUpload(tx, ctx, args.personId, args.id);
  const pref = await preferenceOf(tx, row.personId, row.preferenceId);
  // A picture of no preference was announced as a photo (beginUpload), a Supporter's own included.
  await assertLibraryWrite(tx, me, row.personId, {
    existing: accessOf(pref),
    ownPhoto: row.preferenceId === null && row.type === 'image',
  });
  // Never another kind than announced (settledType): what may be pinned stays the same.
  if (!isMediaType(args.contentType) || mediaKind(args.contentType) !== row.type) {
    throw appError('invalid', mediaRuleMessages.notWhatItSays);
  }
  // The storage limit again, with the usage row locked: two confirmations
  // cannot both take the last bytes (the trigger adds these once settled).
  if (tx.location === 'server') {
    await assertStorageFor(tx, row.personId, row.contentLength, {
      lock: true,
      exceptPending: row.id,
    });
  }
  const now = Date.now();
  await tx.mutate.media.update({
    id: row.id,
    contentType: args.contentType,
    displayKey: args.displayKey,
    thumbKey: args.thumbKey,
    width: args.width,
    height: args.height,
    settledAt: now,
    updatedAt: now,
  });
  return historyEntry(
    'Create',
    'Media',
    row,
    pref
      ? `Added ${quoted(row.name)} to ${quoted(pref.title)}`
      : `Uploaded the photo ${quoted(row.name)}`,
  );
});

/** A media item's description: what it shows or says, for everyone who cannot see or hear it. */
export const mediaUpdateArgs = z.object({
  id: itemId,
  description: z
    .string()
    .max(MEDIA_LIMITS.description, mediaRuleMessages.descriptionTooLong)
    .transform((v) => v.trim())
    .nullable(),
});

/** Changes the description of a confirmed media item the caller may change. */
export const updateMedia = defineChange(mediaUpdateArgs, async (tx, ctx, args) => {
  const changeable = await changeableMedia(tx, ctx, args.id);
  if (!changeable) return undefined;
  const { me, row } = changeable;
  const description = args.description || null;
  if ((row.description ?? null) === description) return undefined;
  await tx.mutate.media.update({
    id: row.id,
    description,
    updatedAt: Date.now(),
    updatedBy: me.personId,
  });
  return historyEntry('Modify', 'Media', row, `Changed the description of ${quoted(row.name)}`);
});

/** The access levels a media item shows under: its preference's, and those of categories showing it. */
async function accessOfMedia(
  tx: Transaction,
  row: {
    personId: string;
    preferenceId: string | null;
    photoOfCategories: readonly { access: Access }[];
  },
) {
  return [
    ...accessOf(await preferenceOf(tx, row.personId, row.preferenceId)),
    ...row.photoOfCategories.map((c) => c.access),
  ];
}

/**
 * A media item the caller may read, once they are shown to be allowed to
 * change it (its library's write rule, judged by every access it shows
 * under); undefined when the row is gone (a replay after its delete).
 */
async function changeableMedia(tx: Transaction, ctx: ZeroContext, id: string) {
  const me = requireAuth(ctx);
  const row = found(
    tx,
    await tx.run(readableMedia(ctx).where('id', id).related('photoOfCategories').one()),
  );
  if (!row) return undefined;
  await assertLibraryWrite(tx, me, row.personId, { existing: await accessOfMedia(tx, row) });
  return { me, row };
}

export const mediaDeleteArgs = z.object({ id: itemId });

/** Deletes a media item the caller may change (the API removes the stored file after). */
export const deleteMedia = defineChange(mediaDeleteArgs, async (tx, ctx, args) => {
  const row = (await changeableMedia(tx, ctx, args.id))?.row;
  if (!row) return undefined;
  // A pinned picture or a category's photo is cleared with it (ON DELETE SET NULL).
  await tx.mutate.media.delete({ id: row.id });
  return historyEntry('Delete', 'Media', row, `Deleted ${quoted(row.name)}`);
});

/**
 * A photo for the category `categoryId` of `personId`: a confirmed picture of
 * that library, belonging to no preference, and not already the photo of
 * something else (each upload is for one category, so one category's photo
 * never shows on another one that more people may see). not_found when it is
 * not there; invalid otherwise.
 */
export async function assertCategoryPhoto(
  tx: Transaction,
  personId: string,
  categoryId: string,
  photoId: string,
) {
  await assertPhoto(tx, personId, photoId, { categoryId });
}

/**
 * A photo for a category or a person of `personId`'s library: a confirmed
 * picture of that library, belonging to no preference, and not the photo of
 * anything else. not_found when it is not there; invalid otherwise.
 */
export async function assertPhoto(
  tx: Transaction,
  personId: string,
  photoId: string,
  of: { categoryId: string } | { personId: string },
) {
  if (tx.location !== 'server') return;
  const media = await tx.run(
    zql.media
      .where('personId', personId)
      .where('id', photoId)
      .where('settledAt', 'IS NOT', null)
      .related('photoOfCategories')
      .related('photoOfPeople')
      .one(),
  );
  if (!media) throw appError('not_found');
  if (media.type !== 'image') throw appError('invalid', mediaRuleMessages.notImage);
  const ownerOf = (x: { id: string }, key: 'categoryId' | 'personId') =>
    key in of && (of as Record<string, string>)[key] === x.id;
  const elsewhere =
    media.preferenceId !== null ||
    media.photoOfPeople.some((p) => !ownerOf(p, 'personId')) ||
    media.photoOfCategories.some((c) => !ownerOf(c, 'categoryId'));
  if (elsewhere) throw appError('invalid', mediaRuleMessages.photoInUse);
}

export const mediaByIdArgs = z.object({ personId: itemId, id: itemId });

export const mediaOfPreferenceArgs = z.object({ personId: itemId, preferenceId: itemId });

export const mediaQueries = {
  /** The confirmed media of one preference the caller may read, oldest first, with their makers. */
  ofPreference: defineQuery(mediaOfPreferenceArgs, ({ args, ctx }) =>
    readableMedia(ctx, args.personId)
      .where('personId', args.personId)
      .where('preferenceId', args.preferenceId)
      .related('creator', (q) => q.where(personReadableBy(ctx?.personId ?? '')))
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc'),
  ),
  /** One confirmed media item the caller may read. */
  byId: defineQuery(mediaByIdArgs, ({ args, ctx }) =>
    readableMedia(ctx, args.personId).where('personId', args.personId).where('id', args.id).one(),
  ),
};

/**
 * Every change of media (sync/change.ts). The API runs them around the store:
 * it signs the upload after `begin`, checks the bytes before `settle` and
 * removes the file after `delete`.
 */
export const mediaServerChanges = {
  begin: beginUpload,
  settle: settleUpload,
  update: updateMedia,
  delete: deleteMedia,
};

/**
 * The media changes a client makes through Zero (live on every screen); an
 * upload is begun and settled over REST only, around the store. A deletion's
 * files are queued by the database and removed by the API (sweepMedia).
 */
export const mediaChanges = {
  update: updateMedia,
  delete: deleteMedia,
};
