import { endpoint } from '../endpoint';
import { health } from '../user';

/** Operations: liveness and the database check. */
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
};
