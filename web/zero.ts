import { Zero } from '@rocicorp/zero';
import { schema } from '../schema/zero-schema.gen.ts';
import type { ZeroContext } from '../sync/context.ts';
import { mutators } from '../sync/mutators.ts';
import type { SessionInfo } from '../sync/session.ts';
import { loadTextDocs } from '../sync/shared-text.ts';
import { call, client } from './api-client.ts';
import { type AskAnswer, Outbox } from './offline/outbox.ts';
import { askPersistence } from './offline/persist.ts';

/** How the server answered one of this browser's changes (api/zero/answers.ts). */
const askAnswer: AskAnswer = (key) => call(client.zero.answers[':key'].$get({ param: { key } }));

/** Typed as the registered context (not narrowed), as Zero's generics expect. */
function contextOf(session: SessionInfo, u: { id: string; personId: string }): ZeroContext {
  // The same platform flag as the server's (api/auth/sessions.ts), so that the
  // browser's copy of the organisation queries keeps what the server sends.
  return { userID: u.id, personId: u.personId, platform: session.person?.type === 'Platform' };
}

let current: { userID: string; zero: Zero; outbox: Outbox; stop: () => void } | undefined;

/**
 * How long Zero keeps accepting (and queueing) changes without a connection
 * before it refuses them: a care visit can be offline for hours, so a month
 * (the outbox keeps them across reloads: web/offline/outbox.ts).
 */
const OFFLINE_FOR_MS = 30 * 24 * 3600_000;

/**
 * Zero's heartbeat: after this long without a message it pings, and after as
 * long again without the answer it counts the connection as lost, so an idle
 * silent loss (WebKit never says it is offline) shows as "Offline" within
 * 10 s; one with a change waiting asks the server sooner, without dropping the
 * socket (web/offline/silent-loss.ts). Zero's own default, kept on purpose: at 2 s a busy zero-cache's late
 * pong dropped a working connection in a clean-clone run, and a slow rural
 * link's would flap the same way, each drop a reconnect (ADR 040).
 */
const HEARTBEAT_MS = 5_000;

/**
 * One Zero client per signed-in user. Auth travels as the session cookie, which
 * zero-cache forwards to the API (docs/decisions/002-auth-to-zero-by-cookie.md).
 */
export function zeroFor(session: SessionInfo): Zero {
  const u = session.user;
  if (!u) throw new Error('zeroFor needs a signed-in user');
  if (current?.userID === u.id) return current.zero;
  current?.stop();
  void current?.zero.close();
  const context = contextOf(session, u);
  const zero = new Zero({
    schema,
    cacheURL: session.zeroCacheUrl,
    userID: u.id,
    mutators,
    context,
    kvStore: 'idb',
    disconnectTimeoutMs: OFFLINE_FOR_MS,
    pingTimeoutMs: HEARTBEAT_MS,
  });
  const outbox = new Outbox(zero, u.id, askAnswer);
  // Changes wait in this browser's storage: ask for it to be kept (web/offline/persist.ts).
  void askPersistence();
  // Only typing kept from an earlier page needs it: Yjs loads then, not with the library.
  outbox.setTextFlush(async (entry) =>
    (await import('./offline/text-flush.ts')).flushText(zero, u.id, entry),
  );
  // Yjs for the changes of a text (sync/shared-text.ts), once the page has shown.
  afterFirstPaint(() => void loadTextDocs());
  current = {
    userID: u.id,
    zero,
    outbox,
    stop: keepConnecting(zero, () => {
      outbox.resend();
      outbox.flushTexts();
    }),
  };
  return zero;
}

/** Runs `then` when the browser is idle after this page's first paint (or in a second at the latest). */
function afterFirstPaint(then: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: 1_000 });
  else setTimeout(then, 0);
}

/** The outbox of the signed-in user's client. */
export function outboxOf(zero: Zero): Outbox {
  if (current?.zero !== zero) throw new Error('outboxOf: not the current client');
  return current.outbox;
}

/**
 * Never stuck: after an error (the database restarted, the server went away)
 * or a disconnection, Zero waits to be told to connect again. It is told, with
 * a growing pause (1 s to 30 s), at once when the browser is back online, and
 * each time the connection returns the changes and texts left waiting are
 * sent.
 */
function keepConnecting(zero: Zero, onConnected: () => void): () => void {
  let delay = 1_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = () => {
    const name = zero.connection.state.current.name;
    return name === 'error' || name === 'disconnected';
  };
  const tryNow = () => {
    clearTimeout(timer);
    if (stuck() && document.visibilityState === 'visible') {
      void zero.connection.connect().catch(() => {});
    }
  };
  const unsubscribe = zero.connection.state.subscribe((s) => {
    clearTimeout(timer);
    if (s.name === 'connected') {
      delay = 1_000;
      onConnected();
    } else if (s.name === 'error' || s.name === 'disconnected') {
      timer = setTimeout(tryNow, delay);
      delay = Math.min(delay * 2, 30_000);
    }
  });
  window.addEventListener('online', tryNow);
  document.addEventListener('visibilitychange', tryNow);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('online', tryNow);
    document.removeEventListener('visibilitychange', tryNow);
  };
}

/** Sign-out: close the client and drop its local database (a client group belongs to one user). */
export async function dropZero() {
  const z = current?.zero;
  current?.stop();
  await current?.outbox.close();
  current = undefined;
  await z?.delete();
}
