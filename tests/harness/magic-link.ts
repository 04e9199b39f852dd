import { z } from 'zod';
import { browserCookieName } from '../../api/auth/magic-link.ts';

const authenticateResponse = z.object({
  message: z.string(),
  challengeId: z.string().nullable(),
  token: z.string().nullable(),
  code: z.string().nullable().optional(),
});
const mailbox = z.array(
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    links: z.array(z.string()),
  }),
);

export type Mailbox = z.infer<typeof mailbox>;

export async function readMailbox(baseUrl: string, to: string): Promise<Mailbox> {
  const res = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`dev mailbox: ${res.status}`);
  return mailbox.parse(await res.json());
}

/** The sign-in link mailed for a challenge, from the dev mailbox. */
export async function mailedLink(
  baseUrl: string,
  email: string,
  challengeId: string,
): Promise<string> {
  const mails = await readMailbox(baseUrl, email);
  const link = mails.flatMap((m) => m.links).find((l) => l.includes(`/login/link/${challengeId}/`));
  if (!link) throw new Error(`no sign-in link for ${email} in the dev mailbox`);
  return link;
}

/** The link's own secret: the last part of its path. */
export function linkSecret(link: string): string {
  return new URL(link).pathname.split('/').pop() ?? '';
}

/** What the asking browser holds after asking for a link, and the link that was mailed. */
export type AskedLink = {
  challengeId: string;
  /** The asking tab's secret, for `track/complete?token=`. */
  token: string;
  /** The code the asking tab shows (ADR 012). */
  code: string;
  /** The asking browser's cookie (`name=value`): it makes finalize "the same browser". */
  cookie: string;
  link: string;
  secret: string;
};

/** Asks for a link as a browser would (optionally with a User-Agent) and reads the mail. */
export async function askForLink(
  baseUrl: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<AskedLink> {
  const res = await fetch(`${baseUrl}/api/authentication/email/track/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, challengeType: 'EMAIL_MAGIC_LINK' }),
  });
  if (!res.ok) throw new Error(`authenticate: ${res.status} ${await res.text()}`);
  const { challengeId, token, code } = authenticateResponse.parse(await res.json());
  if (!challengeId || !token) throw new Error(`no challenge for ${email}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${browserCookieName(challengeId)}=`));
  const link = await mailedLink(baseUrl, email, challengeId);
  return {
    challengeId,
    token,
    code: code ?? '',
    cookie: cookie ?? '',
    link,
    secret: linkSecret(link),
  };
}

/**
 * Opens the link (finalize): with the asking browser's cookie it is "the same
 * browser" (one step); without it, the answer asks for the code, which `code` gives.
 */
export function finalizeLink(
  baseUrl: string,
  asked: { challengeId: string; secret: string },
  opts: { cookie?: string; code?: string } = {},
) {
  return fetch(`${baseUrl}/api/authentication/email/verify/email-magic-link/finalize`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${asked.secret}`,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: JSON.stringify({
      challengeId: asked.challengeId,
      ...(opts.code !== undefined ? { code: opts.code } : {}),
    }),
  });
}

/**
 * The real magic-link flow up to the asking tab's completion: ask for a link,
 * read it from the dev mailbox, open it in the same browser (finalize with the
 * asking browser's cookie, one step). Returns what the asking tab holds, to
 * complete with `POST .../track/complete?token=`.
 */
export async function openMagicLink(baseUrl: string, email: string) {
  const asked = await askForLink(baseUrl, email);
  const fin = await finalizeLink(baseUrl, asked, { cookie: asked.cookie });
  if (!fin.ok) throw new Error(`finalize: ${fin.status} ${await fin.text()}`);
  return {
    challengeId: asked.challengeId,
    token: asked.token,
    completeUrl: `${baseUrl}/api/authentication/email/track/complete?token=${encodeURIComponent(asked.token)}`,
  };
}
