import type {
  AdminLookupResponse,
  DiscoveryEntry,
  DiscoveryMember,
  DiscoverySearchBody,
} from '@reach/contract/discovery';
import { discoverySearchBody } from '@reach/contract/discovery';
import { API_MESSAGE } from '@reach/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModash, MODASH_PROFILES, startFakeModash } from './fakes/modash-server';
import { client, createTestApp, loginAs, type TestApp } from './harness';

/*
 * Issue 12: discovery searches platform members and the index as one world. A creator who joined REACH is
 * marked `member` on their index (or Modash) entry, with the entry's figures; the admin's Instagram look-up
 * finds members whether or not the index knows them; a member is invited in-app through POST
 * /connections/invite and messaged on a campaign thread.
 */

const V = '/api/v1';
const SEARCH = `${V}/discovery/instagram/search`;
type Role = 'pro' | 'trial' | 'admin';
type Entry = DiscoveryEntry & { member: DiscoveryMember | null };
type SearchResult = {
  influencers: { total: number; totalCapped: boolean; directs: Entry[]; lookalikes: Entry[] };
  credits: number;
};

async function userId(t: TestApp, email: string) {
  return (
    await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  ).id;
}
async function profileId(t: TestApp, email: string) {
  return (
    await t.app.ctx.db
      .selectFrom('influencer_profiles as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.id')
      .where('u.email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;
}

describe('members in the local index', () => {
  let t: TestApp;
  const tokens = {} as Record<Role, string>;
  const as = (role: Role) => client(t.app, tokens[role]);
  let bella: { userId: number; influencerId: number };

  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { DISCOVERY_SEED_SIZE: '2000' } });
    for (const role of ['pro', 'trial', 'admin'] as Role[])
      tokens[role] = await loginAs(t.app, `${role}@reach.local`);
    bella = {
      userId: await userId(t, 'influencer@reach.local'),
      influencerId: await profileId(t, 'influencer@reach.local'),
    };
    await t.app.ctx.db
      .updateTable('users')
      .set({ credits: 1000 })
      .where('id', '=', await userId(t, 'pro@reach.local'))
      .execute();
  }, 120_000);
  afterAll(() => t?.close());

  const search = async (body: DiscoverySearchBody) => {
    const res = await as('pro').post(SEARCH, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as unknown as SearchResult;
  };

  it('a filter search returns @bella.glows marked as a member, with her index figures', async () => {
    const la = await t.app.ctx.db
      .selectFrom('influencer_index')
      .select(['city_id', 'followers', 'engagement_rate', 'modash_id'])
      .where('username', '=', 'bella.glows')
      .executeTakeFirstOrThrow();
    const body: DiscoverySearchBody = {
      sort: { field: 'followers', direction: 'desc' },
      filter: {
        influencer: {
          location: [Number(la.city_id)],
          gender: 'FEMALE',
          followers: { min: 40_000, max: 60_000 },
          platform: 'instagram',
        },
      },
    };
    const result = await search(body);
    const found = result.influencers.lookalikes.find((e) => e.influencer_data.username === 'bella.glows');
    expect(
      found,
      JSON.stringify(result.influencers.lookalikes.map((e) => e.influencer_data.username)),
    ).toBeTruthy();
    expect(found!.member).toEqual({
      user_id: bella.userId,
      influencer_id: bella.influencerId,
      name: 'Isabella Reyes',
      username: 'bella.glows',
    });
    expect(found!.influencer_data).toMatchObject({
      followers: la.followers,
      engagementRate: expect.closeTo(la.engagement_rate, 4),
      city: 'Los Angeles',
      audience: { topCountry: 'United States', topGender: 'FEMALE' },
    });
    // Everyone else on the page is not on REACH: member null, never missing.
    for (const e of result.influencers.lookalikes.filter((x) => x !== found)) expect(e.member).toBeNull();

    // Same results and total as the index alone: members are matched onto the entries, nothing added.
    const alone = await t.app.ctx.discovery.search(discoverySearchBody.parse(body));
    expect(result.influencers.total).toBe(alone.total);
    expect(result.influencers.lookalikes.map((e) => e.modash_id)).toEqual(
      alone.lookalikes.map((e) => e.modash_id),
    );

    // A repeat within 24 h is served from the cache (free) and still carries the member.
    const again = await search(body);
    expect(again.credits).toBe(result.credits);
    expect(again.influencers.lookalikes.find((e) => e.modash_id === la.modash_id)?.member?.user_id).toBe(
      bella.userId,
    );

    // Her full report says she is a member too.
    const report = await as('pro').get(`${V}/discovery/report/${la.modash_id}`);
    expect(report.status).toBe(200);
    expect(report.body.member).toMatchObject({ user_id: bella.userId, influencer_id: bella.influencerId });
  });

  it('a handle search (lookalikes of @bella.glows) has her as the exact match, marked a member', async () => {
    const result = await search({ filter: { influencer: { relevance: ['@Bella.Glows'] } } });
    expect(result.influencers.directs).toHaveLength(1);
    expect(result.influencers.directs[0]!.member?.user_id).toBe(bella.userId);

    // Saved to a list with another creator, she is marked there too (the other one is not).
    const list = await as('pro').post(`${V}/discovery/list`, { name: 'Members e2e list' });
    expect(list.status).toBe(201);
    for (const entry of [result.influencers.directs[0]!, result.influencers.lookalikes[0]!]) {
      const added = await as('pro').post(`${V}/discovery/list/add-influencer`, {
        list_id: list.body.id,
        modash_id: entry.modash_id,
        influencer_data: entry.influencer_data,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const all = (await as('pro').get(`${V}/discovery/list/all`)).body as unknown as {
      id: number;
      influencers: Entry[];
    }[];
    const saved = all.find((l) => l.id === list.body.id)!.influencers;
    expect(saved.map((e) => [e.influencer_data.username, e.member?.user_id ?? null])).toEqual([
      ['bella.glows', bella.userId],
      [result.influencers.lookalikes[0]!.influencer_data.username, null],
    ]);
  });

  it('a suspended member is not offered to businesses', async () => {
    await t.app.ctx.db
      .updateTable('users')
      .set({ status: 'suspended' })
      .where('id', '=', bella.userId)
      .execute();
    try {
      const result = await search({ filter: { influencer: { relevance: ['@bella.glows'] } } });
      expect(result.influencers.directs[0]!.member).toBeNull();
    } finally {
      await t.app.ctx.db
        .updateTable('users')
        .set({ status: 'active' })
        .where('id', '=', bella.userId)
        .execute();
    }
  });

  it('the admin look-up finds a member by handle, with or without an index entry', async () => {
    const res = await as('admin').get(`${V}/admin/discovery/instagram/@Bella.Glows`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as unknown as AdminLookupResponse).report?.profile.username).toBe('bella.glows');
    expect(res.body.member).toMatchObject({
      user_id: bella.userId,
      influencer_id: bella.influencerId,
      username: 'bella.glows',
      email: 'influencer@reach.local',
      status: 'active',
    });

    // A member the index does not know: found, report null.
    const noah = await userId(t, 'new@reach.local');
    await t.app.ctx.db
      .updateTable('influencer_profiles')
      .set({ instagram_username: '@Noah.Newman' })
      .where('user_id', '=', noah)
      .execute();
    const member = await as('admin').get(`${V}/admin/discovery/instagram/noah.newman`);
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    expect(member.body.report).toBeNull();
    expect(member.body.member).toMatchObject({ user_id: noah, username: 'noah.newman' });

    // Neither in the index nor on REACH: 404.
    const nobody = await as('admin').get(`${V}/admin/discovery/instagram/nobody.at.all`);
    expect([nobody.status, nobody.body.error?.message]).toEqual([
      404,
      API_MESSAGE.discoveryInfluencerNotFound,
    ]);
    // Admins only.
    expect((await as('pro').get(`${V}/admin/discovery/instagram/bella.glows`)).status).toBe(403);
  });

  it('a member is invited in-app once (second → 409), never to another business’s campaign, and messaged', async () => {
    const proBusiness = await t.app.ctx.db
      .selectFrom('businesses')
      .select('id')
      .where('user_id', '=', await userId(t, 'pro@reach.local'))
      .executeTakeFirstOrThrow();
    const campaign = await t.app.ctx.db
      .selectFrom('campaigns as c')
      .select(['c.id'])
      .where('c.business_id', '=', proBusiness.id)
      .where('c.status', '=', 'active')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('connections as x')
              .select('x.id')
              .whereRef('x.campaign_id', '=', 'c.id')
              .where('x.influencer_user_id', '=', bella.userId),
          ),
        ),
      )
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const connections = () =>
      t.app.ctx.db
        .selectFrom('connections')
        .select(['id', 'status'])
        .where('campaign_id', '=', campaign.id)
        .where('influencer_user_id', '=', bella.userId)
        .execute();

    // The member as the search gives it → the connections endpoint the web calls.
    const { influencers } = await search({ filter: { influencer: { relevance: ['@bella.glows'] } } });
    const member = influencers.directs[0]!.member!;
    const invite = { campaign_id: campaign.id, influencer_id: member.influencer_id, message: 'Join us!' };
    const first = await as('pro').post(`${V}/connections/invite`, invite);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(await connections()).toEqual([{ id: first.body.id, status: 'invited' }]);
    const second = await as('pro').post(`${V}/connections/invite`, invite);
    expect(second.status).toBe(409);
    expect(await connections()).toHaveLength(1);

    // Another business's campaign: refused, nothing created.
    const trialCampaign = await t.app.ctx.db
      .selectFrom('campaigns as c')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .select('c.id')
      .where('b.user_id', '=', await userId(t, 'trial@reach.local'))
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const before = await t.app.ctx.db
      .selectFrom('connections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const other = await as('pro').post(`${V}/connections/invite`, {
      ...invite,
      campaign_id: trialCampaign.id,
    });
    expect(other.status).toBe(403);
    const after = await t.app.ctx.db
      .selectFrom('connections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // Messaged on the campaign's thread with her (user_id = member.user_id).
    const sent = await as('pro').post(`${V}/campaigns/${campaign.id}/messages`, {
      user_id: member.user_id,
      body: 'Hi Isabella, the kit ships Monday.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const thread = await as('pro').get(`${V}/campaigns/${campaign.id}/messages?user_id=${member.user_id}`);
    const messages = (thread.body as unknown as { messages: { body: string }[] }).messages;
    expect(messages.map((m) => m.body)).toContain('Hi Isabella, the kit ships Monday.');
  });
});

describe('members behind Modash results', () => {
  let modash: FakeModash;
  let m: TestApp;
  let token: string;
  let admin: string;
  let bellaId: number;

  beforeAll(async () => {
    modash = await startFakeModash();
    m = await createTestApp({ demo: true, env: { MODASH_API_KEY: modash.key, MODASH_API_URL: modash.url } });
    token = await loginAs(m.app, 'pro@reach.local');
    admin = await loginAs(m.app, 'admin@reach.local');
    bellaId = await userId(m, 'influencer@reach.local');
    await m.app.ctx.db
      .updateTable('users')
      .set({ credits: 10 })
      .where('id', '=', await userId(m, 'pro@reach.local'))
      .execute();
    // In this world Isabella's Instagram handle is one Modash knows.
    await m.app.ctx.db
      .updateTable('influencer_profiles')
      .set({ instagram_username: 'Modash.Creator2' })
      .where('user_id', '=', bellaId)
      .execute();
  }, 120_000);
  afterAll(async () => {
    await m?.close();
    await modash?.close();
  });

  it('matches the page to members by handle after Modash answers (one credit, as before)', async () => {
    const res = await client(m.app, token).post(SEARCH, {
      filter: { influencer: { followers: { min: 1000 }, relevance: ['@modash.creator2'] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { influencers, credits } = res.body as unknown as SearchResult;
    expect(credits).toBe(9);
    expect(influencers.directs.map((e) => [e.influencer_data.username, e.member?.user_id])).toEqual([
      ['modash.creator2', bellaId],
    ]);
    expect(influencers.lookalikes.map((e) => e.member)).toEqual(influencers.lookalikes.map(() => null));
    expect(influencers.lookalikes).toHaveLength(4);

    const lookup = await client(m.app, admin).get(`${V}/admin/discovery/instagram/modash.creator2`);
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    const found = lookup.body as unknown as AdminLookupResponse;
    expect(found.report?.profile.userId).toBe(MODASH_PROFILES[1]!.userId);
    expect(found.member?.user_id).toBe(bellaId);
  });
});
