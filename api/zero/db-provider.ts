import { zeroDrizzle } from '@rocicorp/zero/server/adapters/drizzle';
import { schema } from '../../schema/zero-schema.gen.ts';
import type { Db } from '../db.ts';

/**
 * ZQL over Postgres, through the app's drizzle client: runs the mutators, lets
 * REST handlers reuse the synced queries' filters, and gives them drizzle
 * (`tx.dbTransaction.wrappedTransaction`) for the rest of a change, all in one
 * transaction. The one ZQL database of the API.
 */
export function createZeroDb(db: Db) {
  return zeroDrizzle(schema, db);
}
export type ZeroDb = ReturnType<typeof createZeroDb>;
