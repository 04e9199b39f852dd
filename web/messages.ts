/**
 * Every sentence the interface shows, in one place (default locale `en`).
 * Texts that spec §8 names are copied exactly; tests assert them.
 */
export const messages = {
  appName: 'Preference Bank',
  tagline:
    'Keep your likes, dislikes and the way you want to be supported, and share them with your Circle of Support.',
  errors: {
    generic: 'Sorry, something went wrong.',
    render: 'Failed to display application, please report to support',
    loggedOut: 'You must be logged in to view this page',
    expectedPerson: 'Expected person',
    notFound: 'We could not find that page.',
  },
  login: {
    title: 'Sign in',
    email: 'Email',
    submit: 'Sign in',
    devNotice:
      'Development sign-in: enter the e-mail of a demo user. The e-mail magic link replaces this.',
    unknownEmail: (email: string) => `We don't have an account for ${email}`,
    invalidEmail: 'Please enter a valid email address.',
  },
  landing: {
    title: 'Coming soon',
    signIn: 'Sign in',
  },
  nav: {
    home: 'Home',
    library: 'Library',
    circle: 'Circle',
    menu: 'Menu',
    logout: 'Logout',
    skipToContent: 'Skip to content',
  },
  home: {
    greeting: (name: string) => `Kia ora, ${name}`,
    openLibrary: 'Open my preference library',
  },
  preferences: {
    listTitle: 'Preferences',
    loading: 'Loading preferences',
    empty: 'Nothing is here yet.',
    createFirst: 'Create your first preference',
    edit: 'Edit',
    back: 'Back to preferences',
    title: 'Title',
    save: 'Save changes',
    saving: 'Saving',
    saved: 'Saved',
    cancel: 'Cancel',
    titleRequired: 'Please enter a title.',
    notFound: 'We could not find that preference.',
    access: { General: 'General', Restricted: 'Restricted' },
  },
} as const;

export const DATE_LOCALE = 'en-NZ';
