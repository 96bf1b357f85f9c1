import { CURRENCY_DECIMALS } from '@reach/contract/constants';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: CURRENCY_DECIMALS,
  maximumFractionDigits: CURRENCY_DECIMALS,
});

/** Integer cents as dollars with 2 decimals and thousands commas (spec §9), e.g. 129900 → "$1,299.00". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

const count = new Intl.NumberFormat('en-US');

/** A whole number with thousands commas, e.g. 2000 → "2,000". */
export function formatCount(value: number): string {
  return count.format(value);
}
