import type { Connection, ConnectionDetail, ConnectionsPage, Review } from '@reach/contract/connections';
import type { InfluencerListItem, InfluencerPublicProfile } from '@reach/contract/directory';
import { API_MESSAGE } from '@reach/contract/messages';
import type { LiveEvent } from '@reach/contract/notifications';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { influencerTags } from '../src/lib/influencer-tags';
import { processImport } from '../src/modules/campaign-imports/process';
import { client, createTestApp, latestCode, loginAs, type TestApp } from './harness';

type Role = 'admin' | 'trial' | 'free' | 'pro' | 'influencer' | 'new';
let t: TestApp;
let tokens: Record<Role, string>;
let ids: Record<Role, number>;

const V = '/api/v1';
const as = (role: Role) => client(t.app, tokens[role]);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function campaignId(title: string): Promise<number> {
  return (
    await t.app.ctx.db
      .selectFrom('campaigns')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow()
  ).id;
}
async function profileId(userId: number): Promise<number> {
  return (
    await t.app.ctx.db
      .selectFrom('influencer_profiles')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).id;
}

/** A fresh active campaign of `role` (the demo ones carry demo connections). */
async function activeCampaign(role: 'trial' | 'pro', title: string): Promise<number> {
  const created = await as(role).post(`${V}/campaigns`, {
    type_id: 1,
    title,
    start_date: day(0),
    end_date: day(20),
    description: 'Try it and post about it.',
    product_name: 'Thing',
    product_amount_cents: 1000,
    product_description: 'A thing',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  expect((await as(role).post(`${V}/campaign/${id}/publish`)).status).toBe(200);
  return id;
}

/** Every page of a list endpoint, concatenated. */
async function all<T>(role: Role, url: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await as(role).get(`${url}${url.includes('?') ? '&' : '?'}items=100&page=${page}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as T[];
    out.push(...data);
    if (out.length >= (res.body.total as number) || data.length === 0) return out;
  }
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const roles: Role[] = ['admin', 'trial', 'free', 'pro', 'influencer', 'new'];
  tokens = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await loginAs(t.app, `${r}@reach.local`)])),
  );
  ids = Object.fromEntries(
    await Promise.all(
      roles.map(async (r) => [r, (await client(t.app, tokens[r]).get(`${V}/my/user`)).body.id as number]),
    ),
  );
});
afterAll(() => t.close());

describe('the lifecycle', () => {
  it('business invites → influencer accepts → they talk → business completes → both review', async () => {
    const campaign = await activeCampaign('trial', 'Lifecycle One');
    const isabella = await profileId(ids.influencer);
    const events: Record<'trial' | 'influencer', LiveEvent[]> = { trial: [], influencer: [] };
    const offs = [
      t.app.ctx.live.subscribe(ids.trial, (e) => events.trial.push(e)),
      t.app.ctx.live.subscribe(ids.influencer, (e) => events.influencer.push(e)),
    ];
    try {
      const invited = await as('trial').post(`${V}/connections/invite`, {
        campaign_id: campaign,
        influencer_id: isabella,
        message: 'Would love to have you on board!',
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const c = invited.body as unknown as Connection;
      expect(c).toMatchObject({
        status: 'invited',
        initiated_by: 'business',
        source: 'direct',
        message: 'Would love to have you on board!',
        campaign: { id: campaign, title: 'Lifecycle One', status: 'active' },
        business: { business_name: 'Lumen Skincare' },
        influencer: { id: isabella, user_id: ids.influencer, name: 'Isabella Reyes' },
        abilities: {
          accept: false,
          decline: false,
          cancel: true,
          complete: false,
          review: false,
          message: true,
        },
      });
      // The influencer is told, live and in the notification list.
      const note = events.influencer.find((e) => e.type === 'notification');
      expect(note).toMatchObject({
        notification: {
          body: 'Lumen Skincare invited you to "Lifecycle One".',
          link: `/influencer/connections/${c.id}`,
        },
      });
      expect(events.influencer.some((e) => e.type === 'connection' && e.connection_id === c.id)).toBe(true);
      // …and mailed: connections emails are on by default.
      const mail = await t.app.ctx.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('to_address', '=', 'influencer@reach.local')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe('REACH: Lumen Skincare invited you to a campaign');

      const mine = await as('influencer').get(`${V}/connection/${c.id}`);
      expect(mine.body).toMatchObject({
        abilities: { accept: true, decline: true, cancel: true, complete: false },
      });
      const accepted = await as('influencer').post(`${V}/connection/${c.id}/accept`);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ status: 'accepted', responded_at: expect.any(String) });
      expect(
        events.trial.find((e) => e.type === 'notification' && e.notification.body.includes('accepted')),
      ).toMatchObject({
        notification: {
          body: 'Isabella Reyes accepted your invitation to "Lifecycle One".',
          link: `/business/connections/${c.id}`,
        },
      });

      // The conversation is the campaign thread of this influencer.
      expect(
        (
          await as('trial').post(`${V}/campaigns/${campaign}/messages`, {
            body: 'Welcome!',
            user_id: ids.influencer,
          })
        ).status,
      ).toBe(201);
      expect(
        (await as('influencer').post(`${V}/campaigns/${campaign}/messages`, { body: 'Thanks!' })).status,
      ).toBe(201);

      // Completion is the business's step; reviews come after it.
      const early = await as('trial').post(`${V}/connection/${c.id}/review`, { rating: 5, body: 'Great' });
      expect([early.status, early.body.error?.message]).toEqual([409, API_MESSAGE.reviewNotCompleted]);
      const notYours = await as('influencer').post(`${V}/connection/${c.id}/complete`);
      expect([notYours.status, notYours.body.error?.message]).toEqual([
        403,
        API_MESSAGE.connectionCompleteBusinessOnly,
      ]);
      const done = await as('trial').post(`${V}/connection/${c.id}/complete`);
      expect(done.body).toMatchObject({ status: 'completed', abilities: { review: true, cancel: false } });

      // Paused after completion, the campaign and its thread stay open to the connected influencer.
      expect((await as('trial').post(`${V}/campaign/${campaign}/pause`)).status).toBe(200);
      expect((await as('influencer').get(`${V}/campaign/${campaign}`)).status).toBe(200);
      expect(
        (await as('influencer').post(`${V}/campaigns/${campaign}/messages`, { body: 'Posted!' })).status,
      ).toBe(201);

      const before = (await as('trial').get(`${V}/influencer/${isabella}`))
        .body as unknown as InfluencerPublicProfile;
      const review = await as('trial').post(`${V}/connection/${c.id}/review`, {
        rating: 2,
        body: ' Late but fine. ',
      });
      expect(review.status, JSON.stringify(review.body)).toBe(201);
      expect(review.body).toMatchObject({
        rating: 2,
        body: 'Late but fine.',
        author: { type: 'business', name: 'Lumen Skincare' },
        subject_name: 'Isabella Reyes',
        campaign_title: 'Lifecycle One',
        status: 'visible',
      });
      const again = await as('trial').post(`${V}/connection/${c.id}/review`, { rating: 5, body: 'x' });
      expect([again.status, again.body.error?.message]).toEqual([409, API_MESSAGE.reviewAlreadyWritten]);
      const back = await as('influencer').post(`${V}/connection/${c.id}/review`, {
        rating: 4,
        body: 'Kind team.',
      });
      expect(back.status).toBe(201);

      // The rating is the average of the influencer's visible reviews.
      const ratings = await t.app.ctx.db
        .selectFrom('reviews')
        .select('rating')
        .where('subject_user_id', '=', ids.influencer)
        .where('status', '=', 'visible')
        .execute();
      const average = Math.round((ratings.reduce((s, r) => s + r.rating, 0) / ratings.length) * 100) / 100;
      const after = (await as('trial').get(`${V}/influencer/${isabella}`))
        .body as unknown as InfluencerPublicProfile;
      expect(after.rating).toBe(average);
      expect(after.reviews_count).toBe(before.reviews_count + 1);
      expect(after.reviews[0]).toMatchObject({ rating: 2, body: 'Late but fine.' });
      expect(after.collaborations[0]).toMatchObject({ connection_id: c.id, status: 'completed' });

      // The history names who made each step.
      const detail = (await as('influencer').get(`${V}/connection/${c.id}`))
        .body as unknown as ConnectionDetail;
      expect(detail.events.map((e) => [e.from, e.to, e.by])).toEqual([
        [null, 'invited', 'business'],
        ['invited', 'accepted', 'influencer'],
        ['accepted', 'completed', 'business'],
      ]);
      expect(detail.reviews.mine).toMatchObject({ rating: 4, author: { type: 'influencer' } });
      expect(detail.reviews.theirs).toMatchObject({ rating: 2, author: { type: 'business' } });
      const rows = await t.app.ctx.db
        .selectFrom('connection_events')
        .select(['actor_user_id', 'to_status'])
        .where('connection_id', '=', c.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.actor_user_id)).toEqual([ids.trial, ids.influencer, ids.trial]);
    } finally {
      for (const off of offs) off();
    }
  });

  it('influencer applies → business accepts → either side cancels', async () => {
    const campaign = await activeCampaign('pro', 'Lifecycle Two');
    const applied = await as('new').post(`${V}/connections/apply`, {
      campaign_id: campaign,
      message: 'Pick me!',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const c = applied.body as unknown as Connection;
    expect(c).toMatchObject({
      status: 'applied',
      initiated_by: 'influencer',
      influencer: { user_id: ids.new },
    });
    const told = await t.app.ctx.db
      .selectFrom('notifications')
      .select(['body', 'link', 'category'])
      .where('user_id', '=', ids.pro)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told).toEqual({
      body: 'Noah Newman applied to "Lifecycle Two".',
      link: `/business/connections/${c.id}`,
      category: 'connections',
    });
    // Applications are answered by the business, not by the applicant.
    const self = await as('new').post(`${V}/connection/${c.id}/accept`);
    expect([self.status, self.body.error?.message]).toEqual([
      403,
      API_MESSAGE.connectionNotYourTurn('accept'),
    ]);
    expect((await as('pro').post(`${V}/connection/${c.id}/accept`)).body).toMatchObject({
      status: 'accepted',
    });
    const cancelled = await as('new').post(`${V}/connection/${c.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String) });
    const twice = await as('pro').post(`${V}/connection/${c.id}/cancel`);
    expect([twice.status, twice.body.error?.message]).toEqual([
      409,
      'A cancelled connection cannot be cancelled.',
    ]);
    // After a cancellation the pair may start again.
    expect(
      (
        await as('pro').post(`${V}/connections/invite`, {
          campaign_id: campaign,
          influencer_id: await profileId(ids.new),
        })
      ).status,
    ).toBe(201);
  });
});

describe('illegal steps', () => {
  it('refuses to accept a declined invitation', async () => {
    const campaign = await activeCampaign('trial', 'Declined Once');
    const c = (
      await as('trial').post(`${V}/connections/invite`, {
        campaign_id: campaign,
        influencer_id: await profileId(ids.new),
      })
    ).body as unknown as Connection;
    expect((await as('new').post(`${V}/connection/${c.id}/decline`)).body).toMatchObject({
      status: 'declined',
    });
    const res = await as('new').post(`${V}/connection/${c.id}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe('A declined connection cannot be accepted.');
    const status = await t.app.ctx.db
      .selectFrom('connections')
      .select('status')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('declined');
  });

  it("refuses invitations to another business's campaign, to a draft, and twice", async () => {
    const isabella = await profileId(ids.influencer);
    const peaks = await campaignId('Summit Stories');
    const other = await as('trial').post(`${V}/connections/invite`, {
      campaign_id: peaks,
      influencer_id: isabella,
    });
    expect([other.status, other.body.error?.message]).toEqual([403, API_MESSAGE.connectionOwnCampaignsOnly]);
    const otherDraft = await as('trial').post(`${V}/connections/invite`, {
      campaign_id: await campaignId('Winter Layering Guide'),
      influencer_id: isabella,
    });
    expect([otherDraft.status, otherDraft.body.error?.message]).toEqual([
      403,
      API_MESSAGE.connectionOwnCampaignsOnly,
    ]);
    const draft = await as('trial').post(`${V}/connections/invite`, {
      campaign_id: await campaignId('Holiday Gift Sets 2026'),
      influencer_id: isabella,
    });
    expect([draft.status, draft.body.error?.message]).toEqual([409, API_MESSAGE.connectionCampaignNotActive]);
    // Isabella is already invited to the SPF challenge (demo data).
    const dup = await as('trial').post(`${V}/connections/invite`, {
      campaign_id: await campaignId('SPF Every Day Challenge'),
      influencer_id: isabella,
    });
    expect([dup.status, dup.body.error?.message]).toEqual([
      409,
      API_MESSAGE.connectionDuplicateInvite('Isabella Reyes'),
    ]);
    const applyDup = await as('influencer').post(`${V}/connections/apply`, {
      campaign_id: await campaignId('SPF Every Day Challenge'),
    });
    expect([applyDup.status, applyDup.body.error?.message]).toEqual([
      409,
      API_MESSAGE.connectionDuplicateApply,
    ]);
    const paused = await as('influencer').post(`${V}/connections/apply`, {
      campaign_id: await campaignId('Summer Hydration Series'),
    });
    expect([paused.status, paused.body.error?.message]).toEqual([409, API_MESSAGE.connectionApplyNotActive]);
    const hidden = await as('influencer').post(`${V}/connections/apply`, {
      campaign_id: await campaignId('Holiday Gift Sets 2026'),
    });
    expect(hidden.status).toBe(404);
    const unknown = await as('trial').post(`${V}/connections/invite`, {
      campaign_id: await campaignId('Night Repair Cream Seeding'),
      influencer_id: 999_999,
    });
    expect([unknown.status, unknown.body.error?.message]).toEqual([
      404,
      API_MESSAGE.connectionInfluencerNotFound,
    ]);
    const bad = await as('trial').post(`${V}/connections/invite`, {
      campaign_id: 'x',
      influencer_id: isabella,
    });
    expect(bad.status).toBe(400);
    // Nothing was written by any refusal.
    const count = await t.app.ctx.db
      .selectFrom('connections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('influencer_user_id', '=', ids.influencer)
      .where('campaign_id', 'in', [peaks, await campaignId('SPF Every Day Challenge')])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('lets only one of two concurrent invitations through', async () => {
    const campaign = await activeCampaign('pro', 'Race');
    const influencer = await profileId(ids.new);
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        as('pro').post(`${V}/connections/invite`, { campaign_id: campaign, influencer_id: influencer }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('who sees what', () => {
  it('shows each side only its own connections', async () => {
    const trialAll = await all<Connection>('trial', `${V}/my/connections`);
    const proAll = await all<Connection>('pro', `${V}/my/connections`);
    const lumen = trialAll[0]!.business.id;
    expect(trialAll.length).toBeGreaterThan(40);
    expect(trialAll.every((c) => c.business.id === lumen)).toBe(true);
    expect(proAll.every((c) => c.business.id !== lumen)).toBe(true);
    const mine = await all<Connection>('influencer', `${V}/my/connections`);
    expect(mine.length).toBeGreaterThan(2);
    expect(mine.every((c) => c.influencer.user_id === ids.influencer)).toBe(true);
    const pros = proAll.find((c) => c.influencer.user_id !== ids.influencer)!;
    expect((await as('trial').get(`${V}/connection/${pros.id}`)).status).toBe(404);
    expect((await as('influencer').get(`${V}/connection/${pros.id}`)).status).toBe(404);
    expect((await as('influencer').post(`${V}/connection/${pros.id}/cancel`)).status).toBe(404);
    expect((await as('trial').post(`${V}/connection/${pros.id}/cancel`)).status).toBe(404);
    expect((await as('admin').get(`${V}/connection/${pros.id}`)).status).toBe(200);
    expect((await as('admin').get(`${V}/my/connections`)).status).toBe(403);
  });

  it('filters, sorts and counts /my/connections, and serves the sidebar cards', async () => {
    const night = await campaignId('Night Repair Cream Seeding');
    const res = await as('trial').get(`${V}/my/connections?campaign=${night}`);
    const body = res.body as unknown as ConnectionsPage;
    expect(body.data.every((c) => c.campaign.id === night)).toBe(true);
    expect(body.counts).toMatchObject({ invited: 1, applied: 1, declined: 1, cancelled: 1 });
    const invited = await as('trial').get(`${V}/my/connections?campaign=${night}&status=invited`);
    expect((invited.body as unknown as ConnectionsPage).data.map((c) => c.status)).toEqual(['invited']);
    expect((invited.body as unknown as ConnectionsPage).counts).toEqual(body.counts);
    const byName = (await as('trial').get(`${V}/my/connections?items=100`))
      .body as unknown as ConnectionsPage;
    const names = byName.data.map((c) => c.influencer.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = (await as('trial').get(`${V}/my/connections?items=100&sortBy=updated_at&sortDesc=desc`))
      .body as unknown as ConnectionsPage;
    const stamps = desc.data.map((c) => c.updated_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect((await as('trial').get(`${V}/my/connections?sortBy=nope`)).status).toBe(400);
    expect((await as('trial').get(`${V}/my/connections?status=maybe`)).status).toBe(400);
    const influencerSide = (await as('influencer').get(`${V}/my/connections`))
      .body as unknown as ConnectionsPage;
    const businesses = influencerSide.data.map((c) => c.business.business_name!.toLowerCase());
    expect(businesses).toEqual([...businesses].sort());

    const cards = await as('influencer').get(`${V}/my/connections/list?latest=true`);
    expect(cards.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ business_name: 'Lumen Skincare', influencer_id: null }),
        expect.objectContaining({ business_name: 'Peak Outdoor Co.' }),
      ]),
    );
    const businessCards = (await as('trial').get(`${V}/my/connections/list?latest=true`)).body.data as {
      id: number;
      influencer_id: number;
      name: string;
    }[];
    expect(businessCards.length).toBeLessThanOrEqual(8);
    expect(businessCards.every((c) => c.id === c.influencer_id && !!c.name)).toBe(true);
    const options = await as('influencer').get(`${V}/my/connections/businesses`);
    expect((options.body.data as { business_name: string }[]).map((b) => b.business_name)).toEqual([
      'Lumen Skincare',
      'Peak Outdoor Co.',
    ]);
    expect((await as('trial').get(`${V}/my/connections/businesses`)).status).toBe(403);
  });

  it('answers 402 to a business without a subscription on influencers and connections', async () => {
    const api = as('free');
    for (const res of [
      await api.get(`${V}/influencers`),
      await api.get(`${V}/influencer/${await profileId(ids.influencer)}`),
      await api.get(`${V}/my/connections`),
      await api.get(`${V}/my/connections/list?latest=true`),
      await api.post(`${V}/connections/invite`, { campaign_id: 1, influencer_id: 1 }),
      await api.post(`${V}/connection/1/complete`),
      await api.get(`${V}/invite/generate?campaign_id=1`),
    ]) {
      expect(res.status).toBe(402);
      expect(res.body.error?.message).toBe(API_MESSAGE.planRequired('Pro'));
    }
    expect((await as('influencer').get(`${V}/influencers`)).status).toBe(403);
  });

  it('counts connections in the menus and reviews for admins', async () => {
    const menu = (await as('influencer').get(`${V}/dashboard/influencers/menu`)).body;
    const open = await t.app.ctx.db
      .selectFrom('connections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('influencer_user_id', '=', ids.influencer)
      .where('status', 'in', ['invited', 'applied', 'accepted'])
      .executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ connections: Number(open.n), businesses: 2 });
    const business = (await as('trial').get(`${V}/dashboard/businesses/menu`)).body;
    expect(business.connections).toBeGreaterThan(0);
    expect(business.influencers).toBeGreaterThan(40);
    const reviews = await t.app.ctx.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await as('admin').get(`${V}/dashboard/admin/menu`)).body.reviews).toBe(Number(reviews.n));
    const dashboard = (await as('influencer').get(`${V}/dashboard/influencers`)).body as {
      stats: { key: string; value: number; format?: string }[];
    };
    // Earnings come from the ledger: the demo's four paid posts ($1,150.00).
    expect(dashboard.stats.find((s) => s.key === 'earnings')).toMatchObject({
      value: 115_000,
      format: 'cents',
    });
    expect(dashboard.stats.find((s) => s.key === 'invitations')!.value).toBeGreaterThan(0);
  });
});

describe('reviews moderation', () => {
  it('lets admins hide a review, and the rating follows', async () => {
    const isabella = await profileId(ids.influencer);
    const profile = (await as('pro').get(`${V}/influencer/${isabella}`))
      .body as unknown as InfluencerPublicProfile;
    const target = profile.reviews.find((r) => r.author.name === 'Peak Outdoor Co.')!;
    const reason = 'Mentions a private phone number';
    expect((await as('pro').patch(`${V}/reviews/${target.id}`, { status: 'hidden', reason })).status).toBe(
      403,
    );
    const hidden = await as('admin').patch(`${V}/reviews/${target.id}`, { status: 'hidden', reason });
    expect(hidden.body).toMatchObject({ id: target.id, status: 'hidden' });
    const visible = await t.app.ctx.db
      .selectFrom('reviews')
      .select('rating')
      .where('subject_user_id', '=', ids.influencer)
      .where('status', '=', 'visible')
      .execute();
    const expected = visible.length
      ? Math.round((visible.reduce((s, r) => s + r.rating, 0) / visible.length) * 100) / 100
      : null;
    const after = (await as('pro').get(`${V}/influencer/${isabella}`))
      .body as unknown as InfluencerPublicProfile;
    expect(after.rating).toBe(expected);
    expect(after.reviews.some((r) => r.id === target.id)).toBe(false);
    const list = await as('admin').get(`${V}/reviews?status=hidden`);
    expect((list.body.data as Review[]).map((r) => r.id)).toContain(target.id);
    expect(
      (await as('admin').patch(`${V}/reviews/${target.id}`, { status: 'visible', reason: 'Number removed' }))
        .body.status,
    ).toBe('visible');
    expect((await as('admin').patch(`${V}/reviews/999999`, { status: 'visible', reason })).status).toBe(404);
    expect((await as('admin').patch(`${V}/reviews/${target.id}`, { status: 'gone', reason })).status).toBe(
      400,
    );
  });
});

// ── the directory ────────────────────────────────────────────────────────────────────────────────────────

/** earthdistance's sphere: earth() = 6,378,168 m. */
const EARTH_RADIUS_M = 6_378_168;
function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return (2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a))) / 1609.344;
}

describe('influencer directory', () => {
  /** Every directory row with the raw fields the filters work on. */
  async function raw() {
    return t.app.ctx.db
      .selectFrom('influencer_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select([
        'p.id',
        'p.lat',
        'p.lng',
        'p.gender',
        'p.birthdate',
        'p.state_id',
        'p.rating',
        'p.tiktok_username',
        'p.youtube_username',
      ])
      .where('u.email_confirmed_at', 'is not', null)
      .where('u.status', '=', 'active')
      .execute();
  }

  it('returns exactly the profiles within the radius of a ZIP code', async () => {
    const profiles = await raw();
    for (const [zip, radius] of [
      ['78701', 100],
      ['10001', 25],
      ['90028', 200],
      ['80202', 75],
    ] as const) {
      const center = await t.app.ctx.db
        .selectFrom('zip_codes')
        .selectAll()
        .where('zip', '=', zip)
        .executeTakeFirstOrThrow();
      const expected = profiles
        .filter(
          (p) =>
            p.lat !== null &&
            p.lng !== null &&
            haversineMiles(center.lat, center.lng, p.lat, p.lng) <= radius,
        )
        .map((p) => p.id)
        .sort((a, b) => a - b);
      const got = await all<InfluencerListItem>(
        'trial',
        `${V}/influencers?zipcode=${zip}&radius=${radius}&sortBy=distance`,
      );
      expect(
        got.map((i) => i.id).sort((a, b) => a - b),
        `${zip} within ${radius} miles`,
      ).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
      const distances = got.map((i) => i.distance_miles!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(Math.max(...distances)).toBeLessThanOrEqual(radius);
    }
  });

  it('refuses a ZIP code without a radius, the reverse, and bad values', async () => {
    for (const [query, field] of [
      ['zipcode=78701', 'radius'],
      ['radius=50', 'zipcode'],
      ['zipcode=78701&radius=30', 'radius'],
      ['zipcode=78701&radius=225', 'radius'],
      ['zipcode=7870&radius=50', 'zipcode'],
      ['sortBy=distance', 'sortBy'],
      ['age=old', 'age'],
      ['gender=OTHER', 'gender'],
      ['sortBy=nope', 'sortBy'],
    ] as const) {
      const res = await as('trial').get(`${V}/influencers?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.error?.fields ?? {}), query).toContain(field);
    }
    const unknown = await as('trial').get(`${V}/influencers?zipcode=00000&radius=50`);
    expect([unknown.status, unknown.body.error?.message]).toEqual([400, API_MESSAGE.directoryZipUnknown]);
    const together = await as('trial').get(`${V}/influencers?zipcode=78701`);
    expect(together.body.error?.message).toBe(API_MESSAGE.directoryZipRadiusTogether);
    expect(together.body.error?.fields?.radius).toBe(API_MESSAGE.directoryZipRadiusTogether);
  });

  it('applies every filter', async () => {
    const profiles = await raw();
    const ids_ = async (query: string) =>
      (await all<InfluencerListItem>('pro', `${V}/influencers?${query}`))
        .map((i) => i.id)
        .sort((a, b) => a - b);
    const sorted = (list: { id: number }[]) => list.map((p) => p.id).sort((a, b) => a - b);
    const everyone = await ids_('');
    expect(everyone).toEqual(sorted(profiles));
    expect(everyone.length).toBeGreaterThanOrEqual(200);

    const ca = (
      await t.app.ctx.db.selectFrom('states').select('id').where('code', '=', 'CA').executeTakeFirstOrThrow()
    ).id;
    expect(await ids_(`state=${ca}`)).toEqual(sorted(profiles.filter((p) => p.state_id === ca)));
    expect(await ids_('gender=FEMALE')).toEqual(sorted(profiles.filter((p) => p.gender === 'FEMALE')));
    expect(await ids_('gender=UNKNOWN')).toEqual(
      sorted(profiles.filter((p) => !p.gender || p.gender === 'UNKNOWN')),
    );
    expect(await ids_('gender=KNOWN')).toEqual(
      sorted(profiles.filter((p) => p.gender && p.gender !== 'UNKNOWN')),
    );
    expect(await ids_('platform=tiktok')).toEqual(sorted(profiles.filter((p) => p.tiktok_username)));
    expect(await ids_('platform=youtube')).toEqual(sorted(profiles.filter((p) => p.youtube_username)));
    expect(await ids_('rating=4.5')).toEqual(
      sorted(profiles.filter((p) => p.rating !== null && Number(p.rating) >= 4.5)),
    );
    const ageOf = (birthdate: string) => {
      const b = new Date(`${birthdate}T00:00:00Z`);
      const now = new Date();
      let age = now.getUTCFullYear() - b.getUTCFullYear();
      if (
        now.getUTCMonth() < b.getUTCMonth() ||
        (now.getUTCMonth() === b.getUTCMonth() && now.getUTCDate() < b.getUTCDate())
      )
        age--;
      return age;
    };
    expect(await ids_('age=25-34')).toEqual(
      sorted(profiles.filter((p) => p.birthdate && ageOf(p.birthdate) >= 25 && ageOf(p.birthdate) <= 34)),
    );
    expect(await ids_('age=55%2B')).toEqual(
      sorted(profiles.filter((p) => p.birthdate && ageOf(p.birthdate) >= 55)),
    );

    const tagged = await t.app.ctx.db
      .selectFrom('influencer_interests')
      .select(['interest_id', 'influencer_id'])
      .execute();
    const tag = tagged[0]!.interest_id;
    expect(await ids_(`tag=${tag}`)).toEqual(
      [...new Set(tagged.filter((r) => r.interest_id === tag).map((r) => r.influencer_id))].sort(
        (a, b) => a - b,
      ),
    );

    const isabella = await profileId(ids.influencer);
    const byName = await all<InfluencerListItem>('pro', `${V}/influencers?name=isabella%20rey`);
    expect(byName.map((i) => i.id)).toEqual([isabella]);
    expect(
      (await all<InfluencerListItem>('pro', `${V}/influencers?name=bella.glows`)).map((i) => i.id),
    ).toEqual([isabella]);

    // Relationship with the calling business (Peak): Isabella worked with it; others are pending or none.
    const mine = await t.app.ctx.db
      .selectFrom('connections as c')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .innerJoin('influencer_profiles as p', 'p.user_id', 'c.influencer_user_id')
      .select(['p.id', 'c.status'])
      .where('b.user_id', '=', ids.pro)
      .execute();
    const connected = sorted(
      mine
        .filter((m) => ['accepted', 'completed'].includes(m.status))
        .filter((m, i, a) => a.findIndex((x) => x.id === m.id) === i),
    );
    expect(await ids_('relationship=connected')).toEqual(connected);
    expect(await ids_('relationship=connected')).toContain(isabella);
    const pending = sorted(
      mine
        .filter((m) => ['invited', 'applied'].includes(m.status) && !connected.includes(m.id))
        .filter((m, i, a) => a.findIndex((x) => x.id === m.id) === i),
    );
    expect(await ids_('relationship=pending')).toEqual(pending);
    const none = await ids_('relationship=none');
    expect(none.length + connected.length + pending.length).toBe(everyone.length);

    const trailRunning = await campaignId('Trail Running Shoe Review');
    const onCampaign = await t.app.ctx.db
      .selectFrom('connections as c')
      .innerJoin('influencer_profiles as p', 'p.user_id', 'c.influencer_user_id')
      .select('p.id')
      .where('c.campaign_id', '=', trailRunning)
      .where('c.status', 'in', ['invited', 'applied', 'accepted', 'completed'])
      .execute();
    expect(await ids_(`campaignId=${trailRunning}`)).toEqual(sorted(onCampaign));
    // Another business's campaign is not found.
    expect((await as('trial').get(`${V}/influencers?campaignId=${trailRunning}`)).status).toBe(404);

    // Filters combine.
    const combined = await all<InfluencerListItem>(
      'pro',
      `${V}/influencers?gender=FEMALE&platform=tiktok&state=${ca}`,
    );
    expect(combined.every((i) => i.gender === 'FEMALE' && i.tiktok_username && i.state_code === 'CA')).toBe(
      true,
    );
  });

  it('sorts by every key, both ways, and pages', async () => {
    const check = async (sortBy: string, key: (i: InfluencerListItem) => string | number | null) => {
      for (const dir of ['asc', 'desc'] as const) {
        const list = await all<InfluencerListItem>(
          'trial',
          `${V}/influencers?sortBy=${sortBy}&sortDesc=${dir}`,
        );
        const values = list.map(key).filter((v) => v !== null) as (string | number)[];
        const expected = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (dir === 'desc') expected.reverse();
        expect(values, `${sortBy} ${dir}`).toEqual(expected);
        // Missing values come last either way.
        const firstNull = list.findIndex((i) => key(i) === null);
        if (firstNull >= 0) expect(list.slice(firstNull).every((i) => key(i) === null)).toBe(true);
      }
    };
    await check('first_name', (i) => (i.first_name ?? '').toLowerCase());
    await check('last_name', (i) => (i.last_name ?? '').toLowerCase());
    await check('rating', (i) => i.rating);
    await check('age', (i) => i.age);
    await check('city', (i) => i.city?.toLowerCase() ?? null);
    const first = await as('trial').get(`${V}/influencers?items=7`);
    const second = await as('trial').get(`${V}/influencers?items=7&page=2`);
    expect((first.body.data as unknown[]).length).toBe(7);
    const both = [
      ...(first.body.data as InfluencerListItem[]),
      ...(second.body.data as InfluencerListItem[]),
    ].map((i) => i.id);
    expect(new Set(both).size).toBe(14);
    expect(first.body.total).toBe(second.body.total);
  });

  it('lists, sorts, finds and tags from what the triggers keep on each profile, after any write', async () => {
    const db = t.app.ctx.db;
    /** Profiles whose kept directory fields differ from their user's and interests' (none, ever). */
    const drifted = async () => {
      const rows = await db
        .selectFrom('influencer_profiles as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select((eb) => [
          'p.id',
          'p.directory_listed',
          'p.directory_first_name',
          'p.directory_last_name',
          'p.directory_tags',
          sql<boolean>`u.type = 'influencer' and u.status = 'active' and u.email_confirmed_at is not null`.as(
            'listed',
          ),
          sql<string | null>`lower(coalesce(p.first_name, u.given_name))`.as('first'),
          sql<string | null>`lower(coalesce(p.last_name, u.family_name))`.as('last'),
          influencerTags(eb.ref('p.id')).as('tags'),
        ])
        .execute();
      expect(rows.length).toBeGreaterThanOrEqual(200);
      return rows.filter(
        (r) =>
          r.directory_listed !== r.listed ||
          r.directory_first_name !== r.first ||
          r.directory_last_name !== r.last ||
          JSON.stringify(r.directory_tags) !== JSON.stringify(r.tags),
      );
    };
    const found = async (name: string) =>
      (await all<InfluencerListItem>('pro', `${V}/influencers?name=${encodeURIComponent(name)}`)).map(
        (i) => i.id,
      );
    const isabella = await profileId(ids.influencer);
    const profile = await db
      .selectFrom('influencer_profiles')
      .select(['first_name', 'last_name'])
      .where('id', '=', isabella)
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select(['given_name', 'family_name'])
      .where('id', '=', ids.influencer)
      .executeTakeFirstOrThrow();
    expect(await drifted()).toEqual([]);

    // Her account suspended and reactivated (written as an operator would, in SQL): out of the directory, then in.
    await db.updateTable('users').set({ status: 'suspended' }).where('id', '=', ids.influencer).execute();
    expect(await found('isabella rey')).toEqual([]);
    await db.updateTable('users').set({ status: 'active' }).where('id', '=', ids.influencer).execute();
    expect(await found('isabella rey')).toEqual([isabella]);

    // Without names of her own, the directory shows, finds and sorts her by her account's.
    await db
      .updateTable('influencer_profiles')
      .set({ first_name: null, last_name: null })
      .where('id', '=', isabella)
      .execute();
    await db
      .updateTable('users')
      .set({ given_name: 'Zzelda', family_name: 'Quill' })
      .where('id', '=', ids.influencer)
      .execute();
    expect(await found('zzelda quill')).toEqual([isabella]);
    const byFirstName = await all<InfluencerListItem>(
      'pro',
      `${V}/influencers?sortBy=first_name&sortDesc=desc`,
    );
    expect(byFirstName[0]).toMatchObject({ id: isabella, name: 'Zzelda Quill' });
    expect(await drifted()).toEqual([]);

    // Her interests changed, and one of them renamed: her tags follow, by name.
    const [first, second] = await db
      .selectFrom('interests')
      .select(['id', 'name'])
      .orderBy('id')
      .limit(2)
      .execute();
    const interests = await db
      .selectFrom('influencer_interests')
      .selectAll()
      .where('influencer_id', '=', isabella)
      .execute();
    await db.deleteFrom('influencer_interests').where('influencer_id', '=', isabella).execute();
    await db
      .insertInto('influencer_interests')
      .values([first!, second!].map((i) => ({ influencer_id: isabella, interest_id: i.id })))
      .execute();
    await db.updateTable('interests').set({ name: 'Aaa renamed' }).where('id', '=', second!.id).execute();
    const [row] = await all<InfluencerListItem>('pro', `${V}/influencers?name=zzelda`);
    expect(row?.tags).toEqual([
      { id: second!.id, name: 'Aaa renamed' },
      { id: first!.id, name: first!.name },
    ]);
    expect(await drifted()).toEqual([]);

    await db.updateTable('interests').set({ name: second!.name }).where('id', '=', second!.id).execute();
    await db.deleteFrom('influencer_interests').where('influencer_id', '=', isabella).execute();
    await db.insertInto('influencer_interests').values(interests).execute();
    await db.updateTable('influencer_profiles').set(profile).where('id', '=', isabella).execute();
    await db.updateTable('users').set(user).where('id', '=', ids.influencer).execute();
    expect(await drifted()).toEqual([]);
  });

  it('shows a public profile without private fields', async () => {
    const isabella = await profileId(ids.influencer);
    const res = await as('trial').get(`${V}/influencer/${isabella}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: isabella,
      name: 'Isabella Reyes',
      city: 'Los Angeles',
      state: 'California',
      socials: expect.arrayContaining([
        { platform: 'instagram', username: 'bella.glows', url: 'https://instagram.com/bella.glows' },
        { platform: 'tiktok', username: 'bellaglows', url: 'https://www.tiktok.com/@bellaglows' },
      ]),
      collaborations: expect.arrayContaining([expect.objectContaining({ status: 'accepted' })]),
    });
    for (const key of ['email', 'phone_number', 'address_1', 'birthdate', 'lat', 'lng'])
      expect(res.body).not.toHaveProperty(key);
    expect((await as('trial').get(`${V}/influencer/999999`)).status).toBe(404);
    // Another business sees its own history only.
    const pro = await as('pro').get(`${V}/influencer/${isabella}`);
    // (Peak: the finished tent test and the road trip she works on — demo posts.)
    expect((pro.body.collaborations as { status: string }[]).map((c) => c.status).sort()).toEqual([
      'accepted',
      'completed',
    ]);
  });
});

describe('business directory', () => {
  it('lists, filters and sorts businesses, and shows a profile with active campaigns', async () => {
    const res = await as('influencer').get(`${V}/businesses`);
    expect(res.status).toBe(200);
    const names = (res.body.data as { business_name: string }[]).map((b) => b.business_name);
    expect(names).toEqual(['Lumen Skincare', 'Northwind Coffee', 'Peak Outdoor Co.']);
    const desc = await as('influencer').get(`${V}/businesses?sortDesc=desc`);
    expect((desc.body.data as { business_name: string }[]).map((b) => b.business_name)).toEqual(
      [...names].reverse(),
    );
    expect((await as('influencer').get(`${V}/businesses?name=peak`)).body.data).toHaveLength(1);
    expect(
      (
        (await as('influencer').get(`${V}/businesses?campaign=summit`)).body.data as {
          business_name: string;
        }[]
      ).map((b) => b.business_name),
    ).toEqual(['Peak Outdoor Co.']);
    expect(
      (
        (await as('influencer').get(`${V}/businesses?location=tx`)).body.data as { business_name: string }[]
      ).map((b) => b.business_name),
    ).toEqual(['Lumen Skincare']);
    expect(
      (
        (await as('influencer').get(`${V}/businesses?location=portland`)).body.data as {
          business_name: string;
        }[]
      ).map((b) => b.business_name),
    ).toEqual(['Northwind Coffee']);
    const skincare = (
      await t.app.ctx.db
        .selectFrom('interests')
        .select('id')
        .where('name', '=', 'Skincare')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        (await as('influencer').get(`${V}/businesses?tag=${skincare}`)).body.data as {
          business_name: string;
        }[]
      ).map((b) => b.business_name),
    ).toEqual(['Lumen Skincare']);
    const byCampaigns = await as('influencer').get(`${V}/businesses?sortBy=active_campaigns&sortDesc=desc`);
    const counts = (byCampaigns.body.data as { active_campaigns: number }[]).map((b) => b.active_campaigns);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await as('influencer').get(`${V}/businesses?sortBy=nope`)).status).toBe(400);

    const mine = await as('influencer').get(`${V}/my/businesses`);
    expect(
      (mine.body.data as { business_name: string; connected: boolean }[]).map((b) => [
        b.business_name,
        b.connected,
      ]),
    ).toEqual([
      ['Lumen Skincare', true],
      ['Peak Outdoor Co.', true],
    ]);
    // Noah's list is exactly the businesses he has a live connection with (earlier tests made some).
    const noahs = await t.app.ctx.db
      .selectFrom('connections as cn')
      .innerJoin('businesses as b', 'b.id', 'cn.business_id')
      .select('b.business_name')
      .distinct()
      .where('cn.influencer_user_id', '=', ids.new)
      .where('cn.status', 'in', ['invited', 'applied', 'accepted', 'completed'])
      .execute();
    const noahsList = await as('new').get(`${V}/my/businesses`);
    expect(noahsList.body.total).toBe(noahs.length);
    expect((noahsList.body.data as { business_name: string }[]).map((b) => b.business_name).sort()).toEqual(
      noahs.map((r) => r.business_name).sort(),
    );
    expect((await as('trial').get(`${V}/my/businesses`)).status).toBe(403);
    const list = await as('influencer').get(`${V}/businesses/list`);
    expect((list.body.data as unknown[]).length).toBe(3);

    const peak = (res.body.data as { id: number; business_name: string }[]).find(
      (b) => b.business_name === 'Peak Outdoor Co.',
    )!;
    const profile = await as('influencer').get(`${V}/business/${peak.id}`);
    expect(profile.body).toMatchObject({
      business_name: 'Peak Outdoor Co.',
      city: 'Denver',
      connected: true,
    });
    expect((profile.body.campaigns as { status: string }[]).every((c) => c.status === 'active')).toBe(true);
    expect((profile.body.campaigns as { title: string }[]).map((c) => c.title)).toContain('Summit Stories');
    expect((profile.body.collaborations as { status: string }[]).map((c) => c.status)).toContain('completed');
    expect((profile.body.reviews as Review[]).length).toBeGreaterThan(0);
    expect(profile.body.rating).toEqual(expect.any(Number));
    expect((await as('influencer').get(`${V}/business/999999`)).status).toBe(404);
  });
});

// ── invitations from imports and links ───────────────────────────────────────────────────────────────────

describe('invitations that become connections', () => {
  it('turns pending import invitations into connections at confirmation and when the Instagram name is set', async () => {
    const campaign = await campaignId('Night Repair Cream Seeding');
    const lumen = (
      await t.app.ctx.db
        .selectFrom('businesses')
        .select('id')
        .where('user_id', '=', ids.trial)
        .executeTakeFirstOrThrow()
    ).id;
    await t.app.ctx.db
      .insertInto('campaign_invitations')
      .values([
        { campaign_id: campaign, business_id: lumen, email: 'later@example.com', source: 'csv' },
        { campaign_id: campaign, business_id: lumen, instagram_username: 'later.gram', source: 'csv' },
      ])
      .execute();
    const api = client(t.app);
    await api.post(`${V}/auth/sign-up`, {
      email: 'Later@example.com',
      password: 'Correct-Horse-42',
      given_name: 'Lara',
      family_name: 'Later',
      type: 'influencer',
    });
    const userId = (
      await t.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'later@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    // Not before the address is proven.
    expect(
      await t.app.ctx.db
        .selectFrom('connections')
        .select('id')
        .where('influencer_user_id', '=', userId)
        .execute(),
    ).toEqual([]);
    await api.post(`${V}/auth/confirm`, {
      email: 'later@example.com',
      code: await latestCode(t.app, 'later@example.com'),
    });
    const conns = await t.app.ctx.db
      .selectFrom('connections')
      .select(['campaign_id', 'status', 'source'])
      .where('influencer_user_id', '=', userId)
      .execute();
    expect(conns).toEqual([{ campaign_id: campaign, status: 'invited', source: 'csv' }]);
    const token = await loginAs(t.app, 'later@example.com', 'Correct-Horse-42');
    // Setting the Instagram username of the other invitation: same campaign, so it joins the same connection.
    expect(
      (
        await client(t.app, token).put(`${V}/my/influencer`, {
          instagram_username: 'Later.Gram',
          postal_code: '78701',
        })
      ).status,
    ).toBe(200);
    const invitations = await t.app.ctx.db
      .selectFrom('campaign_invitations')
      .select(['status', 'connection_id', 'influencer_user_id'])
      .where('campaign_id', '=', campaign)
      .where((eb) =>
        eb.or([eb('email', '=', 'later@example.com'), eb('instagram_username', '=', 'later.gram')]),
      )
      .orderBy('id')
      .execute();
    expect(invitations.map((i) => i.status)).toEqual(['converted', 'converted']);
    expect(new Set(invitations.map((i) => i.connection_id)).size).toBe(1);
    expect(invitations[0]!.influencer_user_id).toBe(userId);
    // The ZIP code placed the profile on the map.
    const profile = await t.app.ctx.db
      .selectFrom('influencer_profiles')
      .select(['lat', 'lng'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ lat: 30.2713, lng: -97.7426 });
    const notes = await t.app.ctx.db
      .selectFrom('notifications')
      .select('body')
      .where('user_id', '=', userId)
      .execute();
    expect(notes.map((n) => n.body)).toEqual(['Lumen Skincare invited you to "Night Repair Cream Seeding".']);
  });

  it('creates the invitation connection of an invite link at sign-up, and refuses bad links', async () => {
    const campaign = await activeCampaign('pro', 'Invite Link Campaign');
    const link = await as('pro').get(`${V}/invite/generate?campaign_id=${campaign}`);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const url = new URL(link.body.url as string);
    expect(url.pathname).toBe('/auth/register');
    expect(url.searchParams.get('type')).toBe('influencer');
    const invite = url.searchParams.get('invite')!;
    expect(invite).toBe(link.body.token);
    // An invite token never authenticates.
    expect((await client(t.app, invite).get(`${V}/my/user`)).status).toBe(401);
    const preview = await client(t.app).get(`${V}/invite/preview?invite=${invite}`);
    expect(preview.body).toEqual({
      business_name: 'Peak Outdoor Co.',
      campaign_title: 'Invite Link Campaign',
    });
    const bad = await client(t.app).get(`${V}/invite/preview?invite=${invite.slice(0, -4)}abcd`);
    expect([bad.status, bad.body.error?.message]).toEqual([400, API_MESSAGE.inviteInvalid]);

    const api = client(t.app);
    const signed = await api.post(`${V}/auth/sign-up`, {
      email: 'linked@example.com',
      password: 'Correct-Horse-42',
      given_name: 'Lin',
      family_name: 'Ked',
      type: 'influencer',
      invite,
    });
    expect(signed.status).toBe(201);
    const user = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'linked@example.com')
      .executeTakeFirstOrThrow();
    const conn = await t.app.ctx.db
      .selectFrom('connections')
      .selectAll()
      .where('influencer_user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(conn).toMatchObject({
      campaign_id: campaign,
      status: 'invited',
      source: 'invite_link',
      initiated_by: 'business',
      created_by: ids.pro,
    });

    // A signed-in influencer (e.g. after Google sign-up) uses a link with POST /invite/accept, once.
    const accepted = await as('new').post(`${V}/invite/accept`, { invite });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toMatchObject({
      status: 'invited',
      source: 'invite_link',
      campaign: { id: campaign },
    });
    expect((await as('new').post(`${V}/invite/accept`, { invite })).status).toBe(409);
    expect((await as('new').post(`${V}/invite/accept`, { invite: 'not-a-token-at-all' })).status).toBe(400);

    // Only for the business's own active campaigns.
    const draft = await as('pro').get(
      `${V}/invite/generate?campaign_id=${await campaignId('Winter Layering Guide')}`,
    );
    expect(draft.status).toBe(409);
    const others = await as('pro').get(
      `${V}/invite/generate?campaign_id=${await campaignId('Glow Serum Launch')}`,
    );
    expect(others.status).toBe(403);
    expect((await as('influencer').get(`${V}/invite/generate?campaign_id=${campaign}`)).status).toBe(403);
  });

  it('makes matched import rows connections at once, never twice when an import resumes', async () => {
    const campaign = await activeCampaign('trial', 'Import Into Connections');
    const handles = await t.app.ctx.db
      .selectFrom('influencer_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.instagram_username', 'u.id'])
      .where('u.email', 'like', '%@creators.example')
      .orderBy('p.id')
      .limit(12)
      .execute();
    // Each creator twice (username, then email of the same person), plus two unknown people.
    const emails = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(
        'id',
        'in',
        handles.map((h) => h.id),
      )
      .execute();
    const lines = [
      'instagram,email',
      ...handles.map((h) => `${h.instagram_username},`),
      ...emails.map((e) => `,${e.email}`),
      'nobody.here,',
      ',nobody@example.com',
    ];
    const boundary = '----reach-import-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(lines.join('\n')),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: `${V}/campaign/${campaign}/influencer/import`,
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${tokens.trial}`,
      },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { import_id } = started.json() as { import_id: number };
    const run = { signal: new AbortController().signal, heartbeat: async () => {} };
    // A worker stops after two small batches (as a crash would), then two more runs finish it.
    expect(await processImport(t.app.ctx, import_id, run, { batchSize: 5, maxBatches: 2 })).toBe('stopped');
    expect(await processImport(t.app.ctx, import_id, run, { batchSize: 5 })).toBe('finished');
    expect(await processImport(t.app.ctx, import_id, run, { batchSize: 5 })).toBe('finished');
    const connections = await t.app.ctx.db
      .selectFrom('connections')
      .select(['influencer_user_id', 'status', 'source'])
      .where('campaign_id', '=', campaign)
      .execute();
    expect(connections.map((c) => c.influencer_user_id).sort((a, b) => a - b)).toEqual(
      handles.map((h) => h.id).sort((a, b) => a - b),
    );
    expect(connections.every((c) => c.status === 'invited' && c.source === 'csv')).toBe(true);
    const imp = await t.app.ctx.db
      .selectFrom('campaign_imports')
      .selectAll()
      .where('id', '=', import_id)
      .executeTakeFirstOrThrow();
    // 12 matched + 2 unknown invited; the 12 second rows of the same people are duplicates.
    expect(imp).toMatchObject({ status: 'done', done: 14, failed: 12 });
    const pending = await t.app.ctx.db
      .selectFrom('campaign_invitations')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('campaign_id', '=', campaign)
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(pending.map((p) => [p.status, Number(p.n)])).toEqual([
      ['converted', 12],
      ['pending', 2],
    ]);
    // An influencer already invited directly counts as a duplicate row, not a second connection.
    const direct = await activeCampaign('trial', 'Import After Direct Invite');
    await as('trial').post(`${V}/connections/invite`, {
      campaign_id: direct,
      influencer_id: await profileId(ids.new),
    });
    const again = await t.app.inject({
      method: 'POST',
      url: `${V}/campaign/${direct}/influencer/import`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from('email\nnew@reach.local\n'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${tokens.trial}`,
      },
    });
    const second = (again.json() as { import_id: number }).import_id;
    await processImport(t.app.ctx, second, run);
    const lumen = await t.app.ctx.db
      .selectFrom('businesses')
      .select('id')
      .where('user_id', '=', ids.trial)
      .executeTakeFirstOrThrow();
    const report = await as('trial').get(
      `${V}/campaign/influencer/import/status?campaign_id=${direct}&business_id=${lumen.id}`,
    );
    expect(report.body).toMatchObject({
      done: 0,
      failed: 1,
      failures: [{ reason: API_MESSAGE.importRowDuplicate }],
    });
    const count = await t.app.ctx.db
      .selectFrom('connections')
      .select('id')
      .where('campaign_id', '=', direct)
      .execute();
    expect(count).toHaveLength(1);
  });
});
