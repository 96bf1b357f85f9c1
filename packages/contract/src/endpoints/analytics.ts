import { pageViewBody, pageViewRecorded, pageViewStats, pageViewStatsQuery } from '../dashboard';
import { endpoint } from '../endpoint';

/** First-party page-view analytics: the client reports each route change; admins read the counts. */
export const analyticsApi = {
  pageView: endpoint({
    method: 'POST',
    path: '/analytics/page-view',
    tags: ['analytics'],
    summary: 'Record a page view (signed in or not)',
    // Anonymous and signed-in callers alike: a valid token attributes the view to its user.
    auth: 'optional',
    body: pageViewBody,
    status: 204,
    response: pageViewRecorded,
    errors: [400],
  }),
  pageViews: endpoint({
    method: 'GET',
    path: '/admin/analytics/page-views',
    tags: ['analytics'],
    summary: 'Page-view counts per path and per day',
    query: pageViewStatsQuery,
    response: pageViewStats,
    errors: [401, 403],
  }),
};
