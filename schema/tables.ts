/**
 * Replicated tables (Postgres schema `public`). zero-cache publishes every table
 * in `public`, so nothing secret may live here: see `private.ts` for that.
 *
 * Conventions:
 * - Primary keys are app-generated UUIDs stored as text (Zero clients create rows
 *   optimistically, so ids cannot come from the database).
 * - Timestamps are `timestamptz` read by drizzle as `Date`; Zero sees them as
 *   numbers (epoch milliseconds).
 * - Audit columns `created_by` / `updated_by` / `reviewed_by` hold a *person* id
 *   (the byline shows a person) and are set null when that person is deleted, so
 *   the audited row survives.
 * - Columns with a database default are still set explicitly by mutators: the
 *   Zero client never sees database defaults (the drizzle-zero config marks them
 *   required on the Zero side).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import {
  ACCESS,
  ACCESS_LEVELS,
  FEELINGS,
  HANDOVER_DAYS_DEFAULT,
  HANDOVER_KINDS,
  HISTORY_EVENT_TYPES,
  HISTORY_RELATED_TYPES,
  INVITE_KINDS,
  MEDIA_TYPES,
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  PERSON_TYPES,
  PLAN_DURATIONS,
  PREFERENCE_STATUSES,
  PROFILE_PURPOSES,
  PROFILE_SECTIONS,
  PRONOUNS,
  REVIEW_SCHEDULES,
  SUBSCRIPTION_STATUSES,
  SURVEY_ANSWERS,
  USER_TYPES,
} from './enums.ts';

// ---------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------

export const personTypeEnum = pgEnum('person_type', PERSON_TYPES);
export const userTypeEnum = pgEnum('user_type', USER_TYPES);
export const pronounsEnum = pgEnum('pronouns', PRONOUNS);
export const feelingEnum = pgEnum('feeling', FEELINGS);
export const accessEnum = pgEnum('access', ACCESS);
export const accessLevelEnum = pgEnum('access_level', ACCESS_LEVELS);
export const handoverKindEnum = pgEnum('handover_kind', HANDOVER_KINDS);
export const reviewScheduleEnum = pgEnum('review_schedule', REVIEW_SCHEDULES);
export const inviteKindEnum = pgEnum('invite_kind', INVITE_KINDS);
export const historyEventTypeEnum = pgEnum('history_event_type', HISTORY_EVENT_TYPES);
export const historyRelatedTypeEnum = pgEnum('history_related_type', HISTORY_RELATED_TYPES);
export const organisationTypeEnum = pgEnum('organisation_type', ORGANISATION_TYPES);
export const organisationStatusEnum = pgEnum('organisation_status', ORGANISATION_STATUSES);
export const planDurationEnum = pgEnum('plan_duration', PLAN_DURATIONS);
export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const surveyAnswerEnum = pgEnum('survey_answer', SURVEY_ANSWERS);
export const mediaTypeEnum = pgEnum('media_type', MEDIA_TYPES);
export const preferenceStatusEnum = pgEnum('preference_status', PREFERENCE_STATUSES);
export const profilePurposeEnum = pgEnum('profile_purpose', PROFILE_PURPOSES);
export const profileSectionEnum = pgEnum('profile_section', PROFILE_SECTIONS);

// ---------------------------------------------------------------------------
// Column helpers (functions, so that no builder instance is shared by tables)
// ---------------------------------------------------------------------------

const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** A person id kept for the record; the row outlives the person. */
const personRef = (name: string) =>
  text(name).references((): AnyPgColumn => person.id, { onDelete: 'set null' });

// ---------------------------------------------------------------------------
// People and users
// ---------------------------------------------------------------------------

export const person = pgTable(
  'person',
  {
    id: text('id').primaryKey(),
    type: personTypeEnum('type').notNull(),
    // Nullable: an Anonymous person has no name.
    firstName: text('first_name'),
    lastName: text('last_name'),
    knownAs: text('known_as'),
    fullName: text('full_name'),
    // Set null when the photo's media item is deleted.
    photoId: text('photo_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    /** How many days a handover note left on this person lasts (sync/handover.ts); they choose. */
    handoverNoteDays: integer('handover_note_days').notNull().default(HANDOVER_DAYS_DEFAULT),
    /**
     * Whether the person reads their own screens in easy read (pictures first,
     * short lines, large text). On `person`, not `person_detail`: a supporter
     * in session reads it too, to know how the person reads.
     */
    easyRead: boolean('easy_read').notNull().default(false),
    createdAt: createdAt(),
    createdBy: personRef('created_by'),
    updatedAt: updatedAt(),
    updatedBy: personRef('updated_by'),
  },
  (t) => [index('person_photo_id_idx').on(t.photoId)],
);

/**
 * A person's personal details, one row per person, created with the person.
 * They live apart from `person` because zero-cache sends every column of a
 * replicated row to whoever may read the row: everyone linked to a person
 * reads their `person` row (name and photo), while only the person and their
 * Administrator in a support session read this one (permissions.ts
 * personDetailReadableBy), the same as REST.
 */
export const personDetail = pgTable('person_detail', {
  personId: text('person_id')
    .primaryKey()
    .references(() => person.id, { onDelete: 'cascade' }),
  pronouns: pronounsEnum('pronouns'),
  pronounsOther: text('pronouns_other'),
  bio: text('bio'),
  phone: text('phone'),
  /** Contact e-mail; the sign-in e-mail is `user.email`. */
  email: text('email'),
  createdAt: createdAt(),
  createdBy: personRef('created_by'),
  updatedAt: updatedAt(),
  updatedBy: personRef('updated_by'),
});

/** `user` is reserved in SQL, hence `app_user`; its Zero table name is `user`. */
export const user = pgTable(
  'app_user',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** Sign-in e-mail, stored lower-case. Null for an Anonymous user. */
    email: text('email'),
    type: userTypeEnum('type').notNull(),
    wizardCompletedAt: timestamptz('wizard_completed_at'),
    acceptedTermsAt: timestamptz('accepted_terms_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('app_user_person_id_unique').on(t.personId),
    unique('app_user_email_unique').on(t.email),
    check('app_user_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

// ---------------------------------------------------------------------------
// The library: preferences, categories, notes, media, reviews
// ---------------------------------------------------------------------------

export const preference = pgTable(
  'preference',
  {
    id: text('id').primaryKey(),
    /** Owner: the Decision Maker whose library this is. */
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    feeling: feelingEnum('feeling'),
    feelingOther: text('feeling_other'),
    access: accessEnum('access').notNull(),
    reviewSchedule: reviewScheduleEnum('review_schedule').notNull().default('Never'),
    reviewAt: timestamptz('review_at'),
    /** Pinned image. Cleared when that media item is deleted. */
    heroMediaId: text('hero_media_id').references((): AnyPgColumn => media.id, {
      onDelete: 'set null',
    }),
    /**
     * A recording of the Decision Maker describing the preference:
     * played in place of the written description for someone who does not
     * read. A settled sound of this preference; cleared when it is deleted.
     */
    spokenMediaId: text('spoken_media_id').references((): AnyPgColumn => media.id, {
      onDelete: 'set null',
    }),
    status: preferenceStatusEnum('status').notNull().default('Published'),
    createdAt: createdAt(),
    createdBy: personRef('created_by'),
    updatedAt: updatedAt(),
    updatedBy: personRef('updated_by'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: personRef('reviewed_by'),
  },
  (t) => [
    index('preference_person_id_idx').on(t.personId),
    index('preference_person_id_review_at_idx').on(t.personId, t.reviewAt),
    index('preference_hero_media_id_idx').on(t.heroMediaId),
    index('preference_spoken_media_id_idx').on(t.spokenMediaId),
  ],
);

/**
 * Categories nest through `parent_id`. Deleting a category sets its children's
 * parent to null (they move to the top level) rather than deleting them or
 * refusing: a deletion never takes other categories, or any preference, with it.
 * Its `preference_category` join rows cascade; the preferences stay.
 */
export const category = pgTable(
  'category',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => category.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    photoId: text('photo_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    access: accessEnum('access').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    createdBy: personRef('created_by'),
    updatedAt: updatedAt(),
    updatedBy: personRef('updated_by'),
  },
  (t) => [
    index('category_person_id_idx').on(t.personId),
    index('category_parent_id_idx').on(t.parentId),
    index('category_photo_id_idx').on(t.photoId),
    check('category_not_own_parent', sql`${t.parentId} <> ${t.id}`),
  ],
);

/**
 * Many-to-many preference <-> category. `person_id` (the owner), and the
 * preference's `access` and `status` copied here, keep permission filters
 * cheap: a supporter's category counts need no look-up of each preference.
 * The copies are the database's job (migration 0001: a trigger sets them on
 * insert and follows every change of the preference); the defaults are the
 * most closed values, never relied on.
 */
export const preferenceCategory = pgTable(
  'preference_category',
  {
    preferenceId: text('preference_id')
      .notNull()
      .references(() => preference.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** The preference's access (copied by trigger). */
    access: accessEnum('access').notNull().default('Restricted'),
    /** The preference's status (copied by trigger). */
    status: preferenceStatusEnum('status').notNull().default('Draft'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'preference_category_pkey', columns: [t.preferenceId, t.categoryId] }),
    index('preference_category_category_id_idx').on(t.categoryId),
    index('preference_category_person_id_idx').on(t.personId),
  ],
);

export const note = pgTable(
  'note',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    preferenceId: text('preference_id')
      .notNull()
      .references(() => preference.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The author. */
    createdBy: personRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: personRef('updated_by'),
  },
  (t) => [
    index('note_preference_id_idx').on(t.preferenceId),
    index('note_person_id_idx').on(t.personId),
  ],
);

/**
 * Shared text (a preference's description, a note's body) as a Yjs document:
 * each row is one Yjs update, base64 (Zero has no bytea). Rows of one document
 * (its preference, and its note for a note's body) merge in any order; the
 * server folds them into one snapshot row now and then (sync/shared-text.ts).
 * The plain text stays materialised in `preference.description` / `note.body`.
 */
export const textUpdate = pgTable(
  'text_update',
  {
    id: text('id').primaryKey(),
    /** The library the text belongs to. */
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** The preference whose description this is, or whose note's body. */
    preferenceId: text('preference_id')
      .notNull()
      .references(() => preference.id, { onDelete: 'cascade' }),
    /** Set for a note's body; null for the preference's description. */
    noteId: text('note_id').references(() => note.id, { onDelete: 'cascade' }),
    /** The Yjs update, base64. */
    data: text('data').notNull(),
    createdBy: personRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('text_update_preference_id_idx').on(t.preferenceId),
    index('text_update_note_id_idx').on(t.noteId),
  ],
);

export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** Null for media that belong to no preference (a person's or a category's photo). */
    preferenceId: text('preference_id').references((): AnyPgColumn => preference.id, {
      onDelete: 'cascade',
    }),
    createdBy: personRef('created_by'),
    name: text('name').notNull(),
    description: text('description'),
    contentType: text('content_type').notNull(),
    type: mediaTypeEnum('type').notNull(),
    /** Bytes, as declared when signing the upload; counts towards the plan's storage limit. */
    contentLength: bigint('content_length', { mode: 'number' }).notNull(),
    /**
     * Object key in the S3-compatible store. Replicated like every column (see
     * drizzle-zero.config.ts); it grants nothing: the bucket is private and every
     * read goes through a URL the API signs after checking access.
     */
    storageKey: text('storage_key').notNull(),
    /** Null until the upload is confirmed (`upload-settled`). */
    settledAt: timestamptz('settled_at'),
    /**
     * A picture's copies at display size and as a small tile (WebP, made when
     * it is confirmed): what screens load instead of the original bytes. Null
     * for sounds and videos, and until made.
     */
    displayKey: text('display_key'),
    thumbKey: text('thumb_key'),
    /** A picture's size in pixels (the original's), when known: screens reserve its space. */
    width: integer('width'),
    height: integer('height'),
    /** Who made a photo chosen from a photo search, and its licence, to show beside it. */
    attribution: text('attribution'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: personRef('updated_by'),
  },
  (t) => [
    index('media_preference_id_idx').on(t.preferenceId),
    index('media_person_id_idx').on(t.personId),
    unique('media_storage_key_unique').on(t.storageKey),
    check('media_content_length_not_negative', sql`${t.contentLength} >= 0`),
  ],
);

export const review = pgTable(
  'review',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    preferenceId: text('preference_id')
      .notNull()
      .references(() => preference.id, { onDelete: 'cascade' }),
    reviewedBy: personRef('reviewed_by'),
    reviewedAt: timestamptz('reviewed_at').notNull().defaultNow(),
    reviewSchedule: reviewScheduleEnum('review_schedule').notNull(),
    nextReviewAt: timestamptz('next_review_at'),
  },
  (t) => [
    index('review_preference_id_idx').on(t.preferenceId),
    index('review_person_id_idx').on(t.personId),
  ],
);

// ---------------------------------------------------------------------------
// Circle of Support
// ---------------------------------------------------------------------------

export const supporterLink = pgTable(
  'supporter_link',
  {
    id: text('id').primaryKey(),
    supporterId: text('supporter_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** The Decision Maker being supported. */
    supportedId: text('supported_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    accessLevel: accessLevelEnum('access_level').notNull(),
    /**
     * When the link ends by itself (relief staff, a hospital stay), or null:
     * the API's sweep removes it then (sync/circle.ts endExpiredLinks), since
     * ZQL has no now() and the rules only see rows.
     */
    endsAt: timestamptz('ends_at'),
    createdAt: createdAt(),
    createdBy: personRef('created_by'),
    updatedAt: updatedAt(),
    updatedBy: personRef('updated_by'),
  },
  (t) => [
    // Also serves lookups by supporter_id (leading column), and the rules'
    // "my link to the person this row belongs to" (supporter_id and supported_id).
    unique('supporter_link_supporter_supported_unique').on(t.supporterId, t.supportedId),
    index('supporter_link_supported_id_idx').on(t.supportedId),
    index('supporter_link_ends_at_idx').on(t.endsAt).where(sql`${t.endsAt} is not null`),
    // "You cannot be set as your own supporter".
    check('supporter_link_not_self', sql`${t.supporterId} <> ${t.supportedId}`),
  ],
);

/**
 * A Supporter's working session for one Decision Maker. `ended_at IS NULL` means
 * active: ZQL has no now(), so expiry is written to `ended_at` by a job and the
 * permission filter only tests the column.
 */
export const supportSession = pgTable(
  'support_session',
  {
    id: text('id').primaryKey(),
    supporterLinkId: text('supporter_link_id')
      .notNull()
      .references(() => supporterLink.id, { onDelete: 'cascade' }),
    /** The supported Decision Maker. */
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    supporterId: text('supporter_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    lastActiveAt: timestamptz('last_active_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    endedReason: text('ended_reason'),
  },
  (t) => [
    index('support_session_link_ended_at_idx').on(t.supporterLinkId, t.endedAt),
    index('support_session_person_id_idx').on(t.personId),
    index('support_session_supporter_id_ended_at_idx').on(t.supporterId, t.endedAt),
    // At most one active session per link (partial: zero-cache ignores it, Postgres enforces it).
    uniqueIndex('support_session_one_active_per_link')
      .on(t.supporterLinkId)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);

/** The token's hash lives in `private.invite_token`. */
export const invite = pgTable(
  'invite',
  {
    id: text('id').primaryKey(),
    /** Whose invite: the person who is sharing. */
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    kind: inviteKindEnum('kind').notNull(),
    /** For Supporter invites: the level the new link gets. */
    accessLevel: accessLevelEnum('access_level'),
    /** The preference or category id for Preference / PreferenceCategory invites. */
    targetId: text('target_id'),
    email: text('email'),
    expiresAt: timestamptz('expires_at').notNull(),
    /**
     * For Supporter invites: when the access it gives ends by itself (relief
     * staff, a hospital stay), copied to the link's `ends_at` on accepting.
     */
    accessEndsAt: timestamptz('access_ends_at'),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: personRef('accepted_by'),
    declinedAt: timestamptz('declined_at'),
    createdBy: personRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('invite_person_id_idx').on(t.personId)],
);

// ---------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------

export const historyEvent = pgTable(
  'history_event',
  {
    id: text('id').primaryKey(),
    /** The person whose history this is. */
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    type: historyEventTypeEnum('type').notNull(),
    relatedType: historyRelatedTypeEnum('related_type').notNull(),
    relatedId: text('related_id'),
    message: text('message').notNull(),
    /**
     * For a change to a library item: the item's access when it changed (the
     * stricter of before and after), and its preference. A supporter's
     * handover is made from these (sync/handover.ts); null for the rest.
     */
    access: accessEnum('access'),
    preferenceId: text('preference_id'),
    createdBy: personRef('created_by'),
    createdAt: createdAt(),
  },
  // Cursor paging, newest first: (created_at, id) < (cursor).
  (t) => [index('history_event_person_created_idx').on(t.personId, t.createdAt.desc(), t.id)],
);

// ---------------------------------------------------------------------------
// The handover (sync/handover.ts)
// ---------------------------------------------------------------------------

/**
 * One thing a supporter has not seen since their last support session with a
 * person: made by the database from the history rows (a trigger on
 * `history_event`, migrations/0018), one row per supporter whose level reads
 * it, so a supporter's handover is read with equalities alone. A session's
 * end clears what came before it; a lower level or a stricter preference
 * takes away what no longer shows; a link's removal takes all of it.
 */
export const handoverItem = pgTable(
  'handover_item',
  {
    id: text('id').primaryKey(),
    supporterLinkId: text('supporter_link_id')
      .notNull()
      .references(() => supporterLink.id, { onDelete: 'cascade' }),
    /** The reader. */
    supporterId: text('supporter_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** Whom it is about. */
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    kind: handoverKindEnum('kind').notNull(),
    /** Create, Modify or Delete for a preference or a note; null for a review or a level. */
    eventType: historyEventTypeEnum('event_type'),
    historyEventId: text('history_event_id').references(() => historyEvent.id, {
      onDelete: 'cascade',
    }),
    preferenceId: text('preference_id'),
    access: accessEnum('access').notNull().default('General'),
    /** What happened, in the history's words ("Changed the feeling of “Tea”"). */
    message: text('message').notNull(),
    createdBy: personRef('created_by'),
    createdAt: createdAt(),
    /** When the supporter opened it. */
    seenAt: timestamptz('seen_at'),
  },
  (t) => [
    index('handover_item_supporter_idx').on(t.supporterId, t.createdAt),
    index('handover_item_link_idx').on(t.supporterLinkId, t.createdAt),
    index('handover_item_preference_idx').on(t.preferenceId),
    index('handover_item_person_idx').on(t.personId),
  ],
);

/**
 * A note for the next visit, left on a person inside a support session (or by
 * the person). Its access is its author's level (General for the person), and
 * it lasts the person's `handover_note_days`; the API's sweep removes it then.
 */
export const handoverNote = pgTable(
  'handover_note',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    access: accessEnum('access').notNull(),
    /**
     * Who left it, as they were named then: a note's readers are its
     * author's fellow supporters, who may not read each other's person rows
     * (sync/permissions.ts personReadableBy), yet a handover says who said it.
     */
    authorName: text('author_name'),
    createdBy: personRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: personRef('updated_by'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('handover_note_person_idx').on(t.personId, t.createdAt),
    index('handover_note_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Who reads a handover note besides the person and their Administrator in a
 * session: the supporters whose links read it when it was left (at or above
 * its access). Written with the note; a lower level or a removed link takes
 * its rows away (migrations/0018).
 */
export const handoverNoteReader = pgTable(
  'handover_note_reader',
  {
    noteId: text('note_id')
      .notNull()
      .references(() => handoverNote.id, { onDelete: 'cascade' }),
    supporterLinkId: text('supporter_link_id')
      .notNull()
      .references(() => supporterLink.id, { onDelete: 'cascade' }),
    supporterId: text('supporter_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.noteId, t.supporterLinkId] }),
    index('handover_note_reader_supporter_idx').on(t.supporterId),
    index('handover_note_reader_link_idx').on(t.supporterLinkId),
  ],
);

// ---------------------------------------------------------------------------
// Organisations
// ---------------------------------------------------------------------------

export const organisation = pgTable('organisation', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: organisationTypeEnum('type').notNull(),
  status: organisationStatusEnum('status').notNull(),
  email: text('email'),
  /** Object key of the logo (not replicated); `logo_updated_at` tells clients one exists. */
  logoStorageKey: text('logo_storage_key'),
  logoUpdatedAt: timestamptz('logo_updated_at'),
  createdAt: createdAt(),
  createdBy: personRef('created_by'),
  updatedAt: updatedAt(),
  updatedBy: personRef('updated_by'),
});

export const organisationMember = pgTable(
  'organisation_member',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisation.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'organisation_member_pkey', columns: [t.organisationId, t.personId] }),
    index('organisation_member_person_id_idx').on(t.personId),
  ],
);

// ---------------------------------------------------------------------------
// Plans and subscriptions (Stripe ids are in private.billing_*)
// ---------------------------------------------------------------------------

/** Limits: null means unlimited. Byte limits are bigint. */
export const plan = pgTable(
  'plan',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    duration: planDurationEnum('duration').notNull(),
    supporterLimit: integer('supporter_limit'),
    supportedLimit: integer('supported_limit'),
    preferenceLimit: integer('preference_limit'),
    contentLengthTotalLimit: bigint('content_length_total_limit', { mode: 'number' }),
    contentLengthLimit: bigint('content_length_limit', { mode: 'number' }),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one default (free) plan.
    uniqueIndex('plan_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    check('plan_price_not_negative', sql`${t.priceCents} >= 0`),
  ],
);

/** One subscription row per person: the current state mirrored from Stripe. */
export const subscription = pgTable(
  'subscription',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    // Restrict: a plan with subscribers cannot be deleted.
    planId: text('plan_id')
      .notNull()
      .references(() => plan.id, { onDelete: 'restrict' }),
    /** Who may change the plan; null means the person administers it themselves. */
    administratedById: text('administrated_by_id').references((): AnyPgColumn => person.id, {
      onDelete: 'set null',
    }),
    status: subscriptionStatusEnum('status').notNull(),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('subscription_person_id_unique').on(t.personId),
    index('subscription_plan_id_idx').on(t.planId),
    index('subscription_administrated_by_id_idx').on(t.administratedById),
  ],
);

// ---------------------------------------------------------------------------
// Check-in survey
// ---------------------------------------------------------------------------

export const surveyResponse = pgTable(
  'survey_response',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** Which role's statements were answered. */
    type: personTypeEnum('type').notNull(),
    answer1: surveyAnswerEnum('answer1').notNull(),
    answer2: surveyAnswerEnum('answer2').notNull(),
    answer3: surveyAnswerEnum('answer3').notNull(),
    /**
     * Who gave the answers: the person, or a Supporter who helped them in a
     * support session. Nullable only so that the row outlives that person.
     */
    answeredBy: personRef('answered_by'),
    createdAt: createdAt(),
  },
  (t) => [index('survey_response_person_created_idx').on(t.personId, t.createdAt)],
);

/**
 * A one-page profile ("passport"): a purpose, a title and the
 * preferences that matter for it, laid out live from the library (never a
 * copy). Restricted preferences appear only when `include_restricted` says
 * the sharer chose so.
 */
export const profilePage = pgTable(
  'profile_page',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    purpose: profilePurposeEnum('purpose').notNull(),
    title: text('title').notNull(),
    includeRestricted: boolean('include_restricted').notNull().default(false),
    createdAt: createdAt(),
    createdBy: personRef('created_by'),
    updatedAt: updatedAt(),
    updatedBy: personRef('updated_by'),
  },
  (t) => [index('profile_page_person_id_idx').on(t.personId)],
);

/** A preference on a one-page profile, in one of its three parts, in order. */
export const profilePageItem = pgTable(
  'profile_page_item',
  {
    profilePageId: text('profile_page_id')
      .notNull()
      .references(() => profilePage.id, { onDelete: 'cascade' }),
    preferenceId: text('preference_id')
      .notNull()
      .references(() => preference.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    section: profileSectionEnum('section').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ name: 'profile_page_item_pkey', columns: [t.profilePageId, t.preferenceId] }),
    index('profile_page_item_preference_id_idx').on(t.preferenceId),
  ],
);

/**
 * A link that shows one profile page to anyone who has it, until it expires
 * or is revoked (its token lives hashed in `private.profile_share_token`).
 */
export const profileShare = pgTable(
  'profile_share',
  {
    id: text('id').primaryKey(),
    profilePageId: text('profile_page_id')
      .notNull()
      .references(() => profilePage.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
    createdBy: personRef('created_by'),
  },
  (t) => [index('profile_share_profile_page_id_idx').on(t.profilePageId)],
);
