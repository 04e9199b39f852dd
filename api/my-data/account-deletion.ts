/**
 * "My data", erasure (GDPR article 17): a person asks for
 * their account to be deleted, sees first what goes with it, and decides
 * what happens to the people they administer whom nobody else could reach;
 * the account is deleted after ACCOUNT_DELETION_GRACE_DAYS by the API's sweep
 * (`deleteAccountsDue`), unless they keep it before then. Asking, keeping and
 * the deletion itself are written to history: the person's own, and of
 * everyone whose Circle it changes.
 */
import { count, eq, inArray, lte, sum } from 'drizzle-orm';
import {
  accountDeletion,
  billingCustomer,
  category,
  historyEvent,
  media,
  note,
  preference,
  profilePage,
  supporterLink,
  user,
} from '../../schema/index.ts';
import type { ZeroContext } from '../../sync/context.ts';
import {
  administeredBy,
  type DeletionSummary,
  longDate,
  myDataServerChanges,
  peopleDeletedWith,
} from '../../sync/my-data.ts';
import type { Billing } from '../billing/stripe.ts';
import { type AfterCommit, applyServerChange, runLater } from '../change.ts';
import type { Db } from '../db.ts';
import { escapeHtml } from '../mail/mailer.ts';
import type { MediaStore } from '../media/store.ts';
import { removeQueued } from '../media/sweep.ts';
import { type ChangeDeps, needs } from '../server-halves.ts';
import { createZeroDb, type ZeroDb } from '../zero/db-provider.ts';
import { exportPrefix } from './zip.ts';

/** What deleting the account of `personId` takes with it, and whether it is asked for. */
export async function deletionSummary(
  { db, zdb }: { db: Db; zdb: ZeroDb },
  personId: string,
): Promise<DeletionSummary> {
  const countOf = async (
    table: typeof preference | typeof category | typeof note | typeof profilePage,
  ) =>
    Number(
      (await db.select({ n: count() }).from(table).where(eq(table.personId, personId)))[0]?.n ?? 0,
    );
  const [files] = await db
    .select({ n: count(), bytes: sum(media.contentLength) })
    .from(media)
    .where(eq(media.personId, personId));
  const [supporters] = await db
    .select({ n: count() })
    .from(supporterLink)
    .where(eq(supporterLink.supportedId, personId));
  const [supporting] = await db
    .select({ n: count() })
    .from(supporterLink)
    .where(eq(supporterLink.supporterId, personId));
  const [history] = await db
    .select({ n: count() })
    .from(historyEvent)
    .where(eq(historyEvent.personId, personId));
  const [asked] = await db
    .select()
    .from(accountDeletion)
    .where(eq(accountDeletion.personId, personId));
  return {
    dueAt: asked ? asked.dueAt.toISOString() : null,
    alsoDelete: asked?.alsoDelete ?? [],
    counts: {
      preferences: await countOf(preference),
      categories: await countOf(category),
      notes: await countOf(note),
      media: Number(files?.n ?? 0),
      mediaBytes: Number(files?.bytes ?? 0),
      profiles: await countOf(profilePage),
      supporters: Number(supporters?.n ?? 0),
      supporting: Number(supporting?.n ?? 0),
      history: Number(history?.n ?? 0),
    },
    administered: await zdb.transaction((tx) => administeredBy(tx, personId)),
  };
}

/** The mail that confirms the request: when, and how to keep the account. */
export function deletionMail(publicUrl: string, to: string, personId: string, dueAt: Date) {
  const when = longDate(dueAt);
  const link = `${publicUrl.replace(/\/$/, '')}/people/${personId}/settings/data`;
  const text = [
    'Kia ora,',
    '',
    `You asked for your Preference Bank account to be deleted. It will be deleted on ${when}, with your library, pictures, sounds, Circle of Support and history.`,
    '',
    'Changed your mind? Sign in before then and choose "Keep my account":',
    '',
    link,
    '',
    'If you did not ask for this, sign in and keep your account, then tell us.',
    '',
    `Preference Bank, ${publicUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family: system-ui, sans-serif; font-size: 18px; line-height: 1.5; color: #1d1b26">
<p>Kia ora,</p>
<p>You asked for your Preference Bank account to be deleted. It will be deleted on <strong>${escapeHtml(when)}</strong>, with your library, pictures, sounds, Circle of Support and history.</p>
<p>Changed your mind? Sign in before then and choose “Keep my account”:</p>
<p><a href="${escapeHtml(link)}" style="color: #4e4285; font-weight: 600">Keep my account</a></p>
<p>If you did not ask for this, sign in and keep your account, then tell us.</p>
</body></html>`;
  return { to, subject: `Your Preference Bank account will be deleted on ${when}`, text, html };
}

/**
 * Cancels a Stripe subscription at once. One Stripe no longer knows, or has
 * cancelled already, is done; Stripe unreachable or failing throws.
 */
async function cancelSubscription(billing: Billing, id: string) {
  try {
    await billing.stripe.subscriptions.cancel(id);
  } catch (e) {
    const status = (e as { statusCode?: number }).statusCode;
    if (status === 400 || status === 404) return;
    throw e;
  }
}

/**
 * Deletes the accounts whose time has come: each person (their library, media,
 * Circle links, history: everything cascades from `person`), with the people
 * they chose to delete who are still reachable by nobody else. Everyone left
 * in their Circle finds it in their history. Resolves to how many people
 * were deleted.
 */
export async function deleteAccountsDue(
  db: Db,
  store: MediaStore | undefined,
  options: { now?: number; billing?: Billing | undefined; log?: (line: string) => void } = {},
): Promise<number> {
  const { now = Date.now(), billing, log = console.error } = options;
  const due = await db
    .select()
    .from(accountDeletion)
    .where(lte(accountDeletion.dueAt, new Date(now)));
  let deleted = 0;
  const zdb = createZeroDb(db);
  const later: AfterCommit[] = [];
  for (const asked of due) {
    const gone = await zdb
      .transaction(async (tx) => {
        const args = { personId: asked.personId, alsoDelete: asked.alsoDelete };
        const people = await peopleDeletedWith(tx, args.personId, args.alsoDelete);
        if (!people.length) return [];
        // Nobody is charged for an account that is gone: its plan is cancelled at
        // Stripe first, and should Stripe not answer, the deletion waits for the next sweep.
        const paid = await tx.dbTransaction.wrappedTransaction
          .select({ id: billingCustomer.stripeSubscriptionId })
          .from(billingCustomer)
          .where(inArray(billingCustomer.personId, people));
        for (const { id } of paid) {
          if (id && billing) await cancelSubscription(billing, id);
        }
        // The same people, in the same transaction: with them their library,
        // media, Circle links and sign-in; everyone else in their Circle is told.
        await applyServerChange(
          { zdb, db },
          myDataServerChanges.deleteAccount,
          tx,
          undefined,
          args,
          later,
        );
        return people;
      })
      .catch((e: unknown) => {
        log(
          `api: deleting the account of ${asked.personId} waits: ${e instanceof Error ? e.message : e}`,
        );
        return [] as string[];
      });
    deleted += gone.length;
    if (store) {
      for (const id of gone) {
        for (const o of await store.list(exportPrefix(id))) await store.remove(o.key);
      }
    }
  }
  await runLater(later);
  if (deleted && store) await removeQueued(db, store);
  return deleted;
}

/**
 * The server half of asking for the deletion: said by e-mail too, to the
 * address the asker signs in with, so that someone who did not ask finds out
 * in time.
 */
export async function sendDeletionMail(on: {
  args: { personId: string };
  ctx: ZeroContext;
  deps: ChangeDeps;
}) {
  const { args, ctx, deps } = on;
  const db = needs(deps.db, 'the database');
  const [asker] = ctx
    ? await db.select({ email: user.email }).from(user).where(eq(user.id, ctx.userID))
    : [];
  const dueAt = await deletionDueFor(db, args.personId);
  if (!asker?.email || dueAt === null) return;
  const config = needs(deps.config, 'the settings');
  await needs(deps.mailer, 'a mailer').send(
    deletionMail(config.publicUrl, asker.email, args.personId, new Date(dueAt)),
  );
}

/** When the signed-in person's account is set to be deleted (for the session's banner), or null. */
export async function deletionDueFor(db: Db, personId: string): Promise<number | null> {
  const [row] = await db
    .select({ dueAt: accountDeletion.dueAt })
    .from(accountDeletion)
    .where(eq(accountDeletion.personId, personId));
  return row ? row.dueAt.getTime() : null;
}
