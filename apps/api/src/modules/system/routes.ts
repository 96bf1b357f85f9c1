import { systemApi } from '@reach/contract/endpoints/system';
import { errorBody } from '@reach/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import apiPackage from '../../../package.json' with { type: 'json' };
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint';
import { presentOutboxMail } from './presenter';
import { checkDatabase, checkReadiness, listOutbox, notifyByEmail } from './service';

/**
 * The running version: stamped by the production build (scripts/build-api.mjs: the package's version and the
 * commit it was built from), else the package's version when run from source.
 */
export const VERSION: string = process.env.REACH_BUILD_VERSION ?? apiPackage.version;

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, systemApi.health, {}, async () => {
    await checkDatabase(ctx);
    return { status: 'ok' as const, database: 'ok' as const, version: VERSION };
  });
  route(app, systemApi.live, {}, async () => ({ status: 'ok' as const }));
  route(app, systemApi.ready, {}, async () => {
    await checkReadiness(ctx);
    return { status: 'ok' as const, checks: { database: 'ok' as const, migrations: 'ok' as const } };
  });
}

const outboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});

/** Dev tools (registered only with DEV_TOOLS, never in production): read the mail outbox, notify a user. */
export async function devRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const listMail = async (to?: string) => (await listOutbox(ctx, to)).map(presentOutboxMail);

  app.withTypeProvider<ZodTypeProvider>().get('/api/dev/outbox', {
    config: { public: true },
    schema: {
      tags: ['dev'],
      summary: 'Development mailbox: the latest 100 mails, newest first',
      querystring: z.object({ to: z.string().optional() }),
      response: { 200: z.object({ messages: z.array(outboxMail) }) },
    },
    handler: async (request) => ({ messages: await listMail(request.query.to) }),
  });

  // Lets browser journeys create notifications server-side, as another module would.
  app.withTypeProvider<ZodTypeProvider>().post('/api/dev/notify', {
    config: { public: true },
    schema: {
      tags: ['dev'],
      summary: 'Development only: notify a user (by email address) count times',
      body: z.object({
        email: z.string(),
        body: z.string().min(1).max(500),
        count: z.number().int().min(1).max(50).default(1),
      }),
      response: { 204: z.null(), 404: errorBody },
    },
    handler: async (request, reply) => {
      await notifyByEmail(ctx, request.body.email, request.body.body, request.body.count);
      return reply.status(204).send(null);
    },
  });

  app.get('/dev/mailbox', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    const mails = await listMail();
    const items = mails
      .map(
        (m) =>
          `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${m.created_at}</span></header><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    reply
      .type('text/html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>REACH dev mailbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}h1{font-size:1.4rem}article{border:1px solid #dee2e6;border-radius:8px;margin:0 0 1rem;padding:1rem}header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem;margin-bottom:.5rem}header span{color:#666}pre{white-space:pre-wrap;margin:0;font:14px ui-monospace,monospace}</style></head>
<body><h1>Development mailbox</h1><p>Mail the server would have sent (no SMTP_URL is set). Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`);
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
