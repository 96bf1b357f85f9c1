import { endpoint } from '../endpoint';

/**
 * The signed-in user's live events as Server-Sent Events (`LiveEvent` of ../notifications): not JSON, so the
 * handler writes the stream itself.
 */
export const liveApi = {
  events: endpoint({
    method: 'GET',
    path: '/my/events',
    tags: ['live'],
    summary: 'Live events (Server-Sent Events)',
    errors: [],
  }),
};
