/**
 * What the REST API answers, as schemas: the JSON a resource's builder makes
 * (api/routes/library.ts `preferenceJson` and its kin) is typed by these, so
 * the two cannot drift apart without a type error, and the OpenAPI document
 * describes each answer by them (`answers`, below). Prism checks every answer
 * the integration tests receive against them (tests/harness/contract.ts).
 */
import { describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import {
  ACCESS,
  ACCESS_LEVELS,
  FEELINGS,
  HANDOVER_KINDS,
  HISTORY_EVENT_TYPES,
  MEDIA_TYPES,
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  PERSON_TYPES,
  PREFERENCE_STATUSES,
  PRONOUNS,
  REVIEW_GROUPS,
  REVIEW_SCHEDULES,
} from '../schema/enums.ts';

/** A time as REST shows it: ISO 8601, UTC (api/wire.ts isoTime). */
const time = z.iso.datetime();
/** A person kept for the record: null once that person is gone. */
const by = z.string().nullable();

export const categorySummaryAnswer = z.object({
  id: z.string(),
  title: z.string(),
  access: z.enum(ACCESS),
  parentId: z.string().nullable(),
  hidden: z.boolean(),
});

export const noteAnswer = z.object({
  id: z.string(),
  personId: z.string(),
  preferenceId: z.string(),
  title: z.string(),
  body: z.string(),
  createdBy: by,
  updatedBy: by,
  createdAt: time,
  updatedAt: time,
});

export const preferenceAnswer = z.object({
  id: z.string(),
  personId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  feeling: z.enum(FEELINGS).nullable(),
  feelingOther: z.string().nullable(),
  access: z.enum(ACCESS),
  reviewSchedule: z.enum(REVIEW_SCHEDULES),
  reviewAt: time.nullable(),
  reviewStatus: z.enum(REVIEW_GROUPS),
  heroMediaId: z.string().nullable(),
  spokenMediaId: z.string().nullable(),
  status: z.enum(PREFERENCE_STATUSES),
  createdAt: time,
  createdBy: by,
  updatedAt: time,
  updatedBy: by,
  reviewedAt: time.nullable(),
  reviewedBy: by,
  /** Where the query reads them: one preference, or the list. */
  categories: z.array(categorySummaryAnswer).optional(),
  notes: z.array(noteAnswer).optional(),
});

export const categoryAnswer = categorySummaryAnswer.extend({
  personId: z.string(),
  photoId: z.string().nullable(),
  createdAt: time,
  createdBy: by,
  updatedAt: time,
  updatedBy: by,
  /** How many preferences it holds, when asked for (`includeCounts`). */
  count: z.number().int().optional(),
});

/** One category, read alone: where it sits, and what it holds. */
export const categoryDetailAnswer = categoryAnswer.extend({
  parent: categorySummaryAnswer.nullable(),
  children: z.array(categorySummaryAnswer),
  preferences: z.array(z.object({ id: z.string(), title: z.string(), access: z.enum(ACCESS) })),
});

export const reviewAnswer = z.object({
  id: z.string(),
  preferenceId: z.string(),
  reviewSchedule: z.enum(REVIEW_SCHEDULES).optional(),
  reviewedAt: time.nullable(),
  nextReviewAt: time.nullable(),
});

export const mediaAnswer = z.object({
  id: z.string(),
  personId: z.string(),
  preferenceId: z.string().nullable(),
  createdById: by,
  name: z.string(),
  description: z.string().nullable(),
  contentType: z.string(),
  type: z.enum(MEDIA_TYPES),
  contentLength: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  attribution: z.string().nullable(),
  createdAt: time,
  /** When the upload was confirmed: null while it is still on its way. */
  settledAt: time.nullable(),
});

/** A person as anyone linked to them reads them. */
export const personSummaryAnswer = z.object({
  id: z.string(),
  type: z.enum(PERSON_TYPES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  knownAs: z.string().nullable(),
  fullName: z.string().nullable(),
  photoId: z.string().nullable(),
});

/** A person as they and their Administrator read them: the personal details too. */
export const personDetailsAnswer = personSummaryAnswer.extend({
  pronouns: z.enum(PRONOUNS).nullable(),
  pronounsOther: z.string().nullable(),
  bio: z.string().nullable(),
  personalInformation: z.object({ phone: z.string().nullable() }),
  email: z.string().nullable(),
});

/** A person, as the caller may read them: the details exactly when they may read those. */
export const personAnswer = z.union([personDetailsAnswer, personSummaryAnswer]);

/** A Circle link, with the person on the far side where the route reads them. */
export const linkAnswer = z.object({
  id: z.string(),
  supporterId: z.string(),
  supportedId: z.string(),
  accessLevel: z.enum(ACCESS_LEVELS),
  endsAt: time.nullable(),
  createdAt: time,
  updatedAt: time,
  supporter: personSummaryAnswer.optional(),
  supported: personSummaryAnswer.optional(),
});

/** A library's storage: bytes used and allowed (null: no limit), and the most one file may have. */
export const storageAnswer = z.object({
  used: z.number(),
  limit: z.number().nullable(),
  percent: z.number().nullable(),
  /** "Your library is nearly full!" or "… is full!", else null. */
  message: z.string().nullable(),
  fileLimit: z.number(),
});

/** Where the browser PUTs an announced upload, and until when. */
export const uploadAnswer = z.object({
  id: z.string(),
  method: z.literal('PUT'),
  url: z.url(),
  headers: z.object({ 'Content-Type': z.string() }),
  expiresAt: time,
});

/** A URL that reads a file for a short while. */
export const signedAnswer = z.object({ url: z.url(), expiresAt: time });

export const organisationAnswer = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ORGANISATION_TYPES),
  status: z.enum(ORGANISATION_STATUSES),
  createdAt: time,
  updatedAt: time,
  hasLogo: z.boolean(),
});

/** An organisation read alone: who belongs to it. */
export const organisationDetailAnswer = organisationAnswer.extend({
  members: z.array(z.object({ personId: z.string(), name: z.string(), role: z.string() })),
});

export type OrganisationAnswer = z.input<typeof organisationAnswer>;
export type OrganisationDetailAnswer = z.input<typeof organisationDetailAnswer>;
/** What changed since a supporter's last visit, for them. */
export const handoverItemAnswer = z.object({
  id: z.string(),
  personId: z.string(),
  kind: z.enum(HANDOVER_KINDS),
  eventType: z.enum(HISTORY_EVENT_TYPES).nullable(),
  preferenceId: z.string().nullable(),
  access: z.enum(ACCESS),
  message: z.string(),
  createdAt: time,
  seenAt: time.nullable(),
});

/** A note left for the next visit. */
export const handoverNoteAnswer = z.object({
  id: z.string(),
  personId: z.string(),
  body: z.string(),
  access: z.enum(ACCESS),
  authorName: z.string().nullable(),
  createdBy: by,
  createdAt: time,
  updatedAt: time,
  expiresAt: time,
});

export type HandoverItemAnswer = z.input<typeof handoverItemAnswer>;
export type HandoverNoteAnswer = z.input<typeof handoverNoteAnswer>;
/**
 * A support session. Its times are epoch milliseconds, as the rows hold them
 * (the page counts with them), not ISO strings as elsewhere.
 */
export const supportSessionAnswer = z.object({
  /** How long until it ends for want of activity, as the server counts. */
  endsWhenIdleInMs: z.number(),
  id: z.string(),
  personId: z.string(),
  supporterId: z.string(),
  supporterLinkId: z.string(),
  startedAt: z.number(),
  lastActiveAt: z.number(),
  endedAt: z.number().nullable(),
  endedReason: z.string().nullable(),
  active: z.boolean(),
});

/** A session started or resumed: with the link's level, for the tab to ask the library at. */
export const supportSessionStartAnswer = supportSessionAnswer.extend({
  accessLevel: z.enum(ACCESS_LEVELS),
});

export type SupportSessionAnswer = z.input<typeof supportSessionAnswer>;
export type StorageAnswer = z.input<typeof storageAnswer>;
/** A Circle's places on the plan: how many, taken and left (null: no limit). */
export const spotsAnswer = z.object({
  limit: z.number().nullable(),
  taken: z.number(),
  left: z.number().nullable(),
  /** What a screen says of them, when something is worth saying. */
  message: z.string().nullable(),
});

export type SpotsAnswer = z.input<typeof spotsAnswer>;
export type MediaAnswer = z.input<typeof mediaAnswer>;
export type PersonSummaryAnswer = z.input<typeof personSummaryAnswer>;
export type PersonDetailsAnswer = z.input<typeof personDetailsAnswer>;
export type LinkAnswer = z.input<typeof linkAnswer>;
export type PreferenceAnswer = z.input<typeof preferenceAnswer>;
export type CategoryAnswer = z.input<typeof categoryAnswer>;
export type CategoryDetailAnswer = z.input<typeof categoryDetailAnswer>;
export type NoteAnswer = z.input<typeof noteAnswer>;
export type CategorySummaryAnswer = z.input<typeof categorySummaryAnswer>;
export type ReviewAnswer = z.input<typeof reviewAnswer>;

/**
 * What a route answers when it has done what was asked, in the OpenAPI
 * document: its status, and the schema of its JSON (none for a 204). A route
 * that says so is described by exactly this; one that does not, by "2XX" in
 * general words (api/openapi.ts).
 */
export function answers(status: 200 | 201 | 202 | 204, description: string, schema?: z.ZodType) {
  return describeRoute({
    responses: {
      [status]: {
        description,
        ...(schema ? { content: { 'application/json': { schema: resolver(schema) } } } : {}),
      },
    },
  });
}

/** A route that answers with a file of `type` (a PDF, say), in the OpenAPI document. */
export function answersFile(type: string, description: string) {
  return describeRoute({
    responses: {
      200: { description, content: { [type]: { schema: { type: 'string', format: 'binary' } } } },
    },
  });
}
