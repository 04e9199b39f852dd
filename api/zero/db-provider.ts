import { zeroPostgresJS } from '@rocicorp/zero/server/adapters/postgresjs';
import { schema } from '../../schema/zero-schema.gen.ts';
import type { Sql } from '../db.ts';

/** ZQL over Postgres: runs mutators and lets REST handlers reuse the synced queries' filters. */
export function createZeroDb(sql: Sql) {
  return zeroPostgresJS(schema, sql);
}
export type ZeroDb = ReturnType<typeof createZeroDb>;
