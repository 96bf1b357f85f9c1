import type { Campaign, CampaignBriefRevision } from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../src/db/seed/png';
import { client, createTestApp, ledgerProblemsOf, loginAs, multipartFile, type TestApp } from './harness';

/*
 * Issue 12: the brief of an active campaign changes without a pause. Each change is a revision (who, when,
 * which fields with old and new values) written with the change, the accepted creators — and only they — are
 * told, and the terms they accepted (money, dates but a later end) stay locked: refused with 409, nothing changed.
 */

const V = '/api/v1';
let t: TestApp;
let pro: string;
let trial: string;
let admin: string;
let businessName: string;
/** Influencer users of the demo: [accepted, accepted, invited, declined]. */
let creators: { id: number; email: string }[];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const png = (shade = 120) => encodePng(8, 8, (x, y) => [shade, (x * 30) % 256, (y * 30) % 256]);
const as = (token: string) => client(t.app, token);

const complete = (title: string) => ({
  type_id: 3,
  title,
  start_date: day(0),
  end_date: day(14),
  description: 'Try the serum for two weeks and show the difference.',
  brand_overview: 'A skincare brand.',
  objectives: 'Awareness',
  talking_points: 'Vitamin C',
  post_requirements: 'One Reel',
  product_name: 'Glow Serum',
  product_amount_cents: 4800,
  product_description: 'Brightening serum',
  total_budget_cents: 100_000,
  amount_per_post_cents: 10_000,
  max_posts_per_influencer: 2,
});

async function ok<T>(res: Promise<{ status: number; body: Record<string, unknown> }>, status = 200) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as T;
}

/** A funded, published campaign of the pro business. */
async function activeCampaign(body: Record<string, unknown>): Promise<Campaign> {
  const draft = await ok<Campaign>(as(pro).post(`${V}/campaigns`, body), 201);
  await ok(as(pro).post(`${V}/campaign/${draft.id}/fund`, {}));
  return ok<Campaign>(as(pro).post(`${V}/campaign/${draft.id}/publish`));
}

/** Connects the demo creators to the campaign: two accepted, one invited, one declined. */
async function connect(campaign: Campaign) {
  const statuses = ['accepted', 'accepted', 'invited', 'declined'] as const;
  await t.app.ctx.db
    .insertInto('connections')
    .values(
      creators.map((c, i) => ({
        business_id: campaign.business_id,
        campaign_id: campaign.id,
        influencer_user_id: c.id,
        status: statuses[i]!,
        initiated_by: 'business' as const,
        created_by: null,
      })),
    )
    .execute();
}

/** The users who got a brief notice for this campaign, sorted. */
async function noticed(campaign: Campaign): Promise<number[]> {
  const rows = await t.app.ctx.db
    .selectFrom('notifications')
    .select(['user_id', 'body', 'link', 'category'])
    .where('link', '=', `/influencer/campaigns/${campaign.id}`)
    .where('body', 'like', '%updated the brief%')
    .orderBy('user_id')
    .execute();
  for (const row of rows) {
    expect(row).toMatchObject({
      body: `${businessName} updated the brief of "${campaign.title}".`,
      category: 'campaigns',
    });
  }
  return rows.map((r) => r.user_id);
}

const revisions = async (campaignId: number, token = pro) =>
  (await ok<{ data: CampaignBriefRevision[] }>(as(token).get(`${V}/campaign/${campaignId}/brief-revisions`)))
    .data;

function upload(campaignId: number, shade: number) {
  const { payload, headers } = multipartFile('brief.png', 'image/png', png(shade));
  return t.app.inject({
    method: 'POST',
    url: `${V}/campaign/${campaignId}/media`,
    payload,
    headers: { ...headers, authorization: `Bearer ${pro}` },
  });
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  pro = await loginAs(t.app, 'pro@reach.local');
  trial = await loginAs(t.app, 'trial@reach.local');
  admin = await loginAs(t.app, 'admin@reach.local');
  const me = await ok<{ id: number }>(as(pro).get(`${V}/my/user`));
  const business = await t.app.ctx.db
    .selectFrom('businesses')
    .select('business_name')
    .where('user_id', '=', me.id)
    .executeTakeFirstOrThrow();
  businessName = business.business_name ?? 'The business';
  creators = await t.app.ctx.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('type', '=', 'influencer')
    .orderBy('id')
    .limit(4)
    .execute();
  expect(creators).toHaveLength(4);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await ledgerProblemsOf(t.app)).toEqual([]);
});

describe('editing the brief of an active campaign', () => {
  it('records one revision with old and new values and notifies exactly the accepted creators', async () => {
    const campaign = await activeCampaign(complete('Brief revision test'));
    await connect(campaign);
    expect(campaign.brief_updated_at).toBeNull();
    expect(await revisions(campaign.id)).toEqual([]);

    const edited = await ok<Campaign>(
      as(pro).put(`${V}/campaign/${campaign.id}`, {
        ...complete('Brief revision test'),
        description: 'Two weeks with the serum, morning and evening.',
        talking_points: 'Vitamin C\nNo fragrance',
        end_date: day(21),
      }),
    );
    expect(edited).toMatchObject({
      status: 'active',
      description: 'Two weeks with the serum, morning and evening.',
      end_date: day(21),
      brief_updated_at: t.clock.now.toISOString(),
    });

    const history = await revisions(campaign.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      created_at: t.clock.now.toISOString(),
      by: { id: expect.any(Number), name: expect.any(String) },
      changes: [
        { field: 'end_date', label: 'End date', old: day(14), new: day(21) },
        {
          field: 'description',
          label: 'Description',
          old: 'Try the serum for two weeks and show the difference.',
          new: 'Two weeks with the serum, morning and evening.',
        },
        {
          field: 'talking_points',
          label: 'Talking points',
          old: 'Vitamin C',
          new: 'Vitamin C\nNo fragrance',
        },
      ],
    });
    // Only the two accepted creators are told; the invited and the declined one are not.
    expect(await noticed(campaign)).toEqual([creators[0]!.id, creators[1]!.id]);

    // The accepted creator sees when the brief changed; admins read the history too.
    const creatorToken = await loginAs(t.app, creators[0]!.email);
    const seen = await ok<Campaign>(as(creatorToken).get(`${V}/campaign/${campaign.id}`));
    expect(seen.brief_updated_at).toBe(t.clock.now.toISOString());
    expect(await revisions(campaign.id, admin)).toHaveLength(1);
    expect((await as(creatorToken).get(`${V}/campaign/${campaign.id}/brief-revisions`)).status).toBe(403);
    expect((await as(trial).get(`${V}/campaign/${campaign.id}/brief-revisions`)).status).toBe(404);

    // Saving again at once is recorded, but the creators were just told: no second notice.
    await ok(as(pro).put(`${V}/campaign/${campaign.id}`, { objectives: 'Awareness and sign-ups' }));
    expect(await revisions(campaign.id)).toHaveLength(2);
    expect(await noticed(campaign)).toHaveLength(2);
    // Sending the same values back changes nothing and records nothing.
    await ok(as(pro).put(`${V}/campaign/${campaign.id}`, { objectives: 'Awareness and sign-ups' }));
    expect(await revisions(campaign.id)).toHaveLength(2);

    // Media are part of the brief: added to the running campaign, recorded, and told after the quiet time.
    t.clock.advance(11 * 60_000);
    const added = await upload(campaign.id, 40);
    expect(added.statusCode, added.body).toBe(201);
    const latest = (await revisions(campaign.id))[0]!;
    expect(latest.changes).toEqual([{ field: 'media', label: 'Media', old: [], new: [added.json().id] }]);
    expect(await noticed(campaign)).toEqual([
      creators[0]!.id,
      creators[0]!.id,
      creators[1]!.id,
      creators[1]!.id,
    ]);
  });

  it('refuses money and date fields with a 409 naming them, and changes nothing', async () => {
    const campaign = await activeCampaign(complete('Locked terms test'));
    await connect(campaign);
    const before = await ok<Campaign>(as(pro).get(`${V}/campaign/${campaign.id}`));

    const money = await as(pro).put(`${V}/campaign/${campaign.id}`, {
      description: 'Sneaked in with the money',
      total_budget_cents: 50_000,
      amount_per_post_cents: 5_000,
      start_date: day(3),
    });
    expect(money.status).toBe(409);
    for (const label of ['Start date', 'Total budget', 'Amount per post'])
      expect(money.body.error?.message).toContain(label);
    expect(Object.keys(money.body.error?.fields ?? {}).sort()).toEqual([
      'amount_per_post_cents',
      'start_date',
      'total_budget_cents',
    ]);

    const earlier = await as(pro).put(`${V}/campaign/${campaign.id}`, { end_date: day(7) });
    expect(earlier.status).toBe(409);
    expect(earlier.body.error).toMatchObject({
      message: API_MESSAGE.campaignEndDateEarlier,
      fields: { end_date: API_MESSAGE.campaignEndDateEarlier },
    });

    const after = await ok<Campaign>(as(pro).get(`${V}/campaign/${campaign.id}`));
    expect(after).toEqual(before);
    expect(await revisions(campaign.id)).toEqual([]);
    expect(await noticed(campaign)).toEqual([]);
  });
});

describe('brief media', () => {
  it('lets a cash campaign carry media from its draft on, and locks them once it ended', async () => {
    const draft = await ok<Campaign>(
      as(pro).post(`${V}/campaigns`, {
        ...complete('Cash media test'),
        type_id: 2,
        product_name: null,
        product_amount_cents: null,
        product_description: null,
      }),
      201,
    );
    const first = await upload(draft.id, 10);
    expect(first.statusCode, first.body).toBe(201);
    const withMedia = await ok<Campaign>(as(pro).get(`${V}/campaign/${draft.id}`));
    expect(withMedia).toMatchObject({ type_id: 2, abilities: { media: true } });
    expect(withMedia.media.map((m) => m.id)).toEqual([first.json().id]);
    // A draft's changes are not revisions: nothing was published yet.
    expect(await revisions(draft.id)).toEqual([]);

    await ok(as(pro).post(`${V}/campaign/${draft.id}/fund`, {}));
    await ok(as(pro).post(`${V}/campaign/${draft.id}/publish`));
    const second = await upload(draft.id, 20);
    expect(second.statusCode, second.body).toBe(201);
    const ids = [first.json().id as number, second.json().id as number];
    const reordered = await as(pro).put(`${V}/campaign/${draft.id}/media/order`, {
      media_ids: [...ids].reverse(),
    });
    expect(reordered.status).toBe(200);
    expect((await revisions(draft.id)).map((r) => r.changes)).toEqual([
      [{ field: 'media', label: 'Media', old: ids, new: [...ids].reverse() }],
      [{ field: 'media', label: 'Media', old: [ids[0]], new: ids }],
    ]);

    await ok(as(pro).post(`${V}/campaign/${draft.id}/complete`));
    const late = await upload(draft.id, 30);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(API_MESSAGE.campaignMediaLocked);
    expect((await as(pro).delete(`${V}/campaign/${draft.id}/media/${ids[0]}`)).status).toBe(409);
  });
});
