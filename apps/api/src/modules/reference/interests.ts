import type {
  AdminInterest,
  AdminInterestsPage,
  adminInterestsQuery,
  CreateInterestBody,
  InterestSortKey,
  UpdateInterestBody,
} from '@reach/contract/admin-reference';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Expression, type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../lib/db-errors';
import { pageWithTotal } from '../../lib/paged';
import { interestDeletionRefusal } from './policy';

type Query = z.output<typeof adminInterestsQuery>;
type Db = Kysely<DB> | Transaction<DB>;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const CAMPAIGNS = sql<number>`(select count(*)::int from campaign_interests ci where ci.interest_id = i.id)`;
const INFLUENCERS = sql<number>`(select count(*)::int from influencer_interests ii where ii.interest_id = i.id)`;

const SORT_EXPRESSIONS: Record<InterestSortKey, Expression<unknown>> = {
  name: sql`lower(i.name)`,
  category: sql`lower(i.category)`,
  campaigns: CAMPAIGNS,
  influencers: INFLUENCERS,
  created_at: sql`i.created_at`,
};

/** The admin list's statements, built and compiled once per shape. */
const statements = new StatementShapes();

const notFound = () => new AppError('not_found', API_MESSAGE.interestNotFound);
const nameTaken = () =>
  new AppError('conflict', API_MESSAGE.interestNameTaken, { name: API_MESSAGE.interestNameTaken });

const COLUMNS = [
  'i.id',
  'i.name',
  'i.category',
  'i.created_at',
  'i.updated_at',
  CAMPAIGNS.as('campaigns'),
  INFLUENCERS.as('influencers'),
] as const;

function withUsage(db: Db) {
  return db.selectFrom('interests as i').select(COLUMNS);
}

type Row = {
  id: number;
  name: string;
  category: string;
  created_at: Date;
  updated_at: Date;
  campaigns: number;
  influencers: number;
};

function present(row: Row): AdminInterest {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    campaigns: Number(row.campaigns),
    influencers: Number(row.influencers),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function getInterest(db: Db, id: number): Promise<AdminInterest> {
  const row = await withUsage(db).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return present(row);
}

/** GET /admin/keywords: the taxonomy with how much each interest is used, searched, sorted and paged in SQL. */
export async function listInterests(ctx: AppContext, query: Query): Promise<AdminInterestsPage> {
  const values = {
    search: query.search ? like(query.search) : undefined,
    category: query.category ? query.category.toLowerCase() : undefined,
  };
  const direction = query.sortDesc;
  // The page and its total in one statement, built once per shape (lib/paged.ts).
  const { rows, total } = await pageWithTotal(ctx.db, statements, {
    key: 'interests',
    sort: `${query.sortBy}|${direction}`,
    values,
    request: query,
    base: (v) => {
      let q = ctx.db.selectFrom('interests as i');
      if (v.search) q = q.where('i.name', 'ilike', v.search);
      if (v.category) q = q.where(sql`lower(i.category)`, '=', v.category);
      return q;
    },
    page: (b) =>
      b.select(COLUMNS).orderBy(SORT_EXPRESSIONS[query.sortBy], direction).orderBy('i.id', direction),
  });
  return { data: rows.map(present), total };
}

/** GET /admin/keywords/categories */
export async function listInterestCategories(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('interests')
    .select('category')
    .distinct()
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category);
}

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  let q = db.selectFrom('interests').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw nameTaken();
}

/** Runs a write; a unique violation (two admins adding the same name at once) becomes the 409 it is. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === PG_UNIQUE_VIOLATION) throw nameTaken();
    throw error;
  }
}

/** POST /admin/keywords */
export async function createInterest(
  ctx: AppContext,
  actor: UserRow,
  body: Required<CreateInterestBody>,
): Promise<AdminInterest> {
  const id = await uniqueName(() =>
    ctx.db.transaction().execute(async (trx) => {
      await assertNameFree(trx, body.name);
      const row = await trx
        .insertInto('interests')
        .values({ name: body.name, category: body.category })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'interest.created',
        subjectType: 'interest',
        subjectId: row.id,
        data: { name: body.name, category: body.category },
      });
      return row.id;
    }),
  );
  return getInterest(ctx.db, id);
}

/** PUT /admin/keywords/{id}: rename and/or recategorise; campaigns and influencers keep it (same id). */
export async function updateInterest(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: UpdateInterestBody,
): Promise<AdminInterest> {
  await uniqueName(() =>
    ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('interests')
        .select(['id', 'name', 'category'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound();
      const next = { name: body.name ?? row.name, category: body.category ?? row.category };
      if (next.name === row.name && next.category === row.category) return;
      if (next.name.toLowerCase() !== row.name.toLowerCase()) await assertNameFree(trx, next.name, id);
      await trx
        .updateTable('interests')
        .set({ ...next, updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'interest.updated',
        subjectType: 'interest',
        subjectId: id,
        data: { from: { name: row.name, category: row.category }, to: next },
      });
    }),
  );
  return getInterest(ctx.db, id);
}

/**
 * DELETE /admin/keywords/{id}: only an interest no campaign or influencer uses (409 saying what uses it).
 * The row is locked first, so a campaign tagging it concurrently either commits before the count (and is
 * counted) or waits for the delete and then fails its foreign key.
 */
export async function deleteInterest(ctx: AppContext, actor: UserRow, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('interests')
      .select(['id', 'name', 'category'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    const usage = await withUsage(trx).where('i.id', '=', id).executeTakeFirstOrThrow();
    const refusal = interestDeletionRefusal({
      campaigns: Number(usage.campaigns),
      influencers: Number(usage.influencers),
    });
    if (refusal) throw new AppError('conflict', refusal);
    await trx.deleteFrom('interests').where('id', '=', id).execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'interest.deleted',
      subjectType: 'interest',
      subjectId: id,
      data: { name: row.name, category: row.category },
    });
  });
}
