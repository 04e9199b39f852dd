import { getRouteApi, redirect } from '@tanstack/react-router';
import { keepsOwnLibrary } from '../../sync/library-rules.ts';
import { storedSupportSession } from '../support-session.ts';

const personArea = getRouteApi('/people/$personId');

type Me = { id: string; type: string } | null | undefined;

/**
 * Whether this tab may change the library of `personId` (spec §6 write
 * permission): a Decision Maker in their own library (a Supporter has none),
 * or a supporter acting in a support session stored in this tab. A guest of an
 * invite only reads. A Supporter whose level does not allow an item cannot see
 * it at all, so no per-item check is needed here; the server checks every
 * write again. The one write-access rule of the interface: every screen asks it.
 */
export function canWrite(me: Me, personId: string): boolean {
  if (!me) return false;
  if (me.id === personId) return keepsOwnLibrary(me.type);
  return storedSupportSession(personId) !== null;
}

/** `canWrite` for the person area's current person; read on every render. */
export function useCanWrite(personId: string): boolean {
  const { session } = personArea.useRouteContext();
  return canWrite(session.person, personId);
}

/** The page a create or edit screen belongs to: its path without `/create…` or `/edit…`. */
export function pageOf(pathname: string): string {
  return pathname.replace(/\/(create|edit)(\/.*)?$/, '') || '/';
}

/**
 * The `beforeLoad` of every screen that changes the library (create and edit
 * of preferences and categories): without write access, the page it belongs
 * to instead (the view, or the list). The one write-access guard of the routes;
 * the person area's own guard (sign-in, person, support session) runs first.
 */
export function requireWrite<P extends { personId: string }>({
  context,
  params,
  location,
}: {
  context: { session: { person: Me } };
  params: P;
  location: { pathname: string };
}) {
  if (canWrite(context.session.person, params.personId)) return;
  throw redirect({ href: pageOf(location.pathname), replace: true });
}
