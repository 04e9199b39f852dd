/**
 * Interface text of the organisation pages (/organisations, spec §2, §6):
 * imported where used (web/messages.ts). The refusal is spec §8's sentence, the same the
 * API answers with (sync/organisation.ts); it is written out here rather
 * than imported, so these words pull in no query code.
 */
import type { OrganisationStatus, OrganisationType } from '../../schema/enums.ts';
import { messages } from '../messages.ts';

export const organisationMessages = {
  listTitle: messages.titles.organisations,
  title: messages.titles.organisation,
  listIntro: 'The organisations you are part of.',
  listLabel: 'Your organisations',
  loading: 'Loading organisations…',
  loadingOne: 'Loading the organisation…',
  empty: 'You are not part of any organisation.',
  details: 'About this organisation',
  type: 'Type',
  status: 'Status',
  created: 'Created',
  updated: 'Last updated',
  logoOf: (name: string) => `Logo of ${name}`,
  members: 'Members',
  noMembers: 'There are no members yet.',
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
    suspended: 'Suspended',
  } satisfies Record<OrganisationStatus, string>,
  /** A platform user's list and the managing part of the organisation page. */
  manageTitle: 'Manage organisations',
  manageIntro:
    'All the organisations on the platform, and the status of each. Open one to approve, edit or suspend it.',
  manageLabel: 'All organisations',
  manageEmpty: 'There are no organisations yet.',
  waiting: (n: number) =>
    n === 1
      ? '1 organisation waits for you to approve it.'
      : `${n} organisations wait for you to approve them.`,
  manage: 'Manage this organisation',
  approve: 'Approve',
  approveHelp: 'When you approve it, its staff can use the organisation.',
  suspend: 'Suspend',
  suspendHelp: 'Suspending keeps its details and members, and stops it until it is approved again.',
  suspendConfirmTitle: (name: string) => `Suspend ${name}?`,
  suspendConfirmBody:
    'Its staff will see it as suspended until a platform user approves it again. Nothing is deleted.',
  edit: 'Edit details',
  nameLabel: 'Name',
  typeLabel: 'Type',
  typeHints: {
    provider: 'A care or support provider, whose staff support people.',
    platform: 'An organisation that runs the site.',
  } satisfies Record<OrganisationType, string>,
  logoLabel: 'Logo',
  logoHint: 'A PNG, JPEG, WebP or GIF picture, at most 1 MB.',
  removeLogo: 'Remove the logo',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  approvedNow: (name: string) => `${name} is approved.`,
  suspendedNow: (name: string) => `${name} is suspended.`,
} as const;
