import type { Access } from '../../schema/enums.ts';
import { feelingLabels, scheduleLabels } from './labels.ts';

/**
 * Interface text of the preference create wizard and the edit screens (spec §2
 * /preferences/create, /preferences/{id}/edit; §4 "Preference creation"). Part
 * imported where used (web/messages.ts).
 */
export const preferenceFormMessages = {
  // Intro page: /preferences/create
  createTitle: 'Create a preference',
  createIntro:
    'A preference is something you like or dislike, or a way you want to be supported. Creating one takes four short steps:',
  introSteps: [
    'Describe it: give it a title, and if you like a description and a feeling.',
    'Choose the categories it belongs in.',
    'Decide who in your Circle of Support can see it.',
    'Choose how often you would like to review it.',
  ],
  introSaved:
    'Each step is saved as you go. If you stop part way, you can carry on later from this page.',
  start: 'Start',
  draftsTitle: 'Unfinished preferences',
  draftsLoading: 'Loading your unfinished preferences',
  continueDraft: 'Continue',
  continueDraftLabel: (title: string) => `Continue “${title}”`,
  backToLibrary: 'Back to the library',
  // Wizard
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  stepsLabel: 'Steps',
  stepTitles: ['Describe', 'Categories', 'Share with the circle', 'More detail'] as const,
  next: 'Next',
  back: 'Back',
  finish: 'Finish',
  saving: 'Saving',
  cancel: 'Cancel',
  loading: 'Loading the preference',
  cancelTitle: 'Are you sure you want to cancel?',
  cancelBody:
    'What you saved in earlier steps is kept as an unfinished preference. You can carry on later from the Create a preference page.',
  backTitle: 'Are you sure you want to go back?',
  backBody:
    'This step has not been saved. What you saved before is kept as an unfinished preference.',
  confirmYes: 'Yes, leave',
  confirmNo: 'No, stay here',
  // Step 1: Describe
  title: 'Title',
  titleHelp: 'A few words, for example “Porridge on cold mornings”.',
  description: 'Description',
  descriptionHelp:
    'Optional. Say more: what, when, how. Put **stars** around words to make them bold, or start lines with - for a list.',
  feelingLegend: 'How do you feel about it?',
  feelingHelp: 'Optional. Choose the feeling that fits best.',
  noFeeling: 'No feeling',
  feelings: feelingLabels,
  feelingOther: 'Other feeling, in your own words',
  // Step 2: Categories
  categoriesLegend: 'Which categories does it belong in?',
  categoriesHelp: 'Choose at least one. You can choose more than one.',
  categoriesLoading: 'Loading the categories',
  categoriesEmpty: 'There are no categories yet. Create a category first, then come back.',
  restrictedTag: 'Restricted',
  // Step 3: Share with the circle
  accessLegend: 'Who in the Circle of Support can see it?',
  access: {
    General: 'Everyone in my Circle of Support',
    Restricted: 'Only supporters I trust with private things',
  } satisfies Record<Access, string>,
  accessNotYours:
    'Your access level in this Circle of Support does not include Restricted items. So you cannot share one.',
  accessHelp: {
    General: 'Every supporter can see it and help keep it up to date.',
    Restricted:
      'Only supporters with Restricted or Administrator access can see it. Use this for private things, like health.',
  } satisfies Record<Access, string>,
  // Step 4: More detail
  pictureLabel: 'Picture',
  pictureHelp:
    'A picture of this preference (you do not have to add one). It is shown at the top of the preference.',
  reviewLabel: 'How often should it be reviewed?',
  reviewHelp: 'Things change. A review is a reminder to check that the preference is still right.',
  schedules: scheduleLabels,
  nextReview: (date: string) => `Next review: ${date}`,
  noReview: 'No review is planned.',
  // Edit
  editTitle: 'Edit preference',
  editStepTitle: (step: string) => `Edit preference: ${step}`,
  editAll: 'Edit everything',
  reviewTitle: 'Review this preference',
  reviewIntro:
    'Read it through. Change anything that is no longer right, then save: the next review date moves on by the schedule.',
  save: 'Save changes',
  saveReview: 'Save and mark as reviewed',
  saved: 'Saved',
  reviewed: 'Saved and marked as reviewed',
  cancelEdit: 'Cancel',
  notFound: 'We could not find that preference.',
  delete: 'Delete preference',
  deleteTitle: 'Delete this preference?',
  deleteBody:
    'The preference will be gone for everyone in the Circle of Support. Its notes, pictures, sounds and videos go too. This cannot be undone.',
  deleteConfirm: 'Delete',
  deleting: 'Deleting',
} as const;
