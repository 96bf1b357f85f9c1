import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/*
 * PostgreSQL refuses a NUL character in text and jsonb, and a UTF-16 surrogate without its partner cannot be
 * encoded as UTF-8: either one, stored anywhere, makes the query throw and the request a 500. They are never
 * legitimate input, so every request is refused with a 400 before its handler runs, wherever the character
 * hides: path parameters, query string, JSON body (keys included) and the text fields of multipart forms.
 */

/** With the u flag a proper surrogate pair is one code point (not Cs): only unpaired halves match. */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;
/** A field path in a message stays readable even when a client sends megabyte-long keys. */
const MAX_PATH_LENGTH = 200;

/** True when a string holds a NUL or an unpaired surrogate. */
export function isHostileString(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** A key shown in a message: the offending characters written as escapes, so the answer is valid UTF-8. */
function printable(key: string): string {
  return key
    .replaceAll('\u0000', '\\u0000')
    .replace(LONE_SURROGATES, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/**
 * The path (`a.b.0`, `''` for the value itself) of the first string or object key in `value` that holds a
 * NUL or an unpaired surrogate, or null when there is none. Walks without recursion: a deeply nested body
 * must not overflow the stack.
 */
export function findHostile(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isHostileString(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, String(i))]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current);
      for (const [key] of entries) if (isHostileString(key)) return join(path, printable(key));
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push([item, join(path, key)]);
      }
    }
  }
  return null;
}

/** The project's 400 for a hostile character in `field` (a dotted path; `_` is the whole body). */
export function hostileInputError(field: string): AppError {
  const name = field.length > MAX_PATH_LENGTH ? `${field.slice(0, MAX_PATH_LENGTH)}…` : field;
  const message = API_MESSAGE.characterNotAllowed(name);
  return new AppError('validation', message, { [name]: message });
}

/** Throws the 400 when `value` (anything JSON-like) holds a hostile character; `field` names it. */
export function assertNoHostileInput(value: unknown, field = ''): void {
  const found = findHostile(value);
  if (found !== null) throw hostileInputError(join(field, found) || '_');
}

/**
 * One text field of a multipart form, checked like a JSON body (its name and its value): every handler that
 * reads multipart fields takes them through here, since @fastify/multipart streams them after the hooks ran.
 */
export function checkedFormField(name: string, value: unknown): string {
  const text = typeof value === 'string' ? value : String(value ?? '');
  if (isHostileString(name)) throw hostileInputError(printable(name));
  if (isHostileString(text)) throw hostileInputError(name);
  return text;
}

/**
 * A body kept raw by its route (a signed webhook verifies the exact bytes before it parses them): read as the
 * JSON the handler will read, or nothing when it is not JSON (the handler answers that itself).
 */
function rawJson(body: Buffer): unknown {
  const first = body.subarray(0, 64).toString('utf8').trimStart()[0];
  if (first !== '{' && first !== '[' && first !== '"') return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * True when a query-string component percent-encodes bytes that are not UTF-8 (`%ED%A0%80` is how a lone
 * surrogate is sent). The query parser keeps such a component as raw text rather than failing, so the handler
 * would see `%ED%A0%80` as a value. A stray `%` not followed by two hex digits is just a percent sign.
 */
function undecodable(component: string): boolean {
  if (!component.includes('%')) return false;
  try {
    decodeURIComponent(component.replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
    return false;
  } catch {
    return true;
  }
}

/** The raw query string's first component that is not UTF-8, named by its (decoded if possible) key. */
function undecodableQueryField(url: string): string | null {
  const start = url.indexOf('?');
  if (start < 0) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (undecodable(key)) return printable(key);
    if (eq >= 0 && undecodable(pair.slice(eq + 1))) {
      try {
        return printable(decodeURIComponent(key.replace(/\+/g, ' ')));
      } catch {
        return printable(key);
      }
    }
  }
  return null;
}

function checkRequest(request: FastifyRequest) {
  // Parameters first: the route's own ids name the problem more precisely than a body field would.
  assertNoHostileInput(request.params);
  const badQuery = undecodableQueryField(request.raw.url ?? '');
  if (badQuery !== null) throw hostileInputError(badQuery || '_');
  assertNoHostileInput(request.query);
  const body = request.body;
  if (Buffer.isBuffer(body)) assertNoHostileInput(rawJson(body));
  else assertNoHostileInput(body);
}

/**
 * Refuses NUL bytes and unpaired surrogates in every route's path parameters, query and body with a 400
 * (`validation`, the field named). preValidation runs after the access guards (onRequest), so a caller who
 * may not use a route still gets 401/402/403 first, and before the schema and the handler, so nothing is
 * stored. Multipart text fields arrive later, while the handler streams the form: see checkedFormField.
 */
export function registerInputGuard(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request, and Fastify passes a throw on as an error.
  app.addHook('preValidation', (request, _reply, done) => {
    checkRequest(request);
    done();
  });
}
