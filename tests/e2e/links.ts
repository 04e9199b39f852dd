/** The menu's external links in the end-to-end stack (global-setup.ts, navigation.spec.ts, organisations.spec.ts). */
export const E2E_HELP_URL = 'https://help.example.org/preference-bank';
export const E2E_FEEDBACK_URL = 'mailto:feedback@example.org';
export const E2E_PLATFORM_URL = 'https://dashboard.example.org/platform';
