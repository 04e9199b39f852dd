/**
 * People: synced queries, and the change table of a person's profile (spec
 * §1, §7): a Decision Maker's profile made on their behalf by a Supporter, and
 * personal details. The forms parse with the same schemas, so both refuse the
 * same input in the same words. These changes run over REST (api/routes/circle.ts).
 */
import { defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { HANDOVER_DAYS_DEFAULT, PRONOUNS } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, historyEntry } from './change.ts';
import { circleHistoryMessages, supporterName } from './circle.ts';
import { appError } from './errors.ts';
import { itemId as id } from './ids.ts';
import { personTypeLabels } from './labels.ts';
import { assertPhoto } from './media.ts';
import {
  isAdministrator,
  libraryAccess,
  readablePeople,
  readablePersonDetails,
  requireAuth,
  touchSession,
} from './permissions.ts';
import { assertSupporterSpot } from './plan-limits.ts';
import { NAME_MAX, phoneNumber, validationMessages } from './validation.ts';

export const personByIdArgs = z.object({ personId: id });

export const personQueries = {
  /**
   * Everyone whose name the caller may see: themselves and the people linked
   * to them (permissions.ts personReadableBy). The library screens take
   * authors from here; anyone not in it gets a neutral byline.
   */
  readable: defineQuery(({ ctx }) => readablePeople(ctx)),
  byId: defineQuery(personByIdArgs, ({ args, ctx }) =>
    readablePeople(ctx).where('id', args.personId).one(),
  ),
  /**
   * A person's personal details (bio, phone, contact e-mail, pronouns), for
   * the person themselves and their Administrator in a support session
   * (permissions.ts personDetailReadableBy); nothing for anyone else.
   */
  detail: defineQuery(personByIdArgs, ({ args, ctx }) =>
    readablePersonDetails(ctx).where('personId', args.personId).one(),
  ),
};

/** Refusals of the profile changes (never telling whether a hidden person exists). */
export const personMessages = {
  personNotFound: 'We could not find that person.',
  notAdministrator:
    'Only the person themselves or their Administrator in a support session can do that.',
  onlySupporters: 'Only a Supporter can create a profile for someone else.',
  nothingToChange: 'Nothing to change.',
  ownRoleOnly: 'Only the person themselves can change their role.',
  roleFixed: 'This account’s role cannot be changed.',
  stillSupporting: (n: number) =>
    `You support ${n === 1 ? '1 person' : `${n} people`}. Choose “Both” to keep supporting them, or end those connections first.`,
  notYourAccount: 'You can only change your own account.',
} as const;

/** The roles a person chooses between (onboarding, personal details). */
export const CHOOSABLE_ROLES = ['DecisionMaker', 'Supporter', 'SupporterAndDecisionMaker'] as const;
export type ChoosableRole = (typeof CHOOSABLE_ROLES)[number];

/** A role as a sentence of the history feed says it. */
export const roleNames: Record<ChoosableRole, string> = personTypeLabels;

export const BIO_MAX = 2000;

const requiredName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, validationMessages.required(label))
    .max(NAME_MAX, validationMessages.tooLong(label, NAME_MAX));

/** Optional text: blank becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, validationMessages.tooLong(label, max))
    .nullable()
    .transform((v) => (v ? v : null));

/** A Decision Maker's profile created by a Supporter (spec §1, §7 POST /api/people). */
export const createProfileSchema = z.object({
  firstName: requiredName('first name'),
  lastName: requiredName('last name'),
  knownAs: optionalText('known-as name', NAME_MAX).optional(),
  pronouns: z.enum(PRONOUNS).nullable().optional(),
});
export type CreateProfile = z.input<typeof createProfileSchema>;

/**
 * Personal details (spec §7 PUT /api/people/{personId}); absent fields stay as
 * they are. Names go on the person row, which everyone linked reads; pronouns,
 * bio and phone on the person_detail row, which only the person and their
 * Administrator in session read (permissions.ts personDetailReadableBy).
 */
export const personDetailsSchema = z.object({
  firstName: requiredName('first name').optional(),
  lastName: requiredName('last name').optional(),
  knownAs: optionalText('known-as name', NAME_MAX).optional(),
  pronouns: z.enum(PRONOUNS).nullable().optional(),
  pronounsOther: optionalText('pronouns', NAME_MAX).optional(),
  bio: optionalText('bio', BIO_MAX).optional(),
  phone: phoneNumber
    .nullable()
    .transform((v) => (v ? v : null))
    .optional(),
  /** The person's role (spec §2 onboarding, §6): only the person themselves changes it. */
  type: z.enum(CHOOSABLE_ROLES, { error: 'Please choose one.' }).optional(),
  /** Their photo: a confirmed picture of their own, uploaded as a photo (no preference); null removes it. */
  photoId: id.nullable().optional(),
  /** Easy read on their own screens: pictures first, short lines, large text. */
  easyRead: z.boolean({ error: 'Please choose yes or no.' }).optional(),
});

export const profileCreateArgs = createProfileSchema.extend({
  /** The new person's id, and the id of the link that makes the creator their Administrator. */
  id,
  linkId: id,
});

/**
 * A Decision Maker's profile made by a Supporter, who becomes its
 * Administrator: the person, their details row, and the link, if a supporter
 * spot is free (plan limits).
 */
export const createProfile = defineChange(profileCreateArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const creator = await tx.run(zql.person.where('id', me.personId).one());
  if (creator?.type !== 'Supporter' && creator?.type !== 'SupporterAndDecisionMaker') {
    throw appError('forbidden', personMessages.onlySupporters);
  }
  const now = Date.now();
  const stamp = { createdAt: now, createdBy: me.personId, updatedAt: now, updatedBy: me.personId };
  const knownAs = args.knownAs ?? args.firstName;
  await tx.mutate.person.insert({
    id: args.id,
    type: 'DecisionMaker',
    firstName: args.firstName,
    lastName: args.lastName,
    knownAs,
    fullName: `${args.firstName} ${args.lastName}`,
    photoId: null,
    handoverNoteDays: HANDOVER_DAYS_DEFAULT,
    easyRead: false,
    ...stamp,
  });
  // Every person has their details row, made with them.
  await tx.mutate.personDetail.insert({
    personId: args.id,
    pronouns: args.pronouns ?? null,
    pronounsOther: null,
    bio: null,
    phone: null,
    email: null,
    ...stamp,
  });
  // A brand-new profile has every spot free; the check stays for plans without any.
  await assertSupporterSpot(tx, args.id);
  await tx.mutate.supporterLink.insert({
    id: args.linkId,
    supporterId: me.personId,
    supportedId: args.id,
    accessLevel: 'Administrator',
    ...stamp,
  });
  const name = supporterName({ firstName: args.firstName, lastName: args.lastName, knownAs });
  return [
    {
      personId: args.id,
      type: 'Create',
      relatedType: 'Person',
      relatedId: args.id,
      message: circleHistoryMessages.profileCreated(name),
    },
    {
      personId: args.id,
      type: 'Create',
      relatedType: 'SupporterLink',
      relatedId: args.linkId,
      message: circleHistoryMessages.supporterAdded,
    },
  ];
});

export const detailsUpdateArgs = personDetailsSchema.extend({ personId: id });

const NAME_FIELDS = ['firstName', 'lastName', 'knownAs', 'type', 'photoId', 'easyRead'] as const;
const DETAIL_FIELDS = ['pronouns', 'pronounsOther', 'bio', 'phone'] as const;

/**
 * New personal details, by the person themselves or their Administrator in
 * session. Absent fields stay as they are; the full name follows first and
 * last name; free-text pronouns go only with `Other`.
 */
export const updateDetails = defineChange(detailsUpdateArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const given = (k: keyof typeof args) => args[k] !== undefined;
  if (![...NAME_FIELDS, ...DETAIL_FIELDS].some(given)) {
    throw appError('invalid', personMessages.nothingToChange);
  }
  const p = await tx.run(readablePeople(ctx).where('id', args.personId).one());
  if (!p) throw appError('not_found', personMessages.personNotFound);
  const access = await libraryAccess(tx, me, args.personId);
  if (!isAdministrator(access)) throw appError('forbidden', personMessages.notAdministrator);
  const now = Date.now();
  if (args.type !== undefined && args.type !== p.type) {
    // One's role is one's own choice (an Administrator acts within it).
    if (me.personId !== p.id) throw appError('forbidden', personMessages.ownRoleOnly);
    if (!(CHOOSABLE_ROLES as readonly string[]).includes(p.type)) {
      throw appError('invalid', personMessages.roleFixed);
    }
    // A Decision Maker supports no one: the people they support would lose them.
    if (args.type === 'DecisionMaker' && tx.location === 'server') {
      const supporting = await tx.run(zql.supporterLink.where('supporterId', p.id));
      if (supporting.length > 0) {
        throw appError('invalid', personMessages.stillSupporting(supporting.length));
      }
    }
  }
  if (args.photoId) await assertPhoto(tx, p.id, args.photoId, { personId: p.id });
  if (NAME_FIELDS.some(given)) {
    const firstName = args.firstName ?? p.firstName;
    const lastName = args.lastName ?? p.lastName;
    await tx.mutate.person.update({
      id: p.id,
      firstName,
      lastName,
      ...(args.knownAs !== undefined && { knownAs: args.knownAs }),
      ...(args.type !== undefined && { type: args.type }),
      ...(args.photoId !== undefined && { photoId: args.photoId }),
      ...(args.easyRead !== undefined && { easyRead: args.easyRead }),
      fullName: [firstName, lastName].filter(Boolean).join(' ') || null,
      updatedAt: now,
      updatedBy: me.personId,
    });
  }
  if (DETAIL_FIELDS.some(given)) {
    const before = await tx.run(zql.personDetail.where('personId', p.id).one());
    const pronouns = args.pronouns === undefined ? (before?.pronouns ?? null) : args.pronouns;
    const values = {
      pronouns,
      pronounsOther:
        pronouns === 'Other' ? (args.pronounsOther ?? before?.pronounsOther ?? null) : null,
      bio: args.bio === undefined ? (before?.bio ?? null) : args.bio,
      phone: args.phone === undefined ? (before?.phone ?? null) : args.phone,
      updatedAt: now,
      updatedBy: me.personId,
    };
    // A person made outside the API may lack the row: it is made here.
    if (before) await tx.mutate.personDetail.update({ personId: p.id, ...values });
    else {
      await tx.mutate.personDetail.insert({
        personId: p.id,
        ...values,
        email: null,
        createdAt: now,
        createdBy: me.personId,
      });
    }
  }
  await touchSession(tx, access, now);
  const entries = [
    historyEntry(
      'Modify',
      'Person',
      { id: p.id, personId: p.id },
      circleHistoryMessages.detailsChanged,
    ),
  ];
  if (args.type !== undefined && args.type !== p.type) {
    entries.push(
      historyEntry(
        'Modify',
        'Person',
        { id: p.id, personId: p.id },
        circleHistoryMessages.roleChanged(roleNames[args.type]),
      ),
    );
  }
  return entries;
});

export const completeWizardArgs = z.object({ userId: id });

/**
 * Finishing onboarding (spec §4): the wizard is complete once
 * `wizardCompletedAt` is set; finishing again keeps the first time. Only one's
 * own account.
 */
export const completeWizard = defineChange(completeWizardArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const account = await tx.run(
    zql.user.where('id', args.userId).where('personId', me.personId).one(),
  );
  if (!account) throw appError('forbidden', personMessages.notYourAccount);
  if (account.wizardCompletedAt !== null) return undefined;
  const now = Date.now();
  await tx.mutate.user.update({ id: account.id, wizardCompletedAt: now, updatedAt: now });
  return historyEntry(
    'Modify',
    'User',
    { id: account.id, personId: me.personId },
    circleHistoryMessages.finishedOnboarding,
  );
});

/** Every change of a person's profile (sync/change.ts); the API runs them. */
export const personServerChanges = {
  createProfile: createProfile,
  updateDetails: updateDetails,
  completeWizard: completeWizard,
};
