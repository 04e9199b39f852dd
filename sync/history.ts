/**
 * The history feed a person can read (spec §2 /settings/history, §4, §7 GET
 * /api/people/{personId}/access/events): what the feed shows, in
 * which groups, how an event reads as a sentence, and the one change that
 * writes an access event of its own, a Supporter opening a Restricted
 * preference. Every other event is written by the change it describes
 * (sync/change.ts applyChange) or by sign-in and sign-out (api/auth).
 */
import { defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { HISTORY_EVENT_TYPES, type HistoryEventType } from '../schema/enums.ts';
import { quoted } from './change.ts';
import { itemId as id } from './ids.ts';
import { readableHistory } from './permissions.ts';

/** History page size (spec §9). */
export const HISTORY_PAGE_SIZE = 10;
/** The most a client may ask for in one page. */
export const HISTORY_PAGE_MAX = 50;

/** The feed's groups: what changed, and who came in and looked. */
export const HISTORY_GROUPS = {
  changes: ['Create', 'Modify', 'Delete'],
  access: ['Access', 'SignIn', 'SignOut', 'SessionStart', 'SessionFinish'],
} as const satisfies Record<string, readonly HistoryEventType[]>;
export type HistoryGroup = keyof typeof HISTORY_GROUPS | 'all';

/** What the feed shows until the reader chooses: the changes (spec §7: Modify, Create, Delete). */
export const DEFAULT_HISTORY_GROUP: HistoryGroup = 'changes';

/** The `type` filter of the feed for a group (all: every type). */
export function typesOf(group: HistoryGroup): readonly HistoryEventType[] {
  return group === 'all' ? HISTORY_EVENT_TYPES : HISTORY_GROUPS[group];
}

export const historyMessages = {
  badType: `Unknown event type. Use a comma-separated list of ${HISTORY_EVENT_TYPES.join(', ')}.`,
  badCursor: 'That is not a page of this history.',
  badLimit: `The page size must be a whole number from 1 to ${HISTORY_PAGE_MAX}.`,
  notAdministrator: 'Only the person or their Administrator can read this history.',
  /** Who did it when nobody did: the app itself (an idle session ended). */
  system: 'Preference Bank',
  you: 'You',
  viewedRestricted: (title: string) => `Viewed ${quoted(title)} (Restricted)`,
} as const;

/** `type=Create,Modify` of the feed: a list of known types, each once. */
export const historyTypeFilter = z
  .string()
  .max(200)
  .transform((s, ctx) => {
    const parts = [...new Set(s.split(',').map((p) => p.trim()))].filter((p) => p !== '');
    const types = parts.filter((p): p is HistoryEventType =>
      (HISTORY_EVENT_TYPES as readonly string[]).includes(p),
    );
    if (parts.length === 0 || types.length !== parts.length) {
      ctx.addIssue({ code: 'custom', message: historyMessages.badType });
      return z.NEVER;
    }
    return types;
  });

/** Who did it, as the feed names them: the name they go by, and their full name. */
export type HistoryActor = { id: string; name: string; fullName?: string | null };

/** Words about the one who acted, said to them (“their account” to “your account”). */
const TO_THE_READER: Record<string, string> = {
  themselves: 'yourself',
  theirs: 'yours',
  their: 'your',
  them: 'you',
  they: 'you',
};

/**
 * A message's words about its actor, said to the actor: “asked for their
 * account to be deleted” to “asked for your account to be deleted”. Messages
 * are written in the third person, where “their” is the actor's, because the
 * person and their Administrators read the same feed. Quoted titles (“…”)
 * and e-mail addresses keep their words.
 */
export function toTheActor(text: string): string {
  return text
    .split(/(“[^”]*”)/)
    .map((part, i) =>
      i % 2
        ? part
        : part.replace(
            /(^|[\s(])(themselves|theirs|their|them|they)(?=$|[\s,.;:!?)])/gi,
            (_, before: string, word: string) => {
              const said = TO_THE_READER[word.toLowerCase()] ?? word;
              const capital = word[0] !== word[0]?.toLowerCase();
              return before + (capital ? said[0]?.toUpperCase() + said.slice(1) : said);
            },
          ),
    )
    .join('');
}

/**
 * Messages stored before the handover's history took the screens' words
 * ("notes for the next visit") and began with what was done: read in today's
 * words (sync/handover.ts handoverRuleMessages), so that no feed says "You
 * handover notes now last 3 days".
 */
const EARLIER_WORDS: readonly [RegExp, (...found: string[]) => string][] = [
  [/^(Left|Changed|Deleted) a handover note$/, (_, done) => `${done} a note for the next visit`],
  [
    /^Handover notes now last (\d+) (days?)$/,
    (_, n, days) => `Set notes for the next visit to last ${n} ${days}`,
  ],
];

/** A stored message in today's words (the same message when its words have not changed). */
export function inTodaysWords(message: string): string {
  for (const [earlier, today] of EARLIER_WORDS) {
    const found = earlier.exec(message);
    if (found) return today(...found);
  }
  return message;
}

/**
 * An event as a sentence: “Sam changed the preference “Bath time””. Messages
 * are written without their actor (“Changed …”), except a few older ones that
 * name them already (“Ana started a support session”, by the name they go by
 * or their full name): those stay as they are. The reader's own actions read
 * “You …”, which is easier to follow than one's own name, and what the
 * message says of its actor is said to them: “You asked for your account to
 * be deleted”, not “…their account…”.
 */
export function historySentence(
  stored: string,
  actor: HistoryActor | null,
  viewerId: string,
): string {
  const message = inTodaysWords(stored);
  if (!actor) return message;
  const own = actor.id === viewerId;
  const named = [actor.fullName, actor.name]
    .filter((n): n is string => !!n)
    .sort((a, b) => b.length - a.length)
    .find((n) => message.startsWith(`${n} `));
  if (named !== undefined) {
    return own ? `${historyMessages.you} ${toTheActor(message.slice(named.length + 1))}` : message;
  }
  const rest = `${message.charAt(0).toLowerCase()}${message.slice(1)}`;
  return own ? `${historyMessages.you} ${toTheActor(rest)}` : `${actor.name} ${rest}`;
}

/** How many of the latest changes by others the home page shows. */
export const OTHERS_RECENT = 5;
/** How many changes to the Circle since the last visit the home page shows. */
export const CIRCLE_SINCE_MAX = 10;

export const historyQueries = {
  /**
   * What others changed in `personId`'s library lately, newest first, with
   * who did it, live: the home page's "what changed since my last visit".
   * Read by the person and their Administrator in a session (readableHistory).
   */
  othersRecent: defineQuery(z.object({ personId: id }), ({ args, ctx }) =>
    readableHistory(ctx)
      .where('personId', args.personId)
      .where('type', 'IN', [...HISTORY_GROUPS.changes])
      .where('createdBy', '!=', ctx?.personId ?? '')
      .orderBy('createdAt', 'desc')
      .limit(OTHERS_RECENT)
      .related('creator'),
  ),
  /**
   * Changes to `personId`'s Circle of Support since `since` (epoch ms) made
   * by anyone but the reader, the app's own included (an access that ended at
   * its set time): who joined, left, or became or stopped being an
   * Administrator. The person's home shows them at their next visit.
   */
  circleSince: defineQuery(z.object({ personId: id, since: z.number() }), ({ args, ctx }) =>
    readableHistory(ctx)
      .where('personId', args.personId)
      .where('relatedType', 'SupporterLink')
      .where('createdAt', '>', args.since)
      .where(({ or, cmp }) =>
        or(cmp('createdBy', 'IS', null), cmp('createdBy', '!=', ctx?.personId ?? '')),
      )
      .orderBy('createdAt', 'desc')
      .limit(CIRCLE_SINCE_MAX)
      .related('creator'),
  ),
};
