/**
 * The posts' statuses, their labels, the list's sort keys and the rejection reason's length, without zod: a page
 * that needs only these values does not evaluate the contract's schemas (posts.ts, which re-exports them). The
 * contract's one source for them.
 */

export const POST_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  submitted: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const POST_REJECTION_REASON_MAX_LENGTH = 500;

export const POST_SORT_KEYS = ['submitted_at', 'reviewed_at', 'status', 'campaign', 'influencer'] as const;
export type PostSortKey = (typeof POST_SORT_KEYS)[number];
