import { REPORT_MESSAGE } from '@reach/contract/reports';
import type { Actor } from '../../actor';

/*
 * Who reads which report, pure. A campaign's report: the business that owns the campaign and admins (another
 * business gets a 404: the campaign does not exist for it). A creator's report covers one business's
 * campaigns: a business's own (naming another business finds nothing), an admin's the one it names.
 */

export function mayReadCampaignReport(actor: Actor, campaign: { business_id: number }): boolean {
  if (actor.type === 'admin') return true;
  return actor.type === 'business' && actor.businessId === campaign.business_id;
}

/**
 * The business whose campaigns a creator report covers: `{ businessId }`, `{ refused: 'not_found' }` for a
 * business naming another, `{ refused: 'validation' }` for an admin naming none, `{ refused: 'forbidden' }`
 * for anyone else.
 */
export function creatorReportScope(
  actor: Actor,
  requested: number | undefined,
): { businessId: number } | { refused: 'not_found' | 'forbidden' | 'validation'; message?: string } {
  if (actor.type === 'business')
    return requested === undefined || requested === actor.businessId
      ? { businessId: actor.businessId }
      : { refused: 'not_found' };
  if (actor.type === 'admin')
    return requested === undefined
      ? { refused: 'validation', message: REPORT_MESSAGE.adminNeedsBusiness }
      : { businessId: requested };
  return { refused: 'forbidden' };
}
