import { useQuery } from '@rocicorp/zero/react';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { queries } from '../../sync/queries.ts';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { useMyType } from '../hooks/use-my-type.ts';
import { passkeyCount, webAuthnSupported } from '../passkey-support.ts';
import type { NavContext } from './menu.ts';

const personArea = getRouteApi('/people/$personId');

/**
 * What the navigation rules (menu.ts) need, read live for the area of
 * `personId`: the signed-in person's current role (a role change shows at
 * once), whether they administer the person now, whether they have passkeys,
 * how many organisations they read (live: joining or leaving one shows at once).
 */
export function useNavContext(personId: string, guestOf: NavContext['guestOf'] = null): NavContext {
  const { session } = personArea.useRouteContext();
  const me = session.person.id;
  const myType = useMyType();
  const actingForOther = personId !== me;
  const administrator = useIsAdministrator(personId);
  const [organisations] = useQuery(queries.organisation.mine());
  const [passkeys, setPasskeys] = useState(0);
  useEffect(() => {
    let live = true;
    // The count is asked once per person and kept (spec §9: no staleness expiry).
    passkeyCount(me).then(
      (n) => live && setPasskeys(n),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [me]);
  return {
    myType,
    actingForOther,
    // As sync/permissions.ts says, except that in their own area a Supporter
    // (who has no library) gets the Supporter menu, on purpose (spec §2).
    isAdministrator: administrator && !(myType === 'Supporter' && !actingForOther),
    guestOf,
    organisations: organisations.length,
    isPlatformUser: myType === 'Platform',
    passkeysSupported: webAuthnSupported(),
    hasPasskeys: passkeys > 0,
    iosNative: false,
  };
}
