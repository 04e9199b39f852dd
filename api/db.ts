import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '../schema/index.ts';

export type Sql = postgres.Sql;

export function connect(url: string, opts: { max?: number } = {}) {
  const sql = postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    // Zero maps timestamps to epoch milliseconds; keep postgres.js's defaults otherwise.
  });
  const db = drizzle(sql, { schema });
  return { sql, db };
}

export type Db = ReturnType<typeof connect>['db'];
