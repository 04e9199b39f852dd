/**
 * "My data", the copy: everything kept about a person, as a
 * zip with `data.json` (for a computer, and for moving elsewhere: GDPR
 * article 20), `index.html` (the same, to read) and the media files under
 * `media/`. Built in the background, its progress in `private.data_export`
 * (read by the person's page), the zip kept in the media store under
 * `exports/{personId}/` until it expires. Only the person themselves may ask
 * for it or download it: a copy for another person is refused, whoever asks.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  category,
  dataExport,
  historyEvent,
  invite,
  media,
  note,
  organisation,
  organisationMember,
  passkeyCredential,
  person,
  personDetail,
  plan,
  preference,
  preferenceCategory,
  profilePage,
  profilePageItem,
  profileShare,
  review,
  subscription,
  supporterLink,
  supportSession,
  surveyResponse,
  user,
} from '../schema/index.ts';
import { appError } from '../sync/errors.ts';
import {
  type DataExport,
  EXPORT_KEEP_MS,
  EXPORT_STALE_MS,
  type ExportStatus,
  myDataMessages,
  myDataServerChanges,
} from '../sync/my-data.ts';
import { assertSelf } from '../sync/permissions.ts';
import { personRoute } from './auth/caller.ts';
import { runChange } from './change.ts';
import type { Db } from './db.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { Refusal } from './errors.ts';
import { slugOf } from './file-names.ts';
import { escapeHtml } from './mail/mailer.ts';
import type { MediaStore } from './media/store.ts';
import { personParams, valid } from './validate.ts';

const EXPORT_PREFIX = 'exports/';

/** Where a person's copies are kept in the store. */
export const exportPrefix = (personId: string) => `${EXPORT_PREFIX}${personId}/`;

/** The person in the path must be the one signed in: a copy for another person is refused. */
export const ownData = (message: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { personId, ctx } = c.var.caller;
    assertSelf(ctx, personId, message);
    await next();
  });

type ExportRow = typeof dataExport.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function exportJson(row: ExportRow, now = Date.now()): DataExport {
  const stale = row.status === 'building' && row.createdAt.getTime() < now - EXPORT_STALE_MS;
  return {
    id: row.id,
    status: stale ? 'failed' : (row.status as ExportStatus),
    progress: row.progress,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A file name that any system accepts, from a media item's own name. */
function safeName(name: string) {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 80);
  return cleaned || 'file';
}

/** The file a media item has in the zip. */
export const mediaFile = (m: { id: string; name: string }) => `media/${m.id}-${safeName(m.name)}`;

/**
 * Everything kept about `personId`, read with the server's authority: their
 * own rows in full, and of other people only what ties them to this person
 * (a supporter's name, an organisation's name). Secrets (tokens, passkey
 * keys, billing ids, store keys) are never in it.
 */
export async function collectPersonData(db: Db, personId: string) {
  const [me] = await db.select().from(person).where(eq(person.id, personId));
  if (!me) return undefined;
  const [details] = await db.select().from(personDetail).where(eq(personDetail.personId, personId));
  const [account] = await db
    .select({
      id: user.id,
      email: user.email,
      type: user.type,
      acceptedTermsAt: user.acceptedTermsAt,
      wizardCompletedAt: user.wizardCompletedAt,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.personId, personId));
  const preferences = await db
    .select()
    .from(preference)
    .where(eq(preference.personId, personId))
    .orderBy(asc(preference.title), asc(preference.id));
  const links = await db
    .select({
      preferenceId: preferenceCategory.preferenceId,
      categoryId: preferenceCategory.categoryId,
    })
    .from(preferenceCategory)
    .where(eq(preferenceCategory.personId, personId));
  const categories = await db
    .select()
    .from(category)
    .where(eq(category.personId, personId))
    .orderBy(asc(category.title), asc(category.id));
  const notes = await db
    .select()
    .from(note)
    .where(eq(note.personId, personId))
    .orderBy(asc(note.createdAt), asc(note.id));
  const mediaRows = await db
    .select()
    .from(media)
    .where(and(eq(media.personId, personId), isNotNull(media.settledAt)))
    .orderBy(asc(media.createdAt), asc(media.id));
  const reviews = await db
    .select()
    .from(review)
    .where(eq(review.personId, personId))
    .orderBy(asc(review.reviewedAt), asc(review.id));
  const nameOf = { name: person.fullName, knownAs: person.knownAs };
  const supporters = await db
    .select({
      id: supporterLink.id,
      supporterId: supporterLink.supporterId,
      ...nameOf,
      accessLevel: supporterLink.accessLevel,
      endsAt: supporterLink.endsAt,
      createdAt: supporterLink.createdAt,
    })
    .from(supporterLink)
    .innerJoin(person, eq(person.id, supporterLink.supporterId))
    .where(eq(supporterLink.supportedId, personId))
    .orderBy(asc(supporterLink.createdAt));
  const supporting = await db
    .select({
      id: supporterLink.id,
      supportedId: supporterLink.supportedId,
      ...nameOf,
      accessLevel: supporterLink.accessLevel,
      endsAt: supporterLink.endsAt,
      createdAt: supporterLink.createdAt,
    })
    .from(supporterLink)
    .innerJoin(person, eq(person.id, supporterLink.supportedId))
    .where(eq(supporterLink.supporterId, personId))
    .orderBy(asc(supporterLink.createdAt));
  const invites = await db
    .select({
      id: invite.id,
      kind: invite.kind,
      accessLevel: invite.accessLevel,
      targetId: invite.targetId,
      email: invite.email,
      expiresAt: invite.expiresAt,
      acceptedAt: invite.acceptedAt,
      declinedAt: invite.declinedAt,
      createdAt: invite.createdAt,
    })
    .from(invite)
    .where(eq(invite.personId, personId))
    .orderBy(asc(invite.createdAt));
  const supportSessions = await db
    .select()
    .from(supportSession)
    .where(or(eq(supportSession.personId, personId), eq(supportSession.supporterId, personId)))
    .orderBy(asc(supportSession.startedAt));
  const profilePages = await db
    .select()
    .from(profilePage)
    .where(eq(profilePage.personId, personId))
    .orderBy(asc(profilePage.createdAt));
  const profileItems = await db
    .select()
    .from(profilePageItem)
    .where(eq(profilePageItem.personId, personId))
    .orderBy(asc(profilePageItem.profilePageId), asc(profilePageItem.position));
  const profileShares = await db
    .select()
    .from(profileShare)
    .where(eq(profileShare.personId, personId))
    .orderBy(asc(profileShare.createdAt));
  const history = await db
    .select()
    .from(historyEvent)
    .where(eq(historyEvent.personId, personId))
    .orderBy(desc(historyEvent.createdAt), desc(historyEvent.id));
  const surveyResponses = await db
    .select()
    .from(surveyResponse)
    .where(eq(surveyResponse.personId, personId))
    .orderBy(asc(surveyResponse.createdAt));
  const organisations = await db
    .select({
      organisationId: organisationMember.organisationId,
      name: organisation.name,
      role: organisationMember.role,
    })
    .from(organisationMember)
    .innerJoin(organisation, eq(organisation.id, organisationMember.organisationId))
    .where(eq(organisationMember.personId, personId));
  const [plans] = await db
    .select({
      id: subscription.id,
      plan: plan.name,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
    })
    .from(subscription)
    .innerJoin(plan, eq(plan.id, subscription.planId))
    .where(eq(subscription.personId, personId));
  const passkeys = account
    ? await db
        .select({
          id: passkeyCredential.id,
          deviceType: passkeyCredential.deviceType,
          backedUp: passkeyCredential.backedUp,
          createdAt: passkeyCredential.createdAt,
          lastUsedAt: passkeyCredential.lastUsedAt,
        })
        .from(passkeyCredential)
        .where(eq(passkeyCredential.userId, account.id))
    : [];

  return {
    format: 'preference-bank-export',
    version: 1,
    person: me,
    personalDetails: details ?? null,
    account: account ?? null,
    preferences: preferences.map((p) => ({
      ...p,
      categoryIds: links.filter((l) => l.preferenceId === p.id).map((l) => l.categoryId),
    })),
    categories,
    notes,
    media: mediaRows.map(({ storageKey: _s, displayKey: _d, thumbKey: _t, ...m }) => ({
      ...m,
      file: mediaFile(m),
    })),
    reviews,
    circle: { supporters, supporting, invites, supportSessions },
    profiles: { pages: profilePages, items: profileItems, shares: profileShares },
    history,
    surveyResponses,
    organisations,
    subscription: plans ?? null,
    passkeys,
    /** Store keys of the media files, for the builder; not written to the zip. */
    files: mediaRows.map((m) => ({ file: mediaFile(m), key: m.storageKey })),
  };
}

export type PersonData = NonNullable<Awaited<ReturnType<typeof collectPersonData>>>;

const esc = (s: unknown) => escapeHtml(String(s ?? ''));

const day = (d: Date | null | undefined) =>
  d
    ? d.toLocaleString('en-NZ', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'Pacific/Auckland',
      })
    : '';

/** The same data as a page to read (large type, headings, lists; pictures and sounds in place). */
export function readablePage(data: PersonData, exportedAt: Date): string {
  const name = data.person.fullName || data.person.knownAs || 'you';
  const cat = new Map(data.categories.map((c) => [c.id, c.title]));
  const list = (items: string[], empty: string) =>
    items.length
      ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`
      : `<p>${esc(empty)}</p>`;
  const mediaHtml = (m: PersonData['media'][number]) => {
    const label = esc(m.description || m.name);
    const src = esc(m.file);
    if (m.type === 'image')
      return `<figure><img src="${src}" alt="${label}"><figcaption>${label}</figcaption></figure>`;
    if (m.type === 'audio') return `<p>${label}<br><audio controls src="${src}"></audio></p>`;
    if (m.type === 'video') return `<p>${label}<br><video controls src="${src}"></video></p>`;
    return `<p><a href="${src}">${label}</a></p>`;
  };
  const preferences = data.preferences.map((p) => {
    const notes = data.notes.filter((n) => n.preferenceId === p.id);
    const files = data.media.filter((m) => m.preferenceId === p.id);
    return `<section><h3>${esc(p.title)}</h3>
<dl>
${p.feeling ? `<dt>Feeling</dt><dd>${esc(p.feeling === 'Other' ? p.feelingOther : p.feeling)}</dd>` : ''}
<dt>Who can see it</dt><dd>${esc(p.access)}</dd>
${p.status === 'Draft' ? '<dt>State</dt><dd>Draft (not finished)</dd>' : ''}
<dt>Categories</dt><dd>${esc(p.categoryIds.map((id) => cat.get(id) ?? '').join(', ') || 'None')}</dd>
<dt>Added</dt><dd>${esc(day(p.createdAt))}</dd>
</dl>
${p.description ? `<div class="text">${esc(p.description)}</div>` : ''}
${notes.length ? `<h4>Notes</h4>${notes.map((n) => `<h5>${esc(n.title)}</h5><div class="text">${esc(n.body)}</div>`).join('')}` : ''}
${files.length ? `<h4>Pictures, sounds and files</h4>${files.map(mediaHtml).join('')}` : ''}
</section>`;
  });
  const otherMedia = data.media.filter((m) => !m.preferenceId);
  const who = (r: { name: string | null; knownAs: string | null }) =>
    esc(r.name || r.knownAs || 'Someone');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Everything Preference Bank keeps about ${esc(name)}</title>
<style>
body { font: 1.25rem/1.6 system-ui, sans-serif; max-width: 48rem; margin: 0 auto; padding: 1rem; color: #1a1a1a; background: #fff; }
h1 { font-size: 2rem; } h2 { font-size: 1.6rem; margin-top: 2.5rem; border-top: 2px solid #444; padding-top: 1rem; }
h3 { font-size: 1.35rem; margin-top: 2rem; } dt { font-weight: 700; } dd { margin: 0 0 0.5rem; }
.text { white-space: pre-wrap; } img, video { max-width: 100%; height: auto; } audio { width: 100%; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; border-bottom: 1px solid #888; padding: 0.4rem; vertical-align: top; }
</style>
</head>
<body>
<h1>Everything Preference Bank keeps about ${esc(name)}</h1>
<p>Made on ${esc(day(exportedAt))}. The same, for a computer, is in <a href="data.json">data.json</a>.</p>

<h2>About you</h2>
<dl>
<dt>Name</dt><dd>${esc(data.person.fullName || 'Not given')}</dd>
${data.person.knownAs ? `<dt>Known as</dt><dd>${esc(data.person.knownAs)}</dd>` : ''}
<dt>You use Preference Bank as</dt><dd>${esc(data.person.type)}</dd>
${data.account?.email ? `<dt>Sign-in e-mail</dt><dd>${esc(data.account.email)}</dd>` : ''}
${data.personalDetails?.phone ? `<dt>Phone</dt><dd>${esc(data.personalDetails.phone)}</dd>` : ''}
${data.personalDetails?.email ? `<dt>Contact e-mail</dt><dd>${esc(data.personalDetails.email)}</dd>` : ''}
${data.personalDetails?.bio ? `<dt>About me</dt><dd class="text">${esc(data.personalDetails.bio)}</dd>` : ''}
<dt>Since</dt><dd>${esc(day(data.person.createdAt))}</dd>
</dl>
${otherMedia.length ? otherMedia.map(mediaHtml).join('') : ''}

<h2>Your preferences (${data.preferences.length})</h2>
${preferences.join('\n') || '<p>No preferences yet.</p>'}

<h2>Your categories (${data.categories.length})</h2>
${list(
  data.categories.map(
    (c) => `${esc(c.title)}${c.parentId ? ` (in ${esc(cat.get(c.parentId) ?? '')})` : ''}`,
  ),
  'No categories yet.',
)}

<h2>Your Circle of Support</h2>
<h3>People who support you</h3>
${list(
  data.circle.supporters.map(
    (s) =>
      `${who(s)}: ${esc(s.accessLevel)} access since ${esc(day(s.createdAt))}${s.endsAt ? `, ending ${esc(day(s.endsAt))}` : ''}`,
  ),
  'Nobody yet.',
)}
<h3>People you support</h3>
${list(
  data.circle.supporting.map(
    (s) => `${who(s)}: ${esc(s.accessLevel)} access since ${esc(day(s.createdAt))}`,
  ),
  'Nobody.',
)}

<h2>One-page profiles (${data.profiles.pages.length})</h2>
${list(
  data.profiles.pages.map((p) => `${esc(p.title)} (${esc(p.purpose)})`),
  'None.',
)}

<h2>Check-in answers (${data.surveyResponses.length})</h2>
${list(
  data.surveyResponses.map(
    (r) => `${esc(day(r.createdAt))}: ${esc(r.answer1)}, ${esc(r.answer2)}, ${esc(r.answer3)}`,
  ),
  'None.',
)}

<h2>History (${data.history.length})</h2>
${
  data.history.length
    ? `<table><thead><tr><th scope="col">When</th><th scope="col">What happened</th></tr></thead><tbody>${data.history
        .map((h) => `<tr><td>${esc(day(h.createdAt))}</td><td>${esc(h.message)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p>Nothing yet.</p>'
}
</body>
</html>
`;
}

/**
 * Builds the zip of `exportId` for `personId`, writing its progress as it
 * goes: the rows (10 %), each media file (to 90 %), the page and the upload.
 * A failure marks the copy failed; nothing half-made is offered.
 */
export async function buildExport(
  db: Db,
  store: MediaStore,
  exportId: string,
  personId: string,
): Promise<void> {
  let shown = -1;
  const progress = async (n: number) => {
    const value = Math.min(100, Math.max(0, Math.floor(n)));
    if (value === shown) return;
    shown = value;
    await db.update(dataExport).set({ progress: value }).where(eq(dataExport.id, exportId));
  };
  try {
    await progress(1);
    const data = await collectPersonData(db, personId);
    if (!data) throw new Error('the person is gone');
    await progress(10);
    const exportedAt = new Date();
    const { files, ...json } = data;
    const zip: Zippable = {};
    for (const [i, f] of files.entries()) {
      const bytes = await store.read(f.key);
      // Pictures, sounds and videos are compressed already: stored as they are.
      if (bytes) zip[f.file] = [bytes, { level: 0 }];
      await progress(10 + (80 * (i + 1)) / files.length);
    }
    zip['data.json'] = strToU8(JSON.stringify({ exportedAt, ...json }, null, 2));
    zip['index.html'] = strToU8(readablePage(data, exportedAt));
    await progress(95);
    const bytes = zipSync(zip, { level: 6, mtime: exportedAt });
    const key = `${exportPrefix(personId)}${exportId}.zip`;
    await store.put(key, bytes, 'application/zip');
    await db
      .update(dataExport)
      .set({
        status: 'ready',
        progress: 100,
        storageKey: key,
        bytes: bytes.length,
        finishedAt: new Date(),
        expiresAt: new Date(Date.now() + EXPORT_KEEP_MS),
      })
      .where(eq(dataExport.id, exportId));
  } catch (e) {
    await db
      .update(dataExport)
      .set({ status: 'failed', finishedAt: new Date() })
      .where(eq(dataExport.id, exportId));
    throw e;
  }
  // One copy kept per person: the newest. The ones before it go, files first
  // (a failure here leaves them to expire with the sweep).
  const older = await db
    .select()
    .from(dataExport)
    .where(and(eq(dataExport.personId, personId), ne(dataExport.id, exportId)));
  for (const row of older) {
    if (row.status === 'building') continue;
    if (row.storageKey) await store.remove(row.storageKey);
    await db.delete(dataExport).where(eq(dataExport.id, row.id));
  }
}

/** Removes copies past their time (the file and the row) and marks cut-short builds failed. */
export async function sweepExports(db: Db, store: MediaStore | undefined, now = Date.now()) {
  await db
    .update(dataExport)
    .set({ status: 'failed', finishedAt: new Date(now) })
    .where(
      and(
        eq(dataExport.status, 'building'),
        lt(dataExport.createdAt, new Date(now - EXPORT_STALE_MS)),
      ),
    );
  const old = await db
    .select()
    .from(dataExport)
    .where(lt(dataExport.expiresAt, new Date(now)));
  for (const row of old) {
    if (row.storageKey && store) await store.remove(row.storageKey);
  }
  if (old.length) {
    await db.delete(dataExport).where(
      inArray(
        dataExport.id,
        old.map((r) => r.id),
      ),
    );
  }
  return old.length;
}

const exportParams = personParams({ id: z.string().uuid() });

/** The zip's name: "preference-bank-aroha-2026-11-26.zip". */
function zipName(name: string | null, at: Date) {
  const slug = slugOf(name ?? '');
  return `preference-bank-${slug ? `${slug}-` : ''}${at.toISOString().slice(0, 10)}.zip`;
}

export function myDataRoutes(deps: AppDeps, log: (line: string) => void = console.error) {
  const { db } = deps;
  const caller = personRoute(deps);
  const own = ownData(myDataMessages.onlyYours);
  const store = () => {
    if (!deps.media) throw new Refusal(503, 'unavailable', myDataMessages.noStore);
    return deps.media;
  };
  const find = async (personId: string, id: string) => {
    const [row] = await db
      .select()
      .from(dataExport)
      .where(and(eq(dataExport.id, id), eq(dataExport.personId, personId)));
    if (!row) throw appError('not_found');
    return row;
  };

  return (
    new Hono<AppEnv>()
      /**
       * Starts a copy (202), or answers the one already being made: one at a
       * time. Written to the person's history.
       */
      .post('/people/:personId/exports', caller, own, async (c) => {
        const { personId } = c.var.caller;
        const media = store();
        const now = Date.now();
        const [building] = await db
          .select()
          .from(dataExport)
          .where(and(eq(dataExport.personId, personId), eq(dataExport.status, 'building')))
          .orderBy(desc(dataExport.createdAt))
          .limit(1);
        // One cut short by a restart (stale) does not block a new one.
        if (building && exportJson(building, now).status === 'building') {
          return c.json(exportJson(building, now), 202);
        }
        const id = randomUUID();
        await runChange(deps.zdb, myDataServerChanges.startExport, c.var.caller.ctx, {
          id,
          personId,
        });
        const row = await find(personId, id);
        // In the background: the page follows its progress.
        buildExport(db, media, id, personId).catch((e: unknown) =>
          log(`api: a data copy failed: ${e instanceof Error ? e.message : e}`),
        );
        return c.json(exportJson(row), 202);
      })
      /** The person's copies still kept, newest first. */
      .get('/people/:personId/exports', caller, own, async (c) => {
        const rows = await db
          .select()
          .from(dataExport)
          .where(eq(dataExport.personId, c.var.caller.personId))
          .orderBy(desc(dataExport.createdAt))
          .limit(10);
        const now = Date.now();
        return c.json(
          rows.filter((r) => r.expiresAt.getTime() > now).map((r) => exportJson(r, now)),
        );
      })
      /** One copy: its state and progress. */
      .get(
        '/people/:personId/exports/:id',
        caller,
        own,
        valid('param', exportParams),
        async (c) => {
          const row = await find(c.var.caller.personId, c.req.valid('param').id);
          c.header('cache-control', 'no-store');
          return c.json(exportJson(row));
        },
      )
      /** The zip itself: a short-lived signed address, saved under a readable name. */
      .get(
        '/people/:personId/exports/:id/download',
        caller,
        own,
        valid('param', exportParams),
        async (c) => {
          const { personId, session } = c.var.caller;
          const row = await find(personId, c.req.valid('param').id);
          if (row.expiresAt.getTime() <= Date.now()) {
            throw new Refusal(410, 'gone', myDataMessages.expired);
          }
          if (row.status !== 'ready' || !row.storageKey) {
            throw new Refusal(409, 'not_ready', myDataMessages.notReady);
          }
          const url = await store().signDownload(row.storageKey, 300, {
            contentType: 'application/zip',
            contentDisposition: `attachment; filename="${zipName(session.person.knownAs ?? session.person.firstName, row.createdAt)}"`,
          });
          c.header('cache-control', 'no-store');
          return c.redirect(url, 302);
        },
      )
  );
}
