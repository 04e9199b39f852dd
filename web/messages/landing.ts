/** Interface text of the landing page: imported where used (web/messages.ts). */
export const landingMessages = {
  title: 'Coming soon',
  signIn: 'Sign in',
} as const;
