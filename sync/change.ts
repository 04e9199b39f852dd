/**
 * A change: one write of the product, defined once. Each domain module
 * (preference.ts, category.ts, note.ts, circle.ts, media.ts, ...) exports a
 * change table, `{ name: defineChange(argsSchema, run) }`; from that table
 *
 * - the Zero mutators are derived (`mutatorsOf`, sync/mutators.ts), which run
 *   in the browser for the optimistic result and on the server, where they
 *   are authoritative (api/routes/zero.ts);
 * - REST handlers run the same change through `applyChange` in one
 *   transaction (api/change.ts).
 *
 * `run` checks the caller's permission (sync/permissions.ts) and the rules that
 * hold for every caller, makes the change, and returns what happened in the
 * words of the history feed. `applyChange` records that history, on the
 * server, in the change's own transaction: the change and its history land
 * together or not at all, and no handler writes history of its own.
 */
import {
  defineMutator,
  type MutatorDefinition,
  type ReadonlyJSONValue,
  type ServerTransaction,
  type Transaction,
} from '@rocicorp/zero';
import type { z } from 'zod';
import type { Access, HistoryEventType, HistoryRelatedType } from '../schema/enums.ts';
import type { AuthContext, ZeroContext } from './context.ts';
import { appError } from './errors.ts';
import { requireAuth } from './permissions.ts';
import { type Pipeline, pipelineOf } from './pipeline.ts';

/** What a change did, as one event of the history feed of `personId`'s library. */
export type HistoryEntry = {
  personId: string;
  type: HistoryEventType;
  relatedType: HistoryRelatedType;
  relatedId: string;
  message: string;
  /**
   * For a change to a library item: its access (the stricter of before and
   * after) and its preference, from which supporters' handovers are made
   * (sync/handover.ts). A change a supporter reads of their own level gives
   * `access` alone.
   */
  access?: Access;
  preferenceId?: string;
};

/** A history entry about a library item read at `access`, of the preference `preferenceId`. */
export function libraryEntry(
  type: HistoryEventType,
  relatedType: 'Preference' | 'Note',
  item: { id: string; personId: string },
  message: string,
  scope: { access: Access; preferenceId: string },
): HistoryEntry {
  return { ...historyEntry(type, relatedType, item, message), ...scope };
}

/** A history entry about `item`: its id, in the library of its `personId`. */
export function historyEntry(
  type: HistoryEventType,
  relatedType: HistoryRelatedType,
  item: { id: string; personId: string },
  message: string,
): HistoryEntry {
  return { personId: item.personId, type, relatedType, relatedId: item.id, message };
}

/** What `run` reports: nothing (nothing changed, or a client without the rows), one event or several. */
export type ChangeOutcome = HistoryEntry | readonly HistoryEntry[] | undefined;

type Json = ReadonlyJSONValue | undefined;

/** Web Crypto: a global in browsers and in Node 22 alike (sync/ is typed for neither). */
declare const crypto: { randomUUID(): string };

/** The rule of a change: check, write, and say what happened. */
export type ChangeRun<A> = (tx: Transaction, ctx: ZeroContext, args: A) => Promise<ChangeOutcome>;

/** A change: the schema of its arguments (input I, parsed O) and its rule. */
export type ChangeDef<I extends Json = Json, O extends Json = Json> = {
  readonly args: z.ZodType<O, I>;
  readonly run: ChangeRun<O>;
};

export function defineChange<I extends Json, O extends Json>(
  args: z.ZodType<O, I>,
  run: ChangeRun<O>,
): ChangeDef<I, O> {
  return { args, run };
}

/**
 * The database of a change only the server may make (it writes `private`
 * tables, which no client holds): Zero's server transaction, for SQL in the
 * change's own transaction. A client transaction is refused: such a change
 * is never a Zero mutator, and the browser cannot run it.
 */
export function serverDb(tx: Transaction): ServerTransaction['dbTransaction'] {
  if (tx.location !== 'server') throw appError('forbidden');
  return tx.dbTransaction;
}

/**
 * A change only the server makes, for a caller the API has identified (the
 * person registering, signing in, asking for their data): its rule gets the
 * server's database (`serverDb`) and the caller, and it is refused without one.
 */
export function defineServerChange<I extends Json, O extends Json>(
  args: z.ZodType<O, I>,
  run: (
    on: { tx: Transaction; db: ServerTransaction['dbTransaction']; me: AuthContext },
    args: O,
  ) => Promise<ChangeOutcome>,
): ChangeDef<I, O> {
  return defineChange(args, async (tx, ctx, a) => {
    const db = serverDb(tx);
    return run({ tx, db, me: requireAuth(ctx) }, a);
  });
}

/** A new row's who and when, as every table keeps them: made, and last changed, by `personId` at `at`. */
export function madeBy(personId: string, at: number) {
  return { createdAt: at, createdBy: personId, updatedAt: at, updatedBy: personId };
}

/** A time for a `timestamptz` parameter of `serverDb(tx).query` (`$1::timestamptz`). */
export const sqlTime = (ms: number) => new Date(ms).toISOString();

/**
 * A list of texts as one parameter of `serverDb(tx).query`: `sqlTexts('$1')`
 * reads the parameter `$1`, given as `JSON.stringify(list)`, as a `text[]` in
 * the list's order.
 */
export const sqlTexts = (param: string) =>
  `ARRAY(SELECT e FROM jsonb_array_elements_text(${param}::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n)`;

/** A title as history messages quote it: “Porridge”. */
export const quoted = (title: string) => `“${title}”`;

/** The entries of an outcome, as a list. */
export function entriesOf(outcome: ChangeOutcome): readonly HistoryEntry[] {
  if (outcome === undefined) return [];
  return Array.isArray(outcome) ? outcome : [outcome as HistoryEntry];
}

const CRUD_KINDS = ['insert', 'upsert', 'update', 'delete'] as const;

/**
 * The server transaction a change runs in: its writes (`tx.mutate`) are sent
 * at once and held, not awaited, so a change's writes and its history go to
 * Postgres together, behind its reads, in one round trip. Nothing a change
 * does reads a write's answer; a write that fails still fails the change
 * (at its next read, or at the commit, which Postgres then turns into a
 * rollback).
 */
function sendingWritesAhead(tx: ServerTransaction, pipeline: Pipeline): Transaction {
  type Crud = Record<(typeof CRUD_KINDS)[number], (value: unknown) => Promise<void>>;
  const tables = new Map<string, Crud>();
  const mutate = new Proxy(tx.mutate, {
    get(target, table) {
      const crud = Reflect.get(target, table) as Crud | undefined;
      if (typeof table !== 'string' || crud === undefined) return crud;
      let held = tables.get(table);
      if (!held) {
        held = Object.fromEntries(
          CRUD_KINDS.map((kind) => [
            kind,
            (value: unknown) => {
              pipeline.hold(crud[kind](value));
              return Promise.resolve();
            },
          ]),
        ) as Crud;
        tables.set(table, held);
      }
      return held;
    },
  });
  return new Proxy(tx, {
    get(target, key) {
      if (key === 'mutate') return mutate;
      const value = Reflect.get(target, key, target);
      // Zero's transaction keeps private fields: its methods run on itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Transaction;
}

/**
 * Runs a change with parsed arguments and, on the server, records its history
 * in the same transaction. The browser records none: history is the server's.
 * On the server the change's writes are sent ahead (`sendingWritesAhead`).
 */
export async function applyChange<A>(
  change: { readonly run: ChangeRun<A> },
  given: Transaction,
  ctx: ZeroContext,
  args: A,
): Promise<readonly HistoryEntry[]> {
  const pipeline = pipelineOf(given);
  const tx = pipeline && given.location === 'server' ? sendingWritesAhead(given, pipeline) : given;
  const entries = entriesOf(await change.run(tx, ctx, args));
  if (tx.location === 'server') {
    const at = Date.now();
    for (const entry of entries) {
      await tx.mutate.historyEvent.insert({
        id: crypto.randomUUID(),
        ...entry,
        access: entry.access ?? null,
        preferenceId: entry.preferenceId ?? null,
        // No caller: a change of the system (an idle session ended).
        createdBy: ctx?.personId ?? null,
        createdAt: at,
      });
    }
  }
  return entries;
}

// biome-ignore lint/suspicious/noExplicitAny: a table holds changes of any argument types.
export type AnyChange = ChangeDef<any, any>;

type MutatorOf<C> =
  C extends ChangeDef<infer I, infer O> ? MutatorDefinition<I, O, ZeroContext, unknown> : never;

/** The Zero mutators of a change table: each runs its change with `applyChange`. */
export function mutatorsOf<T extends Record<string, AnyChange>>(
  table: T,
): { [K in keyof T]: MutatorOf<T[K]> } {
  return Object.fromEntries(
    Object.entries(table).map(([name, change]) => [
      name,
      defineMutator(change.args, async ({ tx, args, ctx }) => {
        await applyChange(change, tx, ctx, args);
      }),
    ]),
  ) as { [K in keyof T]: MutatorOf<T[K]> };
}

/**
 * The outbox's own key for a change (web/offline/outbox.ts), sent beside its
 * arguments: a change sent again after a reload or a lost answer keeps it, so
 * the server can say how that change was answered (api/zero/answers.ts).
 * Schemas ignore it: they keep only the fields they name.
 */
export const OUTBOX_KEY = 'outboxKey';

/** The outbox key a change's raw arguments carry, if any. */
export function outboxKeyOf(args: unknown): string | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const key = (args as Record<string, unknown>)[OUTBOX_KEY];
  return typeof key === 'string' && /^[\w-]{1,64}$/.test(key) ? key : undefined;
}
