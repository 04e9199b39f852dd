/**
 * "My data", erasure (GDPR article 17): a person asks for
 * their account to be deleted, sees first what goes with it, and decides
 * what happens to the people they administer whom nobody else could reach;
 * the account is deleted after ACCOUNT_DELETION_GRACE_DAYS by the API's sweep
 * (`deleteAccountsDue`), unless they keep it before then. Asking, keeping and
 * the deletion itself are written to history: the person's own, and of
 * everyone whose Circle it changes.
 */
import { and, count, sql as dsql, eq, inArray, lte, or, sum } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  accountDeletion,
  billingCustomer,
  category,
  historyEvent,
  media,
  note,
  person,
  preference,
  profilePage,
  supporterLink,
  user,
} from '../schema/index.ts';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  type Administered,
  type DeletionSummary,
  deletionRequestSchema,
  myDataMessages,
} from '../sync/my-data.ts';
import { personRoute } from './auth/caller.ts';
import type { Billing } from './billing/stripe.ts';
import type { Db } from './db.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { Refusal } from './errors.ts';
import { recordEvent } from './history.ts';
import { escapeHtml } from './mail/mailer.ts';
import type { MediaStore } from './media/store.ts';
import { removeQueued } from './media.ts';
import { exportPrefix, ownData } from './my-data.ts';
import { valid } from './validate.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const nameOf = (p: { fullName: string | null; knownAs: string | null } | undefined) =>
  p?.knownAs || p?.fullName || 'Someone';

const longDate = (d: Date) =>
  d.toLocaleDateString('en-NZ', { dateStyle: 'long', timeZone: 'Pacific/Auckland' });

/**
 * The people `personId` administers, and for each whether they would be
 * left with nobody to reach their library: no sign-in of their own and no
 * other Administrator.
 */
export async function administeredBy(
  db: Pick<Db, 'select'>,
  personId: string,
): Promise<Administered[]> {
  const rows = await db
    .select({
      personId: person.id,
      fullName: person.fullName,
      knownAs: person.knownAs,
      hasAccount: dsql<boolean>`exists (select 1 from ${user} where ${user.personId} = ${person.id})`,
      others: dsql<number>`(select count(*)::int from ${supporterLink} o
        where o.supported_id = ${person.id} and o.access_level = 'Administrator'
        and o.supporter_id <> ${personId})`,
    })
    .from(supporterLink)
    .innerJoin(person, eq(person.id, supporterLink.supportedId))
    .where(
      and(eq(supporterLink.supporterId, personId), eq(supporterLink.accessLevel, 'Administrator')),
    )
    .orderBy(person.fullName);
  return rows.map((r) => ({
    personId: r.personId,
    name: nameOf(r),
    hasAccount: r.hasAccount,
    otherAdministrators: Number(r.others),
    needsDecision: !r.hasAccount && Number(r.others) === 0,
  }));
}

/** What deleting the account of `personId` takes with it, and whether it is asked for. */
export async function deletionSummary(db: Db, personId: string): Promise<DeletionSummary> {
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
    administered: await administeredBy(db, personId),
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

/** When a deletion asked for now would happen. */
export const deletionDueAt = (now: number) => new Date(now + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);

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
  for (const asked of due) {
    const gone = await db
      .transaction(async (tx) => {
        const [me] = await tx.select().from(person).where(eq(person.id, asked.personId));
        if (!me) return [];
        // Only those still out of everyone else's reach: a library someone else
        // can now reach (they signed up, or got another Administrator) stays.
        const still = new Set(
          (await administeredBy(tx, me.id)).filter((a) => a.needsDecision).map((a) => a.personId),
        );
        const people = [me.id, ...asked.alsoDelete.filter((id) => still.has(id))];
        // Everyone else tied to them by a link hears of it.
        const links = await tx
          .select()
          .from(supporterLink)
          .where(
            or(
              inArray(supporterLink.supporterId, people),
              inArray(supporterLink.supportedId, people),
            ),
          );
        const told = new Set<string>();
        for (const l of links) {
          for (const [other, gonePerson] of [
            [l.supportedId, l.supporterId],
            [l.supporterId, l.supportedId],
          ] as const) {
            if (people.includes(other) || !people.includes(gonePerson)) continue;
            const key = `${other} ${gonePerson}`;
            if (told.has(key)) continue;
            told.add(key);
            const [p] = await tx.select().from(person).where(eq(person.id, gonePerson));
            await recordEvent(tx, {
              personId: other,
              type: 'Delete',
              relatedType: 'SupporterLink',
              relatedId: l.id,
              message: `${nameOf(p)} is no longer in the Circle of Support: their account was deleted`,
              createdBy: null,
            });
          }
        }
        // Nobody is charged for an account that is gone: its plan is cancelled at
        // Stripe first, and should Stripe not answer, the deletion waits for the next sweep.
        const paid = await tx
          .select({ id: billingCustomer.stripeSubscriptionId })
          .from(billingCustomer)
          .where(inArray(billingCustomer.personId, people));
        for (const { id } of paid) {
          if (id && billing) await cancelSubscription(billing, id);
        }
        await tx.delete(person).where(inArray(person.id, people));
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
  if (deleted && store) await removeQueued(db, store);
  return deleted;
}

export function accountDeletionRoutes(deps: AppDeps) {
  const { db } = deps;
  const caller = personRoute(deps);
  const own = ownData(myDataMessages.onlyYourAccount);
  const path = '/people/:personId/account-deletion';

  return (
    new Hono<AppEnv>()
      /** What deleting the account takes with it, and whether it is asked for already. */
      .get(path, caller, own, async (c) => {
        c.header('cache-control', 'no-store');
        return c.json(await deletionSummary(db, c.var.caller.personId));
      })
      /**
       * Asks for the deletion: `{alsoDelete}` names exactly the people who
       * need a decision (nobody else could reach their library) whose
       * libraries go too; until each is decided, nothing is asked (409).
       */
      .post(path, caller, own, valid('json', deletionRequestSchema), async (c) => {
        const { personId, session } = c.var.caller;
        const { alsoDelete } = c.req.valid('json');
        const administered = await administeredBy(db, personId);
        const deciding = administered.filter((a) => a.needsDecision);
        const chosen = new Set(alsoDelete);
        if (alsoDelete.some((id) => !deciding.some((a) => a.personId === id))) {
          throw new Refusal(400, 'invalid', myDataMessages.notYoursToDelete);
        }
        const undecided = deciding.filter((a) => !chosen.has(a.personId));
        if (undecided.length) {
          throw new Refusal(
            409,
            'decide_first',
            myDataMessages.decideFirst(undecided.map((a) => a.name)),
          );
        }
        const dueAt = deletionDueAt(Date.now());
        const asked = await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(accountDeletion)
            .values({ personId, dueAt, alsoDelete: [...chosen] })
            .onConflictDoNothing()
            .returning();
          if (!inserted.length) return false;
          await recordEvent(tx, {
            personId,
            type: 'Delete',
            relatedType: 'User',
            relatedId: session.user.id,
            message: `Asked for their account to be deleted on ${longDate(dueAt)}`,
            createdBy: personId,
          });
          for (const id of chosen) {
            await recordEvent(tx, {
              personId: id,
              type: 'Delete',
              relatedType: 'Person',
              relatedId: id,
              message: `${nameOf(session.person)} asked for this library to be deleted with their account on ${longDate(dueAt)}`,
              createdBy: personId,
            });
          }
          return true;
        });
        if (!asked) throw new Refusal(409, 'already_asked', myDataMessages.alreadyAsked);
        // Said by e-mail too, so that someone who did not ask finds out in time.
        if (session.user.email) {
          await deps.mailer
            .send(deletionMail(deps.config.publicUrl, session.user.email, personId, dueAt))
            .catch((e: unknown) =>
              console.error(`api: the deletion mail failed: ${e instanceof Error ? e.message : e}`),
            );
        }
        return c.json(await deletionSummary(db, personId));
      })
      /** Keeps the account: the deletion asked for is called off. */
      .delete(path, caller, own, async (c) => {
        const { personId, session } = c.var.caller;
        const kept = await db.transaction(async (tx) => {
          const [removed] = await tx
            .delete(accountDeletion)
            .where(eq(accountDeletion.personId, personId))
            .returning();
          if (!removed) return false;
          await recordEvent(tx, {
            personId,
            type: 'Modify',
            relatedType: 'User',
            relatedId: session.user.id,
            message: 'Kept their account: it will not be deleted',
            createdBy: personId,
          });
          for (const id of removed.alsoDelete) {
            await recordEvent(tx, {
              personId: id,
              type: 'Modify',
              relatedType: 'Person',
              relatedId: id,
              message: `${nameOf(session.person)} kept their account: this library will not be deleted`,
              createdBy: personId,
            });
          }
          return true;
        });
        if (!kept) throw new Refusal(409, 'not_asked', myDataMessages.notAsked);
        return c.json(await deletionSummary(db, personId));
      })
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
