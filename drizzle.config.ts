import { defineConfig } from 'drizzle-kit';

/**
 * `drizzle-kit generate` works offline; `migrate` / `studio` need DATABASE_URL.
 * Both schemas are managed: `public` (replicated by Zero) and `private` (server-only).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './schema/index.ts',
  out: './migrations',
  schemaFilter: ['public', 'private'],
  strict: true,
  verbose: true,
  ...(process.env.DATABASE_URL ? { dbCredentials: { url: process.env.DATABASE_URL } } : {}),
});
