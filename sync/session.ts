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
});

export type SessionInfo = z.infer<typeof sessionSchema>;
