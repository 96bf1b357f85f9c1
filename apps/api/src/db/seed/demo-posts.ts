import crypto from 'node:crypto';
import { localMetrics } from '../../adapters/social/index';
import type { AppContext } from '../../context';
import { payFromCampaignBudget } from '../../modules/payments/ledger';
import { postPaymentKey } from '../../modules/posts/service';
import type { PostStatusColumn } from '../schema';
import { bannerPng, type Rgb } from './png';

const DAY = 86_400_000;

type DemoPost = {
  campaign: string;
  /** The influencer: Isabella (the demo influencer) or, by default, whoever holds the campaign's accepted connection. */
  isabella: boolean;
  status: PostStatusColumn;
  daysAgo: number;
  platform: 'instagram' | 'tiktok' | 'youtube';
  url: string;
  caption: string;
  reason?: string;
  source?: 'submitted' | 'webhook';
  mediaId?: string;
  colors: [Rgb, Rgb, Rgb];
};

/**
 * The demo's posts, written as they would have happened (after the campaigns are funded and the connections
 * exist): Isabella's four paid posts — "Spring Refresh Edit" long ago, "Glow Serum Launch" and two on
 * "National Parks Road Trip" — each approved and paid through payFromCampaignBudget with the key
 * `post:<id>`, so every payment references its post ($1,150.00 in all); a product post on "Ultralight Tent
 * Field Test" approved without payment; a Glow post Lumen rejected with a reason (she may resubmit it); and
 * posts awaiting review: a creator's on Lumen's "Night Repair Cream Seeding", and one of Isabella's detected
 * by the Instagram webhook for Peak. Isabella's Instagram account is subscribed to the webhooks.
 */
export async function seedDemoPosts(
  ctx: AppContext,
  accounts: { trialUserId: number; proUserId: number; influencerUserId: number },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  const posts: DemoPost[] = [
    {
      campaign: 'Spring Refresh Edit',
      isabella: true,
      status: 'approved',
      daysAgo: 180,
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DemoSpring01/',
      caption: 'Spring reset: three steps, five minutes, glowing all day. #lumenpartner',
      colors: [
        [250, 214, 165],
        [255, 240, 220],
        [233, 150, 122],
      ],
    },
    {
      campaign: 'Glow Serum Launch',
      isabella: true,
      status: 'approved',
      daysAgo: 10,
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DemoGlow01/',
      caption: 'Two weeks with the Vitamin C Glow Serum from @lumenskincare: brighter, calmer skin. #ad',
      colors: [
        [255, 200, 87],
        [255, 236, 179],
        [244, 162, 97],
      ],
    },
    {
      campaign: 'Glow Serum Launch',
      isabella: true,
      status: 'rejected',
      daysAgo: 4,
      platform: 'tiktok',
      url: 'https://www.tiktok.com/@bellaglows/video/7300000000000000001',
      caption: 'My morning routine ✨',
      reason: 'The video does not tag @lumenskincare or say it is an ad. Please add both and resubmit.',
      colors: [
        [200, 220, 255],
        [240, 245, 255],
        [120, 144, 226],
      ],
    },
    {
      campaign: 'National Parks Road Trip',
      isabella: true,
      status: 'approved',
      daysAgo: 20,
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DemoParks01/',
      caption: 'Sunrise at Arches with the Peak 2-person tent. #peakoutdoor #ad',
      colors: [
        [214, 110, 60],
        [250, 200, 150],
        [120, 60, 30],
      ],
    },
    {
      campaign: 'National Parks Road Trip',
      isabella: true,
      status: 'approved',
      daysAgo: 16,
      platform: 'youtube',
      url: 'https://www.youtube.com/watch?v=DemoParks02',
      caption: 'Canyonlands in 48 hours: what I packed (sponsored by Peak Outdoor Co.)',
      colors: [
        [60, 120, 90],
        [180, 220, 190],
        [30, 70, 50],
      ],
    },
    {
      campaign: 'National Parks Road Trip',
      isabella: true,
      status: 'submitted',
      daysAgo: 2,
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DemoParks03/',
      caption: 'Zion at golden hour. Still the best tent I have slept in. @peakoutdoor #ad',
      source: 'webhook',
      mediaId: '17900000000000003',
      colors: [
        [230, 140, 80],
        [255, 220, 180],
        [150, 80, 40],
      ],
    },
    {
      campaign: 'Ultralight Tent Field Test',
      isabella: true,
      status: 'approved',
      daysAgo: 14,
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DemoTent01/',
      caption: 'Field-testing the ultralight tent in the Sierra: 1.1 kg and bone dry. #peakpartner',
      colors: [
        [90, 140, 200],
        [200, 225, 250],
        [40, 80, 140],
      ],
    },
    {
      campaign: 'Night Repair Cream Seeding',
      isabella: false,
      status: 'submitted',
      daysAgo: 1,
      platform: 'instagram',
      url: 'https://www.instagram.com/p/DemoNight01/',
      caption:
        'First impressions of the Night Repair Cream from @lumenskincare. Full review in 4 weeks! #gifted',
      colors: [
        [60, 50, 110],
        [150, 140, 210],
        [240, 200, 120],
      ],
    },
  ];

  for (const p of posts) {
    let q = db
      .selectFrom('connections as cn')
      .innerJoin('campaigns as c', 'c.id', 'cn.campaign_id')
      .innerJoin('businesses as b', 'b.id', 'cn.business_id')
      .select([
        'cn.id',
        'cn.campaign_id',
        'cn.business_id',
        'cn.influencer_user_id',
        'c.title',
        'c.type_id',
        'c.amount_per_post_cents',
        'b.user_id as business_user_id',
      ])
      .where('c.title', '=', p.campaign)
      .where('cn.status', 'in', ['accepted', 'completed'])
      .orderBy('cn.id');
    if (p.isabella) q = q.where('cn.influencer_user_id', '=', accounts.influencerUserId);
    const cn = await q.executeTakeFirst();
    if (!cn) continue;
    const at = ago(p.daysAgo);
    const reviewedAt = new Date(at.getTime() + DAY / 2);
    const png = bannerPng(...p.colors, 480, 480);
    const key = `posts/${cn.id}/${crypto.randomUUID()}.png`;
    await ctx.storage.put(key, png, 'image/png');
    await db.transaction().execute(async (trx) => {
      const reviewed = p.status !== 'submitted';
      const metrics =
        p.status === 'approved'
          ? localMetrics({
              mediaId: p.mediaId ?? null,
              postUrl: p.url,
              platform: p.platform,
              influencerUserId: cn.influencer_user_id,
            })
          : null;
      const post = await trx
        .insertInto('posts')
        .values({
          connection_id: cn.id,
          campaign_id: cn.campaign_id,
          business_id: cn.business_id,
          influencer_user_id: cn.influencer_user_id,
          platform: p.platform,
          post_url: p.url,
          caption: p.caption,
          source: p.source ?? 'submitted',
          external_media_id: p.mediaId ?? null,
          status: p.status,
          rejection_reason: p.reason ?? null,
          submitted_at: at,
          reviewed_at: reviewed ? reviewedAt : null,
          reviewed_by: reviewed ? cn.business_user_id : null,
          likes: metrics?.likes ?? null,
          comments: metrics?.comments ?? null,
          reach: metrics?.reach ?? null,
          impressions: metrics?.impressions ?? null,
          shares: metrics?.shares ?? null,
          saves: metrics?.saves ?? null,
          video_views: metrics?.video_views ?? null,
          metrics_source: metrics?.source ?? null,
          metrics_method: metrics?.method ?? null,
          metrics_fetched_at: metrics ? reviewedAt : null,
          created_at: at,
          updated_at: reviewed ? reviewedAt : at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('post_media')
        .values({ post_id: post.id, key, mime: 'image/png', size_bytes: png.length, position: 0 })
        .execute();
      await trx
        .insertInto('post_events')
        .values([
          {
            post_id: post.id,
            actor_user_id: p.source === 'webhook' ? null : cn.influencer_user_id,
            from_status: null,
            to_status: 'submitted',
            post_url: p.url,
            created_at: at,
          },
          ...(reviewed
            ? [
                {
                  post_id: post.id,
                  actor_user_id: cn.business_user_id,
                  from_status: 'submitted' as const,
                  to_status: p.status,
                  reason: p.reason ?? null,
                  created_at: reviewedAt,
                },
              ]
            : []),
        ])
        .execute();
      if (p.status === 'approved' && (cn.type_id === 2 || cn.type_id === 3) && cn.amount_per_post_cents) {
        const paid = await payFromCampaignBudget(trx, {
          campaignId: cn.campaign_id,
          influencerUserId: cn.influencer_user_id,
          amountCents: cn.amount_per_post_cents,
          idempotencyKey: postPaymentKey(post.id),
          description: `Approved post for "${cn.title}"`,
          reference: { type: 'post', id: post.id },
          at: reviewedAt,
        });
        await trx
          .updateTable('posts')
          .set({
            payment_transaction_id: paid.transactionId,
            paid_cents: cn.amount_per_post_cents,
            paid_at: reviewedAt,
          })
          .where('id', '=', post.id)
          .execute();
      }
    });
  }

  await db
    .insertInto('webhook_subscriptions')
    .values({
      user_id: accounts.influencerUserId,
      object: 'instagram',
      fields: JSON.stringify(['media', 'mentions', 'comments']),
      instagram_account_id: '17841400000000001',
      instagram_username: 'bella.glows',
      last_event_at: ago(2),
      created_at: ago(26),
      updated_at: ago(2),
    })
    .execute();
}
