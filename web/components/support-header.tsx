import { useQuery } from '@rocicorp/zero/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { queries } from '../../sync/queries.ts';
import { messages } from '../messages.ts';
import { forgetSupportSession, readSupportSession } from '../support-session.ts';

/** Spec §9: the header reacts to scrolling at most every 100 ms, and is "scrolled" past 10 px. */
export const SUPPORT_HEADER_THROTTLE_MS = 100;
export const SUPPORT_HEADER_SCROLLED_PX = 10;
/** While supporting, the session is confirmed (and kept alive) this often. */
const HEARTBEAT_MS = 5 * 60 * 1000;

/** The support-mode header, shown while acting for another person. */
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
  const [live, liveDetails] = useQuery(queries.supportSession.byId({ id: sessionId }));
  // Ended elsewhere (by the person supported, or idle): say so at once.
  const endedLive = liveDetails.type === 'complete' && (!live || live.endedAt !== null);
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

  useEffect(() => {
    const check = async () => {
      const s = await readSupportSession(personId, sessionId).catch(() => undefined);
      if (!s?.active) {
        forgetSupportSession(personId);
        setEnded(true);
      }
    };
    const timer = setInterval(check, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [personId, sessionId]);

  useEffect(() => {
    if (endedLive) forgetSupportSession(personId);
  }, [endedLive, personId]);

  const name = person?.knownAs ?? person?.firstName ?? '';
  const over = ended || endedLive;
  return (
    <section
      className={`support-header${scrolled ? ' scrolled' : ''}`}
      aria-label={messages.support.banner(name)}
    >
      <p role={over ? 'alert' : undefined}>
        {over ? messages.support.ended : messages.support.banner(name)}
      </p>
      {over ? (
        <button
          type="button"
          onClick={() => navigate({ to: '/people/$personId/supporting', params: { personId: me } })}
        >
          {messages.support.backToSupporting}
        </button>
      ) : (
        <Link
          className="button secondary"
          to="/people/$personId/supporters/finish"
          params={{ personId }}
        >
          {messages.support.finish}
        </Link>
      )}
    </section>
  );
}
