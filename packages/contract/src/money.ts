import { CURRENCY_DECIMALS } from './constants';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: CURRENCY_DECIMALS,
  maximumFractionDigits: CURRENCY_DECIMALS,
});

/** Integer cents as dollars with 2 decimals and thousands commas (spec §9): 123450 → "$1,234.50". */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}
