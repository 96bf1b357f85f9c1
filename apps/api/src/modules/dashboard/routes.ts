import { dashboardApi } from '@reach/contract/endpoints/dashboard';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, currentBusiness, currentUser, requireType } from '../../plugins/auth';
import { adminMenuCounts, businessMenuCounts, influencerMenuCounts } from './menu';
import {
  adminDashboard,
  businessDashboard,
  businessResults,
  influencerDashboard,
  platformTotals,
} from './service';

export async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const business = { preHandler: requireType('business') };
  const influencer = { preHandler: requireType('influencer') };
  const admin = { preHandler: requireType('admin') };

  route(app, dashboardApi.business, business, (request) =>
    businessDashboard(ctx, currentUser(request), currentBusiness(request)),
  );
  route(app, dashboardApi.businessResults, business, (request) =>
    businessResults(ctx, currentActor(request)),
  );
  route(app, dashboardApi.businessMenu, business, (request) =>
    businessMenuCounts(ctx, currentBusiness(request)),
  );
  route(app, dashboardApi.influencer, influencer, (request) =>
    influencerDashboard(ctx, currentUser(request)),
  );
  route(app, dashboardApi.influencerMenu, influencer, (request) =>
    influencerMenuCounts(ctx, currentUser(request)),
  );
  route(app, dashboardApi.admin, admin, () => adminDashboard(ctx));
  route(app, dashboardApi.adminTotals, admin, (request) =>
    platformTotals(ctx, currentActor(request), request.query.period),
  );
  route(app, dashboardApi.adminMenu, admin, () => adminMenuCounts(ctx));
}
