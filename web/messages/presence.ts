/** Interface text of who else is here (presence): imported where used (web/messages.ts). */
export const presenceMessages = {
  heading: 'Also here now',
  looking: 'looking',
  fields: {
    title: 'in the title',
    description: 'typing the description',
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
} as const;
