import { feedbackApi } from '@reach/contract/endpoints/feedback';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentUser, requireType } from '../../plugins/auth';
import { createFeedback, listFeedback, setFeedbackStatus } from './service';

export async function feedbackRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, feedbackApi.send, { config: { rateLimit: { max: 20, timeWindow: 60_000 } } }, async (request) =>
    createFeedback(ctx, currentUser(request).id, request.body),
  );

  // ── administration ──────────────────────────────────────────────────────────────────────────────────────
  const admin = { onRequest: requireType('admin') };
  route(app, feedbackApi.list, admin, async (request) => listFeedback(ctx, request.query));
  route(app, feedbackApi.setStatus, admin, async (request) =>
    setFeedbackStatus(ctx, currentUser(request), request.params.id, request.body.status),
  );
}
