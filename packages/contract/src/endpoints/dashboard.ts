import {
  adminMenu,
  businessDashboard,
  businessMenu,
  businessResults,
  dashboard,
  influencerMenu,
  platformTotals,
  platformTotalsQuery,
} from '../dashboard';
import { endpoint } from '../endpoint';

/** Each user type's dashboard figures and sidebar counts. */
export const dashboardApi = {
  business: endpoint({
    method: 'GET',
    path: '/dashboard/businesses',
    tags: ['dashboard'],
    summary: 'Business dashboard: figures, what needs attention and the results of each active campaign',
    response: businessDashboard,
    errors: [401, 403],
  }),
  businessResults: endpoint({
    method: 'GET',
    path: '/dashboard/businesses/results',
    tags: ['dashboard'],
    summary: 'Results across the business’s active campaigns, and this week against the week before',
    description:
      'Clicks, conversions, revenue per currency, spend (post payments in the ledger) and ROAS of the caller’s ' +
      'active campaigns: over their lives and in the last 7 days against the 7 days before. Only the caller’s ' +
      'own campaigns count.',
    response: businessResults,
    errors: [401, 403],
  }),
  businessMenu: endpoint({
    method: 'GET',
    path: '/dashboard/businesses/menu',
    tags: ['dashboard'],
    summary: 'Business sidebar counts',
    response: businessMenu,
    errors: [401, 403],
  }),
  influencer: endpoint({
    method: 'GET',
    path: '/dashboard/influencers',
    tags: ['dashboard'],
    summary: 'Influencer dashboard figures',
    response: dashboard,
    errors: [401, 403],
  }),
  influencerMenu: endpoint({
    method: 'GET',
    path: '/dashboard/influencers/menu',
    tags: ['dashboard'],
    summary: 'Influencer sidebar counts',
    response: influencerMenu,
    errors: [401, 403],
  }),
  admin: endpoint({
    method: 'GET',
    path: '/dashboard/admin',
    tags: ['dashboard'],
    summary: 'Admin dashboard figures',
    response: dashboard,
    errors: [401, 403],
  }),
  adminTotals: endpoint({
    method: 'GET',
    path: '/dashboard/admin/totals',
    tags: ['dashboard'],
    summary: 'Platform totals from the ledger: GMV through campaigns, payouts and subscription revenue',
    description:
      'Each figure for the period (last 7 or 30 days, this month, all time) and the previous period of the same ' +
      'length, in cents, with its definition. Administrators only.',
    query: platformTotalsQuery,
    response: platformTotals,
    errors: [400, 401, 403],
  }),
  adminMenu: endpoint({
    method: 'GET',
    path: '/dashboard/admin/menu',
    tags: ['dashboard'],
    summary: 'Admin sidebar counts',
    response: adminMenu,
    errors: [401, 403],
  }),
};
