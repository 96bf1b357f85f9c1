import { API_MESSAGE } from '@reach/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { accessGuard, currentUser } from '../../plugins/auth';
import { latestSubscription, subscriptionState } from './state';

/**
 * Access guard for the gated endpoint groups (campaigns, influencers, connections, posts): a business with
 * neither an active subscription nor a running trial gets 402. Other user types count as subscribed (spec §6).
 */
export function requireSubscription(ctx: AppContext) {
  return accessGuard(async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (user.type !== 'business') return;
    const state = subscriptionState(await latestSubscription(ctx.db, user.id), ctx.now());
    if (!state.entitled) throw new AppError('subscription_required', API_MESSAGE.subscriptionRequired);
  });
}
