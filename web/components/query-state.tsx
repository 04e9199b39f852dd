/**
 * What a screen shows while the row it is about is not there: "Loading …"
 * while the synced query has not caught up with the server, the screen's own
 * not-found content once it has (the row does not exist or is not for this
 * person), and the general error when the query failed. One place for the
 * three states, so that every screen says them the same way.
 */
import type { ReactNode } from 'react';
import { messages } from '../messages.ts';

export type QueryDetails = { readonly type: 'unknown' | 'complete' | 'error' };

export function QueryState({
  details,
  loading,
  missing,
}: {
  details: QueryDetails;
  /** What is loading, in the words of the screen: "Loading the Circle of Support". */
  loading: string;
  /** The query is complete and the row is not there. */
  missing: ReactNode;
}) {
  if (details.type === 'error') {
    return (
      <p role="alert" className="alert">
        {messages.errors.generic}
      </p>
    );
  }
  if (details.type === 'complete') return <>{missing}</>;
  return (
    <p className="status" role="status">
      {loading}
    </p>
  );
}

/** QueryState for a list with no rows to show: once the query is complete, its `empty` words. */
export function EmptyListState({
  empty,
  ...rest
}: {
  details: QueryDetails;
  loading: string;
  empty: string;
}) {
  return (
    <QueryState
      {...rest}
      missing={
        <p className="status" role="status">
          {empty}
        </p>
      }
    />
  );
}

/**
 * The same for what a page asks the API for: "Loading …" until the answer
 * comes, then, when the server refused, its refusal in its words.
 */
export function AnswerState({
  state,
  loading,
}: {
  state: { status: 'loading' } | { status: 'refused'; message: string };
  loading: string;
}) {
  return state.status === 'loading' ? (
    <p className="status" role="status">
      {loading}
    </p>
  ) : (
    <p role="alert" className="alert">
      {state.message}
    </p>
  );
}
