import { campaignIdParams } from '@reach/contract/campaigns';
import { ok } from '@reach/contract/common';
import { errorBody } from '@reach/contract/errors';
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
} from '@reach/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentActor, currentBusiness, currentUser, requireType } from '../../plugins/auth';
import { fundCampaign } from './funding';
import {
  listBalanceHistory,
  listCharges,
  listEarnings,
  listFunding,
  listPayouts,
  listRefunds,
} from './lists';
import {
  addPaymentMethod,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from './payment-methods';
import { getBalance, setPayoutAccount, withdraw } from './payouts';

const tags = ['payments'];
const security = [{ bearer: [] }];
const read = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const write = { ...read, 402: errorBody, 409: errorBody, 422: errorBody, 503: errorBody };

/**
 * Payments (spec §2 /business/payments and /influencer/payments: never behind the subscription gate).
 * Businesses: saved cards, campaign funding, charges and refunds. Influencers: balance, earnings, payouts.
 */
export async function paymentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const business = requireType('business');
  const influencer = requireType('influencer');

  r.get('/payments/config', {
    schema: {
      tags,
      security,
      summary: 'Which provider takes cards (and Stripe’s publishable key for Stripe.js)',
      response: { 200: paymentsConfig, 401: errorBody },
    },
    handler: async () => ({
      provider: ctx.payments.name,
      publishable_key: ctx.payments.publishableKey,
      currency: 'usd' as const,
    }),
  });

  // ── cards ───────────────────────────────────────────────────────────────────────────────────────────────
  r.get('/my/paymentMethods', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Your saved cards, the default first',
      response: { 200: paymentMethodsResponse, ...read },
    },
    handler: (request) => listPaymentMethods(ctx, currentUser(request).id),
  });

  r.post('/my/paymentMethods', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary:
        'Save a card (typed for the built-in provider, or a Stripe.js payment method id); 402 if declined',
      body: addPaymentMethodBody,
      response: { 201: paymentMethod, ...write },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await addPaymentMethod(ctx, currentUser(request), request.body)),
  });

  r.delete('/my/paymentMethods/:id', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Remove a saved card',
      params: paymentMethodParams,
      response: { 200: ok, ...write },
    },
    handler: async (request) => {
      await removePaymentMethod(ctx, currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  });

  r.post('/my/paymentMethods/:id/default', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Make a saved card the default; returns the cards',
      params: paymentMethodParams,
      response: { 200: paymentMethodsResponse, ...write },
    },
    handler: (request) => setDefaultPaymentMethod(ctx, currentUser(request).id, request.params.id),
  });

  // ── businesses: funding, charges, refunds ───────────────────────────────────────────────────────────────
  r.post('/campaign/:id/fund', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Pay what the campaign budget still needs with a saved card (402 when declined)',
      params: campaignIdParams,
      body: fundCampaignBody,
      response: { 200: fundCampaignResponse, ...write },
    },
    handler: async (request) => {
      const user = currentUser(request);
      return fundCampaign(
        ctx,
        user,
        currentActor(request),
        request.params.id,
        request.body.payment_method_id,
      );
    },
  });

  r.get('/my/payments/campaigns', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Your cash and combination campaigns with what each was funded, spent and refunded',
      querystring: fundingQuery,
      response: { 200: fundingPage, ...read },
    },
    handler: async (request) => listFunding(ctx, currentBusiness(request), request.query),
  });

  r.get('/my/payments/charges', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Every charge to your cards (campaign budgets and plans), failed attempts included',
      querystring: chargesQuery,
      response: { 200: chargesPage, ...read },
    },
    handler: (request) => listCharges(ctx, currentUser(request).id, request.query),
  });

  r.get('/my/payments/refunds', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Refunds to your cards (unspent budgets of ended campaigns)',
      querystring: refundsQuery,
      response: { 200: refundsPage, ...read },
    },
    handler: (request) => listRefunds(ctx, currentUser(request).id, request.query),
  });

  // ── influencers: balance, earnings, payouts ─────────────────────────────────────────────────────────────
  r.get('/my/balance', {
    preHandler: influencer,
    schema: {
      tags,
      security,
      summary: 'Your balance, earnings, withdrawals and payout account',
      response: { 200: balance, ...read },
    },
    handler: (request) => getBalance(ctx, currentUser(request).id),
  });

  r.get('/my/balance/history', {
    preHandler: influencer,
    schema: {
      tags,
      security,
      summary: 'Money in (post payments) and out (withdrawals) of your balance',
      querystring: balanceHistoryQuery,
      response: { 200: balanceHistoryPage, ...read },
    },
    handler: (request) => listBalanceHistory(ctx, currentUser(request).id, request.query),
  });

  r.get('/my/earnings', {
    preHandler: influencer,
    schema: {
      tags,
      security,
      summary: 'What each campaign paid you',
      querystring: earningsQuery,
      response: { 200: earningsPage, ...read },
    },
    handler: (request) => listEarnings(ctx, currentUser(request).id, request.query),
  });

  r.get('/my/payouts', {
    preHandler: influencer,
    schema: {
      tags,
      security,
      summary: 'Your withdrawals',
      querystring: payoutsQuery,
      response: { 200: payoutsPage, ...read },
    },
    handler: (request) => listPayouts(ctx, currentUser(request).id, request.query),
  });

  r.post('/my/payouts', {
    preHandler: influencer,
    schema: {
      tags,
      security,
      summary: 'Withdraw from your balance to your payout account (all of it when no amount is given)',
      body: withdrawBody,
      response: { 200: withdrawResponse, ...write },
    },
    handler: (request) => withdraw(ctx, currentUser(request), request.body.amount_cents),
  });

  r.put('/my/payoutAccount', {
    preHandler: influencer,
    schema: {
      tags,
      security,
      summary: 'Set the bank account your withdrawals go to (Stripe: starts Connect onboarding)',
      body: payoutAccountBody,
      response: { 200: payoutAccount, ...write },
    },
    handler: (request) => setPayoutAccount(ctx, currentUser(request), request.body),
  });
}
