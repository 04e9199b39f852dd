/**
 * Invites in the browser: the calls to /api (api/routes/invites.ts), the pending-invite
 * memory in sessionStorage, date formatting and the small shared pieces of the
 * invite pages.
 */
import type { ReactNode } from 'react';
import { dates } from '../../sync/dates.ts';
import {
  type AcceptedInvite,
  type InviteAccepted,
  type InviteCreateBody,
  type InviteCreated,
  type InviteView,
  PENDING_INVITE_KEY,
  type PendingInvite,
  parsePendingInvite,
} from '../../sync/invite.ts';
import { call, client } from '../api-client.ts';
import { inviteMessages } from '../messages/invite.ts';
import { ModalDialog } from './modal-dialog.tsx';

const t = inviteMessages;

const dateFormat = dates.day;

/** An expiry date in en-NZ, e.g. "6 December 2026". */
export function formatInviteDate(iso: string | number): string {
  return dateFormat.format(new Date(iso));
}

// -- Calls (api/routes/invites.ts, through the typed client) ----------------------

export function createInvite(personId: string, body: InviteCreateBody): Promise<InviteCreated> {
  return call(client.people[':personId'].invites.$post({ param: { personId }, json: body }));
}

export function withdrawInvite(personId: string, id: string): Promise<void> {
  return call(client.people[':personId'].invites[':id'].$delete({ param: { personId, id } })).then(
    () => undefined,
  );
}

export function fetchInvite(id: string, token: string): Promise<InviteView> {
  return call(client.invites[':id'].$get({ param: { id }, query: { token } }));
}

export function acceptInvite(id: string, token: string): Promise<InviteAccepted> {
  return call(client.invites[':id'].accept.$post({ param: { id }, json: { token } }));
}

export function declineInvite(id: string, token: string): Promise<void> {
  return call(client.invites[':id'].decline.$post({ param: { id }, json: { token } })).then(
    () => undefined,
  );
}

export function fetchAcceptedInvites(personId: string): Promise<AcceptedInvite[]> {
  return call(client.people[':personId'].invites.accepted.$get({ param: { personId } }));
}

// -- The invite to come back to after signing in ----------------------------------

/** Remembers `{id, token}` (JSON) under sessionStorage `invite.pending`. */
export function rememberPendingInvite(pending: PendingInvite) {
  try {
    sessionStorage.setItem(PENDING_INVITE_KEY, JSON.stringify(pending));
  } catch {
    // Storage unavailable: the user can open the link again.
  }
}

export function readPendingInvite(): PendingInvite | undefined {
  try {
    return parsePendingInvite(sessionStorage.getItem(PENDING_INVITE_KEY));
  } catch {
    return undefined;
  }
}

/** Forgets the pending invite once it has been answered. */
export function forgetPendingInvite(id: string) {
  try {
    const raw = sessionStorage.getItem(PENDING_INVITE_KEY);
    const pending = parsePendingInvite(raw);
    if (raw !== null && (!pending || pending.id === id)) {
      sessionStorage.removeItem(PENDING_INVITE_KEY);
    }
  } catch {
    // Storage unavailable: nothing to forget.
  }
}

// -- Pieces ----------------------------------------------------------------------

/** "Tui Brown invites you to join Tui Brown’s Circle of Support as a Supporter with General access." */
export function inviteSentence(v: InviteView): string {
  const who = t.by(v.inviter.name, v.person.name);
  const level = t.levels[v.accessLevel ?? 'General'];
  const title = v.target?.title ?? '';
  switch (v.kind) {
    case 'Supporter':
      return `${who} ${t.supporterFor(v.person.name, level)}`;
    case 'Profile':
      return `${who} ${t.profileFor(v.person.name)}`;
    case 'Preference':
      return `${who} ${t.preferenceFor(v.person.name, title)}`;
    case 'PreferenceCategory':
      return `${who} ${t.categoryFor(v.person.name, title)}`;
    case 'Person':
      return `${who} ${t.personFor}`;
    case 'User':
      return `${who} ${t.userFor}`;
  }
}

/** The name of the accept button (spec §4): Accept Connection, View Profile, or what it names. */
export function acceptLabel(v: InviteView): string {
  switch (v.kind) {
    case 'Supporter':
      return t.accept;
    case 'Profile':
      return t.viewProfile;
    case 'Preference':
    case 'PreferenceCategory':
      return v.target?.title ?? t.acceptOther;
    default:
      return t.acceptOther;
  }
}

/**
 * A modal message dialog (spec §4: refusals such as self support are explained
 * in a dialog). Escape and the button close it; focus goes to the button.
 */
export function InviteDialog({
  open,
  title,
  children,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={open} title={title} body={children} onCancel={onClose}>
      <div className="actions">
        <button type="button" onClick={onClose}>
          {t.ok}
        </button>
      </div>
    </ModalDialog>
  );
}
