/**
 * Who sees which navigation entry (spec §2 "Navigation and empty states"),
 * as pure functions so every rule is unit-tested. The layout and the menu
 * (drawer or the Supporter's /settings/menu page) render what these return.
 */
import type { PersonType } from '../../schema/enums.ts';
import { navigationMessages } from '../messages/navigation.ts';

export type NavContext = {
  /** The signed-in person's type. */
  myType: PersonType;
  /** Viewing someone else's area (in a support session, or as a guest). */
  actingForOther: boolean;
  /** Administrator of the person whose area this is (themselves, or an Administrator link in session). */
  isAdministrator: boolean;
  /** The invite kind this tab is a guest of, if any. */
  guestOf: 'Profile' | 'Preference' | 'PreferenceCategory' | null;
  /** How many organisations the signed-in person reads (all of them, for a platform user). */
  organisations: number;
  isPlatformUser: boolean;
  /** WebAuthn is available in this browser. */
  passkeysSupported: boolean;
  hasPasskeys: boolean;
  /** Running inside the iOS app (never, for the web app; kept for the rule). */
  iosNative: boolean;
};

/** Acting as a Supporter: a Supporter-only person, or anyone working for someone else. */
export function asSupporter(c: NavContext): boolean {
  return c.myType === 'Supporter' || c.actingForOther;
}

export type BottomItem = 'home' | 'library' | 'circle' | 'menu';

/** The bottom bar: Home, Library, Circle, Menu, with their rules. */
export function bottomItems(c: NavContext): BottomItem[] {
  // The whole bar is hidden for a Profile invite.
  if (c.guestOf === 'Profile') return [];
  const items: BottomItem[] = [];
  // Home: not for a Supporter acting for themselves (they have no library).
  if (!(c.myType === 'Supporter' && !c.actingForOther)) items.push('home');
  items.push('library');
  // Circle: hidden for a Preference / PreferenceCategory invite.
  if (c.guestOf !== 'Preference' && c.guestOf !== 'PreferenceCategory') items.push('circle');
  if (menuKind(c) !== null) items.push('menu');
  return items;
}

/**
 * How the menu is offered (spec §2): a Supporter gets the Menu item (the
 * /settings/menu page, theirs alone); administrators and Decision Makers get
 * the menu drawer, someone of both roles inside a session too (the page is a
 * Supporter's only, so it would send them away with no way to log out). A
 * guest keeps the menu; only a Profile invite has no bar at all.
 */
export function menuKind(c: NavContext): 'page' | 'drawer' | null {
  if (c.guestOf === 'Profile') return null;
  if (c.myType === 'Supporter' && !c.isAdministrator) return 'page';
  return 'drawer';
}

export type MenuItem =
  | 'details'
  | 'subscription'
  | 'history'
  | 'organisations'
  | 'passkeys'
  | 'data'
  | 'help'
  | 'survey'
  | 'feedback'
  | 'platform'
  | 'logout';

/** The menu's entries, in the spec's order, with every visibility rule. */
export function menuItems(c: NavContext): MenuItem[] {
  const supporter = asSupporter(c);
  const items: MenuItem[] = ['details'];
  if (c.isAdministrator && !c.iosNative && !supporter) items.push('subscription');
  if (c.isAdministrator) items.push('history');
  // One's own organisations: not while acting for someone else (spec §2, §6).
  if ((c.organisations > 0 || c.isPlatformUser) && !c.actingForOther) items.push('organisations');
  if (c.isAdministrator && !c.actingForOther && (c.passkeysSupported || c.hasPasskeys)) {
    items.push('passkeys');
  }
  // One's own data, to copy or erase: never someone else's.
  if (!c.actingForOther) items.push('data');
  if (!supporter) items.push('help');
  items.push('survey', 'feedback');
  if (c.isPlatformUser && !c.actingForOther) items.push('platform');
  items.push('logout');
  return items;
}

/**
 * The organisations entry's label: one organisation's details, or the list of
 * several; a platform user manages them all, however many there are.
 */
export function organisationsLabel(c: NavContext): string {
  const t = navigationMessages.items;
  return c.organisations === 1 && !c.isPlatformUser ? t.organisation : t.organisations;
}

/** The survey entry's label by role. */
export function surveyLabel(c: NavContext): 'How are you?' | 'Supporter check-in' {
  return asSupporter(c) ? 'Supporter check-in' : 'How are you?';
}
