import { dashboardApi } from '@reach/contract/endpoints/dashboard';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import {
  callerColumnsOf,
  currentActor,
  currentBusiness,
  currentProfile,
  currentUser,
  requireType,
} from '../../plugins/auth';
import {
  adminMenu,
  businessMenu,
  influencerMenu,
  presentAdminMenu,
  presentBusinessMenu,
  presentInfluencerMenu,
} from './menu';
import {
  adminDashboard,
  businessDashboard,
  businessDashboardCounts,
  businessEmvRates,
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
  route(
    app,
    dashboardApi.business,
    { ...business, config: { callerProfile: true, callerColumns: businessDashboardCounts } },
    (request) =>
      businessDashboard(
        ctx,
        currentUser(request),
        currentBusiness(request),
        currentProfile(request),
        callerColumnsOf(request, businessDashboardCounts),
      ),
  );
  route(
    app,
    dashboardApi.businessResults,
    { ...business, config: { callerColumns: businessEmvRates } },
    (request) => businessResults(ctx, currentActor(request), callerColumnsOf(request, businessEmvRates)),
  );
  // The sidebars' counts come with the caller's statement (`callerColumns`): no statement of their own.
  route(
    app,
    dashboardApi.businessMenu,
    { ...business, config: { callerColumns: businessMenu } },
    async (request) => presentBusinessMenu(callerColumnsOf(request, businessMenu)),
  );
  route(app, dashboardApi.influencer, { ...influencer, config: { callerProfile: true } }, (request) =>
    influencerDashboard(ctx, currentUser(request), currentProfile(request)),
  );
  route(
    app,
    dashboardApi.influencerMenu,
    { ...influencer, config: { callerColumns: influencerMenu } },
    async (request) => presentInfluencerMenu(callerColumnsOf(request, influencerMenu)),
  );
  route(app, dashboardApi.admin, admin, () => adminDashboard(ctx));
  route(app, dashboardApi.adminTotals, admin, (request) =>
    platformTotals(ctx, currentActor(request), request.query.period),
  );
  route(app, dashboardApi.adminMenu, { ...admin, config: { callerColumns: adminMenu } }, async (request) =>
    presentAdminMenu(callerColumnsOf(request, adminMenu)),
  );
}
