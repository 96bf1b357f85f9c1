import type { AdminReview, moderateReviewBody } from '@reach/contract/admin-reviews';
import type { ConnectionSide, Review, reviewBody } from '@reach/contract/connections';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { type Actor, sideOf } from '../../actor';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { NotifyInput } from '../notifications/service';
import { adminReviews, selectAdminReviews } from './lists';
import { canReview, reviewModerationRefusal } from './policy';
import { presentAdminReview, presentReview, type ReviewViewRow } from './presenter';

/*
 * Reviews after a completed connection: the business rates the influencer and the influencer may rate the
 * business (1–5 stars and a text, once per side). An influencer's rating (influencer_profiles.rating) is the
 * average of the visible reviews about them, recomputed in the transaction of every change; a business's is
 * computed when read. Admins can hide a review (and show it again), saying why (lists.ts is their list).
 */

/** Reviews with both people's names and the campaign, ready for presentReview. */
export function reviewQuery(db: Kysely<DB>) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('connections as cn', 'cn.id', 'r.connection_id')
    .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
    .innerJoin('users as au', 'au.id', 'r.author_user_id')
    .leftJoin('businesses as ab', 'ab.user_id', 'r.author_user_id')
    .leftJoin('influencer_profiles as ap', 'ap.user_id', 'r.author_user_id')
    .innerJoin('users as su', 'su.id', 'r.subject_user_id')
    .leftJoin('businesses as sb', 'sb.user_id', 'r.subject_user_id')
    .leftJoin('influencer_profiles as sp', 'sp.user_id', 'r.subject_user_id')
    .select([
      'r.id',
      'r.connection_id',
      'r.author_type',
      'r.rating',
      'r.body',
      'r.status',
      'r.created_at',
      'c.title as campaign_title',
      'au.given_name as author_given_name',
      'au.family_name as author_family_name',
      'au.avatar as author_avatar',
      'au.avatar_type as author_avatar_type',
      'ab.business_name as author_business_name',
      'ap.first_name as author_first_name',
      'ap.last_name as author_last_name',
      'su.given_name as subject_given_name',
      'su.family_name as subject_family_name',
      'sb.business_name as subject_business_name',
      'sp.first_name as subject_first_name',
      'sp.last_name as subject_last_name',
    ]);
}

/** The visible reviews about a user, newest first. */
export async function visibleReviewsAbout(ctx: AppContext, userId: number, limit = 20): Promise<Review[]> {
  const rows = await reviewQuery(ctx.db)
    .where('r.subject_user_id', '=', userId)
    .where('r.status', '=', 'visible')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => presentReview(ctx, r as ReviewViewRow));
}

/**
 * An influencer's rating now, with their profile row locked until `trx` ends. Every change to their reviews takes
 * this lock before recomputing, so two at once recompute one after the other and the second sees the first.
 */
export async function lockInfluencerRating(
  trx: Transaction<DB> | Kysely<DB>,
  influencerUserId: number,
): Promise<number | null> {
  const row = await trx
    .selectFrom('influencer_profiles')
    .select('rating')
    .where('user_id', '=', influencerUserId)
    .forUpdate()
    .executeTakeFirst();
  return row?.rating === null || row?.rating === undefined ? null : Number(row.rating);
}

/**
 * Recomputes an influencer's rating from their visible reviews by businesses (null when none), inside `trx`,
 * and returns it. Takes the profile's lock first (see lockInfluencerRating).
 */
export async function recomputeInfluencerRating(
  trx: Transaction<DB> | Kysely<DB>,
  influencerUserId: number,
): Promise<number | null> {
  await lockInfluencerRating(trx, influencerUserId);
  const { rows } = await sql<{ rating: string | number | null }>`
    UPDATE influencer_profiles SET rating = (
      SELECT round(avg(rating)::numeric, 2) FROM reviews
       WHERE subject_user_id = ${influencerUserId} AND status = 'visible' AND author_type = 'business'
    ) WHERE user_id = ${influencerUserId}
    RETURNING rating`.execute(trx);
  const rating = rows[0]?.rating;
  return rating === null || rating === undefined ? null : Number(rating);
}

/** POST /connection/{id}/review: one review per side of a completed connection. */
export async function createReview(
  ctx: AppContext,
  actor: Actor,
  connectionId: number,
  input: z.output<typeof reviewBody>,
): Promise<Review> {
  const { reviewId, notify } = await ctx.db.transaction().execute(async (trx) => {
    const cn = await trx
      .selectFrom('connections as cn')
      .innerJoin('businesses as b', 'b.id', 'cn.business_id')
      .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
      .select([
        'cn.id',
        'cn.business_id',
        'cn.influencer_user_id',
        'cn.status',
        'cn.initiated_by',
        'b.user_id as business_user_id',
        'b.business_name',
        'c.title',
      ])
      .where('cn.id', '=', connectionId)
      .forUpdate('cn')
      .executeTakeFirst();
    const side = cn ? sideOf(actor, cn) : null;
    if (!cn || !side) throw new AppError('not_found', API_MESSAGE.connectionNotFound);
    const reviewed = await trx
      .selectFrom('reviews')
      .select('id')
      .where('connection_id', '=', connectionId)
      .where('author_user_id', '=', actor.userId)
      .executeTakeFirst();
    if (reviewed) throw new AppError('conflict', API_MESSAGE.reviewAlreadyWritten);
    if (!canReview(actor, cn, false)) throw new AppError('conflict', API_MESSAGE.reviewNotCompleted);
    const subject = side === 'business' ? cn.influencer_user_id : cn.business_user_id;
    const row = await trx
      .insertInto('reviews')
      .values({
        connection_id: connectionId,
        author_user_id: actor.userId,
        subject_user_id: subject,
        author_type: side,
        rating: input.rating,
        body: input.body,
        created_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (side === 'business') await recomputeInfluencerRating(trx, subject);
    const author =
      side === 'business'
        ? (cn.business_name ?? 'A business')
        : await influencerDisplayName(trx, actor.userId);
    const stars = `${input.rating} ${input.rating === 1 ? 'star' : 'stars'}`;
    const input_: NotifyInput = {
      category: 'connections',
      body: `${author} reviewed your work on "${cn.title ?? 'a campaign'}": ${stars}.`,
      link: side === 'business' ? `/influencer/connections/${cn.id}` : `/business/connections/${cn.id}`,
      emailSubject: `REACH: ${author} left you a review`,
    };
    return {
      reviewId: row.id,
      notify: { input: input_, row: await ctx.notifier.store(trx, subject, input_) },
    };
  });
  await ctx.notifier.deliver(notify.row, notify.input);
  return getReview(ctx, reviewId);
}

async function influencerDisplayName(db: Kysely<DB>, userId: number): Promise<string> {
  const r = await db
    .selectFrom('users as u')
    .leftJoin('influencer_profiles as p', 'p.user_id', 'u.id')
    .select(['u.given_name', 'u.family_name', 'p.first_name', 'p.last_name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${r.first_name ?? r.given_name} ${r.last_name ?? r.family_name}`.trim();
}

export async function getReview(ctx: AppContext, id: number): Promise<Review> {
  const row = await reviewQuery(ctx.db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', API_MESSAGE.reviewNotFound);
  return presentReview(ctx, row as ReviewViewRow);
}

/** The reviews of one connection: the actor's own and the other side's (hidden ones only when their own). */
export async function connectionReviews(
  ctx: AppContext,
  actor: Actor,
  connectionId: number,
): Promise<{ mine: Review | null; theirs: Review | null }> {
  const rows = await reviewQuery(ctx.db).where('r.connection_id', '=', connectionId).execute();
  const reviews = rows.map((r) => ({ raw: r, review: presentReview(ctx, r as ReviewViewRow) }));
  const mineRaw = reviews.find((r) => (r.raw as ReviewViewRow).author_type === ownSide(actor));
  const theirs = reviews.find(
    (r) => r !== mineRaw && (r.review.status === 'visible' || actor.type === 'admin'),
  );
  return { mine: mineRaw?.review ?? null, theirs: theirs?.review ?? null };
}

function ownSide(actor: Actor): ConnectionSide | null {
  return actor.type === 'business' ? 'business' : actor.type === 'influencer' ? 'influencer' : null;
}

/** One review as the admin list shows it (404 when it does not exist). */
export async function getAdminReview(ctx: AppContext, actor: Actor, id: number): Promise<AdminReview> {
  const row = await selectAdminReviews(adminReviews(ctx.db)).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', API_MESSAGE.reviewNotFound);
  return presentAdminReview(ctx, actor, row);
}

/**
 * PATCH /reviews/{id} (admin): hide a review or show it again. The status, the influencer's rating (when the
 * review is about an influencer; a business's is computed when read), the audit row with the reason and the
 * author's notification are written in one transaction; the notification is pushed after it commits.
 */
export async function moderateReview(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: z.output<typeof moderateReviewBody>,
): Promise<AdminReview> {
  const notify = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('reviews as r')
      .innerJoin('connections as cn', 'cn.id', 'r.connection_id')
      .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
      .select([
        'r.id',
        'r.status',
        'r.author_type',
        'r.author_user_id',
        'r.subject_user_id',
        'r.connection_id',
        'c.title as campaign_title',
      ])
      .where('r.id', '=', id)
      .forUpdate('r')
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', API_MESSAGE.reviewNotFound);
    const refusal = reviewModerationRefusal(actor.type, row, input.status);
    if (refusal) throw new AppError(refusal.code, refusal.message);

    const now = ctx.now();
    await trx
      .updateTable('reviews')
      .set({ status: input.status, moderated_by: actor.userId, moderated_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
    const aboutInfluencer = row.author_type === 'business';
    const ratingBefore = aboutInfluencer ? await lockInfluencerRating(trx, row.subject_user_id) : undefined;
    const ratingAfter = aboutInfluencer
      ? await recomputeInfluencerRating(trx, row.subject_user_id)
      : undefined;
    await recordAudit(trx, {
      actorId: actor.userId,
      action: input.status === 'hidden' ? 'review.hidden' : 'review.shown',
      subjectType: 'review',
      subjectId: id,
      data: {
        reason: input.reason,
        from: row.status,
        to: input.status,
        subject_user_id: row.subject_user_id,
        ...(aboutInfluencer ? { rating_before: ratingBefore, rating_after: ratingAfter } : {}),
      },
    });

    // The author sees their own hidden review marked as such; tell them why it changed (not the reason,
    // which stays in the audit log like every admin note).
    const subject = await personName(trx, row.subject_user_id, aboutInfluencer ? 'influencer' : 'business');
    const campaign = row.campaign_title ? ` ("${row.campaign_title}")` : '';
    const notice: NotifyInput = {
      category: 'connections',
      body:
        input.status === 'hidden'
          ? `The REACH team hid your review of ${subject}${campaign}. It no longer shows on their profile or counts toward their rating.`
          : `Your review of ${subject}${campaign} is visible again.`,
      link: `/${row.author_type}/connections/${row.connection_id}`,
      emailSubject:
        input.status === 'hidden' ? 'REACH: your review was hidden' : 'REACH: your review is visible again',
    };
    return { input: notice, row: await ctx.notifier.store(trx, row.author_user_id, notice) };
  });
  await ctx.notifier.deliver(notify.row, notify.input);
  return getAdminReview(ctx, actor, id);
}

async function personName(db: Kysely<DB>, userId: number, type: 'business' | 'influencer') {
  if (type === 'influencer') return influencerDisplayName(db, userId);
  const r = await db
    .selectFrom('users as u')
    .leftJoin('businesses as b', 'b.user_id', 'u.id')
    .select(['u.given_name', 'u.family_name', 'b.business_name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return r.business_name ?? `${r.given_name} ${r.family_name}`.trim();
}
