import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/* Issue 13: the generated index's bios contradicted the profile's gender ("wife and mama" on a man's profile). */

let t: TestApp;

beforeAll(async () => {
  // The discovery tests' variant (the demo and a 2,000-profile index): its template is built once for all three files.
  t = await createTestApp({ demo: true, env: { DISCOVERY_SEED_SIZE: '2000' } });
});
afterAll(async () => {
  await t?.close();
});

describe('generated bios', () => {
  it('agree with the profile gender', async () => {
    const { rows } = await sql<{ gender: string; bio: string }>`
      SELECT gender, bio FROM influencer_index WHERE modash_id LIKE 'L%'`.execute(t.app.ctx.db);
    expect(rows.length).toBeGreaterThan(1000);
    const contradictions = rows.filter(
      ({ gender, bio }) =>
        (gender === 'MALE' && /\b(wife|mama|mom)\b/.test(bio)) ||
        (gender === 'FEMALE' && /\b(husband|dad)\b/.test(bio)) ||
        (gender !== 'MALE' && gender !== 'FEMALE' && /\b(wife|mama|mom|husband|dad)\b/.test(bio)),
    );
    expect(contradictions.slice(0, 3)).toEqual([]);
    // The family words are still used, in the right form.
    expect(rows.some(({ gender, bio }) => gender === 'MALE' && bio.includes('husband and dad'))).toBe(true);
    expect(rows.some(({ gender, bio }) => gender === 'FEMALE' && bio.includes('wife and mama'))).toBe(true);
  });
});
