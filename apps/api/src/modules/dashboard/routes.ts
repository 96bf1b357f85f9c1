import { dashboardApi } from '@reach/contract/endpoints/dashboard';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, currentBusiness, currentProfile, currentUser, requireType } from '../../plugins/auth';
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

  // The account's facts (credits, plan, profile) come with the caller's statement (`callerProfile`), as on
  // GET /my/user: one statement fewer a request.
  route(app, dashboardApi.business, { ...business, config: { callerProfile: true } }, (request) =>
    businessDashboard(ctx, currentUser(request), currentBusiness(request), currentProfile(request)),
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
