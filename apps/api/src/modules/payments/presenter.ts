import type { Invoice } from '@reach/contract/billing';
import {
  type BalanceEntry,
  CARD_BRAND_VALUES,
  type CampaignFunding,
  type CardBrandValue,
  type Charge,
  type PaymentMethod,
  type Payout,
  type PayoutAccount,
  type Refund,
} from '@reach/contract/payments';
import { isExpired } from '../../adapters/payments/cards';
import type {
  ChargeRow,
  InvoiceRow,
  PaymentMethodRow,
  PayoutAccountRow,
  PayoutRow,
  RefundRow,
} from '../../db/schema';
import { type Money, OPEN_STATUSES, toFundCents } from './policy';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const brand = (b: string | null): CardBrandValue =>
  (CARD_BRAND_VALUES as readonly string[]).includes(b ?? '') ? (b as CardBrandValue) : 'unknown';
const card = (b: string | null, last4: string | null) => (last4 ? { brand: brand(b), last4 } : null);

export function presentPaymentMethod(row: PaymentMethodRow, now: Date): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    holder_name: row.holder_name,
    is_default: row.is_default,
    expired: isExpired(row.exp_month, row.exp_year, now),
    created_at: row.created_at.toISOString(),
  };
}

/** The charge columns a Charge is written from (the charges list reads these, not the whole row). */
export const CHARGE_FIELDS = [
  'id',
  'purpose',
  'description',
  'campaign_id',
  'invoice_id',
  'amount_cents',
  'refunded_cents',
  'status',
  'card_brand',
  'card_last4',
  'failure_message',
  'created_at',
] as const satisfies readonly (keyof ChargeRow)[];

export function presentCharge(
  row: Pick<ChargeRow, (typeof CHARGE_FIELDS)[number]> & { campaign_title: string | null },
): Charge {
  return {
    id: row.id,
    purpose: row.purpose,
    description: row.description,
    campaign: row.campaign_id === null ? null : { id: row.campaign_id, title: row.campaign_title },
    invoice_id: row.invoice_id,
    amount_cents: row.amount_cents,
    refunded_cents: row.refunded_cents,
    status: row.status,
    card: card(row.card_brand, row.card_last4),
    failure_message: row.failure_message,
    created_at: row.created_at.toISOString(),
  };
}

export function presentRefund(
  row: RefundRow & { campaign_title: string | null; card_brand: string | null; card_last4: string | null },
): Refund {
  return {
    id: row.id,
    charge_id: row.charge_id,
    campaign: row.campaign_id === null ? null : { id: row.campaign_id, title: row.campaign_title },
    amount_cents: row.amount_cents,
    reason: row.reason,
    status: row.status,
    card: card(row.card_brand, row.card_last4),
    created_at: row.created_at.toISOString(),
  };
}

export type FundingRow = {
  id: number;
  title: string | null;
  status: CampaignFunding['status'];
  type_id: number;
  total_budget_cents: number | null;
};

export function presentFunding(c: FundingRow, money: Money, canFund: boolean): CampaignFunding {
  const open = (OPEN_STATUSES as readonly string[]).includes(c.status);
  return {
    campaign_id: c.id,
    title: c.title,
    status: c.status,
    type_id: c.type_id,
    total_budget_cents: c.total_budget_cents,
    funded_cents: money.funded,
    spent_cents: money.spent,
    refunded_cents: money.refunded,
    available_cents: money.funded - money.spent - money.refunded,
    to_fund_cents: open ? toFundCents(c, money.funded) : 0,
    can_fund: canFund,
  };
}

/** The payout account columns a PayoutAccount is written from (GET /my/balance reads these, not the whole row). */
export const PAYOUT_ACCOUNT_FIELDS = [
  'id',
  'holder_name',
  'bank_name',
  'last4',
  'status',
] as const satisfies readonly (keyof PayoutAccountRow)[];

export function presentPayoutAccount(
  row: Pick<PayoutAccountRow, (typeof PAYOUT_ACCOUNT_FIELDS)[number]>,
  onboardingUrl: string | null = null,
): PayoutAccount {
  return {
    id: row.id,
    holder_name: row.holder_name,
    bank_name: row.bank_name,
    last4: row.last4,
    status: row.status,
    onboarding_url: row.status === 'onboarding' ? onboardingUrl : null,
  };
}

/** The payout columns a Payout is written from (the payouts list reads these, not the whole row). */
export const PAYOUT_FIELDS = [
  'id',
  'amount_cents',
  'status',
  'destination',
  'failure_message',
  'created_at',
  'settled_at',
] as const satisfies readonly (keyof PayoutRow)[];

export function presentPayout(row: Pick<PayoutRow, (typeof PAYOUT_FIELDS)[number]>): Payout {
  return {
    id: row.id,
    amount_cents: row.amount_cents,
    status: row.status,
    destination: row.destination,
    failure_message: row.failure_message,
    created_at: row.created_at.toISOString(),
    settled_at: iso(row.settled_at),
  };
}

export type BalanceEntryRow = {
  id: number;
  kind: 'post_payment' | 'payout' | 'payout_reversal';
  description: string;
  amount_cents: number;
  created_at: Date;
  campaign_id: number | null;
  campaign_title: string | null;
  business_name: string | null;
};

const ENTRY_KIND = { post_payment: 'earning', payout: 'payout', payout_reversal: 'payout_reversal' } as const;

export function presentBalanceEntry(row: BalanceEntryRow): BalanceEntry {
  return {
    id: row.id,
    kind: ENTRY_KIND[row.kind],
    description: row.description,
    campaign:
      row.campaign_id === null
        ? null
        : { id: row.campaign_id, title: row.campaign_title, business_name: row.business_name },
    amount_cents: row.kind === 'payout' ? -row.amount_cents : row.amount_cents,
    created_at: row.created_at.toISOString(),
  };
}

export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    plan: row.plan,
    description: row.description,
    period_start: row.period_start.toISOString(),
    period_end: row.period_end.toISOString(),
    subtotal_cents: row.subtotal_cents,
    discount_cents: row.discount_cents,
    credit_cents: row.credit_cents,
    total_cents: row.total_cents,
    coupon_code: row.coupon_code,
    status: row.status,
    card: row.card_last4 ? { brand: brand(row.card_brand), last4: row.card_last4 } : null,
    created_at: row.created_at.toISOString(),
    paid_at: iso(row.paid_at),
    pdf_url: `/api/v1/my/invoices/${row.id}/pdf`,
  };
}
