import { CONVERSION_BODY_LIMIT, SHOPIFY_BODY_LIMIT } from '@reach/contract/attribution';
import { attributionApi } from '@reach/contract/endpoints/attribution';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { route } from '../../lib/endpoint';
import { currentBusiness, currentUser, requireSubscription, requireType } from '../../plugins/auth';
import { recordApiConversion, recordShopifyOrder } from './conversions';
import {
  presentApiKey,
  presentCampaignAttribution,
  presentConversion,
  presentConversionsPage,
  presentMyLinks,
  presentSettings,
} from './presenter';
import {
  attributionSettingsOf,
  campaignAttribution,
  campaignConversions,
  createApiKey,
  listApiKeys,
  listConversions,
  myLinks,
  removeDiscountCode,
  revokeApiKey,
  setDiscountCode,
  updateAttributionSettings,
} from './service';

/** An order body past its limit is bad input like any other: a 400 that says so, not a bare 413. */
function oversizedIsBadInput(scope: FastifyInstance, limit: number) {
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError('validation', `The request body is larger than ${Math.round(limit / 1024)} KB.`);
    throw error;
  });
}

/**
 * Attribution (issue 14): a business's campaign links, codes, clicks and conversions, its API keys and
 * settings (a plan with campaigns); a creator's own links and codes; conversions recorded with an API key or
 * by Shopify's signed webhook. The redirect /r/{code} is redirect-routes.ts.
 */
export async function attributionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const business = { preHandler: [requireType('business'), requireSubscription] };
  const publicUrl = ctx.config.publicUrl;

  route(app, attributionApi.campaign, business, async (request) =>
    presentCampaignAttribution(
      await campaignAttribution(ctx, currentBusiness(request), request.params.id),
      publicUrl,
    ),
  );
  route(app, attributionApi.campaignConversions, business, async (request) =>
    presentConversionsPage(
      await campaignConversions(ctx, currentBusiness(request), request.params.id, request.query),
    ),
  );
  route(app, attributionApi.conversions, business, async (request) =>
    presentConversionsPage(await listConversions(ctx, currentBusiness(request), request.query)),
  );
  route(app, attributionApi.setCode, business, async (request) =>
    setDiscountCode(
      ctx,
      currentBusiness(request),
      request.params.id,
      request.params.influencerUserId,
      request.body.code,
    ),
  );
  route(app, attributionApi.removeCode, business, async (request) => {
    await removeDiscountCode(
      ctx,
      currentBusiness(request),
      request.params.id,
      request.params.influencerUserId,
    );
    return { ok: true as const };
  });
  route(app, attributionApi.myLinks, { preHandler: requireType('influencer') }, async (request) =>
    presentMyLinks(await myLinks(ctx, currentUser(request).id, request.query.campaign_id), publicUrl),
  );

  route(app, attributionApi.apiKeys, business, async (request) => ({
    data: (await listApiKeys(ctx, currentBusiness(request))).map(presentApiKey),
  }));
  route(app, attributionApi.createApiKey, business, async (request) => {
    const created = await createApiKey(ctx, currentBusiness(request), request.body.name);
    return { ...presentApiKey(created), key: created.key };
  });
  route(app, attributionApi.revokeApiKey, business, async (request) => {
    await revokeApiKey(ctx, currentBusiness(request), request.params.id);
    return { ok: true as const };
  });
  route(app, attributionApi.settings, business, async (request) =>
    presentSettings(await attributionSettingsOf(ctx, currentBusiness(request))),
  );
  route(app, attributionApi.updateSettings, business, async (request) =>
    presentSettings(await updateAttributionSettings(ctx, currentBusiness(request), request.body)),
  );

  // The business's own systems, with an API key instead of a user's token (checked by the service).
  await app.register(async (scope) => {
    oversizedIsBadInput(scope, CONVERSION_BODY_LIMIT);
    route(scope, attributionApi.record, { bodyLimit: CONVERSION_BODY_LIMIT }, async (request) =>
      presentConversion(await recordApiConversion(ctx, request.headers, request.body)),
    );
  });

  // Shopify: this scope alone keeps bodies raw, since the signature is over the exact bytes Shopify sent.
  await app.register(async (scope) => {
    oversizedIsBadInput(scope, SHOPIFY_BODY_LIMIT);
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    route(scope, attributionApi.shopifyOrder, { bodyLimit: SHOPIFY_BODY_LIMIT }, async (request) => {
      const header = request.headers['x-shopify-hmac-sha256'];
      const row = await recordShopifyOrder(
        ctx,
        request.params.token,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof header === 'string' ? header : undefined,
      );
      return { received: true as const, conversion_id: row.id, attributed_via: row.attributed_via };
    });
  });
}
