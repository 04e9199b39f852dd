/**
 * zero-cache copies a client group's view record (CVR) at every replicated
 * transaction, for every group, before it knows whether the change is the
 * group's at all. Our client schema (25 tables, 240 columns) was most of that
 * copy: patches/@rocicorp+zero+1.9.0.patch shares it between the record and
 * its copy, and copies the rest as before (docs/decisions/049). These pin both
 * halves: the schema is shared, and everything an updater does change is
 * still a copy, so the record it started from stays as it was.
 */

import { expect, test } from 'vitest';
import { CVRConfigDrivenUpdater } from '../../node_modules/@rocicorp/zero/out/zero-cache/src/services/view-syncer/cvr.js';
import { schema } from '../../schema/zero-schema.gen.ts';

type Cvr = ConstructorParameters<typeof CVRConfigDrivenUpdater>[1];

/** What the updater asks of its store for the changes below: nothing is written. */
const store = { insertClient() {}, putQuery() {}, putInstance() {} } as never;
const shard = { appID: 'zero', shardNum: 0 };

function record(): Cvr {
  const clientSchema = {
    tables: Object.fromEntries(
      Object.entries(schema.tables).map(([name, t]) => [
        name,
        {
          columns: Object.fromEntries(
            Object.entries(t.columns).map(([c, v]) => [c, { type: v.type }]),
          ),
          primaryKey: [...t.primaryKey],
        },
      ]),
    ),
  };
  return {
    id: 'group',
    version: { stateVersion: '1a' },
    lastActive: 1,
    ttlClock: 1,
    replicaVersion: 'r1',
    clients: { c1: { id: 'c1', desiredQueryIDs: ['q1'] } },
    queries: {
      q1: {
        id: 'q1',
        type: 'custom',
        name: 'preference.list',
        args: [{ personId: 'p1' }],
        clientState: { c1: { inactivatedAt: undefined, ttl: 300_000, version: undefined } },
      },
    },
    clientSchema,
    profileID: 'profile',
  } as unknown as Cvr;
}

/** The updater's working copy (protected in zero-cache's types). */
const copyOf = (u: CVRConfigDrivenUpdater) => (u as unknown as { _cvr: Cvr })._cvr;

test("an updater shares the group's client schema instead of copying it", () => {
  const cvr = record();
  const updater = new CVRConfigDrivenUpdater(store, cvr, shard);
  expect(copyOf(updater).clientSchema).toBe(cvr.clientSchema);
  // The same schema again, as a reconnecting client sends it: accepted.
  updater.setClientSchema({} as never, structuredClone(cvr.clientSchema) as never);
  expect(copyOf(updater).clientSchema).toBe(cvr.clientSchema);
});

test('what an updater changes is its own copy: the record it started from stays as it was', () => {
  const cvr = record();
  const before = structuredClone(cvr);
  const updater = new CVRConfigDrivenUpdater(store, cvr, shard);
  // A new client joins the group: a new version, a client and its queries.
  updater.ensureClient('c2');
  const copy = copyOf(updater) as unknown as {
    clients: Record<string, { desiredQueryIDs: string[] }>;
    queries: Record<string, { clientState: Record<string, unknown> }>;
  };
  expect(Object.keys(copy.clients)).toEqual(['c1', 'c2']);
  copy.clients.c1?.desiredQueryIDs.push('q2');
  delete copy.queries.q1?.clientState.c1;
  expect(cvr).toEqual(before);
});
