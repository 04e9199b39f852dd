/**
 * Interface text of the organisation pages (/organisations, spec §2, §6):
 * part of web/messages.ts. The refusal is spec §8's sentence, the same the
 * API answers with (sync/organisation.ts); it is written out here rather
 * than imported, so the catalogue (on every page) pulls in no query code.
 */
import type { OrganisationStatus, OrganisationType } from '../../schema/enums.ts';

export const organisationMessages = {
  listTitle: 'Organisations',
  title: 'Organisation',
  listIntro: 'The organisations you belong to.',
  listLabel: 'Your organisations',
  loading: 'Loading organisations…',
  loadingOne: 'Loading the organisation…',
  empty: 'You do not belong to any organisation.',
  details: 'About this organisation',
  type: 'Type',
  status: 'Status',
  created: 'Created',
  updated: 'Last updated',
  logoOf: (name: string) => `Logo of ${name}`,
  members: 'Members',
  noMembers: 'This organisation has no members yet.',
  you: (name: string) => `${name} (you)`,
  youSupport: 'People you support',
  allOrganisations: 'All organisations',
  /** Spec §6, §8. */
  accessDenied: 'Access Denied',
  noPermission: "You don't have permission to view this organisation.",
  types: { provider: 'Provider', platform: 'Platform' } satisfies Record<OrganisationType, string>,
  statuses: {
    approved: 'Approved',
    pending_approval: 'Pending approval',
    email_verified: 'Email verified',
  } satisfies Record<OrganisationStatus, string>,
} as const;
