import { createRootRoute, HeadContent, Outlet } from '@tanstack/react-router';
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
      <Outlet />
    </>
  );
}
