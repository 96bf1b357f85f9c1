import { type Kysely, sql } from 'kysely';

/**
 * ledger_transactions (kind, created_at): the admin dashboard's platform totals sum the ledger's movements of a
 * few kinds (post payments, fundings and refunds, payouts, plan payments) since a date; one index range per
 * kind instead of reading the whole ledger. The reports read the ledger by campaign (campaign_id, kind) or by
 * creator (influencer_user_id, created_at), which have their indexes already (migration 0009).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX ledger_transactions_kind_created_idx ON ledger_transactions (kind, created_at)`.execute(
    db,
  );
}
