import { randomUUID } from 'node:crypto';
import { historyEvent } from '../schema/index.ts';
import type { Db } from './db.ts';

type HistoryType = (typeof historyEvent.$inferInsert)['type'];
type RelatedType = (typeof historyEvent.$inferInsert)['relatedType'];

/** Anything with drizzle's insert: the db or a transaction (write history in the change's own transaction). */
type Writer = Pick<Db, 'insert'>;

/** A history event for a REST change; call it inside the change's transaction. */
export async function recordEvent(
  tx: Writer,
  event: {
    personId: string;
    type: HistoryType;
    relatedType: RelatedType;
    relatedId: string | null;
    message: string;
    createdBy: string | null;
  },
) {
  await tx.insert(historyEvent).values({ id: randomUUID(), ...event });
}
