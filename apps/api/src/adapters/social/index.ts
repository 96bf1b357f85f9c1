import crypto from 'node:crypto';

/*
 * The social adapter: what REACH reads from the platforms about a post. With a Facebook app configured
 * (FACEBOOK_APP_ID + FACEBOOK_APP_SECRET) it calls the Graph API at FACEBOOK_GRAPH_URL (media by id; insights:
 * likes, comments, reach) with the app access token; otherwise (the embedded default) metrics come from the
 * local discovery index — the influencer's followers and engagements there, varied per post — or, for an
 * influencer the index does not list, from a hash of the post: the same post always shows the same figures and
 * nothing leaves the machine.
 */

export type SocialMedia = {
  id: string;
  caption: string | null;
  mediaType: string | null;
  mediaUrl: string | null;
  permalink: string | null;
  username: string | null;
  timestamp: string | null;
};

export type SocialMetrics = { likes: number; comments: number; reach: number };

/** How the embedded default estimates (the words stored as a post's metrics_method and shown next to its figures). */
export const METRICS_METHOD = {
  indexed:
    "Estimated from the creator's followers and engagement rate in the discovery index, varied per post",
  local:
    'Estimated from typical engagement ratios; the creator is not in the discovery index and no platform data was read',
} as const;

/** What the metrics are about: the platform's media id when known, else the post's URL. */
export type MetricsSubject = {
  mediaId: string | null;
  postUrl: string | null;
  platform: string;
  influencerUserId: number;
};

export type Social = {
  name: 'graph' | 'embedded';
  /** A media object by id (Graph only; null on the embedded default or when the platform does not know it). */
  getMedia(mediaId: string): Promise<SocialMedia | null>;
  /** Likes, comments and reach of a post. */
  getMetrics(subject: MetricsSubject): Promise<SocialMetrics>;
};

/** The influencer's account in the local discovery index, when it lists them. */
export type IndexedAccount = { followers: number; engagements: number };
export type IndexedAccountLookup = (subject: MetricsSubject) => Promise<IndexedAccount | null>;

export class SocialError extends Error {}

const TIMEOUT_MS = 10_000;

type GraphMedia = {
  id: string;
  caption?: string;
  media_type?: string;
  media_url?: string;
  permalink?: string;
  username?: string;
  timestamp?: string;
  like_count?: number;
  comments_count?: number;
};

export function createGraphSocial(options: { graphUrl: string; appId: string; appSecret: string }): Social {
  const base = options.graphUrl.replace(/\/$/, '');
  const token = `${options.appId}|${options.appSecret}`;
  // appsecret_proof: HMAC-SHA256 of the access token with the app secret (Graph's "Require App Secret").
  const proof = crypto.createHmac('sha256', options.appSecret).update(token).digest('hex');

  async function get<T>(path: string, params: Record<string, string>): Promise<T | null> {
    const url = new URL(`${base}/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('access_token', token);
    url.searchParams.set('appsecret_proof', proof);
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new SocialError(`Graph API not reachable: ${(error as Error).message}`);
    }
    if (res.status === 404) return null;
    const body = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
    if (!res.ok || !body) {
      // Graph answers an unknown object id with 400 and error code 100.
      const code = (body as { error?: { code?: number } } | null)?.error?.code;
      if (res.status === 400 && code === 100) return null;
      throw new SocialError(`Graph API ${res.status}: ${body?.error?.message ?? 'no body'}`);
    }
    return body;
  }

  async function media(mediaId: string) {
    return get<GraphMedia>(encodeURIComponent(mediaId), {
      fields: 'id,caption,media_type,media_url,permalink,username,timestamp,like_count,comments_count',
    });
  }

  return {
    name: 'graph',
    async getMedia(mediaId) {
      const m = await media(mediaId);
      if (!m) return null;
      return {
        id: m.id,
        caption: m.caption ?? null,
        mediaType: m.media_type ?? null,
        mediaUrl: m.media_url ?? null,
        permalink: m.permalink ?? null,
        username: m.username ?? null,
        timestamp: m.timestamp ?? null,
      };
    },
    async getMetrics(subject) {
      // Only Instagram media known by id can be asked; anything else falls back to the local figures.
      if (!subject.mediaId) return localMetrics(subject);
      const m = await media(subject.mediaId);
      if (!m) return localMetrics(subject);
      const insights = await get<{
        data?: { name: string; values?: { value: number }[]; total_value?: { value: number } }[];
      }>(`${encodeURIComponent(subject.mediaId)}/insights`, { metric: 'reach' });
      const reach = insights?.data?.find((d) => d.name === 'reach');
      return {
        likes: m.like_count ?? 0,
        comments: m.comments_count ?? 0,
        reach: reach?.values?.[0]?.value ?? reach?.total_value?.value ?? 0,
      };
    },
  };
}

/** The bytes the embedded default varies a post's figures by: stable for the same post of the same influencer. */
function postSeed(subject: MetricsSubject): Buffer {
  return crypto
    .createHash('sha256')
    .update(`${subject.platform}|${subject.influencerUserId}|${subject.mediaId ?? subject.postUrl ?? ''}`)
    .digest();
}

/**
 * The embedded default's figures: derived from a hash of the post (media id or URL) and its influencer, so
 * they are stable across calls and restarts, plausible (reach ≥ likes ≥ comments) and never fetched.
 */
export function localMetrics(subject: MetricsSubject): SocialMetrics {
  const seed = postSeed(subject);
  const reach = 1_000 + (seed.readUInt32BE(0) % 49_000);
  const likes = Math.floor((reach * (20 + (seed.readUInt16BE(4) % 100))) / 1_000);
  const comments = Math.floor((likes * (1 + (seed.readUInt16BE(6) % 50))) / 1_000);
  return { likes, comments, reach };
}

/**
 * A post of an influencer listed in the local index: about their average engagements (likes ≈ 92 %, comments
 * the rest) and a reach of 15–45 % of their followers, varied per post by the same hash.
 */
export function indexedMetrics(subject: MetricsSubject, account: IndexedAccount): SocialMetrics {
  const seed = postSeed(subject);
  const vary = (offset: number) => 0.7 + (seed.readUInt16BE(offset) % 601) / 1000; // 0.7 … 1.3
  const engagements = account.engagements * vary(0);
  const likes = Math.round(engagements * 0.92);
  const comments = Math.round(engagements * 0.08);
  const reach = Math.max(likes, Math.round(account.followers * 0.3 * (vary(2) - 0.2)));
  return { likes, comments, reach };
}

export function createEmbeddedSocial(lookup?: IndexedAccountLookup): Social {
  return {
    name: 'embedded',
    async getMedia() {
      return null;
    },
    async getMetrics(subject) {
      const account = lookup ? await lookup(subject) : null;
      return account ? indexedMetrics(subject, account) : localMetrics(subject);
    },
  };
}

export function createSocial(
  config: {
    FACEBOOK_GRAPH_URL: string;
    FACEBOOK_APP_ID?: string | undefined;
    FACEBOOK_APP_SECRET?: string | undefined;
  },
  lookup?: IndexedAccountLookup,
): Social {
  if (config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET)
    return createGraphSocial({
      graphUrl: config.FACEBOOK_GRAPH_URL,
      appId: config.FACEBOOK_APP_ID,
      appSecret: config.FACEBOOK_APP_SECRET,
    });
  return createEmbeddedSocial(lookup);
}
