import { z } from 'zod';

/**
 * A row's id, as every change and route takes it: app-generated (UUIDs),
 * bounded so that a malformed id is refused early. The one id validator.
 */
export const itemId = z.string().trim().min(1).max(64);

/** What a route or change says of an id it cannot take. */
export const idMessages = { invalid: 'That is not a valid id.' } as const;
