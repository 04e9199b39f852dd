import { Hono } from 'hono';
import type { AppDeps } from '../server.ts';

/** Passkey endpoints of spec §7 under /api/authentication/passkeys (see the issue). */
export function passkeyRoutes(_deps: AppDeps) {
  const app = new Hono();
  return app;
}
