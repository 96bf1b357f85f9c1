import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for the part of Stripe's API the payments adapter uses, answered the way Stripe answers
 * (form-encoded requests, JSON objects, card errors as 402 with error.type 'card_error', replayed responses
 * for a repeated Idempotency-Key). Test numbers behave as Stripe documents: 4000000000000002 is declined when
 * attached, 4000000000000341 attaches but its charges are declined.
 */

type Json = Record<string, unknown>;
export type RecordedRequest = {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | undefined;
};

const PRICES: Record<string, number> = { price_pro_test: 9_900, price_business_test: 29_900 };
const PERIOD_S = 30 * 86_400;

/** `a[b][0][c]=v` form fields → nested objects and arrays, as Stripe reads them. */
export function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) {
        node[part] = value;
        break;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    }
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export type FakeStripe = {
  url: string;
  requests: RecordedRequest[];
  /** Next PaymentIntent's status instead of `succeeded` (e.g. 'processing'). */
  nextIntentStatus: string | null;
  subscriptions: Map<string, Json>;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const cards = new Map<string, Json & { number: string }>();
  const customers = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const intents = new Map<string, Json & { pm: string }>();
  const replies = new Map<string, { status: number; body: Json }>();
  const requests: RecordedRequest[] = [];

  const cardError = (code: string, message: string, extra: Json = {}) => ({
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: 'generic_decline', message, ...extra } },
  });
  const missing = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  });
  const brandOf = (n: string) =>
    n.startsWith('4')
      ? 'visa'
      : /^5[1-5]|^2[2-7]/.test(n)
        ? 'mastercard'
        : /^3[47]/.test(n)
          ? 'amex'
          : n.startsWith('6')
            ? 'discover'
            : 'unknown';
  const pmObject = (pmId: string) => {
    const c = cards.get(pmId)!;
    return {
      id: pmId,
      object: 'payment_method',
      type: 'card',
      customer: c.customer ?? null,
      card: {
        brand: brandOf(c.number),
        last4: c.number.slice(-4),
        exp_month: Number(c.exp_month),
        exp_year: Number(c.exp_year),
      },
    };
  };

  const invoiceFor = (sub: Json, amount: number, reason: string, coupon: Json | null): Json => {
    const off = coupon
      ? coupon.percent_off
        ? Math.round((amount * Number(coupon.percent_off)) / 100)
        : Math.min(amount, Number(coupon.amount_off))
      : 0;
    const item = (sub.items as { data: Json[] }).data[0]!;
    const invoice = {
      id: id('in'),
      object: 'invoice',
      status: 'paid',
      subtotal: amount,
      total: amount - off,
      amount_paid: amount - off,
      billing_reason: reason,
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
      lines: {
        object: 'list',
        data: [{ id: id('il'), period: { start: item.current_period_start, end: item.current_period_end } }],
      },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };

  const declinesCharges = (pmId: string) => cards.get(pmId)?.number === '4000000000000341';

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    const on = (verb: string, re: RegExp) => (method === verb ? path.match(re) : null);
    let m: RegExpMatchArray | null = null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = {
        id: id('cus'),
        object: 'customer',
        email: body.email,
        name: body.name,
        metadata: body.metadata ?? {},
      };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (method === 'POST' && path === '/v1/payment_methods') {
      const card = body.card as Json;
      const pmId = id('pm');
      cards.set(pmId, { number: String(card.number), exp_month: card.exp_month, exp_year: card.exp_year });
      return { status: 200, body: pmObject(pmId) };
    }
    m = on('POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/);
    if (m) {
      const card = cards.get(m[1]!);
      if (!card) return missing(`PaymentMethod: '${m[1]}'`);
      if (card.number === '4000000000000002') return cardError('card_declined', 'Your card was declined.');
      card.customer = body.customer;
      return { status: 200, body: pmObject(m[1]!) };
    }
    m = on('POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/);
    if (m) {
      const card = cards.get(m[1]!);
      if (!card) return missing(`PaymentMethod: '${m[1]}'`);
      card.customer = null;
      return { status: 200, body: pmObject(m[1]!) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = String(body.payment_method);
      if (!cards.has(pm)) return missing(`PaymentMethod: '${pm}'`);
      const intentId = id('pi');
      if (declinesCharges(pm)) {
        return cardError('card_declined', 'Your card was declined.', {
          payment_intent: { id: intentId, object: 'payment_intent', status: 'requires_payment_method' },
        });
      }
      const status = fake.nextIntentStatus ?? 'succeeded';
      fake.nextIntentStatus = null;
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        status,
        metadata: body.metadata ?? {},
        pm,
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (!intents.has(String(body.payment_intent)))
        return missing(`payment_intent: '${body.payment_intent}'`);
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          status: 'succeeded',
          amount: Number(body.amount),
          payment_intent: body.payment_intent,
        },
      };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      return {
        status: 200,
        body: {
          id: id('acct'),
          object: 'account',
          type: body.type,
          email: body.email,
          payouts_enabled: false,
          external_accounts: { object: 'list', data: [] },
        },
      };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/${body.account}`,
          expires_at: now() + 300,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      return {
        status: 200,
        body: {
          id: id('tr'),
          object: 'transfer',
          amount: Number(body.amount),
          destination: body.destination,
        },
      };
    }
    m = on('GET', /^\/v1\/coupons\/([^/]+)$/);
    if (m) {
      const c = coupons.get(decodeURIComponent(m[1]!));
      return c ? { status: 200, body: c } : missing(`coupon: '${m[1]}'`);
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const c = {
        id: body.id,
        object: 'coupon',
        duration: body.duration,
        percent_off: body.percent_off ? Number(body.percent_off) : null,
        amount_off: body.amount_off ? Number(body.amount_off) : null,
      };
      coupons.set(String(body.id), c);
      return { status: 200, body: c };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const pm = String(body.default_payment_method);
      if (declinesCharges(pm)) return cardError('card_declined', 'Your card was declined.');
      const price = String((body.items as Json[])[0]!.price);
      const start = now();
      const sub: Json = {
        id: id('sub'),
        object: 'subscription',
        customer: body.customer,
        status: 'active',
        cancel_at_period_end: false,
        created: start,
        metadata: body.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              price: { id: price },
              current_period_start: start,
              current_period_end: start + PERIOD_S,
            },
          ],
        },
      };
      const couponId = (body.discounts as Json[] | undefined)?.[0]?.coupon;
      const invoice = invoiceFor(
        sub,
        PRICES[price] ?? 0,
        'subscription_create',
        couponId ? (coupons.get(String(couponId)) ?? null) : null,
      );
      sub.latest_invoice = invoice.id;
      subscriptions.set(String(sub.id), sub);
      return { status: 200, body: { ...sub, latest_invoice: invoice } };
    }
    m = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (m) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return missing(`subscription: '${m[1]}'`);
      if (method === 'GET') return { status: 200, body: sub };
      if (method === 'DELETE') {
        sub.status = 'canceled';
        return { status: 200, body: sub };
      }
      if (body.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      if (body.items) {
        const pm = String(body.default_payment_method);
        if (declinesCharges(pm)) return cardError('card_declined', 'Your card was declined.');
        const item = (sub.items as { data: Json[] }).data[0]!;
        const oldPrice = PRICES[String((item.price as Json).id)] ?? 0;
        const price = String((body.items as Json[])[0]!.price);
        item.price = { id: price };
        const invoice = invoiceFor(
          sub,
          Math.max(0, (PRICES[price] ?? 0) - oldPrice),
          'subscription_update',
          null,
        );
        sub.latest_invoice = invoice.id;
        return { status: 200, body: { ...sub, latest_invoice: invoice } };
      }
      return { status: 200, body: sub };
    }
    m = on('GET', /^\/v1\/invoices\/([^/]+)$/);
    if (m) {
      const invoice = invoices.get(m[1]!);
      return invoice ? { status: 200, body: invoice } : missing(`invoice: '${m[1]}'`);
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const reply = (status: number, body: Json) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      if (!/^Bearer sk_test_/.test(req.headers.authorization ?? '')) {
        reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const body = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey: key });
      const replayKey = key && req.method === 'POST' ? `${url.pathname}:${key}` : null;
      const stored = replayKey ? replies.get(replayKey) : undefined;
      const result = stored ?? route(req.method ?? 'GET', url.pathname, body);
      if (replayKey && !stored) replies.set(replayKey, result);
      reply(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    requests,
    nextIntentStatus: null,
    subscriptions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
