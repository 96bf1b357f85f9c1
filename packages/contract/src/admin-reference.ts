import { z } from 'zod';
import { id, pagingQuery } from './common';

/*
 * Reference data administration (spec §2 /admin/interests, /admin/states, /admin/countries). Interests are the
 * keyword taxonomy that tags campaigns and influencers (GET /keywords/search reads it). States and countries
 * carry the discovery provider's location id as their id (United States = 148838): it is chosen when a row is
 * added and never changes, because profiles, businesses and searches refer to it. Anything in use cannot be
 * deleted (409 with what uses it).
 */

const INT4_MAX = 2_147_483_647;
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const noNul = (v: string) => !v.includes('\u0000');

const search = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(100, { error: 'The search can be at most 100 characters.' })
    .refine(noNul, { error: 'The search contains a character that is not allowed.' })
    .optional(),
);

const label = (name: string, max: number) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, { error: `${name} is required.` })
    .max(max, { error: `${name} must be at most ${max} characters.` })
    .refine(noNul, { error: `${name} contains a character that is not allowed.` });

/** The discovery provider's location id: a positive 32-bit integer. */
const locationId = z
  .number({ error: 'Enter the discovery location id (a whole number).' })
  .int({ error: 'Enter the discovery location id (a whole number).' })
  .min(1, { error: 'The location id must be a positive number.' })
  .max(INT4_MAX, { error: 'The location id is too large.' });

export const referenceIdParams = z.object({ id: id.max(INT4_MAX) });

// ── interests (keywords) ──────────────────────────────────────────────────────────────────────────────────

export const INTEREST_NAME_MAX_LENGTH = 60;
export const INTEREST_SORT_KEYS = ['name', 'category', 'campaigns', 'influencers', 'created_at'] as const;
export type InterestSortKey = (typeof INTEREST_SORT_KEYS)[number];

/** GET /admin/keywords */
export const adminInterestsQuery = pagingQuery(INTEREST_SORT_KEYS, 'name').extend({
  search: search.describe('Part of the name'),
  category: z
    .preprocess(blankToUndefined, z.string().trim().max(60).optional())
    .describe('Only this category'),
});
export type AdminInterestsQuery = z.input<typeof adminInterestsQuery>;

export const adminInterest = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.string(),
    campaigns: z.number().int().describe('Campaigns tagged with it'),
    influencers: z.number().int().describe('Influencer profiles tagged with it'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminInterest' });
export type AdminInterest = z.infer<typeof adminInterest>;
export const adminInterestsPage = z.object({ data: z.array(adminInterest), total: z.number().int() });
export type AdminInterestsPage = z.infer<typeof adminInterestsPage>;

/** GET /admin/keywords/categories: the categories in use, for the form's picker. */
export const interestCategories = z.object({ data: z.array(z.string()) });

/** POST /admin/keywords */
export const createInterestBody = z.object({
  name: label('Name', INTEREST_NAME_MAX_LENGTH).describe('Unique, case-insensitive'),
  category: label('Category', 60),
});
export type CreateInterestBody = z.input<typeof createInterestBody>;

/** PUT /admin/keywords/{id}: rename and/or move to another category. */
export const updateInterestBody = createInterestBody.partial();
export type UpdateInterestBody = z.input<typeof updateInterestBody>;

// ── countries ─────────────────────────────────────────────────────────────────────────────────────────────

export const COUNTRY_SORT_KEYS = ['name', 'code', 'id', 'states', 'influencers'] as const;
export type CountrySortKey = (typeof COUNTRY_SORT_KEYS)[number];

/** GET /admin/countries */
export const adminCountriesQuery = pagingQuery(COUNTRY_SORT_KEYS, 'name').extend({
  search: search.describe('Part of the name, or the code'),
});
export type AdminCountriesQuery = z.input<typeof adminCountriesQuery>;

export const adminCountry = z
  .object({
    id: z.number().int().describe('Discovery location id'),
    name: z.string(),
    code: z.string().describe('ISO 3166-1 alpha-2'),
    states: z.number().int(),
    influencers: z.number().int(),
  })
  .meta({ id: 'AdminCountry' });
export type AdminCountry = z.infer<typeof adminCountry>;
export const adminCountriesPage = z.object({ data: z.array(adminCountry), total: z.number().int() });
export type AdminCountriesPage = z.infer<typeof adminCountriesPage>;

const countryCode = z
  .string({ error: 'Enter the two-letter country code.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'Enter the two-letter country code (ISO 3166-1, e.g. US).' });

/** POST /admin/countries */
export const createCountryBody = z.object({
  id: locationId.describe('Discovery location id'),
  name: label('Name', 100),
  code: countryCode,
});
export type CreateCountryBody = z.input<typeof createCountryBody>;

/** PUT /admin/countries/{id}: name and code (the location id never changes). */
export const updateCountryBody = z.object({
  name: label('Name', 100).optional(),
  code: countryCode.optional(),
});
export type UpdateCountryBody = z.input<typeof updateCountryBody>;

// ── states ────────────────────────────────────────────────────────────────────────────────────────────────

export const STATE_SORT_KEYS = ['name', 'code', 'id', 'country', 'businesses', 'influencers'] as const;
export type StateSortKey = (typeof STATE_SORT_KEYS)[number];

/** GET /admin/states */
export const adminStatesQuery = pagingQuery(STATE_SORT_KEYS, 'name').extend({
  search: search.describe('Part of the name, or the code'),
  country_id: z
    .preprocess(blankToUndefined, id.max(INT4_MAX).optional())
    .describe('Only states of this country'),
});
export type AdminStatesQuery = z.input<typeof adminStatesQuery>;

export const adminState = z
  .object({
    id: z.number().int().describe('Discovery location id'),
    name: z.string(),
    code: z.string(),
    country_id: z.number().int(),
    country_name: z.string(),
    businesses: z.number().int().describe('Business addresses in this state'),
    influencers: z.number().int().describe('Influencer profiles in this state'),
  })
  .meta({ id: 'AdminState' });
export type AdminState = z.infer<typeof adminState>;
export const adminStatesPage = z.object({ data: z.array(adminState), total: z.number().int() });
export type AdminStatesPage = z.infer<typeof adminStatesPage>;

const stateCode = z
  .string({ error: 'Enter the state code.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{1,10}$/, { error: 'Enter the state code: letters and digits, at most 10 (e.g. CA).' });

/** POST /admin/states */
export const createStateBody = z.object({
  id: locationId.describe('Discovery location id'),
  country_id: locationId.describe('The country (its location id)'),
  name: label('Name', 100),
  code: stateCode,
});
export type CreateStateBody = z.input<typeof createStateBody>;

/** PUT /admin/states/{id}: name, code or country (the location id never changes). */
export const updateStateBody = z.object({
  name: label('Name', 100).optional(),
  code: stateCode.optional(),
  country_id: locationId.optional(),
});
export type UpdateStateBody = z.input<typeof updateStateBody>;
