import { type Kysely, type Migration, Migrator } from 'kysely';
import * as foundation from './migrations/2026-11-22-0001-foundation';
import * as shell from './migrations/2026-11-22-0003-shell';
import * as campaigns from './migrations/2026-11-22-0004-campaigns';
import * as subscriptionCancel from './migrations/2026-11-22-0005-subscription-cancel';
import * as jobsImports from './migrations/2026-11-22-0006-jobs-imports';
import * as connections from './migrations/2026-11-23-0008-connections';
import * as money from './migrations/2026-11-23-0009-money';
import * as admin from './migrations/2026-11-23-0010-admin';
import * as discovery from './migrations/2026-11-23-0011-discovery';
import * as posts from './migrations/2026-11-23-0012-posts';
import * as tokenVersion from './migrations/2026-11-25-0013-token-version';
import * as oneLiveSubscription from './migrations/2026-11-25-0014-one-live-subscription';
import * as outreach from './migrations/2026-11-25-0015-outreach';
import * as campaignBriefRevisions from './migrations/2026-11-25-0017-campaign-brief-revisions';
import * as recurringJobs from './migrations/2026-11-25-0018-recurring-jobs';
import * as attribution from './migrations/2026-11-25-0019-attribution';
import * as postMetrics from './migrations/2026-11-25-0020-post-metrics';
import * as reports from './migrations/2026-11-25-0021-reports';
import * as ledgerKindIndex from './migrations/2026-11-25-0022-ledger-kind-index';
import * as linkClickIndexes from './migrations/2026-11-25-0023-link-click-indexes';
import * as linkClickHashCheck from './migrations/2026-11-25-0024-link-click-hash-check';
import * as attributionTotals from './migrations/2026-11-25-0025-attribution-totals';
import * as linkClickLinkTrigger from './migrations/2026-11-25-0026-link-click-link-trigger';
import * as lookalikeLists from './migrations/2026-11-25-0027-lookalike-lists';
import * as linkClickVisitorKey from './migrations/2026-11-26-0028-link-click-visitor-key';
import * as directoryKeys from './migrations/2026-11-26-0029-directory-keys';
import * as lookalikeListPreset from './migrations/2026-11-26-0030-lookalike-list-preset';
import * as lookalikeGenderCentres from './migrations/2026-11-26-0031-lookalike-gender-centres';
import * as lookalikeSublists from './migrations/2026-11-26-0032-lookalike-sublists';
import type { DB } from './schema';

/** Forward-only migrations, in order. Add new ones at the end; never edit one that has shipped. */
const migrations: Record<string, Migration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0003-shell': shell,
  '2026-11-22-0004-campaigns': campaigns,
  '2026-11-22-0005-subscription-cancel': subscriptionCancel,
  '2026-11-22-0006-jobs-imports': jobsImports,
  '2026-11-23-0008-connections': connections,
  '2026-11-23-0009-money': money,
  '2026-11-23-0010-admin': admin,
  '2026-11-23-0011-discovery': discovery,
  '2026-11-23-0012-posts': posts,
  '2026-11-25-0013-token-version': tokenVersion,
  '2026-11-25-0014-one-live-subscription': oneLiveSubscription,
  '2026-11-25-0015-outreach': outreach,
  '2026-11-25-0017-campaign-brief-revisions': campaignBriefRevisions,
  '2026-11-25-0018-recurring-jobs': recurringJobs,
  '2026-11-25-0019-attribution': attribution,
  '2026-11-25-0020-post-metrics': postMetrics,
  '2026-11-25-0021-reports': reports,
  '2026-11-25-0022-ledger-kind-index': ledgerKindIndex,
  '2026-11-25-0023-link-click-indexes': linkClickIndexes,
  '2026-11-25-0024-link-click-hash-check': linkClickHashCheck,
  '2026-11-25-0025-attribution-totals': attributionTotals,
  '2026-11-25-0026-link-click-link-trigger': linkClickLinkTrigger,
  '2026-11-25-0027-lookalike-lists': lookalikeLists,
  '2026-11-26-0028-link-click-visitor-key': linkClickVisitorKey,
  '2026-11-26-0029-directory-keys': directoryKeys,
  '2026-11-26-0030-lookalike-list-preset': lookalikeListPreset,
  '2026-11-26-0031-lookalike-gender-centres': lookalikeGenderCentres,
  '2026-11-26-0032-lookalike-sublists': lookalikeSublists,
};

/** The names of the migrations this code knows, in order (the readiness probe checks they are applied). */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(migrations);

export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
