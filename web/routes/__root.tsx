import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AppError } from '../components/error-page.tsx';
import { messages } from '../messages.ts';

export const Route = createRootRoute({
  component: Root,
  // The root itself failing is the whole application failing.
  errorComponent: AppError,
});

function Root() {
  return (
    <>
      <a className="skip-link" href="#main">
        {messages.nav.skipToContent}
      </a>
      <Outlet />
    </>
  );
}
