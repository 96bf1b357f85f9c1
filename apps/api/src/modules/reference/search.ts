import type { searchQuery } from '@reach/contract/reference';
import type { z } from 'zod';
import type { AppContext } from '../../context';

/* The reference lists the forms search (GET /states/search, /countries/search, /keywords/search). */

type Query = z.output<typeof searchQuery>;

// A typed `%` or `_` is a character to find, not a wildcard.
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** US states by name (all of them by default: the client fetches them once). */
export async function searchStates(ctx: AppContext, query: Query) {
  let q = ctx.db.selectFrom('states').select(['id', 'name', 'code', 'country_id']).orderBy('name');
  if (query.query) q = q.where('name', 'ilike', like(query.query));
  return q.limit(query.limit ?? 500).execute();
}

/** Countries by name. */
export async function searchCountries(ctx: AppContext, query: Query) {
  let q = ctx.db.selectFrom('countries').select(['id', 'name', 'code']).orderBy('name');
  if (query.query) q = q.where('name', 'ilike', like(query.query));
  return q.limit(query.limit ?? 500).execute();
}

/** Interests (keywords) by name. */
export async function searchInterests(ctx: AppContext, query: Query) {
  let q = ctx.db.selectFrom('interests').select(['id', 'name', 'category']).orderBy('name');
  if (query.query) q = q.where('name', 'ilike', like(query.query));
  return q.limit(query.limit ?? 500).execute();
}
