import { adminMenu, businessDashboard, businessMenu, dashboard, influencerMenu } from '../dashboard';
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
  adminMenu: endpoint({
    method: 'GET',
    path: '/dashboard/admin/menu',
    tags: ['dashboard'],
    summary: 'Admin sidebar counts',
    response: adminMenu,
    errors: [401, 403],
  }),
};
