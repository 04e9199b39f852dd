import { ApplicationError } from '@rocicorp/zero';

/** Error codes a client may branch on. Messages never reveal whether a hidden record exists. */
export const ErrorCode = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  invalid: 'invalid',
  /** A create whose client-chosen id is already taken: creates never overwrite. */
  conflict: 'conflict',
  /** A plan limit: no supporter spot left (sync/plan-limits.ts). */
  circleFull: 'circle_full',
  /** A failure nobody foresaw: the details are in the server's log, never in the answer. */
  internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorMessages: Record<ErrorCode, string> = {
  unauthenticated: 'You must be logged in to view this page',
  forbidden: 'You do not have permission to do that.',
  not_found: 'We could not find that.',
  invalid: 'Please check what you entered.',
  conflict: 'This has already been created. Please reload and try again.',
  circle_full: 'Your Circle of Support is full!',
  internal: 'Sorry, something went wrong. Please try again.',
};

/** The code a refusal carries in its details (see appError), if any. */
export function codeOf(details: unknown): string | undefined {
  return typeof details === 'object' && details !== null && 'code' in details
    ? String(details.code)
    : undefined;
}

export function appError(code: ErrorCode, message: string = errorMessages[code]) {
  return new ApplicationError(message, { details: { code } });
}
