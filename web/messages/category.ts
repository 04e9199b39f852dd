/** Interface text of the category screens: imported where used (web/messages.ts). */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const quoted = (title: string) => `“${title}”`;

export const categoryMessages = {
  // /preferences/categories
  listTitle: 'Categories',
  listLabel: 'Top-level categories',
  loading: 'Loading the categories',
  empty: 'There are no categories yet.',
  emptyHidden: 'There are no categories to show. Some categories are hidden.',
  count: (n: number) => plural(n, 'preference', 'preferences'),
  subCount: (n: number) => plural(n, 'sub-category', 'sub-categories'),
  showHidden: 'Show hidden categories',
  add: 'Add a category',
  backToLibrary: 'Back to the library',
  photoPlaceholder: 'No photo',
  photo: 'Photo',
  photoHelp: 'A picture that helps you know this category when you see it (optional).',
  // Access and hidden flags.
  access: { General: 'General', Restricted: 'Restricted' },
  accessOf: (level: string) => `Who can see it: ${level}`,
  hiddenTag: 'Hidden',
  hiddenNote: 'This category is not shown in the library.',
  // /preferences/categories/{id}
  notFound: 'We could not find that category.',
  backToCategories: 'Back to the categories',
  insideOf: 'Inside',
  topLevel: 'This category is at the top level.',
  subCategories: 'Sub-categories',
  noSubCategories: 'No sub-categories.',
  addSubCategory: 'Add a sub-category',
  preferences: 'Preferences in this category',
  noPreferences: 'No preference is in this category yet.',
  addPreference: 'Add a preference here',
  edit: 'Edit',
  delete: 'Delete category',
  deleteTitle: (title: string) => `Delete the category ${quoted(title)}?`,
  deleteBody: ({
    title,
    preferences,
    children,
    parent,
  }: {
    title: string;
    preferences: number;
    children: number;
    /** The parent's title, or null at the top level. */
    parent: string | null;
  }) => {
    const prefs =
      preferences === 0
        ? `There are no preferences in ${quoted(title)}.`
        : preferences === 1
          ? `The 1 preference in ${quoted(title)} stays in your library. It will no longer be in this category.`
          : `The ${preferences} preferences in ${quoted(title)} stay in your library. They will no longer be in this category.`;
    const where = parent ? `into ${quoted(parent)}` : 'to the top level';
    const subs =
      children === 0
        ? ''
        : children === 1
          ? ` The 1 category inside it moves up ${where}.`
          : ` The ${children} categories inside it move up ${where}.`;
    return `${prefs}${subs} Only the category is deleted, not what is in it. This cannot be undone.`;
  },
  confirmDelete: 'Delete category',
  deleting: 'Deleting',
  // Form (create and edit).
  createTitle: 'Add a category',
  editTitle: (title: string) => `Edit ${quoted(title)}`,
  name: 'Name',
  nameHelp: (max: number) => `Required. At most ${max} characters.`,
  parent: 'Inside another category',
  parentNone: 'None (a top-level category)',
  parentHelp: 'Choose a category to put this one inside it, or None to keep it at the top level.',
  accessLegend: 'Who can see it',
  accessNotYours:
    'Your access level in this Circle of Support does not include Restricted items. So you cannot share one.',
  accessHelp: {
    General: 'Everyone in your Circle of Support can see it.',
    Restricted: 'Only supporters you gave Restricted or Administrator access can see it.',
  },
  hidden: 'Do not show this category in the library',
  hiddenHelp: 'A hidden category is not shown in the list until someone asks to see hidden ones.',
  save: 'Save',
  saving: 'Saving',
  create: 'Add category',
  creating: 'Adding',
  cancel: 'Cancel',
  readOnly: 'You can look at these categories, but you cannot change them.',
} as const;
