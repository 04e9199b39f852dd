/**
 * Presence on a preference (sync/presence.ts, api/routes/presence.ts): who else has
 * it open and which field they are in. One WebSocket while the page is open;
 * it says where this page is whenever that changes and beats every few
 * seconds; it reconnects after a dropped connection (a tablet on the move).
 * Leaving the page (in the app, to another site, closing the tab) closes it,
 * so the others see this page go at once; a device that loses its network is
 * let go by the server once silent (PRESENCE_TIMEOUT_MS).
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
  /**
   * This device lost the channel (no network, or the socket dropped): whom it
   * showed is not known now, but nobody is known to have left either, so the
   * list is empty and nothing is announced until the server answers again.
   */
  const [lost, setLost] = useState(false);
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
    let refused = false;
    // Not on the preference for now: the page went into the browser's history
    // (it may come back from the back/forward cache), or the device has no network.
    let hidden = false;
    let offline = !navigator.onLine;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const open = () => {
      clearTimeout(retry);
      if (stopped || refused || hidden || offline || socket.current) return;
      const s = new WebSocket(presenceUrl(personId, preferenceId));
      socket.current = s;
      s.onopen = () => {
        attempts = 0;
        say();
      };
      s.onmessage = (e) => {
        if (socket.current !== s) return;
        try {
          const message = JSON.parse(String(e.data)) as PresencePeers;
          if (message.type === 'peers') {
            setLost(false);
            setPeers(message.peers);
          }
        } catch {
          // Not ours: ignored.
        }
      };
      s.onclose = (e) => {
        // A socket this page already let go of says nothing any more.
        if (socket.current !== s) return;
        socket.current = null;
        setPeers([]);
        if (FINAL.has(e.code)) refused = true;
        else if (!stopped && !hidden) setLost(true);
        if (stopped || refused || hidden || offline) return;
        // 1 s, 2 s, 4 s … up to 30 s.
        retry = setTimeout(open, Math.min(30_000, 1_000 * 2 ** attempts++));
      };
    };
    /** Leaves: the server drops this page from everyone's list as the socket closes. */
    const letGo = () => {
      clearTimeout(retry);
      const s = socket.current;
      socket.current = null;
      s?.close();
    };
    const away = () => {
      letGo();
      // Whoever this page showed is not known to be there any more.
      setPeers([]);
    };
    const back = () => {
      attempts = 0;
      open();
    };
    // A page left for another site or closed leaves at once, also where the
    // browser would keep it (with its socket) in the back/forward cache.
    const onPageHide = () => {
      hidden = true;
      away();
    };
    const onPageShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      hidden = false;
      back();
    };
    // Without a network the socket can say nothing (the server lets it go when
    // it falls silent); back online, this page says where it is at once rather
    // than when a half-dead socket finally closes and the backoff has passed.
    const onOffline = () => {
      offline = true;
      setLost(true);
      away();
    };
    const onOnline = () => {
      offline = false;
      back();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    open();
    const beat = setInterval(say, PRESENCE_BEAT_MS);
    return () => {
      stopped = true;
      clearInterval(beat);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      letGo();
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

  return { peers, setField, lost };
}
