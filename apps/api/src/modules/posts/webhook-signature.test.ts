import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validSignature, validVerifyToken } from './webhook-signature';

const secret = 'app-secret';
const raw = Buffer.from('{"object":"instagram","entry":[]}');
const hex = (body: Buffer, key = secret) => crypto.createHmac('sha256', key).update(body).digest('hex');

describe('validSignature', () => {
  it.each([
    ['the HMAC-SHA256 of the raw body', `sha256=${hex(raw)}`, true],
    ['the same in upper case', `sha256=${hex(raw).toUpperCase()}`, true],
    ['no header', undefined, false],
    ['an empty header', '', false],
    ['no sha256= prefix', hex(raw), false],
    ['another algorithm', `sha1=${hex(raw)}`, false],
    ['a truncated digest', `sha256=${hex(raw).slice(0, 62)}`, false],
    ['a longer digest', `sha256=${hex(raw)}00`, false],
    ['not hex', `sha256=${'z'.repeat(64)}`, false],
    ['another secret', `sha256=${hex(raw, 'other-secret')}`, false],
    ['another body', `sha256=${hex(Buffer.from(`${raw.toString()} `))}`, false],
    ['trailing text', `sha256=${hex(raw)} `, false],
  ])('%s → %s', (_, header, expected) => {
    expect(validSignature(raw, header, secret)).toBe(expected);
  });

  it('signs the exact bytes: an empty body has its own signature', () => {
    const empty = Buffer.alloc(0);
    expect(validSignature(empty, `sha256=${hex(empty)}`, secret)).toBe(true);
    expect(validSignature(empty, `sha256=${hex(raw)}`, secret)).toBe(false);
  });
});

describe('validVerifyToken', () => {
  it.each([
    ['the configured token', 'verify-me', 'verify-me', true],
    ['another token of the same length', 'verify-you', 'verify-me!', false],
    ['a prefix of it', 'verify', 'verify-me', false],
    ['a longer one', 'verify-me-too', 'verify-me', false],
    ['an empty token', '', 'verify-me', false],
    ['none configured', 'verify-me', undefined, false],
    ['empty against none configured', '', undefined, false],
    ['empty against an empty configuration', '', '', false],
  ])('%s → %s', (_, given, expected, result) => {
    expect(validVerifyToken(given, expected)).toBe(result);
  });
});
