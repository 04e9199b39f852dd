/**
 * Server-only tables, in the Postgres schema `private`. zero-cache publishes only
 * `public`, so nothing here ever reaches a client; these tables are also left out
 * of the Zero schema (drizzle-zero.config.ts). Tokens are stored as SHA-256 hashes
 * (hex), never in the clear.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { WEBAUTHN_CHALLENGE_KINDS } from './enums.ts';
import { invite, person, plan, profileShare, user } from './tables.ts';

export const privateSchema = pgSchema('private');

export const webauthnChallengeKindEnum = privateSchema.enum(
  'webauthn_challenge_kind',
  WEBAUTHN_CHALLENGE_KINDS,
);

/** A signed-in browser. The cookie holds the token; `id` is its SHA-256 (hex). */
export const session = privateSchema.table(
  'session',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
    /** Id of the session this one replaced on rotation. */
    rotatedFrom: text('rotated_from'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

/**
 * An e-mail magic-link sign-in. The mailed link carries the token
 * (`token_hash`); the tab that asked holds a second token (`browser_token_hash`)
 * so that it can complete the sign-in itself.
 */
export const magicLinkChallenge = privateSchema.table(
  'magic_link_challenge',
  {
    id: text('id').primaryKey(),
    /** Lower-case. */
    email: text('email').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    browserTokenHash: text('browser_token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    completedAt: timestamptz('completed_at'),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    /**
     * The short code shown on the asking device, hashed: opening the link on
     * another browser asks for it (ADR 012).
     */
    codeHash: text('code_hash'),
    /** The asking browser's User-Agent, to show where the sign-in was asked. */
    userAgent: text('user_agent'),
    /** Set when the person opening the link says they did not ask for it. */
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('magic_link_challenge_token_hash_unique').on(t.tokenHash),
    // Rate limiting by address and by time.
    index('magic_link_challenge_email_created_idx').on(t.email, t.createdAt),
    index('magic_link_challenge_user_id_idx').on(t.userId),
    check('magic_link_challenge_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

/** A WebAuthn credential. `id` is the credential id, base64url. */
export const passkeyCredential = privateSchema.table(
  'passkey_credential',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** AuthenticatorTransport values, e.g. internal, hybrid, usb. */
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** `singleDevice` or `multiDevice`. */
    deviceType: text('device_type').$type<'singleDevice' | 'multiDevice'>().notNull(),
    backedUp: boolean('backed_up').notNull(),
    /** Authenticator model, when reported; lets the list name the device. */
    aaguid: text('aaguid'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('passkey_credential_user_id_idx').on(t.userId)],
);

export const webauthnChallenge = privateSchema.table(
  'webauthn_challenge',
  {
    id: text('id').primaryKey(),
    /** Null for a sign-in (authentication) before the user is known. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    kind: webauthnChallengeKindEnum('kind').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('webauthn_challenge_challenge_unique').on(t.challenge),
    index('webauthn_challenge_user_id_idx').on(t.userId),
    index('webauthn_challenge_expires_at_idx').on(t.expiresAt),
  ],
);

/** The secret half of `public.invite`: the link's token, hashed. */
export const inviteToken = privateSchema.table(
  'invite_token',
  {
    inviteId: text('invite_id')
      .primaryKey()
      .references(() => invite.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [unique('invite_token_token_hash_unique').on(t.tokenHash)],
);

/** The hashed token of a profile share link (the link itself is shown once). */
export const profileShareToken = privateSchema.table(
  'profile_share_token',
  {
    shareId: text('share_id')
      .primaryKey()
      .references(() => profileShare.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
  },
  (t) => [unique('profile_share_token_token_hash_unique').on(t.tokenHash)],
);

/** Stripe ids of a paying person. */
export const billingCustomer = privateSchema.table(
  'billing_customer',
  {
    personId: text('person_id')
      .primaryKey()
      .references(() => person.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('billing_customer_stripe_customer_id_unique').on(t.stripeCustomerId),
    unique('billing_customer_stripe_subscription_id_unique').on(t.stripeSubscriptionId),
  ],
);

/** The Stripe price of each paid plan. */
export const billingPrice = privateSchema.table(
  'billing_price',
  {
    planId: text('plan_id')
      .primaryKey()
      .references(() => plan.id, { onDelete: 'cascade' }),
    stripePriceId: text('stripe_price_id').notNull(),
  },
  (t) => [unique('billing_price_stripe_price_id_unique').on(t.stripePriceId)],
);

/** Stripe webhook events already handled (webhooks are delivered at least once). */
export const billingEvent = privateSchema.table('billing_event', {
  /** Stripe event id (evt_...). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  processedAt: timestamptz('processed_at'),
});

/**
 * One counted action for an abuse limit (invites sent, registrations, ...):
 * `bucket` names the limit, `subject` whom it counts (an account or an
 * address). Limits count the rows of a window; old rows are swept.
 */
export const rateEvent = privateSchema.table(
  'rate_event',
  {
    id: text('id').primaryKey(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('rate_event_bucket_subject_created_idx').on(t.bucket, t.subject, t.createdAt)],
);

/**
 * A change of the outbox that the server refused (web/offline/outbox.ts):
 * written by the mutate endpoint in the very transaction in which Zero
 * records the refusal and moves the client's last mutation id past it
 * (api/zero/db-provider.ts). Zero's client counts a change as done once that
 * id passes it, unless the refusal reached it first; after a reconnect it
 * often has not. So the outbox asks here, by its own key for the change,
 * before it tells anyone a change was saved. A later send of the same change
 * that lands removes the row. Rows go after a month (api/sweeps.ts).
 */
export const changeRefusal = privateSchema.table(
  'change_refusal',
  {
    clientId: text('client_id').notNull(),
    mutationId: bigint('mutation_id', { mode: 'number' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The outbox's key for the change (one change may be sent more than once). */
    changeKey: text('change_key').notNull(),
    code: text('code'),
    message: text('message').notNull(),
    /** What the refusal carried for the screen (a crossing edit's stored values). */
    details: jsonb('details'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.mutationId] }),
    index('change_refusal_user_key_idx').on(t.userId, t.changeKey),
  ],
);

/**
 * Bytes of confirmed media per person: the figure the storage limit is
 * checked against (sync/plan-limits.ts). Kept by a trigger on `media`
 * (migration 0006), in the transaction of every confirmation and deletion,
 * cascades included; the confirmation locks the row to check the limit.
 */
export const mediaUsage = privateSchema.table(
  'media_usage',
  {
    personId: text('person_id')
      .primaryKey()
      .references(() => person.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('media_usage_bytes_not_negative', sql`${t.bytes} >= 0`)],
);

/**
 * Store objects whose media record is gone (deleted, or with its preference or
 * person): written by a trigger on `media` in the deleting transaction, and
 * removed from the store by the API right after, or by the minute sweep.
 */
export const mediaRemoval = privateSchema.table('media_removal', {
  key: text('key').primaryKey(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * A copy of everything kept about a person, as a zip ("My data"):
 * built in the background by the API (api/my-data/zip.ts), its progress read by
 * the person's page, the file kept in the store under `storage_key` until
 * `expires_at`. Not replicated: only the person's own REST calls read it.
 */
export const dataExport = privateSchema.table(
  'data_export',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** building, ready or failed. */
    status: text('status').notNull(),
    /** 0 to 100. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('data_export_person_id_idx').on(t.personId),
    check('data_export_status', sql`${t.status} in ('building', 'ready', 'failed')`),
    check('data_export_progress', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * An account asked to be deleted: deleted by the API's sweep at
 * `due_at`, with the people in `also_delete` (those the account administers
 * whom nobody else could reach), unless the person keeps their account first.
 */
export const accountDeletion = privateSchema.table('account_deletion', {
  personId: text('person_id')
    .primaryKey()
    .references(() => person.id, { onDelete: 'cascade' }),
  requestedAt: timestamptz('requested_at').notNull().defaultNow(),
  dueAt: timestamptz('due_at').notNull(),
  alsoDelete: text('also_delete').array().notNull().default(sql`'{}'::text[]`),
});
