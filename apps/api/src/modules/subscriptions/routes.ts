import {
  changePlanBody,
  coupon,
  couponParams,
  invoiceParams,
  invoicesPage,
  invoicesQuery,
  subscriptionResponse,
} from '@reach/contract/billing';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireType } from '../../plugins/auth';
import { presentCoupon } from './coupons';
import { invoicePdf, listInvoices } from './invoices';
import { cancelPlan, changePlan, getInvoice, presentSubscription, usableCouponFor } from './service';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const payErrors = { ...errors, 402: errorBody, 422: errorBody, 503: errorBody };

/**
 * The business's plan (read it, switch plans, cancel at period end), coupons and invoices. Never gated
 * (spec §5 exempt paths). Paid plans are charged through the payments provider.
 */
export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const business = requireType('business');

  r.get('/my/subscription', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Your plan, trial and the plans on offer',
      response: { 200: subscriptionResponse, ...errors },
    },
    handler: (request) => presentSubscription(ctx, currentUser(request).id),
  });
  r.post('/my/subscription', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Start or switch to a paid plan, paid now with a saved card (402 when declined)',
      body: changePlanBody,
      response: { 200: subscriptionResponse, ...payErrors },
    },
    handler: async (request) => {
      const user = currentUser(request);
      await changePlan(ctx, user, request.body);
      return presentSubscription(ctx, user.id);
    },
  });
  r.post('/my/subscription/cancel', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Cancel the paid plan at the end of its period',
      response: { 200: subscriptionResponse, ...payErrors },
    },
    handler: async (request) => {
      const user = currentUser(request);
      await cancelPlan(ctx, user.id);
      return presentSubscription(ctx, user.id);
    },
  });

  r.get('/coupons/:code', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'A coupon you can use now (unknown → 404; expired or used up → 422; used by you → 409)',
      params: couponParams,
      response: { 200: coupon, ...errors, 422: errorBody },
    },
    handler: async (request) =>
      presentCoupon(await usableCouponFor(ctx, request.params.code, currentUser(request).id)),
  });

  r.get('/my/invoices', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Your plan invoices',
      querystring: invoicesQuery,
      response: { 200: invoicesPage, ...errors },
    },
    handler: (request) => listInvoices(ctx, currentUser(request).id, request.query),
  });

  r.get('/my/invoices/:id/pdf', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'An invoice as a PDF',
      params: invoiceParams,
      produces: ['application/pdf'],
      // 200 is the PDF bytes (application/pdf), sent as is.
      response: errors,
    },
    handler: async (request, reply) => {
      const invoice = await getInvoice(ctx, currentUser(request).id, request.params.id);
      const bytes = await invoicePdf(ctx, invoice);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
          .header('cache-control', 'private, no-store')
          // The typed reply knows only the JSON error bodies; this 200 is the PDF's bytes.
          .send(Buffer.from(bytes) as never)
      );
    },
  });
}
