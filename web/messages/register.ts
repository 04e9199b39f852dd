/** Interface text of the registration page: imported where used (web/messages.ts). */
export const registerMessages = {
  title: 'Create an account',
  intro: 'Tell us who you are. You can change these details later.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone (optional)',
  phoneHelp: 'You can use numbers, spaces, and the signs + - ( ).',
  terms: 'I accept the terms of service',
  submit: 'Register',
  submitting: 'Registering',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  thanksTitle: 'Thank you for registering',
  thanksBody: 'Your account is ready. Sign in with your e-mail address.',
} as const;
