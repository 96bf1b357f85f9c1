import crypto from 'node:crypto';
import type { Platform } from '@reach/contract/constants';
import {
  type AddListInfluencerBody,
  type AdminLookupResponse,
  DISCOVERY_CACHE_MS,
  DISCOVERY_REPORT_COST,
  DISCOVERY_SEARCH_COST,
  type DiscoveryEntry,
  type DiscoveryList,
  type DiscoveryMember,
  type DiscoveryReport,
  type DiscoveryReportResponse,
  type DiscoverySearch,
  type DiscoverySearchResponse,
  type discoveryListsQuery,
  type InfluencerData,
} from '@reach/contract/discovery';
import { API_MESSAGE } from '@reach/contract/messages';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { creditBalance } from './credits';
import {
  type MemberRow,
  markMembers,
  memberByInstagramHandle,
  memberFor,
  membersFound,
  membersOf,
  membersSelect,
  pageWithMembers,
  wantedHandles,
} from './members';
import { canUseList, discoveryBusiness } from './policy';
import type { DiscoveryProvider, SearchGate, SearchPage } from './provider';

/*
 * Discovery use cases. Credits: a page of results costs DISCOVERY_SEARCH_COST, a report DISCOVERY_REPORT_COST.
 * The provider answers first (outside any transaction); only then, in one transaction, the result is cached
 * for 24 h (unique per user, body and page) and the credit debited. A repeat within 24 h reads the cache and
 * costs nothing; two identical searches at once debit once (the second finds the first's cache row); a
 * provider failure debits nothing; not enough credits → 402 and the cache row rolls back with the debit.
 */

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function businessOf(actor: Actor): number {
  const result = discoveryBusiness(actor);
  if ('refusal' in result) throw new AppError('forbidden', result.refusal);
  return result.businessId;
}

/** The ledger refused a row without a balance: the debit beside it found too few credits (see cachedPaid). */
const noBalance = (error: unknown) =>
  (error as { code?: string }).code === '23502' &&
  /balance_after/.test(`${(error as { column?: string }).column} ${(error as Error).message}`);

/** The REACH members behind an answer's entries, keyed `platform:handle` (members.ts). */
type Members = Map<string, DiscoveryMember>;
/**
 * The answers this process cached, until they expire (at most CACHED_HERE_MAX, then it starts over): a repeat
 * of one is looked up first, as a provider without a gate is, rather than by the gated search (whose page query
 * and total would be planned for nothing). Only the order of the statements depends on it, never the answer.
 */
const cachedHere = new Map<string, number>();
const CACHED_HERE_MAX = 10_000;

/** The balance and the fresh cached answer (null when none), read before a paid search. */
type Gate = { gate_credits: number; gate_result: unknown };
/**
 * What a paid request runs: `run` after the look-up, or (a provider that can) `gated`, the look-up and the
 * search in one statement (the search skipped when the look-up answers or refuses).
 */
type Produce<T> = {
  run: () => Promise<T>;
  gated?: ((gate: SearchGate) => Promise<{ gate: Gate; page?: T }>) | undefined;
};

/**
 * Runs `produce` unless a fresh cached result exists; caches what it produced and debits `cost` credits in one
 * statement (atomic: all of it or none), which also finds the members behind the answer's entries (`handles`).
 * `finish` (pure) makes the answer served from the result and its members. Returns it and the balance after.
 */
async function cachedPaid<T, R>(
  ctx: AppContext,
  userId: number,
  cacheKey: string,
  page: number,
  cost: number,
  reason: string,
  produce: Produce<T>,
  handles: (result: T) => readonly { platform: Platform; username: string }[],
  finish: (result: T, members: Members) => R,
): Promise<{ result: R; credits: number }> {
  const now = ctx.now();
  // The balance, and a fresh cached answer if there is one (one row).
  const lookupRow = sql<Gate>`
    SELECT u.credits AS gate_credits, c.result AS gate_result FROM users u
    LEFT JOIN discovery_search_cache c ON c.user_id = u.id AND c.body_hash = ${cacheKey}
      AND c.page = ${page} AND c.expires_at > ${now}
    WHERE u.id = ${userId}`;
  const lookup = async () => (await lookupRow.execute(ctx.db)).rows[0];
  // Members are matched on every answer, cached or not (a creator who joined since shows as a member).
  const served = async (cached: T) => finish(cached, await membersOf(ctx.db, handles(cached)));
  let found: Gate | undefined;
  let produced: T | undefined;
  const memoKey = `${userId}:${page}:${cacheKey}`;
  if (produce.gated && !((cachedHere.get(memoKey) ?? 0) > now.getTime())) {
    // The look-up and the search in one statement: the search runs only when nothing is cached and the
    // balance covers it (the provider's one-time condition), so a cached or unaffordable search reads no profile.
    const gated = await produce.gated({
      row: lookupRow,
      proceed: sql`g.gate_result IS NULL AND g.gate_credits >= ${cost}`,
    });
    found = gated.gate.gate_credits === undefined ? undefined : gated.gate;
    produced = gated.page;
  } else found = await lookup();
  const before = found?.gate_credits ?? 0;
  if (found?.gate_result) return { result: await served(found.gate_result as T), credits: before };
  if (before < cost)
    throw new AppError('not_enough_credits', API_MESSAGE.discoveryNotEnoughCredits(cost, before));
  const result = produced ?? (await produce.run());
  const expires = new Date(now.getTime() + DISCOVERY_CACHE_MS);
  const wanted = wantedHandles(handles(result));
  // One statement, so one transaction: the cache row; only when this request wrote it, the debit; and for
  // that cache row its ledger row, whose balance is the debit's; beside them, the members behind the answer
  // (read-only). Too few credits (spent since the look-up, by another request): the debit changes nothing,
  // the ledger row's balance is null, the NOT NULL constraint refuses it and the whole statement rolls back
  // (no cache row, no debit) → 402. The ledger key names the cache row this request wrote, so it is unique to
  // this charge. Two identical searches at once queue on the cache row's unique key; the second writes nothing
  // and serves the first's answer, free.
  let charged: { cache_id: number | null; balance: number | null; members: MemberRow[] } | undefined;
  try {
    const { rows } = await sql<{ cache_id: number | null; balance: number | null; members: MemberRow[] }>`
      WITH c AS (
        INSERT INTO discovery_search_cache (user_id, body_hash, page, result, created_at, expires_at)
        VALUES (${userId}, ${cacheKey}, ${page}, ${JSON.stringify(result)}::jsonb, ${now}, ${expires})
        ON CONFLICT (user_id, body_hash, page) DO UPDATE
          SET result = EXCLUDED.result, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
          WHERE discovery_search_cache.expires_at <= ${now}
        RETURNING id
      ), u AS (
        UPDATE users SET credits = credits - ${cost}
        WHERE id = ${userId} AND credits >= ${cost} AND EXISTS (SELECT 1 FROM c)
        RETURNING credits
      ), l AS (
        INSERT INTO credit_transactions (user_id, amount, balance_after, reason, key)
        SELECT ${userId}, ${-cost}, u.credits, ${reason},
               ${`${cacheKey}:${page}:`} || c.id || ${`:${now.getTime()}`}
        FROM c LEFT JOIN u ON true
        RETURNING balance_after
      ), m AS (${membersSelect(wanted)})
      SELECT (SELECT id FROM c) AS cache_id, (SELECT balance_after FROM l) AS balance,
             (SELECT coalesce(json_agg(m), '[]'::json) FROM m) AS members`.execute(ctx.db);
    charged = rows[0];
  } catch (error) {
    if (!noBalance(error)) throw error;
    throw new AppError(
      'not_enough_credits',
      API_MESSAGE.discoveryNotEnoughCredits(cost, await creditBalance(ctx.db, userId)),
    );
  }
  if (charged?.cache_id != null) {
    if (cachedHere.size >= CACHED_HERE_MAX) cachedHere.clear();
    cachedHere.set(memoKey, expires.getTime());
    return {
      result: finish(result, membersFound(charged.members, wanted)),
      credits: Number(charged.balance),
    };
  }
  // The same search finished a moment ago (in another request): serve that one, free.
  const other = await lookup();
  if (!other?.gate_result) throw new Error('discovery: the concurrent search left no cached answer');
  return { result: await served(other.gate_result as T), credits: other.gate_credits };
}

/** Scheduled: drops cached searches and reports past their 24 hours (they would never be served again). */
export async function purgeExpiredDiscoveryCache(ctx: AppContext): Promise<number> {
  const result = await ctx.db
    .deleteFrom('discovery_search_cache')
    .where('expires_at', '<=', ctx.now())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function searchInfluencers(
  ctx: AppContext,
  provider: DiscoveryProvider,
  actor: Actor,
  body: DiscoverySearch,
): Promise<DiscoverySearchResponse> {
  businessOf(actor);
  const { page, ...rest } = body;
  const hash = crypto
    .createHash('sha256')
    .update(stableStringify({ provider: provider.name, ...rest }))
    .digest('hex');
  const { result, credits } = await cachedPaid(
    ctx,
    actor.userId,
    `search:${hash}`,
    page,
    DISCOVERY_SEARCH_COST,
    `search page ${page + 1}`,
    {
      run: () => provider.search(body),
      gated: provider.searchGated && ((gate) => provider.searchGated!<Gate>(body, gate)),
    },
    (found: SearchPage) => [...found.directs, ...found.lookalikes].map((e) => e.influencer_data),
    pageWithMembers,
  );
  return { influencers: result, credits };
}

export async function influencerReport(
  ctx: AppContext,
  provider: DiscoveryProvider,
  actor: Actor,
  modashId: string,
): Promise<DiscoveryReportResponse> {
  businessOf(actor);
  const { result, credits } = await cachedPaid(
    ctx,
    actor.userId,
    `report:${provider.name}:${modashId}`,
    0,
    DISCOVERY_REPORT_COST,
    `report ${modashId}`,
    { run: () => provider.report(modashId) },
    (report: DiscoveryReport) => [report.profile],
    (report, members) => ({ report, member: memberFor(members, report.profile) }),
  );
  return { ...result, credits };
}

/**
 * GET /admin/discovery/instagram/{username}: the provider's report and the member with that Instagram handle.
 * A member the provider does not know is still found (report null); neither → 404. Free (no credits).
 */
export async function adminInstagramLookup(
  ctx: AppContext,
  provider: DiscoveryProvider,
  username: string,
): Promise<AdminLookupResponse> {
  const [report, member] = await Promise.all([
    provider.lookup(username).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    }),
    memberByInstagramHandle(ctx.db, username),
  ]);
  if (!report && !member) throw new AppError('not_found', API_MESSAGE.discoveryInfluencerNotFound);
  return { report, member };
}

// ── lists ─────────────────────────────────────────────────────────────────────────────────────────────────

async function ownList(ctx: AppContext, actor: Actor, listId: number) {
  const list = await ctx.db
    .selectFrom('discovery_lists')
    .select(['id', 'business_id', 'name'])
    .where('id', '=', listId)
    .executeTakeFirst();
  if (!canUseList(actor, list)) throw new AppError('not_found', API_MESSAGE.discoveryListNotFound);
  return list as { id: number; business_id: number; name: string };
}

const LIST_SORTS = {
  name: sql`lower(l.name)`,
  created_at: sql`l.created_at`,
  influencers: sql`influencers_count`,
} as const;

/** GET /discovery/list: the business's lists with their member counts, paged and sorted in SQL. */
export async function listDiscoveryLists(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof discoveryListsQuery>,
) {
  const businessId = businessOf(actor);
  const { sortBy, items, page } = query;
  const dir = sql.raw(query.sortDesc === 'desc' ? 'DESC' : 'ASC');
  const { rows } = await sql<{
    id: number;
    name: string;
    influencers_count: number;
    created_at: Date;
    total: number;
  }>`
    SELECT l.id, l.name, l.created_at,
           (SELECT count(*)::int FROM discovery_list_members m WHERE m.list_id = l.id) AS influencers_count,
           count(*) OVER ()::int AS total
    FROM discovery_lists l
    WHERE l.business_id = ${businessId}
    ORDER BY ${LIST_SORTS[sortBy]} ${dir}, l.id ${dir}
    LIMIT ${items} OFFSET ${(page - 1) * items}`.execute(ctx.db);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page > 1) {
    const c = await ctx.db
      .selectFrom('discovery_lists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow();
    total = Number(c.n);
  }
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      influencers_count: r.influencers_count,
      created_at: new Date(r.created_at).toISOString(),
    })),
    total,
  };
}

const memberEntry = (m: { id: number; modash_id: string; influencer_data: unknown }): DiscoveryEntry => ({
  id: Number(m.id),
  modash_id: m.modash_id,
  influencer_data: m.influencer_data as InfluencerData,
});

/**
 * GET /discovery/list/all: every list of the business with its members (oldest member first), each marked
 * `member` when the creator is on REACH.
 */
export async function allDiscoveryLists(ctx: AppContext, actor: Actor): Promise<DiscoveryList[]> {
  const businessId = businessOf(actor);
  const lists = await ctx.db
    .selectFrom('discovery_lists')
    .select(['id', 'name'])
    .where('business_id', '=', businessId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  if (!lists.length) return [];
  const members = await ctx.db
    .selectFrom('discovery_list_members')
    .select(['id', 'list_id', 'modash_id', 'influencer_data'])
    .where(
      'list_id',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // Saved creators who are on REACH are marked as in a search (one query for every list).
  const entries = await markMembers(ctx.db, members.map(memberEntry));
  return lists.map((l) => ({
    id: Number(l.id),
    name: l.name,
    influencers: entries.filter((_, k) => Number(members[k]!.list_id) === Number(l.id)),
  }));
}

export async function createDiscoveryList(
  ctx: AppContext,
  actor: Actor,
  name: string,
): Promise<DiscoveryList> {
  const businessId = businessOf(actor);
  const row = await ctx.db
    .insertInto('discovery_lists')
    .values({ business_id: businessId, created_by: actor.userId, name })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'name'])
    .executeTakeFirst();
  if (!row) throw new AppError('conflict', API_MESSAGE.discoveryListNameTaken);
  return { id: Number(row.id), name: row.name, influencers: [] };
}

export async function deleteDiscoveryList(ctx: AppContext, actor: Actor, listId: number) {
  const list = await ownList(ctx, actor, listId);
  await ctx.db.deleteFrom('discovery_lists').where('id', '=', list.id).execute();
  return { ok: true as const };
}

/** Adds an influencer to a list; adding one already there returns the existing entry (the dialog may retry). */
export async function addListInfluencer(
  ctx: AppContext,
  actor: Actor,
  body: AddListInfluencerBody & { influencer_data: InfluencerData },
): Promise<DiscoveryEntry> {
  const list = await ownList(ctx, actor, body.list_id as number);
  const row = await ctx.db
    .insertInto('discovery_list_members')
    .values({
      list_id: list.id,
      modash_id: body.modash_id,
      username: body.influencer_data.username,
      influencer_data: JSON.stringify(body.influencer_data),
    })
    .onConflict((oc) => oc.columns(['list_id', 'modash_id']).doNothing())
    .returning(['id', 'modash_id', 'influencer_data'])
    .executeTakeFirst();
  if (row) {
    await ctx.db
      .updateTable('discovery_lists')
      .set({ updated_at: ctx.now() })
      .where('id', '=', list.id)
      .execute();
    return memberEntry(row);
  }
  const existing = await ctx.db
    .selectFrom('discovery_list_members')
    .select(['id', 'modash_id', 'influencer_data'])
    .where('list_id', '=', list.id)
    .where('modash_id', '=', body.modash_id)
    .executeTakeFirstOrThrow();
  return memberEntry(existing);
}

export async function removeListInfluencer(ctx: AppContext, actor: Actor, listId: number, memberId: number) {
  const list = await ownList(ctx, actor, listId);
  const removed = await ctx.db
    .deleteFrom('discovery_list_members')
    .where('list_id', '=', list.id)
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!Number(removed.numDeletedRows))
    throw new AppError('not_found', API_MESSAGE.discoveryListMemberNotFound);
  await ctx.db
    .updateTable('discovery_lists')
    .set({ updated_at: ctx.now() })
    .where('id', '=', list.id)
    .execute();
  return { ok: true as const };
}

/** The full name the local index knows for a profile (its generated avatar shows the initials), if any. */
export async function indexedName(ctx: AppContext, modashId: string): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('influencer_index')
    .select('fullname')
    .where('modash_id', '=', modashId)
    .executeTakeFirst();
  return row?.fullname;
}
