import { errorBody } from '@reach/contract/errors';
import { feedback, feedbackBody } from '@reach/contract/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';

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
      const row = await ctx.db
        .insertInto('feedback')
        .values({
          user_id: currentUser(request).id,
          reported_page: request.body.reported_page,
          content: request.body.content,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send({
        id: row.id,
        reported_page: row.reported_page,
        content: row.content,
        status: row.status,
        created_at: row.created_at.toISOString(),
      });
    },
  });
}
