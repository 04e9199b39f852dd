/**
 * Presence on a preference (sync/presence.ts, api/routes/presence.ts): who else has
 * it open and which field they are in. One WebSocket while the page is open;
 * it says where this page is whenever that changes and beats every few
 * seconds; it reconnects after a dropped connection (a tablet on the move).
 * A refusal (no longer allowed to read the preference) is final: nobody is
 * shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  PRESENCE_BEAT_MS,
  type PresenceField,
  type PresencePeer,
  type PresencePeers,
} from '../../sync/presence.ts';
import { client } from '../api-client.ts';

/** Close codes of api/routes/presence.ts that must not be retried. */
const FINAL = new Set([4403, 1008]);

function presenceUrl(personId: string, preferenceId: string): string {
  // The typed client's own path, so that a renamed route fails the type check.
  const path = client.people[':personId'].presence[':preferenceId'].$path({
    param: { personId, preferenceId },
  });
  const url = new URL(`/api${path}`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** `enabled`: once the preference is there to read (a refused socket would only retry). */
export function usePresence(personId: string, preferenceId: string, enabled = true) {
  const [peers, setPeers] = useState<PresencePeer[]>([]);
  const field = useRef<PresenceField | null>(null);
  const socket = useRef<WebSocket | null>(null);

  const say = useCallback(() => {
    const s = socket.current;
    if (s?.readyState === WebSocket.OPEN) {
      s.send(JSON.stringify({ type: 'here', field: field.current }));
    }
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const open = () => {
      if (stopped) return;
      const s = new WebSocket(presenceUrl(personId, preferenceId));
      socket.current = s;
      s.onopen = () => {
        attempts = 0;
        say();
      };
      s.onmessage = (e) => {
        try {
          const message = JSON.parse(String(e.data)) as PresencePeers;
          if (message.type === 'peers') setPeers(message.peers);
        } catch {
          // Not ours: ignored.
        }
      };
      s.onclose = (e) => {
        if (socket.current === s) socket.current = null;
        setPeers([]);
        if (stopped || FINAL.has(e.code)) return;
        // 1 s, 2 s, 4 s … up to 30 s.
        retry = setTimeout(open, Math.min(30_000, 1_000 * 2 ** attempts++));
      };
    };
    open();
    const beat = setInterval(say, PRESENCE_BEAT_MS);
    return () => {
      stopped = true;
      clearInterval(beat);
      clearTimeout(retry);
      socket.current?.close();
      socket.current = null;
    };
  }, [personId, preferenceId, say, enabled]);

  /** Where this page is now: the field with focus, or null. */
  const setField = useCallback(
    (f: PresenceField | null) => {
      if (field.current === f) return;
      field.current = f;
      say();
    },
    [say],
  );

  return { peers, setField };
}
