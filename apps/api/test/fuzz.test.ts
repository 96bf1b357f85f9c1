import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from './harness';

/**
 * A property-based fuzz of every endpoint's input (DESIGN.md §7): random path ids, query strings and JSON
 * bodies — built from the fields the OpenAPI document gives each route, with values of every JSON type and the
 * usual troublemakers — sent by each kind of caller. Whatever the input, the answer is never a 5xx, the request
 * never throws, and a request carrying a NUL or a lone surrogate is never accepted.
 *
 * Random bodies rarely pass a route's schema, so most never reach the database. Half of them therefore start
 * from a plausible body (every field given a value its schema likely accepts) with one field, at any depth,
 * replaced by a troublemaker: a NUL or a lone surrogate, a number past int4 or 2^53, or anything else. A
 * systematic sweep (the second test) then tries every field of every route in turn.
 */

/** Routes that never end (a live event stream) cannot be answered by inject. */
const SKIP = new Set(['GET /api/v1/my/events']);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};
type Operation = {
  query: { name: string; schema: Schema }[];
  body: string[];
  bodySchema?: Schema;
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema?: Schema }[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
};

let t: TestApp;
let doc: OpenApi;
const tokens: (string | undefined)[] = [undefined];
const operations = new Map<string, Operation>();

// Started first in the run (vitest.config.ts), so it may seed the demo template itself: discovery's time limit.
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  for (const email of ['admin@reach.local', 'pro@reach.local', 'trial@reach.local', 'influencer@reach.local'])
    tokens.push(await loginAs(t.app, email));
  await t.app.ready();
  doc = t.app.swagger() as unknown as OpenApi;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      // A body that is a choice (a nullish body is `anyOf: [object, null]`, or one of two shapes) has the
      // fields of every branch.
      const schemas = Object.values(op.requestBody?.content ?? {}).flatMap((c) => branches(c.schema ?? {}));
      const body = [...new Set(schemas.flatMap((s) => Object.keys(s.properties ?? {})))];
      // A body whose fields cannot be read (a $ref to a component the document lacks) would go unfuzzed.
      if (op.requestBody && !body.length)
        throw new Error(`${method} ${path}: no body fields in the OpenAPI document`);
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema ?? {} }));
      operations.set(`${method.toUpperCase()} ${url}`, {
        query,
        body,
        bodySchema: schemas.find((s) => s.properties),
      });
    }
  }
  if (process.env.FUZZ_DEBUG)
    console.log(
      [...operations].map(([k, v]) => `${k} q=${v.query.map((q) => q.name)} b=${v.body}`).join('\n'),
    );
}, 120_000);
afterAll(async () => t?.close());

// ── troublemakers ─────────────────────────────────────────────────────────────────────────────────────────

/** The characters PostgreSQL cannot store: NUL, and lone halves of a surrogate pair (high, low). */
const HOSTILE_CHARS = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'] as const;
/** Text with one hostile character somewhere in it. */
const hostile = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...HOSTILE_CHARS), fc.string({ maxLength: 6 }))
  .map(([a, c, b]) => `${a}${c}${b}`);
/**
 * Numbers past int4, past 2^53, and negative zero. 9007199254740993 has no double of its own (it would be sent
 * as ...992): it goes as text below and as a raw JSON literal in rawJsonFor.
 */
const hugeNumber = fc.constantFrom(2147483648, -2147483649, 2 ** 53, 2 ** 53 + 2, 1e21, -0, 1e308);
/** The same as text (query strings and path ids are text), plus what a JSON number cannot hold. */
const hugeText = fc.constantFrom(
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '1e309',
  '-1e309',
  '-0',
  '0x7fffffff',
);

const nasty = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    "' OR 1=1 --",
    '%00',
    '../../etc/passwd',
    '\u0000',
    '\ud800',
    '\udc00',
    '😀'.repeat(300),
    'a'.repeat(5000),
    '2026-02-30',
    'asc',
    'desc',
  ),
  hostile,
  hugeText,
);
const scalar = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  hugeNumber,
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), hostile), scalar, { maxKeys: 3 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
/**
 * What replaces one value of a plausible body: mostly what the database refuses for its kind (text gets a
 * hostile character, a number one out of range), sometimes anything.
 */
const replacement = fc
  .record({ roll: fc.nat({ max: 9 }), text: hostile, huge: hugeNumber, hugeText, other: value })
  .map(({ roll, text, huge, hugeText, other }) => (original: unknown) => {
    if (typeof original === 'string') return roll < 6 ? text : roll < 7 ? hugeText : other;
    if (typeof original === 'number') return roll < 5 ? huge : roll < 7 ? hugeText : roll < 8 ? text : other;
    if (Array.isArray(original)) return roll < 5 ? [text] : roll < 7 ? [huge] : other;
    return roll < 4 ? text : roll < 6 ? huge : other;
  });

/**
 * Percent-encodes like encodeURIComponent, which throws on a lone surrogate: that one is written as the
 * three bytes a careless encoder would send (ED A0 80 for U+D800), which are not valid UTF-8.
 */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0xd800 || c > 0xdfff) out += encodeURIComponent(ch);
    else
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
  }
  return out;
}

const pathValue = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  fc.integer().map(String),
  hugeText,
  nasty.map(encode),
);

/** JSON a client could write by hand: a field of the route with a value no JSON encoder would produce. */
function rawJsonFor(fields: string[]) {
  const field = fields.length ? fc.constantFrom(...fields) : fc.constant('id');
  const literal = fc.constantFrom(
    '1e309',
    '-1e309',
    '99999999999999999999',
    '2147483648',
    '9007199254740993',
    '-0',
    '"\\u0000"',
    '"\\ud800"',
    '"\\udc00x"',
    '"a\\ud800\\ud800"',
    '{"\\u0000":1}',
    '["\\udfff"]',
  );
  return fc.tuple(field, literal).map(([name, lit]) => `{${JSON.stringify(name)}:${lit}}`);
}

/** Bodies that are not a JSON object: broken JSON, a bare value, or another content type. */
const malformed = fc.oneof(
  fc
    .constantFrom(
      '{"a":',
      '{',
      '[',
      '"',
      '{"a":1,}',
      'nul',
      '{"a" 1}',
      '\u0000',
      '',
      '{"__proto__":{"x":1}}',
      '"text"',
      '12',
      '-0',
      '1e309',
      'true',
      'null',
      '[]',
      '"\\u0000"',
    )
    .map((text) => ({ type: 'application/json', text })),
  fc.constantFrom(
    { type: 'text/plain', text: 'hello\u0000' },
    { type: 'application/x-www-form-urlencoded', text: 'a=%00' },
    { type: 'application/xml', text: '<a/>' },
    { type: 'multipart/form-data', text: 'not a form' },
    { type: 'application/json; charset=latin1', text: '{}' },
  ),
);

// ── plausible values from the OpenAPI schemas ─────────────────────────────────────────────────────────────

function resolve(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''] ?? {};
  return s;
}

/** A schema ($ref resolved) and, when it is a choice (anyOf, oneOf, allOf), each of its branches. */
function branches(schema: Schema, depth = 0): Schema[] {
  const s = resolve(schema);
  const options = depth > 3 ? [] : [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  return [s, ...options.flatMap((o) => branches(o, depth + 1))];
}

/** Values for fields whose schema alone does not say what passes (a pattern, a refinement). */
const KNOWN: Record<string, unknown> = {
  password: 'Correct-Horse-42',
  number: '4242424242424242',
  cvc: '123',
  exp_month: 12,
  exp_year: 2031,
  platform: 'instagram',
  post_url: 'https://www.instagram.com/p/fuzz/',
  routing_number: '110000000',
  account_number: '000123456789',
  code: '123456',
  zipcode: '78701',
  postal_code: '78701',
  weight: 0.25,
  website: 'https://example.com',
};

/** Texts tried, in order, against a field's pattern. */
const PATTERN_CANDIDATES = ['fuzz', '78701', '123456', '4242424242424242', '123', 'pm_fuzz', 'ab', 'A1', ''];

type Plausible = { requiredOnly: boolean; seed: number };

/**
 * A value the schema most likely accepts: every field (or only the required ones), emails made unique by
 * `seed` so that a sign-up is not a duplicate. `depth` stops recursive schemas.
 */
function plausible(schema: Schema, how: Plausible, name = '', depth = 0): unknown {
  const s = resolve(schema);
  if (name in KNOWN) return KNOWN[name];
  if (/email/i.test(name)) return `fuzz-${how.seed}@example.com`;
  if (s.enum?.length) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const options = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].filter(
    (o) => resolve(o).type !== 'null',
  );
  if (options[0]) return plausible(options[0], how, name, depth);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'string': {
      if (s.format === 'date' || /date/.test(name)) return '2031-01-01';
      if (s.format === 'date-time') return '2031-01-01T00:00:00.000Z';
      if (s.format === 'uri' || /url|link/.test(name)) return 'https://example.com/fuzz';
      const pattern = s.pattern ? new RegExp(s.pattern) : null;
      const fit = pattern && PATTERN_CANDIDATES.find((c) => pattern.test(c));
      return fit ?? 'fuzz'.padEnd(Math.max(s.minLength ?? 0, 4), 'z');
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      if (depth > 4 || !s.items) return [];
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () =>
        plausible(s.items ?? {}, how, name, depth + 1),
      );
    case 'object':
      if (depth > 4 || !s.properties) return {};
      // Only the required fields too: a plausible value of an optional one (an invite token, a business type
      // checked against a list) may be refused on its own and hide the field under test.
      return Object.fromEntries(
        Object.entries(s.properties)
          .filter(([key]) => !how.requiredOnly || (s.required ?? []).includes(key))
          .map(([key, p]) => [key, plausible(p, how, key, depth + 1)]),
      );
    default:
      return 'fuzz';
  }
}

type Path = (string | number)[];

/** Every place a value sits in a JSON value: fields at any depth and array items. */
function placesIn(json: unknown, at: Path = []): Path[] {
  if (json === null || typeof json !== 'object') return [at];
  const children = Array.isArray(json)
    ? json.flatMap((item, i) => placesIn(item, [...at, i]))
    : Object.entries(json).flatMap(([key, item]) => placesIn(item, [...at, key]));
  return [at, ...children];
}

function valueAt(json: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], json);
}

/** A copy of `json` with the value at `path` replaced. */
function replaced(json: unknown, path: Path, next: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  const copy = (Array.isArray(json) ? [...json] : { ...(json as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, next);
  return copy;
}

/** A plausible body with one value replaced (sometimes a hostile key added too). */
function mutatedBody(schema: Schema) {
  return fc
    .record({
      base: fc.record({ requiredOnly: fc.boolean(), seed: fc.nat() }).map((how) => plausible(schema, how)),
      pick: fc.nat(),
      next: replacement,
      key: fc.option(hostile, { freq: 4 }),
    })
    .map(({ base, pick, next, key }) => {
      // Skip the root: replacing the whole body is what the free-form bodies already do.
      const places = placesIn(base).slice(1);
      const place = places[pick % places.length];
      const body = place ? replaced(base, place, next(valueAt(base, place))) : base;
      return key !== null && body && typeof body === 'object' && !Array.isArray(body)
        ? { ...body, [key]: 'x' }
        : body;
    });
}

// ── requests ──────────────────────────────────────────────────────────────────────────────────────────────

type Body = { json: unknown } | { type: string; text: string };

function requestFor(op: Operation) {
  const known = op.body.length ? fc.constantFrom(...op.body) : fc.string({ maxLength: 12 });
  const queryPair = op.query.length
    ? fc.oneof(
        ...op.query.map((q) =>
          fc.tuple(
            fc.constant(q.name),
            fc.oneof(
              fc.constant(String(plausible(q.schema, { requiredOnly: false, seed: 0 }, q.name))),
              nasty,
              hostile,
              hugeText,
            ),
          ),
        ),
      )
    : fc.tuple(fc.string({ maxLength: 12 }), nasty);
  const bodies: { weight: number; arbitrary: fc.Arbitrary<Body> }[] = [
    {
      weight: 3,
      arbitrary: fc
        .dictionary(fc.oneof(known, fc.string({ maxLength: 8 }), hostile), value, { maxKeys: 8 })
        .map((json): Body => ({ json })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((json): Body => ({ json })) },
    {
      weight: 1,
      arbitrary: rawJsonFor(op.body).map((text): Body => ({ type: 'application/json', text })),
    },
    { weight: 1, arbitrary: malformed.map((raw): Body => raw) },
  ];
  if (op.bodySchema)
    bodies.push({ weight: 6, arbitrary: mutatedBody(op.bodySchema).map((json): Body => ({ json })) });
  return fc.record({
    caller: fc.nat({ max: tokens.length - 1 }),
    ids: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
    query: fc.array(
      fc.oneof({ weight: 5, arbitrary: queryPair }, { weight: 1, arbitrary: fc.tuple(hostile, nasty) }),
      {
        maxLength: 4,
      },
    ),
    body: fc.oneof(...bodies),
  });
}

/** The inject options of one body: a JSON value as inject encodes it, or raw text with its content type. */
function payloadOf(body: Body): { payload: string | object; headers?: Record<string, string> } {
  return 'json' in body
    ? { payload: body.json as object }
    : { payload: body.text, headers: { 'content-type': body.type } };
}

/** True when a NUL or an unpaired surrogate is anywhere in a JSON value, keys included. */
function carriesHostile(json: unknown): boolean {
  if (typeof json === 'string') return json.includes('\u0000') || /\p{Cs}/u.test(json);
  if (Array.isArray(json)) return json.some(carriesHostile);
  if (json && typeof json === 'object')
    return Object.entries(json).some(([k, v]) => carriesHostile(k) || carriesHostile(v));
  return false;
}

/** The query or the body of this request carries a character the api must refuse. */
function sendsHostile(input: { query: [string, string][]; body: Body }, method: string): boolean {
  if (carriesHostile(input.query)) return true;
  if (method === 'GET') return false;
  if ('json' in input.body) return carriesHostile(input.body.json);
  try {
    return carriesHostile(JSON.parse(input.body.text));
  } catch {
    // Only text/plain bodies reach a route as text; other unparsed types are refused (415) anyway.
    return input.body.type === 'text/plain' && carriesHostile(input.body.text);
  }
}

describe('fuzzing every endpoint', () => {
  it('never answers 5xx nor throws, and never accepts a NUL or a lone surrogate', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeCatalog) {
      const key = `${route.method} ${route.url}`;
      if (SKIP.has(key)) continue;
      const op = operations.get(key) ?? { query: [], body: [] };
      const before = failures.length;
      const fail = (what: string, input: unknown) => {
        // One failure per route is enough to act on; the run stops at it.
        if (failures.length === before) failures.push(`${key} ${what} for ${JSON.stringify(input)}`);
        return false;
      };
      await fc
        .assert(
          fc.asyncProperty(requestFor(op), async (input) => {
            let i = 0;
            const path = route.url.replace(/:\w+/g, () => input.ids[i++] ?? '1');
            // Built by hand: URLSearchParams would quietly replace a lone surrogate with U+FFFD.
            const qs = input.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
            const token = tokens[input.caller];
            const sent: ReturnType<typeof payloadOf> | { payload?: undefined; headers?: undefined } =
              route.method === 'GET' ? {} : payloadOf(input.body);
            let res: Awaited<ReturnType<typeof t.app.inject>>;
            try {
              res = await t.app.inject({
                method: route.method as 'GET',
                url: qs ? `${path}?${qs}` : path,
                headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...sent.headers },
                ...(sent.payload === undefined ? {} : { payload: sent.payload }),
              });
            } catch (error) {
              // A request that throws instead of answering fails like a 5xx does.
              return fail(`threw ${String(error).slice(0, 200)}`, input);
            }
            if (res.statusCode >= 500) return fail(`→ ${res.statusCode} ${res.body.slice(0, 200)}`, input);
            // Text columns would silently keep U+FFFD for a lone surrogate: accepted is as wrong as a 500.
            if (res.statusCode < 400 && sendsHostile(input, route.method))
              return fail(`→ ${res.statusCode} accepted a NUL or a lone surrogate`, input);
            return true;
          }),
          // The first failing input of each route is reported as it is: no shrinking.
          { numRuns: RUNS, seed: 2026, endOnFailure: true },
        )
        .catch((error) => {
          // Every failing route is reported together below. The property recorded its own failure; an error it
          // never saw (fast-check itself, a generator) is recorded here.
          if (failures.length === before) failures.push(`${key} failed: ${String(error).slice(0, 300)}`);
        });
    }
    expect(failures.slice(0, 20)).toEqual([]);
  }, 300_000);
});

/*
 * The random fuzz above reaches a given field of a given route only now and then. This sweep is systematic:
 * for each route, the caller who gets past its access checks, then every field of a plausible body (at any
 * depth), every query parameter and every path parameter, one at a time, set to a hostile text (which must be
 * a 400 naming that field) and to oversized numbers (which must not be a 5xx).
 */
const HOSTILE_VALUES = ['x\u0000', 'x\ud800', '\udc00'];
const HUGE_VALUES = [2147483648, '2147483648', 2 ** 53, '9007199254740993', '99999999999999999999', -0];
const HUGE_PARAMS = ['2147483648', '99999999999999999999', '1e309', '-0', '9007199254740993'];

describe('every field of every route, one at a time', () => {
  it('answers a hostile text with a 400 naming the field, and an oversized number never with a 5xx', async () => {
    const failures: string[] = [];
    let seed = 0;
    let requests = 0;
    for (const route of t.app.routeCatalog) {
      const key = `${route.method} ${route.url}`;
      if (SKIP.has(key)) continue;
      const op = operations.get(key) ?? { query: [], body: [] };
      const params = route.url.match(/:\w+/g) ?? [];
      const urlWith = (at = -1, value = '1') => {
        let i = 0;
        return route.url.replace(/:\w+/g, () => (i++ === at ? value : '1'));
      };
      const send = async (token: string | undefined, url: string, body?: unknown) => {
        // A request identical on the wire to one already sent (caller, URL, body as inject encodes it: e.g. the
        // required-only body that is the full one, a GET's body that is never sent) gets its answer, checked again.
        const request = JSON.stringify([token, url, route.method === 'GET' ? undefined : body]);
        const previous = answers.get(request);
        if (previous) return previous;
        const answer = sendOnce(token, url, body);
        answers.set(request, answer);
        return answer;
      };
      const sendOnce = async (token: string | undefined, url: string, body?: unknown) => {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          // A new client address each time: the sweep sends far more than a per-address limit (feedback) allows.
          remoteAddress: `10.${(++requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
          ...(body === undefined || route.method === 'GET' ? {} : { payload: body as object }),
        });
        let json: { error?: { message?: string; fields?: Record<string, string> } } = {};
        try {
          json = res.json();
        } catch {}
        return { status: res.statusCode, error: json.error, raw: res.body.slice(0, 200) };
      };
      const answers = new Map<string, ReturnType<typeof sendOnce>>();
      // The first caller whose request reaches the input guard (a hostile query key): it may use the route.
      let caller: string | undefined | null = null;
      for (const token of tokens) {
        const res = await send(token, `${urlWith()}?${encode('\u0000')}=1`);
        if (res.status === 400 && res.error?.fields?.['\\u0000']) {
          caller = token;
          break;
        }
      }
      if (caller === null) {
        failures.push(`${key}: no caller's request reaches the input guard`);
        continue;
      }
      const expectRefused = (what: string, field: string, res: Awaited<ReturnType<typeof send>>) => {
        if (res.status !== 400 || !res.error?.fields?.[field] || !res.error.message?.includes(`"${field}"`))
          failures.push(`${key} ${what}: expected a 400 naming "${field}", got ${res.status} ${res.raw}`);
      };
      const expectNo5xx = (what: string, res: Awaited<ReturnType<typeof send>>) => {
        if (res.status < 500) return;
        failures.push(`${key} ${what} → ${res.status} ${res.raw}`);
      };
      // Each place is tried in a body with every field, and in one with only the required fields plus that
      // place's top-level field: an optional field the schema alone cannot fill right must not hide the rest.
      const bodyWith = (place: Path, v: unknown) => {
        const how = (requiredOnly: boolean) => ({ requiredOnly, seed: seed++ });
        const full = replaced(plausible(op.bodySchema ?? {}, how(false)), place, v);
        const top = place.slice(0, 1);
        return [full, replaced(plausible(op.bodySchema ?? {}, how(true)), top, valueAt(full, top))];
      };
      const bodyPlaces =
        op.bodySchema && route.method !== 'GET'
          ? placesIn(plausible(op.bodySchema, { requiredOnly: false, seed: 0 })).slice(1)
          : [];
      for (const place of bodyPlaces) {
        const field = place.join('.');
        for (const v of HOSTILE_VALUES)
          for (const sent of bodyWith(place, v))
            expectRefused(`body ${field}=${JSON.stringify(v)}`, field, await send(caller, urlWith(), sent));
        for (const v of HUGE_VALUES)
          for (const sent of bodyWith(place, v))
            expectNo5xx(`body ${JSON.stringify(sent)}`, await send(caller, urlWith(), sent));
      }
      const body = op.bodySchema
        ? plausible(op.bodySchema, { requiredOnly: false, seed: seed++ })
        : undefined;
      for (const q of op.query) {
        for (const v of ['%00', '%ED%A0%80'])
          expectRefused(
            `query ${q.name}=${v}`,
            q.name,
            await send(caller, `${urlWith()}?${q.name}=${v}`, body),
          );
        for (const v of HUGE_PARAMS)
          expectNo5xx(`query ${q.name}=${v}`, await send(caller, `${urlWith()}?${q.name}=${v}`, body));
      }
      for (const [at, name] of params.entries()) {
        expectRefused(`path ${name}=%00`, name.slice(1), await send(caller, urlWith(at, '%00'), body));
        // Not UTF-8: the router refuses it before any hook (a 400 of Fastify's own).
        const bad = await send(caller, urlWith(at, '%ED%A0%80'), body);
        if (bad.status !== 400) failures.push(`${key} path ${name}=%ED%A0%80 → ${bad.status} ${bad.raw}`);
        for (const v of HUGE_PARAMS)
          expectNo5xx(`path ${name}=${v}`, await send(caller, urlWith(at, v), body));
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
  }, 300_000);
});
