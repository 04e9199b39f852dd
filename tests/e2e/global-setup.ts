import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  stripeStandIn,
} from '../../api/billing/stripe-stand-in.ts';
import { startTestStack } from '../harness/stack.ts';
import { E2E_FEEDBACK_URL, E2E_HELP_URL, E2E_PLATFORM_URL } from './links.ts';

/**
 * Starts one real stack (built web app, API, zero-cache, Postgres) for the
 * end-to-end run, with payments set up against a local Stripe stand-in
 * (api/billing/stripe-stand-in.ts): its hosted Checkout and Customer Portal
 * pages are what the browser reaches, and its webhooks go to the stack.
 */
export default async function globalSetup() {
  const standIn = await stripeStandIn();
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
  }).catch(async (e: unknown) => {
    await standIn.close();
    throw e;
  });
  standIn.webhookUrl = `${stack.url}/api/webhooks/stripe`;
  const control = await standInControl(standIn);
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_ZERO_URL = stack.zeroUrl;
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  process.env.E2E_STRIPE_URL = standIn.url;
  process.env.E2E_STRIPE_CONTROL_URL = control.url;
  return async () => {
    await control.close();
    await stack.stop();
    await standIn.close();
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
