/**
 * Query keys of the posts feature: everything starts with 'posts', so one invalidation refreshes the review
 * list, a connection's posts and the dashboard card.
 */
export const postKeys = {
  all: ['posts'] as const,
  list: (query: object) => ['posts', 'list', query] as const,
};

/** The sidebar's menu counts (owned by the shell) count posts to review; refresh them after a change. */
export const MENU_COUNTS_ROOT = ['menu-counts'] as const;
