/** Interface text of the Circle of Support pages (supporters, supporting, support sessions' people): imported where used (web/messages.ts). */
export const circleMessages = {
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
    `${name} can no longer support this person or see anything they shared. Any support session they have open ends now.`,
  remove: 'Remove',
  removing: 'Removing',
  cancel: 'Cancel',
  backToCircle: 'Back to the Circle of Support',
  // /supporters/{id}/edit
  editTitle: (name: string) => `Access level for ${name}`,
  accessLevel: 'Access level',
  levelHelp: {
    General: 'In a support session, they can see and change the things you marked General.',
    Restricted:
      'In a support session, they can also see and change the things you marked Restricted (private).',
    Administrator:
      'In a support session, they can see and change all of it. They can also take care of your settings, supporters, history and passkeys, and the plan you pay for.',
  },
  save: 'Save',
  saving: 'Saving',
  saved: 'Saved',
  cannotEdit:
    'Only the person, or their Administrator in a support session, can change access levels. Nobody can change their own.',
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
  removeConnectionTitle: (name: string) => `Remove your link with ${name}?`,
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
} as const;
