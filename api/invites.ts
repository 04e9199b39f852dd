import { Hono } from 'hono';
import type { AppDeps } from './server.ts';

/** Invites (spec §3 Invite, §4 Invite). Mounted at /api. */
export function inviteRoutes(_deps: AppDeps) {
  return new Hono();
}
