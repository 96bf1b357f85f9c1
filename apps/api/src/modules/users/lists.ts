import type { UserSortKey, UsersPage, usersQuery } from '@reach/contract/admin-users';
import { type OrderByItemBuilder, type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SubscriptionRow } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { pageTotal } from '../../lib/paged';
import { type AdminUserRow, presentAdminUser } from './presenter';
import { LATEST_SUBSCRIPTION_COLUMNS, latestSubscription } from './queries';

type Query = z.output<typeof usersQuery>;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The name shown for a user: the business name for a business (when set), else the person's name. */
export const DISPLAY_NAME = sql<string>`coalesce(nullif(b.business_name, ''), u.given_name || ' ' || u.family_name)`;

const SORT_EXPRESSIONS: Record<UserSortKey, RawBuilder<unknown>> = {
  name: sql`lower(coalesce(nullif(b.business_name, ''), u.given_name || ' ' || u.family_name))`,
  email: sql`lower(u.email)`,
  type: sql`u.type`,
  status: sql`u.status`,
  created_at: sql`u.created_at`,
  last_seen_at: sql`u.last_seen_at`,
  credits: sql`u.credits`,
};

/** users joined with businesses (for the name), and the columns the admin list and drawer read. */
export function adminUsers(ctx: AppContext) {
  return ctx.db.selectFrom('users as u').leftJoin('businesses as b', 'b.user_id', 'u.id');
}
/** The user's columns of a row of the admin list and drawer (the list reads them by primary key for its page's rows). */
const PAGE_USER_COLUMNS = [
  'u.id',
  'u.type',
  'u.email',
  'u.username',
  'u.given_name',
  'u.family_name',
  'u.status',
  'u.avatar',
  'u.avatar_type',
  'u.credits',
  'u.email_confirmed_at',
  'u.last_seen_at',
  'u.created_at',
] as const;
export const ADMIN_USER_COLUMNS = [
  ...PAGE_USER_COLUMNS,
  'b.id as business_id',
  'b.business_name',
  DISPLAY_NAME.as('name'),
] as const;

/** The list's filter values (a blank search is none); what is set is the statement's shape. */
type Filters = { type: Query['type']; status: Query['status']; pattern: string | undefined };

const filtersOf = (query: Query): Filters => ({
  type: query.type || undefined,
  status: query.status || undefined,
  pattern: query.userSearch ? like(query.userSearch) : undefined,
});

function filtered(ctx: AppContext, f: Filters) {
  let q = adminUsers(ctx);
  if (f.type) q = q.where('u.type', '=', f.type);
  if (f.status) q = q.where('u.status', '=', f.status);
  const { pattern } = f;
  if (pattern) {
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`u.given_name || ' ' || u.family_name`, 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb('b.business_name', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

/** The list's statements, built and compiled once per shape (filters set, sort, direction, page size). */
const statements = new StatementShapes();

/** The latest subscription of each of these business users, by user id. */
export async function latestSubscriptions(
  ctx: AppContext,
  userIds: readonly number[],
): Promise<Map<number, SubscriptionRow>> {
  if (!userIds.length) return new Map();
  const { db } = ctx;
  const rows = await statements.execute(db, 'latest-subscriptions', { userIds: [...userIds] }, (v) =>
    db
      .selectFrom('subscriptions')
      .selectAll()
      .distinctOn('user_id')
      .where('user_id', 'in', v.userIds)
      .orderBy('user_id')
      .orderBy('id', 'desc'),
  );
  return new Map(rows.map((r) => [r.user_id, r]));
}

/**
 * GET /users: one page of accounts, searched, filtered, sorted and paged in SQL, with the total. One statement:
 * the page is cut over the filtered accounts' ids and sort keys; the page's users, businesses and latest
 * subscriptions are then read by key (laterally, held by `OFFSET 0`: without statistics PostgreSQL would hash
 * every user to join the page's 20 rows); the total is a count of the filtered accounts in the select list, run
 * once, rather than `count(*) over ()` carrying every account's columns through the sort. A count runs on its
 * own only for an empty page past the first.
 */
export async function listUsers(ctx: AppContext, query: Query): Promise<UsersPage> {
  const { db } = ctx;
  const filters = filtersOf(query);
  const direction = query.sortDesc;
  const order = (ob: OrderByItemBuilder) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast();
  const rows = await statements.execute(
    db,
    `page|${query.sortBy}|${direction}|${query.items}|${query.page}`,
    filters,
    (f) => {
      const base = filtered(ctx, f);
      const page = base
        .select(['u.id', SORT_EXPRESSIONS[query.sortBy].as('sort_key')])
        .orderBy(sql`sort_key`, order)
        .orderBy('u.id', direction)
        // Literal, not parameters, so that PostgreSQL keeps one generic plan for the prepared statement
        // (see campaigns/lists.ts).
        .limit(sql.lit(query.items))
        .offset(sql.lit((query.page - 1) * query.items));
      return db
        .selectFrom(page.as('pg'))
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('users as u')
              .select(PAGE_USER_COLUMNS)
              .whereRef('u.id', '=', 'pg.id')
              .offset(sql.lit(0))
              .as('u'),
          (join) => join.onTrue(),
        )
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('businesses as b')
              .select(['b.id', 'b.business_name'])
              .whereRef('b.user_id', '=', 'pg.id')
              .offset(sql.lit(0))
              .as('b'),
          (join) => join.onTrue(),
        )
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('subscriptions as s')
              .select(['s.id', 's.plan', 's.status', 's.trial_ends_at', 's.current_period_end'])
              .whereRef('s.user_id', '=', 'pg.id')
              // A value, not a literal: a statement with no parameter at all is sent unprepared (db/prepared.ts),
              // and the unfiltered list would have none.
              .where(sql<string>`u.type`, '=', 'business')
              .orderBy('s.id', 'desc')
              .limit(sql.lit(1))
              .as('sub'),
          (join) => join.onTrue(),
        )
        .select(ADMIN_USER_COLUMNS)
        .select(LATEST_SUBSCRIPTION_COLUMNS)
        .select(sql<number | string>`(${base.select(sql`count(*)`.as('n'))})`.as('full_count'))
        .orderBy(sql`pg.sort_key`, order)
        .orderBy('pg.id', direction);
    },
  );
  const total = await pageTotal(rows, query.page, async () => {
    const [counted] = await statements.execute(db, 'total', filters, (f) =>
      filtered(ctx, f).select((eb) => eb.fn.countAll<number>().as('n')),
    );
    return counted?.n ?? 0;
  });
  return {
    data: rows.map((r) => presentAdminUser(ctx, r as AdminUserRow, latestSubscription(r))),
    total,
  };
}
