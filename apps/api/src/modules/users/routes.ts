import { errorBody } from '@reach/contract/errors';
import { user as userSchema } from '@reach/contract/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { presentCurrentUser } from './presenter';

export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get('/my/user', {
    schema: {
      tags: ['users'],
      summary: 'The signed-in user (spec §3 User)',
      security: [{ bearer: [] }],
      response: { 200: userSchema, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => presentCurrentUser(ctx, currentUser(request)),
  });
}
