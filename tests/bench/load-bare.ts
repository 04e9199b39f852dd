/**
 * The load bench's control (tests/bench/load.ts): a bare Zero 1.9 app with one
 * table, `bare_preference`, holding a copy of the written library's preference
 * rows (every column the library's synced query returns, under the same
 * names), one synced query that reads the whole table with no permission
 * filter, ordered as the library is, and one mutator that sets a title with no
 * checks. Imported by the bench (server side) and its client processes (the
 * client must define the same schema, query and mutator: Zero runs them there
 * too, and matches them by name).
 */
import {
  createBuilder,
  defineMutatorsWithType,
  defineMutatorWithType,
  defineQueriesWithType,
  defineQueryWithType,
  type Transaction,
} from '@rocicorp/zero';
import { z } from 'zod';
import { schema } from '../../schema/zero-schema.gen.ts';

/** Every client of the control is this user; each still has a client group of its own. */
export const BARE_USER_ID = 'bench';

/**
 * A plain schema object, as schema/zero-schema.gen.ts's, whose one table has
 * the columns of `preference` (names and server names) under another name.
 */
export const bareLoadSchema = {
  tables: {
    bare_preference: {
      name: 'bare_preference',
      columns: schema.tables.preference.columns,
      primaryKey: ['id'],
    },
    bare_log: {
      name: 'bare_log',
      columns: {
        id: { type: 'string', optional: false, customType: null as unknown as string },
        title: { type: 'string', optional: false, customType: null as unknown as string },
      },
      primaryKey: ['id'],
    },
  },
  relationships: {},
  enableLegacyQueries: false,
  enableLegacyMutators: false,
} as const;
export type BareLoadSchema = typeof bareLoadSchema;
const zql = createBuilder(bareLoadSchema);

/**
 * The Postgres side of the table: the columns of `preference`, enums as text.
 * Every column of `bareLoadSchema` must be here: zero-cache refuses a client
 * whose schema names a column the replica lacks (SchemaVersionNotSupported),
 * and the control's clients then never sync.
 */
export const BARE_TABLE_DDL = `create table bare_preference (
  id text primary key,
  person_id text not null,
  title text not null,
  description text,
  feeling text,
  feeling_other text,
  access text not null,
  review_schedule text not null,
  review_at timestamptz,
  hero_media_id text,
  spoken_media_id text,
  status text not null,
  created_at timestamptz not null,
  created_by text,
  updated_at timestamptz not null,
  updated_by text,
  reviewed_at timestamptz,
  reviewed_by text
);
create index bare_preference_person on bare_preference (person_id);
create table bare_log (id text primary key, title text not null)`;

/**
 * Rows the control's mutator also inserts, on the server, into `bare_log`,
 * which no query reads: what a replicated row no screen holds costs
 * zero-cache, as our history and handover rows are beside the preference
 * (LOAD_BARE_SIDE_ROWS; none by default).
 */
const SIDE_ROWS = Number(process.env.LOAD_BARE_SIDE_ROWS ?? 0);

// The app's own types are registered as Zero's defaults (sync/context.ts,
// schema/zero-schema.gen.ts), so everything here is typed with the *WithType
// builders rather than the defaults.
const defineBareQuery = defineQueryWithType<BareLoadSchema, undefined>();
const ofPerson = z.object({ personId: z.string() });
export const bareLoadQueries = defineQueriesWithType<BareLoadSchema>()({
  library: defineBareQuery(() => zql.bare_preference.orderBy('title', 'asc').orderBy('id', 'asc')),
  /** One person's library, as ours filters by owner; the permission checks left out. */
  libraryOf: defineBareQuery(ofPerson, ({ args }) =>
    zql.bare_preference
      .where('personId', args.personId)
      .orderBy('title', 'asc')
      .orderBy('id', 'asc'),
  ),
  /** A supporter's home: what changed lately for the person they support. */
  recentOf: defineBareQuery(ofPerson, ({ args }) =>
    zql.bare_preference
      .where('personId', args.personId)
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'asc')
      .limit(10),
  ),
});

type SetTitleArgs = { id: string; title: string };
const defineBareMutator = defineMutatorWithType<BareLoadSchema, undefined>();
export const bareLoadMutators = defineMutatorsWithType<BareLoadSchema>()({
  setTitle: defineBareMutator(
    async ({
      tx,
      args,
    }: {
      tx: Transaction<BareLoadSchema>;
      args: SetTitleArgs;
      ctx: undefined;
    }) => {
      await tx.mutate.bare_preference.update({ id: args.id, title: args.title });
      if (tx.location !== 'server') return;
      for (let i = 0; i < SIDE_ROWS; i++) {
        await tx.mutate.bare_log.insert({ id: crypto.randomUUID(), title: args.title });
      }
    },
  ),
});
