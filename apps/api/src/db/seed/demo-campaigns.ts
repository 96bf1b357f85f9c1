import crypto from 'node:crypto';
import type { CampaignStatus } from '@reach/contract/campaigns';
import type { AppContext } from '../../context';
import type { CampaignStatusColumn } from '../schema';
import { bannerPng, type Rgb } from './png';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type DemoMessage = { from: 'business' | 'influencer'; body: string; hoursAgo: number };
type DemoCampaign = {
  title: string;
  type_id: 1 | 2 | 3;
  status: CampaignStatus;
  /** Days from today of the start and end dates. */
  start?: number;
  end?: number;
  /** Days ago the campaign was created. */
  createdDaysAgo: number;
  description?: string;
  brand_overview?: string;
  objectives?: string;
  talking_points?: string;
  post_requirements?: string;
  tracker_url?: string;
  product_name?: string;
  product_amount_cents?: number;
  product_description?: string;
  product_link?: string;
  total_budget_cents?: number;
  amount_per_post_cents?: number;
  max_posts_per_influencer?: number;
  interests: string[];
  /** Banner images: [from, to, accent] colours. */
  images?: [Rgb, Rgb, Rgb][];
  messages?: DemoMessage[];
};

const LUMEN_OVERVIEW =
  'Lumen Skincare is an Austin-made, dermatologist-developed skincare line built on a few honest formulas: gentle actives, recyclable packaging and no fragrance for its own sake.';
const PEAK_OVERVIEW =
  'Peak Outdoor Co. designs packs, tents and layers in Denver for people who would rather be outside. Everything is field-tested on Colorado fourteeners and backed by a lifetime repair promise.';

const LUMEN: DemoCampaign[] = [
  {
    title: 'Glow Serum Launch',
    type_id: 3,
    status: 'active',
    start: -5,
    end: 25,
    createdDaysAgo: 12,
    description:
      'Introduce the new Lumen Vitamin C Glow Serum to your audience with an honest two-week routine: show your skin on day one and day fourteen, in natural light.',
    brand_overview: LUMEN_OVERVIEW,
    objectives: 'Launch awareness for the Glow Serum and drive first purchases through your tracked link.',
    talking_points:
      '15% stabilised vitamin C with ferulic acid. Fragrance-free and suitable for sensitive skin. Use in the morning under SPF.',
    post_requirements:
      'One Instagram Reel (30–60 s) and three Stories with the link sticker. Tag @lumenskincare and use #LumenGlow.',
    tracker_url: 'https://lumenskincare.example/glow?ref=reach',
    product_name: 'Lumen Vitamin C Glow Serum (30 ml)',
    product_amount_cents: 4800,
    product_description:
      'A lightweight brightening serum that fades dark spots and evens tone in four weeks.',
    product_link: 'https://lumenskincare.example/products/glow-serum',
    total_budget_cents: 600_000,
    amount_per_post_cents: 25_000,
    max_posts_per_influencer: 2,
    interests: ['Skincare', 'Clean Beauty', 'Makeup'],
    images: [
      [
        [255, 214, 170],
        [255, 160, 122],
        [255, 246, 220],
      ],
      [
        [250, 228, 206],
        [236, 170, 150],
        [255, 236, 180],
      ],
    ],
    messages: [
      {
        from: 'business',
        body: 'Hi Isabella! We love your slow-morning routines. Would you like to try the Glow Serum for our launch?',
        hoursAgo: 70,
      },
      {
        from: 'influencer',
        body: 'Hi! Yes, I have been looking for a fragrance-free vitamin C. Is a Reel plus Stories okay for you?',
        hoursAgo: 64,
      },
      {
        from: 'business',
        body: 'Perfect. We will ship the serum today; please film day one before you start.',
        hoursAgo: 50,
      },
      { from: 'influencer', body: 'Package arrived. Day one filmed in window light ✨', hoursAgo: 6 },
    ],
  },
  {
    title: 'SPF Every Day Challenge',
    type_id: 2,
    status: 'active',
    start: -10,
    end: 20,
    createdDaysAgo: 18,
    description:
      'A 30-day challenge to make sunscreen a habit. Share how you wear SPF every day, on make-up days and gym days alike.',
    brand_overview: LUMEN_OVERVIEW,
    objectives: 'Grow reach among 18–34 skincare fans and collect user-generated content for our ads.',
    talking_points:
      'Reapply every two hours outdoors. SPF works under make-up. Daily SPF is the best anti-ageing step.',
    post_requirements:
      'Three feed posts or Reels over the 30 days, each with #SPFEveryDay and @lumenskincare.',
    total_budget_cents: 450_000,
    amount_per_post_cents: 15_000,
    max_posts_per_influencer: 3,
    interests: ['Skincare', 'Running', 'Yoga'],
    messages: [
      {
        from: 'influencer',
        body: 'Hi Lumen team, I would love to join the SPF challenge. Can the posts be TikToks as well?',
        hoursAgo: 30,
      },
      { from: 'business', body: 'Absolutely, TikToks count too. Welcome aboard!', hoursAgo: 26 },
    ],
  },
  {
    title: 'Night Repair Cream Seeding',
    type_id: 1,
    status: 'active',
    start: -2,
    end: 30,
    createdDaysAgo: 6,
    description:
      'Receive our Night Repair Cream and share your honest first impressions after a week of use. No script, just your routine.',
    brand_overview: LUMEN_OVERVIEW,
    objectives: 'Seed the Night Repair Cream with trusted creators ahead of the winter season.',
    talking_points: 'Ceramides and peptides. Rich but non-greasy. Made for dry, winter-stressed skin.',
    post_requirements:
      'One post or Reel within three weeks of receiving the product, tagging @lumenskincare.',
    product_name: 'Lumen Night Repair Cream (50 ml)',
    product_amount_cents: 6200,
    product_description:
      'An overnight cream with ceramides and peptides that restores the skin barrier while you sleep.',
    product_link: 'https://lumenskincare.example/products/night-repair',
    interests: ['Skincare', 'Clean Beauty'],
    images: [
      [
        [70, 60, 110],
        [150, 120, 190],
        [235, 225, 255],
      ],
    ],
  },
  {
    title: 'Holiday Gift Sets 2026',
    type_id: 3,
    status: 'draft',
    start: 30,
    createdDaysAgo: 2,
    description: 'Gift-guide content for our three holiday sets. Details to follow once the sets are final.',
    product_name: 'Lumen Holiday Glow Trio',
    interests: ['Skincare', 'Makeup'],
  },
  {
    title: 'Summer Hydration Series',
    type_id: 2,
    status: 'paused',
    start: -40,
    end: 10,
    createdDaysAgo: 50,
    description: 'Show how you keep skin hydrated through summer heat, travel and long beach days.',
    brand_overview: LUMEN_OVERVIEW,
    objectives: 'Drive awareness for the hydration line during peak season.',
    talking_points: 'Hyaluronic acid in three weights. Gel texture. Works under SPF.',
    post_requirements: 'Two Reels with #LumenHydration.',
    total_budget_cents: 300_000,
    amount_per_post_cents: 12_500,
    max_posts_per_influencer: 2,
    interests: ['Skincare', 'Yoga'],
  },
  {
    title: 'Barrier Balm Fall Seeding',
    type_id: 1,
    status: 'completed',
    start: -90,
    end: -30,
    createdDaysAgo: 100,
    description: 'Seeding of the Barrier Balm to skincare creators for the fall season.',
    brand_overview: LUMEN_OVERVIEW,
    objectives: 'Seed 25 creators and collect reviews.',
    talking_points: 'Soothes dry patches. Safe for eczema-prone skin.',
    post_requirements: 'One post within a month of receiving the balm.',
    product_name: 'Lumen Barrier Balm',
    product_amount_cents: 2800,
    product_description: 'A multi-use balm for lips, cheeks and cuticles.',
    interests: ['Skincare'],
  },
  {
    title: 'Spring Refresh Edit',
    type_id: 3,
    status: 'archived',
    start: -200,
    end: -150,
    createdDaysAgo: 210,
    description: 'Our spring edit of cleansers and toners, with a paid Reel and the products to keep.',
    brand_overview: LUMEN_OVERVIEW,
    objectives: 'Spring launch awareness.',
    talking_points: 'Gentle cleansing. pH-balanced toner.',
    post_requirements: 'One Reel.',
    product_name: 'Lumen Spring Refresh Duo',
    product_amount_cents: 5400,
    product_description: 'Gel cleanser and balancing toner.',
    total_budget_cents: 200_000,
    amount_per_post_cents: 20_000,
    max_posts_per_influencer: 1,
    interests: ['Skincare', 'Clean Beauty'],
  },
];

const PEAK: DemoCampaign[] = [
  {
    title: 'Trail Season Kickoff',
    type_id: 3,
    status: 'active',
    start: -3,
    end: 40,
    createdDaysAgo: 14,
    description:
      'Take the new Summit 35L Daypack on your favourite trail and show what you carry for a full day out, from first light to the summit.',
    brand_overview: PEAK_OVERVIEW,
    objectives: 'Launch the Summit 35L and drive traffic to the trail-season collection.',
    talking_points: 'Weighs 980 g. Ventilated back panel. Rain cover in the lid. Lifetime repair promise.',
    post_requirements:
      'One Reel on the trail and one carousel of your packing list. Tag @peakoutdoorco and use #PeakTrailSeason.',
    tracker_url: 'https://peakoutdoor.example/summit35?ref=reach',
    product_name: 'Summit 35L Daypack',
    product_amount_cents: 14_900,
    product_description:
      'A 35-litre daypack with a ventilated frame, hydration sleeve and integrated rain cover.',
    product_link: 'https://peakoutdoor.example/products/summit-35',
    total_budget_cents: 1_000_000,
    amount_per_post_cents: 40_000,
    max_posts_per_influencer: 2,
    interests: ['Hiking & Outdoors', 'Adventure Travel', 'Travel Photography'],
    images: [
      [
        [64, 110, 90],
        [170, 200, 160],
        [250, 190, 90],
      ],
      [
        [40, 70, 120],
        [120, 170, 210],
        [245, 245, 250],
      ],
    ],
    messages: [
      {
        from: 'business',
        body: 'Hi Isabella, our Summit 35L would love a trip to Griffith Park. Interested in the kickoff?',
        hoursAgo: 48,
      },
      {
        from: 'influencer',
        body: 'That sounds fun! I usually do sunrise hikes, so I can pair it with my morning routine content.',
        hoursAgo: 40,
      },
      { from: 'business', body: 'Love that angle. Sending the pack in sage green.', hoursAgo: 20 },
    ],
  },
  {
    title: 'Ultralight Tent Field Test',
    type_id: 1,
    status: 'active',
    start: -7,
    end: 45,
    createdDaysAgo: 20,
    description:
      'Pitch the Ridgeline 2P on an overnight trip and share an honest field test: set-up time, weather and how you slept.',
    brand_overview: PEAK_OVERVIEW,
    objectives: 'Build credible reviews for the Ridgeline 2P before the summer backpacking season.',
    talking_points: '1.1 kg packed. Pitches in under three minutes. Two doors, two vestibules.',
    post_requirements: 'One Reel or YouTube Short of the set-up and one post from camp.',
    product_name: 'Ridgeline 2P Ultralight Tent',
    product_amount_cents: 42_900,
    product_description: 'A freestanding two-person tent with DAC poles and a 20D ripstop fly.',
    product_link: 'https://peakoutdoor.example/products/ridgeline-2p',
    interests: ['Hiking & Outdoors', 'Van Life'],
    images: [
      [
        [30, 40, 70],
        [200, 120, 80],
        [255, 210, 120],
      ],
    ],
    messages: [
      {
        from: 'influencer',
        body: 'Hi Peak team! Would a desert overnight in Joshua Tree work for the field test?',
        hoursAgo: 12,
      },
    ],
  },
  {
    title: 'Summit Stories',
    type_id: 2,
    status: 'active',
    start: 0,
    end: 60,
    createdDaysAgo: 4,
    description:
      'Tell the story of a summit that mattered to you: the training, the day, and who you shared it with.',
    brand_overview: PEAK_OVERVIEW,
    objectives: 'Emotional brand storytelling for the autumn brand campaign.',
    talking_points: 'Peak is made for the moments that make you. Mention our lifetime repair promise.',
    post_requirements: 'One Reel of 45–90 seconds with voice-over, plus three Stories.',
    total_budget_cents: 800_000,
    amount_per_post_cents: 30_000,
    max_posts_per_influencer: 3,
    interests: ['Hiking & Outdoors', 'Adventure Travel'],
  },
  {
    title: 'Winter Layering Guide',
    type_id: 2,
    status: 'draft',
    createdDaysAgo: 1,
    description: 'How to layer for winter hikes with the new Peak base and mid layers.',
    total_budget_cents: 500_000,
    interests: ['Hiking & Outdoors', 'Skiing & Snowboarding'],
  },
  {
    title: 'National Parks Road Trip',
    type_id: 3,
    status: 'paused',
    start: -20,
    end: 35,
    createdDaysAgo: 30,
    description: 'Visit three national parks with Peak gear and share your route, camps and favourite views.',
    brand_overview: PEAK_OVERVIEW,
    objectives: 'Content for the national-parks collection and our road-trip guide.',
    talking_points: 'Leave no trace. Our gear is built to be repaired, not replaced.',
    post_requirements: 'One Reel per park and a carousel of the route.',
    product_name: 'Peak Road Trip Kit',
    product_amount_cents: 32_000,
    product_description: 'The Summit 35L, a camp chair and the Ember insulated jacket.',
    total_budget_cents: 900_000,
    amount_per_post_cents: 35_000,
    max_posts_per_influencer: 3,
    interests: ['Van Life', 'Adventure Travel', 'Travel Photography'],
  },
  {
    title: 'Trail Running Shoe Review',
    type_id: 1,
    status: 'completed',
    start: -75,
    end: -15,
    createdDaysAgo: 85,
    description: 'Run 50 miles in the Peak Switchback trail shoe and review it.',
    brand_overview: PEAK_OVERVIEW,
    objectives: 'Reviews for the Switchback launch.',
    talking_points: 'Vibram outsole. 6 mm drop. Rock plate.',
    post_requirements: 'One review post after 50 miles.',
    product_name: 'Peak Switchback Trail Shoe',
    product_amount_cents: 13_500,
    product_description: 'A grippy, protective trail shoe for technical terrain.',
    interests: ['Running', 'Hiking & Outdoors'],
  },
  {
    title: 'Backcountry Cook-Off',
    type_id: 2,
    status: 'archived',
    start: -160,
    end: -120,
    createdDaysAgo: 170,
    description: 'Cook your best backcountry meal on a Peak stove.',
    brand_overview: PEAK_OVERVIEW,
    objectives: 'Fun, shareable camp-cooking content.',
    talking_points: 'Boils a litre in three minutes.',
    post_requirements: 'One Reel of the recipe.',
    total_budget_cents: 250_000,
    amount_per_post_cents: 25_000,
    max_posts_per_influencer: 1,
    interests: ['Recipes & Cooking', 'Hiking & Outdoors'],
  },
];

/** The status changes that lead to `status`, starting with creation. */
function history(status: CampaignStatus): [CampaignStatusColumn | null, CampaignStatusColumn][] {
  const steps: [CampaignStatusColumn | null, CampaignStatusColumn][] = [[null, 'draft']];
  if (status === 'draft') return steps;
  steps.push(['draft', 'active']);
  if (status === 'paused') steps.push(['active', 'paused']);
  if (status === 'completed' || status === 'archived') steps.push(['active', 'completed']);
  if (status === 'archived') steps.push(['completed', 'archived']);
  return steps;
}

/**
 * Campaigns of every type and status for the two subscribed demo businesses, with banner images and
 * conversations with the demo influencer on their active campaigns. Written directly (no notifications),
 * as if they had happened over the past weeks.
 */
export async function seedDemoCampaigns(
  ctx: AppContext,
  accounts: { trialUserId: number; proUserId: number; influencerUserId: number },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const interestIds = new Map(
    (await db.selectFrom('interests').select(['id', 'name']).execute()).map((i) => [i.name, i.id]),
  );

  const seed = async (ownerUserId: number, campaigns: DemoCampaign[]) => {
    const business = await db
      .selectFrom('businesses')
      .select('id')
      .where('user_id', '=', ownerUserId)
      .executeTakeFirstOrThrow();
    for (const c of campaigns) {
      const created = new Date(now.getTime() - c.createdDaysAgo * DAY);
      const steps = history(c.status);
      // Each later step happens a little after the previous one, all before today.
      const stepTime = (i: number) =>
        new Date(created.getTime() + i * Math.min(DAY, (c.createdDaysAgo * DAY) / 8));
      const at = (to: CampaignStatusColumn) => {
        const i = steps.findIndex(([, s]) => s === to);
        return i < 0 ? null : stepTime(i);
      };
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('campaigns')
          .values({
            business_id: business.id,
            type_id: c.type_id,
            status: c.status,
            title: c.title,
            start_date: c.start === undefined ? null : day(c.start),
            end_date: c.end === undefined ? null : day(c.end),
            description: c.description ?? null,
            brand_overview: c.brand_overview ?? null,
            objectives: c.objectives ?? null,
            talking_points: c.talking_points ?? null,
            post_requirements: c.post_requirements ?? null,
            url_tracking: !!c.tracker_url,
            tracker_url: c.tracker_url ?? null,
            product_name: c.product_name ?? null,
            product_amount_cents: c.product_amount_cents ?? null,
            product_description: c.product_description ?? null,
            product_link: c.product_link ?? null,
            total_budget_cents: c.total_budget_cents ?? null,
            amount_per_post_cents: c.amount_per_post_cents ?? null,
            max_posts_per_influencer: c.max_posts_per_influencer ?? null,
            published_at: at('active'),
            paused_at: at('paused'),
            completed_at: at('completed'),
            archived_at: at('archived'),
            created_at: created,
            updated_at: stepTime(steps.length - 1),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const interests = c.interests.map((name) => interestIds.get(name)).filter((id): id is number => !!id);
        if (interests.length) {
          await trx
            .insertInto('campaign_interests')
            .values(interests.map((interest_id) => ({ campaign_id: row.id, interest_id })))
            .execute();
        }
        await trx
          .insertInto('campaign_status_events')
          .values(
            steps.map(([from, to], i) => ({
              campaign_id: row.id,
              from_status: from,
              to_status: to,
              actor_id: ownerUserId,
              created_at: stepTime(i),
            })),
          )
          .execute();
        for (const [position, [from, to, accent]] of (c.images ?? []).entries()) {
          const png = bannerPng(from, to, accent);
          const key = `campaigns/${row.id}/${crypto.randomUUID()}.png`;
          await ctx.storage.put(key, png, 'image/png');
          await trx
            .insertInto('campaign_media')
            .values({ campaign_id: row.id, key, mime: 'image/png', size_bytes: png.length, position })
            .execute();
        }
        if (c.messages?.length) {
          await trx
            .insertInto('campaign_messages')
            .values(
              c.messages.map((m) => ({
                campaign_id: row.id,
                influencer_user_id: accounts.influencerUserId,
                sender_user_id: m.from === 'business' ? ownerUserId : accounts.influencerUserId,
                body: m.body,
                created_at: new Date(now.getTime() - m.hoursAgo * HOUR),
              })),
            )
            .execute();
        }
      });
    }
  };

  await seed(accounts.trialUserId, LUMEN);
  await seed(accounts.proUserId, PEAK);
}
