import { fromMinorUnits } from '@reach/contract/currencies';

/** An amount in the minor units of its currency, as money: 21010 USD → "$210.10" (the code when unknown). */
export function formatMinor(minor: number, currency: string): string {
  const decimal = fromMinorUnits(minor, currency);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(decimal));
  } catch {
    return `${decimal} ${currency}`;
  }
}

/**
 * A change in words against the period it is compared with, so that it never rests on colour alone: "up 200%
 * (+2) on the 7 days before", "down 33.3% (−$10.00) on …", "up 3 on … (none then)", "no change on …". `format`
 * shows an absolute amount.
 */
export function describeChange(
  figure: { change: number | null; change_pct: number | null },
  format: (value: number) => string,
  against: string,
): { direction: 'up' | 'down' | 'same'; text: string } {
  const change = figure.change ?? 0;
  if (change === 0) return { direction: 'same', text: `no change on ${against}` };
  const direction = change > 0 ? 'up' : 'down';
  const amount = format(Math.abs(change));
  if (figure.change_pct === null)
    return { direction, text: `${direction} ${amount} on ${against} (none then)` };
  const pct = Math.abs(figure.change_pct).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return { direction, text: `${direction} ${pct}% (${change > 0 ? '+' : '−'}${amount}) on ${against}` };
}

/** A ROAS as shown: "3.50×". */
export function formatRoas(value: number): string {
  return `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;
}
