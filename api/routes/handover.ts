/**
 * The handover over REST (sync/handover.ts), the same changes and queries the
 * pages use through Zero:
 *
 * - GET /people/{personId}/handover: what changed since the caller's last
 *   visit to the person, and the handover notes they may read;
 * - POST /people/{personId}/handover/notes ({ body }): a note for the next visit;
 * - PATCH / DELETE /people/{personId}/handover/notes/{id}: the person and
 *   their Administrator change or delete one;
 * - POST /people/{personId}/handover/changes/{id}/seen: one item opened;
 * - PUT /people/{personId}/handover/note-days ({ days }): how long notes last.
 *
 * A note the caller may not read, or of another person, is 404 alike.
 */
import { randomUUID } from 'node:crypto';
import type { Row } from '@rocicorp/zero';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import { handoverChanges, handoverQueries } from '../../sync/handover.ts';
import { idMessages } from '../../sync/ids.ts';
import { itemId } from '../../sync/library-fields.ts';
import { readableHandoverItems, readableHandoverNotes } from '../../sync/permissions.ts';
import {
  answers,
  type HandoverItemAnswer,
  type HandoverNoteAnswer,
  handoverItemAnswer,
  handoverNoteAnswer,
} from '../answers.ts';
import { personRoute } from '../auth/caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { changeBody, personParams, valid } from '../validate.ts';
import { wireRow } from '../wire.ts';

const badId = idMessages.invalid;
const noteParam = personParams({ id: itemId });
const itemParam = personParams({ id: z.string().min(1).max(200) });

function itemJson(i: Row['handoverItem']): HandoverItemAnswer {
  const fields = [
    'id',
    'personId',
    'kind',
    'eventType',
    'preferenceId',
    'access',
    'message',
  ] as const;
  return wireRow(i, fields, ['createdAt', 'seenAt']);
}

function noteJson(n: Row['handoverNote']): HandoverNoteAnswer {
  const fields = ['id', 'personId', 'body', 'access', 'authorName', 'createdBy'] as const;
  return wireRow(n, fields, ['createdAt', 'updatedAt', 'expiresAt']);
}

export function handoverRoutes(deps: AppDeps) {
  const { zdb } = deps;
  const caller = personRoute(deps, badId);
  const note = valid('param', noteParam, badId);
  const item = valid('param', itemParam, badId);

  /** A note of `personId` the caller reads, or 404. */
  async function readableNote(ctx: AuthContext, personId: string, id: string) {
    const found = await zdb.run(
      readableHandoverNotes(ctx).where('personId', personId).where('id', id).one(),
    );
    if (!found) throw appError('not_found');
    return found;
  }

  return new Hono<AppEnv>()
    .get(
      '/',
      answers(
        200,
        'What changed since the last visit, and the notes left.',
        z.object({ changes: z.array(handoverItemAnswer), notes: z.array(handoverNoteAnswer) }),
      ),
      caller,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const changes = await zdb.run(handoverQueries.changes.fn({ args: { personId }, ctx }));
        const notes = await zdb.run(handoverQueries.notes.fn({ args: { personId }, ctx }));
        return c.json({ changes: changes.map(itemJson), notes: notes.map(noteJson) });
      },
    )
    .post(
      '/notes',
      answers(201, 'The note left.', handoverNoteAnswer),
      caller,
      changeBody(handoverChanges.leave, ['id', 'personId']),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const id = randomUUID();
        await runChange(deps, handoverChanges.leave, ctx, { ...c.req.valid('json'), id, personId });
        return c.json(noteJson(await readableNote(ctx, personId, id)), 201);
      },
    )
    .patch(
      '/notes/:id',
      answers(200, 'The note as it is now.', handoverNoteAnswer),
      caller,
      note,
      changeBody(handoverChanges.edit, ['id']),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        await readableNote(ctx, personId, id);
        await runChange(deps, handoverChanges.edit, ctx, { ...c.req.valid('json'), id });
        return c.json(noteJson(await readableNote(ctx, personId, id)));
      },
    )
    .delete('/notes/:id', answers(204, 'Deleted.'), caller, note, async (c) => {
      const { ctx, personId } = c.var.caller;
      const { id } = c.req.valid('param');
      await readableNote(ctx, personId, id);
      await runChange(deps, handoverChanges.remove, ctx, { id });
      return c.body(null, 204);
    })
    .post('/changes/:id/seen', answers(204, 'Marked as seen.'), caller, item, async (c) => {
      const { ctx, personId } = c.var.caller;
      const { id } = c.req.valid('param');
      // One of the caller's own, about the person in the path.
      const mine = await zdb.run(
        readableHandoverItems(ctx).where('personId', personId).where('id', id).one(),
      );
      if (!mine) throw appError('not_found');
      await runChange(deps, handoverChanges.seen, ctx, { id });
      return c.body(null, 204);
    })
    .on(
      ['PUT', 'PATCH'],
      '/note-days',
      answers(
        200,
        'How many days a note is kept, now.',
        z.object({ personId: z.string(), days: z.number().int() }),
      ),
      caller,
      changeBody(handoverChanges.setNoteDays, ['personId']),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const args = await runChange(deps, handoverChanges.setNoteDays, ctx, {
          ...c.req.valid('json'),
          personId,
        });
        return c.json({ personId, days: args.days });
      },
    );
}
