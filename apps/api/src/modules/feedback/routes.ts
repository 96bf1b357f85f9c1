import { errorBody } from '@reach/contract/errors';
import {
  adminFeedback,
  feedback,
  feedbackBody,
  feedbackIdParams,
  feedbackPage,
  feedbackQuery,
  updateFeedbackBody,
} from '@reach/contract/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireType } from '../../plugins/auth';
import { createFeedback, listFeedback, setFeedbackStatus } from './service';

export async function feedbackRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/feedback', {
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    schema: {
      tags: ['feedback'],
      security: [{ bearer: [] }],
      summary: 'Send feedback from the Help dialog',
      body: feedbackBody,
      response: {
        201: feedback.pick({ id: true, reported_page: true, content: true, status: true, created_at: true }),
        400: errorBody,
        401: errorBody,
      },
    },
    handler: async (request, reply) => {
      return reply.status(201).send(await createFeedback(ctx, currentUser(request).id, request.body));
    },
  });

  // ── administration ──────────────────────────────────────────────────────────────────────────────────────
  const admin = requireType('admin');
  const tags = ['admin: feedback'];
  const security = [{ bearer: [] }];

  r.get('/admin/feedback', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Feedback from the Help dialog: sender, page and status; filter by status, search',
      querystring: feedbackQuery,
      response: { 200: feedbackPage, 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => listFeedback(ctx, request.query),
  });

  r.put('/admin/feedback/:id', {
    onRequest: admin,
    schema: {
      tags,
      security,
      summary: 'Mark feedback resolved or open again',
      params: feedbackIdParams,
      body: updateFeedbackBody,
      response: { 200: adminFeedback, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (request) =>
      setFeedbackStatus(ctx, currentUser(request), request.params.id, request.body.status),
  });
}
