import type { InfluencerData } from '@reach/contract/discovery';
import { formatPercent } from '../utils/format';

/** "Austin, Texas, United States" — the most precise place known. */
export function placeOf(data: Pick<InfluencerData, 'city' | 'state' | 'country'>): string {
  return [data.city, data.state, data.country].filter(Boolean).join(', ');
}

/** One line about the audience: where most followers live, their main gender, how real they are. */
export function audienceSummary(data: InfluencerData): string {
  const { topCountry, topGender, topGenderWeight, credibility } = data.audience;
  const parts = [
    topCountry ? `Mostly ${topCountry}` : null,
    topGender && topGenderWeight !== null
      ? `${formatPercent(topGenderWeight, 0)} ${topGender === 'FEMALE' ? 'female' : 'male'}`
      : null,
    credibility !== null ? `${formatPercent(credibility, 0)} credible` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'No audience data';
}

/** The display name: the full name, else the username. */
export function displayName(data: Pick<InfluencerData, 'fullname' | 'username'>): string {
  return data.fullname.trim() || `@${data.username}`;
}
