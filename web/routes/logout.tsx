import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { call, client } from '../api-client.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { forgetSession } from '../session.ts';

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

/** Ends the session on the server and leaves nothing readable behind, then /login. */
async function signOut() {
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
    for (const key of await caches.keys()) await caches.delete(key);
  }
  forgetSession();
}

/**
 * In an effect rather than a loader: loaders also run when a link is
 * preloaded, and hovering "Logout" must not sign anyone out.
 */
function Logout() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate({ to: '/login', replace: true }));
  }, [navigate]);
  return (
    <main className="page" id="main">
      <p role="status">{messages.nav.signingOut}</p>
    </main>
  );
}
