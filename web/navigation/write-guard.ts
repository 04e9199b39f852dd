/**
 * The write-access rule of the interface and the routes' write guard, apart
 * from the hook (web/hooks/use-can-write.ts): a route's `beforeLoad` is loaded
 * with the app, so this module imports nothing of the sync client (the sign-in
 * page's first load stays small).
 */
import { type ResolveParams, redirect } from '@tanstack/react-router';
import { keepsOwnLibrary } from '../../sync/library-rules.ts';
import { knownAccess, type PersonAccess } from '../access.ts';
import { storedSupportSession } from '../support-session.ts';

type Me = { id: string; type: string } | null | undefined;

/**
 * Whether this tab may change the library of `personId` (spec §6 write
 * permission): the write flag of the caller's access record (web/access.ts,
 * GET /api/people/{personId}/access), asked for this tab's support session
 * and, in one's own area, for one's current role. Until it is known (or with
 * no network and nothing kept), the same rule locally: a Decision Maker in
 * their own library (a Supporter has none), or a supporter acting in a support
 * session stored in this tab; a guest of an invite only reads. A Supporter
 * whose level does not allow an item cannot see it at all, so no per-item
 * check is needed here; the server checks every write again. The one
 * write-access rule of the interface: every screen asks it.
 */
export function canWrite(me: Me, personId: string, flag?: PersonAccess): boolean {
  if (!me) return false;
  const own = me.id === personId;
  const sessionId = own ? null : storedSupportSession(personId);
  const access = flag ?? knownAccess(personId, sessionId);
  // An answer given for another role than one's current one is asked again.
  if (access && (!own || access.personType === me.type)) return access.write;
  if (own) return keepsOwnLibrary(me.type);
  return sessionId !== null;
}

/** The pages a create or edit screen belongs to: the view, or the list. */
export type WritePage =
  | '/people/$personId/preferences'
  | '/people/$personId/preferences/$preferenceId'
  | '/people/$personId/preferences/$preferenceId/media'
  | '/people/$personId/preferences/$preferenceId/media/$id'
  | '/people/$personId/preferences/categories'
  | '/people/$personId/preferences/categories/$id';

/**
 * The `beforeLoad` of every screen that changes the library (create and edit
 * of preferences, media and categories): without write access, `page`, the
 * page it belongs to, instead, with the screen's own params (the router's,
 * typed: a screen's params hold its page's). The one write-access guard of
 * the routes; the person area's own guard (sign-in, person, support session)
 * runs first.
 */
export function requireWrite<const Page extends WritePage>(page: Page) {
  return <P extends { personId: string } & ResolveParams<Page>>({
    context,
    params,
  }: {
    context: { session: { person: Me } };
    params: P;
  }) => {
    if (canWrite(context.session.person, params.personId)) return;
    // P holds the page's params (checked where the guard is named); the router takes those.
    throw redirect({ to: page as WritePage, params: params as never, replace: true });
  };
}
