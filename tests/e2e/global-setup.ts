import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FullConfig } from '@playwright/test';
import { startTestStack } from '../harness/stack.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  stripeStandIn,
} from '../stand-ins/stripe.ts';
import { E2E_FEEDBACK_URL, E2E_HELP_URL, E2E_PLATFORM_URL } from './links.ts';

/** What one stack of the end-to-end run is reached at; one per Playwright worker. */
export type E2EStack = {
  url: string;
  zeroUrl: string;
  databaseUrl: string;
  stripeUrl: string;
  stripeControlUrl: string;
};

/**
 * Starts one real stack (built web app, API, zero-cache, Postgres) per
 * worker, each with payments set up against a local Stripe stand-in of its own
 * (tests/stand-ins/stripe.ts): its hosted Checkout and Customer Portal
 * pages are what the browser reaches, and its webhooks go to that stack. A
 * worker runs one test at a time on its stack (tests/e2e/fixtures.ts), so the
 * tests of two workers never see each other's rows.
 */
export default async function globalSetup(config: FullConfig) {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  try {
    // The first stack builds the web app when it is stale; the others then start together.
    const first = await startOne(stops);
    const rest = await Promise.all(
      Array.from({ length: config.workers - 1 }, () => startOne(stops)),
    );
    process.env.E2E_STACKS = JSON.stringify([first, ...rest]);
  } catch (e) {
    await stopAll();
    throw e;
  }
  return stopAll;
}

async function startOne(stops: Array<() => Promise<void>>): Promise<E2EStack> {
  const standIn = await stripeStandIn();
  stops.push(() => standIn.close());
  const stack = await startTestStack({
    web: 'static',
    env: {
      HELP_URL: E2E_HELP_URL,
      FEEDBACK_URL: E2E_FEEDBACK_URL,
      PLATFORM_DASHBOARD_URL: E2E_PLATFORM_URL,
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    },
  });
  stops.push(() => stack.stop());
  standIn.webhookUrl = `${stack.url}/api/webhooks/stripe`;
  const control = await standInControl(standIn);
  stops.push(() => control.close());
  return {
    url: stack.url,
    zeroUrl: stack.zeroUrl,
    databaseUrl: stack.databaseUrl,
    stripeUrl: standIn.url,
    stripeControlUrl: control.url,
  };
}

/**
 * The stand-in lives in this process, the tests in Playwright's workers: a
 * small HTTP door for what a test must change or read (tests/e2e/subscription.spec.ts).
 * GET /state → { outage, requests }; PUT /outage?on=true|false.
 */
async function standInControl(standIn: StripeStandIn) {
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://control');
    if (req.method === 'PUT' && u.pathname === '/outage') {
      standIn.outage = u.searchParams.get('on') === 'true';
    } else if (!(req.method === 'GET' && u.pathname === '/state')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ outage: standIn.outage, requests: standIn.requests.length }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
