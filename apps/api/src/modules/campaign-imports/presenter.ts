import type { CampaignImportStatusResponse } from '@reach/contract/campaign-imports';
import type { CampaignImportRow } from '../../db/schema';
import { rowValue } from './rows';

type FailedRow = {
  row_number: number;
  instagram_username: string | null;
  email: string | null;
  reason: string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentImportStatus(
  row: CampaignImportRow,
  failures: readonly FailedRow[],
): CampaignImportStatusResponse {
  return {
    import_id: row.id,
    campaign_id: row.campaign_id,
    source: row.source,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    failures: failures.map((f) => ({ row_number: f.row_number, value: rowValue(f), reason: f.reason ?? '' })),
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}
