/**
 * The invite e-mail, sent as the server half of `inviteServerChanges.create`
 * (api/server-halves.ts): inside the change's transaction, so that no invite
 * is left behind when its mail cannot go. Invite e-mails are limited per
 * account and per network (ADR 014: 429 with Retry-After).
 */
import type { Transaction } from '@rocicorp/zero';
import type { z } from 'zod';
import { zql } from '../../schema/zero-schema.gen.ts';
import type { ZeroContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import { displayName, type inviteCreateArgs, inviteErrors, targetOf } from '../../sync/invite.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { Refusal } from '../errors.ts';
import { HOUR_MS, limit, rateLimited, rateLimitMessages } from '../rate-limit.ts';
import { type ChangeDeps, needs } from '../server-halves.ts';
import { inviteMail, inviterOf, mailSafe } from './mail.ts';

/** What only the request that makes the invite knows: its link, and who asks from where. */
export type InviteMailCall = { url: string; session: SessionUser; network: string };

export async function sendInviteMail(on: {
  tx: Transaction;
  args: z.output<typeof inviteCreateArgs>;
  ctx: ZeroContext;
  deps: ChangeDeps;
  call: InviteMailCall | undefined;
}) {
  const { tx, args, deps } = on;
  const email = args.invite.email;
  if (!email) return;
  const { url, session, network } = needs(on.call, 'the invite’s link');
  const config = needs(deps.config, 'the settings');
  // Counted once the change is allowed; a refusal rolls the invite back.
  const verdict = await limit(needs(deps.db, 'the database'), [
    {
      bucket: 'invite-mail:account',
      subject: session.user.id,
      max: config.INVITE_MAIL_LIMIT_PER_ACCOUNT,
      windowMs: HOUR_MS,
    },
    {
      bucket: 'invite-mail:ip',
      subject: network,
      max: config.INVITE_MAIL_LIMIT_PER_IP,
      windowMs: HOUR_MS,
    },
  ]);
  if (!verdict.ok) {
    throw rateLimited(
      verdict.retryAfter,
      verdict.rule.bucket === 'invite-mail:account'
        ? rateLimitMessages.inviteAccount(verdict.retryAfter)
        : rateLimitMessages.inviteNetwork(verdict.retryAfter),
    );
  }
  const invite = await tx.run(zql.invite.where('id', args.id).one());
  const owner = await tx.run(zql.person.where('id', args.personId).one());
  if (!invite || !owner) throw appError('not_found', inviteErrors.targetNotFound);
  const target = await targetOf(tx, invite.kind, args.personId, invite.targetId);
  const inviter = inviterOf(session);
  const onBehalf = session.person.id !== args.personId;
  await needs(deps.mailer, 'a mailer')
    .send(
      inviteMail({
        publicUrl: config.publicUrl,
        to: email,
        url,
        inviter,
        personName: mailSafe(displayName(owner)) ?? (onBehalf ? 'someone' : inviter.name),
        onBehalf,
        kind: invite.kind,
        level: invite.accessLevel,
        title: mailSafe(target?.title) ?? null,
        expiresAt: new Date(args.expiresAt),
      }),
    )
    .catch((e: unknown) => {
      console.error('invite: the mail could not be sent', e);
      throw new Refusal(502, 'mail_failed', inviteErrors.mailFailed);
    });
}
