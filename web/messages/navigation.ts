/** Interface text of the navigation screens: part of the one catalogue, web/messages.ts. */
export const navigationMessages = {} as const;
