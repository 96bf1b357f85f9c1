import type { ConnectionStatus } from '@reach/contract/connections';
import { connectionsApi } from '@reach/contract/endpoints/connections';
import { influencersApi } from '@reach/contract/endpoints/directory';
import { adminUsersApi } from '@reach/contract/endpoints/users';
import { type OrderByItemBuilder, type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/actor';
import { compiledSerializer } from '../src/lib/compiled-serializer';
import { presentConnection } from '../src/modules/connections/presenter';
import { connectionQuery, influencerNameSql } from '../src/modules/connections/queries';
import { CONNECTION_STATUS_ORDER } from '../src/modules/connections/service';
import { directoryBase, presentListItem, selectListColumns, today } from '../src/modules/influencers/lists';
import { ADMIN_USER_COLUMNS, adminUsers, latestSubscriptions } from '../src/modules/users/lists';
import { presentAdminUser } from '../src/modules/users/presenter';
import { countStatements, createTestApp, loginAs, type TestApp } from './harness';

/*
 * Issue 17 (list endpoints ≥ 0.1× the bare route): GET /influencers, /my/connections and /users read their
 * pages through narrower statements (the total counted beside the page instead of `count(*) over ()`, the
 * page's rows joined by key). Each answer is compared, byte for byte, with the page read the plain way here
 * (every join, then sort, cut and count), over every sort, both directions, a page in the middle, the last and
 * one past the end, and some filters; and each is one statement besides the caller's.
 */

const V = '/api/v1';
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.app.ctx.db;
const DIRECTIONS = ['asc', 'desc'] as const;

/** The answer to a GET and the statements it sent, but the job runner's polls (they run beside the request). */
const counted = (url: string, who: string) =>
  countStatements(t.app, url, tokens[who], { ignore: /update jobs/i });

async function callerOf(email: string): Promise<Actor> {
  const user = await db()
    .selectFrom('users')
    .select(['id', 'type'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  if (user.type === 'business') {
    const b = await db()
      .selectFrom('businesses')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { type: 'business', userId: user.id, businessId: b.id } as Actor;
  }
  return { type: user.type, userId: user.id } as Actor;
}

const order = (desc: string) => (ob: OrderByItemBuilder) =>
  (desc === 'desc' ? ob.desc() : ob.asc()).nullsLast();

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  for (const email of ['pro@reach.local', 'influencer@reach.local', 'admin@reach.local'])
    tokens[email] = await loginAs(t.app, email);
}, 600_000);
afterAll(() => t?.close());

describe('GET /influencers', () => {
  const serialize = compiledSerializer(influencersApi.list.response);

  /** The directory page read the plain way: every listed profile joined, sorted, cut; the total counted. */
  async function plainPage(
    actor: Actor,
    sortBy: string,
    desc: string,
    page: number,
    items: number,
    tag?: number,
  ) {
    const ctx = t.app.ctx;
    const day = today(ctx);
    const sort: Record<string, RawBuilder<unknown>> = {
      first_name: sql`p.directory_first_name`,
      last_name: sql`p.directory_last_name`,
      rating: sql`p.rating`,
      age: sql`extract(year from age(${day}::date, p.birthdate))::int`,
      city: sql`lower(p.city)`,
      created_at: sql`p.created_at`,
    };
    const filtered = directoryBase(ctx.db).$if(tag !== undefined, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('influencer_interests as ti')
            .select('ti.influencer_id')
            .whereRef('ti.influencer_id', '=', 'p.id')
            .where('ti.interest_id', '=', tag as number),
        ),
      ),
    );
    const rows = await selectListColumns(filtered, actor.type === 'business' ? actor.businessId : null, day)
      .orderBy(sort[sortBy] as RawBuilder<unknown>, order(desc))
      .orderBy('p.id', desc === 'desc' ? 'desc' : 'asc')
      .limit(items)
      .offset((page - 1) * items)
      .execute();
    const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return serialize({ data: rows.map((r) => presentListItem(ctx, r)), total: Number(n) });
  }

  it('answers the bytes of the plain page, in one statement besides the caller', async () => {
    const actor = await callerOf('pro@reach.local');
    const listed = Number(
      (
        await directoryBase(db())
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(listed).toBeGreaterThan(40);
    const last = Math.ceil(listed / 20);
    for (const sortBy of ['first_name', 'last_name', 'rating', 'age', 'city', 'created_at'])
      for (const desc of DIRECTIONS)
        for (const page of [1, 2, last, last + 1]) {
          const url = `${V}/influencers?items=20&sortBy=${sortBy}&sortDesc=${desc}&page=${page}`;
          const res = await counted(url, 'pro@reach.local');
          expect(res.status, url).toBe(200);
          expect(res.payload, url).toBe(await plainPage(actor, sortBy, desc, page, 20));
          // The caller's and the page's (past the end: and the count's).
          expect(res.statements, url).toBe(page > last ? 3 : 2);
        }
    const tag = await db()
      .selectFrom('influencer_interests')
      .select('interest_id')
      .groupBy('interest_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    for (const page of [1, 2]) {
      const url = `${V}/influencers?items=3&tag=${tag.interest_id}&page=${page}`;
      const res = await counted(url, 'pro@reach.local');
      expect(res.payload, url).toBe(await plainPage(actor, 'first_name', 'asc', page, 3, tag.interest_id));
    }
    // An admin (no relationship with anyone).
    const admin = await callerOf('admin@reach.local');
    const res = await counted(
      `${V}/influencers?items=20&sortBy=rating&sortDesc=desc&page=2`,
      'admin@reach.local',
    );
    expect(res.payload).toBe(await plainPage(admin, 'rating', 'desc', 2, 20));
  });
});

describe('GET /my/connections', () => {
  const serialize = compiledSerializer(connectionsApi.list.response);
  const STATUSES = ['invited', 'applied', 'accepted', 'declined', 'completed', 'cancelled'] as const;

  /** The page read the plain way: the connection view of every visible connection, sorted, cut; counted. */
  async function plainPage(
    actor: Actor,
    sortBy: string,
    desc: string,
    page: number,
    items: number,
    status?: string,
  ) {
    const ctx = t.app.ctx;
    const sort: Record<string, RawBuilder<unknown>> = {
      name: actor.type === 'influencer' ? sql`lower(b.business_name)` : sql`lower(${influencerNameSql})`,
      campaign: sql`lower(c.title)`,
      status: CONNECTION_STATUS_ORDER,
      created_at: sql`cn.created_at`,
      updated_at: sql`cn.updated_at`,
      end_date: sql`c.end_date`,
    };
    const own = (q: ReturnType<typeof connectionQuery>) =>
      actor.type === 'business'
        ? q.where('cn.business_id', '=', actor.businessId)
        : q.where('cn.influencer_user_id', '=', actor.userId);
    const all = await own(connectionQuery(ctx.db, actor.userId)).execute();
    const counts = Object.fromEntries(
      STATUSES.map((s) => [s, all.filter((r) => r.status === s).length]),
    ) as Record<ConnectionStatus, number>;
    const rows = await own(connectionQuery(ctx.db, actor.userId))
      .$if(status !== undefined, (q) => q.where('cn.status', '=', status as ConnectionStatus))
      .orderBy(sort[sortBy] as RawBuilder<unknown>, order(desc))
      .orderBy('cn.id', desc === 'desc' ? 'desc' : 'asc')
      .limit(items)
      .offset((page - 1) * items)
      .execute();
    const total = status ? counts[status as ConnectionStatus] : all.length;
    return serialize({ data: rows.map((r) => presentConnection(ctx, actor, r)), total, counts });
  }

  it('answers the bytes of the plain page to either side, in one statement besides the caller', async () => {
    for (const email of ['pro@reach.local', 'influencer@reach.local']) {
      const actor = await callerOf(email);
      for (const sortBy of ['name', 'campaign', 'status', 'created_at', 'updated_at', 'end_date'])
        for (const desc of DIRECTIONS)
          for (const page of [1, 2, 5]) {
            const url = `${V}/my/connections?items=4&sortBy=${sortBy}&sortDesc=${desc}&page=${page}`;
            const res = await counted(url, email);
            expect(res.status, url).toBe(200);
            const expected = await plainPage(actor, sortBy, desc, page, 4);
            expect(res.payload, url).toBe(expected);
            const empty = (JSON.parse(expected) as { data: unknown[] }).data.length === 0;
            // The caller's and the page's (an empty page: and the counts').
            expect(res.statements, url).toBe(empty ? 3 : 2);
          }
      for (const status of ['accepted', 'completed', 'invited'])
        for (const page of [1, 2]) {
          const url = `${V}/my/connections?items=3&status=${status}&page=${page}`;
          const res = await counted(url, email);
          expect(res.payload, url).toBe(await plainPage(actor, 'name', 'asc', page, 3, status));
        }
    }
  });
});

describe('GET /users', () => {
  const serialize = compiledSerializer(adminUsersApi.list.response);

  /** The admin's page read the plain way: every account with its business, sorted, cut; counted. */
  async function plainPage(sortBy: string, desc: string, page: number, items: number, type?: 'business') {
    const ctx = t.app.ctx;
    const sort: Record<string, RawBuilder<unknown>> = {
      name: sql`lower(coalesce(nullif(b.business_name, ''), u.given_name || ' ' || u.family_name))`,
      email: sql`lower(u.email)`,
      type: sql`u.type`,
      status: sql`u.status`,
      created_at: sql`u.created_at`,
      credits: sql`u.credits`,
    };
    const filtered = adminUsers(ctx).$if(type !== undefined, (q) => q.where('u.type', '=', 'business'));
    const rows = await filtered
      .select(ADMIN_USER_COLUMNS)
      .orderBy(sort[sortBy] as RawBuilder<unknown>, order(desc))
      .orderBy('u.id', desc === 'desc' ? 'desc' : 'asc')
      .limit(items)
      .offset((page - 1) * items)
      .execute();
    const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const subs = await latestSubscriptions(
      ctx,
      rows.filter((r) => r.type === 'business').map((r) => r.id),
    );
    return serialize({
      data: rows.map((r) => presentAdminUser(ctx, r, r.type === 'business' ? subs.get(r.id) : undefined)),
      total: Number(n),
    });
  }

  it('answers the bytes of the plain page, in one statement besides the caller', async () => {
    const accounts = Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const last = Math.ceil(accounts / 20);
    // last_seen_at moves with the admin's own requests; the other sorts are compared.
    for (const sortBy of ['name', 'email', 'type', 'status', 'created_at', 'credits'])
      for (const desc of DIRECTIONS)
        for (const page of [1, 2, last, last + 1]) {
          const url = `${V}/users?items=20&sortBy=${sortBy}&sortDesc=${desc}&page=${page}`;
          const res = await counted(url, 'admin@reach.local');
          expect(res.status, url).toBe(200);
          expect(res.payload, url).toBe(await plainPage(sortBy, desc, page, 20));
          expect(res.statements, url).toBe(page > last ? 3 : 2);
        }
    const url = `${V}/users?items=2&type=business&page=1`;
    expect((await counted(url, 'admin@reach.local')).payload).toBe(
      await plainPage('name', 'asc', 1, 2, 'business'),
    );
  });
});
