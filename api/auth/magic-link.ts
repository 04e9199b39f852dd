/**
 * E-mail magic links, our own provider behind the spec's paths (§7):
 *
 *   POST /api/authentication/email/track/authenticate   {email, challengeType}
 *        → {message, challengeId, token, code}; mails a link holding a second
 *        secret. Also sets an HttpOnly cookie on the asking browser, for this
 *        challenge only, and gives the asking tab a 6-digit code to show.
 *   POST /api/authentication/email/verify/email-magic-link/finalize
 *        Authorization: Bearer <link secret>, {challengeId, code?}: the link was
 *        opened. Plays the role of the spec's third-party finalize. In the browser
 *        that asked (its cookie comes along) that is all. Anywhere else the answer
 *        is {status: 'confirm', askedAt, browser}, and only the code shown on the
 *        asking screen confirms it (ADR 012): otherwise anyone could ask for a link
 *        to someone else's address and wait for its owner to open the mail.
 *   POST /api/authentication/email/verify/email-magic-link/cancel
 *        Authorization: Bearer <link secret>, {challengeId}: "I did not ask for
 *        this". The link stops working and the asking tab is told.
 *   POST /api/authentication/email/track/complete?token=<challenge token> {challengeId}
 *        polled by the tab that asked: 202 until the link is confirmed, then signs
 *        that tab in (once).
 *
 * Both secrets are 256 random bits, stored only as SHA-256 hashes; the link is
 * single-use and expires after 15 minutes. The code is hashed with the link's
 * secret, so a copy of the table cannot be searched for it; five wrong codes end
 * the link.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { magicLinkChallenge } from '../../schema/index.ts';
import { validationMessages } from '../../sync/validation.ts';
import { Refusal } from '../errors.ts';
import { escapeHtml } from '../mail/mailer.ts';
import { hashToken } from './sessions.ts';

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
export const RATE_WINDOW_MS = 15 * 60 * 1000;
/** Codes a person opening the link on another browser may try before the link stops working. */
export const MAX_CODE_ATTEMPTS = 5;
export const PROVIDER = 'email';
/** The asking browser's cookie goes only to these endpoints. */
export const BROWSER_COOKIE_PATH = `/api/authentication/${PROVIDER}`;

/** One cookie per challenge, so two tabs asking at once do not overwrite each other's. */
export function browserCookieName(challengeId: string) {
  return `pb_signin_${challengeId}`;
}

export type Challenge = typeof magicLinkChallenge.$inferSelect;

/** What asking for a link answers: no challenge for an address without an account. */
export type SignInAsked = {
  message: string;
  challengeId: string | null;
  token: string | null;
  /** Shown on the asking screen; typed on another device that opens the link (ADR 012). */
  code: string | null;
};

export const magicLinkMessages = {
  sent: 'Check your email for a sign-in link.',
  // The login route looks for "register" in this message (spec §2).
  unknown: 'We could not find an account for this e-mail address. Please register.',
  invalid: 'This sign-in link is not valid. Please ask for a new one.',
  used: 'This sign-in link has already been used. Please ask for a new one.',
  expired: 'This sign-in link has expired (links last 15 minutes). Please ask for a new one.',
  finished: 'This sign-in has already been completed. Please ask for a new link to sign in again.',
  limitEmail:
    'Too many sign-in e-mails have been sent to this address. Please wait 15 minutes and try again.',
  limitIp: 'Too many sign-in attempts from your network. Please wait 15 minutes and try again.',
  verified: 'You are signed in on the device where you asked for this link.',
  invalidCode: validationMessages.signInCode,
  wrongCode: (left: number) =>
    `That code is not right. Please check the code on the screen where you asked to sign in. You can try ${left} more ${left === 1 ? 'time' : 'times'}.`,
  tooManyCodes:
    'The code was wrong too many times, so this link no longer works. Please ask for a new link.',
  cancelledDone:
    'Thank you. Nobody has been signed in, and this link no longer works. You can ignore the e-mail.',
  cancelled:
    'This sign-in was stopped: the person who opened the link said they did not ask for it. If it was you, please ask for a new link.',
  linkCancelled: 'This sign-in link was stopped and no longer works. Please ask for a new one.',
  mailIgnore: 'If you did not ask to sign in, ignore this e-mail.',
} as const;

export function secret(): string {
  return randomBytes(32).toString('base64url');
}

/** Six random digits, e.g. "042917". */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Hashed with the link's secret: a million codes cannot be tried against a stolen hash. */
export function codeHash(linkSecret: string, code: string): string {
  return hashToken(`${code}.${linkSecret}`);
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const refusals = {
  invalidLink: () => new Refusal(400, 'invalid_link', magicLinkMessages.invalid),
  invalidCode: () => new Refusal(400, 'invalid_code', magicLinkMessages.invalidCode),
  used: () => new Refusal(410, 'link_used', magicLinkMessages.used),
  tooManyCodes: () => new Refusal(410, 'too_many_codes', magicLinkMessages.tooManyCodes),
  expired: () => new Refusal(410, 'link_expired', magicLinkMessages.expired),
  finished: () => new Refusal(410, 'already_complete', magicLinkMessages.finished),
};

export function linkMail(publicUrl: string, to: string, link: string) {
  const minutes = MAGIC_LINK_TTL_MS / 60_000;
  const otherDevice =
    'If you open it on a different device from the one where you asked, it will ask for the code shown on that screen.';
  const text = [
    'Kia ora,',
    '',
    'Use this link to sign in to Preference Bank:',
    '',
    link,
    '',
    `The link works once and expires in ${minutes} minutes. ${otherDevice}`,
    '',
    `${magicLinkMessages.mailIgnore} Nobody is signed in unless the link is opened and, on another device, the code is entered.`,
    '',
    `Preference Bank, ${publicUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family: system-ui, sans-serif; font-size: 18px; line-height: 1.5; color: #1d1b26">
<p>Kia ora,</p>
<p>Use this link to sign in to Preference Bank:</p>
<p><a href="${escapeHtml(link)}" style="color: #4e4285; font-weight: 600">Sign in to Preference Bank</a></p>
<p>The link works once and expires in ${minutes} minutes. ${otherDevice}</p>
<p><strong>${magicLinkMessages.mailIgnore}</strong> Nobody is signed in unless the link is opened and, on another device, the code is entered.</p>
</body></html>`;
  return { to, subject: 'Your sign-in link for Preference Bank', text, html };
}
