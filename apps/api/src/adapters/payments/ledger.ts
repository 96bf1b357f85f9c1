import crypto from 'node:crypto';
import { couponDiscount } from '@reach/contract/billing';
import { API_MESSAGE } from '@reach/contract/messages';
import { checkTestCard, declineMessage } from './cards';
import {
  type PaymentFailure,
  type PaymentsProvider,
  type SubscribeResult,
  WebhooksNotConfiguredError,
} from './index';

const PERIOD_MS = 30 * 86_400_000;

/** A stable id for an idempotency key: a retried call gets the same id back, as from Stripe. */
const idFor = (prefix: string, key: string) =>
  `${prefix}_ledger_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/** Routing numbers the built-in provider knows by name (Stripe's test bank and a few large US banks). */
const BANKS: Record<string, string> = {
  '110000000': 'Stripe Test Bank',
  '021000021': 'JPMorgan Chase',
  '026009593': 'Bank of America',
  '121000248': 'Wells Fargo',
  '322271627': 'Chase Bank',
};
/** Stripe's test account number whose payouts fail ("no_account"). */
const FAILING_ACCOUNT = '000111111116';

/**
 * The built-in provider. Cards: the number is checked (Luhn, expiry, security code) and Stripe's test numbers
 * behave as Stripe documents them; only brand, last 4 and expiry leave this function, and the token handed
 * back records how the card behaves when charged. Charges, refunds, payouts and plan invoices succeed or fail
 * at once; their records are the rows the payments module writes, and the ledger holds the money.
 */
export function createLedgerPayments(): PaymentsProvider {
  const decline = (code: string): PaymentFailure => ({ ok: false, code, message: declineMessage(code) });
  const chargeOutcome = (paymentMethodId: string): PaymentFailure | null =>
    paymentMethodId.startsWith('pm_ledger_declines_') ? decline('card_declined') : null;

  return {
    name: 'ledger',
    publishableKey: null,
    billsPlansItself: false,

    async ensureCustomer({ userId }) {
      return `cus_ledger_${userId}`;
    },

    async attachCard({ card }) {
      if (card.kind !== 'card')
        return { ok: false, code: 'token_unsupported', message: API_MESSAGE.cardDetailsRequired };
      const checked = checkTestCard(card, new Date());
      if (!checked.ok) return checked;
      const behaviour = checked.declineOnCharge ? 'declines' : 'ok';
      return {
        ok: true,
        card: {
          providerPaymentMethodId: `pm_ledger_${behaviour}_${crypto.randomUUID().replaceAll('-', '')}`,
          brand: checked.brand,
          last4: checked.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
      };
    },

    async detachCard() {},

    async charge({ paymentMethodId, idempotencyKey }) {
      return chargeOutcome(paymentMethodId) ?? { ok: true, providerChargeId: idFor('ch', idempotencyKey) };
    },

    async refund({ idempotencyKey }) {
      return { ok: true, providerRefundId: idFor('re', idempotencyKey) };
    },

    async subscribe(input): Promise<SubscribeResult> {
      const subtotal = input.priceCents;
      const credit = Math.min(input.creditCents, subtotal);
      const discount = input.coupon
        ? couponDiscount(
            { percent_off: input.coupon.percentOff, amount_off_cents: input.coupon.amountOffCents },
            subtotal - credit,
          )
        : 0;
      const total = subtotal - credit - discount;
      if (total > 0) {
        const refused = chargeOutcome(input.paymentMethodId);
        if (refused) return refused;
      }
      const periodEnd = new Date(input.periodStart.getTime() + PERIOD_MS);
      return {
        ok: true,
        providerSubscriptionId: input.replaces ?? idFor('sub', input.idempotencyKey),
        currentPeriodEnd: periodEnd,
        invoice: {
          providerInvoiceId: idFor('in', input.idempotencyKey),
          providerChargeId: total > 0 ? idFor('ch', input.idempotencyKey) : null,
          subtotalCents: subtotal,
          discountCents: discount,
          creditCents: credit,
          totalCents: total,
          periodStart: input.periodStart,
          periodEnd,
        },
      };
    },

    async cancelAtPeriodEnd() {},

    async createPayoutAccount({ routingNumber, accountNumber }) {
      if (!routingNumber)
        return { ok: false, code: 'routing_number', message: API_MESSAGE.routingNumberInvalid };
      if (!accountNumber)
        return { ok: false, code: 'account_number', message: API_MESSAGE.accountNumberInvalid };
      const behaviour = accountNumber === FAILING_ACCOUNT ? 'fails' : 'ok';
      return {
        ok: true,
        providerAccountId: `ba_ledger_${behaviour}_${crypto.randomUUID().replaceAll('-', '')}`,
        bankName: BANKS[routingNumber] ?? 'Bank account',
        last4: accountNumber.slice(-4),
        status: 'active',
        onboardingUrl: null,
      };
    },

    async transfer({ destination, idempotencyKey }) {
      if (destination.startsWith('ba_ledger_fails_'))
        return {
          ok: false,
          code: 'no_account',
          message: 'The bank could not find this account. Check the account details and try again.',
        };
      return { ok: true, providerTransferId: idFor('tr', idempotencyKey) };
    },

    parseWebhook() {
      throw new WebhooksNotConfiguredError(API_MESSAGE.webhookNotConfigured);
    },
  };
}
