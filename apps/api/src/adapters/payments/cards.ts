import { API_MESSAGE } from '@reach/contract/messages';
import valid from 'card-validator';
import type { CardBrandColumn } from '../../db/schema';

/** card-validator's and Stripe's brand names → ours. */
const BRANDS: Record<string, CardBrandColumn> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'american_express',
  amex: 'american_express',
  discover: 'discover',
  'diners-club': 'diners',
  diners: 'diners',
  jcb: 'jcb',
  unionpay: 'unionpay',
};

export function brandOf(name: string | null | undefined): CardBrandColumn {
  return (name && BRANDS[name]) || 'unknown';
}

/** The brand a card number belongs to, from its leading digits. */
export function brandOfNumber(number: string): CardBrandColumn {
  return brandOf(valid.number(number).card?.type);
}

/** Decline codes and the sentence a person sees for each (Stripe's wording for its test cards). */
export const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: API_MESSAGE.paymentDeclined,
  generic_decline: API_MESSAGE.paymentDeclined,
  insufficient_funds: API_MESSAGE.paymentInsufficientFunds,
  lost_card: API_MESSAGE.paymentDeclined,
  stolen_card: API_MESSAGE.paymentDeclined,
  expired_card: API_MESSAGE.paymentExpiredCard,
  incorrect_cvc: API_MESSAGE.paymentIncorrectCvc,
  processing_error: API_MESSAGE.paymentProcessingError,
  incorrect_number: API_MESSAGE.paymentIncorrectNumber,
};

export const declineMessage = (code: string) => DECLINE_MESSAGES[code] ?? API_MESSAGE.paymentDeclined;

/**
 * What the built-in provider does with a card, following Stripe's documented test numbers: these are
 * refused when the card is saved (Stripe checks a card when it is attached to a customer)…
 */
const DECLINED_ON_SAVE: Record<string, string> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};
/** …and this one saves fine but every charge to it is declined. */
const DECLINED_ON_CHARGE: Record<string, string> = {
  '4000000000000341': 'card_declined',
};

export type TestCardCheck =
  | { ok: true; brand: CardBrandColumn; last4: string; declineOnCharge: string | null }
  | { ok: false; code: string; message: string };

/** The built-in provider's card check: a valid number and expiry, then the test numbers' behaviour. */
export function checkTestCard(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): TestCardCheck {
  const number = card.number.replace(/\D/g, '');
  const check = valid.number(number);
  if (!check.isValid)
    return { ok: false, code: 'incorrect_number', message: API_MESSAGE.paymentIncorrectNumber };
  const brand = brandOf(check.card?.type);
  const cvcLength = check.card?.code.size ?? 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc))
    return { ok: false, code: 'invalid_cvc', message: API_MESSAGE.cardCvcInvalid };
  if (isExpired(card.expMonth, card.expYear, now))
    return { ok: false, code: 'expired_card', message: API_MESSAGE.paymentExpiredCard };
  const declined = DECLINED_ON_SAVE[number];
  if (declined) return { ok: false, code: declined, message: declineMessage(declined) };
  return { ok: true, brand, last4: number.slice(-4), declineOnCharge: DECLINED_ON_CHARGE[number] ?? null };
}

/** A card stops working after the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const endOfMonth = Date.UTC(expYear, expMonth, 1); // first instant of the following month
  return now.getTime() >= endOfMonth;
}
