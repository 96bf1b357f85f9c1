import type {
  AdminFeedback,
  FeedbackPage,
  FeedbackSortKey,
  FeedbackStatus,
  feedbackBody,
  feedbackQuery,
} from '@reach/contract/feedback';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Expression, sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';

type Query = z.output<typeof feedbackQuery>;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_EXPRESSIONS: Record<FeedbackSortKey, Expression<unknown>> = {
  created_at: sql`f.created_at`,
  // Open first when ascending: what still needs an answer.
  status: sql`case f.status when 'open' then 0 else 1 end`,
  reported_page: sql`lower(f.reported_page)`,
};

function base(ctx: AppContext) {
  return ctx.db
    .selectFrom('feedback as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('businesses as b', 'b.user_id', 'u.id')
    .leftJoin('users as r', 'r.id', 'f.resolved_by');
}

const COLUMNS = [
  'f.id',
  'f.reported_page',
  'f.content',
  'f.status',
  'f.created_at',
  'f.resolved_at',
  'u.id as user_id',
  'u.email as user_email',
  'u.type as user_type',
  sql<string | null>`coalesce(nullif(b.business_name, ''), u.given_name || ' ' || u.family_name)`.as(
    'user_name',
  ),
  'r.id as resolver_id',
  sql<string | null>`r.given_name || ' ' || r.family_name`.as('resolver_name'),
] as const;

type Row = {
  id: number;
  reported_page: string;
  content: string;
  status: FeedbackStatus;
  created_at: Date;
  resolved_at: Date | null;
  user_id: number | null;
  user_email: string | null;
  user_type: string | null;
  user_name: string | null;
  resolver_id: number | null;
  resolver_name: string | null;
};

function present(row: Row): AdminFeedback {
  return {
    id: row.id,
    reported_page: row.reported_page,
    content: row.content,
    status: row.status,
    created_at: row.created_at.toISOString(),
    user:
      row.user_id !== null
        ? {
            id: row.user_id,
            name: row.user_name ?? '',
            email: row.user_email ?? '',
            type: row.user_type ?? '',
          }
        : null,
    resolved_at: row.resolved_at?.toISOString() ?? null,
    resolved_by: row.resolver_id !== null ? { id: row.resolver_id, name: row.resolver_name ?? '' } : null,
  };
}

/** GET /admin/feedback: the Help dialog's messages, filtered by status and searched, newest first by default. */
export async function listFeedback(ctx: AppContext, query: Query): Promise<FeedbackPage> {
  let q = base(ctx);
  if (query.status) q = q.where('f.status', '=', query.status);
  if (query.search) {
    const pattern = like(query.search);
    q = q.where((eb) =>
      eb.or([
        eb('f.content', 'ilike', pattern),
        eb('f.reported_page', 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb(sql<string>`u.given_name || ' ' || u.family_name`, 'ilike', pattern),
        eb('b.business_name', 'ilike', pattern),
      ]),
    );
  }
  const direction = query.sortDesc;
  const [rows, total] = await Promise.all([
    q
      .select(COLUMNS)
      .orderBy(SORT_EXPRESSIONS[query.sortBy], (ob) => (direction === 'desc' ? ob.desc() : ob.asc()))
      .orderBy('f.id', direction)
      .limit(query.items)
      .offset((query.page - 1) * query.items)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: (rows as Row[]).map(present), total: Number(total.n) };
}

/**
 * PUT /admin/feedback/{id}: marks an item resolved (recording who and when) or open again, with its audit row
 * in the same transaction. Setting the status it already has changes nothing and writes no audit row.
 */
export async function setFeedbackStatus(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  status: FeedbackStatus,
): Promise<AdminFeedback> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('feedback')
      .select(['id', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', API_MESSAGE.feedbackNotFound);
    if (row.status === status) return;
    const now = ctx.now();
    await trx
      .updateTable('feedback')
      .set({
        status,
        resolved_at: status === 'resolved' ? now : null,
        resolved_by: status === 'resolved' ? actor.id : null,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: status === 'resolved' ? 'feedback.resolved' : 'feedback.reopened',
      subjectType: 'feedback',
      subjectId: id,
    });
  });
  const row = await base(ctx).select(COLUMNS).where('f.id', '=', id).executeTakeFirstOrThrow();
  return present(row as Row);
}

/** POST /feedback: the signer's message from the Help dialog, stored as new. */
export async function createFeedback(ctx: AppContext, userId: number, body: z.output<typeof feedbackBody>) {
  const row = await ctx.db
    .insertInto('feedback')
    .values({ user_id: userId, reported_page: body.reported_page, content: body.content })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    reported_page: row.reported_page,
    content: row.content,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}
