import { IMPORT_CSV_MAX_BYTES } from '@reach/contract/campaign-imports';
import { campaignImportsApi } from '@reach/contract/endpoints/campaign-imports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, requirePlan, requireType } from '../../plugins/auth';
import { multipartForms } from '../../plugins/external/uploads';
import { getImportStatus, importFromCsv, importFromList } from './service';

/**
 * Bulk imports of influencers into a campaign (spec §7 status path). Only the campaign's business, with a
 * subscription or trial; the work happens in a background job (jobs/campaign-import.ts).
 */
export async function campaignImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipartForms);
  const business = { preHandler: [requireType('business'), requirePlan('bulk_invitations')] };

  route(app, campaignImportsApi.fromCsv, business, async (request) => {
    const me = currentActor(request);
    const part = request.isMultipart()
      ? await request.file({ limits: { fileSize: IMPORT_CSV_MAX_BYTES, files: 1 } })
      : undefined;
    return importFromCsv(ctx, me, request.params.id, part?.file);
  });

  route(app, campaignImportsApi.fromList, business, async (request) =>
    importFromList(ctx, currentActor(request), request.params.id, request.body.list_id),
  );

  route(app, campaignImportsApi.status, business, async (request) =>
    getImportStatus(ctx, currentActor(request), request.query),
  );
}
