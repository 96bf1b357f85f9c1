import { z } from 'zod';
import { endpoint } from '../endpoint';
import { health } from '../user';

/** The answer of the liveness probe: the process is up. */
export const healthLive = z.object({ status: z.literal('ok') });

/** The answer of the readiness probe when every configured part is ready. */
export const healthReady = z.object({
  status: z.literal('ok'),
  checks: z.object({ database: z.literal('ok'), migrations: z.literal('ok') }),
});

/** Operations: liveness and the database check, and the probes of an orchestrator (liveness, readiness). */
export const systemApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    tags: ['system'],
    summary: 'Liveness and database check',
    auth: 'public',
    response: health,
    errors: [503],
  }),
  live: endpoint({
    method: 'GET',
    path: '/health/live',
    tags: ['system'],
    summary: 'Liveness probe: the process is up (touches no database)',
    auth: 'public',
    response: healthLive,
    errors: [],
  }),
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    tags: ['system'],
    summary: 'Readiness probe: the database answers and every migration the code knows is applied',
    description:
      'A 503 names each failed check in `error.fields` (`database`, `migrations`, and `redis` when the ' +
      'replicas share a Redis: REDIS_URL).',
    auth: 'public',
    response: healthReady,
    errors: [503],
  }),
};
