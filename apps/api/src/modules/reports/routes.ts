import { reportsApi } from '@reach/contract/endpoints/reports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { currentActor, currentBusiness, requireSubscription, requireType } from '../../plugins/auth';
import { reportCsv } from './csv';
import { campaignReportPdf } from './pdf';
import { campaignReport, creatorReport, emvSettingsOf, updateEmvSettings } from './service';

/**
 * Campaign and creator reports with their CSV and PDF files (the business that owns the campaign, with a plan
 * that has campaigns, and admins), and each business's EMV values.
 */
export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const readers = { preHandler: [requireType('business', 'admin'), requireSubscription] };
  const business = { preHandler: [requireType('business'), requireSubscription] };

  route(app, reportsApi.campaign, readers, async (request) =>
    campaignReport(ctx, currentActor(request), request.params.id),
  );
  route(app, reportsApi.campaignCsv, readers, async (request, reply) => {
    const report = await campaignReport(ctx, currentActor(request), request.params.id);
    const file = reportCsv(report, request.query.table);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.text);
  });
  route(app, reportsApi.campaignPdf, readers, async (request, reply) => {
    const report = await campaignReport(ctx, currentActor(request), request.params.id);
    const bytes = await campaignReportPdf(report);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="campaign-${report.campaign.id}-report.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
  route(app, reportsApi.creator, readers, async (request) =>
    creatorReport(ctx, currentActor(request), request.params.influencerUserId, request.query.business_id),
  );
  route(app, reportsApi.creatorCsv, readers, async (request, reply) => {
    const report = await creatorReport(
      ctx,
      currentActor(request),
      request.params.influencerUserId,
      request.query.business_id,
    );
    const file = reportCsv(report, request.query.table);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.text);
  });
  route(app, reportsApi.emvSettings, business, async (request) =>
    emvSettingsOf(ctx, currentBusiness(request)),
  );
  route(app, reportsApi.updateEmvSettings, business, async (request) =>
    updateEmvSettings(ctx, currentBusiness(request), request.body.rates),
  );
}
