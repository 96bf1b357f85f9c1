import { API_MESSAGE } from '@reach/contract/messages';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import { parseInviteCsv } from './csv';
import { canReadImports, importRefusal } from './policy';
import { checkRow, normalizeUsername, rowValue } from './rows';

describe('import rows', () => {
  it.each([
    ['@Bella.Glows', 'bella.glows'],
    ['https://www.instagram.com/bella.glows/', 'bella.glows'],
    ['instagram.com/Bella_Glows?hl=en', 'bella_glows'],
    ['  ', null],
    [null, null],
  ])('normalizes %j', (raw, expected) => {
    expect(normalizeUsername(raw)).toBe(expected);
  });

  it.each([
    [
      { instagram_username: 'bella.glows', email: null },
      { ok: true, instagram_username: 'bella.glows', email: null },
    ],
    [
      { instagram_username: null, email: ' Bella@Example.com ' },
      { ok: true, instagram_username: null, email: 'bella@example.com' },
    ],
    [
      { instagram_username: null, email: null },
      { ok: false, reason: API_MESSAGE.importRowEmpty },
    ],
    [
      { instagram_username: 'bad name!', email: null },
      { ok: false, reason: API_MESSAGE.importRowBadUsername },
    ],
    [
      { instagram_username: 'x'.repeat(31), email: null },
      { ok: false, reason: API_MESSAGE.importRowBadUsername },
    ],
    [
      { instagram_username: 'fine', email: 'nope@' },
      { ok: false, reason: API_MESSAGE.importRowBadEmail },
    ],
  ])('checks %j', (row, expected) => {
    expect(checkRow(row)).toEqual(expected);
  });

  it('shows what a row held', () => {
    expect(rowValue({ instagram_username: '@a', email: 'a@b.co' })).toBe('@a / a@b.co');
    expect(rowValue({ instagram_username: null, email: '' })).toBe('');
  });
});

describe('CSV parsing', () => {
  const csv = (text: string) => parseInviteCsv(Buffer.from(text));

  it('reads the columns by header, in any case, order and delimiter, with line numbers', () => {
    expect(csv('\uFEFFName;EMAIL;Instagram\nBella;b@x.co;@bella\n\n;;\nNoah;"n@x.co";\n')).toEqual([
      { row_number: 2, instagram_username: '@bella', email: 'b@x.co' },
      { row_number: 4, instagram_username: null, email: null },
      { row_number: 5, instagram_username: null, email: 'n@x.co' },
    ]);
    expect(csv('username\r\nalpha\r\nbeta')).toHaveLength(2);
    expect(csv('e-mail,other\na@b.co,1')[0]).toMatchObject({ email: 'a@b.co', instagram_username: null });
  });

  it('refuses files it cannot use', () => {
    expect(() => csv('')).toThrow(API_MESSAGE.importNoRows);
    expect(() => csv('instagram\n')).toThrow(API_MESSAGE.importNoRows);
    expect(() => csv('name,phone\nBella,123')).toThrow(API_MESSAGE.importNoColumns);
    expect(() => csv(`instagram\n${'a\n'.repeat(5001)}`)).toThrow(API_MESSAGE.importTooManyRows);
    expect(() => csv('instagram,email\n"unclosed,a@b.co\n')).toThrow(/could not read the CSV file/);
    expect(csv(`instagram\n${'a\n'.repeat(5000)}`)).toHaveLength(5000);
  });
});

describe('import policy', () => {
  const owner: Actor = { userId: 1, type: 'business', businessId: 10 };
  const other: Actor = { userId: 2, type: 'business', businessId: 20 };
  const admin: Actor = { userId: 3, type: 'admin' };
  const influencer: Actor = { userId: 4, type: 'influencer', influencerId: 104 };
  const campaign = (status: 'draft' | 'active' | 'paused' | 'completed' | 'archived') => ({
    business_id: 10,
    status,
  });

  it.each([
    [owner, 'active', null],
    [owner, 'draft', 'not_active'],
    [owner, 'paused', 'not_active'],
    [owner, 'completed', 'not_active'],
    [owner, 'archived', 'not_active'],
    [other, 'active', 'not_found'],
    [admin, 'active', 'not_found'],
    [influencer, 'active', 'not_found'],
  ] as const)('%j importing into a %s campaign → %j', (actor, status, refusal) => {
    expect(importRefusal(actor, campaign(status))).toBe(refusal);
  });

  it('lets only the owner, naming itself, read the imports', () => {
    expect(canReadImports(owner, campaign('active'), 10)).toBe(true);
    expect(canReadImports(owner, campaign('active'), 20)).toBe(false);
    expect(canReadImports(other, campaign('active'), 20)).toBe(false);
    expect(canReadImports(other, campaign('active'), 10)).toBe(false);
    expect(canReadImports(admin, campaign('active'), 10)).toBe(false);
    expect(canReadImports(owner, undefined, 10)).toBe(false);
  });
});
