/** Circle of Support: synced queries and mutators for supporter links (filled by issue 4). */
export const circleQueries = {};
export const circleMutators = {};
