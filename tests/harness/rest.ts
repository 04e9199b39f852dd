/**
 * The REST API as the integration tests use it: `call` (a request as a
 * signed-in person, or signed out, answered with its status and parsed
 * JSON), and support sessions (`startSession`, `endSessions`). Whatever
 * session is still open after the file, tests/harness/db.ts ends.
 */
import { expect } from 'vitest';
import type { SignedIn } from './clients.ts';
import { check, counted, record } from './contract.ts';
import { sql, stack } from './db.ts';

/** A request body sent exactly as given (not JSON-encoded): text that is not JSON, say. */
export class RawBody {
  constructor(readonly text: string) {}
}

/** `text` as the request body, as is, still labelled JSON. */
export const raw = (text: string) => new RawBody(text);

export type CallOptions = {
  /** More request headers; they win over the cookie and content type `call` sets. */
  headers?: Record<string, string>;
  /** Another API than the stack's, served at this base URL. */
  base?: string;
  /** Another API than the stack's, asked in this process (`app.request`). */
  app?: { request: (path: string, init: RequestInit) => Response | Promise<Response> };
};

/**
 * What a reply's body parsed to: each test reads it as the endpoint answers,
 * and asserts what it needs of it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the shape is the endpoint's, checked by each test's assertions.
export type Json = any;

export type Reply = {
  status: number;
  /**
   * The parsed JSON; null for an empty body or one that is not JSON (a
   * redirect, a page, a file). A body that says it is JSON and does not parse
   * fails the call.
   */
  body: Json;
  /**
   * The response's headers. Not enumerable: `expect(a).toEqual(b)` compares
   * two replies by status and body, as tests comparing two refusals mean.
   */
  readonly headers: Headers;
};

/**
 * `method path` as `who` (their session cookie; no cookie when `who` is
 * undefined or null), with `body` as JSON (a `raw(...)` body as is). The
 * reply's status, parsed JSON and headers; redirects are answered, not followed.
 */
export async function call(
  who: Pick<SignedIn, 'cookie'> | undefined | null,
  method: string,
  path: string,
  body?: unknown,
  opts: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (who) headers.cookie = who.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, opts.headers);
  const init: RequestInit = {
    method,
    headers,
    redirect: 'manual',
    ...(body === undefined
      ? {}
      : { body: body instanceof RawBody ? body.text : JSON.stringify(body) }),
  };
  const res = opts.app
    ? await opts.app.request(path, init)
    : await fetch(`${opts.base ?? stack.url}${path}`, init);
  const text = await res.text();
  let parsed: Json = null;
  if (text && /\bjson\b/.test(res.headers.get('content-type') ?? '')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(
        `${method} ${path} answered ${res.status} with JSON that does not parse: ${text.slice(0, 200)}`,
      );
    }
  }
  // The stack's own API is held to its OpenAPI document, by Prism's checks.
  if (!opts.app && !opts.base) {
    const violations = await check(stack.url, {
      method,
      path,
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
      status: res.status,
      responseHeaders: res.headers,
      responseText: text,
    });
    const unlike = counted(res.status, violations);
    record({ method, path, status: res.status, violations, counted: unlike });
    expect(unlike, `${method} ${path} answered ${res.status}, unlike the OpenAPI document`).toEqual(
      [],
    );
  }
  const reply = { status: res.status, body: parsed } as Reply;
  Object.defineProperty(reply, 'headers', { value: res.headers, enumerable: false });
  return reply;
}

export type Session = {
  id: string;
  personId: string;
  supporterId: string;
  /** The API's answer to the start (its JSON); undefined for a session written to the database. */
  started: Json;
  /** Ends it as its supporter would (DELETE …/support/{id}, answered 204). */
  end: () => Promise<void>;
};

/** Sessions this file started and has not ended. */
const open = new Set<Session>();

/**
 * `who` starts (or resumes) their support session with `personId`:
 * POST /api/people/{personId}/support, answered 201 or 200 (resumed).
 *
 * `via: 'database'` writes the session row straight to the database instead,
 * for a test that counts history events or rows around it and must see none
 * of a session's: no API rule runs and no history is written, neither when it
 * starts nor when `end()` ends it.
 */
export async function startSession(
  who: Pick<SignedIn, 'cookie' | 'personId'>,
  personId: string,
  opts: { via?: 'api' | 'database' } = {},
): Promise<Session> {
  let session: Session;
  if (opts.via === 'database') {
    const id = crypto.randomUUID();
    const rows =
      await sql`insert into support_session (id, supporter_link_id, person_id, supporter_id)
      select ${id}, l.id, ${personId}, ${who.personId} from supporter_link l
      where l.supporter_id = ${who.personId} and l.supported_id = ${personId}
      returning id`;
    if (rows.length !== 1) {
      throw new Error(
        `no supporter link from ${who.personId} to ${personId} to start a session on`,
      );
    }
    session = {
      id,
      personId,
      supporterId: who.personId,
      started: undefined,
      end: async () => {
        open.delete(session);
        await sql`update support_session set ended_at = now() where id = ${id} and ended_at is null`;
      },
    };
  } else {
    const res = await call(who, 'POST', `/api/people/${personId}/support`);
    expect(
      [200, 201],
      `starting a support session with ${personId}: ${res.status} ${JSON.stringify(res.body)}`,
    ).toContain(res.status);
    const id = String(res.body.id);
    session = {
      id,
      personId,
      supporterId: who.personId,
      started: res.body,
      end: async () => {
        open.delete(session);
        const ended = await call(who, 'DELETE', `/api/people/${personId}/support/${id}`);
        expect(
          ended.status,
          `ending the support session ${id}: ${JSON.stringify(ended.body)}`,
        ).toBe(204);
      },
    };
  }
  open.add(session);
  return session;
}

/** Ends every session this file started and has not ended yet, each as its `end()` does. */
export async function endSessions() {
  for (const s of [...open]) await s.end();
}
