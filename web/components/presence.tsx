/**
 * Who else is on this preference now (web/hooks/use-presence.ts): a calm
 * line of names, each with their colour and where they are; the field
 * someone is in carries an outline in their colour and their name. Arrivals
 * and departures are announced politely to screen readers; colour is never
 * the only sign (the name and the field are written).
 */
import { type FocusEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { PresenceField, PresencePeer } from '../../sync/presence.ts';
import { presenceMessages } from '../messages/presence.ts';
import '../styles/presence.css';

const m = presenceMessages;

/**
 * `lost`: this device has no channel now (web/hooks/use-presence.ts). Nobody
 * is shown and nobody is announced as having left: it was this device that
 * went. Back online, only who really came or went meanwhile is announced.
 */
export function PresenceList({
  peers,
  lost = false,
}: {
  peers: readonly PresencePeer[];
  lost?: boolean;
}) {
  const announcement = useArrivals(peers, lost);
  return (
    <>
      {peers.length > 0 ? (
        <section className="presence" aria-labelledby="presence-heading">
          <h2 id="presence-heading" className="presence-heading">
            {m.heading}
          </h2>
          <ul className="presence-list">
            {peers.map((p) => (
              <li key={p.id} data-person={p.personId}>
                <span className="presence-dot" aria-hidden="true" ref={colour(p.colour)} />
                {m.here(p.name, p.field ? m.fields[p.field] : m.looking)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}

/** Sets an element's colour variable through the CSSOM (the CSP allows no inline style). */
const colour = (c: string) => (el: HTMLElement | null) => {
  el?.style.setProperty('--peer-colour', c);
};

/** "Riley opened this preference." / "… left …", for the live region. */
function useArrivals(peers: readonly PresencePeer[], lost: boolean): string {
  const before = useRef<Map<string, string>>(new Map());
  const [said, setSaid] = useState('');
  useEffect(() => {
    // Who was here before the loss stays the baseline for when it is back.
    if (lost) return;
    const now = new Map(peers.map((p) => [p.personId, p.name]));
    const lines: string[] = [];
    for (const [id, name] of now) if (!before.current.has(id)) lines.push(m.joined(name));
    for (const [id, name] of before.current) if (!now.has(id)) lines.push(m.left(name));
    before.current = now;
    if (lines.length > 0) setSaid(lines.join(' '));
  }, [peers, lost]);
  return said;
}

/**
 * Outlines, inside `root`, the part of the form (its `data-presence`) each
 * peer is in, in their colour and with their name; returns the focus
 * handlers that tell `setField` where this page's focus is (for the form).
 */
export function usePresenceFields(
  root: RefObject<HTMLElement | null>,
  peers: readonly PresencePeer[],
  setField: (f: PresenceField | null) => void,
) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const marked: HTMLElement[] = [];
    for (const p of peers) {
      if (!p.field) continue;
      const part = el.querySelector<HTMLElement>(`[data-presence="${p.field}"]`);
      if (!part || marked.includes(part)) continue;
      part.dataset.peer = p.name;
      part.style.setProperty('--peer-colour', p.colour);
      marked.push(part);
    }
    return () => {
      for (const part of marked) {
        delete part.dataset.peer;
        part.style.removeProperty('--peer-colour');
      }
    };
  });

  const where = (target: EventTarget | null) =>
    target instanceof Element
      ? ((target.closest('[data-presence]')?.getAttribute('data-presence') ??
          null) as PresenceField | null)
      : null;
  return {
    onFocus: (e: FocusEvent<HTMLElement>) => setField(where(e.target)),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!(e.relatedTarget instanceof Node) || !e.currentTarget.contains(e.relatedTarget)) {
        setField(null);
      }
    },
  };
}
