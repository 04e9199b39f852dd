/**
 * What every request meets before a handler (ADR 013): security headers on
 * every response, writes only from this site, a size limit before any body is
 * parsed, and no control characters in paths, query strings or JSON bodies. Postgres refuses
 * a NUL byte in text with an error, so one must never reach a query; the
 * other control characters (all but tab, line feed and carriage return) have
 * no place in anything a person types.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { Refusal } from './errors.ts';

export const edgeMessages = {
  tooLarge: 'What you sent is too large. Please send less at a time.',
  controlCharacters:
    'What you sent contains hidden control characters that we cannot store. Please remove them and try again.',
  badAddress: 'That address is not valid.',
  tooDeep: 'What you sent is nested too deeply to be read. Please check what you sent.',
  otherSite: 'This request came from another site and was refused.',
} as const;

/** JSON bodies of the REST API. A preference's longest text is 10,000 characters. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes come only from this site: a POST, PUT, PATCH or DELETE whose
 * browser says it comes from another origin (`Origin`) or site
 * (`Sec-Fetch-Site`) is refused with 403 before it reaches a handler,
 * whatever its content type: the Zero push endpoint included. Hono's `csrf`
 * middleware checks the same two headers but only for form and text bodies,
 * and refuses a write that carries neither; here a request without them
 * (zero-cache calling the push endpoint, a client with an access token)
 * passes, and the session cookie's SameSite=Lax keeps other sites' pages
 * from sending it (ADR 013).
 */
export function sameOriginWrites(allowedOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const foreignOrigin = origin !== undefined && origin !== allowedOrigin;
      const foreignSite = site !== undefined && site !== 'same-origin' && site !== 'none';
      if (foreignOrigin || foreignSite)
        throw new Refusal(403, 'bad_origin', edgeMessages.otherSite);
    }
    await next();
  };
}

export const JSON_BODY_LIMIT = 1024 * 1024;
/**
 * Zero's push from zero-cache: one request may carry a batch of mutations that
 * waited while a tablet was offline, so it may be larger than one REST body.
 */
export const ZERO_BODY_LIMIT = 4 * 1024 * 1024;

/** Control characters but tab (09), line feed (0A) and carriage return (0D). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * How deeply a JSON body may nest arrays and objects. Nothing this API or
 * Zero's protocol takes nests a tenth as deep; a body nested thousands deep
 * would otherwise overflow the stack of whatever walks it (zod, Zero's
 * parsers) and be answered 500.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON `text` nests arrays and objects more than `max` deep. Reads
 * the text once, without parsing or recursion, so any depth is safe to ask
 * about; brackets inside strings do not count.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Whether any string in `value` (keys included) holds a control character. */
export function hasControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasControlCharacters(v, depth + 1));
  return Object.entries(value).some(
    ([k, v]) => CONTROL.test(k) || hasControlCharacters(v, depth + 1),
  );
}

/** 413 before anything is parsed when a body is larger than `maxSize` bytes. */
export function sizeLimit(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body is not read: the connection cannot carry another request.
      c.header('connection', 'close');
      throw new Refusal(413, 'too_large', edgeMessages.tooLarge);
    },
  });
}

/**
 * Refuses (400) a path or query string that decodes to a control character
 * (`%00` in an id), or is not valid percent-encoding; and a JSON body that
 * holds one in any string, or nests deeper than MAX_JSON_DEPTH. The body is read as text once; handlers read it
 * again from Hono's cache (c.req.json()).
 */
export const cleanInput: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname) + decodeURIComponent(url.search.replace(/\+/g, ' '));
  } catch {
    throw new Refusal(400, 'invalid', edgeMessages.badAddress);
  }
  if (CONTROL.test(decoded)) throw new Refusal(400, 'invalid', edgeMessages.controlCharacters);
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isJsonLike(c)) {
    const text = await c.req.text();
    if (CONTROL.test(text)) throw new Refusal(400, 'invalid', edgeMessages.controlCharacters);
    refuseDeepNesting(text);
    if (text.includes('\\u') || text.includes('\\U')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the handler says what it expected.
        parsed = undefined;
      }
      if (hasControlCharacters(parsed)) {
        throw new Refusal(400, 'invalid', edgeMessages.controlCharacters);
      }
    }
  }
  await next();
};

function refuseDeepNesting(text: string) {
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new Refusal(400, 'invalid', edgeMessages.tooDeep);
  }
}

/**
 * For the routes cleanInput leaves alone (Zero's, which check control
 * characters a mutation at a time): a JSON body nested deeper than
 * MAX_JSON_DEPTH is refused (400) before anything walks it.
 */
export const boundedNesting: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isJsonLike(c)) {
    refuseDeepNesting(await c.req.text());
  }
  await next();
};

/** JSON, or a body whose type was not given (handlers parse those as JSON too). */
function isJsonLike(c: Context): boolean {
  const type = c.req.header('content-type');
  if (!type) return (c.req.header('content-length') ?? '0') !== '0' || !!c.req.raw.body;
  return /^application\/([\w.+-]+\+)?json\b/i.test(type) || /^text\/plain\b/i.test(type);
}

/**
 * Permissions-Policy: the camera and microphone for this site only (photos
 * and recordings of the media pages); every other powerful feature off. Only
 * features the browsers know: one they do not (Chromium has no "bluetooth"
 * feature; Web Bluetooth asks the person each time) turns off nothing and
 * logs a warning on every page.
 */
const permissionsPolicy = {
  camera: ['self'],
  microphone: ['self'],
  fullscreen: ['self'],
  geolocation: false,
  payment: false,
  usb: false,
  serial: false,
  hid: false,
  midi: false,
  magnetometer: false,
  gyroscope: false,
  accelerometer: false,
  displayCapture: false,
  browsingTopics: false,
} satisfies Record<string, string[] | false>;

/** ws(s) twin of an http(s) origin: the Zero client talks WebSocket to zero-cache. */
function webSocketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

export type HeaderOrigins = {
  /** zero-cache, as the browser reaches it. */
  zero: string;
  /** Where media are read from and uploaded to, once known (the store's origin). */
  media: () => string | undefined;
  /** Other image hosts the pages show from (a photo search's previews), if any. */
  images?: readonly string[];
  production: boolean;
};

/**
 * Headers of the web app's pages: the CSP of ADR 013, nosniff, a strict
 * referrer, no framing (also by X-Frame-Options for old browsers), the
 * Permissions-Policy above, HSTS in production.
 */
export function pageHeaders(origins: HeaderOrigins): MiddlewareHandler {
  const zero = new URL(origins.zero).origin;
  const media = (_c: Context, _d: string) => origins.media() ?? '';
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React sets styles through the CSSOM (allowed); no inline <style> or style="".
      styleSrc: ["'self'"],
      connectSrc: ["'self'", zero, webSocketOrigin(zero), media],
      // data: for the invite QR code; blob: for a picture's preview before upload.
      imgSrc: ["'self'", 'data:', 'blob:', media, ...(origins.images ?? [])],
      mediaSrc: ["'self'", 'blob:', media],
      fontSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    strictTransportSecurity: origins.production ? 'max-age=31536000; includeSubDomains' : false,
    permissionsPolicy,
  });
}

/**
 * Headers of every API response: nosniff, no framing, no referrer leak, and
 * `Cache-Control: no-store` unless the handler chose otherwise (personal data
 * must not sit in a shared or disk cache). A handler's own headers (media
 * served with a sandboxing CSP) are kept.
 */
export function apiHeaders(production: boolean): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: false,
    strictTransportSecurity: production ? 'max-age=31536000; includeSubDomains' : false,
    overwrite: false,
  });
  return async (c, next) => {
    await headers(c, async () => {
      await next();
      if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
    });
  };
}

/**
 * A request whose body the handler never read (refused before reading it)
 * cannot share its connection with the next request: the server closes it.
 * Saying so (`Connection: close`) keeps a client from sending its next
 * request down a connection that is about to go.
 */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next();
  const raw = c.req.raw;
  const hasBody = raw.body !== null && (c.req.header('content-length') ?? '') !== '0';
  if (hasBody && !raw.bodyUsed) {
    c.header('connection', 'close');
  }
};
