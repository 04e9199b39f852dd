/**
 * How screens change data: `useWrite()` sends a change through the outbox
 * (web/offline/outbox.ts), so it is kept until the server answers, and says
 * how it ended in words a screen can show.
 */
import type { Zero } from '@rocicorp/zero';
import { useConnectionState, useZero } from '@rocicorp/zero/react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { offlineMessages } from '../messages/offline.ts';
import { outboxOf } from '../zero.ts';
import type { OutboxState, Outcome } from './outbox.ts';
import { silentLossStore } from './silent-loss.ts';

type Request = Parameters<Zero['mutate']>[0];

/** Sends a change; resolves with how it ended (saved, waiting to be sent, refused). */
export function useWrite(): (request: Request) => Promise<Outcome> {
  const zero = useZero();
  return useCallback(
    // biome-ignore lint/suspicious/noExplicitAny: every change of this app is a mutate request.
    (request: Request) => outboxOf(zero).write(request as any),
    [zero],
  );
}

/** The signed-in user's outbox (web/offline/outbox.ts). */
export function useOutbox() {
  return outboxOf(useZero());
}

/** The refusal's words, or undefined when the change is saved or waiting to be sent. */
export function refusalOf(outcome: Outcome): string | undefined {
  return outcome.type === 'refused' ? outcome.message : undefined;
}

/** Edits that crossed: what this person sent and what is saved now, field by field. */
export type Crossed = { mine: Record<string, unknown>; theirs: Record<string, unknown> };

/**
 * How a form's save was refused: crossing edits as both values (the form shows
 * CrossedChoice), anything else in words; undefined when saved or waiting.
 */
export function formRefusal(
  outcome: Outcome,
  mine: Record<string, unknown>,
): Crossed | string | undefined {
  if (outcome.type !== 'refused') return undefined;
  if (outcome.code === 'changed' && outcome.theirs) return { mine, theirs: outcome.theirs };
  return outcome.message;
}

/** What a screen says after saving: saved, or kept here until the connection returns. */
export function savedText(outcome: Outcome, saved: string): string {
  return outcome.type === 'waiting' ? offlineMessages.savedHere : saved;
}

export function useOutboxState(): OutboxState {
  const outbox = outboxOf(useZero());
  return useSyncExternalStore(outbox.subscribe, () => outbox.state);
}

export type SyncStatus = 'connecting' | 'reconnecting' | 'offline' | 'saving' | 'saved';

/** A lost connection is said only after this long: a reconnect of a second says nothing. */
const LOST_AFTER_MS = 1_500;

/** Whether the browser says it is online (it knows when the device has no network at all). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
  );
}

/**
 * Whether the connection was lost in silence (web/offline/silent-loss.ts): a
 * waiting change's direct question to the server, or Zero's heartbeat
 * (`pingTimeoutMs`, web/zero.ts), went unanswered. That is how a dropped
 * Wi-Fi shows in WebKit, which never says it is offline.
 */
function useSilentLoss(): boolean {
  const zero = useZero();
  const store = useMemo(() => {
    const outbox = outboxOf(zero);
    return silentLossStore(zero, {
      subscribe: outbox.subscribe,
      get count() {
        return outbox.state.waiting;
      },
    });
  }, [zero]);
  return useSyncExternalStore(store.subscribe, store.get);
}

/**
 * What the status line says. "All changes saved" only when the server has
 * answered every change; "Saving…" while it has not. "Offline" as soon as the
 * browser says the device has no network (its socket may look open for
 * seconds more, and nothing sent on it arrives), or when the connection fell
 * silent (a waiting change's question to the server or Zero's heartbeat went
 * unanswered: WebKit never says it is offline), even while the socket looks open.
 * "Waiting for the connection" when the device is online and the service is
 * out of reach (restarting), and "Connecting…" before the first connection
 * (then "Offline" if none comes). A reconnect of a second says nothing new:
 * what was pending still shows as saving.
 */
export function useSyncStatus(): { status: SyncStatus; waiting: number; connection: string } {
  const { waiting } = useOutboxState();
  const connection = useConnectionState();
  const online = useOnline();
  const silent = useSilentLoss();
  const connected = connection.name === 'connected';
  const [everConnected, setEverConnected] = useState(connected);
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (connected) {
      setEverConnected(true);
      setLate(false);
      return;
    }
    const t = setTimeout(() => setLate(true), LOST_AFTER_MS);
    return () => clearTimeout(t);
  }, [connected]);
  const status: SyncStatus =
    !online || (everConnected && silent)
      ? 'offline'
      : connected
        ? waiting > 0
          ? 'saving'
          : 'saved'
        : connection.name === 'disconnected'
          ? 'offline'
          : !everConnected
            ? // Opened without a connection (a reload on a tablet with none): it cannot
              // tell a lost network from a lost service, and says offline after a moment.
              late
              ? 'offline'
              : 'connecting'
            : late
              ? 'reconnecting'
              : waiting > 0
                ? 'saving'
                : 'saved';
  return { status, waiting, connection: connection.name };
}
