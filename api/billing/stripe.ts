/**
 * The Stripe client (ADR 023): the official SDK, pointed at STRIPE_API_URL
 * when set (a local stand-in in tests; this machine has no network), and
 * nothing at all without STRIPE_SECRET_KEY: then no route calls Stripe and
 * the upgrade buttons say to contact the provider (spec §8).
 */
import Stripe from 'stripe';
import type { Config } from '../config.ts';

export type Billing = {
  stripe: Stripe;
  webhookSecret: string;
};

/** Stripe for this configuration, or undefined when payments are not set up. */
export function billingFor(config: Config): Billing | undefined {
  const key = config.STRIPE_SECRET_KEY;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  if (!key || !webhookSecret) return undefined;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const stripe = new Stripe(key, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    // A person waits on the redirect: fail within seconds, say so, change nothing.
    timeout: 15_000,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'Preference Bank' },
  });
  return { stripe, webhookSecret };
}
