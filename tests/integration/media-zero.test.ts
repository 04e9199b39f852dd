/**
 * Media through Zero: the synced media queries give a supporter
 * exactly the items of preferences their level reaches (a Restricted
 * preference's media never reach a General supporter's device), and the media
 * mutators (description, deletion) are allowed and refused by the same rules
 * as REST, live on the other screens, with a deletion's files leaving the store.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { codeOf } from '../../sync/errors.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, type SignedIn, signIn } from '../harness/clients.ts';
import { mediaStore, sql, stack } from '../harness/db.ts';
import { call, startSession } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';

const store = mediaStore;
const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea'); // General
const medication = seedId('preference:aroha:medication'); // Restricted

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Result = { type: 'success' } | { type: 'error'; error: { type: string; details?: unknown } };

let dm: SignedIn;
let sam: SignedIn;
let tui: SignedIn;

async function upload(who: SignedIn, preferenceId: string | null, name: string): Promise<string> {
  const signed = await call(who, 'POST', `/api/people/${aroha}/media/signed`, {
    name,
    contentType: 'image/png',
    contentLength: PNG.length,
    preferenceId,
  });
  expect(signed.status).toBe(201);
  const s = signed.body as { id: string; url: string; headers: Record<string, string> };
  expect(
    (await fetch(s.url, { method: 'PUT', headers: s.headers, body: new Uint8Array(PNG) })).ok,
  ).toBe(true);
  const settled = await call(who, 'POST', `/api/people/${aroha}/media/upload-settled`, {
    id: s.id,
  });
  expect(settled.status).toBe(200);
  return s.id;
}

const refusal = (r: Result) => (r.type === 'error' ? codeOf(r.error.details) : 'saved');

let general: string;
let restricted: string;

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  tui = await signIn(stack.url, 'tui@example.com');
  general = await upload(dm, tea, 'Teapot.png');
  restricted = await upload(dm, medication, 'Pills.png');
  await startSession(sam, aroha);
});

afterAll(async () => {
  await sql`delete from media where id in (${general}, ${restricted})`;
});

describe('what reaches a device', () => {
  test('a General supporter in session syncs the General preference’s media, never the Restricted one’s', async () => {
    const z = client(sam);
    const ofTea = await z.run(queries.media.ofPreference({ personId: aroha, preferenceId: tea }), {
      type: 'complete',
    });
    expect(ofTea.map((m) => m.id)).toContain(general);
    const ofMedication = await z.run(
      queries.media.ofPreference({ personId: aroha, preferenceId: medication }),
      { type: 'complete' },
    );
    expect(ofMedication).toEqual([]);
    expect(
      await z.run(queries.media.byId({ personId: aroha, id: restricted }), { type: 'complete' }),
    ).toBeUndefined();
    // Nor through the preference's pinned picture.
    await sql`update preference set hero_media_id = ${restricted} where id = ${medication}`;
    try {
      const pref = await z.run(queries.preference.byId({ personId: aroha, id: medication }), {
        type: 'complete',
      });
      expect(pref).toBeUndefined();
    } finally {
      await sql`update preference set hero_media_id = null where id = ${medication}`;
    }
  });

  test('someone outside the Circle syncs none of it', async () => {
    const z = client(tui);
    expect(
      await z.run(queries.media.ofPreference({ personId: aroha, preferenceId: tea }), {
        type: 'complete',
      }),
    ).toEqual([]);
  });
});

describe('changes through Zero', () => {
  test('a description changed by the supporter shows on the Decision Maker’s screen; a Restricted item is refused', async () => {
    const samZ = client(sam);
    const dmZ = client(dm);
    await dmZ.run(queries.media.ofPreference({ personId: aroha, preferenceId: tea }), {
      type: 'complete',
    });
    await samZ.run(queries.media.ofPreference({ personId: aroha, preferenceId: tea }), {
      type: 'complete',
    });
    const ok = (await serverResult(
      samZ,
      mutators.media.update({ id: general, description: 'The blue teapot' }),
    )) as Result;
    expect(refusal(ok)).toBe('saved');
    await eventually(
      'the description on the Decision Maker’s client',
      async () =>
        (await dmZ.run(queries.media.byId({ personId: aroha, id: general }))) ?? undefined,
      (m) => m?.description === 'The blue teapot',
    );

    const refused = (await serverResult(
      samZ,
      mutators.media.update({ id: restricted, description: 'seen it' }),
    )) as Result;
    expect(refusal(refused)).toBe('not_found');
    const outsider = (await serverResult(
      client(tui),
      mutators.media.update({ id: general, description: 'mine' }),
    )) as Result;
    expect(refusal(outsider)).toBe('not_found');
    const rows =
      await sql`select id, description from media where id in (${general}, ${restricted}) order by name`;
    expect(rows).toEqual([
      { id: restricted, description: null },
      { id: general, description: 'The blue teapot' },
    ]);
  });

  test('a deletion through Zero frees the bytes and, as the change’s server half, the files', async () => {
    const doomed = await upload(dm, tea, 'Old cup.png');
    const [row] = await sql`select storage_key, thumb_key from media where id = ${doomed}`;
    const [before] =
      await sql`select bytes::text b from private.media_usage where person_id = ${aroha}`;
    const samZ = client(sam);
    await samZ.run(queries.media.byId({ personId: aroha, id: doomed }), { type: 'complete' });
    const res = (await serverResult(samZ, mutators.media.delete({ id: doomed }))) as Result;
    expect(refusal(res)).toBe('saved');
    expect(await sql`select id from media where id = ${doomed}`).toHaveLength(0);
    const [after] =
      await sql`select bytes::text b from private.media_usage where person_id = ${aroha}`;
    expect(Number(after?.b)).toBe(Number(before?.b) - PNG.length);
    // Not worked by this test: the push's after-commit work removes them.
    for (const key of [row?.storage_key, row?.thumb_key]) {
      await eventually(
        `${key} removed from the store`,
        () => store.head(String(key)),
        (head) => head === undefined,
      );
    }
    const keys = [String(row?.storage_key), String(row?.thumb_key)];
    expect(await sql`select 1 from private.media_removal where key = any(${keys})`).toHaveLength(0);
    const events =
      await sql`select type, created_by from history_event where related_id = ${doomed} order by created_at`;
    expect(events.at(-1)).toEqual({ type: 'Delete', created_by: sam.personId });
  });

  test('a supporter’s new category photo is confirmed and read back by them before any category shows it', async () => {
    // upload() expects the confirmation's 200.
    const photo = await upload(sam, null, 'Garden.png');
    const [row] = await sql`select created_by, settled_at from media where id = ${photo}`;
    expect(row?.created_by).toBe(sam.personId);
    expect(row?.settled_at).not.toBeNull();
    await sql`delete from media where id = ${photo}`;
  });
});
