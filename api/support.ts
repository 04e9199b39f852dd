import { Hono } from 'hono';
import type { AppDeps } from './server.ts';

/** Support sessions (spec §7): POST /api/people/{personId}/support, GET/DELETE …/support/{id}. */
export function supportRoutes(_deps: AppDeps) {
  return new Hono();
}
