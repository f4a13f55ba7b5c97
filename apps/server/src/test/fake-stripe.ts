// Test support: a small Stripe API server for the tests, answering only the endpoints Referwell calls, with the
// shapes Stripe's API reference documents (API version of the `stripe` package in use; see ADR 0025 for the pages):
// customers.create, checkout.sessions.create, billing_portal.sessions.create, subscriptions.retrieve / update and
// invoices.list. It checks the Bearer secret key and the form-encoded request shapes, keeps its customers,
// subscriptions and invoices in memory, serves a minimal hosted Checkout page and billing portal, and delivers
// webhook events signed with `stripe.webhooks.generateTestHeaderString`. Tests make it fail on purpose: a declined
// card (402 card_declined), 429 and 500. Run as a script (node --import tsx) it serves the browser tests.
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { PLAN_IDS, PLANS, type PlanId } from '@referwell/shared';

/** The price ids the tests configure (STRIPE_PRICE_*), one per plan. */
export const TEST_PRICE_IDS: Record<PlanId, string> = {
  monthly: 'price_test_monthly',
  enterprise: 'price_test_enterprise',
  beta: 'price_test_beta',
  beta_year: 'price_test_beta_year',
};

export interface FakePrice {
  /** Cents per interval. */
  unitAmount: number;
  interval: 'month' | 'year';
  product: string;
}

/** The plans' prices as the fake's catalogue. */
export const TEST_PRICES: Record<string, FakePrice> = Object.fromEntries(
  PLAN_IDS.map((plan) => [
    TEST_PRICE_IDS[plan],
    { unitAmount: PLANS[plan].priceUsd * 100, interval: PLANS[plan].interval, product: PLANS[plan].name },
  ]),
);

/** The server's STRIPE_* for a fake at `origin`. */
export function stripeTestEnv(origin: string, keys = { secretKey: 'sk_test_fake', webhookSecret: 'whsec_fake' }) {
  return {
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_PRICE_MONTHLY: TEST_PRICE_IDS.monthly,
    STRIPE_PRICE_ENTERPRISE: TEST_PRICE_IDS.enterprise,
    STRIPE_PRICE_BETA: TEST_PRICE_IDS.beta,
    STRIPE_PRICE_BETA_YEAR: TEST_PRICE_IDS.beta_year,
    STRIPE_API_URL: origin,
    // A fake told not to answer is given up on quickly.
    STRIPE_TIMEOUT_MS: '1000',
  };
}

type Json = Record<string, unknown>;
/** How the fake fails a request: a declined card, 429, 500, or no answer at all (the client's timeout). */
type Failure = 'card_declined' | 429 | 500 | 'timeout';

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are delivered (the app's webhook route); may be set later. */
  webhookUrl?: string;
  prices?: Record<string, FakePrice>;
  port?: number;
}

export interface FakeStripe {
  origin: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Stripe.Subscription>;
  invoices: Json[];
  /** Every API request: method, path and its decoded form body or query. */
  requests: { method: string; path: string; params: Json; idempotencyKey: string | undefined }[];
  /** The next `times` requests matching "METHOD /v1/path-prefix" fail this way. */
  failNext(match: string, failure: Failure, times?: number): void;
  /** Charges for this customer are declined (402 card_declined) until told otherwise. */
  declineCards(customerId: string, decline?: boolean): void;
  /** An event as Stripe would send it (not sent); `createdAt` in seconds defaults to now. */
  event(type: string, object: unknown, createdAt?: number): Stripe.Event;
  /** Signs and posts an event to the webhook URL: the app's answer. */
  deliver(event: Stripe.Event, signature?: string): Promise<{ status: number; body: string }>;
  /** Completes a Checkout session as the hosted page does (subscription, invoice, events); the redirect URL. */
  completeCheckout(sessionId: string): Promise<string>;
  /** A renewal's payment fails: the subscription turns past_due, a failed invoice, and its events. */
  failPayment(subscriptionId: string): Promise<void>;
  /** Changes a subscription at the provider without telling anyone (the state a later read finds). */
  setSubscription(id: string, change: Partial<Stripe.Subscription>): Stripe.Subscription;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/**
 * `a[b][0][c]=v&…` as Stripe's libraries encode it → nested objects; objects whose keys are all indices become
 * arrays. Values stay strings, as the API receives them.
 */
export function parseForm(body: string): Json {
  const root: Json = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey!.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.split(/\[|\]\[|\]/).filter((part, i) => part !== '' || i === 0);
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, param?: string, code = 'parameter_invalid_empty') =>
  new ApiFailure(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
const missing = (what: string, id: string, param?: string) =>
  new ApiFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param ? { param } : {}),
  });
const declined = () =>
  new ApiFailure(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  });
const FAILURES: Record<string, () => ApiFailure> = {
  card_declined: declined,
  429: () =>
    new ApiFailure(429, {
      type: 'invalid_request_error',
      code: 'rate_limit',
      message: 'Too many requests hit the API too quickly.',
    }),
  500: () => new ApiFailure(500, { type: 'api_error', message: 'An unknown error occurred.' }),
};

const oneOf = (value: unknown, allowed: string[], param: string) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value))
    throw invalid(`Invalid ${param}: must be one of ${allowed.join(', ')}`, param, 'parameter_invalid');
  return value;
};
const metadataOf = (value: unknown, param = 'metadata'): Record<string, string> => {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid('Invalid object', param, 'parameter_invalid');
  return value as Record<string, string>;
};
const addInterval = (seconds: number, interval: 'month' | 'year') => {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
  `<body style="font-family: sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">${body}</body></html>`;

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';
  const prices = options.prices ?? TEST_PRICES;
  const signer = new Stripe(secretKey);
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const invoices: Json[] = [];
  const requests: FakeStripe['requests'] = [];
  const failures: { match: string; failure: Failure; times: number }[] = [];
  const declining = new Set<string>();
  let origin = '';

  const priceObject = (id: string) => {
    const price = prices[id];
    if (!price) throw missing('price', id);
    return {
      id,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: price.unitAmount,
      recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' },
      product: `prod_${id}`,
      type: 'recurring',
      livemode: false,
    };
  };

  function newInvoice(subscription: Stripe.Subscription, amount: number, status: 'paid' | 'open'): Json {
    const item = subscription.items.data[0]!;
    const id = newId('in');
    const invoice: Json = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      number: `FAKE-${String(invoices.length + 1).padStart(4, '0')}`,
      status,
      total: amount,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      amount_remaining: status === 'paid' ? 0 : amount,
      currency: 'usd',
      created: now(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      hosted_invoice_url: `${origin}/i/${id}`,
      invoice_pdf: `${origin}/i/${id}/pdf`,
      livemode: false,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    invoices.unshift(invoice);
    return invoice;
  }

  function event(type: string, object: unknown, createdAt = now()): Stripe.Event {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: createdAt,
      data: { object: JSON.parse(JSON.stringify(object)) as Json },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
  }

  async function deliver(sent: Stripe.Event, signature?: string) {
    if (!fake.webhookUrl) throw new Error('fake Stripe: no webhook URL to deliver to');
    const payload = JSON.stringify(sent, null, 2);
    const header = signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const res = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    return { status: res.status, body: await res.text() };
  }

  function setSubscription(id: string, change: Partial<Stripe.Subscription>) {
    const current = subscriptions.get(id);
    if (!current) throw missing('subscription', id);
    const next = { ...current, ...change } as Stripe.Subscription;
    subscriptions.set(id, next);
    return next;
  }

  async function completeCheckout(sessionId: string): Promise<string> {
    const session = sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`fake Stripe: no open session ${sessionId}`);
    const customerId = String(session.customer);
    const priceId = String((session.line_items as Json[])[0]!.price);
    const subscriptionData = (session.subscription_data ?? {}) as Json;
    const trialDays = subscriptionData.trial_period_days ? Number(subscriptionData.trial_period_days) : 0;
    const start = now();
    const trialEnd = trialDays > 0 ? start + trialDays * 86_400 : null;
    const price = priceObject(priceId);
    if (!trialEnd && declining.has(customerId)) throw declined();
    const id = newId('sub');
    const subscription = {
      id,
      object: 'subscription',
      customer: customerId,
      status: trialEnd ? 'trialing' : 'active',
      created: start,
      start_date: start,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      collection_method: 'charge_automatically',
      currency: 'usd',
      livemode: false,
      latest_invoice: null,
      metadata: metadataOf(subscriptionData.metadata),
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: start,
            price,
            quantity: 1,
            subscription: id,
            current_period_start: start,
            current_period_end: trialEnd ?? addInterval(start, price.recurring.interval as 'month' | 'year'),
            metadata: {},
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    } as unknown as Stripe.Subscription;
    subscriptions.set(id, subscription);
    const invoice = newInvoice(subscription, trialEnd ? 0 : price.unit_amount, 'paid');
    setSubscription(id, { latest_invoice: String(invoice.id) });
    Object.assign(session, {
      status: 'complete',
      payment_status: trialEnd ? 'no_payment_required' : 'paid',
      subscription: id,
    });
    // Stripe does not promise an order; these arrive the way it usually sends them.
    await deliver(event('customer.subscription.created', subscriptions.get(id)));
    await deliver(event('invoice.paid', invoice));
    await deliver(event('checkout.session.completed', session));
    return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
  }

  async function failPayment(subscriptionId: string) {
    const subscription = setSubscription(subscriptionId, { status: 'past_due' });
    const price = subscription.items.data[0]!.price;
    const invoice = newInvoice(subscription, price.unit_amount ?? 0, 'open');
    await deliver(event('invoice.payment_failed', invoice));
    await deliver(event('customer.subscription.updated', subscription));
  }

  // ----- the API -----

  function api(method: string, path: string, params: Json, customerOfCall: (id: unknown) => string): unknown {
    const parts = path.split('/').filter(Boolean);
    if (method === 'POST' && path === '/v1/customers') {
      const id = newId('cus');
      const customer = {
        id,
        object: 'customer',
        created: now(),
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: metadataOf(params.metadata),
        livemode: false,
      };
      customers.set(id, customer);
      return customer;
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const mode = oneOf(params.mode, ['payment', 'setup', 'subscription'], 'mode');
      if (!mode) throw invalid('Missing required param: mode.', 'mode', 'parameter_missing');
      if (!params.success_url)
        throw invalid('Missing required param: success_url.', 'success_url', 'parameter_missing');
      const items = params.line_items;
      if (!Array.isArray(items) || items.length === 0)
        throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
      for (const [i, item] of (items as Json[]).entries()) {
        priceObject(String(item.price));
        if (item.quantity !== undefined && !/^\d+$/.test(String(item.quantity)))
          throw invalid('Invalid integer', `line_items[${i}][quantity]`, 'parameter_invalid_integer');
      }
      const data = (params.subscription_data ?? {}) as Json;
      if (data.trial_period_days !== undefined && !/^[1-9]\d*$/.test(String(data.trial_period_days)))
        throw invalid('Invalid integer', 'subscription_data[trial_period_days]', 'parameter_invalid_integer');
      const customer = params.customer === undefined ? null : customerOfCall(params.customer);
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: params.client_reference_id ?? null,
        subscription: null,
        url: `${origin}/c/pay/${id}`,
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? null,
        metadata: metadataOf(params.metadata),
        created: now(),
        expires_at: now() + 86_400,
        livemode: false,
        // Kept to complete the session; Stripe returns line_items only when expanded.
        line_items: items,
        subscription_data: data,
      };
      sessions.set(id, session);
      const { line_items: _items, subscription_data: _data, ...answer } = session;
      return answer;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (params.customer === undefined)
        throw invalid('Missing required param: customer.', 'customer', 'parameter_missing');
      const customer = customerOfCall(params.customer);
      const id = newId('bps');
      const session = {
        id,
        object: 'billing_portal.session',
        configuration: 'bpc_fake',
        created: now(),
        customer,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: params.return_url ?? null,
        url: `${origin}/p/session/${id}`,
      };
      sessions.set(id, session);
      return session;
    }
    if (parts[0] === 'v1' && parts[1] === 'subscriptions' && parts.length === 3) {
      const id = parts[2]!;
      const subscription = subscriptions.get(id);
      if (!subscription) throw missing('subscription', id);
      if (method === 'GET') return subscription;
      if (method === 'POST') return updateSubscription(subscription, params);
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const limit = params.limit === undefined ? 10 : Number(params.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        throw invalid('This value must be between 1 and 100.', 'limit', 'parameter_invalid_integer');
      if (params.customer !== undefined) customerOfCall(params.customer);
      const all = invoices.filter((i) => params.customer === undefined || i.customer === params.customer);
      return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/invoices' };
    }
    throw new ApiFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function updateSubscription(subscription: Stripe.Subscription, params: Json): Stripe.Subscription {
    const change: Partial<Stripe.Subscription> = {};
    const flag = oneOf(params.cancel_at_period_end, ['true', 'false'], 'cancel_at_period_end');
    if (flag !== undefined) change.cancel_at_period_end = flag === 'true';
    if (params.cancel_at !== undefined) {
      if (params.cancel_at === '') change.cancel_at = null;
      else if (/^\d+$/.test(String(params.cancel_at))) change.cancel_at = Number(params.cancel_at);
      else throw invalid('Invalid integer', 'cancel_at', 'parameter_invalid_integer');
    }
    const proration = oneOf(
      params.proration_behavior,
      ['always_invoice', 'create_prorations', 'none'],
      'proration_behavior',
    );
    oneOf(
      params.payment_behavior,
      ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'],
      'payment_behavior',
    );
    if (params.metadata !== undefined) change.metadata = { ...subscription.metadata, ...metadataOf(params.metadata) };
    if (params.items !== undefined) {
      const [item] = params.items as Json[];
      const current = subscription.items.data[0]!;
      if (!item || item.id !== current.id) throw missing('subscription item', String(item?.id), 'items[0][id]');
      const price = priceObject(String(item.price));
      const increase =
        price.unit_amount * (price.recurring.interval === 'month' ? 12 : 1) >
        (current.price.unit_amount ?? 0) * (current.price.recurring?.interval === 'month' ? 12 : 1);
      const charged = proration === 'always_invoice' && increase && subscription.status !== 'trialing';
      if (charged && declining.has(String(subscription.customer))) throw declined();
      change.items = {
        ...subscription.items,
        data: [{ ...current, price: price as unknown as Stripe.Price }],
      } as Stripe.Subscription['items'];
      if (charged) {
        const updated = { ...subscription, ...change } as Stripe.Subscription;
        change.latest_invoice = String(
          newInvoice(updated, price.unit_amount - (current.price.unit_amount ?? 0), 'paid').id,
        );
      }
    }
    return setSubscription(subscription.id, change);
  }

  // ----- the HTTP server -----

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (data += chunk));
      req.on('end', () => resolve(data));
    });
  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type, 'request-id': newId('req') });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  async function hosted(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const checkout = /^\/c\/pay\/([\w]+)$/.exec(path);
    if (checkout) {
      const session = sessions.get(checkout[1]!);
      if (!session)
        return (send(res, 404, page('Not found', '<h1>This checkout link is not valid</h1>'), 'text/html'), true);
      if (req.method === 'POST') {
        try {
          const next = await completeCheckout(session.id as string);
          res.writeHead(303, { location: next });
          res.end();
        } catch {
          send(res, 402, page('Declined', '<h1>Your card was declined.</h1>'), 'text/html');
        }
        return true;
      }
      const price = prices[String((session.line_items as Json[])[0]!.price)]!;
      const trial = Number(((session.subscription_data ?? {}) as Json).trial_period_days ?? 0);
      const amount = `$${(price.unitAmount / 100).toLocaleString('en-US')} per ${price.interval}`;
      send(
        res,
        200,
        page(
          'Checkout (test)',
          `<main><h1>Subscribe to ${price.product}</h1><p>${amount}${trial ? `, after a ${trial}-day free trial` : ''}.</p>` +
            `<p>Test mode: card 4242 4242 4242 4242.</p><form method="post"><button type="submit">` +
            `${trial ? 'Start trial' : 'Subscribe'}</button></form>` +
            (session.cancel_url ? `<p><a href="${String(session.cancel_url)}">Back</a></p>` : '') +
            '</main>',
        ),
        'text/html',
      );
      return true;
    }
    const portal = /^\/p\/session\/([\w]+)$/.exec(path);
    if (portal) {
      const session = sessions.get(portal[1]!);
      if (!session) return (send(res, 404, page('Not found', '<h1>This link has expired</h1>'), 'text/html'), true);
      send(
        res,
        200,
        page(
          'Billing portal (test)',
          `<main><h1>Manage your billing</h1><p>Customer ${String(session.customer)}.</p>` +
            `<p><a href="${String(session.return_url)}">Return to Referwell</a></p></main>`,
        ),
        'text/html',
      );
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (path === '/health') return send(res, 200, { ok: true });
    if (await hosted(req, res, path)) return;
    // Browser-test controls (no key: the tests drive the provider's side).
    if (req.method === 'POST' && path === '/__fake/payment-failed') {
      const company = url.searchParams.get('company');
      const id =
        url.searchParams.get('subscription') ??
        [...subscriptions.values()].findLast((s) => !company || s.metadata.companyId === company)?.id;
      if (!id || !subscriptions.has(id)) return send(res, 404, { error: 'no such subscription' });
      await failPayment(id);
      return send(res, 200, { ok: true, subscription: id });
    }
    if (!path.startsWith('/v1/'))
      return send(res, 404, { error: { type: 'invalid_request_error', message: 'Not found' } });

    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${secretKey}`)
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    const body = await read(req);
    if (
      req.method === 'POST' &&
      body &&
      !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')
    )
      return send(res, 400, {
        error: { type: 'invalid_request_error', message: 'Invalid request: form encoding expected.' },
      });
    const params = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? 'GET', path, params, idempotencyKey });
    try {
      const failure = failures.find((f) => f.times > 0 && `${req.method} ${path}`.startsWith(f.match));
      if (failure) {
        failure.times -= 1;
        // No answer: the request hangs until the client gives up (or the fake closes).
        if (failure.failure === 'timeout') return;
        throw FAILURES[String(failure.failure)]!();
      }
      const customerOfCall = (id: unknown) => {
        if (typeof id !== 'string' || !customers.has(id)) throw missing('customer', String(id), 'customer');
        return id;
      };
      return send(res, 200, api(req.method ?? 'GET', path, params, customerOfCall));
    } catch (error) {
      if (error instanceof ApiFailure) return send(res, error.status, { error: error.body });
      return send(res, 500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  const server = http.createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    origin,
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    customers,
    sessions,
    subscriptions,
    invoices,
    requests,
    failNext: (match, failure, times = 1) => failures.push({ match, failure, times }),
    declineCards: (customerId, decline = true) =>
      void (decline ? declining.add(customerId) : declining.delete(customerId)),
    event,
    deliver,
    completeCheckout,
    failPayment,
    setSubscription,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

// The browser tests start it as a process: FAKE_STRIPE_PORT, FAKE_STRIPE_WEBHOOK_URL (and the default keys).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeStripe({
    port: Number(process.env.FAKE_STRIPE_PORT ?? 0),
    webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
  });
  console.log(`fake Stripe on ${fake.origin}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
