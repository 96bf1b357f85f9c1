import { MONEY_INPUT_PRECISION } from '@reach/contract/constants';
import { formatUsd } from '@reach/contract/money';

/*
 * Money (spec §9): the API speaks integer cents; people see dollars with 2 decimals and thousands commas, and
 * type amounts with up to 4 decimals (rounded to the cent when saved).
 */

/** "$1,234.50" (the contract's formatUsd); an em dash when there is no amount. */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '—';
  return formatUsd(cents);
}

/** What a money NumberInput holds: a number of dollars, or '' while empty. */
export type MoneyInput = number | string;

/** Cents → the dollars a money input shows ('' for none). */
export function centsToInput(cents: number | null | undefined): MoneyInput {
  return cents === null || cents === undefined ? '' : cents / 100;
}

/**
 * Dollars typed in a money input → integer cents, rounded half up on the decimal digits themselves (not on
 * the binary float, where 1.005 × 100 is 100.4999…). Empty or unreadable input is null.
 */
export function inputToCents(value: MoneyInput): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  if (!Number.isFinite(number)) return null;
  const negative = number < 0;
  const [whole = '0', fraction = ''] = Math.abs(number).toFixed(MONEY_INPUT_PRECISION).split('.');
  const hundredths = Number(fraction.slice(0, 2) || '0');
  const rest = Number(fraction.slice(2) || '0');
  const roundUp = rest >= 10 ** (MONEY_INPUT_PRECISION - 2) / 2 ? 1 : 0;
  const cents = Number(whole) * 100 + hundredths + roundUp;
  return negative ? -cents : cents;
}
