import { API_MESSAGE } from '@reach/contract/messages';
import {
  type markReadBody,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationPreferences,
  type notificationsQuery,
} from '@reach/contract/notifications';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DB, NotificationsTable, UserRow } from '../../db/schema';
import { StatementShapes } from '../../db/statement-shapes';
import { AppError } from '../../lib/app-error';
import { deliverNow } from '../mail/delivery';
import { queueMail } from '../mail/queue';
import { canReadNotificationsOf, canSetEmailPreferences } from './policy';
import { presentNotification } from './presenter';

export type NotifyInput = {
  category: NotificationCategory;
  body: string;
  /** In-app path the notification opens. */
  link?: string;
  /** Subject of the email, when the user's preferences ask for one. */
  emailSubject?: string;
};

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  connections: true,
  messages: true,
  posts: true,
  payments: true,
  campaigns: false,
};

/** A preferences row's categories, as the API answers them (no user id, no timestamps). */
function preferencesOf(row: NotificationPreferences): NotificationPreferences {
  return {
    connections: row.connections,
    messages: row.messages,
    posts: row.posts,
    payments: row.payments,
    campaigns: row.campaigns,
  };
}

export async function getPreferences(db: Kysely<DB>, userId: number): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_PREFERENCES;
  return preferencesOf(row);
}

/**
 * The statements signed-in pages run most (the unread count, a page of notifications, the settings saved),
 * built and compiled once per shape.
 */
const statements = new StatementShapes();

export async function unreadCount(db: Kysely<DB>, userId: number): Promise<number> {
  const [row] = await statements.execute(db, 'unread', { userId }, (v) =>
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', v.userId)
      .where('read', '=', 0),
  );
  return Number(row?.n ?? 0);
}

/**
 * GET /my/notifications/{userId}: one page of the user's notifications, newest first, with the total and the
 * unread count (another user's id → 403).
 */
export async function listNotifications(
  ctx: AppContext,
  user: UserRow,
  userId: number,
  query: z.output<typeof notificationsQuery>,
) {
  if (!canReadNotificationsOf(user, userId)) throw new AppError('forbidden', API_MESSAGE.forbidden);
  const { page, items } = query;
  const { db } = ctx;
  // One statement: the total and the unread count (one pass over the user's rows), beside the page's rows (none
  // past the last page: one row of counts alone).
  const found = await statements.execute(
    db,
    'page',
    { userId: user.id, items, offset: (page - 1) * items },
    (v) =>
      db
        .selectFrom((eb) =>
          eb
            .selectFrom('notifications')
            .select([
              (eb) => eb.fn.countAll<number>().as('n'),
              sql<number>`count(*) filter (where ${sql.ref('read')} = 0)`.as('unread'),
            ])
            .where('user_id', '=', v.userId)
            .as('counts'),
        )
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('notifications')
              .select(['id', 'body', 'link', 'created_at', 'read'])
              .where('user_id', '=', v.userId)
              .orderBy('id', 'desc')
              .limit(v.items)
              .offset(v.offset)
              .as('page'),
          (join) => join.onTrue(),
        )
        .select([
          'counts.n',
          'counts.unread',
          'page.id',
          'page.body',
          'page.link',
          'page.created_at',
          'page.read',
        ])
        .orderBy('page.id', 'desc'),
  );
  const rows = found.flatMap(({ id, body, link, created_at, read }) =>
    id === null || body === null || created_at === null || read === null
      ? []
      : [{ id, body, link, created_at, read }],
  );
  const counts = found[0];
  return { rows, total: Number(counts?.n ?? 0), unread: Number(counts?.unread ?? 0) };
}

/**
 * POST /notifications/read: marks one of the user's notifications (404 if not theirs) or all of them read,
 * and tells the user's open tabs the new unread count, which it returns.
 */
export async function markRead(
  ctx: AppContext,
  userId: number,
  body: z.output<typeof markReadBody>,
): Promise<number> {
  // Marked and counted in one statement. The count reads the rows as they were when it began, so it leaves out
  // those the update marked (the unread count the update leaves).
  const [row] = await statements.execute(
    ctx.db,
    'id' in body ? 'mark-one' : 'mark-all',
    { userId, id: 'id' in body ? body.id : undefined },
    (v) =>
      ctx.db
        .with('marked', (db) =>
          db
            .updateTable('notifications')
            .set({ read: 1 })
            .where('user_id', '=', v.userId)
            .$if(v.id === undefined, (q) => q.where('read', '=', 0))
            .$if(v.id !== undefined, (q) => q.where('id', '=', v.id as number))
            .returning('id'),
        )
        .selectNoFrom((eb) => [
          eb.selectFrom('marked').select(eb.fn.countAll<number>().as('n')).as('marked'),
          eb
            .selectFrom('notifications')
            .select(eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', v.userId)
            .where('read', '=', 0)
            .where('id', 'not in', eb.selectFrom('marked').select('marked.id'))
            .as('unread'),
        ]),
  );
  if ('id' in body && Number(row?.marked ?? 0) === 0) {
    throw new AppError('not_found', API_MESSAGE.notificationNotFound);
  }
  const unread = Number(row?.unread ?? 0);
  ctx.live.publish(userId, { type: 'notifications-read', unread });
  return unread;
}

/** GET /my/notification-preferences: the user's choices, or the defaults until they make some. */
export function readPreferences(ctx: AppContext, userId: number): Promise<NotificationPreferences> {
  return getPreferences(ctx.db, userId);
}

/** PUT /my/notification-preferences: which categories the user also gets by email (admins: 403). */
export async function setPreferences(
  ctx: AppContext,
  user: UserRow,
  body: NotificationPreferences,
): Promise<NotificationPreferences> {
  if (!canSetEmailPreferences(user)) throw new AppError('forbidden', API_MESSAGE.forbidden);
  const values = Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((c) => [c, body[c]]),
  ) as NotificationPreferences;
  // Saved and read back in one statement (the row as written).
  const { db } = ctx;
  const [row] = await statements.execute(
    db,
    'save',
    { userId: user.id, now: ctx.now(), ...values },
    ({ userId, now, ...v }) =>
      db
        .insertInto('notification_preferences')
        .values({ user_id: userId, ...v })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...v, updated_at: now }))
        .returning(NOTIFICATION_CATEGORIES),
  );
  if (!row) throw new Error('the notification preferences were not saved');
  return preferencesOf(row);
}

/**
 * The one way every module notifies a user: the notification is stored, pushed to the user's open tabs,
 * and mailed when the user's preferences ask for it. Pass `trx` to store it with the change that caused it;
 * the push and the mail then happen after that transaction commits (call `deliver` yourself) — or omit it
 * and everything happens now.
 */
type NotificationRow = Selectable<NotificationsTable>;

export function createNotifier(ctx: AppContext) {
  /** The outbox mail queued with a stored notification, until `deliver` sends it. */
  const queuedMail = new WeakMap<NotificationRow, number>();

  /**
   * Stores the notification in `db` (the cause's transaction) and, when the user's preferences ask for it,
   * queues its mail in the same place (the mail outbox, modules/mail): both commit or neither does.
   */
  async function store(db: Kysely<DB>, userId: number, input: NotifyInput): Promise<NotificationRow> {
    const row = await db
      .insertInto('notifications')
      .values({ user_id: userId, category: input.category, body: input.body, link: input.link ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
    // One after the other: `db` is usually a transaction, one connection.
    const prefs = await getPreferences(db, userId);
    const user = await db
      .selectFrom('users')
      .select(['email', 'given_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user && prefs[input.category]) {
      const link = input.link ? `${ctx.config.publicUrl}${input.link}` : ctx.config.publicUrl;
      const mailId = await queueMail(
        db,
        {
          to: user.email,
          subject: input.emailSubject ?? `REACH: ${input.body.slice(0, 80)}`,
          text: `Hi ${user.given_name},\n\n${input.body}\n\nOpen REACH: ${link}\n\nYou can choose which emails you get in your notification preferences.`,
        },
        { at: ctx.now() },
      );
      queuedMail.set(row, mailId);
    }
    return row;
  }

  /** After the notification committed: pushed to the user's open tabs, its mail delivered (retried if it fails). */
  async function deliver(row: NotificationRow, _input: NotifyInput) {
    ctx.live.publish(row.user_id, {
      type: 'notification',
      notification: presentNotification(row),
      unread: await unreadCount(ctx.db, row.user_id),
    });
    const mailId = queuedMail.get(row);
    if (mailId === undefined) return;
    queuedMail.delete(row);
    // Never throws: a failed mail is retried by its mail.send job, the notification stands either way.
    await deliverNow(ctx, [mailId]);
  }

  return {
    store,
    deliver,
    async notify(userId: number, input: NotifyInput) {
      const row = await ctx.db.transaction().execute((trx) => store(trx, userId, input));
      await deliver(row, input);
      return row;
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
