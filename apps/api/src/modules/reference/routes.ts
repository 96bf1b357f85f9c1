import { errorBody } from '@reach/contract/errors';
import { countriesResponse, interestsResponse, searchQuery, statesResponse } from '@reach/contract/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { searchCountries, searchInterests, searchStates } from './search';

const tags = ['reference'];

/** Reference data the forms need: US states, countries and the interest (keyword) taxonomy. */
export async function referenceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/states/search', {
    schema: {
      tags,
      summary: 'US states (fetched once by the client)',
      querystring: searchQuery,
      response: { 200: statesResponse, 401: errorBody },
    },
    handler: async (request) => ({ data: await searchStates(ctx, request.query) }),
  });

  r.get('/countries/search', {
    schema: {
      tags,
      summary: 'Countries',
      querystring: searchQuery,
      response: { 200: countriesResponse, 401: errorBody },
    },
    handler: async (request) => ({ data: await searchCountries(ctx, request.query) }),
  });

  r.get('/keywords/search', {
    schema: {
      tags,
      summary: 'Interests (keywords), optionally filtered by name',
      querystring: searchQuery,
      response: { 200: interestsResponse, 401: errorBody },
    },
    handler: async (request) => ({ data: await searchInterests(ctx, request.query) }),
  });
}
