/** Interface text of the navigation (bottom bar, menu, error pages): imported where used (web/messages.ts). */
export const navigationMessages = {
  menuTitle: 'Menu',
  openMenu: 'Menu',
  closeMenu: 'Close menu',
  items: {
    details: 'Personal details',
    subscription: 'Manage subscription',
    history: 'My app history',
    organisations: 'Manage organisations',
    /** The organisations entry for a person in exactly one (web/navigation/menu.ts organisationsLabel). */
    organisation: 'Organisation details',
    passkeys: 'Manage passkeys',
    data: 'My data',
    help: 'Get help',
    feedback: 'Give feedback',
    platform: 'Platform Dashboard',
    logout: 'Logout',
  },
  supporterMenuTitle: 'Menu',
  newTab: '(opens in a new tab)',
  pageError: 'Sorry, something went wrong.',
  pageErrorHelp: 'Try again, or go back to your home page. If it keeps happening, please tell us.',
  tryAgain: 'Try again',
  appError: 'Failed to display application, please report to support',
  reload: 'Reload the page',
} as const;
