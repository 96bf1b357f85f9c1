import crypto from 'node:crypto';

/*
 * The social adapter: what REACH reads from the platforms about a post. Every set of metrics (reach,
 * impressions, likes, comments, shares, saves, video views) says where it came from: `measured` — read from
 * the platform's API — or `estimated`, and how (`method`, in words shown to the user). With a Facebook app
 * configured (FACEBOOK_APP_ID + FACEBOOK_APP_SECRET) it calls the Graph API at FACEBOOK_GRAPH_URL with the app
 * access token (media by id: like and comment counts; its insights: reach, views, saved, shares); otherwise (the
 * embedded default), and for posts Graph cannot be asked about, metrics are estimated from the local discovery
 * index — the influencer's followers and engagements there, varied per post — or, for an influencer the index
 * does not list, from a hash of the post: the same post always shows the same figures and nothing leaves the
 * machine.
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

/** Whether figures were read from the platform's API or estimated by REACH. */
export type MetricsSource = 'measured' | 'estimated';

/**
 * A post's figures with where they came from. null: not known (the platform does not report it for this kind
 * of media, has no data yet, or — video views — the post is not a video).
 */
export type SocialMetrics = {
  reach: number | null;
  impressions: number | null;
  likes: number;
  comments: number;
  shares: number | null;
  saves: number | null;
  video_views: number | null;
  source: MetricsSource;
  /** How, in words shown next to the figures. */
  method: string;
};

/** The words stored as a post's metrics_method and shown next to its figures. */
export const METRICS_METHOD = {
  graph:
    'Measured by the Instagram Graph API: likes and comments of the media; reach, views, saves and shares from its insights',
  graphNoInsights:
    'Measured by the Instagram Graph API: likes and comments of the media (Instagram has no insights for it yet)',
  indexed:
    "Estimated from the creator's followers and engagement rate in the discovery index, varied per post",
  local:
    'Estimated from typical engagement ratios for a post; no platform data or discovery-index figures were used',
} as const;

/** What the metrics are about: the platform's media id when known, else the post's URL. */
export type MetricsSubject = {
  mediaId: string | null;
  postUrl: string | null;
  platform: string;
  influencerUserId: number;
  /** The post is a video (a TikTok or YouTube post, or one with a video file): it has video views. */
  video?: boolean;
};

export type Social = {
  name: 'graph' | 'embedded';
  /** A media object by id (Graph only; null on the embedded default or when the platform does not know it). */
  getMedia(mediaId: string): Promise<SocialMedia | null>;
  /** Reach, impressions, likes, comments, shares, saves and video views of a post, with their provenance. */
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
  media_product_type?: string;
  media_url?: string;
  permalink?: string;
  username?: string;
  timestamp?: string;
  like_count?: number;
  comments_count?: number;
};

type GraphInsights = {
  data?: { name: string; values?: { value: number }[]; total_value?: { value: number } }[];
};

/**
 * The insights asked of a media object. Graph v22 deprecated `impressions` (an error for media made after
 * 2 July 2024), `plays` and `video_views` in favour of `views` — times the media was seen, plays for a video or
 * reel — so impressions and video views are both read from `views`.
 */
export const GRAPH_INSIGHT_METRICS = 'reach,views,saved,shares';

/** Graph's error codes for insights it will not give: too few viewers (10), unsupported for this media (100). */
const NO_INSIGHTS_CODES = new Set([10, 100]);

/**
 * The Graph API adapter (Instagram API with Facebook Login). Metrics of a post known by its media id are
 * measured: like_count and comments_count of the media, and its lifetime insights. A post without a media id
 * (submitted by URL) or one Graph does not know gets `fallback`'s estimate.
 */
export function createGraphSocial(
  options: { graphUrl: string; appId: string; appSecret: string },
  fallback: (subject: MetricsSubject) => Promise<SocialMetrics> = async (subject) => localMetrics(subject),
): Social {
  const base = options.graphUrl.replace(/\/$/, '');
  const token = `${options.appId}|${options.appSecret}`;
  // appsecret_proof: HMAC-SHA256 of the access token with the app secret (Graph's "Require App Secret").
  const proof = crypto.createHmac('sha256', options.appSecret).update(token).digest('hex');

  /** GET a Graph path: the body, or null for an unknown object (404, or 400 with one of `missingCodes`). */
  async function get<T>(
    path: string,
    params: Record<string, string>,
    missingCodes: ReadonlySet<number> = new Set([100]),
  ): Promise<T | null> {
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
      if (res.status === 400 && code !== undefined && missingCodes.has(code)) return null;
      throw new SocialError(`Graph API ${res.status}: ${body?.error?.message ?? 'no body'}`);
    }
    return body;
  }

  async function media(mediaId: string) {
    return get<GraphMedia>(encodeURIComponent(mediaId), {
      fields:
        'id,caption,media_type,media_product_type,media_url,permalink,username,timestamp,like_count,comments_count',
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
      // Only Instagram media known by id can be asked; anything else is estimated.
      if (!subject.mediaId) return fallback(subject);
      const m = await media(subject.mediaId);
      if (!m) return fallback(subject);
      // Insights Graph will not give (too few viewers, media inside an album, none yet: an empty data set)
      // leave those figures unknown; the likes and comments are still measured.
      const insights = await get<GraphInsights>(
        `${encodeURIComponent(subject.mediaId)}/insights`,
        { metric: GRAPH_INSIGHT_METRICS },
        NO_INSIGHTS_CODES,
      );
      const value = (name: string): number | null => {
        const d = insights?.data?.find((x) => x.name === name);
        const v = d?.values?.[0]?.value ?? d?.total_value?.value;
        return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
      };
      const views = value('views');
      const isVideo = m.media_type === 'VIDEO' || m.media_product_type === 'REELS';
      const any = ['reach', 'views', 'saved', 'shares'].some((n) => value(n) !== null);
      return {
        reach: value('reach'),
        impressions: views,
        likes: m.like_count ?? 0,
        comments: m.comments_count ?? 0,
        shares: value('shares'),
        saves: value('saved'),
        video_views: isVideo ? views : null,
        source: 'measured',
        method: any ? METRICS_METHOD.graph : METRICS_METHOD.graphNoInsights,
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

/** A factor between lo and hi read from two bytes of the seed (stable per post). */
const factor = (seed: Buffer, offset: number, lo: number, hi: number) =>
  lo + ((hi - lo) * seed.readUInt16BE(offset)) / 0xffff;

/** Whether a subject is a video: TikTok and YouTube posts always are. */
const isVideo = (subject: MetricsSubject) =>
  subject.video === true || subject.platform === 'tiktok' || subject.platform === 'youtube';

/**
 * The figures that follow from reach and likes, at typical ratios for a post, varied per post: impressions
 * 1.1–1.6 × reach (some see it more than once), shares 2–8 % and saves 3–12 % of likes, and for a video,
 * views 60–95 % of impressions.
 */
function derived(subject: MetricsSubject, seed: Buffer, reach: number, likes: number) {
  const impressions = Math.round(reach * factor(seed, 8, 1.1, 1.6));
  return {
    impressions,
    shares: Math.round(likes * factor(seed, 10, 0.02, 0.08)),
    saves: Math.round(likes * factor(seed, 12, 0.03, 0.12)),
    video_views: isVideo(subject) ? Math.round(impressions * factor(seed, 14, 0.6, 0.95)) : null,
  };
}

/**
 * The embedded default's figures for an influencer the index does not list: derived from a hash of the post
 * (media id or URL) and its influencer, so they are stable across calls and restarts, plausible
 * (impressions ≥ reach ≥ likes ≥ comments) and never fetched.
 */
export function localMetrics(subject: MetricsSubject): SocialMetrics {
  const seed = postSeed(subject);
  const reach = 1_000 + (seed.readUInt32BE(0) % 49_000);
  const likes = Math.floor((reach * (20 + (seed.readUInt16BE(4) % 100))) / 1_000);
  const comments = Math.floor((likes * (1 + (seed.readUInt16BE(6) % 50))) / 1_000);
  return {
    reach,
    likes,
    comments,
    ...derived(subject, seed, reach, likes),
    source: 'estimated',
    method: METRICS_METHOD.local,
  };
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
  return {
    reach,
    likes,
    comments,
    ...derived(subject, seed, reach, likes),
    source: 'estimated',
    method: METRICS_METHOD.indexed,
  };
}

/** The estimate of a post: from the discovery index when it lists the influencer, else from the post. */
export function estimateMetrics(lookup?: IndexedAccountLookup) {
  return async (subject: MetricsSubject): Promise<SocialMetrics> => {
    const account = lookup ? await lookup(subject) : null;
    return account ? indexedMetrics(subject, account) : localMetrics(subject);
  };
}

export function createEmbeddedSocial(lookup?: IndexedAccountLookup): Social {
  return {
    name: 'embedded',
    async getMedia() {
      return null;
    },
    getMetrics: estimateMetrics(lookup),
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
    return createGraphSocial(
      {
        graphUrl: config.FACEBOOK_GRAPH_URL,
        appId: config.FACEBOOK_APP_ID,
        appSecret: config.FACEBOOK_APP_SECRET,
      },
      estimateMetrics(lookup),
    );
  return createEmbeddedSocial(lookup);
}
