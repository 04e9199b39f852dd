import { startTestStack } from '../harness/stack.ts';
import { E2E_FEEDBACK_URL, E2E_HELP_URL } from './links.ts';

/** Starts one real stack (built web app, API, zero-cache, Postgres) for the end-to-end run. */
export default async function globalSetup() {
  const stack = await startTestStack({
    web: 'static',
    env: { HELP_URL: E2E_HELP_URL, FEEDBACK_URL: E2E_FEEDBACK_URL },
  });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_ZERO_URL = stack.zeroUrl;
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  return async () => {
    await stack.stop();
  };
}
