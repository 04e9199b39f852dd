/**
 * For tests only: a local stand-in for the few Stripe endpoints the product
 * uses (no network here, and tests never call the real service). The real
 * `stripe` SDK is pointed at it with `host`, `port` and `protocol: 'http'`.
 *
 * It answers customers, Checkout Sessions, subscriptions and billing-portal
 * sessions under `/v1` as Stripe documents them (form-encoded requests with
 * bracket notation in, JSON objects out), records every request (and whether
 * it carried the secret key), and serves two plain hosted pages a browser
 * reaches after the app redirects there: Checkout (`/pay/{id}`) and the
 * Customer Portal (`/portal/{id}`). Paying or cancelling there changes the
 * stored objects and POSTs signed events to `webhookUrl`, signed with the
 * SDK's own test helper so `stripe.webhooks.constructEvent` accepts them.
 * `outage` makes every `/v1` request fail as if Stripe were down.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The only secret key the stand-in accepts. */
export const STAND_IN_SECRET_KEY = 'sk_test_stand_in';
/** The secret every event is signed with (the app's STRIPE_WEBHOOK_SECRET in tests). */
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in_secret';

export type StandInRequest = {
  method: string;
  path: string;
  body: Record<string, unknown>;
  authorized: boolean;
};

export type StandInSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string; // 'active' | 'past_due' | 'canceled' | ...
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  created: number;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      current_period_start: number;
      current_period_end: number;
    }>;
  };
};

export type StandInCustomer = {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
};

export type StripeStandIn = {
  /** http://127.0.0.1:PORT */
  url: string;
  host: string;
  port: number;
  /** Every /v1 request, in order (GET query parameters decoded into `body`). */
  requests: StandInRequest[];
  customers: Map<string, StandInCustomer>;
  /** Stored with the request's `line_items` and `subscription_data`, which API answers leave out. */
  checkoutSessions: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, StandInSubscription>;
  /** Where events are POSTed (the app's webhook endpoint); set after the app starts. */
  webhookUrl: string | undefined;
  /** While true, every /v1 request answers 500 {error:{type:'api_error',message:'Stand-in outage'}} (Stripe down). */
  outage: boolean;
  /**
   * Sends one signed event to webhookUrl and returns the app's answer, with the
   * payload and header exactly as sent. Status 0 means it was not delivered
   * (no webhookUrl, or unreachable). Options: a fixed event id (to replay), a
   * bad signature ('tampered': signed, then one character of the payload
   * changed), no signature header ('missing').
   */
  emit(
    type: string,
    object: unknown,
    opts?: { id?: string; signature?: 'valid' | 'tampered' | 'missing' },
  ): Promise<{
    status: number;
    body: string;
    eventId: string;
    payload: string;
    header: string | undefined;
  }>;
  /** Sends exactly these bytes with this header (replays). */
  send(payload: string, header: string | undefined): Promise<{ status: number; body: string }>;
  /** Every event emitted, in order: the genuine payload and its valid header (for replay tests). */
  events: Array<{ id: string; type: string; payload: string; header: string }>;
  /** Every delivery attempt and the app's answer (status 0: not delivered). */
  deliveries: Array<{ eventId: string; type: string; status: number; body: string }>;
  close(): Promise<void>;
};

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A Stripe-like id: the prefix, then 24 random letters and digits. */
function newId(prefix: string): string {
  const suffix = [...randomBytes(24)].map((b) => ALNUM[b % ALNUM.length]).join('');
  return `${prefix}_${suffix}`;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * Decodes the SDK's form encoding (`a[b][0][c]=v`, see stringifyRequestData in
 * stripe/esm/utils.js) into nested objects; objects whose keys are all indices
 * become arrays. Values stay strings (null is sent as '').
 */
export function decodeForm(form: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(form)) {
    const path = key.split(/\]\[|\[|\]/).filter((part) => part !== '');
    let node = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) node[part] = value;
      else {
        if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

/** A decoded `metadata` parameter as string pairs. */
function metadataOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(JSON.stringify(body));
}

const invalid = (message: string, extra: Record<string, string> = {}) => ({
  error: { type: 'invalid_request_error', message, ...extra },
});
const missing = (what: string, id: string) =>
  invalid(`No such ${what}: '${id}'`, { code: 'resource_missing' });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain accessible page. `body` is trusted HTML; escape what goes into it. */
function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

/** POSTs bytes to a URL; status 0 and the error's message when it cannot be delivered. */
function post(
  url: string | undefined,
  payload: string,
  header: string | undefined,
): Promise<{ status: number; body: string }> {
  if (!url) return Promise.resolve({ status: 0, body: 'No webhookUrl set' });
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (header !== undefined) headers['stripe-signature'] = header;
    const req = request(url, { method: 'POST', headers, agent: false }, (res) => {
      readBody(res).then(
        (body) => resolve({ status: res.statusCode ?? 0, body }),
        (e: Error) => resolve({ status: 0, body: e.message }),
      );
    });
    req.on('error', (e) => resolve({ status: 0, body: e.message }));
    req.end(payload);
  });
}

export async function stripeStandIn(): Promise<StripeStandIn> {
  const host = '127.0.0.1';
  const customers = new Map<string, StandInCustomer>();
  const checkoutSessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, StandInSubscription>();
  const portalSessions = new Map<
    string,
    { id: string; customer: string; return_url: string | null }
  >();
  let url = '';

  /** The session as the API answers it, without the request's internals. */
  const sessionJson = (session: Record<string, unknown>) => {
    const { line_items: _items, subscription_data: _data, ...rest } = session;
    return rest;
  };

  /** The /v1 API. */
  function api(method: string, path: string, body: Record<string, unknown>): [number, unknown] {
    if (method === 'POST' && path === '/v1/customers') {
      const customer: StandInCustomer = {
        id: newId('cus'),
        object: 'customer',
        email: str(body.email),
        name: str(body.name),
        metadata: metadataOf(body.metadata),
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    let m = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'GET' && m?.[1]) {
      const customer = customers.get(m[1]);
      return customer ? [200, customer] : [404, missing('customer', m[1])];
    }

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = Array.isArray(body.line_items) ? body.line_items : [];
      const first = lineItems[0] as Record<string, unknown> | undefined;
      if (body.mode !== 'subscription') {
        return [400, invalid('The stand-in only supports mode=subscription.', { param: 'mode' })];
      }
      if (!str(first?.price)) {
        return [400, invalid('line_items[0][price] is required.', { param: 'line_items' })];
      }
      const customer = str(body.customer);
      if (customer && !customers.has(customer)) {
        return [400, { error: { ...missing('customer', customer).error, param: 'customer' } }];
      }
      const id = newId('cs_test');
      const session: Record<string, unknown> = {
        id,
        object: 'checkout.session',
        url: `${url}/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        customer,
        mode: body.mode,
        metadata: metadataOf(body.metadata),
        client_reference_id: str(body.client_reference_id),
        success_url: str(body.success_url),
        cancel_url: str(body.cancel_url),
        subscription: null,
        created: now(),
        expires_at: now() + 24 * 3600,
        livemode: false,
        line_items: lineItems,
        subscription_data: body.subscription_data ?? {},
      };
      checkoutSessions.set(id, session);
      return [200, sessionJson(session)];
    }
    m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && m?.[1]) {
      const session = checkoutSessions.get(m[1]);
      return session ? [200, sessionJson(session)] : [404, missing('checkout.session', m[1])];
    }

    m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (m?.[1] && (method === 'GET' || method === 'POST' || method === 'DELETE')) {
      const subscription = subscriptions.get(m[1]);
      if (!subscription) return [404, missing('subscription', m[1])];
      // Cancelled at once (an account deleted): a second time is refused, as by Stripe.
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          return [400, invalid(`No such subscription: '${m[1]}' (it is canceled)`)];
        }
        subscription.status = 'canceled';
        return [200, subscription];
      }
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        }
        // Stripe merges metadata; an empty value removes the key.
        for (const [k, v] of Object.entries(metadataOf(body.metadata))) {
          if (v === '') delete subscription.metadata[k];
          else subscription.metadata[k] = v;
        }
      }
      return [200, subscription];
    }

    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(body.customer) ?? '';
      if (!customers.has(customer)) return [404, missing('customer', customer)];
      const portal = { id: newId('bps'), customer, return_url: str(body.return_url) };
      portalSessions.set(portal.id, portal);
      return [
        200,
        { ...portal, object: 'billing_portal.session', url: `${url}/portal/${portal.id}` },
      ];
    }
    return [404, invalid(`Unrecognized request URL (${method}: ${path}).`)];
  }

  /** Pays a session: a subscription, the session complete, then the two events in order. */
  async function pay(session: Record<string, unknown>) {
    let customer = str(session.customer);
    if (!customer) {
      customer = newId('cus');
      customers.set(customer, {
        id: customer,
        object: 'customer',
        email: null,
        name: null,
        metadata: {},
      });
      session.customer = customer;
    }
    const items = session.line_items as Array<Record<string, unknown>>;
    const data = session.subscription_data as Record<string, unknown>;
    const start = now();
    const subscription: StandInSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: metadataOf(data.metadata),
      created: start,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: String(items[0]?.price), object: 'price' },
            current_period_start: start,
            current_period_end: start + 30 * 24 * 3600,
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
    });
    await standIn.emit('customer.subscription.created', subscription);
    await standIn.emit('checkout.session.completed', sessionJson(session));
  }

  /** The hosted pages: Checkout and the Customer Portal. */
  async function hosted(req: IncomingMessage, res: ServerResponse, path: string) {
    const form = new URLSearchParams(req.method === 'POST' ? await readBody(req) : '');
    let m = /^\/pay\/([^/]+)$/.exec(path);
    const session = m?.[1] ? checkoutSessions.get(m[1]) : undefined;
    if (m && session) {
      const open = session.status === 'open';
      if (req.method === 'POST') {
        if (!open) return page(res, 400, 'Checkout session not open', '<p>Already paid.</p>');
        await pay(session);
        const success = String(session.success_url ?? '/');
        return redirect(res, success.replaceAll('{CHECKOUT_SESSION_ID}', String(session.id)));
      }
      const items = session.line_items as Array<Record<string, unknown>>;
      const price = escapeHtml(String(items[0]?.price));
      const action = open
        ? `<form method="post" action="/pay/${escapeHtml(String(session.id))}"><button type="submit">Pay and subscribe</button></form>`
        : '<p>This checkout session is complete.</p>';
      const cancel = str(session.cancel_url);
      return page(
        res,
        200,
        'Stand-in Stripe Checkout',
        `<p>Subscribe to price <code>${price}</code> (quantity ${escapeHtml(String(items[0]?.quantity ?? 1))}).</p>${action}` +
          (cancel ? `<p><a href="${escapeHtml(cancel)}">Cancel</a></p>` : ''),
      );
    }

    m = /^\/portal\/([^/]+)(\/cancel)?$/.exec(path);
    const portal = m?.[1] ? portalSessions.get(m[1]) : undefined;
    if (m && portal) {
      const back = portal.return_url ?? `/portal/${portal.id}`;
      if (req.method === 'POST' && m[2]) {
        const subscription = subscriptions.get(form.get('subscription') ?? '');
        if (subscription?.customer !== portal.customer) {
          return page(res, 404, 'No such subscription', '<p>No such subscription.</p>');
        }
        subscription.status = 'canceled';
        await standIn.emit('customer.subscription.deleted', subscription);
        return redirect(res, back);
      }
      const own = [...subscriptions.values()].filter((s) => s.customer === portal.customer);
      const list = own
        .map((s) => {
          const item = s.items.data[0];
          const until = item
            ? new Date(item.current_period_end * 1000).toISOString().slice(0, 10)
            : '';
          const cancel =
            s.status === 'canceled'
              ? ''
              : `<form method="post" action="/portal/${escapeHtml(portal.id)}/cancel">` +
                `<input type="hidden" name="subscription" value="${escapeHtml(s.id)}">` +
                `<button type="submit">Cancel subscription</button></form>`;
          return `<li><p>Subscription <code>${escapeHtml(s.id)}</code>, price <code>${escapeHtml(item?.price.id ?? '')}</code>: ${escapeHtml(s.status)}${s.status === 'canceled' ? '' : `${s.cancel_at_period_end ? ', ends' : ', renews'} ${until}`}</p>${cancel}</li>`;
        })
        .join('');
      return page(
        res,
        200,
        'Stand-in Stripe Customer Portal',
        `<h2>Subscriptions</h2>${own.length ? `<ul>${list}</ul>` : '<p>No subscriptions.</p>'}` +
          `<p><a href="${escapeHtml(back)}">Return to Preference Bank</a></p>`,
      );
    }
    return page(res, 404, 'Not found', '<p>No such page.</p>');
  }

  const server = createServer(async (req, res) => {
    try {
      const u = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      if (!u.pathname.startsWith('/v1/')) return await hosted(req, res, u.pathname);
      const raw = method === 'GET' ? u.search.slice(1) : await readBody(req);
      const body = decodeForm(raw);
      const authorized = req.headers.authorization === `Bearer ${STAND_IN_SECRET_KEY}`;
      standIn.requests.push({ method, path: u.pathname, body, authorized });
      if (standIn.outage) {
        return json(res, 500, { error: { type: 'api_error', message: 'Stand-in outage' } });
      }
      if (!authorized) return json(res, 401, invalid('Invalid API Key provided'));
      const [status, answer] = api(method, u.pathname, body);
      return json(res, status, answer);
    } catch (e) {
      json(res, 500, { error: { type: 'api_error', message: String(e) } });
    }
  });
  server.listen(0, host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  url = `http://${host}:${port}`;

  const standIn: StripeStandIn = {
    url,
    host,
    port,
    requests: [],
    customers,
    checkoutSessions,
    subscriptions,
    webhookUrl: undefined,
    outage: false,
    events: [],
    deliveries: [],
    async emit(type, object, opts = {}) {
      const eventId = opts.id ?? newId('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STAND_IN_WEBHOOK_SECRET,
      });
      standIn.events.push({ id: eventId, type, payload, header });
      const signature = opts.signature ?? 'valid';
      // One character changed after signing: the signature no longer matches.
      const sent =
        signature === 'tampered'
          ? payload.replace('"pending_webhooks":1', '"pending_webhooks":2')
          : payload;
      const sentHeader = signature === 'missing' ? undefined : header;
      const answer = await post(standIn.webhookUrl, sent, sentHeader);
      standIn.deliveries.push({ eventId, type, ...answer });
      return { ...answer, eventId, payload: sent, header: sentHeader };
    },
    send: (payload, header) => post(standIn.webhookUrl, payload, header),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
