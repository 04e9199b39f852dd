import { z } from 'zod';

const authenticateResponse = z.object({
  message: z.string(),
  challengeId: z.string().nullable(),
  token: z.string().nullable(),
});
const mailbox = z.array(
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
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

/**
 * The real magic-link flow up to the asking tab's completion: ask for a link,
 * read it from the dev mailbox, open it (finalize). Returns what the asking tab
 * holds, to complete with `POST .../track/complete?token=`.
 */
export async function openMagicLink(baseUrl: string, email: string) {
  const res = await fetch(`${baseUrl}/api/authentication/email/track/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, challengeType: 'EMAIL_MAGIC_LINK' }),
  });
  if (!res.ok) throw new Error(`authenticate: ${res.status} ${await res.text()}`);
  const { challengeId, token } = authenticateResponse.parse(await res.json());
  if (!challengeId || !token) throw new Error(`no challenge for ${email}`);
  const link = new URL(await mailedLink(baseUrl, email, challengeId));
  const secret = link.pathname.split('/').pop() ?? '';
  const fin = await fetch(`${baseUrl}/api/authentication/email/verify/email-magic-link/finalize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ challengeId }),
  });
  if (!fin.ok) throw new Error(`finalize: ${fin.status} ${await fin.text()}`);
  return {
    challengeId,
    token,
    completeUrl: `${baseUrl}/api/authentication/email/track/complete?token=${encodeURIComponent(token)}`,
  };
}
