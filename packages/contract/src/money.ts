import { CURRENCY_DECIMALS } from './constants';

/**
 * Built on first use, not when the module is evaluated: the first Intl formatter a page builds loads the locale's
 * data, tens of milliseconds on a phone, which would otherwise fall in the task that evaluates the page's modules.
 */
let usd: Intl.NumberFormat | undefined;

/** Integer cents as dollars with 2 decimals and thousands commas (spec §9): 123450 → "$1,234.50". */
export function formatUsd(cents: number): string {
  usd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: CURRENCY_DECIMALS,
    maximumFractionDigits: CURRENCY_DECIMALS,
  });
  return usd.format(cents / 100);
}
