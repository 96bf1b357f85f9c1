import { adminCountriesApi, adminInterestsApi, adminStatesApi } from '@reach/contract/endpoints/reference';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
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

/**
 * Reference data administration: interests (keywords), states and countries. Admin only; the role is checked
 * before anything is validated. Every change is written to the audit log with the admin who made it.
 */
export async function referenceAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const admin = { onRequest: requireType('admin') };

  // ── interests (keywords) ────────────────────────────────────────────────────────────────────────────────
  route(app, adminInterestsApi.list, admin, async (request) => listInterests(ctx, request.query));
  route(app, adminInterestsApi.categories, admin, async () => ({ data: await listInterestCategories(ctx) }));
  route(app, adminInterestsApi.create, admin, async (request) =>
    createInterest(ctx, currentUser(request), request.body),
  );
  route(app, adminInterestsApi.update, admin, async (request) =>
    updateInterest(ctx, currentUser(request), request.params.id, request.body),
  );
  route(app, adminInterestsApi.remove, admin, async (request) => {
    await deleteInterest(ctx, currentUser(request), request.params.id);
    return { ok: true as const };
  });

  // ── states ──────────────────────────────────────────────────────────────────────────────────────────────
  route(app, adminStatesApi.list, admin, async (request) => listStates(ctx, request.query));
  route(app, adminStatesApi.create, admin, async (request) =>
    createState(ctx, currentUser(request), request.body),
  );
  route(app, adminStatesApi.update, admin, async (request) =>
    updateState(ctx, currentUser(request), request.params.id, request.body),
  );
  route(app, adminStatesApi.remove, admin, async (request) => {
    await deleteState(ctx, currentUser(request), request.params.id);
    return { ok: true as const };
  });

  // ── countries ───────────────────────────────────────────────────────────────────────────────────────────
  route(app, adminCountriesApi.list, admin, async (request) => listCountries(ctx, request.query));
  route(app, adminCountriesApi.create, admin, async (request) =>
    createCountry(ctx, currentUser(request), request.body),
  );
  route(app, adminCountriesApi.update, admin, async (request) =>
    updateCountry(ctx, currentUser(request), request.params.id, request.body),
  );
  route(app, adminCountriesApi.remove, admin, async (request) => {
    await deleteCountry(ctx, currentUser(request), request.params.id);
    return { ok: true as const };
  });
}
