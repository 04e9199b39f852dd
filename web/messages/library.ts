/** Interface text of the library screens: part of the one catalogue, web/messages.ts. */
export const libraryMessages = {} as const;
