/** Interface text of the home page: imported where used (web/messages.ts). */
export const homeMessages = {
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
  noChanges: 'Nobody else has made a change yet.',
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
} as const;
