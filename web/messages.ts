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
    intro: 'Enter your e-mail address and we will send you a link to sign in. No password needed.',
    email: 'Email',
    submit: 'Send me a sign-in link',
    or: 'or',
    newHere: 'New here?',
    registerLink: 'Create an account',
    unknownEmail: (email: string) => `We don't have an account for ${email}`,
    unknownEmailHelp: 'Check the spelling, or create an account with this address.',
    register: 'Register',
    tryAgain: 'Try a different e-mail',
    invalidEmail: 'Please enter a valid email address.',
    challengeFailed: 'Could not create authentication challenge',
    sending: 'Sending your sign-in link',
    checkTitle: 'Check your email',
    checkBody: (email: string) =>
      `We sent a sign-in link to ${email}. Open it on this or any other device: this page will sign you in as soon as you do.`,
    checkExpiry: 'The link works once and expires after 15 minutes.',
    waiting: 'Waiting for you to open the link',
    signedIn: 'Signed in. Taking you to your page.',
    sendAgain: 'Send a new link',
    backToSignIn: 'Back to sign in',
    linkTitle: 'Signing you in',
    linkChecking: 'Checking your sign-in link',
    linkDone: 'You are signed in on the device where you asked for this link.',
    linkDoneHelp: 'You can close this page, or continue here.',
    continue: 'Continue to Preference Bank',
  },
  register: {
    title: 'Create an account',
    intro: 'Tell us who you are. You can change these details later.',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone (optional)',
    phoneHelp: 'Digits, spaces, hyphens, plus signs and parentheses.',
    terms: 'I accept the terms of service',
    submit: 'Register',
    submitting: 'Registering',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
    thanksTitle: 'Thank you for registering',
    thanksBody: 'Your account is ready. Sign in with your e-mail address.',
  },
  supporting: {
    title: 'People I support',
    loading: 'Loading the people you support',
    empty:
      'You do not support anyone yet. A Decision Maker can invite you to their Circle of Support.',
    level: { General: 'General', Restricted: 'Restricted', Administrator: 'Administrator' },
  },
  /** Circle of Support pages (supporters, supporting). */
  circle: {},
  /** Invites. */
  invite: {},
  /** Support sessions. */
  support: {},
  onboarding: {
    title: 'Welcome to Preference Bank',
    intro:
      'Here you keep your likes, dislikes and the way you want to be supported, and share them with the people you trust.',
    finish: 'Go to my preference library',
  },
  devMailbox: {
    title: 'Development mailbox',
    intro: 'Mail the app would have sent. Only in development, when no SMTP server is set.',
    filter: 'Show mail to',
    empty: 'No mail yet.',
    unavailable: 'The development mailbox is not available here.',
    sentAt: 'Sent',
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
    signingOut: 'Signing you out',
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
  passkeys: {
    // Spec §8 texts, copied exactly.
    signInFailed: 'Something went wrong signing in with your passkey.',
    signInThrown: 'Failed to sign in with passkey',
    createFailed:
      'Something went wrong creating your passkey. Please try again or continue using your email.',
    unsupported: 'WebAuthn is not supported in this browser',
    notFound:
      'We could not find this passkey. It may have been deleted: please delete it from your device as well, and sign in with your email.',
    entityMismatch:
      'This passkey does not match your account. Please try again or use your email to sign in.',
    counter: 'This passkey could not be trusted. Please try again or use your email to sign in.',
    previouslyRegistered: 'This device already has a passkey for your account.',
    cookiesBlocked:
      'Signing in with a passkey needs cookies. Please allow cookies for this site, or use your email.',
    // Sign-in page.
    signIn: 'Sign in with a passkey',
    signingIn: 'Signing in',
    // Offer after an e-mail sign-in.
    offerTitle: 'Sign in faster next time with a passkey',
    offerBody:
      'A passkey lets you sign in with your fingerprint, face or screen lock instead of an e-mail link.',
    offerCreate: 'Create a passkey',
    offerDismiss: 'Not now',
    creating: 'Creating a passkey',
    created: 'Passkey created',
    // Settings: passkey management.
    manage: 'Manage passkeys',
    title: 'Passkeys',
    intro:
      'Passkeys let you sign in with your fingerprint, face or screen lock instead of an e-mail link.',
    loading: 'Loading passkeys',
    empty: 'You have no passkeys yet.',
    listLabel: 'Your passkeys',
    add: 'Add a passkey',
    added: 'Passkey added',
    createdOn: (date: string) => `Created ${date}`,
    lastUsed: (date: string) => `Last used ${date}`,
    neverUsed: 'Not used yet',
    synced: 'Synced across your devices',
    thisDeviceOnly: 'Kept on one device',
    passkeyName: (n: number) => `Passkey ${n}`,
    delete: 'Delete',
    deleteLabel: (name: string) => `Delete ${name}`,
    deleting: 'Deleting',
    deleted: 'Passkey deleted',
    confirmTitle: 'Delete this passkey?',
    confirmBody:
      'You will no longer be able to sign in with it. Please also delete it from your device.',
    confirmDelete: 'Delete passkey',
    cancel: 'Cancel',
    deleteFailed: 'Sorry, something went wrong deleting the passkey.',
    notAdministrator: 'Only an administrator of this person can manage their passkeys.',
    loadFailed: 'Sorry, something went wrong loading the passkeys.',
  },
} as const;

export const DATE_LOCALE = 'en-NZ';
