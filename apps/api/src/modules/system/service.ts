import { API_MESSAGE } from '@reach/contract/messages';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { KNOWN_MIGRATIONS } from '../../db/migrate';
import { AppError } from '../../lib/app-error';
import { sqlState } from '../../lib/db-errors';

/** GET /health: the database answers a trivial query, else 503. */
export async function checkDatabase(ctx: AppContext): Promise<void> {
  try {
    await sql`select 1`.execute(ctx.db);
  } catch {
    throw new AppError('unavailable', API_MESSAGE.databaseUnreachable);
  }
}

/**
 * GET /health/ready: the database answers a trivial query and every migration this code knows is recorded in
 * Kysely's migration table, and the replicas' Redis answers when REDIS_URL is set; else 503 naming the failed
 * check in `fields`.
 */
export async function checkReadiness(ctx: AppContext): Promise<void> {
  let applied: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(ctx.db);
    applied = new Set(rows.map((r) => r.name));
  } catch (error) {
    // Reachable but without the migration table: nothing is applied.
    if (sqlState(error) === PG_UNDEFINED_TABLE) applied = new Set();
    else throw notReady({ database: API_MESSAGE.databaseUnreachable });
  }
  const missing = KNOWN_MIGRATIONS.filter((name) => !applied.has(name));
  if (missing.length) throw notReady({ migrations: `Not applied: ${missing.join(', ')}` });
  // The replicas' shared Redis (REDIS_URL): without it live events and rate limits are not shared.
  if (ctx.redis && !(await ctx.redis.ping())) throw notReady({ redis: API_MESSAGE.redisUnreachable });
}

const PG_UNDEFINED_TABLE = '42P01';

function notReady(fields: Record<string, string>): AppError {
  return new AppError('unavailable', `Not ready: ${Object.keys(fields).join(', ')}`, fields);
}

/** Dev tools: the latest 100 mails of the outbox, newest first, optionally only those to one address. */
export async function listOutbox(ctx: AppContext, to?: string) {
  let q = ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(100);
  if (to) q = q.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to.toLowerCase()));
  return q.execute();
}

/**
 * Dev tools: notifies the user with this email address `count` times (numbered when more than one), as another
 * module would; 404 when no user has it.
 */
export async function notifyByEmail(
  ctx: AppContext,
  email: string,
  body: string,
  count: number,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (!user) throw new AppError('not_found', API_MESSAGE.devUserNotFound);
  for (let i = 1; i <= count; i++) {
    await ctx.notifier.notify(user.id, { category: 'campaigns', body: count > 1 ? `${body} (${i})` : body });
  }
}
