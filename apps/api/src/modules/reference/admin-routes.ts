import {
  adminCountriesPage,
  adminCountriesQuery,
  adminCountry,
  adminInterest,
  adminInterestsPage,
  adminInterestsQuery,
  adminState,
  adminStatesPage,
  adminStatesQuery,
  createCountryBody,
  createInterestBody,
  createStateBody,
  interestCategories,
  referenceIdParams,
  updateCountryBody,
  updateInterestBody,
  updateStateBody,
} from '@reach/contract/admin-reference';
import { ok } from '@reach/contract/common';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireType } from '../../plugins/auth';
import {
  createInterest,
  deleteInterest,
  listInterestCategories,
  listInterests,
  updateInterest,
} from './interests';
import {
  createCountry,
  createState,
  deleteCountry,
  deleteState,
  listCountries,
  listStates,
  updateCountry,
  updateState,
} from './locations';

const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const write = { ...read, 409: errorBody };

/**
 * Reference data administration: interests (keywords), states and countries. Admin only; the role is checked
 * before anything is validated. Every change is written to the audit log with the admin who made it.
 */
export async function referenceAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireType('admin'));

  // ── interests (keywords) ────────────────────────────────────────────────────────────────────────────────
  const interests = ['admin: interests'];
  r.get('/admin/keywords', {
    schema: {
      tags: interests,
      security,
      summary: 'Interests with how many campaigns and influencers use each; search, category, paging',
      querystring: adminInterestsQuery,
      response: { 200: adminInterestsPage, ...read },
    },
    handler: async (request) => listInterests(ctx, request.query),
  });
  r.get('/admin/keywords/categories', {
    schema: {
      tags: interests,
      security,
      summary: 'The interest categories in use',
      response: { 200: interestCategories, ...read },
    },
    handler: async () => ({ data: await listInterestCategories(ctx) }),
  });
  r.post('/admin/keywords', {
    schema: {
      tags: interests,
      security,
      summary: 'Add an interest (names are unique, case-insensitive → 409)',
      body: createInterestBody,
      response: { 201: adminInterest, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createInterest(ctx, currentUser(request), request.body)),
  });
  r.put('/admin/keywords/:id', {
    schema: {
      tags: interests,
      security,
      summary: 'Rename an interest or change its category (campaigns and influencers keep it)',
      params: referenceIdParams,
      body: updateInterestBody,
      response: { 200: adminInterest, ...write },
    },
    handler: async (request) => updateInterest(ctx, currentUser(request), request.params.id, request.body),
  });
  r.delete('/admin/keywords/:id', {
    schema: {
      tags: interests,
      security,
      summary: 'Delete an unused interest (used → 409 saying by what)',
      params: referenceIdParams,
      response: { 200: ok, ...write },
    },
    handler: async (request) => {
      await deleteInterest(ctx, currentUser(request), request.params.id);
      return { ok: true as const };
    },
  });

  // ── states ──────────────────────────────────────────────────────────────────────────────────────────────
  const states = ['admin: states'];
  r.get('/admin/states', {
    schema: {
      tags: states,
      security,
      summary: 'States with their country and how many addresses use each; search, country, paging',
      querystring: adminStatesQuery,
      response: { 200: adminStatesPage, ...read },
    },
    handler: async (request) => listStates(ctx, request.query),
  });
  r.post('/admin/states', {
    schema: {
      tags: states,
      security,
      summary: 'Add a state with its discovery location id (id or code taken → 409)',
      body: createStateBody,
      response: { 201: adminState, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createState(ctx, currentUser(request), request.body)),
  });
  r.put('/admin/states/:id', {
    schema: {
      tags: states,
      security,
      summary: 'Change the name, code or country of a state (its location id stays)',
      params: referenceIdParams,
      body: updateStateBody,
      response: { 200: adminState, ...write },
    },
    handler: async (request) => updateState(ctx, currentUser(request), request.params.id, request.body),
  });
  r.delete('/admin/states/:id', {
    schema: {
      tags: states,
      security,
      summary: 'Delete a state no address uses (used → 409)',
      params: referenceIdParams,
      response: { 200: ok, ...write },
    },
    handler: async (request) => {
      await deleteState(ctx, currentUser(request), request.params.id);
      return { ok: true as const };
    },
  });

  // ── countries ───────────────────────────────────────────────────────────────────────────────────────────
  const countries = ['admin: countries'];
  r.get('/admin/countries', {
    schema: {
      tags: countries,
      security,
      summary: 'Countries with how many states and influencers use each; search, paging',
      querystring: adminCountriesQuery,
      response: { 200: adminCountriesPage, ...read },
    },
    handler: async (request) => listCountries(ctx, request.query),
  });
  r.post('/admin/countries', {
    schema: {
      tags: countries,
      security,
      summary: 'Add a country with its discovery location id (id or code taken → 409)',
      body: createCountryBody,
      response: { 201: adminCountry, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createCountry(ctx, currentUser(request), request.body)),
  });
  r.put('/admin/countries/:id', {
    schema: {
      tags: countries,
      security,
      summary: 'Change the name or code of a country (its location id stays)',
      params: referenceIdParams,
      body: updateCountryBody,
      response: { 200: adminCountry, ...write },
    },
    handler: async (request) => updateCountry(ctx, currentUser(request), request.params.id, request.body),
  });
  r.delete('/admin/countries/:id', {
    schema: {
      tags: countries,
      security,
      summary: 'Delete a country without states or influencers (used → 409)',
      params: referenceIdParams,
      response: { 200: ok, ...write },
    },
    handler: async (request) => {
      await deleteCountry(ctx, currentUser(request), request.params.id);
      return { ok: true as const };
    },
  });
}
