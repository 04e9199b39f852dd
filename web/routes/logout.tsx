import { createFileRoute, redirect } from '@tanstack/react-router';
import { api } from '../api-client.ts';
import { forgetSession } from '../session.ts';

/** Ends the session on the server, drops Zero's local data and the storages, then /login. */
export const Route = createFileRoute('/logout')({
  beforeLoad: async () => {
    await api('/auth/logout', { method: 'POST', parse: () => null }).catch(() => null);
    const { dropZero } = await import('../zero.ts');
    await dropZero();
    sessionStorage.clear();
    localStorage.clear();
    if ('caches' in window) {
      for (const key of await caches.keys()) await caches.delete(key);
    }
    forgetSession();
    throw redirect({ to: '/login', replace: true });
  },
});
