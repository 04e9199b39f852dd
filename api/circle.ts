import { Hono } from 'hono';
import type { AppDeps } from './server.ts';

/** Circle of Support REST (spec §7 People and users, Supporters and supported). */
export function circleRoutes(_deps: AppDeps) {
  return new Hono();
}
