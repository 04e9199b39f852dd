/**
 * One-page profiles ("passports"): the person (or their
 * Administrator in a session) picks a purpose and the preferences that
 * matter for it, each in one of three parts (what I love, what I dislike,
 * how to support me). The page is always laid out live from the library:
 * items name preferences, never copy them. Restricted preferences appear
 * only when the sharer chose to include them (`includeRestricted`), with a
 * warning on screen. A page is shared by a link that expires or is revoked;
 * its token lives hashed in `private.profile_share_token`, so creating one is
 * the API's (api/routes/profiles.ts), like an invite.
 *
 * Read and write rule: the person, or their Administrator in an active
 * session (sync/permissions.ts readableProfilePages, isAdministrator).
 */
import { defineQuery, type Row, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { PROFILE_PURPOSES, PROFILE_SECTIONS, type ProfilePurpose } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, historyEntry, madeBy, quoted } from './change.ts';
import type { AuthContext } from './context.ts';
import { appError } from './errors.ts';
import { itemId as id } from './ids.ts';
import {
  assertNewId,
  isAdministrator,
  libraryAccess,
  readableProfilePages,
  readableProfileShares,
  requireAuth,
  touchSession,
} from './permissions.ts';

/** The most preferences one page holds: one page, large type. */
export const PROFILE_MAX_ITEMS = 30;
export const PROFILE_TITLE_MAX = 120;
/** A share link lasts 1 to 90 days (30 unless chosen). */
export const PROFILE_SHARE_DEFAULT_DAYS = 30;
export const PROFILE_SHARE_MAX_DAYS = 90;

export const profileMessages = {
  title: `Give the page a title of up to ${PROFILE_TITLE_MAX} characters.`,
  tooMany: `A one-page profile holds up to ${PROFILE_MAX_ITEMS} preferences.`,
  notInLibrary: 'That preference is not in this library.',
  notManager: 'Only the person themselves or their Administrator in a support session can do this.',
  days: `A link can last from 1 to ${PROFILE_SHARE_MAX_DAYS} days.`,
  /** What a link that expired, was revoked or never was shows, and nothing else. */
  noLongerShared: 'This page is no longer shared',
} as const;

/** The first title of a page, by its purpose (the person may change it). */
export const purposeTitles: Record<ProfilePurpose, string> = {
  HospitalStay: 'About me for my hospital stay',
  Respite: 'About me for respite care',
  NewSupportWorker: 'About me for a new support worker',
  Other: 'About me',
};

const title = z
  .string()
  .trim()
  .min(1, profileMessages.title)
  .max(PROFILE_TITLE_MAX, profileMessages.title);

// ---------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------

export const profileQueries = {
  /** A person's one-page profiles, newest first. */
  list: defineQuery(z.object({ personId: id }), ({ args, ctx }) =>
    readableProfilePages(ctx)
      .where('personId', args.personId)
      .related('items')
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'asc'),
  ),
  /** One page with its items (and their preferences) and its share links. */
  byId: defineQuery(z.object({ personId: id, id }), ({ args, ctx }) =>
    readableProfilePages(ctx)
      .where('personId', args.personId)
      .where('id', args.id)
      .related('items', (i) => i.orderBy('position', 'asc').related('preference'))
      .related('shares', (s) => s.orderBy('createdAt', 'desc'))
      .one(),
  ),
  /** The share links of a page (live: a revoked one says so at once). */
  shares: defineQuery(z.object({ personId: id, id }), ({ args, ctx }) =>
    readableProfileShares(ctx)
      .where('personId', args.personId)
      .where('profilePageId', args.id)
      .orderBy('createdAt', 'desc'),
  ),
};

// ---------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------

/** On the server: the caller is the person or their Administrator in session, or throws. */
export async function assertProfileManager(tx: Transaction, me: AuthContext, personId: string) {
  if (tx.location !== 'server') return;
  const access = await libraryAccess(tx, me, personId);
  if (access.kind === 'none') throw appError('not_found');
  if (!isAdministrator(access)) throw appError('forbidden', profileMessages.notManager);
  await touchSession(tx, access);
}

async function pageOf(tx: Transaction, me: AuthContext, pageId: string) {
  const page = await tx.run(zql.profilePage.where('id', pageId).one());
  if (!page) {
    if (tx.location === 'server') throw appError('not_found');
    return undefined;
  }
  await assertProfileManager(tx, me, page.personId);
  return page;
}

export const profileCreateArgs = z.object({
  id,
  personId: id,
  purpose: z.enum(PROFILE_PURPOSES),
  title: title.optional(),
});

export const createProfile = defineChange(profileCreateArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  await assertProfileManager(tx, me, args.personId);
  await assertNewId(tx, 'profilePage', args.id);
  const now = Date.now();
  const name = args.title ?? purposeTitles[args.purpose];
  await tx.mutate.profilePage.insert({
    id: args.id,
    personId: args.personId,
    purpose: args.purpose,
    title: name,
    includeRestricted: false,
    ...madeBy(me.personId, now),
  });
  return historyEntry(
    'Create',
    'ProfilePage',
    { id: args.id, personId: args.personId },
    `Created the one-page profile ${quoted(name)}`,
  );
});

export const profileUpdateArgs = z.object({
  id,
  title: title.optional(),
  purpose: z.enum(PROFILE_PURPOSES).optional(),
  includeRestricted: z.boolean().optional(),
  /** Every preference on the page, in order, each in its part; replaces what was there. */
  items: z
    .array(z.object({ preferenceId: id, section: z.enum(PROFILE_SECTIONS) }))
    .max(PROFILE_MAX_ITEMS, profileMessages.tooMany)
    .optional(),
});
export type ProfileUpdateArgs = z.input<typeof profileUpdateArgs>;

export const updateProfile = defineChange(profileUpdateArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const page = await pageOf(tx, me, args.id);
  if (!page) return undefined;
  if (args.items) {
    const ids = new Set(args.items.map((i) => i.preferenceId));
    if (ids.size !== args.items.length) throw appError('invalid', profileMessages.notInLibrary);
    if (tx.location === 'server') {
      for (const preferenceId of ids) {
        const pref = await tx.run(zql.preference.where('id', preferenceId).one());
        if (!pref || pref.personId !== page.personId) {
          throw appError('invalid', profileMessages.notInLibrary);
        }
      }
    }
    const held = await tx.run(zql.profilePageItem.where('profilePageId', page.id));
    for (const item of held) {
      if (!ids.has(item.preferenceId)) {
        await tx.mutate.profilePageItem.delete({
          profilePageId: page.id,
          preferenceId: item.preferenceId,
        });
      }
    }
    for (const [position, item] of args.items.entries()) {
      await tx.mutate.profilePageItem.upsert({
        profilePageId: page.id,
        preferenceId: item.preferenceId,
        personId: page.personId,
        section: item.section,
        position,
      });
    }
  }
  const name = args.title ?? page.title;
  await tx.mutate.profilePage.update({
    id: page.id,
    ...(args.title !== undefined && { title: args.title }),
    ...(args.purpose !== undefined && { purpose: args.purpose }),
    ...(args.includeRestricted !== undefined && { includeRestricted: args.includeRestricted }),
    updatedAt: Date.now(),
    updatedBy: me.personId,
  });
  const restricted =
    args.includeRestricted !== undefined && args.includeRestricted !== page.includeRestricted;
  return historyEntry(
    'Modify',
    'ProfilePage',
    page,
    restricted
      ? args.includeRestricted
        ? `Included restricted preferences in the one-page profile ${quoted(name)}`
        : `Left restricted preferences out of the one-page profile ${quoted(name)}`
      : `Changed the one-page profile ${quoted(name)}`,
  );
});

export const profileDeleteArgs = z.object({ id });

export const deleteProfile = defineChange(profileDeleteArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const page = await pageOf(tx, me, args.id);
  if (!page) return undefined;
  // Its items and share links go with it (the database cascades; the browser mirrors it).
  if (tx.location === 'client') {
    for (const i of await tx.run(zql.profilePageItem.where('profilePageId', page.id))) {
      await tx.mutate.profilePageItem.delete({
        profilePageId: page.id,
        preferenceId: i.preferenceId,
      });
    }
    for (const s of await tx.run(zql.profileShare.where('profilePageId', page.id))) {
      await tx.mutate.profileShare.delete({ id: s.id });
    }
  }
  await tx.mutate.profilePage.delete({ id: page.id });
  return historyEntry(
    'Delete',
    'ProfilePage',
    page,
    `Deleted the one-page profile ${quoted(page.title)}`,
  );
});

export const profileRevokeArgs = z.object({ shareId: id });

/** Ends a share link now: whoever opens it (or has it open) sees it is no longer shared. */
export const revokeProfileShare = defineChange(profileRevokeArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const share = await tx.run(zql.profileShare.where('id', args.shareId).one());
  if (!share) {
    if (tx.location === 'server') throw appError('not_found');
    return undefined;
  }
  const page = await pageOf(tx, me, share.profilePageId);
  if (!page || share.revokedAt !== null) return undefined;
  await tx.mutate.profileShare.update({ id: share.id, revokedAt: Date.now() });
  return historyEntry(
    'Modify',
    'ProfilePage',
    page,
    `Stopped sharing the one-page profile ${quoted(page.title)} by link`,
  );
});

/** Every change of one-page profiles made through Zero (sync/change.ts). */
export const profileChanges = {
  create: createProfile,
  update: updateProfile,
  delete: deleteProfile,
  revokeShare: revokeProfileShare,
};

export const profileShareArgs = z.object({
  shareId: id,
  pageId: id,
  tokenHash: z.string().min(1),
  expiresInDays: z
    .number({ message: profileMessages.days })
    .int(profileMessages.days)
    .min(1, profileMessages.days)
    .max(PROFILE_SHARE_MAX_DAYS, profileMessages.days),
});

/**
 * A share link of a page (server only: the API makes the token, stores its
 * hash here, and shows the link once). Written to history.
 */
export const createProfileShare = defineChange(profileShareArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  if (tx.location !== 'server') throw appError('forbidden');
  const page = await pageOf(tx, me, args.pageId);
  if (!page) throw appError('not_found');
  const now = Date.now();
  await tx.mutate.profileShare.insert({
    id: args.shareId,
    profilePageId: page.id,
    personId: page.personId,
    expiresAt: now + args.expiresInDays * 86_400_000,
    revokedAt: null,
    createdAt: now,
    createdBy: me.personId,
  });
  await tx.dbTransaction.query(
    'INSERT INTO private.profile_share_token (share_id, token_hash) VALUES ($1, $2)',
    [args.shareId, args.tokenHash],
  );
  return historyEntry(
    'Modify',
    'ProfilePage',
    page,
    `Shared the one-page profile ${quoted(page.title)} by a link for ${args.expiresInDays} ${args.expiresInDays === 1 ? 'day' : 'days'}`,
  );
});

/** Server-only changes of profiles, run by the API (api/routes/profiles.ts). */
export const profileServerChanges = { share: createProfileShare };

// ---------------------------------------------------------------------------
// The page as it is laid out (the screen, the shared link, the PDF)
// ---------------------------------------------------------------------------

export type ProfileView = {
  title: string;
  purpose: ProfilePurpose;
  person: { name: string; photoId: string | null };
  includeRestricted: boolean;
  sections: {
    section: (typeof PROFILE_SECTIONS)[number];
    items: {
      id: string;
      title: string;
      description: string | null;
      feeling: string | null;
      access: string;
      heroMediaId: string | null;
    }[];
  }[];
};

type PageWithItems = Row['profilePage'] & {
  readonly items: readonly (Row['profilePageItem'] & {
    readonly preference?: Row['preference'] | undefined;
  })[];
};

/**
 * The page's layout from what the library holds now: published preferences
 * only, Restricted ones only when the page includes them, each part in order.
 */
export function layOut(
  page: PageWithItems,
  person: { knownAs: string | null; firstName: string | null; photoId: string | null },
): ProfileView {
  const sections = PROFILE_SECTIONS.map((section) => ({
    section,
    items: page.items
      .filter((i) => i.section === section && i.preference)
      .map((i) => i.preference as Row['preference'])
      .filter((p) => p.status === 'Published')
      .filter((p) => page.includeRestricted || p.access === 'General')
      .map((p) => ({
        id: p.id,
        title: p.title,
        description: p.description,
        feeling: p.feeling,
        access: p.access,
        heroMediaId: p.heroMediaId,
      })),
  }));
  return {
    title: page.title,
    purpose: page.purpose,
    person: { name: person.knownAs || person.firstName || '', photoId: person.photoId },
    includeRestricted: page.includeRestricted,
    sections,
  };
}

/**
 * What a share link shows now (server only): the page laid out live, or
 * undefined when the link is unknown, expired or revoked (all three say the
 * same to the viewer).
 */
export async function sharedPage(
  tx: Transaction,
  tokenHash: string,
): Promise<{ view: ProfileView; personId: string } | undefined> {
  if (tx.location !== 'server') return undefined;
  const rows = (await tx.dbTransaction.query(
    'SELECT share_id FROM private.profile_share_token WHERE token_hash = $1',
    [tokenHash],
  )) as Iterable<{ share_id: string }>;
  const [row] = [...rows];
  if (!row) return undefined;
  const share = await tx.run(zql.profileShare.where('id', row.share_id).one());
  if (!share || share.revokedAt !== null || share.expiresAt <= Date.now()) return undefined;
  const page = await tx.run(
    zql.profilePage
      .where('id', share.profilePageId)
      .related('items', (i) => i.orderBy('position', 'asc').related('preference'))
      .one(),
  );
  const person = await tx.run(zql.person.where('id', share.personId).one());
  if (!page || !person) return undefined;
  return { view: layOut(page, person), personId: share.personId };
}

/** The media a laid-out page shows, and so the only ones it may serve: its items' pictures and the person's photo. */
export function mediaOf(view: ProfileView): Set<string> {
  const media = new Set<string>();
  if (view.person.photoId) media.add(view.person.photoId);
  for (const s of view.sections)
    for (const i of s.items) if (i.heroMediaId) media.add(i.heroMediaId);
  return media;
}
