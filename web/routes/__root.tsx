import { createRootRoute, Outlet } from '@tanstack/react-router';
import { messages } from '../messages.ts';

export const Route = createRootRoute({
  component: Root,
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
