/** Interface text of invites: sending one, and opening, joining and answering one: imported where used (web/messages.ts). */
export const inviteMessages = {
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
    'Invite someone you trust into your Circle of Support. As a Supporter they can help with your preferences inside a support session. They get the access you choose.',
  createIntroFor: (name: string) =>
    `Invite someone to be in ${name}’s Circle of Support. As a Supporter they can help inside a support session, with the access you choose.`,
  levelLegend: 'What may they see and change?',
  levels: {
    General: 'General',
    Restricted: 'Restricted',
    Administrator: 'Administrator',
  },
  levelHelp: {
    General: 'Sees and edits the preferences marked General.',
    Restricted: 'Sees and edits all preferences, even those marked Restricted.',
    Administrator:
      'Can see and change all of it, and look after settings, supporters, the plan and passkeys.',
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
  preferenceFor: (person: string, title: string) =>
    `to look at the preference “${title}” that ${person} keeps.`,
  categoryFor: (person: string, title: string) => `to look at what ${person} keeps in “${title}”.`,
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
    'You help the people who invited you inside a support session. Start one from your Circle of Support. You see only what they chose to share with you, and only while the session is open.',
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
} as const;
