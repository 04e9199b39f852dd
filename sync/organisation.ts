/**
 * Organisations (spec §2 /organisations, §3, §6, §7): who may read
 * them is sync/permissions.ts readableOrganisations; these are the synced
 * queries of the pages and the menu, the words the REST edge refuses with,
 * and the changes a platform user makes (spec §3: "Platform user: manages
 * organisations"): approve one, suspend one, edit its name and type, and
 * set its logo. Nobody else changes an organisation; each change is in the
 * platform user's own history.
 */
import { defineQuery, type Row, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { ORGANISATION_TYPES, type OrganisationStatus } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, defineServerChange, type HistoryEntry, quoted } from './change.ts';
import type { AuthContext, ZeroContext } from './context.ts';
import { appError } from './errors.ts';
import { itemId } from './library-fields.ts';
import { found, readableOrganisations, requireAuth } from './permissions.ts';

export const organisationRuleMessages = {
  /** Spec §6, §8: for a non-member and for an id that names nothing alike. */
  noPermission: "You don't have permission to view this organisation.",
  badId: 'That is not a valid organisation id.',
  noLogo: 'This organisation has no logo.',
  /** Refused to anyone but a platform user. */
  notPlatform: 'Only a platform user can change an organisation.',
  nameRequired: 'Please enter the organisation’s name.',
  nameTooLong: (max: number) => `An organisation’s name can be at most ${max} characters.`,
  logoNotImage: 'A logo must be a PNG, JPEG, WebP or GIF picture.',
  logoTooLarge: (mb: number) => `A logo can be at most ${mb} MB.`,
  /** History, in the platform user's own feed. */
  approved: (name: string) => `Approved the organisation ${quoted(name)}`,
  suspended: (name: string) => `Suspended the organisation ${quoted(name)}`,
  renamed: (from: string, to: string) =>
    `Renamed the organisation ${quoted(from)} to ${quoted(to)}`,
  typeChanged: (name: string, type: string) =>
    `Made the organisation ${quoted(name)} a ${type} organisation`,
  logoChanged: (name: string) => `Changed the logo of the organisation ${quoted(name)}`,
  logoRemoved: (name: string) => `Removed the logo of the organisation ${quoted(name)}`,
} as const;

export const ORGANISATION_NAME_MAX = 200;

/** A logo is a small picture, uploaded in one request (api/routes/organisations.ts), within the API's limit for any body (api/edge.ts). */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const organisationByIdArgs = z.object({ id: itemId });

export const organisationQueries = {
  /**
   * The caller's organisations, by name (every organisation, for a platform
   * user): the list page, and whether the menu offers the entry.
   */
  mine: defineQuery(({ ctx }) => readableOrganisations(ctx).orderBy('name', 'asc')),
  /** One organisation with its members and their names; nothing when the caller may not read it. */
  byId: defineQuery(organisationByIdArgs, ({ args, ctx }) =>
    readableOrganisations(ctx)
      .where('id', args.id)
      .related('members', (m) => m.orderBy('createdAt', 'asc').related('person'))
      .one(),
  ),
};

type Organisation = Row['organisation'];

/** Refused `forbidden` with the reason unless the caller is a platform user (the changes, and the API before it stores a logo). */
export function requirePlatform(ctx: ZeroContext): AuthContext {
  const me = requireAuth(ctx);
  if (!me.platform) throw appError('forbidden', organisationRuleMessages.notPlatform);
  return me;
}

/** The organisation a change is about (a platform user reads every one): not_found when none. */
async function organisationOf(tx: Transaction, id: string): Promise<Organisation | undefined> {
  return found(tx, await tx.run(zql.organisation.where('id', id).one()));
}

function entry(me: AuthContext, o: Organisation, message: string): HistoryEntry {
  return {
    personId: me.personId,
    type: 'Modify',
    relatedType: 'Organisation',
    relatedId: o.id,
    message,
  };
}

/** A change of status to `status`, said as `said`; nothing when it already is. */
function statusChange(status: OrganisationStatus, said: (name: string) => string) {
  return defineChange(organisationByIdArgs, async (tx, ctx, args) => {
    const me = requirePlatform(ctx);
    const o = await organisationOf(tx, args.id);
    if (!o || o.status === status) return undefined;
    await tx.mutate.organisation.update({
      id: o.id,
      status,
      updatedAt: Date.now(),
      updatedBy: me.personId,
    });
    return entry(me, o, said(o.name));
  });
}

export const organisationUpdateArgs = z.object({
  id: itemId,
  name: z
    .string()
    .trim()
    .min(1, organisationRuleMessages.nameRequired)
    .max(ORGANISATION_NAME_MAX, organisationRuleMessages.nameTooLong(ORGANISATION_NAME_MAX))
    .optional(),
  type: z.enum(ORGANISATION_TYPES).optional(),
});

/** Type names as history says them: "a provider organisation". */
const TYPE_WORDS: Record<(typeof ORGANISATION_TYPES)[number], string> = {
  provider: 'provider',
  platform: 'platform',
};

/** Its name and type: one history event for each that changes. */
export const updateOrganisation = defineChange(organisationUpdateArgs, async (tx, ctx, args) => {
  const me = requirePlatform(ctx);
  const o = await organisationOf(tx, args.id);
  if (!o) return undefined;
  const name = args.name !== undefined && args.name !== o.name ? args.name : undefined;
  const type = args.type !== undefined && args.type !== o.type ? args.type : undefined;
  if (name === undefined && type === undefined) return undefined;
  await tx.mutate.organisation.update({
    id: o.id,
    ...(name !== undefined && { name }),
    ...(type !== undefined && { type }),
    updatedAt: Date.now(),
    updatedBy: me.personId,
  });
  const events: HistoryEntry[] = [];
  if (name !== undefined) events.push(entry(me, o, organisationRuleMessages.renamed(o.name, name)));
  if (type !== undefined) {
    events.push(
      entry(me, o, organisationRuleMessages.typeChanged(name ?? o.name, TYPE_WORDS[type])),
    );
  }
  return events;
});

export const organisationLogoArgs = z.object({
  id: itemId,
  /** The object key the API stored the new logo at; null removes the logo. */
  key: z.string().min(1).max(300).nullable(),
});

/**
 * Sets or removes an organisation's logo: the key of an object the API has
 * just stored (api/routes/organisations.ts), so only the server makes it,
 * never a client naming a key of its choosing. Resolves with the key it
 * replaced through `replaced`, for the API to delete after the commit.
 */
export const setOrganisationLogo = defineServerChange(
  organisationLogoArgs,
  async ({ tx, me }, args) => {
    requirePlatform(me);
    const o = await organisationOf(tx, args.id);
    if (!o) return undefined;
    if (args.key === null && o.logoStorageKey === null) return undefined;
    const now = Date.now();
    await tx.mutate.organisation.update({
      id: o.id,
      logoStorageKey: args.key,
      logoUpdatedAt: args.key === null ? null : now,
      updatedAt: now,
      updatedBy: me.personId,
    });
    return entry(
      me,
      o,
      args.key === null
        ? organisationRuleMessages.logoRemoved(o.name)
        : organisationRuleMessages.logoChanged(o.name),
    );
  },
);

/** The changes a platform user makes from the browser (Zero mutators) and over REST. */
export const organisationChanges = {
  approve: statusChange('approved', organisationRuleMessages.approved),
  suspend: statusChange('suspended', organisationRuleMessages.suspended),
  update: updateOrganisation,
};
