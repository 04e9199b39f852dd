import { profilePurposeLabels } from '../sync/labels.ts';
import { accountMessages } from './messages/account.ts';
import { audioMessages } from './messages/audio.ts';
import { categoryMessages } from './messages/category.ts';
import { handoverMessages } from './messages/handover.ts';
import { historyFeedMessages } from './messages/history.ts';
import { libraryMessages } from './messages/library.ts';
import { markdownMessages } from './messages/markdown.ts';
import { mediaMessages } from './messages/media.ts';
import { myDataText } from './messages/my-data.ts';
import { navigationMessages } from './messages/navigation.ts';
import { noteMessages } from './messages/note.ts';
import { offlineMessages } from './messages/offline.ts';
import { organisationMessages } from './messages/organisation.ts';
import { photoSearchMessages } from './messages/photo-search.ts';
import { preferenceMessages } from './messages/preference.ts';
import { preferenceFormMessages } from './messages/preference-form.ts';
import { subscriptionPageMessages } from './messages/subscription.ts';
import { surveyMessages } from './messages/survey.ts';

/**
 * Every sentence the interface shows, in one place (default locale `en`).
 * Texts that spec §8 names are copied exactly; tests assert them.
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
  circle: {
    // Tabs of the Circle of Support.
    tabsLabel: 'Circle of Support',
    supportersTab: 'My supporters',
    supportingTab: 'People I support',
    // /supporters
    myCircleTitle: 'My Circle of Support',
    circleTitle: (name: string) => `${name}’s Circle of Support`,
    supportersLabel: 'Supporters',
    loading: 'Loading the Circle of Support',
    empty: 'Nobody is in this Circle of Support yet. Invite someone you trust.',
    invite: 'Invite someone',
    level: { General: 'General', Restricted: 'Restricted', Administrator: 'Administrator' },
    levelOf: (level: string) => `Access: ${level}`,
    // Spec §8 upgrade prompts, copied exactly.
    full: 'Your Circle of Support is full!',
    oneLeft: 'You only have one spot left',
    upgrade: 'Upgrade',
    upgradeAlert: 'To upgrade your plan, please contact your provider.',
    // /supporters/{id}
    notFound: 'We could not find that connection.',
    since: (date: string) => `In the Circle since ${date}`,
    supportingSince: (date: string) => `Supporting since ${date}`,
    edit: 'Edit',
    removeFromMyCircle: 'Remove from my Circle',
    removeFromCircle: 'Remove from the Circle',
    removeTitle: (name: string) => `Remove ${name} from the Circle of Support?`,
    removeBody: (name: string) =>
      `${name} will no longer be able to support you or see anything you shared. Any support session they have open ends now. To add them again you will need to send a new invite.`,
    removeBodyAdmin: (name: string) =>
      `${name} will no longer be able to support this person or see anything they shared. Any support session they have open ends now.`,
    remove: 'Remove',
    removing: 'Removing',
    cancel: 'Cancel',
    backToCircle: 'Back to the Circle of Support',
    // /supporters/{id}/edit
    editTitle: (name: string) => `Access level for ${name}`,
    accessLevel: 'Access level',
    levelHelp: {
      General: 'Sees and edits your general preferences and categories, inside a support session.',
      Restricted:
        'Also sees and edits your restricted (private) preferences and categories, inside a support session.',
      Administrator:
        'Sees and edits everything, and manages your settings, supporters, subscription, history and passkeys, inside a support session.',
    },
    save: 'Save',
    saving: 'Saving',
    saved: 'Saved',
    cannotEdit:
      'Only the person themselves or their Administrator in a support session can change access levels, and nobody can change their own.',
    // When access ends (time-limited access)
    ending: 'When access ends',
    endNever: 'When they are removed from the Circle',
    endAt: 'At a set date and time',
    endAtHelp:
      'For relief staff or a hospital stay. Their access ends by itself then, on every screen at once, and it is written to history. You can change or remove the time until then.',
    endsAtLabel: 'Date and time access ends',
    endRequired: 'Choose the date and time access ends.',
    endsOn: (when: string) => `Access ends on ${when}`,
    endsTag: (when: string) => `Until ${when}`,
    yourAccessEnds: (when: string) => `Your access ends on ${when}`,
    // /supporting
    supportingEmpty:
      'You do not support anyone yet. A Decision Maker can invite you to their Circle of Support.',
    supportingLoading: 'Loading the people you support',
    supportingLabel: 'People I support',
    createProfile: 'Create a profile for someone',
    // /supporting/{id}
    yourLevel: (level: string) => `Your access: ${level}`,
    startSession: 'Start a support session',
    removeConnection: 'Remove this connection',
    removeConnectionTitle: (name: string) => `Remove your connection with ${name}?`,
    removeConnectionBody: (name: string) =>
      `You will no longer be able to support ${name} or see anything they shared. Any support session you have open with them ends now. ${name} would need to invite you again.`,
    allPeople: 'All the people I support',
    // /supporting/create
    createTitle: 'Create a profile for someone',
    warningTitle: 'Before you create a profile',
    warningAlreadyHas:
      'Does this person already have a profile? If they do, ask them to invite you into their Circle of Support instead.',
    warningOwn:
      'Could they create their own profile, with your support? A profile of their own keeps them in charge of what they share and with whom.',
    warningLastResort:
      'Create a profile on someone’s behalf only as a last resort. You will be its Administrator.',
    continue: 'Continue',
    firstName: 'First name',
    lastName: 'Last name',
    knownAs: 'Known as (optional)',
    knownAsHelp: 'The name they like to be called. Leave it empty to use their first name.',
    create: 'Create profile',
    creating: 'Creating the profile',
    onlySupporters: 'Only a Supporter can create a profile for someone else.',
  },
  /** Invites. */
  invite: {
    // Spec §8 texts, copied exactly (the server sends the same words).
    selfSupport: 'You cannot be set as your own supporter',
    mergeAccounts: 'We are not yet able to combine accounts.',
    selfSupportHelp:
      'This invite came from you. Send the link to the person you would like to support you.',
    mergeAccountsHelp:
      'This invite was sent to the e-mail address of another account. Sign in with that account to accept it.',
    ok: 'OK',
    // /people/{personId}/supporters/invite
    createTitle: 'Invite someone',
    createIntro:
      'Invite someone you trust into your Circle of Support. As a Supporter they can help with your preferences inside a support session, with the access you choose.',
    createIntroFor: (name: string) =>
      `Invite someone into ${name}’s Circle of Support. As a Supporter they can help inside a support session, with the access you choose.`,
    levelLegend: 'What may they see and change?',
    levels: {
      General: 'General',
      Restricted: 'Restricted',
      Administrator: 'Administrator',
    },
    levelHelp: {
      General: 'Sees and edits the preferences marked General.',
      Restricted: 'Sees and edits all preferences, including those marked Restricted.',
      Administrator:
        'Sees and edits everything, and can manage settings, supporters, the subscription and passkeys.',
    },
    lasts: 'The invite lasts',
    days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
    byEmailTitle: 'Send the invite by e-mail',
    email: 'Email',
    send: 'Send invite',
    sending: 'Sending the invite',
    sent: (email: string, date: string) => `Invite sent to ${email}. It expires on ${date}.`,
    byLinkTitle: 'Or share a link',
    byLinkHelp:
      'Create a link to send in a message, or let them scan the QR code with their phone camera.',
    createLink: 'Create a link',
    creatingLink: 'Creating a link',
    linkTitle: 'Your invite link',
    linkLabel: 'Invite link',
    linkOnce:
      'The link works once. Copy it now: for your safety it is not shown again after you leave this page.',
    copy: 'Copy link',
    copied: 'Link copied',
    copyFailed: 'Could not copy. Select the link and copy it yourself.',
    qrAlt: 'QR code for the invite link',
    qrFailed: 'The QR code could not be made. Share the link instead.',
    expiresOn: (date: string) => `Expires on ${date}.`,
    another: 'Invite someone else',
    openTitle: 'Invites waiting for an answer',
    openLoading: 'Loading the invites',
    openEmpty: 'No invites are waiting for an answer.',
    openItem: (level: string, to: string, date: string) =>
      `Supporter, ${level} access, ${to}. Expires on ${date}.`,
    openItemOther: (kind: string, to: string, date: string) =>
      `${kind} invite, ${to}. Expires on ${date}.`,
    sentTo: (email: string) => `sent to ${email}`,
    asLink: 'shared as a link',
    withdraw: 'Withdraw',
    withdrawLabel: (what: string) => `Withdraw the invite ${what}`,
    withdrawTitle: 'Withdraw this invite?',
    withdrawBody: 'The invite link will stop working. You can send a new invite at any time.',
    withdrawConfirm: 'Withdraw invite',
    withdrawing: 'Withdrawing',
    withdrawn: 'Invite withdrawn',
    cancel: 'Cancel',
    backToCircle: 'Back to the Circle of Support',
    // /invite/{id}/{token}
    viewTitle: 'You have an invite',
    loading: 'Loading the invite',
    by: (inviter: string, person: string) =>
      inviter === person
        ? `${inviter} invites you`
        : `${inviter}, on behalf of ${person}, invites you`,
    supporterFor: (person: string, level: string) =>
      `to join ${person}’s Circle of Support as a Supporter with ${level} access.`,
    profileFor: (person: string) => `to view ${person}’s profile.`,
    preferenceFor: (person: string, title: string) => `to view ${person}’s preference “${title}”.`,
    categoryFor: (person: string, title: string) =>
      `to view ${person}’s preferences in “${title}”.`,
    personFor: 'to join Preference Bank and look after your own preferences.',
    userFor: 'to join Preference Bank.',
    supporterHelp:
      'A Supporter helps inside a support session, which you start from your Circle of Support.',
    guestHelp: 'You can look, but not change anything.',
    expires: (date: string) => `This invite expires on ${date}.`,
    /** A Supporter invite whose access ends by itself. */
    accessEnds: (when: string) => `The access it gives ends by itself on ${when}.`,
    accept: 'Accept Connection',
    viewProfile: 'View Profile',
    acceptOther: 'Accept invite',
    accepting: 'Accepting',
    decline: 'Decline',
    declining: 'Declining',
    declined: 'You declined the invite. Nothing was shared and nobody was connected.',
    signedInAs: (name: string) => `You are signed in as ${name}.`,
    notYou: 'Not you? Sign out',
    signInToAccept: 'To accept, you will sign in or create an account first.',
    home: 'Go to Preference Bank',
    // /invite/{id}/{token}/join
    joinTitle: 'Accept your invite',
    joinIntro:
      'To accept, sign in to Preference Bank, or create an account if you are new. You will come back to this invite afterwards.',
    newHere: "I'm new here",
    haveAccount: 'I have an account',
    backToInvite: 'Back to the invite',
    // /invite-onboarding/{personId}
    onboardingTitle: (name: string) => (name ? `Welcome, ${name}` : 'Welcome'),
    stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
    next: 'Next',
    back: 'Back',
    welcomeBody:
      'You joined Preference Bank through an invite. Here people keep their likes, dislikes and the way they want to be supported, and share them with people they trust.',
    supportTitle: 'How supporting works',
    supportBody:
      'You help the people who invited you inside a support session. Start one from your Circle of Support; you see only what they chose to share with you, and only while the session is open.',
    dmTitle: 'Your own library',
    dmBody:
      'You can keep your own preferences too: your likes, dislikes and how you want to be supported. You decide what to share and with whom.',
    circleTitle: 'Your Circle of Support',
    circleBody:
      'Invite people you trust into your Circle of Support. Each of them gets the access you choose.',
    connectionTitle: 'Your connection',
    connectionsLoading: 'Loading your connection',
    connectionNone: 'Your connection will appear here once an invite is accepted.',
    connectedSupporter: (name: string, level: string) =>
      `You are now a Supporter of ${name}, with ${level} access.`,
    connectedGuest: (name: string) => `${name} shared their profile with you, to view.`,
    connectedPreference: (name: string, title: string) =>
      `${name} shared their preference “${title}” with you, to view.`,
    connectedCategory: (name: string, title: string) =>
      `${name} shared their preferences in “${title}” with you, to view.`,
    connectedOther: (name: string) => `You accepted ${name}’s invite.`,
    finishSupporting: 'Go to the people I support',
    finishLibrary: 'Go to my preference library',
    finishing: 'Getting things ready',
  },
  /** Support sessions. */
  support: {
    starting: (name: string) => `Starting your support session with ${name}`,
    startingSomeone: 'Starting your support session',
    banner: (name: string) => `You are supporting ${name}`,
    finish: 'Finish session',
    finishing: 'Finishing your support session',
    ended: 'Your support session has ended.',
    stillThere: 'Are you still there?',
    endingSoon: (name: string, minutes: number) =>
      `Nothing has happened for a while, so your support session with ${name} will end in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}. Do you want to keep going?`,
    keepGoing: 'Keep going',
    backToSupporting: 'Back to the people I support',
    /** In one's own area while a session goes on in this tab. */
    stillOpen: (name: string) => `Your support session with ${name || 'someone'} is still open.`,
    backTo: (name: string) => (name ? `Back to ${name}` : 'Back to the session'),
  },
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
  /** Read-aloud: the browser's speech synthesis. */
  readAloud: {
    read: 'Read aloud',
    readNamed: (what: string) => `Read aloud: ${what}`,
    stop: 'Stop reading',
  },
  /** One-page profiles. */
  profile: {
    listTitle: 'One-page profiles',
    intro:
      'A one-page profile puts the preferences that matter for a hospital stay, respite care or a new support worker on one easy-read page. It always shows the library as it is now. You can print it, or share it by a link that ends when you say.',
    none: 'There are no one-page profiles yet.',
    loading: 'Loading the one-page profiles',
    items: (n: number) => (n === 1 ? '1 preference' : `${n} preferences`),
    makeTitle: 'Make a one-page profile',
    purpose: 'What is it for?',
    purposes: profilePurposeLabels,
    make: 'Make the page',
    making: 'Making the page',
    notFound: 'We could not find that one-page profile.',
    notManager:
      'Only the person themselves or their Administrator in a support session can make one-page profiles.',
    editTitle: 'Page title',
    choose: 'Preferences on this page',
    chooseHelp: 'Tick what matters for this page, and choose where each one goes.',
    partOf: (title: string) => `Where “${title}” goes`,
    restrictedTag: 'Restricted',
    includeRestricted: 'Show the restricted preferences I ticked',
    includeRestrictedHelp:
      'Restricted preferences are private. If you show them, anyone with a link to this page can read them.',
    restrictedWarning:
      'This page shows restricted (private) preferences to anyone who has its link or a printed copy.',
    restrictedLeftOut: (n: number) =>
      n === 1
        ? '1 restricted preference you ticked is not shown.'
        : `${n} restricted preferences you ticked are not shown.`,
    save: 'Save the page',
    saving: 'Saving',
    saved: 'Saved',
    preview: 'The page as it looks now',
    print: 'Print',
    downloadPdf: 'Download as PDF',
    sections: {
      Love: 'What I love',
      Dislike: 'What I dislike',
      Support: 'How to support me',
    },
    emptySection: 'Nothing here yet.',
    pageOf: (name: string) => `${name}’s one-page profile`,
    photoOf: (name: string) => `Photo of ${name}`,
    shareTitle: 'Share this page',
    shareHelp:
      'Anyone with the link can read this page, without signing in, until the link ends or you stop sharing it.',
    days: 'The link works for',
    dayOptions: { 1: '1 day', 7: '1 week', 30: '30 days', 90: '90 days' } as Record<number, string>,
    createLink: 'Create a link',
    creatingLink: 'Creating the link',
    linkLabel: 'Link to this page',
    linkOnce: 'Copy it now: for safety, the full link is shown only once.',
    copy: 'Copy the link',
    copied: 'Link copied',
    copyFailed: 'Could not copy: the link is selected, copy it yourself.',
    qrAlt: 'QR code of the link to this page',
    links: 'Links to this page',
    noLinks: 'This page is not shared by any link.',
    linkActive: (made: string, until: string) => `Made ${made}, works until ${until}`,
    linkRevoked: (made: string) => `Made ${made}, no longer shared`,
    linkExpired: (made: string) => `Made ${made}, ended`,
    stopSharing: 'Stop sharing',
    stopSharingNamed: (made: string) => `Stop sharing the link made ${made}`,
    stopSharingTitle: 'Stop sharing this link?',
    stopSharingBody:
      'Whoever has the link, or has the page open, can no longer read it. This cannot be undone; you can make a new link at any time.',
    stoppingSharing: 'Stopping',
    stoppedSharing: (made: string) => `The link made ${made} is no longer shared.`,
    deletePage: 'Delete this page',
    deleteTitle: 'Delete this one-page profile?',
    deleteBody:
      'The page and every link to it stop working now. Your preferences stay in your library.',
    delete: 'Delete',
    deleting: 'Deleting',
    noLongerShared: 'This page is no longer shared',
    noLongerSharedHelp:
      'The person who shared it has stopped sharing it, or the link has expired. Ask them, or whoever sent you the link, for a new one.',
    loadingShared: 'Loading the page',
    homeTitle: 'One-page profile',
    homeText: 'One easy-read page for a hospital stay, respite care or a new support worker.',
    homeLink: 'One-page profiles',
  },
  home: {
    greeting: (name: string) => `Kia ora, ${name}`,
    openLibrary: 'Open my preference library',
    openTheirLibrary: (name: string) => `Open ${name}’s library`,
    yourLibrary: 'Your library',
    libraryOf: (name: string) => `${name}’s library`,
    loading: 'Loading…',
    preferenceCount: (n: number) =>
      n === 0 ? 'Nothing here yet.' : n === 1 ? '1 preference' : `${n} preferences`,
    add: 'Add a preference',
    reviewTitle: 'Time to look again',
    due: (n: number) =>
      n === 1 ? '1 preference is due for a review.' : `${n} preferences are due for a review.`,
    reviewThem: 'See what is due',
    recentTitle: 'Changed lately',
    circleTitle: 'Your Circle of Support',
    supporters: (n: number) =>
      n === 0 ? 'Nobody yet.' : n === 1 ? '1 supporter' : `${n} supporters`,
    openCircle: 'Open my Circle of Support',
    supportingYou: 'Supporting you now',
    supportingSince: (name: string, time: string) => `${name}, since ${time}`,
    endSessionHint: 'They can see and change what you shared with them until the session ends.',
    changesTitle: 'What changed',
    changesTitleOf: (name: string) => `What changed in ${name}’s library`,
    noChanges: 'Nobody else has changed anything yet.',
    newSince: 'New since your last visit',
    circleSinceTitle: 'Changes to your Circle of Support since your last visit',
    reviewCircle: 'Review my Circle of Support',
    circleSinceHint:
      'Who joined or left, whose access changed, and who is your Administrator. If something here is not what you wanted, open your Circle of Support.',
    seeHistory: 'See all history',
    photoOf: (name: string) => `Photo of ${name}`,
    dueTitle: 'Due for a review',
    moreDue: (n: number) => (n === 1 ? 'and 1 more' : `and ${n} more`),
    photoTo: 'Add a photo to',
    addPhoto: 'Add a photo',
  },
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
  presence: {
    heading: 'Also here now',
    looking: 'looking',
    fields: {
      title: 'in the title',
      description: 'typing in the description',
      feeling: 'choosing a feeling',
      feelingOther: 'describing the feeling',
      categories: 'choosing categories',
      access: 'choosing who can see it',
      reviewSchedule: 'in the review and picture',
      picture: 'choosing a picture',
    },
    joined: (name: string) => `${name} opened this preference.`,
    left: (name: string) => `${name} left this preference.`,
    here: (name: string, where: string) => `${name}, ${where}`,
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
      'No passkey was created: the browser stopped waiting. This browser or device may have no way to keep a passkey. Please try again, add a passkey from another device such as your phone, or keep signing in with your email.',
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
      'Passkeys work only when this site is opened at its own web address over a secure connection. Please use your email instead.',
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
    notAdministrator: 'Only an administrator of this person can manage their passkeys.',
    loadFailed: 'Sorry, something went wrong loading the passkeys.',
  },
  common: {
    cancel: 'Cancel',
  },
  // Sections kept in files of their own (web/messages/*.ts), one per area.
  account: accountMessages,
  library: libraryMessages,
  preference: preferenceMessages,
  preferenceForm: preferenceFormMessages,
  category: categoryMessages,
  media: mediaMessages,
  photoSearch: photoSearchMessages,
  audio: audioMessages,
  note: noteMessages,
  navigation: navigationMessages,
  historyFeed: historyFeedMessages,
  markdown: markdownMessages,
  offline: offlineMessages,
  survey: surveyMessages,
  organisation: organisationMessages,
  subscription: subscriptionPageMessages,
  myData: myDataText,
  handover: handoverMessages,
} as const;

export { DATE_LOCALE } from '../sync/labels.ts';
