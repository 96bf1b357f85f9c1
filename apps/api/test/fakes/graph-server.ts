import crypto from 'node:crypto';
import { localServer, sendJson } from './google-oidc';

/** One Instagram media object as the fake Graph API knows it. */
export type FakeMedia = {
  id: string;
  username: string;
  permalink: string;
  caption?: string;
  media_type?: string;
  media_product_type?: string;
  media_url?: string;
  like_count: number;
  comments_count: number;
  /** Lifetime insights; one left out is missing from the answer's data (Graph: no data for it yet). */
  reach: number;
  views?: number;
  saved?: number;
  shares?: number;
  /** Graph refuses this media's insights: error 10, "Not enough viewers for the media to show insights". */
  fewViewers?: boolean;
};

/** The media insights Graph v22+ serves; impressions, plays and video_views were deprecated for `views`. */
const INSIGHT_METRICS = new Set([
  'reach',
  'views',
  'saved',
  'shares',
  'likes',
  'comments',
  'total_interactions',
]);
const INSIGHT_FIELDS = ['reach', 'views', 'saved', 'shares', 'fewViewers'];

/**
 * A local stand-in for the Graph API the social adapter calls: GET /{media-id}?fields=… and
 * GET /{media-id}/insights?metric=reach,views,saved,shares (a deprecated or unknown metric — impressions,
 * video_views, plays — is a 400 with code 100, as Graph answers for media made after July 2024), both with
 * access_token=<app id>|<app secret> and the matching appsecret_proof (anything else → 400 OAuthException,
 * like Graph). Unknown ids → 400 with error code 100.
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
    if (version !== 'v24.0' || !id)
      return sendJson(res, 404, { error: { message: 'Unknown path', code: 803 } });
    const m = media.get(id);
    if (!m)
      return sendJson(res, 400, {
        error: { message: `Unsupported get request. Object with ID '${id}' does not exist`, code: 100 },
      });
    if (edge === 'insights') {
      const asked = (url.searchParams.get('metric') ?? '').split(',');
      const unknown = asked.find((name) => !INSIGHT_METRICS.has(name));
      if (unknown !== undefined)
        return sendJson(res, 400, {
          error: {
            message: `(#100) metric[0] must be one of the following values: ${[...INSIGHT_METRICS].join(', ')}`,
            code: 100,
          },
        });
      if (m.fewViewers)
        return sendJson(res, 400, {
          error: { message: '(#10) Not enough viewers for the media to show insights', code: 10 },
        });
      const values: Record<string, number | undefined> = {
        reach: m.reach,
        views: m.views,
        saved: m.saved,
        shares: m.shares,
        likes: m.like_count,
        comments: m.comments_count,
      };
      return sendJson(res, 200, {
        data: asked
          .filter((name) => values[name] !== undefined)
          .map((name) => ({
            name,
            period: 'lifetime',
            values: [{ value: values[name] }],
            id: `${id}/insights/${name}/lifetime`,
          })),
      });
    }
    const fields = (url.searchParams.get('fields') ?? 'id').split(',');
    const all: Record<string, unknown> = { ...m, timestamp: '2026-11-20T10:00:00+0000' };
    for (const f of INSIGHT_FIELDS) delete all[f];
    return sendJson(res, 200, Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])));
  });
  return {
    url: `${server.origin}/v24.0`,
    media,
    requests,
    failNext() {
      failNext = true;
    },
    close: server.close,
  };
}
