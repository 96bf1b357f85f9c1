import { API_MESSAGE } from '@reach/contract/messages';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';

/** GET /health: the database answers a trivial query, else 503. */
export async function checkDatabase(ctx: AppContext): Promise<void> {
  try {
    await sql`select 1`.execute(ctx.db);
  } catch {
    throw new AppError('unavailable', API_MESSAGE.databaseUnreachable);
  }
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
