import { useQuery } from '@rocicorp/zero/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queries } from '../../sync/queries.ts';
import { supportPageMessages } from '../messages/support.ts';
import {
  forgetSupportSession,
  readSupportSession,
  storedSupportSessions,
} from '../support-session.ts';
import { ModalDialog } from './modal-dialog.tsx';

/** Spec §9: the header reacts to scrolling at most every 100 ms, and is "scrolled" past 10 px. */
export const SUPPORT_HEADER_THROTTLE_MS = 100;
export const SUPPORT_HEADER_SCROLLED_PX = 10;
/** While supporting, activity is reported (keeping the session alive) at most this often. */
const HEARTBEAT_MS = 60 * 1000;
/** How long before an idle session ends the page asks "Are you still there?" (WCAG 2.2.1). */
export const IDLE_WARNING_MS = 2 * 60 * 1000;

/**
 * A support session ends after a spell without activity (ADR 008). Activity
 * here (a tap, a key, typing) is reported to the server at most once a minute;
 * a page left alone is not kept alive. Two minutes before the end the page
 * asks whether the Supporter is still there, and Continue keeps the session.
 * A heartbeat without an answer (offline) ends nothing: only the server says
 * a session has ended.
 */
function useIdleWarning(personId: string, sessionId: string, onEnded: () => void) {
  const [warning, setWarning] = useState(false);
  const ended = useRef(onEnded);
  ended.current = onEnded;
  const state = useRef({
    activeAt: Date.now(),
    beatAt: Date.now(),
    endsAt: Number.POSITIVE_INFINITY,
  });

  const beat = useCallback(async () => {
    const askedAt = Date.now();
    state.current.beatAt = askedAt;
    const s = await readSupportSession(personId, sessionId).catch((e: unknown) =>
      // No answer at all (offline): nothing is known, nothing ends.
      e instanceof TypeError ? null : undefined,
    );
    if (s === null) return;
    if (!s?.active) return ended.current();
    // Counted from when it was asked, not answered: the server measured the
    // time left then, so a slow answer (a busy tablet, a poor connection)
    // never moves the end later than it is, and the question comes in time.
    state.current.endsAt = askedAt + s.endsWhenIdleInMs;
  }, [personId, sessionId]);

  useEffect(() => {
    const active = () => {
      state.current.activeAt = Date.now();
    };
    const events = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, active, { passive: true, capture: true });
    void beat();
    const timer = setInterval(() => {
      const now = Date.now();
      const { activeAt, beatAt, endsAt } = state.current;
      if (activeAt > beatAt && now - beatAt >= HEARTBEAT_MS) void beat();
      else if (now >= endsAt - IDLE_WARNING_MS) setWarning(true);
    }, 5_000);
    return () => {
      for (const e of events) window.removeEventListener(e, active, { capture: true });
      clearInterval(timer);
    };
  }, [beat]);

  return {
    warning,
    minutesLeft: () => Math.max(1, Math.ceil((state.current.endsAt - Date.now()) / 60_000)),
    keepGoing: async () => {
      setWarning(false);
      state.current.activeAt = Date.now();
      await beat();
    },
  };
}

/** The support-mode header, shown while acting for another person. */
/** How long a session just started may be missing from the synced rows before it counts as gone. */
const NOT_YET_SYNCED_MS = 10_000;

/**
 * Whether the support session `sessionId` has ended: its row says so, or it
 * was there and is gone. A session started a moment ago may not have reached
 * zero-cache when the page's first query is answered: its absence then is
 * only lateness, and it counts as gone only if it never shows.
 */
function useSessionOver(sessionId: string): boolean {
  const [live, details] = useQuery(queries.supportSession.byId({ id: sessionId }));
  const complete = details.type === 'complete';
  const seen = useRef(false);
  if (live) seen.current = true;
  const [waited, setWaited] = useState(false);
  const absent = complete && !live;
  useEffect(() => {
    if (!absent || seen.current) return;
    const t = setTimeout(() => setWaited(true), NOT_YET_SYNCED_MS);
    return () => clearTimeout(t);
  }, [absent]);
  if (live) return live.endedAt !== null;
  return absent && (seen.current || waited);
}

export function SupportHeader({
  personId,
  me,
  sessionId,
}: {
  personId: string;
  me: string;
  sessionId: string;
}) {
  const [person] = useQuery(queries.person.byId({ personId }));
  // Ended elsewhere (by the person supported, or idle): say so at once.
  const endedLive = useSessionOver(sessionId);
  const navigate = useNavigate();
  const [scrolled, setScrolled] = useState(false);
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      last = Date.now();
      setScrolled(window.scrollY > SUPPORT_HEADER_SCROLLED_PX);
    };
    const onScroll = () => {
      const wait = SUPPORT_HEADER_THROTTLE_MS - (Date.now() - last);
      if (wait <= 0) update();
      else if (!timer) {
        timer = setTimeout(() => {
          timer = undefined;
          update();
        }, wait);
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer) clearTimeout(timer);
    };
  }, []);

  const idle = useIdleWarning(personId, sessionId, () => {
    forgetSupportSession(personId);
    setEnded(true);
  });

  useEffect(() => {
    if (endedLive) forgetSupportSession(personId);
  }, [endedLive, personId]);

  const name = person?.knownAs ?? person?.firstName ?? '';
  const over = ended || endedLive;
  return (
    <>
      <ModalDialog
        open={idle.warning && !over}
        title={supportPageMessages.stillThere}
        body={supportPageMessages.endingSoon(name, idle.minutesLeft())}
        onCancel={() => void idle.keepGoing()}
      >
        <div className="actions">
          <button type="button" onClick={() => void idle.keepGoing()} data-autofocus>
            {supportPageMessages.keepGoing}
          </button>
          <FinishLink personId={personId} />
        </div>
      </ModalDialog>
      <section
        className={`support-header${scrolled ? ' scrolled' : ''}`}
        aria-label={supportPageMessages.banner(name)}
      >
        <p role={over ? 'alert' : undefined}>
          {over ? supportPageMessages.ended : supportPageMessages.banner(name)}
        </p>
        {over ? (
          <button
            type="button"
            onClick={() =>
              navigate({ to: '/people/$personId/supporting', params: { personId: me } })
            }
          >
            {supportPageMessages.backToSupporting}
          </button>
        ) : (
          <FinishLink personId={personId} />
        )}
      </section>
    </>
  );
}

/** "Finish session": in the header, and in the question of an idle session. */
function FinishLink({ personId }: { personId: string }) {
  return (
    <Link
      className="button secondary"
      to="/people/$personId/supporters/finish"
      params={{ personId }}
    >
      {supportPageMessages.finish}
    </Link>
  );
}

/**
 * In one's own area with a support session still open in this tab (the menu's
 * personal details, say): the session goes on, and says so, with the way back
 * into the person's library and the way to finish it. Gone once the session
 * has ended, wherever it ended.
 */
export function OpenSessions() {
  const open = storedSupportSessions();
  if (open.length === 0) return null;
  return (
    <>
      {open.map((s) => (
        <OpenSession key={s.id} personId={s.personId} sessionId={s.id} />
      ))}
    </>
  );
}

function OpenSession({ personId, sessionId }: { personId: string; sessionId: string }) {
  const [person] = useQuery(queries.person.byId({ personId }));
  const over = useSessionOver(sessionId);
  useEffect(() => {
    if (over) forgetSupportSession(personId);
  }, [over, personId]);
  if (over) return null;
  const name = person?.knownAs ?? person?.firstName ?? '';
  return (
    <section className="support-header" aria-label={supportPageMessages.stillOpen(name)}>
      <p>{supportPageMessages.stillOpen(name)}</p>
      <Link className="button" to="/people/$personId/preferences" params={{ personId }}>
        {supportPageMessages.backTo(name)}
      </Link>
      <FinishLink personId={personId} />
    </section>
  );
}
