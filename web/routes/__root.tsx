import { createRootRoute, HeadContent, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AppError } from '../components/error-page.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

export const Route = createRootRoute({
  // The product's name, until a route names its page (web/navigation/page-title.ts).
  head: pageHead(),
  component: Root,
  // The root itself failing is the whole application failing.
  errorComponent: AppError,
});

function Root() {
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main">
        {messages.nav.skipToContent}
      </a>
      <RouteAnnouncer />
      <Outlet />
    </>
  );
}

/**
 * Which page of a wizard the search shows: its step (`?step=`: onboarding,
 * check-in, a new preference) and, in a check-in for both roles, its sentence.
 */
const wizardPageOf = (search: unknown) =>
  typeof search === 'object' && search !== null
    ? `${Reflect.get(search, 'step')}.${Reflect.get(search, 'sentence')}`
    : '';

/**
 * After a move to another page (not the first load), focus goes to the new
 * page's heading and its name is announced (WCAG 2.4.3, 4.1.3): otherwise focus
 * stays on the body (or on the link in the bottom bar) and a screen reader says
 * nothing. A page that put focus somewhere itself (an error, a dialog) keeps it.
 * A wizard's next or previous step is another page too, on the same path: its
 * heading is announced, and the wizard moves focus itself.
 */
function RouteAnnouncer() {
  const router = useRouter();
  const [said, setSaid] = useState('');
  useEffect(
    () =>
      router.subscribe('onResolved', (e) => {
        if (!e.fromLocation) return;
        const samePath = e.fromLocation.pathname === e.toLocation.pathname;
        const samePage = wizardPageOf(e.fromLocation.search) === wizardPageOf(e.toLocation.search);
        if (samePath && samePage) return;
        // Once the page has drawn its heading (a page may wait for its data).
        let tries = 0;
        const settle = () => {
          const heading = document.querySelector<HTMLElement>('main h1');
          if (!heading && tries++ < 20) return void setTimeout(settle, 50);
          // Unless the page put focus somewhere itself (an error, a field, a dialog).
          const active = document.activeElement;
          const chosen =
            samePath || (active?.isConnected && active.closest('main, dialog') !== null);
          if (heading && !chosen) {
            if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
            heading.focus({ preventScroll: false });
          }
          setSaid(heading?.textContent?.trim() || document.title);
        };
        requestAnimationFrame(settle);
      }),
    [router],
  );
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer>
      {said}
    </p>
  );
}
