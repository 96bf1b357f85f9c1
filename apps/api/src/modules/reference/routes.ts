import { errorBody } from '@reach/contract/errors';
import { countriesResponse, interestsResponse, searchQuery, statesResponse } from '@reach/contract/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

const tags = ['reference'];

/** Reference data the forms need: US states, countries and the interest (keyword) taxonomy. */
export async function referenceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

  r.get('/states/search', {
    schema: {
      tags,
      summary: 'US states (fetched once by the client)',
      querystring: searchQuery,
      response: { 200: statesResponse, 401: errorBody },
    },
    handler: async (request) => {
      let q = db.selectFrom('states').select(['id', 'name', 'code', 'country_id']).orderBy('name');
      if (request.query.query) q = q.where('name', 'ilike', like(request.query.query));
      return { data: await q.limit(request.query.limit ?? 500).execute() };
    },
  });

  r.get('/countries/search', {
    schema: {
      tags,
      summary: 'Countries',
      querystring: searchQuery,
      response: { 200: countriesResponse, 401: errorBody },
    },
    handler: async (request) => {
      let q = db.selectFrom('countries').select(['id', 'name', 'code']).orderBy('name');
      if (request.query.query) q = q.where('name', 'ilike', like(request.query.query));
      return { data: await q.limit(request.query.limit ?? 500).execute() };
    },
  });

  r.get('/keywords/search', {
    schema: {
      tags,
      summary: 'Interests (keywords), optionally filtered by name',
      querystring: searchQuery,
      response: { 200: interestsResponse, 401: errorBody },
    },
    handler: async (request) => {
      let q = db.selectFrom('interests').select(['id', 'name', 'category']).orderBy('name');
      if (request.query.query) q = q.where('name', 'ilike', like(request.query.query));
      return { data: await q.limit(request.query.limit ?? 500).execute() };
    },
  });
}
