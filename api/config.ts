import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1');

const port = z.coerce
  .number({ message: 'expected a port number' })
  .int('expected a port number')
  .min(1, 'expected a port number between 1 and 65535')
  .max(65535, 'expected a port number between 1 and 65535');

/** A count or limit: a whole number of at least 1. */
const atLeastOne = z.coerce
  .number({ message: 'expected a whole number of at least 1' })
  .int('expected a whole number of at least 1')
  .min(1, 'expected a whole number of at least 1');

const METRICS_INTERVAL = 'expected a whole number of milliseconds, at least 100';

const externalLink = z
  .url({ message: 'expected an absolute http(s):// or mailto: address' })
  .refine((v) => /^(https?|mailto):/i.test(v), {
    message: 'expected an absolute http(s):// or mailto: address',
  });

/**
 * Every setting the stack reads, validated once at start-up. `.env.example`
 * documents each of them; keep the two in step.
 */
export const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'expected development, production or test',
    })
    .default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1, 'expected a host name or address').default('localhost'),
  ZERO_PORT: port.default(4848),
  /** When unset, an embedded PostgreSQL is started with its data in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
    .optional(),
  PG_PORT: port.default(54329),
  DATA_DIR: z.string().min(1, 'expected a directory path').default('.data'),
  PUBLIC_URL: z
    .url({ message: 'expected an absolute URL such as http://localhost:3000' })
    .optional(),
  ZERO_PUBLIC_URL: z
    .url({ message: 'expected an absolute URL such as http://localhost:4848' })
    .optional(),
  ZERO_ADMIN_PASSWORD: z.string().min(12, 'expected at least 12 characters').optional(),
  ZERO_NUM_SYNC_WORKERS: z.coerce
    .number({ message: 'expected a whole number from 1 to 8' })
    .int('expected a whole number from 1 to 8')
    .min(1, 'expected a whole number from 1 to 8')
    .max(8, 'expected a whole number from 1 to 8')
    .default(1),
  ZERO_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('warn'),
  /**
   * A malloc library for the zero-cache the runner starts (LD_PRELOAD), such as
   * Debian's libjemalloc2: /usr/lib/x86_64-linux-gnu/libjemalloc.so.2. With
   * glibc's allocator zero-cache keeps, after a crowd of clients has left,
   * most of the memory they took (docs/decisions/025).
   */
  ZERO_MALLOC_LIBRARY: z
    .string()
    .regex(/^\/\S+\.so(\.\d+)*$/, 'expected the absolute path of a shared library (.so)')
    .optional(),
  /**
   * Where the zero-cache the runner starts sends its OpenTelemetry metrics
   * (OTLP over HTTP, JSON): a collector's metrics URL, e.g.
   * http://127.0.0.1:4318/v1/metrics. Its figures per client group (advance
   * time, IVM advance, CVR flushes, pipeline resets) are what `npm run
   * bench:load` reads. Unset: none sent.
   */
  ZERO_METRICS_URL: z
    .string()
    .refine((v) => /^https?:\/\//i.test(v), { message: 'expected an http:// or https:// URL' })
    .optional(),
  /** How often zero-cache sends its metrics there (ms). */
  ZERO_METRICS_INTERVAL_MS: z.coerce
    .number({ message: METRICS_INTERVAL })
    .int(METRICS_INTERVAL)
    .min(100, METRICS_INTERVAL)
    .default(60_000),
  /** Whether the product is publicly launched: signed-out visitors of / go to /login, else /landing. */
  APP_LAUNCHED: bool.default(true),
  LOG_REQUESTS: bool.default(false),
  /** Outgoing mail. Unset (and not production): mail is kept in the dev mailbox instead. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'expected a sender such as Preference Bank <no-reply@example.org>')
    .default('Preference Bank <no-reply@preference-bank.localhost>'),
  /** Signs per-person access tokens (GET /api/people/{id}/access). Unset outside production: random per start. */
  ACCESS_TOKEN_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  /** A support session ends after this many minutes without activity. */
  SUPPORT_SESSION_IDLE_MINUTES: z.coerce
    .number({ message: 'expected a whole number of minutes from 5 to 1440' })
    .int('expected a whole number of minutes from 5 to 1440')
    .min(5, 'expected a whole number of minutes from 5 to 1440')
    .max(1440, 'expected a whole number of minutes from 5 to 1440')
    .default(30),
  /** Sign-in e-mails one address may ask for in 15 minutes. */
  MAGIC_LINK_LIMIT_PER_EMAIL: atLeastOne.default(5),
  /** Sign-in attempts one network address may make in 15 minutes. */
  MAGIC_LINK_LIMIT_PER_IP: atLeastOne.default(30),
  /** Invite e-mails one account may send in an hour (link invites are not counted). */
  INVITE_MAIL_LIMIT_PER_ACCOUNT: atLeastOne.default(10),
  /** Invite e-mails one network address may send in an hour, whoever is signed in. */
  INVITE_MAIL_LIMIT_PER_IP: atLeastOne.default(30),
  /** Registrations one network address may make in an hour. */
  REGISTRATION_LIMIT_PER_IP: atLeastOne.default(5),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
  /**
   * The media store (S3-compatible). S3_BUCKET unset (not production): the stack
   * starts a development store on S3_DEV_PORT with its files in DATA_DIR/s3.
   */
  S3_ENDPOINT: z
    .url({ message: 'expected an absolute URL such as http://localhost:9000' })
    .optional(),
  S3_BUCKET: z.string().min(3, 'expected a bucket name').optional(),
  S3_REGION: z.string().min(1, 'expected a region such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1, 'expected an access key id').optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, 'expected a secret access key').optional(),
  /** Path-style URLs (http://host/bucket/key): MinIO and most self-hosted stores. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_DEV_PORT: port.default(4850),
  /** Where "Get help" in the menu leads (http, https or mailto). Unset: the entry is not shown. */
  HELP_URL: externalLink.optional(),
  /** Where "Give feedback" in the menu leads (http, https or mailto). Unset: not shown. */
  FEEDBACK_URL: externalLink.optional(),
  /** Where a platform user's "Platform Dashboard" leads (spec §2). Unset: not shown. */
  PLATFORM_DASHBOARD_URL: externalLink.optional(),
  /**
   * Photo search (ADR 019): with an Unsplash access key, searches go to
   * Unsplash (UNSPLASH_API_URL); without one, to the bundled catalogue.
   */
  UNSPLASH_ACCESS_KEY: z.string().min(1, 'expected an Unsplash access key').optional(),
  UNSPLASH_API_URL: z
    .url({ message: 'expected an absolute URL such as https://api.unsplash.com' })
    .refine((v) => /^https?:/i.test(v), {
      message: 'expected an absolute URL such as https://api.unsplash.com',
    })
    .default('https://api.unsplash.com'),
  /**
   * Payments (ADR 023). With STRIPE_SECRET_KEY, "Upgrade" goes to Stripe
   * Checkout and the webhook (POST /api/webhooks/stripe, signed with
   * STRIPE_WEBHOOK_SECRET) keeps subscriptions; without it, the upgrade
   * buttons say to contact the provider and nothing calls Stripe.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'expected a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'expected a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /**
   * The deployment's Stripe prices of Premium by the month and by the year
   * (api/billing/plans.ts): written at start into private.billing_price.
   * Unset: what that table holds for the plan stays.
   */
  STRIPE_PRICE_PREMIUM_MONTH: z
    .string()
    .regex(/^price_\w+$/, 'expected a Stripe price id (price_…)')
    .optional(),
  STRIPE_PRICE_PREMIUM_YEAR: z
    .string()
    .regex(/^price_\w+$/, 'expected a Stripe price id (price_…)')
    .optional(),
  /** Where the Stripe SDK sends its requests (a local stand-in in tests). Unset: Stripe's own API. */
  STRIPE_API_URL: z
    .url({ message: 'expected an absolute URL such as https://api.stripe.com' })
    .refine((v) => /^https?:/i.test(v), {
      message: 'expected an absolute URL such as https://api.stripe.com',
    })
    .optional(),
  /** `all` runs Postgres (unless DATABASE_URL), zero-cache and the API; `api` only the API (containers). */
  STACK_ROLE: z.enum(['all', 'api'], { message: 'expected all or api' }).default('all'),
});

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  zeroPublicUrl: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment. Throws ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value counts as unset, as in most .env tooling.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid setting ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const c = result.data;
  if (c.NODE_ENV === 'production' && !c.ZERO_ADMIN_PASSWORD) {
    throw new ConfigError(
      'Invalid setting ZERO_ADMIN_PASSWORD: required in production (at least 12 characters)',
    );
  }
  if ((c.NODE_ENV === 'production' || c.STACK_ROLE === 'api') && !c.DATABASE_URL) {
    throw new ConfigError(
      'Invalid setting DATABASE_URL: required in production and with STACK_ROLE=api (a postgres:// URL)',
    );
  }
  if (c.NODE_ENV === 'production' && !c.ACCESS_TOKEN_SECRET) {
    throw new ConfigError(
      'Invalid setting ACCESS_TOKEN_SECRET: required in production (at least 32 characters)',
    );
  }
  if (c.NODE_ENV === 'production' && !c.SMTP_URL) {
    throw new ConfigError(
      'Invalid setting SMTP_URL: required in production (an smtp:// or smtps:// URL)',
    );
  }
  if (c.NODE_ENV === 'production' && !c.S3_BUCKET) {
    throw new ConfigError('Invalid setting S3_BUCKET: required in production (the media bucket)');
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid setting STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (whsec_…)',
    );
  }
  return {
    ...c,
    publicUrl: c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`,
    zeroPublicUrl: c.ZERO_PUBLIC_URL ?? `http://${c.HOST}:${c.ZERO_PORT}`,
  };
}
