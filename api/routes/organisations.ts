/**
 * Organisations over REST (spec §7 Organisations): the caller's
 * list, one organisation with its members, and its logo through a
 * short-lived signed URL. Who may read what is sync/permissions.ts
 * readableOrganisations, through the same synced queries the pages use. An
 * organisation the caller may not read and an id that names none are
 * refused alike (403, spec §6's words), so the answer never tells whether
 * it exists.
 */
import type { Row } from '@rocicorp/zero';
import { Hono } from 'hono';
import { z } from 'zod';
import { personName } from '../../sync/circle.ts';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import { itemId } from '../../sync/library-fields.ts';
import { organisationMessages, organisationQueries } from '../../sync/organisation.ts';
import { readableOrganisations } from '../../sync/permissions.ts';
import { signedIn } from '../auth/caller.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { DOWNLOAD_URL_SECONDS, mediaStoreRoute, servedAs } from '../media/serving.ts';
import { valid } from '../validate.ts';

type OrganisationRow = Row['organisation'];

const iso = (ms: number) => new Date(ms).toISOString();

/** An organisation as the API shows it: the logo as a flag (its key stays on the server). */
function organisationJson(o: OrganisationRow) {
  return {
    id: o.id,
    name: o.name,
    type: o.type,
    status: o.status,
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
    hasLogo: o.logoStorageKey !== null,
  };
}

export type OrganisationJson = ReturnType<typeof organisationJson>;

const idParam = z.object({ id: itemId });

export function organisationRoutes(deps: AppDeps) {
  const { zdb } = deps;
  const caller = signedIn(deps);
  const id = valid('param', idParam, organisationMessages.badId);

  /** The organisation with its members, for a caller who may read it; refused alike otherwise. */
  async function readable(ctx: AuthContext, organisationId: string) {
    const row = await zdb.run(organisationQueries.byId.fn({ args: { id: organisationId }, ctx }));
    if (!row) throw appError('forbidden', organisationMessages.noPermission);
    return row;
  }

  return (
    new Hono<AppEnv>()
      .get('/', caller, async (c) => {
        const rows = await zdb.run(
          readableOrganisations(c.var.session.auth).orderBy('name', 'asc'),
        );
        return c.json({ organisations: rows.map(organisationJson) });
      })
      .get('/:id', caller, id, async (c) => {
        const row = await readable(c.var.session.auth, c.req.valid('param').id);
        return c.json({
          ...organisationJson(row),
          members: row.members.map((m) => ({
            personId: m.personId,
            name: personName(m.person),
            role: m.role,
          })),
        });
      })
      /** For `<img src>`: the logo as a redirect to a signed URL; 404 when there is none. */
      .get('/:id/logo/signed/redirect', mediaStoreRoute(deps), caller, id, async (c) => {
        const row = await readable(c.var.session.auth, c.req.valid('param').id);
        const key = row.logoStorageKey;
        const stored = key ? await c.var.store.head(key) : undefined;
        if (!key || !stored) throw appError('not_found', organisationMessages.noLogo);
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
      })
  );
}
