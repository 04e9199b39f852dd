/**
 * The production entry: the API and the built web app, against DATABASE_URL,
 * an external zero-cache (it calls /api/zero/*) and a real S3 bucket. Built
 * into one file, dist/server/main.mjs (`npm run build`), and run with plain
 * `node`: no tsx, no embedded Postgres, no development object store. Migrates
 * the database at start (several processes may start together), and stops on
 * SIGTERM or SIGINT: stops listening, lets requests in flight finish, closes
 * the pool, exits 0. See docs/deployment.md.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { s3SettingsOf, startApi } from './process.ts';
import { describeFailure, StackError } from './startup-errors.ts';

/** dist/server/main.mjs: the web app is dist/web, the migrations the project's own. */
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = process.env.WEB_ROOT ?? path.resolve(here, '../web');
const migrationsFolder = process.env.MIGRATIONS_DIR ?? path.resolve(here, '../../migrations');

const log = (line: string) => console.log(line);

try {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new StackError('config', 'DATABASE_URL is required (a postgres:// URL)');
  }
  const s3 = s3SettingsOf(config);
  if (!s3) throw new StackError('config', 'S3_BUCKET is required (the media bucket)');
  const api = await startApi({
    config,
    databaseUrl: config.DATABASE_URL,
    s3,
    staticRoot: webRoot,
    migrationsFolder,
    log,
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await api.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  log(`Ready: ${config.publicUrl} (API and web app on ${config.HOST}:${config.PORT})`);
} catch (e) {
  console.error(describeFailure(e));
  process.exit(1);
}
