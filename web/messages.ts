/**
 * The sentences the interface shows (default locale `en`): here, those of
 * the pages anyone may open, the sign-in page among them; each area's own in
 * web/messages/*.ts, imported where they are used, so that a page loads the
 * words of its own area and not every screen's. Texts that spec §8 names are
 * copied exactly; tests assert them.
 */
export const messages = {
  appName: 'Preference Bank',
  tagline:
    'Keep your likes, dislikes and the way you want to be supported, and share them with your Circle of Support.',
  /** Page titles (web/navigation/page-title.ts): the page's part of the document title. */
  titles: {
    signIn: 'Sign in',
    profiles: 'One-page profiles',
    profile: 'One-page profile',
    sharedProfile: 'One-page profile',
    devMailbox: 'Development mailbox',
    inviteWelcomeDecisionMaker: 'Welcome',
    inviteWelcome: 'Welcome to the Circle of Support',
    invite: 'Your invite',
    inviteJoin: 'Join with your invite',
    landing: 'Welcome',
    checkEmail: 'Check your e-mail',
    waitingForLink: 'Waiting for your sign-in link',
    signInLink: 'Your sign-in link',
    signOut: 'Signing out',
    onboarding: 'Getting started',
    home: 'Home',
    editPreference: 'Edit preference',
    preference: 'Preference',
    libraryOf: (name: string) => `${name}’s library`,
    editOf: (title: string) => `Edit ${title}`,
    editNote: 'Edit note',
    note: 'Note',
    createNote: 'New note',
    media: 'Pictures, sounds and videos',
    mediaItem: 'Picture, sound or video',
    addMedia: 'Add media',
    editMedia: 'Change the description',
    editCategory: 'Edit category',
    category: 'Category',
    createCategory: 'New category',
    categories: 'Categories',
    createPreference: 'New preference',
    filteredPreferences: 'Filtered preferences',
    library: 'Library',
    libraryOverview: 'Library overview',
    settings: 'Settings',
    passkeys: 'Passkeys',
    myData: 'My data',
    deleteAccount: 'Delete my account',
    editSupporter: 'Change access level',
    editSupporterOf: (name: string) => `Change ${name}’s access level`,
    supporter: 'Supporter',
    finishSession: 'Finish support session',
    circle: 'Circle of Support',
    inviteSomeone: 'Invite someone',
    startSession: 'Start support session',
    supported: 'Person you support',
    createProfile: 'Create a profile',
    supporting: 'People you support',
    register: 'Register',
    registered: 'Registered',
    // Titles of pages whose words are in web/messages/*.ts: a title is in
    // every page's load (each route's head is), the rest of their words not.
    details: 'Personal details',
    editDetails: 'Change personal details',
    recordSound: 'Record a sound',
    organisations: 'Organisations',
    organisation: 'Organisation',
    appHistory: 'My app history',
    subscription: 'Subscription',
    survey: {
      /** /survey/{personId}/{type}, which only redirects. */
      redirect: 'Check-in',
      DecisionMaker: 'How are you?',
      Supporter: 'Supporter check-in',
      SupporterAndDecisionMaker: 'Your check-in',
    },
  },
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
    askNew: 'Ask for a new link',
    // The asking tab's code (ADR 012).
    codeTitle: 'Your sign-in code',
    codeHelp:
      'If you open the link on another device, it will ask for this code. Never tell this code to anyone.',
    // Opening the link on a browser that did not ask for it.
    confirmTitle: 'Did you ask to sign in?',
    confirmAsked: (when: string, browser: string | null) =>
      browser
        ? `Someone asked to sign in to your account on ${when}, using ${browser}.`
        : `Someone asked to sign in to your account on ${when}.`,
    confirmHelp:
      'If that was you, enter the code shown on that screen. If it was not you, choose "I did not ask for this" and nobody will be signed in.',
    codeLabel: 'Enter the code shown on the screen where you asked to sign in',
    codeHint: 'It has 6 numbers.',
    confirmSubmit: 'Sign in on that device',
    notMe: 'I did not ask for this',
    notMeDone:
      'Thank you. Nobody has been signed in, and this link no longer works. You can ignore the e-mail.',
  },
  /** Circle of Support pages (supporters, supporting). */
  /** Invites. */
  /** Support sessions. */
  onboarding: {
    title: 'Welcome to Preference Bank',
    intro:
      'Here you keep your likes, dislikes and the way you want to be supported, and share them with the people you trust.',
    finish: 'Go to my preference library',
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
  /** Read-aloud: the browser's speech synthesis. */
  /** One-page profiles. */
  preferences: {
    heading: 'Library',
    listTitle: 'Preferences',
    loading: 'Loading preferences',
    empty: 'Nothing is here yet.',
    createFirst: 'Create your first preference',
    edit: 'Edit',
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
    // The browser waited out its prompt and refused (no authenticator came).
    createTimedOut:
      'No passkey was created: the browser stopped waiting. This browser or device may have no way to keep a passkey. Please try again, or add a passkey from another device such as your phone. Or keep signing in with your email.',
    signInTimedOut:
      'No passkey was used: the browser stopped waiting. This device may have no passkey for this site. Please try again, or sign in with your email.',
    notFound:
      'We could not find this passkey. It may have been deleted: please delete it from your device as well, and sign in with your email.',
    entityMismatch:
      'This passkey does not match your account. Please try again or use your email to sign in.',
    counter: 'This passkey could not be trusted. Please try again or use your email to sign in.',
    previouslyRegistered: 'This device already has a passkey for your account.',
    cookiesBlocked:
      'Signing in with a passkey needs cookies. Please allow cookies for this site, or use your email.',
    // The browser refuses passkeys for this address (@simplewebauthn's error names).
    invalidDomain:
      'Passkeys work only when this site is opened at its own web address, over a safe link. Please use your email instead.',
    invalidRpId:
      'Passkeys are not set up for this web address, so they cannot be used here. Please use your email, and let the people who run this site know.',
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
    notAdministrator: 'Only an Administrator of this person can manage their passkeys.',
    loadFailed: 'Sorry, something went wrong loading the passkeys.',
  },
  common: {
    cancel: 'Cancel',
  },
} as const;

export { DATE_LOCALE } from '../sync/labels.ts';
