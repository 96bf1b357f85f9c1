import { campaignIdParams } from '../campaigns';
import { ok } from '../common';
import { endpoint } from '../endpoint';
import {
  addPaymentMethodBody,
  balance,
  balanceHistoryPage,
  balanceHistoryQuery,
  chargesPage,
  chargesQuery,
  earningsPage,
  earningsQuery,
  fundCampaignBody,
  fundCampaignResponse,
  fundingPage,
  fundingQuery,
  paymentMethod,
  paymentMethodParams,
  paymentMethodsResponse,
  paymentsConfig,
  payoutAccount,
  payoutAccountBody,
  payoutsPage,
  payoutsQuery,
  refundsPage,
  refundsQuery,
  withdrawBody,
  withdrawResponse,
} from '../payments';

const tags = ['payments'];
const read = [400, 401, 403, 404] as const;
const write = [...read, 402, 409, 422, 503] as const;

/**
 * Payments (spec §2 /business/payments and /influencer/payments: never behind the subscription gate).
 * Businesses: saved cards, campaign funding, charges and refunds. Influencers: balance, earnings, payouts.
 */
export const paymentsApi = {
  config: endpoint({
    method: 'GET',
    path: '/payments/config',
    tags,
    summary: 'Which provider takes cards (and Stripe’s publishable key for Stripe.js)',
    response: paymentsConfig,
    errors: [401],
  }),

  // ── cards ───────────────────────────────────────────────────────────────────────────────────────────────
  listCards: endpoint({
    method: 'GET',
    path: '/my/paymentMethods',
    tags,
    summary: 'Your saved cards, the default first',
    response: paymentMethodsResponse,
    errors: read,
  }),
  addCard: endpoint({
    method: 'POST',
    path: '/my/paymentMethods',
    tags,
    summary:
      'Save a card (typed for the built-in provider, or a Stripe.js payment method id); 402 if declined',
    body: addPaymentMethodBody,
    status: 201,
    response: paymentMethod,
    errors: write,
  }),
  removeCard: endpoint({
    method: 'DELETE',
    path: '/my/paymentMethods/:id',
    tags,
    summary: 'Remove a saved card',
    params: paymentMethodParams,
    response: ok,
    errors: write,
  }),
  setDefaultCard: endpoint({
    method: 'POST',
    path: '/my/paymentMethods/:id/default',
    tags,
    summary: 'Make a saved card the default; returns the cards',
    params: paymentMethodParams,
    response: paymentMethodsResponse,
    errors: write,
  }),

  // ── businesses: funding, charges, refunds ───────────────────────────────────────────────────────────────
  fundCampaign: endpoint({
    method: 'POST',
    path: '/campaign/:id/fund',
    tags,
    summary: 'Pay what the campaign budget still needs with a saved card (402 when declined)',
    params: campaignIdParams,
    body: fundCampaignBody,
    response: fundCampaignResponse,
    errors: write,
  }),
  funding: endpoint({
    method: 'GET',
    path: '/my/payments/campaigns',
    tags,
    summary: 'Your cash and combination campaigns with what each was funded, spent and refunded',
    query: fundingQuery,
    response: fundingPage,
    errors: read,
  }),
  charges: endpoint({
    method: 'GET',
    path: '/my/payments/charges',
    tags,
    summary: 'Every charge to your cards (campaign budgets and plans), failed attempts included',
    query: chargesQuery,
    response: chargesPage,
    errors: read,
  }),
  refunds: endpoint({
    method: 'GET',
    path: '/my/payments/refunds',
    tags,
    summary: 'Refunds to your cards (unspent budgets of ended campaigns)',
    query: refundsQuery,
    response: refundsPage,
    errors: read,
  }),

  // ── influencers: balance, earnings, payouts ─────────────────────────────────────────────────────────────
  balance: endpoint({
    method: 'GET',
    path: '/my/balance',
    tags,
    summary: 'Your balance, earnings, withdrawals and payout account',
    response: balance,
    errors: read,
  }),
  balanceHistory: endpoint({
    method: 'GET',
    path: '/my/balance/history',
    tags,
    summary: 'Money in (post payments) and out (withdrawals) of your balance',
    query: balanceHistoryQuery,
    response: balanceHistoryPage,
    errors: read,
  }),
  earnings: endpoint({
    method: 'GET',
    path: '/my/earnings',
    tags,
    summary: 'What each campaign paid you',
    query: earningsQuery,
    response: earningsPage,
    errors: read,
  }),
  payouts: endpoint({
    method: 'GET',
    path: '/my/payouts',
    tags,
    summary: 'Your withdrawals',
    query: payoutsQuery,
    response: payoutsPage,
    errors: read,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/my/payouts',
    tags,
    summary: 'Withdraw from your balance to your payout account (all of it when no amount is given)',
    body: withdrawBody,
    response: withdrawResponse,
    errors: write,
  }),
  setPayoutAccount: endpoint({
    method: 'PUT',
    path: '/my/payoutAccount',
    tags,
    summary: 'Set the bank account your withdrawals go to (Stripe: starts Connect onboarding)',
    body: payoutAccountBody,
    response: payoutAccount,
    errors: write,
  }),
};

/**
 * The payments provider's callbacks. The Stripe webhook is public (Stripe signs it) and reads its body raw, so
 * the route keeps JSON unparsed and answers its receipt (`stripeWebhookReceipt`) itself.
 */
export const paymentWebhooksApi = {
  stripe: endpoint({
    method: 'POST',
    path: '/stripe/webhooks',
    tags,
    summary: 'Stripe webhook events (signed)',
    auth: 'public',
    errors: [],
  }),
};
