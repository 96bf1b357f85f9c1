import { type AdminUserAbilities, MAX_CREDIT_BALANCE, type UserStatus } from '@reach/contract/admin-users';
import type { UserType } from '@reach/contract/constants';
import type { ErrorCode } from '@reach/contract/errors';
import { API_MESSAGE } from '@reach/contract/messages';

/*
 * What an admin may do to an account, as pure functions (the service enforces them, the presenter turns them
 * into `abilities`). Only admins reach these (the routes refuse everyone else with 403). Rules:
 *   - never to yourself: an admin cannot suspend, reactivate or credit their own account (so the platform
 *     always keeps the admin who is acting, and nobody locks themselves out by mistake);
 *   - suspend only an active account, reactivate only a suspended one (409 otherwise);
 *   - discovery credits go to business accounts only, one grant at a time, never above MAX_CREDIT_BALANCE.
 */

export type UserAction = 'suspend' | 'reactivate' | 'grant_credits';

export type TargetFacts = { id: number; type: UserType; status: UserStatus; credits: number };

export type Refusal = { code: ErrorCode; message: string };

const VERB: Record<UserAction, string> = {
  suspend: 'suspend',
  reactivate: 'reactivate',
  grant_credits: 'grant credits to',
};

/** Why `actorId` may not take `action` on `target` (null when allowed); `amount` is the credits to grant. */
export function userActionRefusal(
  actorId: number,
  target: TargetFacts,
  action: UserAction,
  amount = 1,
): Refusal | null {
  if (target.id === actorId) return { code: 'forbidden', message: API_MESSAGE.selfAction(VERB[action]) };
  if (action === 'suspend' && target.status === 'suspended')
    return { code: 'conflict', message: API_MESSAGE.userAlreadySuspended };
  if (action === 'reactivate' && target.status === 'active')
    return { code: 'conflict', message: API_MESSAGE.userNotSuspended };
  if (action === 'grant_credits') {
    if (target.type !== 'business')
      return { code: 'unprocessable', message: API_MESSAGE.creditsBusinessOnly };
    if (target.credits + amount > MAX_CREDIT_BALANCE) {
      return {
        code: 'unprocessable',
        message: API_MESSAGE.creditsBalanceTooHigh(MAX_CREDIT_BALANCE.toLocaleString('en-US')),
      };
    }
  }
  return null;
}

/** What the client may offer the acting admin for this account. */
export function userAbilities(actorId: number, target: TargetFacts): AdminUserAbilities {
  return {
    suspend: userActionRefusal(actorId, target, 'suspend') === null,
    reactivate: userActionRefusal(actorId, target, 'reactivate') === null,
    grant_credits: userActionRefusal(actorId, target, 'grant_credits') === null,
  };
}
