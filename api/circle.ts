import { randomUUID } from 'node:crypto';
import type { Row } from '@rocicorp/zero';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ACCESS_LEVELS } from '../schema/enums.ts';
import { person, personDetail, supporterLink } from '../schema/index.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import {
  circleChanges,
  circleHistoryMessages,
  circleQueries,
  createProfileSchema,
  personDetailsSchema,
  personName,
} from '../sync/circle.ts';
import type { AuthContext } from '../sync/context.ts';
import {
  isAdministrator,
  libraryAccess,
  readablePeople,
  readablePersonDetails,
} from '../sync/permissions.ts';
import { administers, personCaller } from './auth/caller.ts';
import { sessionFromRequest } from './auth/sessions.ts';
import { runChange } from './change.ts';
import type { AppDeps } from './deps.ts';
import { firstIssue, jsonBody, jsonError } from './errors.ts';
import { recordEvent } from './history.ts';
import {
  assertSupporterSpot,
  CircleFullError,
  circleLimitMessages,
  supporterSpots,
} from './plan-limits.ts';

const idParam = z.string().min(1).max(64);

/** Texts of this API's refusals (never telling whether a hidden record exists). */
export const circleApiMessages = {
  loggedOut: 'You must be logged in to view this page',
  badPersonId: 'That is not a valid person id.',
  badLinkId: 'That is not a valid connection id.',
  noAccess: 'You do not have access to this person.',
  personNotFound: 'We could not find that person.',
  linkNotFound: 'We could not find that connection.',
  notAdministrator:
    'Only the person themselves or their Administrator in a support session can do that.',
  onlySupporters: 'Only a Supporter can create a profile for someone else.',
  moved:
    'A connection cannot be moved to another person: supportedId must be the person in the path.',
  nothingToChange: 'Nothing to change.',
} as const;

const levelBody = z.object({ supportedId: idParam, accessLevel: z.enum(ACCESS_LEVELS) });

type PersonRow = Row['person'];
/** A person's personal details (the `person_detail` row), as REST shows them. */
type DetailFields = Pick<
  Row['personDetail'],
  'pronouns' | 'pronounsOther' | 'bio' | 'phone' | 'email'
>;

/** Details of a person whose details row is missing: nothing filled in. */
const NO_DETAILS: DetailFields = {
  pronouns: null,
  pronounsOther: null,
  bio: null,
  phone: null,
  email: null,
};
type LinkRow = Row['supporterLink'] & {
  readonly supporter?: PersonRow | undefined;
  readonly supported?: PersonRow | undefined;
};

/** What anyone linked to a person may read: display name and photo. */
function personSummary(p: PersonRow) {
  return {
    id: p.id,
    type: p.type,
    firstName: p.firstName,
    lastName: p.lastName,
    knownAs: p.knownAs,
    fullName: p.fullName,
    photoId: p.photoId,
  };
}

/** What the person and their Administrator read: the personal details too. */
function personDetails(p: PersonRow, d: DetailFields | undefined) {
  const details = d ?? NO_DETAILS;
  return {
    ...personSummary(p),
    pronouns: details.pronouns,
    pronounsOther: details.pronounsOther,
    bio: details.bio,
    personalInformation: { phone: details.phone },
    email: details.email,
  };
}

function linkJson(l: LinkRow) {
  return {
    id: l.id,
    supporterId: l.supporterId,
    supportedId: l.supportedId,
    accessLevel: l.accessLevel,
    createdAt: new Date(l.createdAt).toISOString(),
    updatedAt: new Date(l.updatedAt).toISOString(),
    ...(l.supporter ? { supporter: personSummary(l.supporter) } : {}),
    ...(l.supported ? { supported: personSummary(l.supported) } : {}),
  };
}

function spotsJson(s: { limit: number | null; taken: number; left: number | null }) {
  const message =
    s.left === null
      ? null
      : s.left <= 0
        ? circleLimitMessages.full
        : s.left === 1
          ? circleLimitMessages.oneLeft
          : null;
  return { ...s, message };
}

type Writer = Pick<AppDeps['db'], 'insert' | 'update'>;
type DetailsBody = z.output<typeof personDetailsSchema>;
type Change = { by: string; at: Date };

/** Fields of PUT /api/people/{personId} that live on the person row... */
const NAME_FIELDS = ['firstName', 'lastName', 'knownAs'] as const;
/** ...and those that live on the details row, which fewer people may read. */
const DETAIL_FIELDS = ['pronouns', 'pronounsOther', 'bio', 'phone'] as const;

/** A new name: the person row, whose full name follows first and last name. */
async function writeName(d: Writer, p: PersonRow, body: DetailsBody, change: Change) {
  const firstName = body.firstName ?? p.firstName;
  const lastName = body.lastName ?? p.lastName;
  await d
    .update(person)
    .set({
      firstName,
      lastName,
      ...(body.knownAs !== undefined ? { knownAs: body.knownAs } : {}),
      fullName: [firstName, lastName].filter(Boolean).join(' ') || null,
      updatedAt: change.at,
      updatedBy: change.by,
    })
    .where(eq(person.id, p.id));
}

/**
 * New personal details: the details row, made if it is missing (a person
 * created outside the API). Absent fields stay as they are.
 */
async function writeDetails(
  d: Writer,
  personId: string,
  before: DetailFields | undefined,
  body: DetailsBody,
  change: Change,
) {
  const pronouns = body.pronouns === undefined ? (before?.pronouns ?? null) : body.pronouns;
  const values = {
    pronouns,
    // Free-text pronouns go only with `Other`.
    pronounsOther:
      pronouns === 'Other' ? (body.pronounsOther ?? before?.pronounsOther ?? null) : null,
    ...(body.bio !== undefined ? { bio: body.bio } : {}),
    ...(body.phone !== undefined ? { phone: body.phone } : {}),
    updatedAt: change.at,
    updatedBy: change.by,
  };
  await d
    .insert(personDetail)
    .values({ personId, ...values, createdAt: change.at, createdBy: change.by })
    .onConflictDoUpdate({ target: personDetail.personId, set: values });
}

/**
 * Circle of Support REST (spec §7 People and users, Supporters and supported).
 * The permission rules are the Zero layer's (sync/circle.ts, sync/permissions.ts);
 * every change writes its history event in the same transaction.
 */
export function circleRoutes(deps: AppDeps) {
  const app = new Hono();
  // One transaction for the permission check, the change (shared with the Zero
  // mutators) and `recordEvent`.
  const zq = deps.zdb;

  const caller = (c: Context) => personCaller(deps, c, circleApiMessages.badPersonId);

  function linkId(c: Context) {
    return idParam.safeParse(c.req.param('id'));
  }

  const isAdmin = (ctx: AuthContext, personId: string) => administers(zq, ctx, personId);

  // -------------------------------------------------------------------------
  // People
  // -------------------------------------------------------------------------

  /** Creates a Decision Maker's profile on their behalf; the creator becomes its Administrator. */
  app.post('/', async (c) => {
    const who = await sessionFromRequest(deps.db, c.req.raw.headers);
    if (!who) return jsonError(c, 401, 'unauthenticated', circleApiMessages.loggedOut);
    if (who.person.type !== 'Supporter' && who.person.type !== 'SupporterAndDecisionMaker') {
      return jsonError(c, 403, 'forbidden', circleApiMessages.onlySupporters);
    }
    const parsed = createProfileSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return jsonError(c, 400, 'invalid', firstIssue(parsed.error));
    const body = parsed.data;
    const personId = randomUUID();
    const linkIdValue = randomUUID();
    const me = who.person.id;
    try {
      const created = await zq.transaction(async (tx) => {
        const d = tx.dbTransaction.wrappedTransaction;
        const now = new Date();
        const knownAs = body.knownAs ?? body.firstName;
        const [p] = await d
          .insert(person)
          .values({
            id: personId,
            type: 'DecisionMaker',
            firstName: body.firstName,
            lastName: body.lastName,
            knownAs,
            fullName: `${body.firstName} ${body.lastName}`,
            createdAt: now,
            createdBy: me,
            updatedAt: now,
            updatedBy: me,
          })
          .returning();
        // Every person has their details row, made with them.
        const [details] = await d
          .insert(personDetail)
          .values({
            personId,
            pronouns: body.pronouns ?? null,
            createdAt: now,
            createdBy: me,
            updatedAt: now,
            updatedBy: me,
          })
          .returning();
        // A brand-new profile has every spot free; the check stays for plans without any.
        await assertSupporterSpot(d, personId);
        const [l] = await d
          .insert(supporterLink)
          .values({
            id: linkIdValue,
            supporterId: me,
            supportedId: personId,
            accessLevel: 'Administrator',
            createdAt: now,
            createdBy: me,
            updatedAt: now,
            updatedBy: me,
          })
          .returning();
        const name = personName({ firstName: body.firstName, lastName: body.lastName, knownAs });
        await recordEvent(d, {
          personId,
          type: 'Create',
          relatedType: 'Person',
          relatedId: personId,
          message: circleHistoryMessages.profileCreated(name),
          createdBy: me,
        });
        await recordEvent(d, {
          personId,
          type: 'Create',
          relatedType: 'SupporterLink',
          relatedId: linkIdValue,
          message: circleHistoryMessages.supporterAdded(personName(who.person)),
          createdBy: me,
        });
        if (!p || !l || !details) throw new Error('insert returned nothing');
        return { p, l, details };
      });
      c.header('location', `/api/people/${personId}`);
      return c.json(
        {
          person: personDetails(
            {
              ...created.p,
              createdAt: created.p.createdAt.getTime(),
              updatedAt: created.p.updatedAt.getTime(),
            },
            created.details,
          ),
          link: linkJson({
            ...created.l,
            createdAt: created.l.createdAt.getTime(),
            updatedAt: created.l.updatedAt.getTime(),
            supported: {
              ...created.p,
              createdAt: created.p.createdAt.getTime(),
              updatedAt: created.p.updatedAt.getTime(),
            },
          }),
        },
        201,
      );
    } catch (e) {
      if (e instanceof CircleFullError) return jsonError(c, 409, e.code, e.message);
      throw e;
    }
  });

  /** A person: the summary for anyone linked to them, the details for them and their Administrator. */
  app.get('/:personId', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const { ctx, personId } = who;
    const p = await deps.zdb.run(readablePeople(ctx).where('id', personId).one());
    if (!p) return jsonError(c, 404, 'not_found', circleApiMessages.personNotFound);
    c.header('cache-control', 'no-store');
    // The rule of the synced query person.detail: every person has a details
    // row, so the caller reads it exactly when they may read the details.
    const details = await deps.zdb.run(
      readablePersonDetails(ctx).where('personId', personId).one(),
    );
    return c.json(details ? personDetails(p, details) : personSummary(p));
  });

  /** Personal details: the person themselves or their Administrator in session. */
  app.put('/:personId', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const { ctx, personId } = who;
    const parsed = personDetailsSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return jsonError(c, 400, 'invalid', firstIssue(parsed.error));
    const body = parsed.data;
    const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    if (Object.keys(fields).length === 0) {
      return jsonError(c, 400, 'invalid', circleApiMessages.nothingToChange);
    }
    const result = await zq.transaction(async (tx) => {
      const p = await tx.run(readablePeople(ctx).where('id', personId).one());
      if (!p) return 'not_found' as const;
      const access = await libraryAccess(tx, ctx, personId);
      if (!isAdministrator(access)) return 'forbidden' as const;
      const d = tx.dbTransaction.wrappedTransaction;
      const change = { by: ctx.personId, at: new Date() };
      if (NAME_FIELDS.some((k) => k in fields)) await writeName(d, p, body, change);
      if (DETAIL_FIELDS.some((k) => k in fields)) {
        const before = await tx.run(zql.personDetail.where('personId', personId).one());
        await writeDetails(d, personId, before, body, change);
      }
      if (access.kind === 'supporter') {
        await tx.mutate.supportSession.update({ id: access.sessionId, lastActiveAt: Date.now() });
      }
      await recordEvent(d, {
        personId,
        type: 'Modify',
        relatedType: 'Person',
        relatedId: personId,
        message: circleHistoryMessages.detailsChanged,
        createdBy: ctx.personId,
      });
      const updated = await tx.run(zql.person.where('id', personId).one());
      const details = await tx.run(zql.personDetail.where('personId', personId).one());
      return updated && { updated, details };
    });
    if (result === 'not_found') {
      return jsonError(c, 404, 'not_found', circleApiMessages.personNotFound);
    }
    if (result === 'forbidden') {
      return jsonError(c, 403, 'forbidden', circleApiMessages.notAdministrator);
    }
    if (!result) return jsonError(c, 404, 'not_found', circleApiMessages.personNotFound);
    return c.json(personDetails(result.updated, result.details));
  });

  // -------------------------------------------------------------------------
  // Supporters (the Circle of a Decision Maker)
  // -------------------------------------------------------------------------

  /** Plan spots (spec §8 upgrade prompts): the person and their Administrator in session. */
  app.get('/:personId/supporters/spots', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    if (!(await isAdmin(who.ctx, who.personId))) {
      return jsonError(c, 403, 'forbidden', circleApiMessages.noAccess);
    }
    c.header('cache-control', 'no-store');
    return c.json(spotsJson(await supporterSpots(deps.db, who.personId)));
  });

  /**
   * The links of a person's Circle the caller may read: all of them for the
   * person and their Administrator in session (with the plan's spots), a
   * supporter's own link otherwise.
   */
  app.get('/:personId/supporters', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const { ctx, personId } = who;
    const p = await deps.zdb.run(readablePeople(ctx).where('id', personId).one());
    if (!p) return jsonError(c, 403, 'forbidden', circleApiMessages.noAccess);
    const [links, admin] = await Promise.all([
      deps.zdb.run(circleQueries.supporters.fn({ args: { personId }, ctx })),
      isAdmin(ctx, personId),
    ]);
    c.header('cache-control', 'no-store');
    return c.json({
      supporters: links.map(linkJson),
      spots: admin ? spotsJson(await supporterSpots(deps.db, personId)) : null,
    });
  });

  app.get('/:personId/supporters/:id', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const id = linkId(c);
    if (!id.success) return jsonError(c, 400, 'invalid', circleApiMessages.badLinkId);
    const link = await deps.zdb.run(
      circleQueries.supporterLink.fn({
        args: { personId: who.personId, id: id.data },
        ctx: who.ctx,
      }),
    );
    if (!link) return jsonError(c, 404, 'not_found', circleApiMessages.linkNotFound);
    c.header('cache-control', 'no-store');
    return c.json(linkJson(link));
  });

  /** Changes a supporter's access level: body `{supportedId, accessLevel}`. */
  app.put('/:personId/supporters/:id', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const { ctx, personId } = who;
    const id = linkId(c);
    if (!id.success) return jsonError(c, 400, 'invalid', circleApiMessages.badLinkId);
    const parsed = levelBody.safeParse(await jsonBody(c));
    if (!parsed.success) return jsonError(c, 400, 'invalid', firstIssue(parsed.error));
    if (parsed.data.supportedId !== personId) {
      return jsonError(c, 409, 'conflict', circleApiMessages.moved);
    }
    await runChange(zq, circleChanges.updateLevel, ctx, {
      id: id.data,
      accessLevel: parsed.data.accessLevel,
      supportedId: personId,
    });
    const link = await deps.zdb.run(
      circleQueries.supporterLink.fn({ args: { personId, id: id.data }, ctx }),
    );
    if (!link) return jsonError(c, 404, 'not_found', circleApiMessages.linkNotFound);
    return c.json(linkJson(link));
  });

  app.delete('/:personId/supporters/:id', async (c) => removeHandler(c, 'supportedId'));

  // -------------------------------------------------------------------------
  // Supported (the people a Supporter supports)
  // -------------------------------------------------------------------------

  app.get('/:personId/supported', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const { ctx, personId } = who;
    const p = await deps.zdb.run(readablePeople(ctx).where('id', personId).one());
    if (!p) return jsonError(c, 403, 'forbidden', circleApiMessages.noAccess);
    const links = await deps.zdb.run(circleQueries.supported.fn({ args: { personId }, ctx }));
    c.header('cache-control', 'no-store');
    return c.json({ supported: links.map(linkJson) });
  });

  app.get('/:personId/supported/:id', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const id = linkId(c);
    if (!id.success) return jsonError(c, 400, 'invalid', circleApiMessages.badLinkId);
    const link = await deps.zdb.run(
      circleQueries.supportedLink.fn({
        args: { personId: who.personId, id: id.data },
        ctx: who.ctx,
      }),
    );
    if (!link) return jsonError(c, 404, 'not_found', circleApiMessages.linkNotFound);
    c.header('cache-control', 'no-store');
    return c.json(linkJson(link));
  });

  app.delete('/:personId/supported/:id', async (c) => removeHandler(c, 'supporterId'));

  /** DELETE a link named from either side; ends its active support session first. */
  async function removeHandler(c: Context, side: 'supportedId' | 'supporterId') {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const { ctx, personId } = who;
    const id = linkId(c);
    if (!id.success) return jsonError(c, 400, 'invalid', circleApiMessages.badLinkId);
    await runChange(zq, circleChanges.remove, ctx, { id: id.data, [side]: personId });
    return c.body(null, 204);
  }

  return app;
}
