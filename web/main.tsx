// The design tokens and the cascade layers' order (web/styles/tokens.css): before any other style.
import './styles/tokens.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary, NotFoundPage, PageError } from './components/error-page.tsx';
import { routeTree } from './routeTree.gen.ts';
import './styles.css';
import './styles/choice.css';
import './styles/library.css';
import './styles/preference.css';
import './styles/category.css';
import './styles/note.css';
import './styles/account.css';
import './styles/navigation.css';
import './styles/offline.css';
import './styles/photo-search.css';
import './styles/media.css';
import './styles/audio.css';
import './styles/survey.css';
import './styles/organisation.css';
import './styles/my-data.css';
import './styles/handover.css';
import './styles/easy-read.css';

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultErrorComponent: PageError,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// The offline shell (vite.config.ts, VitePWA): only the built app has a service worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
}

const root = document.getElementById('root');
if (root) {
  // The shell's title names the product until the app runs; from then on each
  // route names its page (web/navigation/page-title.ts), in a <title> of React's.
  document.querySelector('head > title')?.remove();
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </StrictMode>,
  );
}
