import crypto from 'node:crypto';
import { localServer, sendJson } from './google-oidc';

/** One Instagram media object as the fake Graph API knows it. */
export type FakeMedia = {
  id: string;
  username: string;
  permalink: string;
  caption?: string;
  media_type?: string;
  media_url?: string;
  like_count: number;
  comments_count: number;
  reach: number;
};

/**
 * A local stand-in for the Graph API the social adapter calls: GET /{media-id}?fields=… and
 * GET /{media-id}/insights?metric=reach, both with access_token=<app id>|<app secret> and the matching
 * appsecret_proof (anything else → 400 OAuthException, like Graph). Unknown ids → 400 with error code 100.
 * `failNext` makes the next call answer 500. Every request is recorded.
 */
export async function startGraph(options: { appId: string; appSecret: string }) {
  const server = await localServer();
  const media = new Map<string, FakeMedia>();
  const requests: string[] = [];
  let failNext = false;
  const token = `${options.appId}|${options.appSecret}`;
  const proof = crypto.createHmac('sha256', options.appSecret).update(token).digest('hex');
  server.handle((req, res) => {
    const url = new URL(req.url ?? '/', server.origin);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (failNext) {
      failNext = false;
      return sendJson(res, 500, { error: { message: 'An unexpected error has occurred.', code: 2 } });
    }
    if (url.searchParams.get('access_token') !== token || url.searchParams.get('appsecret_proof') !== proof)
      return sendJson(res, 400, {
        error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
      });
    const [, version, id, edge] = url.pathname.split('/');
    if (version !== 'v21.0' || !id)
      return sendJson(res, 404, { error: { message: 'Unknown path', code: 803 } });
    const m = media.get(id);
    if (!m)
      return sendJson(res, 400, {
        error: { message: `Unsupported get request. Object with ID '${id}' does not exist`, code: 100 },
      });
    if (edge === 'insights') {
      if (url.searchParams.get('metric') !== 'reach')
        return sendJson(res, 400, { error: { message: 'metric must be reach', code: 100 } });
      return sendJson(res, 200, {
        data: [
          {
            name: 'reach',
            period: 'lifetime',
            values: [{ value: m.reach }],
            id: `${id}/insights/reach/lifetime`,
          },
        ],
      });
    }
    const fields = (url.searchParams.get('fields') ?? 'id').split(',');
    const all: Record<string, unknown> = { ...m, timestamp: '2026-11-20T10:00:00+0000' };
    delete all.reach;
    return sendJson(res, 200, Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])));
  });
  return {
    url: `${server.origin}/v21.0`,
    media,
    requests,
    failNext() {
      failNext = true;
    },
    close: server.close,
  };
}
