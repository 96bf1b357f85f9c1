import { TRIAL_DAYS } from '@reach/contract/constants';
import type {
  BusinessDashboard,
  BusinessResults,
  Dashboard,
  PlatformPeriod,
  PlatformTotals,
} from '@reach/contract/dashboard';
import { API_MESSAGE } from '@reach/contract/messages';
import { isBusinessProfileComplete, isInfluencerProfileComplete } from '@reach/contract/profile';
import { type Expression, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Actor, BusinessActor, CallerColumns } from '../../actor';
import type { AppContext } from '../../context';
import { type CountsByKey, countsByKey } from '../../db/aggregates';
import type { UserRow } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { AppError } from '../../lib/app-error';
import { subscriptionState, trialDaysLeft } from '../../lib/subscription-state';
import { emvRatesFrom, emvRatesOf } from '../reports/service';
import { presentCurrentUser } from '../users/presenter';
import { type CurrentUserFacts, currentUserFacts } from '../users/queries';
import { getCurrentUser } from '../users/service';
import { type ActiveCampaignRow, activeCampaignsQuery, campaignResults } from './campaign-results';
import { mayReadPlatformTotals, platformPeriod, resultsBusinessOf, resultWeeks } from './policy';
import { presentBusinessResults, presentPlatformTotals } from './presenter';
import { activeApprovedPosts, businessResultRows, platformTotalRows } from './queries';

const DAY = 86_400_000;

/** The first day (UTC midnight) of a series of the last `days` days, the clock's today included. */
function seriesStart(ctx: AppContext, days: number): Date {
  const since = new Date(ctx.now().getTime() - (days - 1) * DAY);
  since.setUTCHours(0, 0, 0, 0);
  return since;
}

/** `days` days from `since`, each with its value (0 for a day without rows). */
function zeroFilled(since: Date, days: number, countOn: (day: string) => number) {
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(since.getTime() + i * DAY).toISOString().slice(0, 10);
    return { date: d, value: countOn(d) };
  });
}

/** Counts per day over the last `days` days (zero-filled), from rows of `table` matching `where`. */
async function dailySeries(
  ctx: AppContext,
  table: 'users' | 'notifications' | 'page_views' | 'feedback',
  days: number,
  userId?: number,
): Promise<{ date: string; value: number }[]> {
  const since = seriesStart(ctx, days);
  const { db } = ctx;
  const rows = await statements.execute(db, `daily-${table}`, { since, userId }, (v) => {
    const q = db
      .selectFrom(table)
      .select([
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('created_at', '>=', v.since)
      .groupBy(sql`1`);
    return v.userId === undefined ? q : q.where('user_id' as never, '=', v.userId as never);
  });
  const byDay = new Map(rows.map((r) => [r.day, Number(r.n)]));
  return zeroFilled(since, days, (day) => byDay.get(day) ?? 0);
}

/** The dashboards' statements, built and compiled once per shape (the business dashboard runs a dozen). */
const statements = new StatementShapes();

async function recentNotifications(ctx: AppContext, userId: number) {
  const { db } = ctx;
  const rows = await statements.execute(db, 'recent-notifications', { userId }, (v) =>
    db
      .selectFrom('notifications')
      .select(['id', 'body', 'created_at', 'link'])
      .where('user_id', '=', v.userId)
      .orderBy('id', 'desc')
      .limit(8),
  );
  return rows.map((n) => ({ id: `n${n.id}`, text: n.body, at: n.created_at.toISOString(), link: n.link }));
}

const STATUS_VERB: Record<string, string> = {
  draft: 'created as a draft',
  active: 'is live',
  paused: 'was paused',
  completed: 'was completed',
  archived: 'was archived',
};

/** An id as a value, or as the caller statement's column (CallerColumns). */
type Id = number | Expression<number>;

/**
 * The business dashboard's counts in one statement: unread notifications, posts awaiting review, invitations and
 * applications awaiting an answer on its open (active or paused) campaigns, and its campaigns by status.
 */
function businessCountsQuery(db: AppContext['db'], v: { userId: Id; businessId: Id }) {
  const count = sql<number>`count(*)`;
  const pending = (status: 'invited' | 'applied') =>
    db
      .selectFrom('connections as cn')
      .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
      .select(count.as('n'))
      .where('c.business_id', '=', v.businessId)
      .where('c.status', 'in', ['active', 'paused'])
      .where('cn.status', '=', status);
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom('notifications')
      .select(count.as('n'))
      .where('user_id', '=', v.userId)
      .where('read', '=', 0)
      .as('unread'),
    eb
      .selectFrom('posts as po')
      .innerJoin('businesses as b', 'b.id', 'po.business_id')
      .select(count.as('n'))
      .where('b.user_id', '=', v.userId)
      .where('po.status', '=', 'submitted')
      .as('posts'),
    pending('invited').as('invitations'),
    pending('applied').as('applications'),
    eb
      .selectFrom('campaigns as c')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .select(sql<number>`count(*) filter (where c.status = 'active')`.as('n'))
      .where('b.user_id', '=', v.userId)
      .as('active'),
    eb
      .selectFrom('campaigns as c')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .select(sql<number>`count(*) filter (where c.status = 'draft')`.as('n'))
      .where('b.user_id', '=', v.userId)
      .as('drafts'),
    eb
      .selectFrom('campaigns as c')
      .innerJoin('businesses as b', 'b.id', 'c.business_id')
      .select(sql<number>`count(*) filter (where c.status <> 'archived')`.as('n'))
      .where('b.user_id', '=', v.userId)
      .as('open'),
  ]);
}

type BusinessCountsRow = Record<
  'unread' | 'posts' | 'invitations' | 'applications' | 'active' | 'drafts' | 'open',
  number | null
>;

/** The business dashboard's counts and the active campaigns it shows (JSON: their values are numbers and text). */
type BusinessFactsRow = BusinessCountsRow & { active_campaigns: ActiveCampaignRow[] };

/**
 * The business dashboard's counts and active campaigns, read by the caller's statement (its route's
 * `callerColumns`): the campaigns' pipelines are then read in the request's first round of statements.
 */
export const businessDashboardCounts: CallerColumns<BusinessFactsRow> = {
  key: 'dashboard-business',
  select: (db, ids) =>
    jsonObjectFrom(
      businessCountsQuery(db, ids).select(
        jsonArrayFrom(activeCampaignsQuery(db, ids.businessId)).as('active_campaigns'),
      ),
    ).$castTo<BusinessFactsRow | null>(),
};

/** The business dashboard's counts in a statement of their own (without the route's `callerColumns`). */
async function businessCounts(ctx: AppContext, ids: { userId: number; businessId: number }) {
  const { db } = ctx;
  const [row] = await statements.execute(db, 'business-counts', ids, (v) => businessCountsQuery(db, v));
  return row;
}

function presentBusinessCounts(row: BusinessCountsRow | null | undefined) {
  if (!row) throw new Error('the dashboard counts statement returned no row');
  return {
    unread: Number(row.unread),
    postsToReview: Number(row.posts),
    pending: { invitations: Number(row.invitations), applications: Number(row.applications) },
    active: Number(row.active),
    drafts: Number(row.drafts),
    open: Number(row.open),
  };
}

type ActivityRow = {
  kind: 'event' | 'notification';
  n: number | string;
  id: number;
  created_at: Date;
  to_status: string | null;
  campaign_id: number | null;
  title: string | null;
  body: string | null;
  link: string | null;
};

/**
 * The business dashboard's activity in one statement (two before): its latest campaign status changes
 * (by time, newest first) and its latest notifications (recentNotifications' rows), eight of each, each list in its
 * own order (`n`), shaped as those two functions shape them.
 */
async function businessActivity(ctx: AppContext, userId: number) {
  const { db } = ctx;
  // A raw statement compiles against the database it runs on.
  const rows = await statements.execute(db, 'business-activity', { userId }, (v) => ({
    compile: () =>
      sql<ActivityRow>`
      (SELECT 'event' AS kind, row_number() OVER (ORDER BY e.created_at DESC, e.id DESC) AS n, e.id, e.created_at,
              e.to_status, c.id AS campaign_id, c.title, NULL::text AS body, NULL::text AS link
         FROM campaign_status_events e
         JOIN campaigns c ON c.id = e.campaign_id
         JOIN businesses b ON b.id = c.business_id
        WHERE b.user_id = ${v.userId}
        ORDER BY e.created_at DESC, e.id DESC
        LIMIT 8)
      UNION ALL
      (SELECT 'notification', row_number() OVER (ORDER BY id DESC), id, created_at, NULL, NULL, NULL, body, link
         FROM notifications
        WHERE user_id = ${v.userId}
        ORDER BY id DESC
        LIMIT 8)`.compile(db),
  }));
  const ordered = (kind: ActivityRow['kind']) =>
    rows.filter((r) => r.kind === kind).sort((a, b) => Number(a.n) - Number(b.n));
  return {
    activity: ordered('event').map((e) => ({
      id: `c${e.id}`,
      text: `Campaign "${e.title ?? 'Untitled'}" ${STATUS_VERB[e.to_status as string] ?? e.to_status}`,
      at: e.created_at.toISOString(),
      link: `/business/campaigns/${e.campaign_id}`,
    })),
    notifications: ordered('notification').map((n) => ({
      id: `n${n.id}`,
      text: n.body as string,
      at: n.created_at.toISOString(),
      link: n.link,
    })),
  };
}

export async function businessDashboard(
  ctx: AppContext,
  user: UserRow,
  actor: BusinessActor,
  known?: CurrentUserFacts,
  knownFacts?: BusinessFactsRow | null,
): Promise<BusinessDashboard> {
  // An aggregate's order is its input's in PostgreSQL, not a promise: the list's own order restored.
  const knownActive = knownFacts?.active_campaigns.slice().sort((a, b) => b.id - a.id);
  // The user's facts hold the latest subscription (the same row as latestSubscription reads): one read of it,
  // none when the caller's statement read them (the route's `callerProfile`); the counts likewise
  // (`callerColumns`).
  const [facts, countsRow, { activity, notifications }, results] = await Promise.all([
    known ?? currentUserFacts(ctx.db, user),
    knownFacts ?? businessCounts(ctx, { userId: user.id, businessId: actor.businessId }),
    businessActivity(ctx, user.id),
    campaignResults(ctx, actor, knownActive),
  ]);
  const counts = presentBusinessCounts(countsRow);
  const { unread, postsToReview, pending } = counts;
  const campaigns = { active: counts.active, drafts: counts.drafts, open: counts.open };
  const me = presentCurrentUser(ctx, user, facts);
  const subscription = facts.type === 'business' ? facts.subscription : undefined;
  const state = subscriptionState(subscription, ctx.now());
  const daysLeft = state.metadata.trial ? trialDaysLeft(subscription?.trial_ends_at, ctx.now()) : 0;
  return {
    stats: [
      {
        key: 'credits',
        label: 'Discovery credits',
        value: me.credits,
        hint: 'Each search page costs 1 credit',
      },
      {
        key: 'plan',
        label: state.metadata.trial ? 'Trial days left' : 'Plan',
        value: state.metadata.trial ? daysLeft : state.entitled ? 1 : 0,
        hint: state.metadata.trial
          ? `${TRIAL_DAYS}-day Pro trial`
          : state.entitled
            ? `${state.metadata.plan} plan active`
            : 'Free tier',
      },
      {
        key: 'campaigns',
        label: 'Active campaigns',
        value: campaigns.active,
        hint: `${campaigns.open} open, ${campaigns.drafts} ${campaigns.drafts === 1 ? 'draft' : 'drafts'}`,
      },
      {
        key: 'posts',
        label: 'Posts to review',
        value: postsToReview,
        hint: 'Submitted, awaiting your review',
      },
      { key: 'unread', label: 'Unread notifications', value: unread, hint: null },
      {
        key: 'profile',
        label: 'Profile complete',
        value: isBusinessProfileComplete(me.business) ? 100 : 0,
        hint: '%',
      },
    ],
    attention: {
      posts_to_review: postsToReview,
      invitations_pending: pending.invitations,
      applications_pending: pending.applications,
      low_budget: results.lowBudget,
    },
    campaigns: results.campaigns,
    activity: [...activity, ...notifications].sort((a, b) => b.at.localeCompare(a.at)).slice(0, 10),
  };
}

/**
 * An influencer's dashboard figures in one statement (one round trip instead of five): unread notifications,
 * connections and posts by status, earnings from the ledger (every payment for a post) and notifications per
 * day since `since`.
 */
async function influencerFigures(ctx: AppContext, userId: number, since: Date) {
  const { db } = ctx;
  const [row] = await statements.execute(db, 'influencer-figures', { userId, since }, (v) =>
    db.selectNoFrom((eb) => [
      eb
        .selectFrom('notifications')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('user_id', '=', v.userId)
        .where('read', '=', 0)
        .as('unread'),
      countsByKey(
        db
          .selectFrom('connections')
          .select(['status', (e) => e.fn.countAll<number>().as('n')])
          .where('influencer_user_id', '=', v.userId)
          .groupBy('status'),
        'status',
      ).as('connections'),
      eb
        .selectFrom('ledger_transactions')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('amount_cents'), sql<number>`0`).as('cents'))
        .where('influencer_user_id', '=', v.userId)
        .where('kind', '=', 'post_payment')
        .as('earned'),
      countsByKey(
        db
          .selectFrom('posts')
          .select(['status', (e) => e.fn.countAll<number>().as('n')])
          .where('influencer_user_id', '=', v.userId)
          .groupBy('status'),
        'status',
      ).as('posts'),
      countsByKey(
        db
          .selectFrom('notifications')
          .select([
            sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
            (e) => e.fn.countAll<number>().as('n'),
          ])
          .where('created_at', '>=', v.since)
          .where('user_id', '=', v.userId)
          .groupBy(sql`1`),
        'day',
      ).as('days'),
    ]),
  );
  if (!row) throw new Error('the influencer dashboard statement returned no row');
  const count = (counts: CountsByKey, key: string) => Number(counts[key] ?? 0);
  return {
    unread: Number(row.unread),
    connections: {
      active: count(row.connections, 'accepted'),
      invitations: count(row.connections, 'invited'),
      completed: count(row.connections, 'completed'),
    },
    posts: {
      earnedCents: Number(row.earned ?? 0),
      approved: count(row.posts, 'approved'),
      submitted: count(row.posts, 'submitted'),
    },
    days: row.days,
  };
}

export async function influencerDashboard(
  ctx: AppContext,
  user: UserRow,
  known?: CurrentUserFacts,
): Promise<Dashboard> {
  const trendDays = 30;
  const since = seriesStart(ctx, trendDays);
  // The profile comes with the caller's statement on the route (`callerProfile`): not read a second time.
  const [me, { unread, connections, posts, days }, activity] = await Promise.all([
    getCurrentUser(ctx, user, known),
    influencerFigures(ctx, user.id, since),
    recentNotifications(ctx, user.id),
  ]);
  return {
    stats: [
      {
        key: 'profile',
        label: 'Profile complete',
        value: isInfluencerProfileComplete(me.influencer) ? 100 : 0,
        hint: '%',
      },
      {
        key: 'earnings',
        label: 'Earnings to date',
        value: posts.earnedCents,
        hint: `Paid for approved posts (${posts.approved} approved, ${posts.submitted} awaiting review)`,
        format: 'cents',
      },
      {
        key: 'active',
        label: 'Active connections',
        value: connections.active,
        hint: `${connections.completed} completed`,
      },
      { key: 'invitations', label: 'Pending invitations', value: connections.invitations, hint: null },
      { key: 'rating', label: 'Rating', value: me.influencer?.rating ?? 0, hint: 'out of 5' },
      { key: 'unread', label: 'Unread notifications', value: unread, hint: null },
    ],
    trend: {
      label: 'Notifications per day (30 days)',
      points: zeroFilled(since, trendDays, (day) => Number(days[day] ?? 0)),
    },
    activity,
  };
}

export async function adminDashboard(ctx: AppContext): Promise<Dashboard> {
  const { db } = ctx;
  const since = new Date(ctx.now().getTime() - 7 * DAY);
  // The counts in one statement, beside the lists and the series: one round of statements (three before).
  const [counts, recentUsers, recentFeedback, trend] = await Promise.all([
    statements
      .execute(db, 'admin-counts', { since }, (v) =>
        db.selectNoFrom((eb) => [
          eb
            .selectFrom('users')
            .select(sql<number>`count(*) filter (where type = 'business')`.as('n'))
            .as('businesses'),
          eb
            .selectFrom('users')
            .select(sql<number>`count(*) filter (where type = 'influencer')`.as('n'))
            .as('influencers'),
          eb
            .selectFrom('feedback')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('status', '=', 'open')
            .as('feedback'),
          eb
            .selectFrom('page_views')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('created_at', '>=', v.since)
            .as('views'),
        ]),
      )
      .then(([row]) => {
        if (!row) throw new Error('the admin dashboard counts statement returned no row');
        return row;
      }),
    db
      .selectFrom('users')
      .select(['id', 'email', 'type', 'created_at'])
      .orderBy('id', 'desc')
      .limit(5)
      .execute(),
    db
      .selectFrom('feedback')
      .select(['id', 'content', 'reported_page', 'created_at'])
      .orderBy('id', 'desc')
      .limit(5)
      .execute(),
    dailySeries(ctx, 'users', 30),
  ]);
  const activity = [
    ...recentUsers.map((u) => ({
      id: `u${u.id}`,
      text: `New ${u.type}: ${u.email}`,
      at: u.created_at.toISOString(),
      link: '/admin/users',
    })),
    ...recentFeedback.map((f) => ({
      id: `f${f.id}`,
      text: `Feedback${f.reported_page ? ` on ${f.reported_page}` : ''}: ${f.content.slice(0, 80)}`,
      at: f.created_at.toISOString(),
      link: '/admin/feedback',
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return {
    stats: [
      { key: 'businesses', label: 'Businesses', value: Number(counts.businesses ?? 0), hint: null },
      { key: 'influencers', label: 'Influencers', value: Number(counts.influencers ?? 0), hint: null },
      { key: 'feedback', label: 'Open feedback', value: Number(counts.feedback), hint: null },
      { key: 'views', label: 'Page views (7 days)', value: Number(counts.views), hint: null },
    ],
    trend: { label: 'Sign-ups per day (30 days)', points: trend },
    activity,
  };
}

/**
 * GET /dashboard/businesses/results: the caller's own active campaigns' clicks, conversions, revenue, spend and
 * ROAS, in total and this week against the week before. Every figure is scoped by the caller's business id.
 */
export async function businessResults(
  ctx: AppContext,
  actor: Actor,
  knownRates?: BusinessEmvRow | null,
): Promise<BusinessResults> {
  const businessId = resultsBusinessOf(actor);
  if (businessId === null) throw new AppError('forbidden', API_MESSAGE.forbidden);
  const asOf = ctx.now();
  const weeks = resultWeeks(asOf);
  const [rows, posts, { rates }] = await Promise.all([
    businessResultRows(ctx.db, businessId, weeks.thisWeekFrom, weeks.previousWeekFrom),
    activeApprovedPosts(ctx.db, businessId),
    // Read by the caller's statement on the route (`callerColumns`; null: no settings row, the defaults).
    knownRates === undefined ? emvRatesOf(ctx.db, businessId) : emvRatesFrom(knownRates),
  ]);
  return presentBusinessResults(rows, { posts, rates }, { asOf, ...weeks });
}

type BusinessEmvRow = { rates: unknown };

/** The business's EMV settings row (its rates), read by the caller's statement (GET /dashboard/businesses/results). */
export const businessEmvRates: CallerColumns<BusinessEmvRow> = {
  key: 'emv-rates',
  select: (db, ids) =>
    jsonObjectFrom(
      db.selectFrom('business_emv_settings').select('rates').where('business_id', '=', ids.businessId),
    ).$castTo<BusinessEmvRow | null>(),
};

/** GET /dashboard/admin/totals: the platform's money figures from the ledger for a period and the one before. */
export async function platformTotals(
  ctx: AppContext,
  actor: Actor,
  period: PlatformPeriod,
): Promise<PlatformTotals> {
  if (!mayReadPlatformTotals(actor)) throw new AppError('forbidden', API_MESSAGE.forbidden);
  const asOf = ctx.now();
  const range = platformPeriod(period, asOf);
  const rows = await platformTotalRows(ctx.db, range);
  return presentPlatformTotals(rows, period, { asOf, ...range });
}
