/**
 * drizzle relations. drizzle-zero turns each of these into a Zero relationship
 * (for the tables that are in the Zero schema), so they are what ZQL's
 * `.related()` and `whereExists()` can navigate.
 *
 * Two tables joined in more than one way (person <-> preference by owner and by
 * creator, person <-> supporter_link by supporter and by supported, ...) use a
 * `relationName` on both ends, so neither drizzle nor drizzle-zero has to guess.
 * A relationship may not share a name with a column, so the person behind an
 * audit column `createdBy` is the relationship `creator` (`author` for notes).
 *
 * `personLinks`, on every table whose rows a supporter reads by their link to
 * the row's person: that person's supporter links, reached from the row's own
 * `personId` in one step (sync/permissions.ts: one relationship per rule). Its
 * other end is a `one` on supporter_link that nothing reads.
 *
 * Many-to-many (preference.categories, category.preferences) is declared in
 * drizzle-zero.config.ts: drizzle relations have no "through".
 */
import { relations } from 'drizzle-orm';
import {
  billingCustomer,
  inviteToken,
  magicLinkChallenge,
  passkeyCredential,
  session,
  webauthnChallenge,
} from './private.ts';
import {
  category,
  handoverItem,
  handoverNote,
  handoverNoteReader,
  historyEvent,
  invite,
  media,
  note,
  organisation,
  organisationMember,
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
  textUpdate,
  user,
} from './tables.ts';

export const personRelations = relations(person, ({ one, many }) => ({
  /** The sign-in account, if any (a profile created on someone's behalf may have none). */
  user: one(user),
  /** Personal details (bio, phone, contact e-mail, pronouns): fewer people may read them. */
  detail: one(personDetail),
  photo: one(media, {
    fields: [person.photoId],
    references: [media.id],
    relationName: 'personPhoto',
  }),
  /** Links in which this person is supported: their Circle of Support. */
  supporters: many(supporterLink, { relationName: 'linkSupported' }),
  /** Links in which this person is the Supporter. */
  supporting: many(supporterLink, { relationName: 'linkSupporter' }),
  preferences: many(preference, { relationName: 'preferenceOwner' }),
  categories: many(category, { relationName: 'categoryOwner' }),
  media: many(media, { relationName: 'mediaOwner' }),
  invites: many(invite, { relationName: 'inviteOwner' }),
  historyEvents: many(historyEvent, { relationName: 'historyPerson' }),
  // Explicit fields: subscription points at person twice (person, administratedBy).
  subscription: one(subscription, {
    fields: [person.id],
    references: [subscription.personId],
    relationName: 'subscriptionPerson',
  }),
  organisationMemberships: many(organisationMember),
  surveyResponses: many(surveyResponse),
}));

export const personDetailRelations = relations(personDetail, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'personDetailPersonLinks' }),
  person: one(person, { fields: [personDetail.personId], references: [person.id] }),
}));

export const userRelations = relations(user, ({ one }) => ({
  person: one(person, { fields: [user.personId], references: [person.id] }),
}));

export const preferenceRelations = relations(preference, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'preferencePersonLinks' }),
  owner: one(person, {
    fields: [preference.personId],
    references: [person.id],
    relationName: 'preferenceOwner',
  }),
  creator: one(person, {
    fields: [preference.createdBy],
    references: [person.id],
    relationName: 'preferenceCreator',
  }),
  updater: one(person, {
    fields: [preference.updatedBy],
    references: [person.id],
    relationName: 'preferenceUpdater',
  }),
  reviewer: one(person, {
    fields: [preference.reviewedBy],
    references: [person.id],
    relationName: 'preferenceReviewer',
  }),
  heroMedia: one(media, {
    fields: [preference.heroMediaId],
    references: [media.id],
    relationName: 'preferenceHeroMedia',
  }),
  spokenMedia: one(media, {
    fields: [preference.spokenMediaId],
    references: [media.id],
    relationName: 'preferenceSpokenMedia',
  }),
  preferenceCategories: many(preferenceCategory, { relationName: 'preferenceCategoryPreference' }),
  notes: many(note, { relationName: 'notePreference' }),
  textUpdates: many(textUpdate, { relationName: 'textUpdatePreference' }),
  media: many(media, { relationName: 'mediaPreference' }),
  reviews: many(review, { relationName: 'reviewPreference' }),
  /** Preference invites naming this preference (guest access). */
  invites: many(invite, { relationName: 'invitePreference' }),
}));

export const categoryRelations = relations(category, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'categoryPersonLinks' }),
  owner: one(person, {
    fields: [category.personId],
    references: [person.id],
    relationName: 'categoryOwner',
  }),
  creator: one(person, {
    fields: [category.createdBy],
    references: [person.id],
    relationName: 'categoryCreator',
  }),
  parent: one(category, {
    fields: [category.parentId],
    references: [category.id],
    relationName: 'categoryParent',
  }),
  children: many(category, { relationName: 'categoryParent' }),
  photo: one(media, {
    fields: [category.photoId],
    references: [media.id],
    relationName: 'categoryPhoto',
  }),
  preferenceCategories: many(preferenceCategory, { relationName: 'preferenceCategoryCategory' }),
  /** PreferenceCategory invites naming this category (guest access). */
  invites: many(invite, { relationName: 'inviteCategory' }),
}));

export const preferenceCategoryRelations = relations(preferenceCategory, ({ one, many }) => ({
  /**
   * PreferenceCategory invites naming this link's category, reached without
   * the category row: a guest's rule takes one step fewer (sync/permissions.ts).
   */
  categoryInvites: many(invite, { relationName: 'preferenceCategoryInvites' }),
  preference: one(preference, {
    fields: [preferenceCategory.preferenceId],
    references: [preference.id],
    relationName: 'preferenceCategoryPreference',
  }),
  category: one(category, {
    fields: [preferenceCategory.categoryId],
    references: [category.id],
    relationName: 'preferenceCategoryCategory',
  }),
  owner: one(person, {
    fields: [preferenceCategory.personId],
    references: [person.id],
    relationName: 'preferenceCategoryOwner',
  }),
}));

export const noteRelations = relations(note, ({ one, many }) => ({
  textUpdates: many(textUpdate, { relationName: 'textUpdateNote' }),
  preference: one(preference, {
    fields: [note.preferenceId],
    references: [preference.id],
    relationName: 'notePreference',
  }),
  owner: one(person, {
    fields: [note.personId],
    references: [person.id],
    relationName: 'noteOwner',
  }),
  author: one(person, {
    fields: [note.createdBy],
    references: [person.id],
    relationName: 'noteAuthor',
  }),
}));

export const mediaRelations = relations(media, ({ one, many }) => ({
  owner: one(person, {
    fields: [media.personId],
    references: [person.id],
    relationName: 'mediaOwner',
  }),
  preference: one(preference, {
    fields: [media.preferenceId],
    references: [preference.id],
    relationName: 'mediaPreference',
  }),
  creator: one(person, {
    fields: [media.createdBy],
    references: [person.id],
    relationName: 'mediaCreator',
  }),
  /** The categories showing this item as their photo (at most one: a photo is uploaded for one). */
  photoOfCategories: many(category, { relationName: 'categoryPhoto' }),
  /** The people showing it as their photo. */
  photoOfPeople: many(person, { relationName: 'personPhoto' }),
}));

export const reviewRelations = relations(review, ({ one }) => ({
  preference: one(preference, {
    fields: [review.preferenceId],
    references: [preference.id],
    relationName: 'reviewPreference',
  }),
  owner: one(person, {
    fields: [review.personId],
    references: [person.id],
    relationName: 'reviewOwner',
  }),
  reviewer: one(person, {
    fields: [review.reviewedBy],
    references: [person.id],
    relationName: 'reviewReviewer',
  }),
}));

export const supporterLinkRelations = relations(supporterLink, ({ one, many }) => ({
  supporter: one(person, {
    fields: [supporterLink.supporterId],
    references: [person.id],
    relationName: 'linkSupporter',
  }),
  supported: one(person, {
    fields: [supporterLink.supportedId],
    references: [person.id],
    relationName: 'linkSupported',
  }),
  sessions: many(supportSession, { relationName: 'sessionLink' }),
  // The other ends of the tables' `personLinks` (see the top of this file).
  preferenceRows: one(preference, {
    fields: [supporterLink.supportedId],
    references: [preference.personId],
    relationName: 'preferencePersonLinks',
  }),
  categoryRows: one(category, {
    fields: [supporterLink.supportedId],
    references: [category.personId],
    relationName: 'categoryPersonLinks',
  }),
  inviteRows: one(invite, {
    fields: [supporterLink.supportedId],
    references: [invite.personId],
    relationName: 'invitePersonLinks',
  }),
  handoverNoteRows: one(handoverNote, {
    fields: [supporterLink.supportedId],
    references: [handoverNote.personId],
    relationName: 'handoverNotePersonLinks',
  }),
  historyEventRows: one(historyEvent, {
    fields: [supporterLink.supportedId],
    references: [historyEvent.personId],
    relationName: 'historyEventPersonLinks',
  }),
  subscriptionRows: one(subscription, {
    fields: [supporterLink.supportedId],
    references: [subscription.personId],
    relationName: 'subscriptionPersonLinks',
  }),
  surveyResponseRows: one(surveyResponse, {
    fields: [supporterLink.supportedId],
    references: [surveyResponse.personId],
    relationName: 'surveyResponsePersonLinks',
  }),
  personDetailRows: one(personDetail, {
    fields: [supporterLink.supportedId],
    references: [personDetail.personId],
    relationName: 'personDetailPersonLinks',
  }),
  profilePageRows: one(profilePage, {
    fields: [supporterLink.supportedId],
    references: [profilePage.personId],
    relationName: 'profilePagePersonLinks',
  }),
  profilePageItemRows: one(profilePageItem, {
    fields: [supporterLink.supportedId],
    references: [profilePageItem.personId],
    relationName: 'profilePageItemPersonLinks',
  }),
  profileShareRows: one(profileShare, {
    fields: [supporterLink.supportedId],
    references: [profileShare.personId],
    relationName: 'profileSharePersonLinks',
  }),
}));

export const supportSessionRelations = relations(supportSession, ({ one }) => ({
  link: one(supporterLink, {
    fields: [supportSession.supporterLinkId],
    references: [supporterLink.id],
    relationName: 'sessionLink',
  }),
  /** The supported Decision Maker. */
  person: one(person, {
    fields: [supportSession.personId],
    references: [person.id],
    relationName: 'sessionPerson',
  }),
  supporter: one(person, {
    fields: [supportSession.supporterId],
    references: [person.id],
    relationName: 'sessionSupporter',
  }),
}));

export const inviteRelations = relations(invite, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'invitePersonLinks' }),
  person: one(person, {
    fields: [invite.personId],
    references: [person.id],
    relationName: 'inviteOwner',
  }),
  creator: one(person, {
    fields: [invite.createdBy],
    references: [person.id],
    relationName: 'inviteCreator',
  }),
  // target_id names a preference or a category, by kind; no foreign key (polymorphic).
  preference: one(preference, {
    fields: [invite.targetId],
    references: [preference.id],
    relationName: 'invitePreference',
  }),
  category: one(category, {
    fields: [invite.targetId],
    references: [category.id],
    relationName: 'inviteCategory',
  }),
  /** The other end of preferenceCategory.categoryInvites; nothing reads it. */
  preferenceCategoryRows: one(preferenceCategory, {
    fields: [invite.targetId],
    references: [preferenceCategory.categoryId],
    relationName: 'preferenceCategoryInvites',
  }),
}));

export const historyEventRelations = relations(historyEvent, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'historyEventPersonLinks' }),
  person: one(person, {
    fields: [historyEvent.personId],
    references: [person.id],
    relationName: 'historyPerson',
  }),
  creator: one(person, {
    fields: [historyEvent.createdBy],
    references: [person.id],
    relationName: 'historyCreator',
  }),
}));

export const handoverItemRelations = relations(handoverItem, ({ one }) => ({
  person: one(person, {
    fields: [handoverItem.personId],
    references: [person.id],
    relationName: 'handoverItemPerson',
  }),
  creator: one(person, {
    fields: [handoverItem.createdBy],
    references: [person.id],
    relationName: 'handoverItemCreator',
  }),
}));

export const handoverNoteRelations = relations(handoverNote, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'handoverNotePersonLinks' }),
  readers: many(handoverNoteReader, { relationName: 'handoverNoteReaders' }),
  author: one(person, {
    fields: [handoverNote.createdBy],
    references: [person.id],
    relationName: 'handoverNoteAuthor',
  }),
}));

export const handoverNoteReaderRelations = relations(handoverNoteReader, ({ one }) => ({
  note: one(handoverNote, {
    fields: [handoverNoteReader.noteId],
    references: [handoverNote.id],
    relationName: 'handoverNoteReaders',
  }),
}));

export const organisationRelations = relations(organisation, ({ many }) => ({
  members: many(organisationMember),
}));

export const organisationMemberRelations = relations(organisationMember, ({ one }) => ({
  organisation: one(organisation, {
    fields: [organisationMember.organisationId],
    references: [organisation.id],
  }),
  person: one(person, {
    fields: [organisationMember.personId],
    references: [person.id],
  }),
}));

export const planRelations = relations(plan, ({ many }) => ({
  subscriptions: many(subscription),
}));

export const subscriptionRelations = relations(subscription, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'subscriptionPersonLinks' }),
  person: one(person, {
    fields: [subscription.personId],
    references: [person.id],
    relationName: 'subscriptionPerson',
  }),
  plan: one(plan, { fields: [subscription.planId], references: [plan.id] }),
  administratedBy: one(person, {
    fields: [subscription.administratedById],
    references: [person.id],
    relationName: 'subscriptionAdministrator',
  }),
}));

export const surveyResponseRelations = relations(surveyResponse, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'surveyResponsePersonLinks' }),
  person: one(person, { fields: [surveyResponse.personId], references: [person.id] }),
}));

// Server-only (private schema): for drizzle's relational queries in the API.
// drizzle-zero skips them because their tables are not in the Zero schema.

export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const magicLinkChallengeRelations = relations(magicLinkChallenge, ({ one }) => ({
  user: one(user, { fields: [magicLinkChallenge.userId], references: [user.id] }),
}));

export const passkeyCredentialRelations = relations(passkeyCredential, ({ one }) => ({
  user: one(user, { fields: [passkeyCredential.userId], references: [user.id] }),
}));

export const webauthnChallengeRelations = relations(webauthnChallenge, ({ one }) => ({
  user: one(user, { fields: [webauthnChallenge.userId], references: [user.id] }),
}));

export const inviteTokenRelations = relations(inviteToken, ({ one }) => ({
  invite: one(invite, { fields: [inviteToken.inviteId], references: [invite.id] }),
}));

export const billingCustomerRelations = relations(billingCustomer, ({ one }) => ({
  person: one(person, { fields: [billingCustomer.personId], references: [person.id] }),
}));

export const textUpdateRelations = relations(textUpdate, ({ one }) => ({
  preference: one(preference, {
    fields: [textUpdate.preferenceId],
    references: [preference.id],
    relationName: 'textUpdatePreference',
  }),
  note: one(note, {
    fields: [textUpdate.noteId],
    references: [note.id],
    relationName: 'textUpdateNote',
  }),
}));

export const profilePageRelations = relations(profilePage, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'profilePagePersonLinks' }),
  person: one(person, { fields: [profilePage.personId], references: [person.id] }),
  items: many(profilePageItem),
  shares: many(profileShare),
}));

export const profilePageItemRelations = relations(profilePageItem, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'profilePageItemPersonLinks' }),
  person: one(person, { fields: [profilePageItem.personId], references: [person.id] }),
  page: one(profilePage, {
    fields: [profilePageItem.profilePageId],
    references: [profilePage.id],
  }),
  preference: one(preference, {
    fields: [profilePageItem.preferenceId],
    references: [preference.id],
  }),
}));

export const profileShareRelations = relations(profileShare, ({ one, many }) => ({
  personLinks: many(supporterLink, { relationName: 'profileSharePersonLinks' }),
  person: one(person, { fields: [profileShare.personId], references: [person.id] }),
  page: one(profilePage, { fields: [profileShare.profilePageId], references: [profilePage.id] }),
}));
