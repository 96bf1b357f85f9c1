import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 60_000);
afterAll(async () => t?.close());

it("every account's credits are the sum of its credit ledger, and each row's balance_after follows on", async () => {
  const { rows } = await sql<{ email: string; credits: number; ledger: number; broken: number }>`
    SELECT u.email, u.credits,
           coalesce((SELECT sum(amount) FROM credit_transactions c WHERE c.user_id = u.id), 0)::int AS ledger,
           (SELECT count(*) FROM (
              SELECT balance_after - amount - coalesce(lag(balance_after) OVER (ORDER BY id), 0) AS gap
              FROM credit_transactions c WHERE c.user_id = u.id) g WHERE gap <> 0)::int AS broken
    FROM users u ORDER BY u.id`.execute(t.app.ctx.db);
  expect(rows.filter((r) => r.credits !== r.ledger || r.broken > 0)).toEqual([]);
  expect(rows.find((r) => r.email === 'pro@reach.local')?.credits).toBe(500);
  expect(rows.find((r) => r.email === 'trial@reach.local')?.credits).toBe(50);
});
