/**
 * Accounts and signing in: registering, signing in and out, adding and
 * deleting passkeys. Each is a change (sync/change.ts) that writes its history
 * like any other, but only the server makes them: they write tables no client
 * holds (`private.session`, `private.passkey_credential`) or a new account,
 * for callers the API has just identified (the person registering, the person
 * whose e-mail link or passkey was verified). They are never Zero mutators
 * (sync/mutators.ts); the API runs them (api/routes/users.ts, api/auth/).
 *
 * The caller (`ctx`) is the person the change is about: the one registering
 * (their new user and person ids), signing in or out, or adding a passkey;
 * for deleting a passkey, an administrator of its person.
 */
import { z } from 'zod';
import { HANDOVER_DAYS_DEFAULT } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineServerChange, historyEntry, madeBy, sqlTexts, sqlTime } from './change.ts';
import { appError } from './errors.ts';
import { itemId as id } from './ids.ts';
import { isAdministrator, libraryAccess } from './permissions.ts';
import { registrationSchema } from './validation.ts';

export const accountRuleMessages = {
  notPasskeyAdministrator: 'Only an administrator of this person can manage their passkeys.',
} as const;

export const SIGN_IN_METHODS = ['email link', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A session's id: the SHA-256 (hex) of its token, which only the browser holds. */
const sessionId = z.string().min(1).max(128);
/** A WebAuthn credential id, base64url (at most 1023 bytes: 1364 characters). */
const credentialId = z.string().min(1).max(1364);

export const signInArgs = z.object({
  sessionId,
  /** The session this browser held before (rotation: it is revoked), if any. */
  previousSessionId: sessionId.nullable(),
  /** When the new session ends (ms). */
  expiresAt: z.number().int(),
  userAgent: z.string().max(500).nullable(),
  method: z.enum(SIGN_IN_METHODS),
});

export const signOutArgs = z.object({ sessionId });

export const passkeyAddArgs = z.object({
  id: credentialId,
  /** COSE public key, base64url. */
  publicKey: z.string().min(1),
  counter: z.number().int().min(0),
  transports: z.array(z.string().max(32)).max(16),
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  backedUp: z.boolean(),
  aaguid: z.string().max(64).nullable(),
});

export const passkeyDeleteArgs = z.object({ personId: id, passkeyId: credentialId });

/** Server-only changes of accounts and sign-in, run by the API (never Zero mutators). */
export const accountServerChanges = {
  /**
   * A new account (spec §3): the person (both roles), their details and their
   * user, as `ctx` names them (ids the API made). Refuses an address that has
   * an account already (email_taken); of two registrations racing for one
   * address, the unique index refuses the second (the API answers it the same).
   */
  register: defineServerChange(registrationSchema, async ({ tx, me }, args) => {
    const taken = await tx.run(zql.user.where('email', args.email).one());
    if (taken) throw appError('email_taken');
    const now = Date.now();
    await tx.mutate.person.insert({
      id: me.personId,
      type: args.person.type,
      firstName: args.person.firstName,
      lastName: args.person.lastName,
      knownAs: args.person.knownAs,
      fullName: `${args.person.firstName} ${args.person.lastName}`,
      handoverNoteDays: HANDOVER_DAYS_DEFAULT,
      easyRead: false,
      ...madeBy(me.personId, now),
    });
    // Personal details live apart: fewer people may read them (person_detail).
    await tx.mutate.personDetail.insert({
      personId: me.personId,
      phone: args.person.personalInformation.phone || null,
      email: args.email,
      ...madeBy(me.personId, now),
    });
    await tx.mutate.user.insert({
      id: me.userID,
      personId: me.personId,
      email: args.email,
      type: args.type,
      acceptedTermsAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return historyEntry('Create', 'User', { id: me.userID, personId: me.personId }, 'Registered');
  }),

  /**
   * Signs `ctx` in: a fresh session (rotation: the browser's previous session,
   * if any, is revoked). The API sets the cookie once this is stored.
   */
  signIn: defineServerChange(signInArgs, async ({ db, me }, args) => {
    if (args.previousSessionId) {
      await db.query('UPDATE private.session SET revoked_at = $2::timestamptz WHERE id = $1', [
        args.previousSessionId,
        sqlTime(Date.now()),
      ]);
    }
    await db.query(
      `INSERT INTO private.session (id, user_id, expires_at, rotated_from, user_agent)
       VALUES ($1, $2, $3::timestamptz, $4, $5)`,
      [args.sessionId, me.userID, sqlTime(args.expiresAt), args.previousSessionId, args.userAgent],
    );
    return historyEntry(
      'SignIn',
      'User',
      { id: me.userID, personId: me.personId },
      `Signed in with ${args.method === 'passkey' ? 'a passkey' : 'an e-mail link'}`,
    );
  }),

  /** Ends `ctx`'s session `sessionId` at once. */
  signOut: defineServerChange(signOutArgs, async ({ db, me }, args) => {
    await db.query(
      'UPDATE private.session SET revoked_at = $3::timestamptz WHERE id = $1 AND user_id = $2',
      [args.sessionId, me.userID, sqlTime(Date.now())],
    );
    return historyEntry('SignOut', 'User', { id: me.userID, personId: me.personId }, 'Signed out');
  }),

  /**
   * A passkey of `ctx`'s own, as the API verified it (its public key never
   * leaves the server). A credential stored already, whoever's, is refused.
   */
  addPasskey: defineServerChange(passkeyAddArgs, async ({ db, me }, args) => {
    const inserted = [
      ...(await db.query(
        `INSERT INTO private.passkey_credential
           (id, user_id, public_key, counter, transports, device_type, backed_up, aaguid)
         VALUES ($1, $2, $3, $4::bigint, ${sqlTexts('$5')}, $6, $7::boolean, $8)
         ON CONFLICT (id) DO NOTHING
         RETURNING id`,
        [
          args.id,
          me.userID,
          args.publicKey,
          args.counter,
          JSON.stringify(args.transports),
          args.deviceType,
          args.backedUp,
          args.aaguid,
        ],
      )),
    ];
    if (!inserted.length) throw appError('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED');
    return historyEntry(
      'Create',
      'Passkey',
      { id: args.id, personId: me.personId },
      'Added a passkey',
    );
  }),

  /**
   * Deletes a passkey of `personId`'s (spec §4 Settings): only their
   * administrator may (forbidden); one that is not theirs is not found.
   */
  deletePasskey: defineServerChange(passkeyDeleteArgs, async ({ tx, db, me }, args) => {
    if (!isAdministrator(await libraryAccess(tx, me, args.personId))) {
      throw appError('forbidden', accountRuleMessages.notPasskeyAdministrator);
    }
    const removed = [
      ...(await db.query(
        `DELETE FROM private.passkey_credential
          WHERE id = $1 AND user_id IN (SELECT id FROM app_user WHERE person_id = $2)
          RETURNING id`,
        [args.passkeyId, args.personId],
      )),
    ];
    if (!removed.length) throw appError('passkey_not_found');
    return historyEntry(
      'Delete',
      'Passkey',
      { id: args.passkeyId, personId: args.personId },
      'Deleted a passkey',
    );
  }),
};
