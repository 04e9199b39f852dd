/**
 * People and the Circle of Support over REST (spec §7 People and users,
 * Supporters and supported). Reads run the synced queries, so they see exactly
 * what Zero would show the caller; writes run the change tables
 * (sync/person.ts, sync/circle.ts) with their history.
 */
import { randomUUID } from 'node:crypto';
import type { Row } from '@rocicorp/zero';
import { Hono } from 'hono';
import { z } from 'zod';
import { ACCESS_LEVELS } from '../../schema/enums.ts';
import { zql } from '../../schema/zero-schema.gen.ts';
import { circleChanges, circleQueries } from '../../sync/circle.ts';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import {
  isAdministrator,
  libraryAccess,
  readablePeople,
  readablePersonDetails,
} from '../../sync/permissions.ts';
import { personMessages, personServerChanges } from '../../sync/person.ts';
import { type SupporterSpots, spotsMessage, supporterSpots } from '../../sync/plan-limits.ts';
import {
  answers,
  type LinkAnswer,
  linkAnswer,
  type PersonDetailsAnswer,
  type PersonSummaryAnswer,
  personAnswer,
  personDetailsAnswer,
  type SpotsAnswer,
  spotsAnswer,
} from '../answers.ts';
import { personRoute, signedIn } from '../auth/caller.ts';
import { type Resource, removed, runChange, updated } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { Refusal } from '../errors.ts';
import { changeBody, personParams, revalidates, valid } from '../validate.ts';
import { lockRow, type Reader, versioned } from '../versions.ts';
import { wireRow } from '../wire.ts';
import type { ZeroDb } from '../zero/db-provider.ts';

/** Texts of this API's refusals (never telling whether a hidden record exists). */
export const circleApiMessages = {
  ...personMessages,
  loggedOut: 'You must be logged in to view this page',
  badPersonId: 'That is not a valid person id.',
  badLinkId: 'That is not a valid connection id.',
  noAccess: 'You do not have access to this person.',
  linkNotFound: 'We could not find that connection.',
  moved:
    'A connection cannot be moved to another person: supportedId must be the person in the path.',
} as const;

const linkParam = personParams({ id: z.string().min(1).max(64) });
const levelBody = z.object({
  supportedId: z.string().min(1).max(64),
  accessLevel: z.enum(ACCESS_LEVELS),
});
/** When a link ends by itself: an ISO date-time with its offset, or null for never. */
const endBody = z.object({
  endsAt: z.iso
    .datetime({ offset: true, message: 'endsAt must be an ISO date-time or null.' })
    .nullable(),
});

type PersonRow = Row['person'];
/** A person's personal details (the `person_detail` row), as REST shows them. */
type DetailFields = Pick<
  Row['personDetail'],
  'pronouns' | 'pronounsOther' | 'bio' | 'phone' | 'email'
>;
type LinkRow = Row['supporterLink'] & {
  readonly supporter?: PersonRow | undefined;
  readonly supported?: PersonRow | undefined;
};

/** What anyone linked to a person may read: display name and photo. */
function personSummary(p: PersonRow): PersonSummaryAnswer {
  return wireRow(p, ['id', 'type', 'firstName', 'lastName', 'knownAs', 'fullName', 'photoId']);
}

/** What the person and their Administrator read: the personal details too. */
function personDetails(p: PersonRow, d: DetailFields | undefined): PersonDetailsAnswer {
  return {
    ...personSummary(p),
    pronouns: d?.pronouns ?? null,
    pronounsOther: d?.pronounsOther ?? null,
    bio: d?.bio ?? null,
    personalInformation: { phone: d?.phone ?? null },
    email: d?.email ?? null,
  };
}

function linkJson(l: LinkRow): LinkAnswer {
  return {
    id: l.id,
    supporterId: l.supporterId,
    supportedId: l.supportedId,
    accessLevel: l.accessLevel,
    endsAt: l.endsAt === null ? null : new Date(l.endsAt).toISOString(),
    createdAt: new Date(l.createdAt).toISOString(),
    updatedAt: new Date(l.updatedAt).toISOString(),
    ...(l.supporter ? { supporter: personSummary(l.supporter) } : {}),
    ...(l.supported ? { supported: personSummary(l.supported) } : {}),
  };
}

const spotsJson = (s: SupporterSpots): SpotsAnswer => ({ ...s, message: spotsMessage(s) });

function circleReads(zdb: ZeroDb) {
  return {
    person: (ctx: AuthContext, personId: string, on: Reader = zdb) =>
      on.run(readablePeople(ctx).where('id', personId).one()),
    /** The details, exactly when the caller may read them (the rule of person.detail). */
    details: (ctx: AuthContext, personId: string, on: Reader = zdb) =>
      on.run(readablePersonDetails(ctx).where('personId', personId).one()),
    administers: (ctx: AuthContext, personId: string) =>
      zdb.transaction(async (tx) => isAdministrator(await libraryAccess(tx, ctx, personId))),
    spots: (personId: string) => zdb.transaction((tx) => supporterSpots(tx, personId)),
    supporterLink: (ctx: AuthContext, personId: string, id: string, on: Reader = zdb) =>
      on.run(circleQueries.supporterLink.fn({ args: { personId, id }, ctx })),
    supportedLink: (ctx: AuthContext, personId: string, id: string, on: Reader = zdb) =>
      on.run(circleQueries.supportedLink.fn({ args: { personId, id }, ctx })),
  };
}

export function circleRoutes(deps: AppDeps) {
  const { zdb } = deps;
  const read = circleReads(zdb);
  const caller = personRoute(deps, circleApiMessages.badPersonId);
  const link = valid('param', linkParam, circleApiMessages.badLinkId);

  /** A person as the caller may read them: the details too when they may read those. */
  async function personAsRead(ctx: AuthContext, personId: string, on: Reader = zdb) {
    const p = await read.person(ctx, personId, on);
    if (!p) return undefined;
    // Every person has a details row: the caller reads it exactly when they may read the details.
    const details = await read.details(ctx, personId, on);
    return details ? personDetails(p, details) : personSummary(p);
  }
  const person = (ctx: AuthContext, personId: string): Resource<object> => ({
    lock: (tx) => lockRow(tx, 'person', personId),
    read: (tx) => personAsRead(ctx, personId, tx),
    json: (row) => row,
    missing: () => appError('not_found', circleApiMessages.personNotFound),
  });
  /** A link, named from the supported side (`supporters`) or the supporter's (`supported`). */
  const aLink = (
    side: 'supporterLink' | 'supportedLink',
    ctx: AuthContext,
    personId: string,
    id: string,
  ): Resource<LinkRow> => ({
    lock: (tx) => lockRow(tx, 'supporter_link', id),
    read: (tx) => read[side](ctx, personId, id, tx),
    json: linkJson,
    missing: () => appError('not_found', circleApiMessages.linkNotFound),
  });
  /** 403 unless the caller may read `personId` at all. */
  async function assertLinked(ctx: AuthContext, personId: string) {
    if (!(await read.person(ctx, personId)))
      throw appError('forbidden', circleApiMessages.noAccess);
  }

  /** The people themselves: a profile made for someone, a person's details. Mounted at /people. */
  const people = new Hono<AppEnv>()
    // -----------------------------------------------------------------------
    // People
    // -----------------------------------------------------------------------

    /** A Decision Maker's profile made on their behalf; the creator becomes its Administrator. */
    .post(
      '/',
      answers(
        201,
        'The profile made, and the link that makes its maker its Administrator.',
        z.object({ person: personDetailsAnswer, link: linkAnswer }),
      ),
      signedIn(deps),
      changeBody(personServerChanges.createProfile, ['id', 'linkId']),
      async (c) => {
        const ctx = c.var.session.auth;
        const { id } = await runChange(deps, personServerChanges.createProfile, ctx, {
          ...c.req.valid('json'),
          id: randomUUID(),
          linkId: randomUUID(),
        });
        const [p, details, links] = await Promise.all([
          zdb.run(zql.person.where('id', id).one()),
          zdb.run(zql.personDetail.where('personId', id).one()),
          zdb.run(zql.supporterLink.where('supportedId', id).related('supported')),
        ]);
        const l = links[0];
        if (!p || !l) throw new Error('a profile just made cannot be read');
        c.header('location', `/api/people/${id}`);
        return c.json({ person: personDetails(p, details), link: linkJson(l) }, 201);
      },
    )

    /** A person: the summary for anyone linked to them, the details for them and their Administrator. */
    .get(
      '/:personId',
      revalidates,
      answers(200, 'The person.', personAnswer),
      caller,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const p = await personAsRead(ctx, personId);
        if (!p) throw appError('not_found', circleApiMessages.personNotFound);
        return versioned(c, p);
      },
    )

    /** Personal details: the person themselves or their Administrator in session. */
    .on(
      ['PUT', 'PATCH'],
      '/:personId',
      answers(200, 'The person as they are now.', personAnswer),
      caller,
      changeBody(personServerChanges.updateDetails, ['personId']),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const input = { ...c.req.valid('json'), personId };
        return updated(
          c,
          deps,
          personServerChanges.updateDetails,
          ctx,
          input,
          person(ctx, personId),
        );
      },
    );

  /**
   * GET and DELETE of one link, named from either side: the supported
   * person's (`supporters`) or the supporter's (`supported`). A removal ends
   * the link's active support session first.
   */
  const oneLink = (side: 'supporterLink' | 'supportedLink', from: 'supportedId' | 'supporterId') =>
    new Hono<AppEnv>()
      .get('/:id', revalidates, answers(200, 'The link.', linkAnswer), caller, link, async (c) => {
        const { ctx, personId } = c.var.caller;
        const row = await read[side](ctx, personId, c.req.valid('param').id);
        if (!row) throw appError('not_found', circleApiMessages.linkNotFound);
        return versioned(c, linkJson(row));
      })
      .delete('/:id', answers(204, 'Removed.'), caller, link, async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        const input = { id, [from]: personId };
        return removed(c, deps, circleChanges.remove, ctx, input, aLink(side, ctx, personId, id));
      });

  /** The Circle of a Decision Maker: its links. Mounted at /people/{personId}/supporters. */
  const supporters = new Hono<AppEnv>()

    /** Plan spots (spec §8 upgrade prompts): the person and their Administrator in session. */
    .get(
      '/spots',
      answers(200, 'The Circle’s places on the plan.', spotsAnswer),
      caller,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        if (!(await read.administers(ctx, personId))) {
          throw appError('forbidden', circleApiMessages.noAccess);
        }
        return c.json(spotsJson(await read.spots(personId)));
      },
    )

    /**
     * The links of a person's Circle the caller may read: all of them for the
     * person and their Administrator in session (with the plan's spots), a
     * supporter's own link otherwise.
     */
    .get(
      '/',
      answers(
        200,
        'The Circle’s links the caller may read; the places on the plan for its Administrator.',
        z.object({ supporters: z.array(linkAnswer), spots: spotsAnswer.nullable() }),
      ),
      caller,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        await assertLinked(ctx, personId);
        const [links, admin] = await Promise.all([
          zdb.run(circleQueries.supporters.fn({ args: { personId }, ctx })),
          read.administers(ctx, personId),
        ]);
        return c.json({
          supporters: links.map(linkJson),
          spots: admin ? spotsJson(await read.spots(personId)) : null,
        });
      },
    )

    .route('/', oneLink('supporterLink', 'supportedId'))

    /** Changes a supporter's access level: body `{supportedId, accessLevel}`. */
    .on(
      ['PUT', 'PATCH'],
      '/:id',
      answers(200, 'The link as it is now.', linkAnswer),
      caller,
      link,
      valid('json', levelBody),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        const { supportedId, accessLevel } = c.req.valid('json');
        if (supportedId !== personId) throw new Refusal(409, 'conflict', circleApiMessages.moved);
        return updated(
          c,
          deps,
          circleChanges.updateLevel,
          ctx,
          { id, accessLevel, supportedId },
          aLink('supporterLink', ctx, personId, id),
        );
      },
    )

    /** Sets or clears when a link ends by itself: body `{endsAt}` (ISO date-time, or null). */
    .on(
      ['PUT', 'PATCH'],
      '/:id/end',
      answers(200, 'The link as it is now.', linkAnswer),
      caller,
      link,
      valid('json', endBody),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        const { endsAt } = c.req.valid('json');
        // A part of the link: judged against the link's version.
        return updated(
          c,
          deps,
          circleChanges.setEnd,
          ctx,
          { id, endsAt: endsAt === null ? null : Date.parse(endsAt), supportedId: personId },
          aLink('supporterLink', ctx, personId, id),
        );
      },
    );

  /** The people a Supporter supports: their links. Mounted at /people/{personId}/supported. */
  const supported = new Hono<AppEnv>()

    .get(
      '/',
      answers(
        200,
        'The links to the people they support.',
        z.object({ supported: z.array(linkAnswer) }),
      ),
      caller,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        await assertLinked(ctx, personId);
        const links = await zdb.run(circleQueries.supported.fn({ args: { personId }, ctx }));
        return c.json({ supported: links.map(linkJson) });
      },
    )

    .route('/', oneLink('supportedLink', 'supporterId'));

  return { people, supporters, supported };
}
