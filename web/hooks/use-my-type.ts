import { useQuery } from '@rocicorp/zero/react';
import { getRouteApi } from '@tanstack/react-router';
import { PERSON_TYPES, type PersonType } from '../../schema/enums.ts';
import { queries } from '../../sync/queries.ts';

const personArea = getRouteApi('/people/$personId');

/** A person type, narrowed (an unknown value acts as a Supporter: the least). */
export function personType(t: string | null | undefined): PersonType {
  return PERSON_TYPES.find((p) => p === t) ?? 'Supporter';
}

/**
 * The signed-in person's type, live: a role changed in personal details (in
 * this tab or another) changes the menu, the library and write access at
 * once. The session's copy until the synced row arrives.
 */
export function useMyType(): PersonType {
  const { session } = personArea.useRouteContext();
  const me = session.person.id;
  const [row] = useQuery(queries.person.byId({ personId: me }));
  return personType(row?.type ?? session.person.type);
}
