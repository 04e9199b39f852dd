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

/** JSON over /api with the session cookie; 4xx/5xx become ApiError with the server's message. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; parse: (data: unknown) => T },
): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) throw errorOf(res.status, data);
  return init.parse(data);
}
