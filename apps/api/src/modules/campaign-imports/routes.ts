import {
  campaignImportStarted,
  campaignImportStatus,
  IMPORT_CSV_MAX_BYTES,
  importFromListBody,
  importStatusQuery,
} from '@reach/contract/campaign-imports';
import { campaignIdParams } from '@reach/contract/campaigns';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentActor, requireSubscription, requireType } from '../../plugins/auth';
import { getImportStatus, importFromCsv, importFromList } from './service';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const errors = {
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/**
 * Bulk imports of influencers into a campaign (spec §7 status path). Only the campaign's business, with a
 * subscription or trial; the work happens in a background job (jobs/campaign-import.ts).
 */
export async function campaignImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const business = [requireType('business'), requireSubscription];

  r.post('/campaign/:id/influencer/import', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary:
        'Invite influencers from a CSV file (field "file"; header instagram/instagram_username/username and/or email; ≤ 2 MB, ≤ 5,000 rows); active campaigns only',
      consumes: ['multipart/form-data'],
      params: campaignIdParams,
      response: { 202: campaignImportStarted, ...errors, 413: errorBody },
    },
    handler: async (request, reply) => {
      const me = currentActor(request);
      const part = request.isMultipart()
        ? await request.file({ limits: { fileSize: IMPORT_CSV_MAX_BYTES, files: 1 } })
        : undefined;
      return reply.status(202).send(await importFromCsv(ctx, me, request.params.id, part?.file));
    },
  });

  r.post('/campaign/:id/influencer/import/list', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: 'Invite the influencers of one of your discovery lists; active campaigns only',
      params: campaignIdParams,
      body: importFromListBody,
      response: { 202: campaignImportStarted, ...errors },
    },
    handler: async (request, reply) => {
      const me = currentActor(request);
      return reply.status(202).send(await importFromList(ctx, me, request.params.id, request.body.list_id));
    },
  });

  r.get('/campaign/influencer/import/status', {
    preHandler: business,
    schema: {
      tags,
      security,
      summary: "The campaign's latest import: counts and every failed row with its reason",
      querystring: importStatusQuery,
      response: { 200: campaignImportStatus, ...errors },
    },
    handler: async (request) => getImportStatus(ctx, currentActor(request), request.query),
  });
}
