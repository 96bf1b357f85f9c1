import {
  changePlanBody,
  coupon,
  couponParams,
  invoiceParams,
  invoicesPage,
  invoicesQuery,
  subscriptionResponse,
} from '../billing';
import { endpoint } from '../endpoint';

const tags = ['subscriptions'];
const errors = [400, 401, 403, 404, 409] as const;
const payErrors = [...errors, 402, 422, 503] as const;

/**
 * The business's plan (read it, switch plans, cancel at period end), coupons and invoices. Never gated
 * (spec §5 exempt paths). Paid plans are charged through the payments provider.
 */
export const subscriptionsApi = {
  get: endpoint({
    method: 'GET',
    path: '/my/subscription',
    tags,
    summary: 'Your plan, trial and the plans on offer',
    response: subscriptionResponse,
    errors,
  }),
  change: endpoint({
    method: 'POST',
    path: '/my/subscription',
    tags,
    summary: 'Start or switch to a paid plan, paid now with a saved card (402 when declined)',
    body: changePlanBody,
    response: subscriptionResponse,
    errors: payErrors,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/my/subscription/cancel',
    tags,
    summary: 'Cancel the paid plan at the end of its period',
    response: subscriptionResponse,
    errors: payErrors,
  }),
  coupon: endpoint({
    method: 'GET',
    path: '/coupons/:code',
    tags,
    summary: 'A coupon you can use now (unknown → 404; expired or used up → 422; used by you → 409)',
    params: couponParams,
    response: coupon,
    errors: [...errors, 422],
  }),
  invoices: endpoint({
    method: 'GET',
    path: '/my/invoices',
    tags,
    summary: 'Your plan invoices',
    query: invoicesQuery,
    response: invoicesPage,
    errors,
  }),
  /** The PDF's bytes (application/pdf): no JSON response; the handler sends them. */
  invoicePdf: endpoint({
    method: 'GET',
    path: '/my/invoices/:id/pdf',
    tags,
    summary: 'An invoice as a PDF',
    params: invoiceParams,
    errors,
  }),
};
