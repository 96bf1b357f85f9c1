import { API_MESSAGE } from '@reach/contract/messages';
import type { Actor } from '../../actor';

/*
 * Who may use discovery (pure rules; the routes also require a subscription or trial like campaigns):
 *  - search, reports, dictionaries, lists and invitations are for businesses (role gate in the routes);
 *  - a list belongs to one business: anyone else — another business, an influencer — gets 404, so lists of
 *    others are invisible rather than forbidden.
 */

export type ListFacts = { business_id: number };

export function canUseList(actor: Actor, list: ListFacts | undefined): list is ListFacts {
  return !!list && actor.type === 'business' && actor.businessId === list.business_id;
}

/** The business an actor works for in discovery, or the refusal. */
export function discoveryBusiness(actor: Actor): { businessId: number } | { refusal: string } {
  if (actor.type !== 'business') return { refusal: API_MESSAGE.forbidden };
  return { businessId: actor.businessId };
}
