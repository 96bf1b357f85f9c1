import type { OutreachStatus } from '@reach/contract/outreach';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A record's status in SQL, for filtering and counting; the same rule as outreachStatus (policy.ts), which
 * the presenter applies to each row (outreach.test.ts checks that the filter and the rows agree).
 */
export const OUTREACH_STATUS_SQL = sql<OutreachStatus>`(case
  when cn.status in ('accepted', 'completed') then 'accepted'
  when cn.status = 'declined' then 'declined'
  when cn.status = 'cancelled' then 'cancelled'
  when cn.status = 'applied' then 'applied'
  when cn.status = 'invited' and i.signed_up_at is not null then 'signed_up'
  when cn.status = 'invited' then 'invited'
  when i.signed_up_at is not null then 'signed_up'
  when i.opened_at is not null then 'opened'
  when i.delivery = 'none' then 'not_sent'
  when i.delivery = 'in_app' then 'invited'
  else i.delivery end)`;

/** The outreach records with their campaign, connection and matched member, not yet filtered. */
export function outreachRows(db: Kysely<DB>) {
  return db
    .selectFrom('campaign_invitations as i')
    .innerJoin('campaigns as c', 'c.id', 'i.campaign_id')
    .leftJoin('connections as cn', 'cn.id', 'i.connection_id')
    .leftJoin('users as u', 'u.id', 'i.influencer_user_id');
}

export type OutreachScope = { campaignId?: number | undefined; businessId?: number | undefined };

/** One page of records in `scope` (newest first), the total, and the counts per status. */
export async function outreachPageOf(
  db: Kysely<DB>,
  scope: OutreachScope,
  filters: { status?: OutreachStatus | undefined; page: number; items: number },
) {
  const scoped = () => {
    let q = outreachRows(db);
    if (scope.campaignId !== undefined) q = q.where('i.campaign_id', '=', scope.campaignId);
    if (scope.businessId !== undefined) q = q.where('i.business_id', '=', scope.businessId);
    return q;
  };
  const filtered = () =>
    filters.status ? scoped().where(OUTREACH_STATUS_SQL, '=', filters.status) : scoped();
  const [rows, total, counts] = await Promise.all([
    filtered()
      .select([
        'i.id',
        'i.campaign_id',
        'c.title as campaign_title',
        'i.source',
        'i.name',
        'i.email',
        'i.instagram_username',
        'i.modash_id',
        'i.delivery',
        'i.reason',
        'i.influencer_user_id',
        'i.connection_id',
        'i.sent_at',
        'i.opened_at',
        'i.signed_up_at',
        'i.created_at',
        'cn.status as connection_status',
        'cn.responded_at',
        'u.given_name',
        'u.family_name',
      ])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(filters.items)
      .offset((filters.page - 1) * filters.items)
      .execute(),
    filtered()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    scoped()
      .select([OUTREACH_STATUS_SQL.as('status'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(OUTREACH_STATUS_SQL)
      .execute(),
  ]);
  return { rows, total: Number(total.n), counts };
}
export type OutreachViewRow = Awaited<ReturnType<typeof outreachPageOf>>['rows'][number];
