import { referenceApi } from '@reach/contract/endpoints/reference';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { searchCountries, searchInterests, searchStates } from './search';

/** Reference data the forms need: US states, countries and the interest (keyword) taxonomy. */
export async function referenceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, referenceApi.states, {}, async (request) => ({ data: await searchStates(ctx, request.query) }));
  route(app, referenceApi.countries, {}, async (request) => ({
    data: await searchCountries(ctx, request.query),
  }));
  route(app, referenceApi.interests, {}, async (request) => ({
    data: await searchInterests(ctx, request.query),
  }));
}
