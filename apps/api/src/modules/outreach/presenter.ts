import { OUTREACH_STATUSES, type OutreachPage, type OutreachStatus } from '@reach/contract/outreach';
import { outreachStatus } from './policy';
import type { OutreachViewRow } from './queries';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Who a record is about, for people: the member's name once they joined, else the name the record was given
 * (the index's, or the import's), else @username, else the address.
 */
function displayName(row: OutreachViewRow): string {
  const member = `${row.given_name ?? ''} ${row.family_name ?? ''}`.trim();
  return (
    member ||
    row.name?.trim() ||
    (row.instagram_username ? `@${row.instagram_username}` : null) ||
    row.email ||
    'Unknown creator'
  );
}

/** Statuses whose reason is worth showing: why it was not mailed, bounced or failed. */
const WITH_REASON: readonly OutreachStatus[] = ['not_sent', 'bounced', 'failed'];

const statusOf = (row: OutreachViewRow) =>
  outreachStatus({
    delivery: row.delivery,
    opened: row.opened_at !== null,
    signedUp: row.signed_up_at !== null,
    connectionStatus: row.connection_status,
  });

export function presentOutreachPage(
  rows: readonly OutreachViewRow[],
  total: number,
  counts: readonly { status: OutreachStatus; n: number | string }[],
): OutreachPage {
  const byStatus = Object.fromEntries(OUTREACH_STATUSES.map((s) => [s, 0])) as Record<OutreachStatus, number>;
  for (const c of counts) byStatus[c.status] = Number(c.n);
  return {
    data: rows.map((row) => ({
      id: row.id,
      campaign_id: row.campaign_id,
      campaign_title: row.campaign_title,
      source: row.source,
      name: displayName(row),
      email: row.email,
      instagram_username: row.instagram_username,
      modash_id: row.modash_id,
      status: statusOf(row),
      reason: WITH_REASON.includes(statusOf(row)) ? row.reason : null,
      influencer_user_id: row.influencer_user_id,
      connection_id: row.connection_id,
      connection_status: row.connection_status,
      sent_at: iso(row.sent_at),
      opened_at: iso(row.opened_at),
      signed_up_at: iso(row.signed_up_at),
      responded_at: iso(row.responded_at),
      created_at: iso(row.created_at)!,
    })),
    total,
    counts: byStatus,
  };
}
