import { z } from 'zod';

/** What GET /api/session returns; shared by the API (producer) and the web app (consumer). */
export const sessionSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string().nullable(),
      personId: z.string(),
      wizardCompletedAt: z.number().nullable(),
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
  /** The menu's external links (HELP_URL, FEEDBACK_URL); null when not configured. */
  links: z
    .object({ help: z.string().nullable(), feedback: z.string().nullable() })
    .default({ help: null, feedback: null }),
});

export type SessionInfo = z.infer<typeof sessionSchema>;
