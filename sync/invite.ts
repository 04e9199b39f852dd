/** Invites: synced queries and mutators (filled by issue 4). */
export const inviteQueries = {};
export const inviteMutators = {};
