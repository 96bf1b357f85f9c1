import { DISCOVERY_TOTAL_CAP } from '@reach/contract/discovery';
import { formatCount, onFirstUse } from '../../../lib/format';

const compact = onFirstUse(
  () => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }),
);

/** Follower counts as on social platforms: 950, 12.3K, 4.1M. */
export function formatCompact(value: number): string {
  return compact().format(value);
}

/** A 0..1 fraction as a percentage with up to 2 decimals: 0.0345 → "3.45%". */
export function formatPercent(fraction: number, digits = 2): string {
  const percent = fraction * 100;
  return `${Number(percent.toFixed(digits)).toLocaleString('en-US', { maximumFractionDigits: digits })}%`;
}

/** Up to two initials of a name, for a picture that is missing or fails to load. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => p?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/**
 * The number of matches: exact, "10,000+" past the cap, or "About 3,400" when the server only estimated it
 * (`totalCapped` below the cap).
 */
export function totalLabel(total: number, capped: boolean): string {
  if (!capped) return formatCount(total);
  return total >= DISCOVERY_TOTAL_CAP ? `${formatCount(total)}+` : `About ${formatCount(total)}`;
}
