import { z } from 'zod';

/** What GET /api/session returns; shared by the API (producer) and the web app (consumer). */
export const sessionSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string().nullable(),
      personId: z.string(),
      wizardCompletedAt: z.number().nullable(),
      /** When the account is set to be deleted (sync/my-data.ts), or null. */
      deletionDueAt: z.number().nullable().default(null),
    })
    .nullable(),
  person: z
    .object({
      id: z.string(),
      type: z.string(),
      firstName: z.string().nullable(),
      knownAs: z.string().nullable(),
    })
    .nullable(),
  zeroCacheUrl: z.string(),
  launched: z.boolean(),
  /** The menu's external links (HELP_URL, FEEDBACK_URL, PLATFORM_DASHBOARD_URL); null when not configured. */
  links: z
    .object({
      help: z.string().nullable(),
      feedback: z.string().nullable(),
      platform: z.string().nullable().default(null),
    })
    .default({ help: null, feedback: null, platform: null }),
  /**
   * Payments are set up (STRIPE_SECRET_KEY, ADR 023): "Upgrade" leads to the
   * subscription page; otherwise its alert says to contact the provider.
   */
  payments: z.boolean().default(false),
});

export type SessionInfo = z.infer<typeof sessionSchema>;
