import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { person, session, user } from '../../schema/index.ts';
import { accountServerChanges, type SignInMethod } from '../../sync/account.ts';
import type { AuthContext } from '../../sync/context.ts';
import { type ChangeDeps, runChange } from '../change.ts';
import type { Db } from '../db.ts';

export const SESSION_COOKIE = 'pb_session';
/** A session lasts 30 days from sign-in; sign-out or revocation ends it at once. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads stay cheap. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function cookieToken(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === SESSION_COOKIE) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

const { placeholder } = sql;

// Every Zero query and mutate request authenticates, so the lookup is a prepared statement.
const statements = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({ session, user, person })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(person, eq(person.id, user.personId))
    .where(
      and(
        eq(session.id, placeholder('id')),
        isNull(session.revokedAt),
        gt(session.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}
function lookupStatement(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = prepareLookup(db);
    statements.set(db, s);
  }
  return s;
}

export type SessionUser = {
  sessionId: string;
  user: typeof user.$inferSelect;
  person: typeof person.$inferSelect;
  auth: AuthContext;
};

export function bearerToken(header: string | null | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

/**
 * The signed-in user behind a request: the session cookie (browsers, and
 * zero-cache forwarding a browser's cookie) or `Authorization: Bearer <session
 * token>` (non-browser clients such as a Node Zero client). Null when neither
 * names a live session.
 */
export async function sessionFromRequest(
  db: Db,
  headers: { get(name: string): string | null },
): Promise<SessionUser | null> {
  const token = cookieToken(headers.get('cookie')) ?? bearerToken(headers.get('authorization'));
  if (!token || token.length > 200) return null;
  return sessionById(db, hashToken(token));
}

/** The live session with this id (the SHA-256 of its token), or null. */
export async function sessionById(db: Db, id: string): Promise<SessionUser | null> {
  const rows = await lookupStatement(db).execute({ id });
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(session).set({ lastSeenAt: new Date() }).where(eq(session.id, id));
  }
  return {
    sessionId: id,
    user: row.user,
    person: row.person,
    auth: {
      userID: row.user.id,
      personId: row.person.id,
      // Read with the session on every request: a person made a platform user
      // (or no longer one) reads organisations accordingly from the next call.
      platform: row.person.type === 'Platform',
      personType: row.person.type,
    },
  };
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date, secure: boolean) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context, secure: boolean) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure });
}

export function sessionToken(c: Context) {
  return getCookie(c, SESSION_COOKIE);
}

/**
 * Signs a user in on this response: a fresh session row (rotation: the
 * browser's previous session, if any, is revoked) and a SignIn history event,
 * in one transaction (sync/account.ts signIn), then the HttpOnly cookie.
 */
export async function signInUser(
  c: Context,
  deps: ChangeDeps,
  target: { userId: string; personId: string },
  opts: { method: SignInMethod; secure: boolean },
) {
  const previous = sessionToken(c);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  // The caller is the person signing in, as the e-mail link or passkey named them.
  await runChange(
    deps,
    accountServerChanges.signIn,
    { userID: target.userId, personId: target.personId },
    {
      sessionId: hashToken(token),
      previousSessionId: previous ? hashToken(previous) : null,
      expiresAt: expiresAt.getTime(),
      userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
      method: opts.method,
    },
  );
  setSessionCookie(c, token, expiresAt, opts.secure);
}

/** Revokes the session and writes a SignOut history event (sync/account.ts signOut). */
export async function signOutSession(deps: ChangeDeps, who: SessionUser) {
  await runChange(deps, accountServerChanges.signOut, who.auth, { sessionId: who.sessionId });
}
