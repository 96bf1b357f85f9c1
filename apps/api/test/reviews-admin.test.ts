import type { AdminReview, AdminReviewsPage, ReviewSortKey } from '@reach/contract/admin-reviews';
import type { BusinessPublicProfile, InfluencerPublicProfile } from '@reach/contract/directory';
import { API_MESSAGE } from '@reach/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, loginAs, type TestApp } from './harness';

/*
 * /admin/reviews through the real boundary on the demo data: GET /reviews (search, direction, rating and
 * visibility filters, every sort, paging — all in SQL), PATCH /reviews/{id} (hide and show with a reason in the
 * audit log, the reviewed side's rating and public profile follow, the author is told), who may call them, and
 * the admin menu's count.
 */

type Role = 'admin' | 'trial' | 'pro' | 'influencer';
let t: TestApp;
let tokens: Record<Role, string>;
let ids: Record<Role, number>;

const V = '/api/v1';
const as = (role: Role) => client(t.app, tokens[role]);

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const roles: Role[] = ['admin', 'trial', 'pro', 'influencer'];
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

async function reviews(query = ''): Promise<AdminReviewsPage> {
  const res = await as('admin').get(`${V}/reviews${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as AdminReviewsPage;
}

/** Every page of GET /reviews under `query`, concatenated. */
async function allReviews(query = '', items = 100): Promise<AdminReview[]> {
  const out: AdminReview[] = [];
  for (let page = 1; ; page++) {
    const body = await reviews(`${query ? `${query}&` : ''}items=${items}&page=${page}`);
    out.push(...body.data);
    if (out.length >= body.total || body.data.length === 0) {
      expect(out).toHaveLength(body.total);
      return out;
    }
  }
}

async function countReviews(where: { author_type?: 'business' | 'influencer'; rating?: number } = {}) {
  let q = t.app.ctx.db.selectFrom('reviews').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.author_type) q = q.where('author_type', '=', where.author_type);
  if (where.rating) q = q.where('rating', '=', where.rating);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

async function auditRows(action: string, subjectId?: number) {
  let q = t.app.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (subjectId !== undefined) q = q.where('subject_id', '=', subjectId);
  return q.orderBy('id').execute();
}

async function profileIdOf(userId: number): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('influencer_profiles')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The average of a user's visible reviews by the other side, rounded to 2 places (null when none). */
async function expectedRating(subjectUserId: number, authorType: 'business' | 'influencer') {
  const rows = await t.app.ctx.db
    .selectFrom('reviews')
    .select('rating')
    .where('subject_user_id', '=', subjectUserId)
    .where('author_type', '=', authorType)
    .where('status', '=', 'visible')
    .execute();
  if (!rows.length) return null;
  return Math.round((rows.reduce((sum, r) => sum + r.rating, 0) / rows.length) * 100) / 100;
}

/** The demo review Peak Outdoor Co. (pro@) wrote about Isabella (influencer@). */
async function peakOnIsabella(): Promise<AdminReview> {
  const found = (await allReviews('search=isabella&direction=business_to_influencer')).filter(
    (r) => r.author.user_id === ids.pro && r.subject.user_id === ids.influencer,
  );
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('access', () => {
  it('refuses both endpoints without a token (401) and to businesses and influencers (403)', async () => {
    const review = await peakOnIsabella();
    const hiddenBefore = (await auditRows('review.hidden')).length;
    const calls: ['GET' | 'PATCH', string, object?][] = [
      ['GET', `${V}/reviews`],
      ['GET', `${V}/reviews?status=hidden&direction=business_to_influencer&rating=5&search=a`],
      ['PATCH', `${V}/reviews/${review.id}`, { status: 'hidden', reason: 'Spam' }],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const role of ['trial', 'pro', 'influencer'] as const) {
        const reply = method === 'GET' ? await as(role).get(url) : await as(role).patch(url, body);
        expect(reply.status, `${method} ${url} as ${role}`).toBe(403);
        expect(reply.body.error?.code).toBe('forbidden');
      }
    }
    // The role is checked before the request is validated: a business learns nothing from a 400.
    expect((await as('pro').get(`${V}/reviews?sortBy=password`)).status).toBe(403);
    expect((await as('influencer').patch(`${V}/reviews/${review.id}`, { status: 'gone' })).status).toBe(403);
    // Nothing changed.
    expect((await peakOnIsabella()).status).toBe('visible');
    expect(await auditRows('review.hidden')).toHaveLength(hiddenBefore);
  });
});

describe('GET /reviews', () => {
  it('lists every review, newest first, with both sides, the campaign and what the admin may do', async () => {
    const first = await reviews();
    expect(first.total).toBe(await countReviews());
    expect(first.total).toBeGreaterThan(40);
    expect(first.data).toHaveLength(10);
    const every = await allReviews();
    for (let i = 1; i < every.length; i++) {
      const [a, b] = [every[i - 1]!, every[i]!];
      expect(a.created_at >= b.created_at, `${a.id} before ${b.id}`).toBe(true);
      if (a.created_at === b.created_at) expect(a.id).toBeGreaterThan(b.id);
    }
    const review = await peakOnIsabella();
    expect(review).toMatchObject({
      direction: 'business_to_influencer',
      author: { user_id: ids.pro, type: 'business', name: 'Peak Outdoor Co.' },
      subject: { user_id: ids.influencer, type: 'influencer', name: 'Isabella Reyes', rating: 5 },
      campaign: { title: 'Ultralight Tent Field Test' },
      rating: 5,
      status: 'visible',
      moderation: null,
      abilities: { hide: true, show: false },
    });
    expect(review.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Whitelisted: no emails or internal columns leave the server.
    const keys = JSON.stringify(every);
    expect(keys).not.toContain('@reach.local');
    expect(keys).not.toContain('moderated_by');
  });

  it("shows the demo's hidden review with who hid it and why; its influencer's rating leaves it out", async () => {
    const [hidden] = (await reviews('status=hidden')).data;
    expect(hidden).toMatchObject({
      direction: 'business_to_influencer',
      status: 'hidden',
      moderation: {
        status: 'hidden',
        by: { id: ids.admin, name: 'Ada Admin' },
        reason: 'Disputed: the shipment reached the creator two weeks late, so the delay was not theirs.',
      },
      abilities: { hide: false, show: true },
    });
    expect(hidden!.subject.rating).toBe(await expectedRating(hidden!.subject.user_id, 'business'));
    const profile = (await as('pro').get(`${V}/influencer/${await profileIdOf(hidden!.subject.user_id)}`))
      .body as unknown as InfluencerPublicProfile;
    expect(profile.rating).toBe(hidden!.subject.rating);
    expect(profile.reviews.map((r) => r.id)).not.toContain(hidden!.id);
  });

  it('pages in SQL: pages join up without gaps or repeats, past the end is empty', async () => {
    const filter = 'direction=influencer_to_business';
    const whole = await allReviews(filter, 100);
    const paged = await allReviews(filter, 7);
    expect(paged.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    expect(new Set(paged.map((r) => r.id)).size).toBe(paged.length);
    const beyond = await reviews(`${filter}&items=7&page=${Math.ceil(whole.length / 7) + 1}`);
    expect(beyond).toEqual({ data: [], total: whole.length });
  });

  it('filters by direction, rating and visibility, and combines them', async () => {
    const byBusinesses = await allReviews('direction=business_to_influencer');
    expect(byBusinesses).toHaveLength(await countReviews({ author_type: 'business' }));
    expect(byBusinesses.every((r) => r.author.type === 'business' && r.subject.type === 'influencer')).toBe(
      true,
    );
    const byInfluencers = await allReviews('direction=influencer_to_business');
    expect(byInfluencers).toHaveLength(await countReviews({ author_type: 'influencer' }));
    expect(byInfluencers.every((r) => r.direction === 'influencer_to_business')).toBe(true);
    expect(byBusinesses.length + byInfluencers.length).toBe(await countReviews());

    for (const stars of [1, 2, 3, 4, 5]) {
      const rated = await allReviews(`rating=${stars}`);
      expect(rated, `${stars} stars`).toHaveLength(await countReviews({ rating: stars }));
      expect(rated.every((r) => r.rating === stars)).toBe(true);
    }
    const both = await allReviews('direction=business_to_influencer&rating=4');
    expect(both).toHaveLength(byBusinesses.filter((r) => r.rating === 4).length);
    const visible = await allReviews('status=visible');
    const hidden = await allReviews('status=hidden');
    expect(visible.every((r) => r.status === 'visible')).toBe(true);
    expect(hidden.every((r) => r.status === 'hidden')).toBe(true);
    expect(visible.length + hidden.length).toBe(await countReviews());
    expect(hidden).toHaveLength(1);
  });

  it('searches names on both sides, the campaign title and the text; wildcards are literal', async () => {
    const isabella = await allReviews('search=ISABELLA');
    expect(isabella.length).toBeGreaterThanOrEqual(2);
    expect(
      isabella.every((r) => r.author.name.includes('Isabella') || r.subject.name.includes('Isabella')),
    ).toBe(true);
    // Both ways: Peak about her, and her about Peak.
    expect(isabella.map((r) => r.direction).sort()).toEqual(
      expect.arrayContaining(['business_to_influencer', 'influencer_to_business']),
    );

    const tent = await allReviews('search=ultralight tent');
    expect(tent.length).toBeGreaterThan(0);
    expect(tent.every((r) => r.campaign.title === 'Ultralight Tent Field Test')).toBe(true);

    const slipped = await allReviews('search=deadlines slipped');
    expect(slipped.length).toBeGreaterThan(0);
    expect(slipped.every((r) => r.body.includes('deadlines slipped'))).toBe(true);
    expect(slipped.every((r) => r.rating === 3)).toBe(true);

    const peakOnly = await allReviews('search=peak outdoor&direction=influencer_to_business&rating=5');
    expect(peakOnly.length).toBeGreaterThan(0);
    expect(peakOnly.every((r) => r.subject.name === 'Peak Outdoor Co.' && r.rating === 5)).toBe(true);

    expect((await reviews('search=%25')).total).toBe(0);
    expect((await reviews('search=_')).total).toBe(0);
    expect((await reviews('search=')).total).toBe(await countReviews());
  });

  it('sorts by every key both ways, in SQL, with the id breaking ties', async () => {
    const firstLetter = (s: string | null) => (s ?? '').trim().toLowerCase().charAt(0);
    const value: Record<ReviewSortKey, (r: AdminReview) => string | number> = {
      created_at: (r) => r.created_at,
      rating: (r) => r.rating,
      // Names compare by their first letter: whole-string order depends on the server's collation.
      author: (r) => firstLetter(r.author.name),
      subject: (r) => firstLetter(r.subject.name),
      campaign: (r) => firstLetter(r.campaign.title),
      direction: (r) => ['business_to_influencer', 'influencer_to_business'].indexOf(r.direction),
      status: (r) => (r.status === 'visible' ? 0 : 1),
    };
    for (const key of Object.keys(value) as ReviewSortKey[]) {
      for (const dir of ['asc', 'desc'] as const) {
        const rows = await allReviews(`sortBy=${key}&sortDesc=${dir}`);
        const sign = dir === 'asc' ? 1 : -1;
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [value[key](rows[i - 1]!), value[key](rows[i]!)];
          expect(a === b || (a < b ? sign === 1 : sign === -1), `${key} ${dir} at ${i}: ${a} / ${b}`).toBe(
            true,
          );
          if (key === 'rating' || key === 'direction' || key === 'status') {
            if (a === b)
              expect(sign * (rows[i]!.id - rows[i - 1]!.id), `${key} ${dir} tie`).toBeGreaterThan(0);
          }
        }
      }
    }
    // The two directions of the same key are each other's reverse (ids break ties the same way).
    const up = await allReviews('sortBy=rating&sortDesc=asc');
    const down = await allReviews('sortBy=rating&sortDesc=desc');
    expect(down.map((r) => r.id)).toEqual(up.map((r) => r.id).reverse());
  });

  it('refuses an unknown sort key, a bad direction, rating or page with 400', async () => {
    for (const query of [
      'sortBy=password',
      'sortBy=author_email',
      'sortDesc=up',
      'direction=sideways',
      'rating=6',
      'rating=0',
      'rating=2.5',
      'status=deleted',
      'items=0',
      'items=1000',
      'page=0',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await as('admin').get(`${V}/reviews?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error?.code, query).toBe('validation');
    }
    const rating = await as('admin').get(`${V}/reviews?rating=9`);
    expect(rating.body.error?.fields?.rating).toBe(API_MESSAGE.reviewRatingRange);
  });
});

describe('PATCH /reviews/{id}', () => {
  it('hides a review with a reason: rating, public profile, directory, audit log and author follow; then shows it', async () => {
    const review = await peakOnIsabella();
    const isabella = await profileIdOf(ids.influencer);
    const profile = async () =>
      (await as('trial').get(`${V}/influencer/${isabella}`)).body as unknown as InfluencerPublicProfile;
    const before = await profile();
    expect(before.rating).toBe(await expectedRating(ids.influencer, 'business'));
    expect(before.reviews.map((r) => r.id)).toContain(review.id);
    const menuBefore = (await as('admin').get(`${V}/dashboard/admin/menu`)).body.reviews;

    const hidden = await as('admin').patch(`${V}/reviews/${review.id}`, {
      status: 'hidden',
      reason: '  Names the influencer’s home address  ',
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const after = await expectedRating(ids.influencer, 'business');
    expect(after).not.toBe(before.rating);
    expect(hidden.body).toMatchObject({
      id: review.id,
      status: 'hidden',
      subject: { user_id: ids.influencer, rating: after },
      moderation: {
        status: 'hidden',
        by: { id: ids.admin, name: 'Ada Admin' },
        reason: 'Names the influencer’s home address',
      },
      abilities: { hide: false, show: true },
    });

    // The public profile drops it and shows the new average; so does the directory.
    const now = await profile();
    expect(now.rating).toBe(after);
    expect(now.reviews.map((r) => r.id)).not.toContain(review.id);
    expect(now.reviews_count).toBe(before.reviews_count - 1);
    const listed = (await as('trial').get(`${V}/influencers?name=Isabella Reyes`)).body.data as {
      id: number;
      rating: number | null;
    }[];
    expect(listed.find((i) => i.id === isabella)?.rating).toBe(after);

    // The audit row holds who, why and what changed.
    const audit = await auditRows('review.hidden', review.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: ids.admin, subject_type: 'review' });
    expect(audit[0]!.data).toEqual({
      reason: 'Names the influencer’s home address',
      from: 'visible',
      to: 'hidden',
      subject_user_id: ids.influencer,
      rating_before: before.rating,
      rating_after: after,
    });

    // The author is told (without the reason) and still sees their review, marked hidden.
    const notes = (await as('pro').get(`${V}/my/notifications/${ids.pro}`)).body.data as {
      body: string;
      link: string | null;
    }[];
    expect(notes[0]).toMatchObject({
      body: 'The REACH team hid your review of Isabella Reyes ("Ultralight Tent Field Test"). It no longer shows on their profile or counts toward their rating.',
      link: `/business/connections/${review.connection_id}`,
    });
    const detail = (await as('pro').get(`${V}/connection/${review.connection_id}`)).body as {
      reviews: { mine: { id: number; status: string } | null };
    };
    expect(detail.reviews.mine).toMatchObject({ id: review.id, status: 'hidden' });

    // The list finds it under Hidden; the menu count (every review) does not move.
    const hiddenList = await reviews('status=hidden');
    expect(hiddenList.data.map((r) => r.id)).toContain(review.id);
    expect(hiddenList.total).toBe(2);
    const menu = (await as('admin').get(`${V}/dashboard/admin/menu`)).body.reviews;
    expect(menu).toBe(menuBefore);
    expect(menu).toBe((await reviews()).total);

    // Hiding it twice is refused and writes nothing.
    const again = await as('admin').patch(`${V}/reviews/${review.id}`, { status: 'hidden', reason: 'Again' });
    expect([again.status, again.body.error?.message]).toEqual([409, API_MESSAGE.reviewAlreadyHidden]);
    expect(await auditRows('review.hidden', review.id)).toHaveLength(1);

    // Shown again: everything comes back.
    const shown = await as('admin').patch(`${V}/reviews/${review.id}`, {
      status: 'visible',
      reason: 'The address was a public store',
    });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      status: 'visible',
      subject: { rating: before.rating },
      moderation: { status: 'visible', reason: 'The address was a public store' },
      abilities: { hide: true, show: false },
    });
    const restored = await profile();
    expect(restored.rating).toBe(before.rating);
    expect(restored.reviews.map((r) => r.id)).toContain(review.id);
    expect((await auditRows('review.shown', review.id))[0]!.data).toMatchObject({
      reason: 'The address was a public store',
      from: 'hidden',
      to: 'visible',
      rating_before: after,
      rating_after: before.rating,
    });
    const shownAgain = await as('admin').patch(`${V}/reviews/${review.id}`, {
      status: 'visible',
      reason: 'x',
    });
    expect([shownAgain.status, shownAgain.body.error?.message]).toEqual([
      409,
      API_MESSAGE.reviewAlreadyVisible,
    ]);
    expect((await as('pro').get(`${V}/my/notifications/${ids.pro}`)).body.data).toMatchObject([
      { body: 'Your review of Isabella Reyes ("Ultralight Tent Field Test") is visible again.' },
      {},
    ]);
  });

  it("hides an influencer's review of a business: the business's rating follows, the influencer's does not", async () => {
    const review = (await allReviews('search=isabella&direction=influencer_to_business')).find(
      (r) => r.author.user_id === ids.influencer,
    )!;
    expect(review.subject).toMatchObject({ user_id: ids.pro, name: 'Peak Outdoor Co.' });
    const businessId = (
      await t.app.ctx.db
        .selectFrom('businesses')
        .select('id')
        .where('user_id', '=', ids.pro)
        .executeTakeFirstOrThrow()
    ).id;
    const business = async () =>
      (await as('influencer').get(`${V}/business/${businessId}`)).body as unknown as BusinessPublicProfile;
    const before = await business();
    const influencerRating = await expectedRating(ids.influencer, 'business');

    const res = await as('admin').patch(`${V}/reviews/${review.id}`, {
      status: 'hidden',
      reason: 'Off-topic',
    });
    expect(res.status).toBe(200);
    const after = await expectedRating(ids.pro, 'influencer');
    expect(after).not.toBe(before.rating);
    expect(res.body).toMatchObject({ subject: { rating: after } });
    const now = await business();
    expect(now.rating).toBe(after);
    expect(now.reviews.map((r) => r.id)).not.toContain(review.id);
    expect(await expectedRating(ids.influencer, 'business')).toBe(influencerRating);
    expect((await auditRows('review.hidden', review.id))[0]!.data).toEqual({
      reason: 'Off-topic',
      from: 'visible',
      to: 'hidden',
      subject_user_id: ids.pro,
    });
    const notes = (await as('influencer').get(`${V}/my/notifications/${ids.influencer}`)).body.data as {
      body: string;
      link: string;
    }[];
    expect(notes[0]).toMatchObject({
      body: 'The REACH team hid your review of Peak Outdoor Co. ("Ultralight Tent Field Test"). It no longer shows on their profile or counts toward their rating.',
      link: `/influencer/connections/${review.connection_id}`,
    });
    await as('admin').patch(`${V}/reviews/${review.id}`, { status: 'visible', reason: 'Restored' });
    expect((await business()).rating).toBe(before.rating);
  });

  it('needs a reason and a known status; bad input changes nothing', async () => {
    const review = await peakOnIsabella();
    const hiddenBefore = (await auditRows('review.hidden')).length;
    const cases: [body: object, field: string, message?: string][] = [
      [{ status: 'hidden' }, 'reason', API_MESSAGE.reviewReasonRequired],
      [{ status: 'hidden', reason: '   ' }, 'reason', API_MESSAGE.reviewReasonRequired],
      [{ status: 'hidden', reason: 'x'.repeat(501) }, 'reason', 'The reason can be at most 500 characters.'],
      [{ status: 'hidden', reason: 'a\u0000b' }, 'reason'],
      [{ status: 'gone', reason: 'Spam' }, 'status', 'Choose visible or hidden.'],
      [{ reason: 'Spam' }, 'status'],
    ];
    for (const [body, field, message] of cases) {
      const res = await as('admin').patch(`${V}/reviews/${review.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error?.fields ?? {}), JSON.stringify(body)).toContain(field);
      if (message) expect(res.body.error?.fields?.[field]).toBe(message);
    }
    expect((await peakOnIsabella()).status).toBe('visible');
    expect(await auditRows('review.hidden')).toHaveLength(hiddenBefore);

    const missing = await as('admin').patch(`${V}/reviews/999999`, { status: 'hidden', reason: 'Spam' });
    expect([missing.status, missing.body.error?.message]).toEqual([404, API_MESSAGE.reviewNotFound]);
    expect((await as('admin').patch(`${V}/reviews/abc`, { status: 'hidden', reason: 'Spam' })).status).toBe(
      400,
    );
  });

  it('keeps the admin menu count equal to the list total as reviews are hidden', async () => {
    const menu = async () => (await as('admin').get(`${V}/dashboard/admin/menu`)).body.reviews as number;
    const start = await menu();
    expect(start).toBe((await reviews()).total);
    const hiddenAtStart = (await reviews('status=hidden')).total;
    const some = (await reviews('direction=business_to_influencer&rating=3&items=1')).data[0]!;
    await as('admin').patch(`${V}/reviews/${some.id}`, { status: 'hidden', reason: 'Test' });
    expect(await menu()).toBe(start);
    expect((await reviews()).total).toBe(start);
    expect((await reviews('status=hidden')).total).toBe(hiddenAtStart + 1);
    expect((await reviews('status=visible')).total).toBe(start - hiddenAtStart - 1);
  });
});
