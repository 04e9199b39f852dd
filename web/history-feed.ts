import { HISTORY_PAGE_SIZE, type HistoryGroup, typesOf } from '../sync/history.ts';
import { call, client } from './api-client.ts';

export type HistoryShow = HistoryGroup;

/** One page of the history feed (GET /api/people/{personId}/access/events, spec §7). */
export async function fetchHistoryPage(personId: string, show: HistoryShow, lastId?: string) {
  const header: { 'x-pagination-limit': string; 'x-pagination-last-id'?: string } = {
    'x-pagination-limit': String(HISTORY_PAGE_SIZE),
  };
  if (lastId) header['x-pagination-last-id'] = lastId;
  return call(
    client.people[':personId'].access.events.$get({
      param: { personId },
      query: { type: typesOf(show).join(',') },
      header,
    }),
  );
}

export type HistoryPage = Awaited<ReturnType<typeof fetchHistoryPage>>;
export type HistoryEvent = HistoryPage['events'][number];
