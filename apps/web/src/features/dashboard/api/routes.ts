import type { dashboardApi } from '@reach/contract/endpoints/dashboard';
import type { EndpointRoute } from '../../../lib/api-client';

/**
 * The business dashboard's endpoints by their routes (api-client's `EndpointRoute`), for the dashboard's queries
 * and for the entry script's first requests (app/first-data.ts): route constants only, so that the entry script
 * takes them without the contract's schemas or the dashboard's modules.
 */
export const BUSINESS_DASHBOARD: EndpointRoute<typeof dashboardApi.business> = {
  method: 'GET',
  path: '/dashboard/businesses',
};
export const BUSINESS_RESULTS: EndpointRoute<typeof dashboardApi.businessResults> = {
  method: 'GET',
  path: '/dashboard/businesses/results',
};
