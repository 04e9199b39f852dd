/**
 * "My data": what the API (api/routes/my-data.ts,
 * api/routes/account-deletion.ts, api/my-data/) and the web app (the My data pages) agree on: the
 * constants, the shapes of the answers and the words of the refusals. This is
 * what NZ Privacy Act principles 6 and 7 and GDPR articles 15, 17 and 20 ask
 * for: a copy of everything kept about a person, and erasure.
 */
import type { Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { zql } from '../schema/zero-schema.gen.ts';
import {
  defineChange,
  defineServerChange,
  type HistoryEntry,
  historyEntry,
  serverDb,
  sqlTexts,
  sqlTime,
} from './change.ts';
import { DATE_FORMATS, dateFormat } from './dates.ts';
import { appError, errorMessages } from './errors.ts';
import { itemId as id } from './ids.ts';
import { DATE_LOCALE } from './labels.ts';
import { formalName } from './names.ts';
import { assertSelf } from './permissions.ts';

/** How long a finished copy can be downloaded before it is removed. */
export const EXPORT_KEEP_MS = 48 * 60 * 60 * 1000;
/** A copy still "building" after this long was cut short (the API restarted): it failed. */
export const EXPORT_STALE_MS = 30 * 60 * 1000;
/** Days between asking for an account to be deleted and its deletion: time to change one's mind. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

export const EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The time zone of a copy's page when the browser that asked said none. */
export const EXPORT_DEFAULT_TIME_ZONE = 'UTC';

/** Whether `zone` is a time zone times can be shown in ("Pacific/Auckland"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(DATE_LOCALE, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Asking for a copy: the time zone of the asking browser, so that the copy's
 * page shows times as the app showed them (none is kept with the person).
 */
export const exportRequestSchema = z
  .object({
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, { message: 'That is not a time zone.' })
      .optional(),
  })
  .strict();

/** One copy, as the API answers it. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100. */
  progress: z.number(),
  /** Size of the zip in bytes, once ready. */
  bytes: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** Someone the account administers, and what deleting the account means for them. */
export const administeredSchema = z.object({
  personId: z.string(),
  name: z.string(),
  /** They sign in themselves: they keep their library, only this link ends. */
  hasAccount: z.boolean(),
  /** Other Administrators in their Circle: they keep the library going. */
  otherAdministrators: z.number(),
  /** Nobody else could reach their library: the person deleting must decide first. */
  needsDecision: z.boolean(),
});
export type Administered = z.infer<typeof administeredSchema>;

/** What deleting the account takes with it, and whether it is set already. */
export const deletionSummarySchema = z.object({
  /** When the account will be deleted, if that is asked for. */
  dueAt: z.string().nullable(),
  alsoDelete: z.array(z.string()),
  counts: z.object({
    preferences: z.number(),
    categories: z.number(),
    notes: z.number(),
    media: z.number(),
    mediaBytes: z.number(),
    profiles: z.number(),
    supporters: z.number(),
    supporting: z.number(),
    history: z.number(),
  }),
  administered: z.array(administeredSchema),
});
export type DeletionSummary = z.infer<typeof deletionSummarySchema>;

/** Asking for the deletion: whose libraries go too (those that need a decision, and no others). */
export const deletionRequestSchema = z
  .object({
    alsoDelete: z.array(z.string().min(1).max(64)).max(100),
  })
  .strict();

export const myDataMessages = {
  onlyYours: 'You can only download your own data.',
  onlyYourAccount: 'You can only delete your own account.',
  noStore: 'Files cannot be kept at the moment. Please try again later.',
  expired: 'This copy is no longer kept. Please make a new one.',
  notReady: 'This copy is not ready yet.',
  decideFirst: (names: string[]) =>
    `Please decide first what happens to ${names.join(' and ')}: nobody else could reach their library.`,
  notYoursToDelete: 'You can only delete the libraries of people nobody else looks after.',
  alreadyAsked: errorMessages.already_asked,
  notAsked: errorMessages.not_asked,
} as const;

/**
 * What "My data" writes to history, in the third person: the person and their
 * Administrators read the same feed, and the feed says “their” to the one it
 * is about as “your” (sync/history.ts historySentence).
 */
export const myDataHistory = {
  exported: 'Made a copy of everything kept about them to download',
  askedDeletion: (when: string) => `Asked for their account to be deleted on ${when}`,
  askedWith: (name: string, when: string) =>
    `${name} asked for this library to be deleted with their account on ${when}`,
  kept: 'Kept their account: it will not be deleted',
  keptWith: (name: string) => `${name} kept their account: this library will not be deleted`,
  gone: (name: string) =>
    `${name} is no longer in the Circle of Support: their account was deleted`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a deletion asked for at `now` happens. */
export const deletionDueAt = (now: number) => now + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS;

/** A day as the deletion's words and mail say it: "26 November 2026" (New Zealand time). */
export const longDate = (d: Date) => dateFormat(DATE_FORMATS.day, 'Pacific/Auckland').format(d);

/** How the deletion's history names a person. */
export const nameOf = (p: { fullName: string | null; knownAs: string | null } | undefined) =>
  p?.knownAs || formalName(p) || 'Someone';

// ---------------------------------------------------------------------------
// Reads the changes and the API share (server only)
// ---------------------------------------------------------------------------

/**
 * The people `personId` administers, by name, and for each whether they would
 * be left with nobody to reach their library: no sign-in of their own and no
 * other Administrator (server only).
 */
export async function administeredBy(tx: Transaction, personId: string): Promise<Administered[]> {
  const rows = (await serverDb(tx).query(
    `SELECT p.id AS person_id, p.full_name, p.known_as,
            EXISTS (SELECT 1 FROM app_user u WHERE u.person_id = p.id) AS has_account,
            (SELECT count(*)::int FROM supporter_link o
              WHERE o.supported_id = p.id AND o.access_level = 'Administrator'
                AND o.supporter_id <> $1) AS others
       FROM supporter_link l JOIN person p ON p.id = l.supported_id
      WHERE l.supporter_id = $1 AND l.access_level = 'Administrator'
      ORDER BY p.full_name`,
    [personId],
  )) as Iterable<{
    person_id: string;
    full_name: string | null;
    known_as: string | null;
    has_account: boolean;
    others: number;
  }>;
  return [...rows].map((r) => ({
    personId: r.person_id,
    name: nameOf({ fullName: r.full_name, knownAs: r.known_as }),
    hasAccount: r.has_account,
    otherAdministrators: Number(r.others),
    needsDecision: !r.has_account && Number(r.others) === 0,
  }));
}

/**
 * Who goes when the account of `personId` is deleted now: the person, with
 * those of `alsoDelete` whom nobody else can reach still (a library someone
 * else can reach now, because they signed up or got another Administrator,
 * stays). None when the person is gone already.
 */
export async function peopleDeletedWith(
  tx: Transaction,
  personId: string,
  alsoDelete: readonly string[],
): Promise<string[]> {
  const me = await tx.run(zql.person.where('id', personId).one());
  if (!me) return [];
  const still = new Set(
    (await administeredBy(tx, personId)).filter((a) => a.needsDecision).map((a) => a.personId),
  );
  return [personId, ...alsoDelete.filter((id) => still.has(id))];
}

// ---------------------------------------------------------------------------
// Changes (server only: their tables are `private`; never Zero mutators)
// ---------------------------------------------------------------------------

export const exportStartArgs = z.object({ id: z.string().uuid(), personId: id });
export const deletionAskArgs = deletionRequestSchema.extend({ personId: id });
export const deletionKeepArgs = z.object({ personId: id });
export const deletionDueArgs = z.object({ personId: id, alsoDelete: z.array(id) });

/** The name the deletion's history gives the person `personId`. */
async function personName(tx: Transaction, personId: string) {
  return nameOf(await tx.run(zql.person.where('id', personId).one()));
}

/** Server-only changes of "My data", run by the API (api/routes/my-data.ts, api/my-data/). */
export const myDataServerChanges = {
  /**
   * Starts a copy of everything kept about the caller (`id`, made by the API,
   * which then builds it): only of one's own data.
   */
  startExport: defineServerChange(exportStartArgs, async ({ db, me }, args) => {
    assertSelf(me, args.personId, myDataMessages.onlyYours);
    await db.query(
      `INSERT INTO private.data_export (id, person_id, status, progress, expires_at)
       VALUES ($1, $2, 'building', 0, $3::timestamptz)`,
      [args.id, args.personId, sqlTime(Date.now() + EXPORT_KEEP_MS)],
    );
    return historyEntry(
      'Create',
      'User',
      { id: me.userID, personId: args.personId },
      myDataHistory.exported,
    );
  }),

  /**
   * Asks for the caller's account to be deleted after the grace period, with
   * the libraries of `alsoDelete`: exactly the people who need a decision
   * (nobody else could reach their library). Naming anyone else is refused
   * (invalid), leaving one of them undecided too (decide_first), and asking
   * twice (already_asked). Written to the history of each.
   */
  askDeletion: defineServerChange(deletionAskArgs, async ({ tx, db, me }, args) => {
    assertSelf(me, args.personId, myDataMessages.onlyYourAccount);
    const deciding = (await administeredBy(tx, args.personId)).filter((a) => a.needsDecision);
    const chosen = new Set(args.alsoDelete);
    if (args.alsoDelete.some((id) => !deciding.some((a) => a.personId === id))) {
      throw appError('invalid', myDataMessages.notYoursToDelete);
    }
    const undecided = deciding.filter((a) => !chosen.has(a.personId));
    if (undecided.length) {
      throw appError('decide_first', myDataMessages.decideFirst(undecided.map((a) => a.name)));
    }
    const dueAt = deletionDueAt(Date.now());
    const asked = [
      ...(await db.query(
        `INSERT INTO private.account_deletion (person_id, due_at, also_delete)
         VALUES ($1, $2::timestamptz, ${sqlTexts('$3')})
         ON CONFLICT DO NOTHING
         RETURNING person_id`,
        [args.personId, sqlTime(dueAt), JSON.stringify([...chosen])],
      )),
    ];
    if (!asked.length) throw appError('already_asked');
    const when = longDate(new Date(dueAt));
    const name = await personName(tx, args.personId);
    return [
      historyEntry(
        'Delete',
        'User',
        { id: me.userID, personId: args.personId },
        myDataHistory.askedDeletion(when),
      ),
      ...[...chosen].map((other) =>
        historyEntry(
          'Delete',
          'Person',
          { id: other, personId: other },
          myDataHistory.askedWith(name, when),
        ),
      ),
    ];
  }),

  /** Keeps the caller's account: the deletion asked for is called off (not_asked if none is). */
  keepAccount: defineServerChange(deletionKeepArgs, async ({ tx, db, me }, args) => {
    assertSelf(me, args.personId, myDataMessages.onlyYourAccount);
    const [removed] = [
      ...(await db.query(
        'DELETE FROM private.account_deletion WHERE person_id = $1 RETURNING to_jsonb(also_delete) AS also_delete',
        [args.personId],
      )),
    ] as Array<{ also_delete: string[] }>;
    if (!removed) throw appError('not_asked');
    const name = await personName(tx, args.personId);
    return [
      historyEntry(
        'Modify',
        'User',
        { id: me.userID, personId: args.personId },
        myDataHistory.kept,
      ),
      ...removed.also_delete.map((other) =>
        historyEntry(
          'Modify',
          'Person',
          { id: other, personId: other },
          myDataHistory.keptWith(name),
        ),
      ),
    ];
  }),

  /**
   * The deletion of an account at its time (a system change: no caller): the
   * person and those of `alsoDelete` nobody else can reach still
   * (`peopleDeletedWith`), with everything that cascades from them (library,
   * media, Circle links, history, sign-in). Everyone else tied to them by a
   * link finds it in their history.
   */
  deleteAccount: defineChange(deletionDueArgs, async (tx, ctx, args) => {
    const db = serverDb(tx);
    if (ctx !== undefined) throw appError('forbidden');
    const people = await peopleDeletedWith(tx, args.personId, args.alsoDelete);
    if (!people.length) return undefined;
    const links = await tx.run(
      zql.supporterLink.where(({ or, cmp }) =>
        or(cmp('supporterId', 'IN', people), cmp('supportedId', 'IN', people)),
      ),
    );
    const history: HistoryEntry[] = [];
    const told = new Set<string>();
    for (const l of links) {
      for (const [other, gone] of [
        [l.supportedId, l.supporterId],
        [l.supporterId, l.supportedId],
      ] as const) {
        if (people.includes(other) || !people.includes(gone)) continue;
        const key = `${other} ${gone}`;
        if (told.has(key)) continue;
        told.add(key);
        history.push(
          historyEntry(
            'Delete',
            'SupporterLink',
            { id: l.id, personId: other },
            myDataHistory.gone(await personName(tx, gone)),
          ),
        );
      }
    }
    // One statement, as the database's cascades expect.
    await db.query(`DELETE FROM person WHERE id = ANY(${sqlTexts('$1')})`, [
      JSON.stringify(people),
    ]);
    return history;
  }),
};
