/**
 * The invite e-mail (spec §3 Invite; ADR 014): sent from MAIL_FROM, naming
 * the inviter as their own account does, with the address they sign in with.
 * Names and titles people typed are repeated only when they carry no address
 * or number of their own.
 */
import type { AccessLevel, InviteKind } from '../../schema/enums.ts';
import { DATE_FORMATS, dateFormat } from '../../sync/dates.ts';
import { displayName, whatFor } from '../../sync/invite.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { escapeHtml } from '../mail/mailer.ts';

/** Dates in mail use the product's default date locale (spec §1), in New Zealand time. */
const mailDate = dateFormat(DATE_FORMATS.day, 'Pacific/Auckland');

/** Longest name or title an invite mail repeats; longer ones are cut short. */
const MAIL_TEXT_MAX = 60;
/** Web or e-mail addresses, or a phone number: what a name or title in a mail must not carry. */
const ADDRESS_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}_-]\.[\p{L}]{2,}|[<>]|\d[\d\s-]{4,}\d/iu;

/**
 * A name or title that people typed, made fit to repeat in an invite mail to
 * a stranger: invisible and control characters removed, spaces collapsed,
 * cut to MAIL_TEXT_MAX. Text holding an address or a phone number is not
 * repeated at all (undefined): an invite must not carry a sender's own link
 * or number under the product's name.
 */
export function mailSafe(raw: string | null | undefined): string | undefined {
  const text = (raw ?? '').normalize('NFKC').replace(/\s+/g, ' ').replace(/\p{C}/gu, '').trim();
  if (!text || ADDRESS_LIKE.test(text)) return undefined;
  return text.length > MAIL_TEXT_MAX ? `${text.slice(0, MAIL_TEXT_MAX - 1).trimEnd()}…` : text;
}

/**
 * Who sends an invite, as its mail names them: the name on their own account
 * and the address they sign in with, both from the database, never from the
 * request. A name that cannot be shown gives way to the address.
 */
export function inviterOf(who: SessionUser): { name: string; email: string | null } {
  const email = who.user.email?.toLowerCase() ?? null;
  return { name: mailSafe(displayName(who.person)) ?? email ?? 'Someone', email };
}

export function inviteMail(input: {
  publicUrl: string;
  to: string;
  url: string;
  inviter: { name: string; email: string | null };
  personName: string;
  onBehalf: boolean;
  kind: InviteKind;
  level: AccessLevel | null;
  title: string | null;
  expiresAt: Date;
}) {
  const inviter = input.inviter.name;
  const who = input.onBehalf
    ? `${inviter} has invited you, on behalf of ${input.personName},`
    : `${inviter} has invited you`;
  const purpose = `${who} ${whatFor(input.kind, input.personName, input.level, input.title)}.`;
  // The verified address, so the recipient can tell who really sent it.
  const from =
    input.inviter.email && input.inviter.email !== inviter
      ? `This invite is from ${inviter}, whose e-mail address is ${input.inviter.email}.`
      : `This invite is from ${inviter}.`;
  const expiry = `The invite works once and expires on ${mailDate.format(input.expiresAt)}.`;
  const open = 'Open this link to see the invite, then accept or decline it:';
  const ignore =
    'If you were not expecting this invite, you can ignore this e-mail. Nothing happens unless you accept.';
  const text = [
    'Kia ora,',
    '',
    `${purpose} Preference Bank is where people keep their likes, dislikes and the way they want to be supported, and share them with people they trust.`,
    '',
    from,
    '',
    open,
    '',
    input.url,
    '',
    expiry,
    '',
    ignore,
    '',
    `Preference Bank, ${input.publicUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family: system-ui, sans-serif; font-size: 18px; line-height: 1.5; color: #1d1b26">
<p>Kia ora,</p>
<p>${escapeHtml(purpose)} Preference Bank is where people keep their likes, dislikes and the way they want to be supported, and share them with people they trust.</p>
<p>${escapeHtml(from)}</p>
<p><a href="${escapeHtml(input.url)}" style="color: #4e4285; font-weight: 600">See the invite from ${escapeHtml(inviter)}</a></p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(ignore)}</p>
</body></html>`;
  return {
    to: input.to,
    // A fixed sentence around the inviter's name; the sender (From) is always MAIL_FROM.
    subject: `${inviter} has invited you to Preference Bank`,
    text,
    html,
  };
}
