/**
 * Invites over REST (spec §3 Invite, §4 Invite, §7): the inviter's side, mounted at
 * /api/people/{personId}/invites, and the recipient's, at /api/invites.
 *
 *   POST   /api/people/{personId}/invites             the Decision Maker or their administrator
 *          {kind, accessLevel?, targetId?, email?, expiresInDays?, accessEndsAt?} → 201 {id, url, expiresAt}
 *   GET    /api/people/{personId}/invites/accepted    the caller's own connections made by invite
 *   DELETE /api/people/{personId}/invites/{id}        withdraws an invite (and any guest access)
 *   GET    /api/invites/{id}?token=                   no sign-in: what the invite is, if open
 *   POST   /api/invites/{id}/accept   {token}         signed in; single use
 *   POST   /api/invites/{id}/decline  {token}         no sign-in
 *
 * Every write is a change of `inviteServerChanges` (sync/invite.ts), with its
 * permission, rules and history; here the token is made or hashed. The
 * invite e-mail is the change's server half (api/invites/send.ts). A missing
 * invite and a wrong token get the same 404.
 */
import { randomUUID } from 'node:crypto';
import { ApplicationError } from '@rocicorp/zero';
import { Hono } from 'hono';
import { z } from 'zod';
import { zql } from '../../schema/zero-schema.gen.ts';
import { appError } from '../../sync/errors.ts';
import {
  type AcceptedInvite,
  acceptedInvites,
  displayName,
  INVITE_DEFAULT_DAYS,
  type InviteAccepted,
  type InviteView,
  inviteAccepted,
  inviteCreateBody,
  inviteErrors,
  inviteIdSchema,
  inviteServerChanges,
  inviteTokenBody,
  inviteTokenSchema,
  inviteView,
  openInvite,
  targetOf,
} from '../../sync/invite.ts';
import { answers } from '../answers.ts';
import { personRoute, signedIn } from '../auth/caller.ts';
import { sessionFromRequest } from '../auth/sessions.ts';
import { runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import type { InviteMailCall } from '../invites/send.ts';
import { inviteTokenHash, inviteUrl, newInviteToken } from '../invites/tokens.ts';
import { clientNetwork } from '../rate-limit.ts';
import { personParams, valid } from '../validate.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Two accepts racing to connect the same two people: the unique constraint decides. */
function isUniqueViolation(e: unknown): boolean {
  return (
    !(e instanceof ApplicationError) &&
    e instanceof Error &&
    /unique|duplicate/i.test(`${e.message} ${String(e.cause)}`)
  );
}

/** The body's first problem in the words of the invite form (its schema's own messages). */
const formRefusal = (error: { issues: readonly { message: string }[] }) =>
  appError('invalid', error.issues[0]?.message ?? 'Invalid request.');

/** An id or token that cannot be an invite's: the same answer as a missing invite. */
const noSuchInvite = () => appError('not_found', inviteErrors.notFound);
const inviteParam = z.object({ id: inviteIdSchema });

export function inviteRoutes(deps: AppDeps) {
  const { zdb, config } = deps;
  const caller = personRoute(deps, 'That is not a valid person id.');

  /** The inviter's side. Mounted at /people/{personId}/invites. */
  const inviter = new Hono<AppEnv>()
    .post(
      '/',
      answers(
        201,
        'The invite: its link (shown once), and when it stops working.',
        z.object({ id: z.string(), url: z.url(), expiresAt: z.iso.datetime() }),
      ),
      caller,
      valid('json', inviteCreateBody, formRefusal),
      async (c) => {
        const { ctx, personId, session } = c.var.caller;
        const input = c.req.valid('json');
        const id = randomUUID();
        const { token, tokenHash } = newInviteToken();
        const url = inviteUrl(config.publicUrl, id, token);
        const expiresAt = Date.now() + (input.expiresInDays ?? INVITE_DEFAULT_DAYS) * DAY_MS;
        const args = { id, personId, tokenHash, expiresAt, invite: input };
        // The mail, if it has an address, goes with the change (api/invites/send.ts).
        const call: InviteMailCall = {
          url,
          session,
          network: clientNetwork(c, config.TRUST_PROXY),
        };
        await runChange(deps, inviteServerChanges.create, ctx, args, call);
        return c.json({ id, url, expiresAt: new Date(expiresAt).toISOString() }, 201);
      },
    )
    /** Withdraws an invite of this person: its link stops working, and any guest access it gave ends. */
    .delete(
      '/:id',
      answers(204, 'Withdrawn.'),
      caller,
      valid('param', personParams({ id: inviteIdSchema }), () =>
        appError('not_found', inviteErrors.targetNotFound),
      ),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        await runChange(deps, inviteServerChanges.withdraw, ctx, { personId, id });
        return c.body(null, 204);
      },
    )
    /** The caller's connections made through invites (the invite onboarding's last step). */
    .get(
      '/accepted',
      answers(200, 'The connections made through invites.', acceptedInvites),
      caller,
      async (c) => {
        const { session, personId } = c.var.caller;
        if (session.person.id !== personId) {
          throw appError('forbidden', 'You can only see your own invites.');
        }
        const out: AcceptedInvite[] = await zdb.transaction(async (tx) => {
          const rows = await tx.run(
            zql.invite
              .where('acceptedBy', personId)
              .related('person')
              .orderBy('acceptedAt', 'desc')
              .orderBy('id', 'desc')
              .limit(50),
          );
          return Promise.all(
            rows.map(async (r) => ({
              id: r.id,
              kind: r.kind,
              accessLevel: r.accessLevel,
              personId: r.personId,
              person: { name: r.person ? displayName(r.person) : 'Someone' },
              target: (await targetOf(tx, r.kind, r.personId, r.targetId)) ?? null,
              acceptedAt: new Date(r.acceptedAt ?? r.createdAt).toISOString(),
            })),
          );
        });
        return c.json(out);
      },
    );

  /** The recipient's side: the invite itself, by its link. Mounted at /invites. */
  const recipient = new Hono<AppEnv>()
    .get(
      '/:id',
      answers(200, 'The invite, as its recipient sees it.', inviteView),
      valid('param', inviteParam, noSuchInvite),
      valid('query', z.object({ token: inviteTokenSchema }), noSuchInvite),
      async (c) => {
        const { id } = c.req.valid('param');
        const tokenHash = inviteTokenHash(c.req.valid('query').token);
        const view: InviteView = await zdb.transaction(async (tx) => {
          const row = await openInvite(tx, { id, tokenHash }, false);
          const [owner, creator, target] = await Promise.all([
            tx.run(zql.person.where('id', row.personId).one()),
            row.createdBy ? tx.run(zql.person.where('id', row.createdBy).one()) : undefined,
            targetOf(tx, row.kind, row.personId, row.targetId),
          ]);
          if (!owner) throw noSuchInvite();
          if ((row.kind === 'Preference' || row.kind === 'PreferenceCategory') && !target) {
            throw appError('invite_gone');
          }
          return {
            id: row.id,
            kind: row.kind,
            accessLevel: row.accessLevel,
            personId: row.personId,
            person: { name: displayName(owner) },
            inviter: { name: displayName(creator ?? owner) },
            target: target ?? null,
            expiresAt: new Date(row.expiresAt).toISOString(),
            accessEndsAt:
              row.accessEndsAt == null ? null : new Date(row.accessEndsAt).toISOString(),
            state: 'open',
          };
        });
        return c.json(view);
      },
    )
    .post(
      '/:id/accept',
      answers(200, 'Accepted: the connection made.', inviteAccepted),
      signedIn(deps),
      valid('param', inviteParam, noSuchInvite),
      valid('json', inviteTokenBody, noSuchInvite),
      async (c) => {
        const { id } = c.req.valid('param');
        const tokenHash = inviteTokenHash(c.req.valid('json').token);
        const supporterLinkId = randomUUID();
        await runChange(deps, inviteServerChanges.accept, c.var.session.auth, {
          id,
          tokenHash,
          supporterLinkId,
        }).catch((e: unknown) => {
          throw isUniqueViolation(e) ? appError('already_connected') : e;
        });
        const row = await zdb.run(zql.invite.where('id', id).one());
        if (!row) throw noSuchInvite();
        // A link that ends by itself: the API's timer learns of it (api/sweeps.ts).
        if (row.accessEndsAt != null) deps.linkEnds?.changed();
        const accepted: InviteAccepted = {
          id: row.id,
          kind: row.kind,
          personId: row.personId,
          accessLevel: row.accessLevel,
          targetId: row.targetId,
          supporterLinkId: row.kind === 'Supporter' ? supporterLinkId : null,
        };
        return c.json(accepted);
      },
    )
    .post(
      '/:id/decline',
      answers(200, 'Declined.', z.object({ id: z.string(), declined: z.literal(true) })),
      valid('param', inviteParam, noSuchInvite),
      valid('json', inviteTokenBody, noSuchInvite),
      async (c) => {
        const { id } = c.req.valid('param');
        const tokenHash = inviteTokenHash(c.req.valid('json').token);
        // Signed in or not: a signed-in decliner is named in the history.
        const who = await sessionFromRequest(deps.db, c.req.raw.headers);
        await runChange(deps, inviteServerChanges.decline, who?.auth, { id, tokenHash });
        return c.json({ id, declined: true as const });
      },
    );

  return { inviter, recipient };
}
