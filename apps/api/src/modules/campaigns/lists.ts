import type {
  CampaignOption,
  CampaignSortKey,
  CampaignStatus,
  CampaignsPage,
} from '@reach/contract/campaigns';
import { type Expression, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AppContext } from '../../context';
import { StatementShapes } from '../../db/statement-shapes';
import { interestByKey } from '../../lib/influencer-tags';
import { fullCount, pageTotal } from '../../lib/paged';
import { presentSummary } from './presenter';

/** Which campaigns a list holds; every list endpoint is one of these, scoped by the caller's role. */
export type CampaignFilter = {
  businessId?: number | undefined;
  /** Only these statuses; when absent, `excludeArchived` decides. */
  statuses?: readonly CampaignStatus[] | undefined;
  excludeArchived?: boolean;
  /** Interest id. */
  tag?: number | undefined;
  /** Part of the title (case-insensitive). */
  search?: string | undefined;
  /** Only campaigns this influencer has a conversation about or a connection to. */
  threadInfluencerId?: number | undefined;
};

export type Paging = { sortBy: CampaignSortKey; sortDesc: 'asc' | 'desc'; items: number; page: number };

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Lifecycle order for sorting by status.
const STATUS_ORDER = sql<number>`case c.status when 'draft' then 0 when 'active' then 1 when 'paused' then 2 when 'completed' then 3 else 4 end`;
const SORT_EXPRESSIONS: Record<CampaignSortKey, Expression<unknown>> = {
  name: sql`lower(c.title)`,
  title: sql`lower(c.title)`,
  start_date: sql`c.start_date`,
  end_date: sql`c.end_date`,
  status: STATUS_ORDER,
  created_at: sql`c.created_at`,
  total_budget: sql`c.total_budget_cents`,
};

/** A filter as its statement reads it: the title search as its ILIKE pattern. */
type Conditions = Omit<CampaignFilter, 'search'> & { titlePattern?: string | undefined };

const conditionsOf = ({ search, ...f }: CampaignFilter): Conditions => ({
  ...f,
  titlePattern: search ? like(search) : undefined,
});

function filtered(ctx: AppContext, f: Conditions) {
  let q = ctx.db
    .selectFrom('campaigns as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .innerJoin('campaign_types as t', 't.id', 'c.type_id');
  if (f.businessId !== undefined) q = q.where('c.business_id', '=', f.businessId);
  if (f.statuses)
    q = f.statuses.length ? q.where('c.status', 'in', f.statuses) : q.where(sql<boolean>`false`);
  else if (f.excludeArchived) q = q.where('c.status', '<>', 'archived');
  if (f.tag !== undefined) {
    const tag = f.tag;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('campaign_interests as ci')
          .select('ci.campaign_id')
          .whereRef('ci.campaign_id', '=', 'c.id')
          .where('ci.interest_id', '=', tag),
      ),
    );
  }
  if (f.titlePattern !== undefined) q = q.where('c.title', 'ilike', f.titlePattern);
  if (f.threadInfluencerId !== undefined) {
    const influencer = f.threadInfluencerId;
    q = q.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('campaign_messages as m')
            .select('m.id')
            .whereRef('m.campaign_id', '=', 'c.id')
            .where('m.influencer_user_id', '=', influencer),
        ),
        eb.exists(
          eb
            .selectFrom('connections as cn')
            .select('cn.id')
            .whereRef('cn.campaign_id', '=', 'c.id')
            .where('cn.influencer_user_id', '=', influencer),
        ),
      ]),
    );
  }
  return q;
}

/** The statement of one page of campaigns, with the filtered set's size on each row. */
function pageQuery(ctx: AppContext, conditions: Conditions, paging: Paging) {
  const direction = paging.sortDesc;
  return (
    filtered(ctx, conditions)
      .select([
        'c.id',
        'c.title',
        'c.status',
        'c.type_id',
        'c.business_id',
        'c.start_date',
        'c.end_date',
        'c.product_name',
        'c.product_amount_cents',
        'c.total_budget_cents',
        'c.amount_per_post_cents',
        'c.max_posts_per_influencer',
        'c.published_at',
        'c.created_at',
        'c.updated_at',
        't.name as type_name',
        'b.business_name',
        sql<string | null>`left(c.description, 200)`.as('excerpt'),
        fullCount(),
      ])
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('campaign_interests as ci')
            .innerJoinLateral(
              (lateral) => interestByKey(lateral.ref('ci.interest_id')),
              (join) => join.onTrue(),
            )
            .select(['i.id', 'i.name'])
            .whereRef('ci.campaign_id', '=', 'c.id')
            .orderBy('i.name'),
        ).as('interests'),
        eb
          .selectFrom('campaign_media as cm')
          .select('cm.key')
          .whereRef('cm.campaign_id', '=', 'c.id')
          .where('cm.mime', 'in', ['image/jpeg', 'image/png'])
          .orderBy('cm.position')
          .orderBy('cm.id')
          .limit(1)
          .as('cover_key'),
      ])
      .orderBy(SORT_EXPRESSIONS[paging.sortBy], (ob) =>
        (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast(),
      )
      .orderBy('c.id', direction)
      // Literal, not parameters: with LIMIT and OFFSET as parameters PostgreSQL keeps planning each run of the
      // prepared statement for its values; with them in the text it settles on one generic plan (~0.2 ms a run).
      .limit(sql.lit(paging.items))
      .offset(sql.lit((paging.page - 1) * paging.items))
  );
}

/** The page statements of the lists, one per shape (the filters set, the sort, the page). */
const pages = new StatementShapes();

/** One page of campaigns, filtered, sorted and paged in SQL, with the total. */
export async function listCampaigns(
  ctx: AppContext,
  filter: CampaignFilter,
  paging: Paging,
): Promise<CampaignsPage> {
  const conditions = conditionsOf(filter);
  const rows = await pages.execute(
    ctx.db,
    `${paging.sortBy} ${paging.sortDesc} ${paging.items} ${paging.page}`,
    conditions,
    (slotted) => pageQuery(ctx, slotted, paging),
  );
  const total = await pageTotal(rows, paging.page, async () => {
    const count = filtered(ctx, conditions).select((eb) => eb.fn.countAll<number>().as('n'));
    return (await count.executeTakeFirstOrThrow()).n;
  });
  return { data: rows.map((r) => presentSummary(ctx, r)), total };
}

/** Unpaged id, title and status for pickers, sorted by title. */
export async function campaignOptions(ctx: AppContext, filter: CampaignFilter): Promise<CampaignOption[]> {
  return filtered(ctx, conditionsOf(filter))
    .select(['c.id', 'c.title', 'c.status'])
    .orderBy(sql`lower(c.title)`, (ob) => ob.asc().nullsLast())
    .orderBy('c.id')
    .execute();
}
