/**
 * "My data" against the real stack: a copy of everything
 * about a person, built in the background with its progress, downloaded from
 * the real development store and compared with the database; nobody else's
 * copy, whoever asks; and an account deleted after its grace period, kept
 * when its person changes their mind, asking first what happens to the
 * people it administers, all of it in history.
 */
import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, test } from 'vitest';
import { billingFor } from '../../api/billing/stripe.ts';
import type { Config } from '../../api/config.ts';
import { deleteAccountsDue } from '../../api/my-data/account-deletion.ts';
import { seedId } from '../../api/seed.ts';
import { SWEEP_LOCKS } from '../../api/sweeps.ts';
import { ACCOUNT_DELETION_GRACE_DAYS, myDataMessages } from '../../sync/my-data.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { db, mediaStore, sql, stack, withoutApiSweep } from '../harness/db.ts';
import { call, startSession } from '../harness/rest.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  stripeStandIn,
} from '../stand-ins/stripe.ts';

const store = mediaStore;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Json = Record<string, unknown>;

let aroha: SignedIn;
let ana: SignedIn;

beforeAll(async () => {
  aroha = await signIn(stack.url, 'aroha@example.com');
  ana = await signIn(stack.url, 'ana@example.com');
});

/** A library of its own: two categories, a preference in one with a note and a picture, a draft. */
async function library(personId: string) {
  const [pref, draft, food, drinks, noteId, mediaId] = [1, 2, 3, 4, 5, 6].map(() =>
    randomUUID(),
  ) as [string, string, string, string, string, string];
  await sql`insert into category (id, person_id, title, access, created_by, updated_by) values
    (${food}, ${personId}, 'Food', 'General', ${personId}, ${personId}),
    (${drinks}, ${personId}, 'Drinks & <things>', 'Restricted', ${personId}, ${personId})`;
  await sql`insert into preference (id, person_id, title, description, feeling, access, status, created_by, updated_by) values
    (${pref}, ${personId}, 'Kawakawa tea', 'Hot, in the big mug', 'love', 'General', 'Published', ${personId}, ${personId}),
    (${draft}, ${personId}, 'Not finished', null, null, 'Restricted', 'Draft', ${personId}, ${personId})`;
  await sql`insert into preference_category (preference_id, category_id, person_id, access, status)
    values (${pref}, ${drinks}, ${personId}, 'General', 'Published')`;
  await sql`insert into note (id, person_id, preference_id, title, body, created_by, updated_by)
    values (${noteId}, ${personId}, ${pref}, 'Ask first', 'She likes to pour it herself.', ${personId}, ${personId})`;
  const key = `people/${personId}/media/${mediaId}`;
  await store.put(key, PNG, 'image/png');
  await sql`insert into media (id, person_id, preference_id, created_by, name, description, content_type, type,
      content_length, storage_key, settled_at)
    values (${mediaId}, ${personId}, ${pref}, ${personId}, 'mug photo.png', 'The big blue mug', 'image/png', 'image',
      ${PNG.length}, ${key}, now())`;
  return { pref, draft, food, drinks, noteId, mediaId, key };
}

describe('a copy of everything about me', () => {
  test('built in the background, downloaded as a zip whose JSON is the database and whose files are the media', async () => {
    const me = await registerAndSignIn(stack.url, 'export');
    const lib = await library(me.personId);
    // Times of the copy's page: 23:30 UTC is half past noon the next day in Auckland (summer time).
    await sql`update preference set created_at = '2026-01-15T23:30:00Z' where id = ${lib.pref}`;
    await sql`update person set type = 'DecisionMaker' where id = ${me.personId}`;
    const notAZone = await call(me, 'POST', `/api/people/${me.personId}/exports`, {
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(notAZone.status).toBe(400);
    const started = await call(me, 'POST', `/api/people/${me.personId}/exports`, {
      timeZone: 'Pacific/Auckland',
    });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('building');
    const id = String(started.body.id);
    const seen = new Set<number>();
    const done = await eventually(
      'the copy to be ready',
      async () => {
        const r = await call(me, 'GET', `/api/people/${me.personId}/exports/${id}`);
        seen.add(Number(r.body.progress));
        return r.body;
      },
      (b) => b.status === 'ready',
      20_000,
    );
    expect(done.progress).toBe(100);
    expect(Number(done.bytes)).toBeGreaterThan(PNG.length);
    expect([...seen].every((p) => p >= 0 && p <= 100)).toBe(true);
    const listed = await call(me, 'GET', `/api/people/${me.personId}/exports`);
    expect((listed.body as unknown as Json[]).map((e) => e.id)).toContain(id);

    const download = await call(me, 'GET', `/api/people/${me.personId}/exports/${id}/download`);
    expect(download.status).toBe(302);
    const zipRes = await fetch(download.headers.get('location') ?? '');
    expect(zipRes.status).toBe(200);
    expect(zipRes.headers.get('content-disposition')).toMatch(
      /^attachment; filename="preference-bank-guest-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await zipRes.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
      person: Json;
      account: Json;
      preferences: Array<Json & { categoryIds: string[] }>;
      categories: Json[];
      notes: Json[];
      media: Json[];
      history: Json[];
      circle: { supporters: Json[] };
    };

    // The JSON is the database's rows.
    const prefs = await sql`select id, title, description, feeling, access, status,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from preference where person_id = ${me.personId} order by title, id`;
    expect(
      data.preferences.map((p) => [
        p.id,
        p.title,
        p.description,
        p.feeling,
        p.access,
        p.status,
        p.createdAt,
      ]),
    ).toEqual(
      prefs.map((p) => [p.id, p.title, p.description, p.feeling, p.access, p.status, p.created_at]),
    );
    expect(data.preferences.find((p) => p.id === lib.pref)?.categoryIds).toEqual([lib.drinks]);
    const cats =
      await sql`select id, title from category where person_id = ${me.personId} order by title, id`;
    expect(data.categories.map((c) => [c.id, c.title])).toEqual(cats.map((c) => [c.id, c.title]));
    expect(data.notes.map((n) => [n.id, n.body])).toEqual([
      [lib.noteId, 'She likes to pour it herself.'],
    ]);
    const events = await sql`select id, message from history_event where person_id = ${me.personId}
      order by created_at desc, id desc`;
    expect(data.history.map((h) => h.id)).toEqual(events.map((e) => e.id));
    expect(data.history.map((h) => h.message)).toContain(
      'Made a copy of everything kept about them to download',
    );
    expect(data.account.email).toMatch(/^export\./);
    expect(data.person.id).toBe(me.personId);
    // No store keys, tokens or secrets.
    const text = strFromU8(files['data.json'] ?? new Uint8Array());
    expect(text).not.toContain(lib.key);
    expect(text).not.toMatch(/storageKey|tokenHash|publicKey/);

    // The picture is in the zip, byte for byte, where the JSON says.
    expect(data.media).toHaveLength(1);
    const file = String(data.media[0]?.file);
    expect(file).toBe(`media/${lib.mediaId}-mug-photo.png`);
    expect(Buffer.from(files[file] ?? new Uint8Array()).equals(PNG)).toBe(true);

    // The page to read: the library, escaped, the picture in place.
    const html = strFromU8(files['index.html'] ?? new Uint8Array());
    expect(html).toContain('<h3>Kawakawa tea</h3>');
    expect(html).toContain('Drinks &#38; &#60;things&#62;');
    expect(html).toContain(`<img src="${file}" alt="The big blue mug">`);
    expect(html).not.toContain('<things>');
    // In the interface's words, not the values stored, and the history told to its reader.
    expect(html).toContain('<dd>Decision Maker</dd>');
    expect(html).not.toContain('DecisionMaker');
    expect(html).toContain('😍 Love');
    expect(html).toContain('You made a copy of everything kept about you to download');
    expect(html).not.toContain('kept about them');
    // Times as the app shows them, in the asking browser's time zone, which the page names.
    expect(html).toContain('<dt>Added</dt><dd>Fri, 16 January 2026 at 12:30 pm</dd>');
    expect(html).toContain('Times are in the Pacific/Auckland time zone.');
  });

  test('one copy builds at a time, and only the newest is kept', async () => {
    const me = await registerAndSignIn(stack.url, 'copies');
    const path = `/api/people/${me.personId}/exports`;
    const ready = (id: string) =>
      eventually(
        'the copy to be ready',
        async () => (await call(me, 'GET', `${path}/${id}`)).body.status,
        (s) => s === 'ready',
        20_000,
      );
    // One being made (as another API process would have it): asking again answers it.
    const building = randomUUID();
    await sql`insert into private.data_export (id, person_id, status, progress, expires_at)
      values (${building}, ${me.personId}, 'building', 40, now() + interval '1 day')`;
    const same = await call(me, 'POST', path);
    expect(same.status).toBe(202);
    expect(same.body).toMatchObject({ id: building, status: 'building', progress: 40 });
    await sql`delete from private.data_export where id = ${building}`;

    const first = String((await call(me, 'POST', path)).body.id);
    await ready(first);
    const [firstRow] = await sql`select storage_key from private.data_export where id = ${first}`;
    const firstKey = String(firstRow?.storage_key);
    expect(await store.head(firstKey)).toBeDefined();
    const second = String((await call(me, 'POST', path)).body.id);
    expect(second).not.toBe(first);
    await ready(second);
    await eventually(
      'the first copy to go',
      async () => ((await call(me, 'GET', path)).body as unknown as Json[]).map((e) => e.id),
      (ids) => ids.length === 1 && ids[0] === second,
    );
    expect((await call(me, 'GET', `${path}/${first}`)).status).toBe(404);
    expect(await store.head(firstKey)).toBeUndefined();
  });

  test("nobody gets another person's copy: not their Administrator in session, not anyone", async () => {
    const arohaId = seedId('person:aroha');
    const session = await startSession(ana, arohaId);
    try {
      const before =
        await sql`select count(*)::int n from private.data_export where person_id = ${arohaId}`;
      const refused = await call(ana, 'POST', `/api/people/${arohaId}/exports`);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual(
        expect.objectContaining({ message: myDataMessages.onlyYours }),
      );
      expect((await call(ana, 'GET', `/api/people/${arohaId}/exports`)).status).toBe(403);
      const after =
        await sql`select count(*)::int n from private.data_export where person_id = ${arohaId}`;
      expect(after[0]?.n).toBe(before[0]?.n);
      // Aroha's own copy is hers only, and unknown ids are not found.
      const mine = await call(aroha, 'POST', `/api/people/${arohaId}/exports`);
      expect(mine.status).toBe(202);
      const id = String(mine.body.id);
      expect((await call(ana, 'GET', `/api/people/${arohaId}/exports/${id}/download`)).status).toBe(
        403,
      );
      expect(
        (await call(aroha, 'GET', `/api/people/${arohaId}/exports/${randomUUID()}`)).status,
      ).toBe(404);
      expect((await call(undefined, 'GET', `/api/people/${arohaId}/exports/${id}`)).status).toBe(
        401,
      );
      await eventually(
        "Aroha's copy to be made",
        async () => (await call(aroha, 'GET', `/api/people/${arohaId}/exports/${id}`)).body.status,
        (s) => s === 'ready',
        30_000,
      );
    } finally {
      await session.end();
    }
  });
});

describe('deleting my account', () => {
  /** A person with no sign-in of their own, administered by `by`. */
  async function administered(by: string, name: string) {
    const id = randomUUID();
    await sql`insert into person (id, type, first_name, last_name, known_as, full_name, created_by, updated_by)
      values (${id}, 'DecisionMaker', ${name}, 'Test', ${name}, ${`${name} Test`}, ${by}, ${by})`;
    await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by, updated_by)
      values (${randomUUID()}, ${by}, ${id}, 'Administrator', ${by}, ${by})`;
    return id;
  }

  test('asks first about the people only I reach, waits out the grace period, can be kept, then deletes', () =>
    // The API's own sweep deletes accounts that are due: it must not take one this test made due.
    withoutApiSweep(SWEEP_LOCKS.accountDeletions, async () => {
      const me = await registerAndSignIn(stack.url, 'leaving');
      const friend = await registerAndSignIn(stack.url, 'friend');
      const lib = await library(me.personId);
      const mere = await administered(me.personId, 'Mere');
      const hone = await administered(me.personId, 'Hone');
      // A friend supports me: they will hear of it.
      await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by, updated_by)
      values (${randomUUID()}, ${friend.personId}, ${me.personId}, 'General', ${me.personId}, ${me.personId})`;
      const path = `/api/people/${me.personId}/account-deletion`;

      const summary = await call(me, 'GET', path);
      expect(summary.status).toBe(200);
      expect(summary.body.dueAt).toBeNull();
      expect(summary.body.counts).toMatchObject({
        preferences: 2,
        categories: 2,
        notes: 1,
        media: 1,
        supporters: 1,
        supporting: 2,
      });
      expect((summary.body.administered as Json[]).map((a) => [a.name, a.needsDecision])).toEqual([
        ['Hone', true],
        ['Mere', true],
      ]);

      // Nothing is asked until each of them is decided; nobody else's library can be named.
      const undecided = await call(me, 'POST', path, { alsoDelete: [mere] });
      expect(undecided.status).toBe(409);
      expect(undecided.body.error).toEqual(
        expect.objectContaining({ message: myDataMessages.decideFirst(['Hone']) }),
      );
      const stranger = await call(me, 'POST', path, {
        alsoDelete: [mere, hone, seedId('person:aroha')],
      });
      expect(stranger.status).toBe(400);
      expect((await call(aroha, 'POST', path, { alsoDelete: [] })).status).toBe(403);
      expect(
        (await sql`select 1 from private.account_deletion where person_id = ${me.personId}`).length,
      ).toBe(0);

      const asked = await call(me, 'POST', path, { alsoDelete: [mere, hone] });
      expect(asked.status).toBe(200);
      const due = Date.parse(String(asked.body.dueAt));
      expect(due - Date.now()).toBeGreaterThan((ACCOUNT_DELETION_GRACE_DAYS - 0.01) * 86_400_000);
      expect(due - Date.now()).toBeLessThanOrEqual(ACCOUNT_DELETION_GRACE_DAYS * 86_400_000);
      expect((await call(me, 'POST', path, { alsoDelete: [mere, hone] })).status).toBe(409);
      // Said by e-mail, once, with the way to keep the account.
      const [account] = await sql`select email from app_user where id = ${me.userId}`;
      const mailbox = await call(
        undefined,
        'GET',
        `/api/dev/mailbox?to=${encodeURIComponent(String(account?.email))}`,
      );
      const mails = (mailbox.body as unknown as Json[]).filter((m) =>
        String(m.subject).startsWith('Your Preference Bank account will be deleted on '),
      );
      expect(mails).toHaveLength(1);
      expect(String(mails[0]?.text)).toContain(`/people/${me.personId}/settings/data`);
      expect(String(mails[0]?.html)).toContain('Keep my account');
      const session = await call(me, 'GET', '/api/session');
      expect((session.body.user as Json).deletionDueAt).toBe(due);
      const myEvents =
        await sql`select message from history_event where person_id = ${me.personId}`;
      expect(myEvents.map((e) => e.message)).toContainEqual(
        expect.stringMatching(/^Asked for their account to be deleted on \d{1,2} \w+ \d{4}$/),
      );
      const mereEvents = await sql`select message from history_event where person_id = ${mere}`;
      expect(mereEvents.map((e) => e.message)).toContainEqual(
        expect.stringMatching(/^Guest asked for this library to be deleted with their account on /),
      );
      // The history feed says it to the one who asked in their own words.
      const asFeed = async (type: string) =>
        (
          (await call(me, 'GET', `/api/people/${me.personId}/access/events?type=${type}`)).body
            .events as Json[]
        ).map((e) => e.sentence);
      expect(await asFeed('Delete')).toContainEqual(
        expect.stringMatching(/^You asked for your account to be deleted on \d{1,2} \w+ \d{4}$/),
      );

      // Not due yet: the sweep leaves it.
      expect(await deleteAccountsDue(db, store)).toBe(0);

      // Changed my mind: kept.
      const kept = await call(me, 'DELETE', path);
      expect(kept.status).toBe(200);
      expect(kept.body.dueAt).toBeNull();
      expect((await call(me, 'DELETE', path)).status).toBe(409);
      expect(
        (await sql`select message from history_event where person_id = ${me.personId}`).map(
          (e) => e.message,
        ),
      ).toContain('Kept their account: it will not be deleted');
      expect(await asFeed('Modify')).toContain('You kept your account: it will not be deleted');

      // Asked again; meanwhile Hone gets another Administrator: he stays.
      expect((await call(me, 'POST', path, { alsoDelete: [mere, hone] })).status).toBe(200);
      await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by, updated_by)
      values (${randomUUID()}, ${friend.personId}, ${hone}, 'Administrator', ${friend.personId}, ${friend.personId})`;
      await sql`update private.account_deletion set due_at = now() - interval '1 second'
      where person_id = ${me.personId}`;
      expect(await store.head(lib.key)).toBeDefined();

      expect(await deleteAccountsDue(db, store)).toBe(2);
      expect((await sql`select id from person where id = any(${[me.personId, mere]})`).length).toBe(
        0,
      );
      expect((await sql`select id from app_user where id = ${me.userId}`).length).toBe(0);
      expect((await sql`select id from person where id = ${hone}`).length).toBe(1);
      expect(await store.head(lib.key)).toBeUndefined();
      // Signed out everywhere: the session went with the account.
      expect((await call(me, 'GET', '/api/session')).body.user).toBeNull();
      const friendEvents =
        await sql`select message, created_by from history_event where person_id = ${friend.personId}`;
      expect(friendEvents).toContainEqual({
        message: 'Guest is no longer in the Circle of Support: their account was deleted',
        created_by: null,
      });
      await sql`delete from person where id = ${hone}`;
    }));

  test('a paid plan is cancelled at Stripe before the account goes; while Stripe fails, the deletion waits', () =>
    // The API's own sweep deletes accounts that are due: it must not take one this test made due.
    withoutApiSweep(SWEEP_LOCKS.accountDeletions, async () => {
      const standIn = await stripeStandIn();
      try {
        const billing = billingFor({
          STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
          STRIPE_API_URL: standIn.url,
        } as Config);
        const me = await registerAndSignIn(stack.url, 'paying');
        const sub = `sub_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
        standIn.subscriptions.set(sub, {
          id: sub,
          object: 'subscription',
          customer: 'cus_leaving',
          status: 'active',
          cancel_at_period_end: false,
          metadata: {},
          created: 0,
          items: { object: 'list', data: [] },
        });
        await sql`insert into private.billing_customer (person_id, stripe_customer_id, stripe_subscription_id)
        values (${me.personId}, ${`cus_${randomUUID()}`}, ${sub})`;
        const path = `/api/people/${me.personId}/account-deletion`;
        expect((await call(me, 'POST', path, { alsoDelete: [] })).status).toBe(200);
        await sql`update private.account_deletion set due_at = now() - interval '1 second'
        where person_id = ${me.personId}`;

        // Stripe down: nothing is deleted (the charges would go on), and it says why.
        standIn.outage = true;
        const logged: string[] = [];
        expect(await deleteAccountsDue(db, store, { billing, log: (l) => logged.push(l) })).toBe(0);
        expect((await sql`select 1 from person where id = ${me.personId}`).length).toBe(1);
        expect(logged.join('\n')).toContain(`deleting the account of ${me.personId} waits`);

        // Stripe back: the plan is cancelled, then the account goes.
        standIn.outage = false;
        expect(await deleteAccountsDue(db, store, { billing })).toBe(1);
        expect(standIn.subscriptions.get(sub)?.status).toBe('canceled');
        expect((await sql`select 1 from person where id = ${me.personId}`).length).toBe(0);
        expect(
          (await sql`select 1 from private.billing_customer where person_id = ${me.personId}`)
            .length,
        ).toBe(0);
      } finally {
        await standIn.close();
      }
    }));
});
