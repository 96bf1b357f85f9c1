import { adminMenu, businessMenu, dashboard, influencerMenu } from '@reach/contract/dashboard';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireType } from '../../plugins/auth';
import { adminMenuCounts, businessMenuCounts, influencerMenuCounts } from './menu';
import { adminDashboard, businessDashboard, influencerDashboard } from './service';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const errors = { 401: errorBody, 403: errorBody };

export async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const business = requireType('business');
  const influencer = requireType('influencer');
  const admin = requireType('admin');

  r.get('/dashboard/businesses', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Business dashboard figures',
      response: { 200: dashboard, ...errors },
    },
    handler: (request) => businessDashboard(ctx, currentUser(request)),
  });
  r.get('/dashboard/businesses/menu', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Business sidebar counts',
      response: { 200: businessMenu, ...errors },
    },
    handler: (request) => businessMenuCounts(ctx, currentUser(request)),
  });
  r.get('/dashboard/influencers', {
    preHandler: influencer,
    schema: {
      tags,
      security,
      summary: 'Influencer dashboard figures',
      response: { 200: dashboard, ...errors },
    },
    handler: (request) => influencerDashboard(ctx, currentUser(request)),
  });
  r.get('/dashboard/influencers/menu', {
    preHandler: influencer,
    schema: {
      tags,
      security,
      summary: 'Influencer sidebar counts',
      response: { 200: influencerMenu, ...errors },
    },
    handler: (request) => influencerMenuCounts(ctx, currentUser(request)),
  });
  r.get('/dashboard/admin', {
    preHandler: admin,
    schema: { tags, security, summary: 'Admin dashboard figures', response: { 200: dashboard, ...errors } },
    handler: () => adminDashboard(ctx),
  });
  r.get('/dashboard/admin/menu', {
    preHandler: admin,
    schema: { tags, security, summary: 'Admin sidebar counts', response: { 200: adminMenu, ...errors } },
    handler: () => adminMenuCounts(ctx),
  });
}
