/**
 * The development mailbox (DESIGN.md §4): mail that was kept, not sent. In
 * production, or with SMTP_URL set, there is none and its route is a 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../deps.ts';
import { Refusal, requestMessages } from '../errors.ts';
import { valid } from '../validate.ts';

const mailboxQuery = z.object({ to: z.string().max(254).optional() });

export function mailboxRoutes(deps: AppDeps) {
  const production = deps.config.NODE_ENV === 'production';
  const mailbox = production ? undefined : deps.mailer.mailbox;
  return new Hono<AppEnv>().get('/mailbox', valid('query', mailboxQuery), (c) => {
    if (!mailbox) throw new Refusal(404, 'not_found', requestMessages.noSuchEndpoint);
    return c.json(mailbox.list(c.req.valid('query').to));
  });
}
