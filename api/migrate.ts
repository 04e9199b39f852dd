import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { backfillSharedText } from './shared-text-backfill.ts';

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../migrations',
);

/** Creates the database when missing (needs a role that may CREATE DATABASE). */
export async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) await sql.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await sql.end();
  }
}

/** The advisory lock that keeps two processes from migrating one database at once. */
export const MIGRATION_LOCK = 7300;

/**
 * Applies the migrations not yet applied. Under an advisory lock: processes
 * starting together take turns, and the later ones find nothing left to do.
 */
export async function runMigrations(url: string, folder: string = migrationsFolder) {
  // One connection: the session's lock and the migrations share it.
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      const db = drizzle(sql);
      await migrate(db, { migrationsFolder: folder });
      await backfillSharedText(db);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    await sql.end();
  }
}
