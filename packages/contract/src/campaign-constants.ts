/**
 * The campaigns' statuses and list sort keys, without zod: a page that needs only these values does not evaluate
 * the contract's schemas (campaigns.ts, which re-exports them). The contract's one source for them.
 */

/** Lifecycle: draft → active ⇄ paused → completed; draft, paused and completed may be archived. */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** `name` (the spec's default) and `title` both sort by title; `status` sorts in lifecycle order. */
export const CAMPAIGN_SORT_KEYS = [
  'name',
  'title',
  'start_date',
  'end_date',
  'status',
  'created_at',
  'total_budget',
] as const;
export type CampaignSortKey = (typeof CAMPAIGN_SORT_KEYS)[number];
