import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function errorOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e instanceof Error ? e.message : '';
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  test('defaults: port 3000, zero-cache 4848, embedded Postgres, localhost URLs', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      ZERO_PORT: 4848,
      DATA_DIR: '.data',
      STACK_ROLE: 'all',
      APP_LAUNCHED: true,
      publicUrl: 'http://localhost:3000',
      zeroPublicUrl: 'http://localhost:4848',
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  test('abuse limits: 10 invite e-mails an hour per account, 30 per network, 5 registrations per network', () => {
    expect(loadConfig({})).toMatchObject({
      INVITE_MAIL_LIMIT_PER_ACCOUNT: 10,
      INVITE_MAIL_LIMIT_PER_IP: 30,
      REGISTRATION_LIMIT_PER_IP: 5,
    });
    expect(loadConfig({ REGISTRATION_LIMIT_PER_IP: '40' }).REGISTRATION_LIMIT_PER_IP).toBe(40);
  });

  test('an empty value counts as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  test.each([
    [{ PORT: 'abc' }, 'Invalid setting PORT: expected a port number'],
    [{ PORT: '70000' }, 'Invalid setting PORT: expected a port number between 1 and 65535'],
    [{ ZERO_PORT: '-1' }, 'Invalid setting ZERO_PORT: expected a port number between 1 and 65535'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid setting DATABASE_URL: expected a postgres:// or postgresql:// URL',
    ],
    [{ NODE_ENV: 'staging' }, 'Invalid setting NODE_ENV: expected development, production or test'],
    [{ APP_LAUNCHED: 'maybe' }, 'Invalid setting APP_LAUNCHED: expected true or false'],
    [
      { ZERO_NUM_SYNC_WORKERS: '0' },
      'Invalid setting ZERO_NUM_SYNC_WORKERS: expected a whole number from 1 to 8',
    ],
    [{ STACK_ROLE: 'db' }, 'Invalid setting STACK_ROLE: expected all or api'],
    [
      { ZERO_MALLOC_LIBRARY: 'libjemalloc.so.2' },
      'Invalid setting ZERO_MALLOC_LIBRARY: expected the absolute path of a shared library (.so)',
    ],
    [
      { ZERO_METRICS_URL: 'collector:4318' },
      'Invalid setting ZERO_METRICS_URL: expected an http:// or https:// URL',
    ],
    [
      { ZERO_METRICS_INTERVAL_MS: '10' },
      'Invalid setting ZERO_METRICS_INTERVAL_MS: expected a whole number of milliseconds, at least 100',
    ],
    [{ SMTP_URL: 'http://mail' }, 'Invalid setting SMTP_URL: expected an smtp:// or smtps:// URL'],
    [
      { MAGIC_LINK_LIMIT_PER_EMAIL: '0' },
      'Invalid setting MAGIC_LINK_LIMIT_PER_EMAIL: expected a whole number of at least 1',
    ],
    [
      { INVITE_MAIL_LIMIT_PER_ACCOUNT: '0' },
      'Invalid setting INVITE_MAIL_LIMIT_PER_ACCOUNT: expected a whole number of at least 1',
    ],
    [
      { INVITE_MAIL_LIMIT_PER_IP: 'lots' },
      'Invalid setting INVITE_MAIL_LIMIT_PER_IP: expected a whole number of at least 1',
    ],
    [
      { REGISTRATION_LIMIT_PER_IP: '2.5' },
      'Invalid setting REGISTRATION_LIMIT_PER_IP: expected a whole number of at least 1',
    ],
    [
      { ACCESS_TOKEN_SECRET: 'short' },
      'Invalid setting ACCESS_TOKEN_SECRET: expected at least 32 characters',
    ],
    [{ TRUST_PROXY: 'yes' }, 'Invalid setting TRUST_PROXY: expected true or false'],
  ])('%o is refused with one line naming the variable', (env, message) => {
    expect(errorOf(env)).toBe(message);
  });

  test('production needs a database URL, a zero-cache admin password, a token secret, SMTP and a media bucket', () => {
    const prod = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://h/db',
      ZERO_ADMIN_PASSWORD: 'x'.repeat(12),
      ACCESS_TOKEN_SECRET: 'y'.repeat(32),
      SMTP_URL: 'smtp://mail:25',
      S3_BUCKET: 'media-bucket',
    };
    expect(loadConfig(prod).NODE_ENV).toBe('production');
    for (const missing of [
      'ZERO_ADMIN_PASSWORD',
      'ACCESS_TOKEN_SECRET',
      'SMTP_URL',
      'S3_BUCKET',
    ] as const) {
      const { [missing]: _, ...rest } = prod;
      expect(errorOf(rest)).toMatch(new RegExp(`^Invalid setting ${missing}`));
    }
    expect(errorOf({ NODE_ENV: 'production', ZERO_ADMIN_PASSWORD: 'x'.repeat(12) })).toMatch(
      /^Invalid setting DATABASE_URL/,
    );
  });

  test('the menu links: http(s) or mailto only', () => {
    expect(loadConfig({ HELP_URL: 'https://help.example.org' }).HELP_URL).toBe(
      'https://help.example.org',
    );
    expect(loadConfig({ FEEDBACK_URL: 'mailto:hi@example.org' }).FEEDBACK_URL).toBe(
      'mailto:hi@example.org',
    );
    expect(errorOf({ HELP_URL: 'javascript:alert(1)' })).toBe(
      'Invalid setting HELP_URL: expected an absolute http(s):// or mailto: address',
    );
    expect(errorOf({ FEEDBACK_URL: 'help' })).toMatch(/^Invalid setting FEEDBACK_URL/);
  });

  test('STACK_ROLE=api needs DATABASE_URL', () => {
    expect(errorOf({ STACK_ROLE: 'api' })).toMatch(/^Invalid setting DATABASE_URL/);
  });
});
