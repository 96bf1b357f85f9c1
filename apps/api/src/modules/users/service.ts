import crypto from 'node:crypto';
import type { AdminUserDetail } from '@reach/contract/admin-users';
import { API_MESSAGE } from '@reach/contract/messages';
import type { User } from '@reach/contract/user';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { influencerTags } from '../../lib/influencer-tags';
import { grantCredits as grantLedgerCredits } from '../discovery/credits';
import { ADMIN_USER_COLUMNS, adminUsers, latestSubscriptions } from './lists';
import { type TargetFacts, type UserAction, userAbilities, userActionRefusal } from './policy';
import { presentAdminUser, presentAuditEntry, presentCurrentUser } from './presenter';
import { type CurrentUserFacts, currentUserFacts } from './queries';

/** How many admin actions the user drawer shows. */
const HISTORY_LENGTH = 20;

const notFound = () => new AppError('not_found', API_MESSAGE.userNotFound);

/**
 * GET /my/user (and every answer that returns the fresh User): the user's facts, loaded unless given (GET /my/user
 * has them from the caller's statement), then presented.
 */
export async function getCurrentUser(
  ctx: AppContext,
  user: UserRow,
  facts?: CurrentUserFacts,
): Promise<User> {
  return presentCurrentUser(ctx, user, facts ?? (await currentUserFacts(ctx.db, user)));
}

/** GET /admin/users/{id}: the account as the drawer shows it, with what the acting admin may do to it. */
export async function getAdminUser(ctx: AppContext, actor: UserRow, id: number): Promise<AdminUserDetail> {
  const { db } = ctx;
  const row = await adminUsers(ctx)
    .leftJoin('states as bs', 'bs.id', 'b.state_id')
    .select(ADMIN_USER_COLUMNS)
    .select([
      'b.type as business_type',
      'b.address_1 as business_address_1',
      'b.city as business_city',
      'b.postal_code as business_postal_code',
      'b.website as business_website',
      'bs.name as business_state',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();

  const [subscriptions, profile, campaigns, feedback, history] = await Promise.all([
    row.type === 'business' ? latestSubscriptions(ctx, [row.id]) : Promise.resolve(new Map()),
    row.type === 'influencer'
      ? db
          .selectFrom('influencer_profiles as p')
          .leftJoin('states as s', 's.id', 'p.state_id')
          .leftJoin('countries as c', 'c.id', 'p.country_id')
          .select([
            'p.city',
            'p.instagram_username',
            'p.tiktok_username',
            'p.youtube_username',
            's.name as state',
            'c.name as country',
            (eb) => influencerTags(eb.ref('p.id')).as('tags'),
          ])
          .where('p.user_id', '=', row.id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    row.business_id === null
      ? Promise.resolve({ n: 0 })
      : db
          .selectFrom('campaigns')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('business_id', '=', row.business_id)
          .executeTakeFirstOrThrow(),
    db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', row.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('audit_log as a')
      .leftJoin('users as actor', 'actor.id', 'a.actor_id')
      .select([
        'a.id',
        'a.action',
        'a.data',
        'a.created_at',
        'a.actor_id',
        (eb) =>
          eb
            .case()
            .when('actor.id', 'is', null)
            .then(null)
            .else(eb.fn<string>('concat_ws', [eb.val(' '), 'actor.given_name', 'actor.family_name']))
            .end()
            .as('actor_name'),
      ])
      .where('a.subject_type', '=', 'user')
      .where('a.subject_id', '=', row.id)
      .orderBy('a.id', 'desc')
      .limit(HISTORY_LENGTH)
      .execute(),
  ]);

  return {
    ...presentAdminUser(ctx, row, subscriptions.get(row.id)),
    given_name: row.given_name,
    family_name: row.family_name,
    business:
      row.type === 'business'
        ? {
            type: row.business_type,
            business_name: row.business_name,
            address_1: row.business_address_1,
            city: row.business_city,
            state: row.business_state,
            postal_code: row.business_postal_code,
            website: row.business_website,
          }
        : null,
    influencer: profile
      ? {
          city: profile.city,
          state: profile.state,
          country: profile.country,
          instagram_username: profile.instagram_username,
          tiktok_username: profile.tiktok_username,
          youtube_username: profile.youtube_username,
          tags: profile.tags,
        }
      : null,
    counts: { campaigns: Number(campaigns.n), feedback: Number(feedback.n) },
    history: history.map(presentAuditEntry),
    abilities: userAbilities(actor.id, row),
  };
}

/** The target account locked FOR UPDATE, refused with the policy's reason when `action` is not allowed. */
async function lockTarget(
  trx: Transaction<DB>,
  actor: UserRow,
  id: number,
  action: UserAction,
  amount?: number,
): Promise<TargetFacts> {
  const target = await trx
    .selectFrom('users')
    .select(['id', 'type', 'status', 'credits'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!target) throw notFound();
  const refusal = userActionRefusal(actor.id, target, action, amount);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  return target;
}

/**
 * POST /admin/users/{id}/suspend: the account stops at once. Its refresh tokens are revoked in the same
 * transaction as the status change and its audit row; access tokens already issued stop working on their next
 * request because the auth plugin reads the status every time (and, after a reactivation, because the token
 * version was bumped); open live streams are told and closed.
 */
export async function suspendUser(ctx: AppContext, actor: UserRow, id: number, reason?: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockTarget(trx, actor, id, 'suspend');
    // Bumping the token version ends the access tokens already issued, so reactivation does not revive them.
    await trx
      .updateTable('users')
      .set((eb) => ({ status: 'suspended', updated_at: now, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const revoked = await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'user.suspended',
      subjectType: 'user',
      subjectId: id,
      data: { reason: reason ?? null, refresh_tokens_revoked: Number(revoked.numUpdatedRows) },
    });
  });
  ctx.live.publish(id, { type: 'account-suspended' });
  return getAdminUser(ctx, actor, id);
}

/** POST /admin/users/{id}/reactivate: the account may sign in again (its old sessions stay revoked). */
export async function reactivateUser(ctx: AppContext, actor: UserRow, id: number, reason?: string) {
  await ctx.db.transaction().execute(async (trx) => {
    await lockTarget(trx, actor, id, 'reactivate');
    await trx
      .updateTable('users')
      .set({ status: 'active', updated_at: ctx.now() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'user.reactivated',
      subjectType: 'user',
      subjectId: id,
      data: { reason: reason ?? null },
    });
  });
  return getAdminUser(ctx, actor, id);
}

/**
 * POST /admin/users/{id}/credits: adds discovery credits to a business, in one UPDATE (credits = credits + n)
 * with its audit row in the same transaction, then tells the business.
 */
export async function grantCredits(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  input: { amount: number; reason: string },
) {
  const balance = await ctx.db.transaction().execute(async (trx) => {
    await lockTarget(trx, actor, id, 'grant_credits', input.amount);
    // One ledger row with the balance change, in this transaction (each admin grant is its own key).
    const row = await grantLedgerCredits(
      trx,
      id,
      input.amount,
      `admin grant by user ${actor.id}: ${input.reason}`.slice(0, 500),
      `admin-grant:${crypto.randomUUID()}`,
    ).then((r) => ({ credits: r.balance }));
    await trx.updateTable('users').set({ updated_at: ctx.now() }).where('id', '=', id).execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'user.credits_granted',
      subjectType: 'user',
      subjectId: id,
      data: { amount: input.amount, reason: input.reason, balance: row.credits },
    });
    return row.credits;
  });
  await ctx.notifier.notify(id, {
    category: 'payments',
    body: `You received ${input.amount.toLocaleString('en-US')} discovery credits from the REACH team. Your balance is now ${balance.toLocaleString('en-US')} credits.`,
    link: '/business/discovery',
  });
  return getAdminUser(ctx, actor, id);
}
