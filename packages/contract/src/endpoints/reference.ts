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
} from '../admin-reference';
import { ok } from '../common';
import { type ErrorStatus, endpoint } from '../endpoint';
import { countriesResponse, interestsResponse, searchQuery, statesResponse } from '../reference';

/** Reference data the forms need: US states, countries and the interest (keyword) taxonomy. */
export const referenceApi = {
  states: endpoint({
    method: 'GET',
    path: '/states/search',
    tags: ['reference'],
    summary: 'US states (fetched once by the client)',
    query: searchQuery,
    response: statesResponse,
    errors: [401],
  }),
  countries: endpoint({
    method: 'GET',
    path: '/countries/search',
    tags: ['reference'],
    summary: 'Countries',
    query: searchQuery,
    response: countriesResponse,
    errors: [401],
  }),
  interests: endpoint({
    method: 'GET',
    path: '/keywords/search',
    tags: ['reference'],
    summary: 'Interests (keywords), optionally filtered by name',
    query: searchQuery,
    response: interestsResponse,
    errors: [401],
  }),
};

const READ = [400, 401, 403, 404] as const satisfies readonly ErrorStatus[];
const WRITE = [...READ, 409] as const satisfies readonly ErrorStatus[];

/**
 * Reference data administration: interests (keywords), states and countries. Admin only; every change is
 * written to the audit log with the admin who made it.
 */
export const adminInterestsApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/keywords',
    tags: ['admin: interests'],
    summary: 'Interests with how many campaigns and influencers use each; search, category, paging',
    query: adminInterestsQuery,
    response: adminInterestsPage,
    errors: READ,
  }),
  categories: endpoint({
    method: 'GET',
    path: '/admin/keywords/categories',
    tags: ['admin: interests'],
    summary: 'The interest categories in use',
    response: interestCategories,
    errors: READ,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/keywords',
    tags: ['admin: interests'],
    summary: 'Add an interest (names are unique, case-insensitive → 409)',
    body: createInterestBody,
    status: 201,
    response: adminInterest,
    errors: WRITE,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/keywords/:id',
    tags: ['admin: interests'],
    summary: 'Rename an interest or change its category (campaigns and influencers keep it)',
    params: referenceIdParams,
    body: updateInterestBody,
    response: adminInterest,
    errors: WRITE,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/keywords/:id',
    tags: ['admin: interests'],
    summary: 'Delete an unused interest (used → 409 saying by what)',
    params: referenceIdParams,
    response: ok,
    errors: WRITE,
  }),
};

export const adminStatesApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/states',
    tags: ['admin: states'],
    summary: 'States with their country and how many addresses use each; search, country, paging',
    query: adminStatesQuery,
    response: adminStatesPage,
    errors: READ,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/states',
    tags: ['admin: states'],
    summary: 'Add a state with its discovery location id (id or code taken → 409)',
    body: createStateBody,
    status: 201,
    response: adminState,
    errors: WRITE,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/states/:id',
    tags: ['admin: states'],
    summary: 'Change the name, code or country of a state (its location id stays)',
    params: referenceIdParams,
    body: updateStateBody,
    response: adminState,
    errors: WRITE,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/states/:id',
    tags: ['admin: states'],
    summary: 'Delete a state no address uses (used → 409)',
    params: referenceIdParams,
    response: ok,
    errors: WRITE,
  }),
};

export const adminCountriesApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/countries',
    tags: ['admin: countries'],
    summary: 'Countries with how many states and influencers use each; search, paging',
    query: adminCountriesQuery,
    response: adminCountriesPage,
    errors: READ,
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/countries',
    tags: ['admin: countries'],
    summary: 'Add a country with its discovery location id (id or code taken → 409)',
    body: createCountryBody,
    status: 201,
    response: adminCountry,
    errors: WRITE,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/countries/:id',
    tags: ['admin: countries'],
    summary: 'Change the name or code of a country (its location id stays)',
    params: referenceIdParams,
    body: updateCountryBody,
    response: adminCountry,
    errors: WRITE,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/countries/:id',
    tags: ['admin: countries'],
    summary: 'Delete a country without states or influencers (used → 409)',
    params: referenceIdParams,
    response: ok,
    errors: WRITE,
  }),
};
