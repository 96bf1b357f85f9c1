import { subscriptionsApi } from '@reach/contract/endpoints/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentUser, requireType } from '../../plugins/auth';
import { presentCoupon } from './coupons';
import { invoicePdf, listInvoices } from './invoices';
import { cancelPlan, changePlan, getInvoice, presentSubscription, usableCouponFor } from './service';

/**
 * The business's plan (read it, switch plans, cancel at period end), coupons and invoices. Never gated
 * (spec §5 exempt paths). Paid plans are charged through the payments provider.
 */
export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const business = { preHandler: requireType('business') };

  route(app, subscriptionsApi.get, business, (request) => presentSubscription(ctx, currentUser(request).id));
  route(app, subscriptionsApi.change, business, async (request) => {
    const user = currentUser(request);
    await changePlan(ctx, user, request.body);
    return presentSubscription(ctx, user.id);
  });
  route(app, subscriptionsApi.cancel, business, async (request) => {
    const user = currentUser(request);
    await cancelPlan(ctx, user.id);
    return presentSubscription(ctx, user.id);
  });

  route(app, subscriptionsApi.coupon, business, async (request) =>
    presentCoupon(await usableCouponFor(ctx, request.params.code, currentUser(request).id)),
  );

  route(app, subscriptionsApi.invoices, business, (request) =>
    listInvoices(ctx, currentUser(request).id, request.query),
  );

  // The PDF's bytes (application/pdf), sent as is.
  route(app, subscriptionsApi.invoicePdf, business, async (request, reply) => {
    const invoice = await getInvoice(ctx, currentUser(request).id, request.params.id);
    const bytes = await invoicePdf(ctx, invoice);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
}
