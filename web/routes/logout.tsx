import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, client } from '../api-client.ts';
import { offlineMessages } from '../messages/offline.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { waitingChanges } from '../offline/waiting.ts';
import { forgetSession } from '../session.ts';
import { finishSupportSession, storedSupportSessions } from '../support-session.ts';

export const Route = createFileRoute('/logout')({
  head: pageHead(messages.titles.signOut),
  component: Logout,
});

function deleteDatabase(name: string) {
  return new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/**
 * Ends this tab's support sessions (each one in the person's history, as a
 * finish is), then the session on the server, and leaves nothing readable
 * behind, then /login. A session that cannot be finished now (offline) ends
 * on the server when it falls idle.
 */
async function signOut() {
  for (const s of storedSupportSessions()) {
    await finishSupportSession(s.personId, s.id, true).catch(() => undefined);
  }
  await call(client.auth.logout.$post()).catch(() => null);
  const { dropZero } = await import('../zero.ts');
  await dropZero().catch(() => undefined);
  sessionStorage.clear();
  localStorage.clear();
  // Whatever else this origin keeps in IndexedDB (Zero's index of its stores too).
  if ('databases' in indexedDB) {
    for (const db of await indexedDB.databases()) if (db.name) await deleteDatabase(db.name);
  }
  if ('caches' in window) {
    // The app's own files (the offline shell, web/sw) hold nothing personal: they stay.
    for (const key of await caches.keys()) {
      if (!key.startsWith('workbox-precache')) await caches.delete(key);
    }
  }
  forgetSession();
}

/**
 * In an effect rather than a loader: loaders also run when a link is
 * preloaded, and hovering "Logout" must not sign anyone out.
 */
function Logout() {
  const navigate = useNavigate();
  const router = useRouter();
  const started = useRef(false);
  const [waiting, setWaiting] = useState(0);
  const go = useCallback(() => {
    setWaiting(0);
    void signOut().then(() => navigate({ to: '/login', replace: true }));
  }, [navigate]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Changes not sent yet would be lost with this device's data: ask first.
    void waitingChanges().then((n) => (n > 0 ? setWaiting(n) : go()));
  }, [go]);
  if (waiting > 0) {
    const t = offlineMessages;
    return (
      <main className="page" id="main">
        <section className="card" aria-labelledby="waiting-title">
          <h1 id="waiting-title">{t.signOutWaitingTitle}</h1>
          <p>{t.signOutWaitingBody(waiting)}</p>
          <div className="actions">
            <button type="button" onClick={() => router.history.back()}>
              {t.stay}
            </button>
            <button type="button" className="secondary" onClick={go}>
              {t.signOutAnyway}
            </button>
          </div>
        </section>
      </main>
    );
  }
  return (
    <main className="page" id="main">
      <p role="status">{messages.nav.signingOut}</p>
    </main>
  );
}
