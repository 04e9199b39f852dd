import { describe, expect, test } from 'vitest';
import {
  bottomItems,
  menuItems,
  menuKind,
  type NavContext,
  organisationsLabel,
  surveyLabel,
} from './menu.ts';

const dm: NavContext = {
  myType: 'DecisionMaker',
  actingForOther: false,
  isAdministrator: true,
  guestOf: null,
  organisations: 0,
  isPlatformUser: false,
  passkeysSupported: true,
  hasPasskeys: false,
  iosNative: false,
};
const supporterAtHome: NavContext = { ...dm, myType: 'Supporter', isAdministrator: false };
const inSession: NavContext = {
  ...dm,
  myType: 'SupporterAndDecisionMaker',
  actingForOther: true,
  isAdministrator: false,
};
const adminInSession: NavContext = { ...inSession, isAdministrator: true };

describe('bottom bar', () => {
  test('a Decision Maker: Home, Library, Circle, and the menu (as a drawer)', () => {
    expect(bottomItems(dm)).toEqual(['home', 'library', 'circle', 'menu']);
    expect(menuKind(dm)).toBe('drawer');
  });
  test('a Supporter acting for themselves: no Home; Menu is the Supporter menu page', () => {
    expect(bottomItems(supporterAtHome)).toEqual(['library', 'circle', 'menu']);
    expect(menuKind(supporterAtHome)).toBe('page');
  });
  test('a Supporter in a session for someone: Home is theirs; Menu page unless Administrator', () => {
    const supporterInSession = { ...supporterAtHome, actingForOther: true };
    expect(bottomItems(supporterInSession)).toEqual(['home', 'library', 'circle', 'menu']);
    expect(menuKind(supporterInSession)).toBe('page');
    expect(menuKind({ ...supporterInSession, isAdministrator: true })).toBe('drawer');
  });
  test('someone of both roles in a session, at any level: the drawer (the Menu page is a Supporter’s only)', () => {
    expect(bottomItems(inSession)).toEqual(['home', 'library', 'circle', 'menu']);
    expect(menuKind(inSession)).toBe('drawer');
    expect(menuKind(adminInSession)).toBe('drawer');
  });
  test('guests: no bar for a Profile invite; no Circle for Preference and PreferenceCategory, the menu kept', () => {
    const guest = {
      ...dm,
      myType: 'SupporterAndDecisionMaker' as const,
      actingForOther: true,
      isAdministrator: false,
    };
    expect(bottomItems({ ...guest, guestOf: 'Profile' })).toEqual([]);
    expect(bottomItems({ ...guest, guestOf: 'Preference' })).toEqual(['home', 'library', 'menu']);
    expect(bottomItems({ ...guest, guestOf: 'PreferenceCategory' })).toEqual([
      'home',
      'library',
      'menu',
    ]);
    expect(menuKind({ ...guest, guestOf: 'Preference' })).toBe('drawer');
    // A guest's menu is their own: no one else's details, history or subscription.
    expect(menuItems({ ...guest, guestOf: 'Preference' })).toEqual([
      'details',
      'survey',
      'feedback',
      'logout',
    ]);
  });
});

describe('menu items', () => {
  test('a Decision Maker (own administrator)', () => {
    expect(menuItems(dm)).toEqual([
      'details',
      'subscription',
      'history',
      'passkeys',
      'data',
      'help',
      'survey',
      'feedback',
      'logout',
    ]);
    expect(surveyLabel(dm)).toBe('How are you?');
  });
  test('a Supporter: no help, no subscription, no history, no passkeys; the supporter survey', () => {
    expect(menuItems(supporterAtHome)).toEqual(['details', 'data', 'survey', 'feedback', 'logout']);
    expect(surveyLabel(supporterAtHome)).toBe('Supporter check-in');
  });
  test('an Administrator in a session: history, but not subscription (a Supporter) nor passkeys (supporting)', () => {
    expect(menuItems(adminInSession)).toEqual([
      'details',
      'history',
      'survey',
      'feedback',
      'logout',
    ]);
  });
  test('my data: only their own, never while acting for someone else', () => {
    expect(menuItems(dm)).toContain('data');
    expect(menuItems(supporterAtHome)).toContain('data');
    expect(menuItems(adminInSession)).not.toContain('data');
  });
  test('passkeys: only when supported by the browser or some exist', () => {
    expect(menuItems({ ...dm, passkeysSupported: false })).not.toContain('passkeys');
    expect(menuItems({ ...dm, passkeysSupported: false, hasPasskeys: true })).toContain('passkeys');
  });
  test('subscription is not offered on the iOS app', () => {
    expect(menuItems({ ...dm, iosNative: true })).not.toContain('subscription');
  });
  test('organisations: with organisations, or for a platform user; both it and the dashboard only when not acting for someone', () => {
    expect(menuItems(dm)).not.toContain('organisations');
    expect(menuItems({ ...dm, organisations: 1 })).toContain('organisations');
    expect(menuItems({ ...supporterAtHome, organisations: 2 })).toContain('organisations');
    expect(menuItems({ ...dm, isPlatformUser: true })).toEqual(
      expect.arrayContaining(['organisations', 'platform']),
    );
    for (const acting of [inSession, adminInSession]) {
      expect(menuItems({ ...acting, organisations: 1 })).not.toContain('organisations');
      expect(menuItems({ ...acting, isPlatformUser: true })).not.toContain('organisations');
      expect(menuItems({ ...acting, isPlatformUser: true })).not.toContain('platform');
    }
  });
  test('the organisations label: one organisation’s details, else the list to manage', () => {
    expect(organisationsLabel({ ...dm, organisations: 1 })).toBe('Organisation details');
    expect(organisationsLabel({ ...dm, organisations: 2 })).toBe('Manage organisations');
    expect(organisationsLabel({ ...dm, organisations: 0, isPlatformUser: true })).toBe(
      'Manage organisations',
    );
    // A platform user manages every organisation, even when there is one.
    expect(organisationsLabel({ ...dm, organisations: 1, isPlatformUser: true })).toBe(
      'Manage organisations',
    );
  });
});
