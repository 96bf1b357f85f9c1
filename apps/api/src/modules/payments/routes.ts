import { paymentsApi } from '@reach/contract/endpoints/payments';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
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

/**
 * Payments (spec §2 /business/payments and /influencer/payments: never behind the subscription gate).
 * Businesses: saved cards, campaign funding, charges and refunds. Influencers: balance, earnings, payouts.
 */
export async function paymentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const business = { preHandler: requireType('business') };
  const influencer = { preHandler: requireType('influencer') };

  route(app, paymentsApi.config, {}, async () => ({
    provider: ctx.payments.name,
    publishable_key: ctx.payments.publishableKey,
    currency: 'usd' as const,
  }));

  // ── cards ───────────────────────────────────────────────────────────────────────────────────────────────
  route(app, paymentsApi.listCards, business, (request) => listPaymentMethods(ctx, currentUser(request).id));
  route(app, paymentsApi.addCard, business, (request) =>
    addPaymentMethod(ctx, currentUser(request), request.body),
  );
  route(app, paymentsApi.removeCard, business, async (request) => {
    await removePaymentMethod(ctx, currentUser(request).id, request.params.id);
    return { ok: true as const };
  });
  route(app, paymentsApi.setDefaultCard, business, (request) =>
    setDefaultPaymentMethod(ctx, currentUser(request).id, request.params.id),
  );

  // ── businesses: funding, charges, refunds ───────────────────────────────────────────────────────────────
  route(app, paymentsApi.fundCampaign, business, (request) =>
    fundCampaign(
      ctx,
      currentUser(request),
      currentActor(request),
      request.params.id,
      request.body.payment_method_id,
    ),
  );
  route(app, paymentsApi.funding, business, (request) =>
    listFunding(ctx, currentBusiness(request), request.query),
  );
  route(app, paymentsApi.charges, business, (request) =>
    listCharges(ctx, currentUser(request).id, request.query),
  );
  route(app, paymentsApi.refunds, business, (request) =>
    listRefunds(ctx, currentUser(request).id, request.query),
  );

  // ── influencers: balance, earnings, payouts ─────────────────────────────────────────────────────────────
  route(app, paymentsApi.balance, influencer, (request) => getBalance(ctx, currentUser(request).id));
  route(app, paymentsApi.balanceHistory, influencer, (request) =>
    listBalanceHistory(ctx, currentUser(request).id, request.query),
  );
  route(app, paymentsApi.earnings, influencer, (request) =>
    listEarnings(ctx, currentUser(request).id, request.query),
  );
  route(app, paymentsApi.payouts, influencer, (request) =>
    listPayouts(ctx, currentUser(request).id, request.query),
  );
  route(app, paymentsApi.withdraw, influencer, (request) =>
    withdraw(ctx, currentUser(request), request.body.amount_cents),
  );
  route(app, paymentsApi.setPayoutAccount, influencer, (request) =>
    setPayoutAccount(ctx, currentUser(request), request.body),
  );
}
