import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { navigationMessages } from '../messages/navigation.ts';
import {
  type MenuItem,
  menuItems,
  type NavContext,
  organisationsLabel,
  surveyLabel,
} from '../navigation/menu.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { surveyKindOf, surveyRouteOf } from './survey-routes.ts';

export type MenuLinks = {
  help: string | null;
  feedback: string | null;
  /** A platform user's dashboard (PLATFORM_DASHBOARD_URL); older sessions may lack it. */
  platform?: string | null;
};

/**
 * Where each menu entry goes: personal details, the subscription and history
 * are those of the person whose area this is when its reader administers them
 * (an Administrator in a support session manages them); otherwise personal
 * details are one's own. Passkeys and organisations are always one's own. The
 * external links (help, feedback, the platform dashboard) are not listed until
 * they are configured (HELP_URL, FEEDBACK_URL, PLATFORM_DASHBOARD_URL): the
 * visibility rules (web/navigation/menu.ts) already decide who sees them.
 */
function destination(
  item: MenuItem,
  me: string,
  personId: string,
  links: MenuLinks,
  ctx: Pick<NavContext, 'myType' | 'isAdministrator'>,
) {
  switch (item) {
    case 'details':
      return {
        to: '/people/$personId/settings/details' as const,
        params: { personId: ctx.isAdministrator ? personId : me },
      };
    case 'help':
      return links.help ? { href: links.help } : null;
    case 'feedback':
      return links.feedback ? { href: links.feedback } : null;
    case 'platform':
      return links.platform ? { href: links.platform } : null;
    case 'subscription':
      return { to: '/people/$personId/settings/subscription' as const, params: { personId } };
    case 'history':
      return { to: '/people/$personId/settings/history' as const, params: { personId } };
    case 'passkeys':
      return { to: '/people/$personId/settings/passkeys' as const, params: { personId: me } };
    case 'data':
      return { to: '/people/$personId/settings/data' as const, params: { personId: me } };
    case 'organisations':
      return { to: '/people/$personId/organisations' as const, params: { personId: me } };
    case 'survey': {
      // One's own check-in, of one's own type (spec §2: /survey/{personId}/{type}
      // redirects there); none for a type without one (Platform).
      const kind = surveyKindOf(ctx.myType);
      return kind ? { to: surveyRouteOf[kind], params: { personId: me } } : null;
    }
    case 'logout':
      return { to: '/logout' as const, params: {} };
    default:
      return null;
  }
}

/** The menu's entries for `ctx`, as a list of links. */
export function MenuList({
  ctx,
  me,
  personId,
  links,
  onChoose,
  only,
}: {
  ctx: NavContext;
  me: string;
  /** Whose area this is (me, or the person supported in session). */
  personId: string;
  links: MenuLinks;
  onChoose?: () => void;
  /** Only these entries (the settings page lists the settings pages). */
  only?: readonly MenuItem[];
}) {
  const items = menuItems(ctx).flatMap((item) => {
    if (only && !only.includes(item)) return [];
    const to = destination(item, me, personId, links, ctx);
    return to ? [{ item, to }] : [];
  });
  return (
    <ul className="menu-list">
      {items.map(({ item, to }) => (
        <li key={item}>
          {'href' in to ? (
            <a href={to.href} target="_blank" rel="noopener noreferrer" onClick={onChoose}>
              {navigationMessages.items[item as 'help' | 'feedback' | 'platform']}
              <span className="visually-hidden"> {navigationMessages.newTab}</span>
            </a>
          ) : to.to === '/logout' ? (
            <Link to="/logout" onClick={onChoose}>
              {navigationMessages.items.logout}
            </Link>
          ) : (
            <Link to={to.to} params={to.params as { personId: string }} onClick={onChoose}>
              {item === 'survey'
                ? surveyLabel(ctx)
                : item === 'organisations'
                  ? organisationsLabel(ctx)
                  : navigationMessages.items[
                      item as 'passkeys' | 'data' | 'details' | 'subscription' | 'history'
                    ]}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The menu drawer (administrators and Decision Makers): a button in the bottom
 * bar opens a modal panel; Escape, the close button or choosing an entry
 * closes it, and focus returns to the button.
 */
export function MenuDrawer(props: {
  ctx: NavContext;
  me: string;
  personId: string;
  links: MenuLinks;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <>
      <button
        type="button"
        className="nav-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {navigationMessages.openMenu}
      </button>
      <ModalDialog
        open={open}
        className="menu-drawer"
        title={navigationMessages.menuTitle}
        aside={
          <button type="button" className="secondary" onClick={close}>
            {navigationMessages.closeMenu}
          </button>
        }
        onCancel={close}
      >
        {/* Choosing an entry closes the drawer as the page changes. */}
        <MenuList {...props} onChoose={close} />
      </ModalDialog>
    </>
  );
}
