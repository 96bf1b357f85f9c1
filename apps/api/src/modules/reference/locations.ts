import type {
  AdminCountriesPage,
  AdminCountry,
  AdminState,
  AdminStatesPage,
  adminCountriesQuery,
  adminStatesQuery,
  CountrySortKey,
  CreateCountryBody,
  CreateStateBody,
  StateSortKey,
  UpdateCountryBody,
  UpdateStateBody,
} from '@reach/contract/admin-reference';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Expression, type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, sqlState } from '../../lib/db-errors';
import { countryDeletionRefusal, stateDeletionRefusal } from './policy';

/*
 * States and countries (reference data). Their id is the discovery provider's location id, chosen when the row
 * is added and never changed. Codes are unique (countries globally, states within their country). A row in use
 * cannot be deleted; the counts are checked first for a precise message, and a foreign key that still refers to
 * the row (a table added later) is caught as the same 409.
 */

type Db = Kysely<DB> | Transaction<DB>;
type StatesQuery = z.output<typeof adminStatesQuery>;
type CountriesQuery = z.output<typeof adminCountriesQuery>;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const stateNotFound = () => new AppError('not_found', API_MESSAGE.stateNotFound);
const countryNotFound = () => new AppError('not_found', API_MESSAGE.countryNotFound);

/**
 * Location ids are unique within their table. (The same id may be both a country and a state: Puerto Rico is
 * location 4422604 in both lists.)
 */
async function assertLocationIdFree(db: Db, table: 'countries' | 'states', id: number) {
  const used = await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst();
  if (used) {
    const message = API_MESSAGE.locationIdTaken(id, used.name);
    throw new AppError('conflict', message, { id: message });
  }
}

function conflictOnUnique(message: string, field: string) {
  return (error: unknown): never => {
    if (sqlState(error) === PG_UNIQUE_VIOLATION)
      throw new AppError('conflict', message, { [field]: message });
    throw error;
  };
}

// ── states ────────────────────────────────────────────────────────────────────────────────────────────────

const STATE_BUSINESSES = sql<number>`(select count(*)::int from businesses x where x.state_id = s.id)`;
const STATE_INFLUENCERS = sql<number>`(select count(*)::int from influencer_profiles x where x.state_id = s.id)`;

const STATE_SORT: Record<StateSortKey, Expression<unknown>> = {
  name: sql`lower(s.name)`,
  code: sql`s.code`,
  id: sql`s.id`,
  country: sql`lower(c.name)`,
  businesses: STATE_BUSINESSES,
  influencers: STATE_INFLUENCERS,
};

const STATE_COLUMNS = [
  's.id',
  's.name',
  's.code',
  's.country_id',
  'c.name as country_name',
  STATE_BUSINESSES.as('businesses'),
  STATE_INFLUENCERS.as('influencers'),
] as const;

function states(db: Db) {
  return db.selectFrom('states as s').innerJoin('countries as c', 'c.id', 's.country_id');
}

type StateRow = {
  id: number;
  name: string;
  code: string;
  country_id: number;
  country_name: string;
  businesses: number;
  influencers: number;
};

const presentState = (r: StateRow): AdminState => ({
  ...r,
  businesses: Number(r.businesses),
  influencers: Number(r.influencers),
});

async function getState(db: Db, id: number): Promise<AdminState> {
  const row = await states(db).select(STATE_COLUMNS).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw stateNotFound();
  return presentState(row);
}

/** GET /admin/states */
export async function listStates(ctx: AppContext, query: StatesQuery): Promise<AdminStatesPage> {
  let q = states(ctx.db);
  if (query.country_id !== undefined) q = q.where('s.country_id', '=', query.country_id);
  if (query.search) {
    const pattern = like(query.search);
    q = q.where((eb) => eb.or([eb('s.name', 'ilike', pattern), eb('s.code', 'ilike', pattern)]));
  }
  const direction = query.sortDesc;
  const [rows, total] = await Promise.all([
    q
      .select(STATE_COLUMNS)
      .orderBy(STATE_SORT[query.sortBy], direction)
      .orderBy('s.id', direction)
      .limit(query.items)
      .offset((query.page - 1) * query.items)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(presentState), total: Number(total.n) };
}

async function assertCountry(db: Db, countryId: number) {
  const found = await db.selectFrom('countries').select('id').where('id', '=', countryId).executeTakeFirst();
  if (!found) {
    throw new AppError('validation', API_MESSAGE.countryUnknown, { country_id: API_MESSAGE.countryUnknown });
  }
}

async function assertStateCodeFree(db: Db, countryId: number, code: string, exceptId?: number) {
  let q = db.selectFrom('states').select('id').where('country_id', '=', countryId).where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) {
    throw new AppError('conflict', API_MESSAGE.stateCodeTaken, { code: API_MESSAGE.stateCodeTaken });
  }
}

/** POST /admin/states */
export async function createState(
  ctx: AppContext,
  actor: UserRow,
  body: Required<CreateStateBody>,
): Promise<AdminState> {
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await assertCountry(trx, body.country_id);
      await assertLocationIdFree(trx, 'states', body.id);
      await assertStateCodeFree(trx, body.country_id, body.code);
      await trx
        .insertInto('states')
        .values({ id: body.id, country_id: body.country_id, name: body.name, code: body.code })
        .execute();
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'state.created',
        subjectType: 'state',
        subjectId: body.id,
        data: { name: body.name, code: body.code, country_id: body.country_id },
      });
    })
    .catch(conflictOnUnique(API_MESSAGE.stateCodeTaken, 'code'));
  return getState(ctx.db, body.id);
}

/** PUT /admin/states/{id} */
export async function updateState(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: UpdateStateBody,
): Promise<AdminState> {
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('states')
        .select(['id', 'name', 'code', 'country_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw stateNotFound();
      const next = {
        name: body.name ?? row.name,
        code: body.code ?? row.code,
        country_id: body.country_id ?? row.country_id,
      };
      if (next.name === row.name && next.code === row.code && next.country_id === row.country_id) return;
      if (next.country_id !== row.country_id) await assertCountry(trx, next.country_id);
      if (next.code !== row.code || next.country_id !== row.country_id) {
        await assertStateCodeFree(trx, next.country_id, next.code, id);
      }
      await trx
        .updateTable('states')
        .set({ ...next, updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'state.updated',
        subjectType: 'state',
        subjectId: id,
        data: { from: { name: row.name, code: row.code, country_id: row.country_id }, to: next },
      });
    })
    .catch(conflictOnUnique(API_MESSAGE.stateCodeTaken, 'code'));
  return getState(ctx.db, id);
}

/** DELETE /admin/states/{id}: only a state no business or influencer address uses. */
export async function deleteState(ctx: AppContext, actor: UserRow, id: number): Promise<void> {
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('states')
        .select(['id', 'name', 'code', 'country_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw stateNotFound();
      const usage = await getState(trx, id);
      const refusal = stateDeletionRefusal(usage);
      if (refusal) throw new AppError('conflict', refusal);
      await trx.deleteFrom('states').where('id', '=', id).execute();
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'state.deleted',
        subjectType: 'state',
        subjectId: id,
        data: { name: row.name, code: row.code, country_id: row.country_id },
      });
    })
    .catch((error: unknown) => {
      if (sqlState(error) === PG_FOREIGN_KEY_VIOLATION) {
        throw new AppError('conflict', API_MESSAGE.stateInUse('other records'));
      }
      throw error;
    });
}

// ── countries ─────────────────────────────────────────────────────────────────────────────────────────────

const COUNTRY_STATES = sql<number>`(select count(*)::int from states x where x.country_id = c.id)`;
const COUNTRY_INFLUENCERS = sql<number>`(select count(*)::int from influencer_profiles x where x.country_id = c.id)`;

const COUNTRY_SORT: Record<CountrySortKey, Expression<unknown>> = {
  name: sql`lower(c.name)`,
  code: sql`c.code`,
  id: sql`c.id`,
  states: COUNTRY_STATES,
  influencers: COUNTRY_INFLUENCERS,
};

const COUNTRY_COLUMNS = [
  'c.id',
  'c.name',
  'c.code',
  COUNTRY_STATES.as('states'),
  COUNTRY_INFLUENCERS.as('influencers'),
] as const;

type CountryRow = { id: number; name: string; code: string; states: number; influencers: number };

const presentCountry = (r: CountryRow): AdminCountry => ({
  ...r,
  states: Number(r.states),
  influencers: Number(r.influencers),
});

async function getCountry(db: Db, id: number): Promise<AdminCountry> {
  const row = await db
    .selectFrom('countries as c')
    .select(COUNTRY_COLUMNS)
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw countryNotFound();
  return presentCountry(row);
}

/** GET /admin/countries */
export async function listCountries(ctx: AppContext, query: CountriesQuery): Promise<AdminCountriesPage> {
  let q = ctx.db.selectFrom('countries as c');
  if (query.search) {
    const pattern = like(query.search);
    q = q.where((eb) => eb.or([eb('c.name', 'ilike', pattern), eb('c.code', 'ilike', pattern)]));
  }
  const direction = query.sortDesc;
  const [rows, total] = await Promise.all([
    q
      .select(COUNTRY_COLUMNS)
      .orderBy(COUNTRY_SORT[query.sortBy], direction)
      .orderBy('c.id', direction)
      .limit(query.items)
      .offset((query.page - 1) * query.items)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(presentCountry), total: Number(total.n) };
}

async function assertCountryCodeFree(db: Db, code: string, exceptId?: number) {
  let q = db.selectFrom('countries').select('id').where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) {
    throw new AppError('conflict', API_MESSAGE.countryCodeTaken, { code: API_MESSAGE.countryCodeTaken });
  }
}

/** POST /admin/countries */
export async function createCountry(
  ctx: AppContext,
  actor: UserRow,
  body: Required<CreateCountryBody>,
): Promise<AdminCountry> {
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await assertLocationIdFree(trx, 'countries', body.id);
      await assertCountryCodeFree(trx, body.code);
      await trx.insertInto('countries').values({ id: body.id, name: body.name, code: body.code }).execute();
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'country.created',
        subjectType: 'country',
        subjectId: body.id,
        data: { name: body.name, code: body.code },
      });
    })
    .catch(conflictOnUnique(API_MESSAGE.countryCodeTaken, 'code'));
  return getCountry(ctx.db, body.id);
}

/** PUT /admin/countries/{id} */
export async function updateCountry(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  body: UpdateCountryBody,
): Promise<AdminCountry> {
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('countries')
        .select(['id', 'name', 'code'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw countryNotFound();
      const next = { name: body.name ?? row.name, code: body.code ?? row.code };
      if (next.name === row.name && next.code === row.code) return;
      if (next.code !== row.code) await assertCountryCodeFree(trx, next.code, id);
      await trx
        .updateTable('countries')
        .set({ ...next, updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'country.updated',
        subjectType: 'country',
        subjectId: id,
        data: { from: { name: row.name, code: row.code }, to: next },
      });
    })
    .catch(conflictOnUnique(API_MESSAGE.countryCodeTaken, 'code'));
  return getCountry(ctx.db, id);
}

/** DELETE /admin/countries/{id}: only a country without states or influencers. */
export async function deleteCountry(ctx: AppContext, actor: UserRow, id: number): Promise<void> {
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('countries')
        .select(['id', 'name', 'code'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw countryNotFound();
      const usage = await getCountry(trx, id);
      const refusal = countryDeletionRefusal(usage);
      if (refusal) throw new AppError('conflict', refusal);
      await trx.deleteFrom('countries').where('id', '=', id).execute();
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'country.deleted',
        subjectType: 'country',
        subjectId: id,
        data: { name: row.name, code: row.code },
      });
    })
    .catch((error: unknown) => {
      if (sqlState(error) === PG_FOREIGN_KEY_VIOLATION) {
        throw new AppError('conflict', API_MESSAGE.countryInUse('other records'));
      }
      throw error;
    });
}
