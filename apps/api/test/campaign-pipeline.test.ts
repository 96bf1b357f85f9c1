import type { CampaignPipeline } from '@reach/contract/campaign-pipeline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, accountBalance, ledgerProblems } from '../src/modules/payments/ledger';
import { client, createTestApp, loginAs, signUpAndLogin, type TestApp } from './harness';

/*
 * GET /campaign/{id}/pipeline on both backends: creators at several stages counted per stage with the next step
 * and who it waits on; committed, spent and remaining agree with the ledger before and after an approval pays a
 * creator; another business gets 404, an influencer 403, an admin the same view as the owner.
 */

type Role = 'admin' | 'trial' | 'pro' | 'influencer' | 'new';
let t: TestApp;
let tokens: Record<Role, string>;
const V = '/api/v1';
const as = (role: Role) => client(t.app, tokens[role]);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const roles: Role[] = ['admin', 'trial', 'pro', 'influencer', 'new'];
  tokens = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await loginAs(t.app, `${r}@reach.local`)])),
  );
});
afterEach(async () => {
  expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
});
afterAll(() => t.close());

/** A funded, published cash campaign of pro@: $1,000 budget, $100 per post, at most 2 posts per creator. */
async function cashCampaign(): Promise<number> {
  const created = await as('pro').post(`${V}/campaigns`, {
    type_id: 2,
    title: `Pipeline test ${++seq}`,
    start_date: day(0),
    end_date: day(20),
    description: 'Post about it.',
    total_budget_cents: 100_000,
    amount_per_post_cents: 10_000,
    max_posts_per_influencer: 2,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  expect((await as('pro').post(`${V}/campaign/${id}/fund`, {})).status).toBe(200);
  expect((await as('pro').post(`${V}/campaign/${id}/publish`)).status).toBe(200);
  return id;
}

async function profileIdOf(token: string) {
  const me = (await client(t.app, token).get(`${V}/my/user`)).body.id as number;
  return (
    await t.app.ctx.db
      .selectFrom('influencer_profiles')
      .select('id')
      .where('user_id', '=', me)
      .executeTakeFirstOrThrow()
  ).id;
}

/** pro@ invites the influencer; they accept, decline or leave it pending. */
async function invite(campaignId: number, token: string, answer?: 'accept' | 'decline'): Promise<number> {
  const invited = await as('pro').post(`${V}/connections/invite`, {
    campaign_id: campaignId,
    influencer_id: await profileIdOf(token),
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const id = invited.body.id as number;
  if (answer) expect((await client(t.app, token).post(`${V}/connection/${id}/${answer}`)).status).toBe(200);
  return id;
}

async function pipeline(role: Role, id: number) {
  return as(role).get(`${V}/campaign/${id}/pipeline`);
}

describe('campaign pipeline', () => {
  let campaignId: number;
  let postId: number;
  let submitter: number;

  beforeAll(async () => {
    campaignId = await cashCampaign();
    // influencer@ accepted and submitted a post; new@ applied; three fresh creators: invited, accepted, declined.
    submitter = await invite(campaignId, tokens.influencer, 'accept');
    const post = await as('influencer').post(`${V}/posts`, {
      connection_id: submitter,
      platform: 'instagram',
      post_url: `https://www.instagram.com/p/pipeline${Date.now().toString(36)}/`,
      caption: 'Loving it #ad',
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    postId = post.body.id as number;
    const applied = await as('new').post(`${V}/connections/apply`, {
      campaign_id: campaignId,
      message: 'Me!',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const [pending, accepted, declined] = await Promise.all(
      [0, 1, 2].map(() => signUpAndLogin(t.app, 'influencer')),
    );
    await invite(campaignId, pending!.access);
    await invite(campaignId, accepted!.access, 'accept');
    await invite(campaignId, declined!.access, 'decline');
  });

  it('counts the creators per stage, with the next step and who it waits on', async () => {
    const res = await pipeline('pro', campaignId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as unknown as CampaignPipeline;
    expect(body.counts).toEqual({
      invited: 1,
      applied: 1,
      accepted: 1,
      content_submitted: 1,
      approved: 0,
      paid: 0,
      declined: 1,
    });
    expect(body.creators.map((c) => [c.stage, c.next_action, c.waiting_on])).toEqual([
      ['invited', 'answer_invitation', 'creator'],
      ['applied', 'review_application', 'business'],
      ['accepted', 'submit_content', 'creator'],
      ['content_submitted', 'review_content', 'business'],
      ['declined', 'none', 'none'],
    ]);
    const submitted = body.creators.find((c) => c.connection_id === submitter)!;
    expect(submitted).toMatchObject({ name: 'Isabella Reyes', posts: { submitted: 1, paid: 0 } });
    expect(body.results).toMatchObject({ posts: 1, approved_posts: 0 });
  });

  it('committed, spent and remaining match the ledger before and after an approval pays a creator', async () => {
    const budgetAccount = ACCOUNT.campaignBudget(campaignId);
    const before = (await pipeline('pro', campaignId)).body as unknown as CampaignPipeline;
    // Two accepted creators, each owed 2 posts × $100; nothing paid yet.
    expect(before.budget).toEqual({
      total_budget_cents: 100_000,
      funded_cents: 100_000,
      refunded_cents: 0,
      committed_cents: 40_000,
      spent_cents: 0,
      remaining_cents: 60_000,
    });
    expect(await accountBalance(t.app.ctx.db, budgetAccount)).toBe(100_000);
    expect(before.budget.remaining_cents).toBe(
      (await accountBalance(t.app.ctx.db, budgetAccount)) - before.budget.committed_cents,
    );

    const approved = await as('pro').post(`${V}/posts/${postId}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const after = (await pipeline('pro', campaignId)).body as unknown as CampaignPipeline;
    expect(after.budget).toEqual({
      total_budget_cents: 100_000,
      funded_cents: 100_000,
      refunded_cents: 0,
      committed_cents: 30_000,
      spent_cents: 10_000,
      remaining_cents: 60_000,
    });
    const balance = await accountBalance(t.app.ctx.db, budgetAccount);
    expect(balance).toBe(90_000);
    expect(after.budget.remaining_cents).toBe(balance - after.budget.committed_cents);
    const spent = await t.app.ctx.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('cents'))
      .where('campaign_id', '=', campaignId)
      .where('kind', '=', 'post_payment')
      .executeTakeFirstOrThrow();
    expect(Number(spent.cents)).toBe(after.budget.spent_cents);

    // The campaign's own budget figures agree with the pipeline.
    const detail = await as('pro').get(`${V}/campaign/${campaignId}`);
    expect(detail.body.budget).toMatchObject({
      committed_cents: 30_000,
      spent_cents: 10_000,
      left_cents: 100_000 - 30_000 - 10_000,
    });

    expect(after.counts).toMatchObject({ content_submitted: 0, paid: 1, accepted: 1 });
    const paid = after.creators.find((c) => c.connection_id === submitter)!;
    expect(paid).toMatchObject({
      stage: 'paid',
      next_action: 'submit_more_content',
      waiting_on: 'creator',
      paid_cents: 10_000,
      committed_cents: 10_000,
      posts: { approved: 1, paid: 1, submitted: 0 },
    });

    // The results: approved posts and their stored metrics.
    const metrics = await t.app.ctx.db
      .selectFrom('posts')
      .select(['reach', 'likes', 'comments'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect(after.results).toMatchObject({
      posts: 1,
      approved_posts: 1,
      reach: metrics.reach ?? 0,
      engagements: (metrics.likes ?? 0) + (metrics.comments ?? 0),
    });
  });

  it('is the business owner’s and the admins’: another business 404, an influencer 403', async () => {
    const admin = await pipeline('admin', campaignId);
    expect(admin.status).toBe(200);
    const owner = await pipeline('pro', campaignId);
    expect(admin.body).toEqual(owner.body);
    expect((await pipeline('trial', campaignId)).status).toBe(404);
    expect((await pipeline('influencer', campaignId)).status).toBe(403);
    expect((await pipeline('pro', 987_654)).status).toBe(404);
    expect((await client(t.app).get(`${V}/campaign/${campaignId}/pipeline`)).status).toBe(401);
  });
});
