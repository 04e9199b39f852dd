/**
 * Every enumeration of the product, as plain `as const` arrays.
 *
 * This module has no imports on purpose: the web app imports it for labels,
 * select options and zod schemas without pulling drizzle into the bundle. The
 * Postgres enums in `tables.ts` / `private.ts` are built from these arrays, so
 * the values here are the values in the database (spelling from spec §3).
 */

export const PERSON_TYPES = [
  'Supporter',
  'DecisionMaker',
  'SupporterAndDecisionMaker',
  'Platform',
  'Anonymous',
] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

export const USER_TYPES = ['General', 'Anonymous', 'Platform'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** `Other` goes with the free-text `person.pronounsOther`. */
export const PRONOUNS = ['HeHimHis', 'SheHerHers', 'TheyThemTheirs', 'Other'] as const;
export type Pronouns = (typeof PRONOUNS)[number];

/** Emoji-based feeling of a preference. `Other` goes with `preference.feelingOther`. */
export const FEELINGS = [
  'love',
  'like',
  'neutral',
  'dislike',
  'hate',
  'happy',
  'sad',
  'relaxed',
  'angry',
  'playful',
  'tired',
  'excited',
  'bored',
  'worried',
  'lonely',
  'in-pain',
  'unwell',
  'Other',
] as const;
export type Feeling = (typeof FEELINGS)[number];

/** Access of a preference or a category. */
export const ACCESS = ['General', 'Restricted'] as const;
export type Access = (typeof ACCESS)[number];

/** Level of a supporter link (a Supporter's access to a Decision Maker). */
export const ACCESS_LEVELS = ['General', 'Restricted', 'Administrator'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const REVIEW_SCHEDULES = [
  'Never',
  'OnceAWeek',
  'OnceAMonth',
  'OnceAQuarter',
  'TwiceAYear',
  'OnceAYear',
  'EveryTwoYears',
  'EveryFiveYears',
  'EveryTenYears',
] as const;
export type ReviewSchedule = (typeof REVIEW_SCHEDULES)[number];

/** Grouping labels of the preference list by review state. Derived, never stored. */
export const REVIEW_GROUPS = ['DueSoon', 'Due', 'NotDue', 'New'] as const;
export type ReviewGroup = (typeof REVIEW_GROUPS)[number];

export const INVITE_KINDS = [
  'Supporter',
  'Person',
  'Profile',
  'Preference',
  'PreferenceCategory',
  'User',
] as const;
export type InviteKind = (typeof INVITE_KINDS)[number];

export const HISTORY_EVENT_TYPES = [
  'Create',
  'Modify',
  'Delete',
  'Access',
  'SignIn',
  'SignOut',
  'SessionStart',
  'SessionFinish',
] as const;
export type HistoryEventType = (typeof HISTORY_EVENT_TYPES)[number];

export const HISTORY_RELATED_TYPES = [
  'Preference',
  'PreferenceCategory',
  'Note',
  'Media',
  'Person',
  'User',
  'SupporterLink',
  'SupportSession',
  'Invite',
  'Review',
  'Subscription',
  'Passkey',
  'Organisation',
  'Survey',
  'ProfilePage',
  'HandoverNote',
] as const;

/**
 * What an item of a supporter's handover is about ("since your last visit",
 * sync/handover.ts): a preference or one of its notes added, changed or
 * removed, a review that became due, or the supporter's own level changed.
 */
export const HANDOVER_KINDS = ['Preference', 'Note', 'Review', 'Access'] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

/** How many days a handover note lasts until the person chooses (the column's default too). */
export const HANDOVER_DAYS_DEFAULT = 7;

/** What a one-page profile is for: it sets the page's first title. */
export const PROFILE_PURPOSES = ['HospitalStay', 'Respite', 'NewSupportWorker', 'Other'] as const;
export type ProfilePurpose = (typeof PROFILE_PURPOSES)[number];

/** The three parts of a one-page profile a preference is placed in. */
export const PROFILE_SECTIONS = ['Love', 'Dislike', 'Support'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];
export type HistoryRelatedType = (typeof HISTORY_RELATED_TYPES)[number];

export const ORGANISATION_TYPES = ['provider', 'platform'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

export const ORGANISATION_STATUSES = [
  'approved',
  'pending_approval',
  'email_verified',
  'suspended',
] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

export const PLAN_DURATIONS = ['Month', 'Year'] as const;
export type PlanDuration = (typeof PLAN_DURATIONS)[number];

/** Stripe's subscription statuses, stored as Stripe sends them. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SURVEY_ANSWERS = ['Yes', 'No', 'Sometimes'] as const;
export type SurveyAnswer = (typeof SURVEY_ANSWERS)[number];

/** Kind of a media item, decided by the mime-type prefix (image/, audio/, video/, else other). */
export const MEDIA_TYPES = ['image', 'audio', 'video', 'other'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** A preference is a `Draft` while its creation wizard is unfinished. */
export const PREFERENCE_STATUSES = ['Draft', 'Published'] as const;
export type PreferenceStatus = (typeof PREFERENCE_STATUSES)[number];

/** Server-only (private schema): what a stored WebAuthn challenge is for. */
export const WEBAUTHN_CHALLENGE_KINDS = ['registration', 'authentication'] as const;
export type WebauthnChallengeKind = (typeof WEBAUTHN_CHALLENGE_KINDS)[number];
