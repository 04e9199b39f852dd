/**
 * Presence (sync/presence.ts): a WebSocket per open preference,
 * `GET /api/people/{personId}/presence/{preferenceId}`. It opens only for a
 * signed-in caller who may read the preference (the same synced query as a
 * REST read), from this site; the check runs again on every beat, so a
 * session that ends or an access level that drops closes it within seconds.
 * Peers are kept in memory per API process: presence is about now, and a
 * reconnecting browser says where it is again.
 */
import { randomUUID } from 'node:crypto';
import { upgradeWebSocket } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { WSContext } from 'hono/ws';
import { person } from '../../schema/tables.ts';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import { itemId } from '../../sync/library-fields.ts';
import { personName } from '../../sync/names.ts';
import { readablePreferences } from '../../sync/permissions.ts';
import {
  colourOf,
  PRESENCE_BEAT_MS,
  PRESENCE_TIMEOUT_MS,
  type PresenceField,
  type PresencePeers,
  presenceHere,
} from '../../sync/presence.ts';
import { personRoute } from '../auth/caller.ts';
import { sessionById } from '../auth/sessions.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { Refusal } from '../errors.ts';
import { personParams, valid } from '../validate.ts';

/** Close codes: no longer allowed to read the preference; silent too long. */
export const PRESENCE_CLOSE = { refused: 4403, silent: 4408 } as const;

type Member = {
  id: string;
  personId: string;
  name: string;
  colour: string;
  field: PresenceField | null;
  lastCheck: number;
  socket: WSContext;
  /** Fires when the socket has been silent for the timeout; put back by every message. */
  expiry: ReturnType<typeof setTimeout>;
};

type Room = Map<string, Member>;

export function presenceRoutes(deps: AppDeps, allowedOrigin: string) {
  const { zdb, db } = deps;
  const timeoutMs = deps.presenceTimeoutMs ?? PRESENCE_TIMEOUT_MS;
  const rooms = new Map<string, Room>();
  const caller = personRoute(deps);
  const params = valid('param', personParams({ preferenceId: itemId }));

  const mayRead = async (ctx: AuthContext, personId: string, preferenceId: string) =>
    (await zdb.run(
      readablePreferences(ctx, personId)
        .where('personId', personId)
        .where('id', preferenceId)
        .one(),
    )) !== undefined;

  function broadcast(room: Room) {
    for (const to of room.values()) {
      const message: PresencePeers = {
        type: 'peers',
        peers: [...room.values()]
          .filter((m) => m.personId !== to.personId)
          .map(({ id, personId, name, colour, field }) => ({ id, personId, name, colour, field })),
      };
      to.socket.send(JSON.stringify(message));
    }
  }

  function leave(key: string, id: string) {
    const room = rooms.get(key);
    const m = room?.get(id);
    if (!room || !m) return;
    clearTimeout(m.expiry);
    room.delete(id);
    if (room.size === 0) rooms.delete(key);
    else broadcast(room);
  }

  return new Hono<AppEnv>().get(
    '/:preferenceId',
    // A WebSocket is a GET: the origin check of writes does not cover it.
    async (c, next) => {
      const origin = c.req.header('origin');
      if (origin !== undefined && origin !== allowedOrigin) {
        throw new Refusal(403, 'bad_origin', 'Requests from other sites are not accepted.');
      }
      await next();
    },
    caller,
    params,
    async (c, next) => {
      const { ctx, personId } = c.var.caller;
      if (!(await mayRead(ctx, personId, c.req.param('preferenceId') ?? ''))) {
        throw appError('not_found');
      }
      await next();
    },
    upgradeWebSocket(async (c) => {
      const { ctx, personId, session } = c.var.caller;
      const preferenceId = c.req.param('preferenceId') ?? '';
      const key = `${personId}/${preferenceId}`;
      const [row] = await db.select().from(person).where(eq(person.id, ctx.personId));
      const now = Date.now();
      const member: Omit<Member, 'socket' | 'expiry'> = {
        id: randomUUID(),
        personId: ctx.personId,
        name: personName(row) || 'Someone',
        colour: colourOf(ctx.personId),
        field: null,
        lastCheck: now,
      };
      return {
        onOpen(_e, socket) {
          const room = rooms.get(key) ?? new Map<string, Member>();
          rooms.set(key, room);
          // A member that went silent (a tablet that lost its network, a
          // frozen tab) leaves exactly `timeoutMs` after its last word: a
          // timer of its own, put back by each beat, rather than a sweep
          // whose period would add up to a beat to the wait.
          const expiry = setTimeout(() => {
            socket.close(PRESENCE_CLOSE.silent, 'silent');
            leave(key, member.id);
          }, timeoutMs);
          expiry.unref();
          room.set(member.id, { ...member, socket, expiry });
          broadcast(room);
        },
        async onMessage(e, socket) {
          const m = rooms.get(key)?.get(member.id);
          if (!m) return;
          let here: ReturnType<typeof presenceHere.safeParse>;
          try {
            here = presenceHere.safeParse(JSON.parse(String(e.data)));
          } catch {
            return;
          }
          if (!here.success) return;
          m.expiry.refresh();
          const at = Date.now();
          // Still allowed? (A session ended, a level lowered, signed out.)
          if (at - m.lastCheck >= PRESENCE_BEAT_MS) {
            m.lastCheck = at;
            let still: boolean;
            try {
              still =
                (await sessionById(db, session.sessionId)) !== null &&
                (await mayRead(ctx, personId, preferenceId));
            } catch {
              // The database cannot answer now (restarting): asked again at the next beat.
              m.lastCheck = 0;
              return;
            }
            if (!still) {
              socket.close(PRESENCE_CLOSE.refused, 'refused');
              leave(key, m.id);
              return;
            }
          }
          if (m.field !== here.data.field) {
            m.field = here.data.field;
            const room = rooms.get(key);
            if (room) broadcast(room);
          }
        },
        onClose() {
          leave(key, member.id);
        },
      };
    }),
  );
}
