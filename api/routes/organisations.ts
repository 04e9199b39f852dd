/**
 * Organisations over REST (spec §7 Organisations): the caller's
 * list, one organisation with its members, and its logo through a
 * short-lived signed URL. A platform user manages them (sync/organisation.ts
 * organisationChanges, the same changes the pages make through Zero):
 * POST …/{id}/approve and …/{id}/suspend, PATCH …/{id} (name, type), and
 * PUT …/{id}/logo (the picture's bytes as the body) or DELETE …/{id}/logo. Who may read what is sync/permissions.ts
 * readableOrganisations, through the same synced queries the pages use. An
 * organisation the caller may not read and an id that names none are
 * refused alike (403, spec §6's words), so the answer never tells whether
 * it exists.
 */
import type { Row } from '@rocicorp/zero';
import { fileTypeFromBuffer } from 'file-type';
import { Hono } from 'hono';
import { z } from 'zod';
import { zql } from '../../schema/zero-schema.gen.ts';
import { supporterName } from '../../sync/circle.ts';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import { itemId } from '../../sync/library-fields.ts';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  organisationChanges,
  organisationQueries,
  organisationRuleMessages,
  requirePlatform,
  setOrganisationLogo,
} from '../../sync/organisation.ts';
import { readableOrganisations } from '../../sync/permissions.ts';
import {
  answers,
  type OrganisationAnswer,
  type OrganisationDetailAnswer,
  organisationAnswer,
  organisationDetailAnswer,
} from '../answers.ts';
import { signedIn } from '../auth/caller.ts';
import { changeResource, type Resource, runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { DOWNLOAD_URL_SECONDS, mediaStoreRoute, servedAs } from '../media/serving.ts';
import { changeBody, redirects, revalidates, valid } from '../validate.ts';
import { etagOf, ifMatchOf, lockRow, versioned } from '../versions.ts';
import { wireRow } from '../wire.ts';

type OrganisationRow = Row['organisation'];

/** An organisation as the API shows it: the logo as a flag (its key stays on the server). */
function organisationJson(o: OrganisationRow): OrganisationAnswer {
  return {
    ...wireRow(o, ['id', 'name', 'type', 'status'], ['createdAt', 'updatedAt']),
    hasLogo: o.logoStorageKey !== null,
  };
}

export type OrganisationJson = ReturnType<typeof organisationJson>;

const idParam = z.object({ id: itemId });

export function organisationRoutes(deps: AppDeps) {
  const { zdb } = deps;
  const caller = signedIn(deps);
  const id = valid('param', idParam, organisationRuleMessages.badId);

  /** The organisation with its members, for a caller who may read it; refused alike otherwise. */
  async function readable(ctx: AuthContext, organisationId: string) {
    const row = await zdb.run(organisationQueries.byId.fn({ args: { id: organisationId }, ctx }));
    if (!row) throw appError('forbidden', organisationRuleMessages.noPermission);
    return row;
  }

  type OrganisationRow = Awaited<ReturnType<typeof readable>>;
  /** Its representation: the organisation and its members, as GET answers it. */
  const withMembers = (row: OrganisationRow): OrganisationDetailAnswer => ({
    ...organisationJson(row),
    members: row.members.map((m) => ({
      personId: m.personId,
      name: supporterName(m.person),
      role: m.role,
    })),
  });
  const organisation = (ctx: AuthContext, organisationId: string): Resource<OrganisationRow> => ({
    lock: (tx) => lockRow(tx, 'organisation', organisationId),
    read: (tx) => tx.run(organisationQueries.byId.fn({ args: { id: organisationId }, ctx })),
    json: withMembers,
    // Only a platform user changes one: who cannot even read it is told that.
    missing: () => appError('forbidden', organisationRuleMessages.notPlatform),
  });

  /** The organisation as the API shows it, once a change has committed. */
  async function shown(ctx: AuthContext, organisationId: string) {
    return organisationJson(await readable(ctx, organisationId));
  }

  return (
    new Hono<AppEnv>()
      .get(
        '/',
        answers(
          200,
          'The organisations the caller may see.',
          z.object({ organisations: z.array(organisationAnswer) }),
        ),
        caller,
        async (c) => {
          const rows = await zdb.run(
            readableOrganisations(c.var.session.auth).orderBy('name', 'asc'),
          );
          return c.json({ organisations: rows.map(organisationJson) });
        },
      )
      .get(
        '/:id',
        revalidates,
        answers(200, 'The organisation, with its members.', organisationDetailAnswer),
        caller,
        id,
        async (c) => {
          const row = await readable(c.var.session.auth, c.req.valid('param').id);
          return versioned(c, withMembers(row));
        },
      )
      .post(
        '/:id/approve',
        answers(200, 'The organisation, approved.', organisationAnswer),
        caller,
        id,
        async (c) => {
          const ctx = c.var.session.auth;
          const { id: organisationId } = c.req.valid('param');
          await runChange(deps, organisationChanges.approve, ctx, { id: organisationId });
          return c.json(await shown(ctx, organisationId));
        },
      )
      .post(
        '/:id/suspend',
        answers(200, 'The organisation, suspended.', organisationAnswer),
        caller,
        id,
        async (c) => {
          const ctx = c.var.session.auth;
          const { id: organisationId } = c.req.valid('param');
          await runChange(deps, organisationChanges.suspend, ctx, { id: organisationId });
          return c.json(await shown(ctx, organisationId));
        },
      )
      .patch(
        '/:id',
        answers(200, 'The organisation as it is now.', organisationAnswer),
        caller,
        id,
        changeBody(organisationChanges.update, ['id']),
        async (c) => {
          const ctx = c.var.session.auth;
          const { id: organisationId } = c.req.valid('param');
          const after = await changeResource(
            deps,
            organisationChanges.update,
            ctx,
            { ...c.req.valid('json'), id: organisationId },
            organisation(ctx, organisationId),
            ifMatchOf(c),
          );
          if (after === undefined)
            throw appError('forbidden', organisationRuleMessages.noPermission);
          // The answer as before, without its members; its version is the organisation's.
          c.header('etag', etagOf(after));
          const { members: _, ...shownNow } = after as ReturnType<typeof withMembers>;
          return c.json(shownNow);
        },
      )
      /**
       * A new logo: the picture's bytes as the body. What the bytes are decides
       * (not the header): a PNG, JPEG, WebP or GIF, stored under a key of its
       * own, and the one it replaces removed once the change has committed.
       */
      .put(
        '/:id/logo',
        answers(200, 'The organisation, with its new logo.', organisationAnswer),
        mediaStoreRoute(deps),
        caller,
        id,
        async (c) => {
          const ctx = c.var.session.auth;
          // Refused before any body is read or stored, by the changes' own rule.
          requirePlatform(ctx);
          const { id: organisationId } = c.req.valid('param');
          const before = await zdb.run(zql.organisation.where('id', organisationId).one());
          if (!before) throw appError('not_found');
          const bytes = new Uint8Array(await c.req.arrayBuffer());
          if (bytes.byteLength > LOGO_MAX_BYTES) {
            throw appError(
              'invalid',
              organisationRuleMessages.logoTooLarge(LOGO_MAX_BYTES / 1024 ** 2),
            );
          }
          const type = await fileTypeFromBuffer(bytes);
          if (!type || !(LOGO_TYPES as readonly string[]).includes(type.mime)) {
            throw appError('invalid', organisationRuleMessages.logoNotImage);
          }
          const key = `organisations/${organisationId}/logo-${crypto.randomUUID()}.${type.ext}`;
          await c.var.store.put(
            key,
            bytes,
            type.mime,
            servedAs({ contentType: type.mime, name: `${before.name} logo` }),
          );
          try {
            await runChange(deps, setOrganisationLogo, ctx, { id: organisationId, key });
          } catch (e) {
            await c.var.store.remove(key).catch(() => {});
            throw e;
          }
          await removeQuietly(c.var.store, before.logoStorageKey);
          return c.json(await shown(ctx, organisationId));
        },
      )
      .delete(
        '/:id/logo',
        answers(200, 'The organisation, without a logo.', organisationAnswer),
        mediaStoreRoute(deps),
        caller,
        id,
        async (c) => {
          const ctx = c.var.session.auth;
          const { id: organisationId } = c.req.valid('param');
          // Refused before any body is read or stored, by the changes' own rule.
          requirePlatform(ctx);
          const before = await zdb.run(zql.organisation.where('id', organisationId).one());
          if (!before) throw appError('not_found');
          await runChange(deps, setOrganisationLogo, ctx, { id: organisationId, key: null });
          await removeQuietly(c.var.store, before.logoStorageKey);
          return c.json(await shown(ctx, organisationId));
        },
      )
      /** For `<img src>`: the logo as a redirect to a signed URL; 404 when there is none. */
      .get(
        '/:id/logo/signed/redirect',
        redirects(302, 'the logo, signed for a short while'),
        mediaStoreRoute(deps),
        caller,
        id,
        async (c) => {
          const row = await readable(c.var.session.auth, c.req.valid('param').id);
          const key = row.logoStorageKey;
          const stored = key ? await c.var.store.head(key) : undefined;
          if (!key || !stored) throw appError('not_found', organisationRuleMessages.noLogo);
          // Served as what it is stored as when that is a picture, otherwise as
          // bytes to save, never to show (api/media/serving.ts servedAs).
          const served = servedAs({
            contentType: stored.contentType ?? '',
            name: `${row.name} logo`,
          });
          const url = await c.var.store.signDownload(key, DOWNLOAD_URL_SECONDS, served);
          // Private: the redirect depends on who asks. Shorter than the URL's life.
          c.header('cache-control', `private, max-age=${DOWNLOAD_URL_SECONDS - 60}`);
          return c.redirect(url, 302);
        },
      )
  );
}

/**
 * A logo no organisation names any more: removed after the change that let
 * it go has committed. Failing leaves an object nobody reads, never a logo
 * that is gone; it is said in the log.
 */
async function removeQuietly(
  store: { remove: (key: string) => Promise<void> },
  key: string | null,
) {
  if (key === null) return;
  await store
    .remove(key)
    .catch((e: unknown) => console.error('organisations: logo not removed', key, e));
}
