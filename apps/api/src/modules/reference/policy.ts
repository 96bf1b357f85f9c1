import { API_MESSAGE } from '@reach/contract/messages';

/*
 * Reference data may only be deleted when nothing uses it: an interest tagging a campaign or an influencer,
 * a state in an address, a country with states or influencers. The refusal says what uses it, so the admin
 * knows what to change first. Pure functions: the services count, these decide and word the answer.
 */

/** "2 campaigns and 1 influencer" from [count, singular, plural] parts; parts with 0 are left out. */
export function usageSentence(parts: readonly [count: number, singular: string, plural: string][]): string {
  const used = parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`);
  if (used.length <= 1) return used[0] ?? '';
  return `${used.slice(0, -1).join(', ')} and ${used.at(-1)}`;
}

export type InterestUsage = { campaigns: number; influencers: number };
export type StateUsage = { businesses: number; influencers: number };
export type CountryUsage = { states: number; influencers: number };

/** Why an interest cannot be deleted, or null when nothing uses it. */
export function interestDeletionRefusal(usage: InterestUsage): string | null {
  const sentence = usageSentence([
    [usage.campaigns, 'campaign', 'campaigns'],
    [usage.influencers, 'influencer', 'influencers'],
  ]);
  return sentence ? API_MESSAGE.interestInUse(sentence) : null;
}

export function stateDeletionRefusal(usage: StateUsage): string | null {
  const sentence = usageSentence([
    [usage.businesses, 'business', 'businesses'],
    [usage.influencers, 'influencer', 'influencers'],
  ]);
  return sentence ? API_MESSAGE.stateInUse(sentence) : null;
}

export function countryDeletionRefusal(usage: CountryUsage): string | null {
  const sentence = usageSentence([
    [usage.states, 'state', 'states'],
    [usage.influencers, 'influencer', 'influencers'],
  ]);
  return sentence ? API_MESSAGE.countryInUse(sentence) : null;
}
