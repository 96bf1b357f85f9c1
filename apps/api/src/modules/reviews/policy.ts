import type { ReviewStatus } from '@reach/contract/admin-reviews';
import type { ConnectionStatus } from '@reach/contract/connections';
import type { UserType } from '@reach/contract/constants';
import type { ErrorCode } from '@reach/contract/errors';
import { API_MESSAGE } from '@reach/contract/messages';
import { type Actor, sideOf } from '../../actor';

/*
 * Who may hide or show a review, as pure functions (the service enforces them, the presenter turns them into
 * `abilities`). Only admins moderate. A review is hidden only while visible and shown only while hidden, so a
 * second click from a stale screen is refused (409) instead of writing a second audit row for nothing.
 */

export type ReviewFacts = { status: ReviewStatus };
export type Refusal = { code: ErrorCode; message: string };

/** Why an actor of `actorType` may not set `review` to `to` (null when allowed). */
export function reviewModerationRefusal(
  actorType: UserType,
  review: ReviewFacts,
  to: ReviewStatus,
): Refusal | null {
  if (actorType !== 'admin') return { code: 'forbidden', message: API_MESSAGE.reviewModerationAdminOnly };
  if (review.status === to) {
    return {
      code: 'conflict',
      message: to === 'hidden' ? API_MESSAGE.reviewAlreadyHidden : API_MESSAGE.reviewAlreadyVisible,
    };
  }
  return null;
}

/** What the client may offer this actor for the review now. */
export function reviewAbilities(actorType: UserType, review: ReviewFacts): { hide: boolean; show: boolean } {
  return {
    hide: reviewModerationRefusal(actorType, review, 'hidden') === null,
    show: reviewModerationRefusal(actorType, review, 'visible') === null,
  };
}

/** Whether the actor may review the other side of connection `c` now (`reviewed`: they already did). */
export function canReview(
  actor: Actor,
  c: { business_id: number; influencer_user_id: number; status: ConnectionStatus },
  reviewed: boolean,
): boolean {
  return c.status === 'completed' && sideOf(actor, c) !== null && !reviewed;
}
