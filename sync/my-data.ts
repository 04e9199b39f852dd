/**
 * "My data": what the API (api/my-data.ts,
 * api/account-deletion.ts) and the web app (the My data pages) agree on: the
 * constants, the shapes of the answers and the words of the refusals. This is
 * what NZ Privacy Act principles 6 and 7 and GDPR articles 15, 17 and 20 ask
 * for: a copy of everything kept about a person, and erasure.
 */
import { z } from 'zod';

/** How long a finished copy can be downloaded before it is removed. */
export const EXPORT_KEEP_MS = 48 * 60 * 60 * 1000;
/** A copy still "building" after this long was cut short (the API restarted): it failed. */
export const EXPORT_STALE_MS = 30 * 60 * 1000;
/** Days between asking for an account to be deleted and its deletion: time to change one's mind. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

export const EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** One copy, as the API answers it. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100. */
  progress: z.number(),
  /** Size of the zip in bytes, once ready. */
  bytes: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** Someone the account administers, and what deleting the account means for them. */
export const administeredSchema = z.object({
  personId: z.string(),
  name: z.string(),
  /** They sign in themselves: they keep their library, only this link ends. */
  hasAccount: z.boolean(),
  /** Other Administrators in their Circle: they keep the library going. */
  otherAdministrators: z.number(),
  /** Nobody else could reach their library: the person deleting must decide first. */
  needsDecision: z.boolean(),
});
export type Administered = z.infer<typeof administeredSchema>;

/** What deleting the account takes with it, and whether it is set already. */
export const deletionSummarySchema = z.object({
  /** When the account will be deleted, if that is asked for. */
  dueAt: z.string().nullable(),
  alsoDelete: z.array(z.string()),
  counts: z.object({
    preferences: z.number(),
    categories: z.number(),
    notes: z.number(),
    media: z.number(),
    mediaBytes: z.number(),
    profiles: z.number(),
    supporters: z.number(),
    supporting: z.number(),
    history: z.number(),
  }),
  administered: z.array(administeredSchema),
});
export type DeletionSummary = z.infer<typeof deletionSummarySchema>;

/** Asking for the deletion: whose libraries go too (those that need a decision, and no others). */
export const deletionRequestSchema = z
  .object({
    alsoDelete: z.array(z.string().min(1).max(64)).max(100),
  })
  .strict();

export const myDataMessages = {
  onlyYours: 'You can only download your own data.',
  onlyYourAccount: 'You can only delete your own account.',
  noStore: 'Files cannot be kept at the moment. Please try again later.',
  expired: 'This copy is no longer kept. Please make a new one.',
  notReady: 'This copy is not ready yet.',
  decideFirst: (names: string[]) =>
    `Please decide first what happens to ${names.join(' and ')}: nobody else could reach their library.`,
  notYoursToDelete: 'You can only delete the libraries of people nobody else looks after.',
  alreadyAsked: 'Your account is already set to be deleted.',
  notAsked: 'Your account is not set to be deleted.',
} as const;
