/**
 * Past one machine (docs/decisions/024-past-one-machine.md):
 * Zero's production topology as processes — one replication-manager, two
 * view-syncers, two API processes behind a proxy, a sticky proxy in front of
 * the view-syncers — with the real mutators and the seed's demo people.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, type SignedIn, signIn } from '../harness/clients.ts';
import { startTopology, type Topology } from '../harness/topology.ts';
import { type Client, client, serverResult } from '../harness/zero.ts';

type View = { data: ReadonlyArray<{ id: string; title: string }>; destroy: () => void };

let topo: Topology;
let sql: postgres.Sql;
let aroha: SignedIn;
let sam: SignedIn;
/** Aroha's tablet and Sam's phone, and what each shows of Aroha's library. */
let arohaZ: Client;
let samZ: Client;
let arohaView: View;
let samView: View;
/** Aroha's General preferences (Sam, a General supporter in session, sees them). */
let general: string[];

const titlesOf = (view: View, ids: string[]) =>
  ids.map((id) => view.data.find((r) => r.id === id)?.title);

async function titlesInPostgres(ids: string[]) {
  const rows = await sql`select id, title from preference where id in ${sql(ids)}`;
  return ids.map((id) => rows.find((r) => r.id === id)?.title as string | undefined);
}

async function historyCount(ids: string[]) {
  const [row] =
    await sql`select count(*)::int as n from history_event where related_id in ${sql(ids)} and type = 'Modify'`;
  return Number(row?.n);
}

/** Which view-syncer the proxy sent a client's open WebSocket to (undefined while it has none). */
const upstreamOf = (z: Client) =>
  topo.syncProxy.sockets().find((s) => s.clientID === z.clientID)?.upstream;

beforeAll(async () => {
  topo = await startTopology({ verbose: process.env.HARNESS_VERBOSE === '1' });
  sql = postgres(topo.databaseUrl, { max: 2, onnotice: () => {} });
  // The dev mailbox is per process: each signs in on one API process directly.
  // The session itself lives in Postgres, so any process serves it afterwards.
  const [api1, api2] = topo.apis;
  if (!api1 || !api2) throw new Error('two API processes expected');
  aroha = await signIn(api1.url, 'aroha@example.com');
  sam = await signIn(api2.url, 'sam@example.com');
  await sql`insert into support_session (id, supporter_link_id, person_id, supporter_id)
            values (${crypto.randomUUID()}, ${seedId('link:sam->aroha')}, ${aroha.personId}, ${sam.personId})`;
  general = (
    await sql`select id from preference where person_id = ${aroha.personId}
              and access = 'General' and status = 'Published' order by title limit 6`
  ).map((r) => String(r.id));
}, 180_000);

afterAll(async () => {
  arohaView?.destroy();
  samView?.destroy();
  for (const z of [arohaZ, samZ]) await z?.close().catch(() => {});
  await sql?.end();
  await topo?.stop();
}, 60_000);

describe('two view-syncers following one replication-manager', () => {
  test('a client on either view-syncer sees the other’s edits; both API processes serve them', async () => {
    expect(general.length).toBe(6);
    const library = queries.preference.list({ personId: aroha.personId });

    // The first client group goes to the view-syncer with fewer sockets, the second to the other.
    arohaZ = client(aroha, { cacheURL: topo.syncProxy.url });
    arohaView = arohaZ.materialize(library) as unknown as View;
    await arohaZ.run(library, { type: 'complete' });
    expect(await eventually('Aroha connected', () => upstreamOf(arohaZ), Boolean)).toBe(
      'view-syncer-a',
    );
    samZ = client(sam, { cacheURL: topo.syncProxy.url });
    samView = samZ.materialize(library) as unknown as View;
    await eventually(
      'Aroha’s General preferences on Sam’s phone',
      () => samView.data.length,
      (n) => n >= general.length,
      15_000,
    );
    expect(upstreamOf(samZ)).toBe('view-syncer-b');

    const [first, second] = general as [string, string];
    const fromA = `Edited on view-syncer A ${Date.now()}`;
    expect(
      (await serverResult(arohaZ, mutators.preference.update({ id: first, title: fromA }))).type,
    ).toBe('success');
    await eventually(
      'A’s edit on B',
      () => titlesOf(samView, [first])[0],
      (t) => t === fromA,
    );

    const fromB = `Edited on view-syncer B ${Date.now()}`;
    expect(
      (await serverResult(samZ, mutators.preference.update({ id: second, title: fromB }))).type,
    ).toBe('success');
    await eventually(
      'B’s edit on A',
      () => titlesOf(arohaView, [second])[0],
      (t) => t === fromB,
    );

    // zero-cache reached the API through its proxy, which spread the requests over both processes.
    for (const api of ['api-1', 'api-2']) {
      expect(topo.apiProxy.served(api, '/api/zero/')).toBeGreaterThan(0);
    }
    const pushes =
      topo.apiProxy.served('api-1', '/api/zero/mutate') +
      topo.apiProxy.served('api-2', '/api/zero/mutate');
    expect(pushes).toBeGreaterThanOrEqual(2);
  });

  test('killing view-syncer A moves its client to B without losing an edit', async () => {
    const [a] = topo.viewSyncers;
    if (!a || !arohaZ || !samZ) throw new Error('needs the clients of the first test');
    expect(upstreamOf(arohaZ)).toBe('view-syncer-a');
    const samSockets = () => topo.syncProxy.history().filter((s) => s.clientID === samZ.clientID);
    expect(samSockets()).toHaveLength(1);
    const historyBefore = await historyCount(general);
    const stamp = Date.now();
    const want = general.map((_, i) => `Failover edit ${i} ${stamp}`);
    // An edit made while cut off waits for the reconnection (up to 30 s below).
    const edit = (i: number) =>
      serverResult(
        arohaZ,
        mutators.preference.update({ id: general[i] ?? '', title: want[i] ?? '' }),
        45_000,
      );

    // Two edits confirmed by the server, one sent right before the crash, and
    // three while Aroha's tablet is cut off: made the moment it notices (the
    // reconnection to B follows within milliseconds), accepted and queued.
    const results = [await edit(0), await edit(1)];
    let stateDuringOutage = '';
    const duringOutage = new Promise<ReturnType<typeof edit>[]>((resolve) => {
      const unsubscribe = arohaZ.connection.state.subscribe((state) => {
        if (state.name === 'connected') return;
        unsubscribe();
        stateDuringOutage = state.name;
        resolve([edit(3), edit(4), edit(5)]);
      });
    });
    const beforeCrash = edit(2);
    await a.kill();
    const queued = await duringOutage;
    expect(stateDuringOutage).toBe('connecting');

    // It reconnects by itself; the proxy sends it to the live view-syncer.
    expect(await eventually('Aroha back on B', () => upstreamOf(arohaZ), Boolean, 30_000)).toBe(
      'view-syncer-b',
    );
    results.push(await beforeCrash, ...(await Promise.all(queued)));
    expect(results.map((r) => r.type)).toEqual(general.map(() => 'success'));

    // Every edit is in Postgres once (one history event each), and on both clients.
    expect(await titlesInPostgres(general)).toEqual(want);
    expect(await historyCount(general)).toBe(historyBefore + general.length);
    await eventually(
      'every edit on Aroha’s tablet',
      () => titlesOf(arohaView, general),
      (t) => t.every((title, i) => title === want[i]),
    );
    await eventually(
      'every edit on Sam’s phone',
      () => titlesOf(samView, general),
      (t) => t.every((title, i) => title === want[i]),
    );
    // Sam, on B all along, never lost his connection.
    expect(samSockets()).toHaveLength(1);
    expect(topo.syncProxy.sockets().every((s) => s.upstream === 'view-syncer-b')).toBe(true);
  }, 60_000);
});
