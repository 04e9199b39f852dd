import { hc } from 'hono/client';
// biome-ignore lint/style/noRestrictedImports: a type only, erased from the bundle: the typed client follows the API's routes.
import type { Api } from '../api/routes/index.ts';
import { messages } from './messages.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function errorOf(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const e = body.error;
    if (typeof e === 'object' && e !== null && 'code' in e && 'message' in e) {
      return new ApiError(status, String(e.code), String(e.message));
    }
  }
  return new ApiError(status, 'unknown', messages.errors.generic);
}

/**
 * The API's typed client (Hono RPC): paths, params, queries, bodies and the
 * JSON answered all follow the API's own routes (api/routes/index.ts), so a renamed
 * route or a changed body fails the type check here.
 */
export const client = hc<Api>('/api', { init: { credentials: 'same-origin' } });

/** What a typed call resolves to: Hono's response, whose `json()` is the route's output. */
type Answer<T> = { ok: boolean; status: number; json(): Promise<T> };

/**
 * Awaits a typed call: its JSON when it succeeds (undefined for 204), an
 * ApiError with the server's code and message when it does not.
 */
export async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  const res = await request;
  if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
  const data: unknown = await res.json().catch(() => null);
  throw errorOf(res.status, data);
}
