import { changePlanBody, subscriptionResponse } from '@reach/contract/billing';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireType } from '../../plugins/auth';
import { cancelPlan, changePlan, presentSubscription } from './service';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody };

/** The business's plan: read it, switch plans, cancel at period end. Never gated (spec §5 exempt paths). */
export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const business = requireType('business');

  r.get('/my/subscription', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Your plan, trial and the plans on offer',
      response: { 200: subscriptionResponse, ...errors },
    },
    handler: (request) => presentSubscription(ctx, currentUser(request).id),
  });
  r.post('/my/subscription', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Start or switch to a paid plan',
      body: changePlanBody,
      response: { 200: subscriptionResponse, ...errors },
    },
    handler: async (request) => {
      const user = currentUser(request);
      await changePlan(ctx, user.id, request.body.plan);
      return presentSubscription(ctx, user.id);
    },
  });
  r.post('/my/subscription/cancel', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Cancel the paid plan at the end of its period',
      response: { 200: subscriptionResponse, ...errors },
    },
    handler: async (request) => {
      const user = currentUser(request);
      await cancelPlan(ctx, user.id);
      return presentSubscription(ctx, user.id);
    },
  });
}
