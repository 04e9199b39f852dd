/**
 * "My data": everything kept about a person, gathered for their copy
 * (api/my-data/zip.ts), with the server's authority; secrets never among it.
 */
import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import {
  category,
  historyEvent,
  invite,
  media,
  note,
  organisation,
  organisationMember,
  passkeyCredential,
  person,
  personDetail,
  plan,
  preference,
  preferenceCategory,
  profilePage,
  profilePageItem,
  profileShare,
  review,
  subscription,
  supporterLink,
  supportSession,
  surveyResponse,
  user,
} from '../../schema/index.ts';
import type { Db } from '../db.ts';

/** A file name that any system accepts, from a media item's own name. */
function safeName(name: string) {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 80);
  return cleaned || 'file';
}

/** The file a media item has in the zip. */
export const mediaFile = (m: { id: string; name: string }) => `media/${m.id}-${safeName(m.name)}`;

/**
 * Everything kept about `personId`, read with the server's authority: their
 * own rows in full, and of other people only what ties them to this person
 * (a supporter's name, an organisation's name). Secrets (tokens, passkey
 * keys, billing ids, store keys) are never in it.
 */
export async function collectPersonData(db: Db, personId: string) {
  const [me] = await db.select().from(person).where(eq(person.id, personId));
  if (!me) return undefined;
  const [details] = await db.select().from(personDetail).where(eq(personDetail.personId, personId));
  const [account] = await db
    .select({
      id: user.id,
      email: user.email,
      type: user.type,
      acceptedTermsAt: user.acceptedTermsAt,
      wizardCompletedAt: user.wizardCompletedAt,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.personId, personId));
  const preferences = await db
    .select()
    .from(preference)
    .where(eq(preference.personId, personId))
    .orderBy(asc(preference.title), asc(preference.id));
  const links = await db
    .select({
      preferenceId: preferenceCategory.preferenceId,
      categoryId: preferenceCategory.categoryId,
    })
    .from(preferenceCategory)
    .where(eq(preferenceCategory.personId, personId));
  const categories = await db
    .select()
    .from(category)
    .where(eq(category.personId, personId))
    .orderBy(asc(category.title), asc(category.id));
  const notes = await db
    .select()
    .from(note)
    .where(eq(note.personId, personId))
    .orderBy(asc(note.createdAt), asc(note.id));
  const mediaRows = await db
    .select()
    .from(media)
    .where(and(eq(media.personId, personId), isNotNull(media.settledAt)))
    .orderBy(asc(media.createdAt), asc(media.id));
  const reviews = await db
    .select()
    .from(review)
    .where(eq(review.personId, personId))
    .orderBy(asc(review.reviewedAt), asc(review.id));
  const nameOf = { name: person.fullName, knownAs: person.knownAs };
  const supporters = await db
    .select({
      id: supporterLink.id,
      supporterId: supporterLink.supporterId,
      ...nameOf,
      accessLevel: supporterLink.accessLevel,
      endsAt: supporterLink.endsAt,
      createdAt: supporterLink.createdAt,
    })
    .from(supporterLink)
    .innerJoin(person, eq(person.id, supporterLink.supporterId))
    .where(eq(supporterLink.supportedId, personId))
    .orderBy(asc(supporterLink.createdAt));
  const supporting = await db
    .select({
      id: supporterLink.id,
      supportedId: supporterLink.supportedId,
      ...nameOf,
      accessLevel: supporterLink.accessLevel,
      endsAt: supporterLink.endsAt,
      createdAt: supporterLink.createdAt,
    })
    .from(supporterLink)
    .innerJoin(person, eq(person.id, supporterLink.supportedId))
    .where(eq(supporterLink.supporterId, personId))
    .orderBy(asc(supporterLink.createdAt));
  const invites = await db
    .select({
      id: invite.id,
      kind: invite.kind,
      accessLevel: invite.accessLevel,
      targetId: invite.targetId,
      email: invite.email,
      expiresAt: invite.expiresAt,
      acceptedAt: invite.acceptedAt,
      declinedAt: invite.declinedAt,
      createdAt: invite.createdAt,
    })
    .from(invite)
    .where(eq(invite.personId, personId))
    .orderBy(asc(invite.createdAt));
  const supportSessions = await db
    .select()
    .from(supportSession)
    .where(or(eq(supportSession.personId, personId), eq(supportSession.supporterId, personId)))
    .orderBy(asc(supportSession.startedAt));
  const profilePages = await db
    .select()
    .from(profilePage)
    .where(eq(profilePage.personId, personId))
    .orderBy(asc(profilePage.createdAt));
  const profileItems = await db
    .select()
    .from(profilePageItem)
    .where(eq(profilePageItem.personId, personId))
    .orderBy(asc(profilePageItem.profilePageId), asc(profilePageItem.position));
  const profileShares = await db
    .select()
    .from(profileShare)
    .where(eq(profileShare.personId, personId))
    .orderBy(asc(profileShare.createdAt));
  const history = await db
    .select()
    .from(historyEvent)
    .where(eq(historyEvent.personId, personId))
    .orderBy(desc(historyEvent.createdAt), desc(historyEvent.id));
  // Who did what in the history, by name, for the page's sentences.
  const actorIds = [...new Set(history.flatMap((h) => (h.createdBy ? [h.createdBy] : [])))];
  const actors = actorIds.length
    ? await db
        .select({
          id: person.id,
          knownAs: person.knownAs,
          firstName: person.firstName,
          fullName: person.fullName,
        })
        .from(person)
        .where(inArray(person.id, actorIds))
    : [];
  const surveyResponses = await db
    .select()
    .from(surveyResponse)
    .where(eq(surveyResponse.personId, personId))
    .orderBy(asc(surveyResponse.createdAt));
  const organisations = await db
    .select({
      organisationId: organisationMember.organisationId,
      name: organisation.name,
      role: organisationMember.role,
    })
    .from(organisationMember)
    .innerJoin(organisation, eq(organisation.id, organisationMember.organisationId))
    .where(eq(organisationMember.personId, personId));
  const [plans] = await db
    .select({
      id: subscription.id,
      plan: plan.name,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
    })
    .from(subscription)
    .innerJoin(plan, eq(plan.id, subscription.planId))
    .where(eq(subscription.personId, personId));
  const passkeys = account
    ? await db
        .select({
          id: passkeyCredential.id,
          deviceType: passkeyCredential.deviceType,
          backedUp: passkeyCredential.backedUp,
          createdAt: passkeyCredential.createdAt,
          lastUsedAt: passkeyCredential.lastUsedAt,
        })
        .from(passkeyCredential)
        .where(eq(passkeyCredential.userId, account.id))
    : [];

  return {
    format: 'preference-bank-export',
    version: 1,
    person: me,
    personalDetails: details ?? null,
    account: account ?? null,
    preferences: preferences.map((p) => ({
      ...p,
      categoryIds: links.filter((l) => l.preferenceId === p.id).map((l) => l.categoryId),
    })),
    categories,
    notes,
    media: mediaRows.map(({ storageKey: _s, displayKey: _d, thumbKey: _t, ...m }) => ({
      ...m,
      file: mediaFile(m),
    })),
    reviews,
    circle: { supporters, supporting, invites, supportSessions },
    profiles: { pages: profilePages, items: profileItems, shares: profileShares },
    history,
    surveyResponses,
    organisations,
    subscription: plans ?? null,
    passkeys,
    /** Who acted in the history, for the page's sentences; not written to data.json. */
    actors: actors.map((a) => ({
      id: a.id,
      name: a.knownAs || a.firstName || a.fullName || '',
      fullName: a.fullName,
    })),
    /** Store keys of the media files, for the builder; not written to the zip. */
    files: mediaRows.map((m) => ({ file: mediaFile(m), key: m.storageKey })),
  };
}

export type PersonData = NonNullable<Awaited<ReturnType<typeof collectPersonData>>>;
