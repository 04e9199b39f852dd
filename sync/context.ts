import '../schema/zero-schema.gen.ts';
import type { PersonType } from '../schema/enums.ts';

/**
 * Who is asking. The API derives it from the session cookie; the browser gets the
 * same values from GET /api/session. `undefined` means signed out.
 */
export type AuthContext = {
  /** The signed-in user's id: also Zero's `userID`, which pins a client group to one user. */
  userID: string;
  /** The person the user is. */
  personId: string;
  /**
   * The person is a platform user (person type `Platform`), who reads every
   * organisation (sync/permissions.ts readableOrganisations). Optional: only
   * the organisation rules ask, and a context without it is not one.
   */
  platform?: boolean;
  /**
   * The person's type, read with the session on every request: a change to
   * their own library asks whether they keep one (sync/library-rules.ts)
   * without reading their row again. Optional: without it the rule reads it.
   */
  personType?: PersonType;
};

export type ZeroContext = AuthContext | undefined;

declare module '@rocicorp/zero' {
  interface DefaultTypes {
    context: ZeroContext;
  }
}
