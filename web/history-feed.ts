import { useCallback, useEffect, useState } from 'react';
import { HISTORY_PAGE_SIZE, type HistoryGroup, typesOf } from '../sync/history.ts';
import { ApiError, call, client } from './api-client.ts';
import { messages } from './messages.ts';

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

/** The feed's pages as a screen holds them: loading, refused (in words), or the events so far. */
export type HistoryPages =
  | { status: 'loading' }
  | { status: 'refused'; message: string }
  | {
      status: 'ready';
      events: HistoryEvent[];
      next: string | null;
      loadingMore: boolean;
      /** Where the events More brought last begin. */
      newFrom: number | null;
    };

/**
 * The feed of `personId` for `show`, first page on arrival (again when either
 * changes), and `more()`, which adds the next page and resolves to how many
 * events it brought (undefined when there was none to ask for, or it failed).
 */
export function useHistoryPages(personId: string, show: HistoryShow) {
  const [state, setState] = useState<HistoryPages>({ status: 'loading' });
  const refuse = useCallback((e: unknown) => {
    setState({
      status: 'refused',
      message: e instanceof ApiError ? e.message : messages.errors.generic,
    });
  }, []);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetchHistoryPage(personId, show).then(
      (page) => live && setState({ status: 'ready', ...page, loadingMore: false, newFrom: null }),
      (e: unknown) => live && refuse(e),
    );
    return () => {
      live = false;
    };
  }, [personId, show, refuse]);

  async function more(): Promise<number | undefined> {
    if (state.status !== 'ready' || !state.next || state.loadingMore) return undefined;
    const shown = state.events;
    setState({ ...state, loadingMore: true });
    try {
      const page = await fetchHistoryPage(personId, show, state.next);
      setState({
        status: 'ready',
        events: [...shown, ...page.events],
        next: page.next,
        loadingMore: false,
        newFrom: shown.length,
      });
      return page.events.length;
    } catch (e) {
      refuse(e);
      return undefined;
    }
  }

  return { state, more };
}
