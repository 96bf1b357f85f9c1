import crypto from 'node:crypto';
import type { ConnectionStatus } from '@reach/contract/connections';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { ConnectionStatusColumn } from '../schema';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** How many creators the demo directory holds besides the demo influencer accounts. */
export const DEMO_INFLUENCER_COUNT = 200;

/** A small deterministic generator (mulberry32), so every fresh demo database looks the same. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const FEMALE = [
  'Ava',
  'Mia',
  'Sofia',
  'Chloe',
  'Zoe',
  'Lily',
  'Grace',
  'Nora',
  'Ella',
  'Maya',
  'Aria',
  'Layla',
  'Hannah',
  'Priya',
  'Camila',
  'Leah',
  'Jade',
  'Harper',
  'Aaliyah',
  'Naomi',
  'Ruby',
  'Elena',
  'Keiko',
  'Imani',
  'Tessa',
];
const MALE = [
  'Liam',
  'Noah',
  'Ethan',
  'Lucas',
  'Mason',
  'Caleb',
  'Owen',
  'Diego',
  'Marcus',
  'Jalen',
  'Theo',
  'Miles',
  'Andre',
  'Kai',
  'Rafael',
  'Devin',
  'Omar',
  'Hugo',
  'Jonah',
  'Wes',
  'Mateo',
  'Isaac',
  'Tariq',
  'Ben',
  'Leo',
];
const LAST = [
  'Martinez',
  'Chen',
  'Johnson',
  'Patel',
  'Nguyen',
  'Garcia',
  'Kim',
  'Williams',
  'Brooks',
  'Rivera',
  'Okafor',
  'Hughes',
  'Bennett',
  'Flores',
  'Sato',
  'Murphy',
  'Castillo',
  'Reed',
  'Shah',
  'Ortiz',
  'Foster',
  'Diaz',
  'Coleman',
  'Park',
  'Lopez',
  'Hayes',
  'Romero',
  'Ward',
  'Price',
  'Silva',
];
/** Real US cities; their ZIP codes and coordinates come from the zip_codes table. */
const CITIES: readonly [string, string][] = [
  ['New York', 'NY'],
  ['Brooklyn', 'NY'],
  ['Los Angeles', 'CA'],
  ['San Francisco', 'CA'],
  ['San Diego', 'CA'],
  ['Oakland', 'CA'],
  ['Chicago', 'IL'],
  ['Houston', 'TX'],
  ['Austin', 'TX'],
  ['Dallas', 'TX'],
  ['San Antonio', 'TX'],
  ['Phoenix', 'AZ'],
  ['Philadelphia', 'PA'],
  ['Seattle', 'WA'],
  ['Portland', 'OR'],
  ['Denver', 'CO'],
  ['Boulder', 'CO'],
  ['Miami', 'FL'],
  ['Orlando', 'FL'],
  ['Tampa', 'FL'],
  ['Atlanta', 'GA'],
  ['Nashville', 'TN'],
  ['Boston', 'MA'],
  ['Minneapolis', 'MN'],
  ['Salt Lake City', 'UT'],
  ['Las Vegas', 'NV'],
  ['New Orleans', 'LA'],
  ['Charlotte', 'NC'],
  ['Raleigh', 'NC'],
  ['Columbus', 'OH'],
  ['Detroit', 'MI'],
  ['Kansas City', 'MO'],
  ['Honolulu', 'HI'],
  ['Anchorage', 'AK'],
  ['Madison', 'WI'],
  ['Baltimore', 'MD'],
];
const BIO_OPENERS = [
  'Creating honest content about',
  'Sharing everyday',
  'Storyteller for all things',
  'Your go-to for',
  'Documenting my life in',
  'Obsessed with',
];
const BIO_CLOSERS = [
  'DMs open for collabs.',
  'Always testing something new.',
  'Real reviews, no filters.',
  'Weekly videos and daily stories.',
  'Based here, traveling often.',
  'Building a kind corner of the internet.',
];

type Person = { userId: number; profileId: number; name: string };

/**
 * The demo directory and collaborations: DEMO_INFLUENCER_COUNT creators with complete profiles (real US
 * cities with their ZIP coordinates, interests, channels, varied gender and age) written in a few multi-row
 * statements, and connections in every status between the demo businesses and influencers — with their
 * histories, conversations and reviews, the ratings they imply (recomputed from the reviews), as if they had
 * happened over the past weeks. Written directly, without notifications.
 *
 * The demo influencer (Isabella) works with Lumen on "Glow Serum Launch" and with Peak on "National Parks
 * Road Trip", is invited to "SPF Every Day Challenge", finished "Spring Refresh Edit" with Lumen and
 * "Ultralight Tent Field Test" with Peak (reviewed both ways); "Night Repair Cream Seeding" stays open for
 * inviting her in a demo.
 */
export async function seedDemoConnections(
  ctx: AppContext,
  accounts: { trialUserId: number; proUserId: number; influencerUserId: number },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const rnd = random(2026);

  // ── the creators ──────────────────────────────────────────────────────────────────────────────────────
  const [zips, states, interests] = await Promise.all([
    db
      .selectFrom('zip_codes')
      .selectAll()
      .where(sql`(city, state_code)`, 'in', sql`(${sql.join(CITIES.map(([c, s]) => sql`(${c}, ${s})`))})`)
      .orderBy('zip')
      .execute(),
    db.selectFrom('states').select(['id', 'code']).execute(),
    db.selectFrom('interests').select(['id', 'name']).orderBy('id').execute(),
  ]);
  const stateId = new Map(states.map((s) => [s.code, s.id]));
  const zipsByCity = new Map<string, typeof zips>();
  for (const z of zips) {
    const key = `${z.city}|${z.state_code}`;
    zipsByCity.set(key, [...(zipsByCity.get(key) ?? []), z]);
  }
  const cityKeys = CITIES.map(([c, s]) => `${c}|${s}`).filter((k) => zipsByCity.has(k));
  if (!cityKeys.length) return; // no ZIP table: nothing sensible to place creators in

  const people = Array.from({ length: DEMO_INFLUENCER_COUNT }, (_, i) => {
    const roll = rnd.next();
    const gender = roll < 0.47 ? 'FEMALE' : roll < 0.93 ? 'MALE' : 'UNKNOWN';
    const first =
      gender === 'MALE'
        ? rnd.pick(MALE)
        : gender === 'FEMALE'
          ? rnd.pick(FEMALE)
          : rnd.pick([...FEMALE, ...MALE]);
    const last = rnd.pick(LAST);
    const cityZips = zipsByCity.get(cityKeys[i % cityKeys.length]!)!;
    const zip = cityZips[rnd.int(0, cityZips.length - 1)]!;
    const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + (i + 1);
    const age = rnd.int(18, 58);
    const birth = new Date(Date.UTC(now.getUTCFullYear() - age - 1, rnd.int(0, 11), rnd.int(1, 28)));
    const tagCount = rnd.int(1, 3);
    const tags = new Set<number>();
    while (tags.size < tagCount) tags.add(rnd.pick(interests).id);
    const tagNames = interests.filter((t) => tags.has(t.id)).map((t) => t.name.toLowerCase());
    return {
      first,
      last,
      gender,
      zip,
      handle,
      birthdate: birth.toISOString().slice(0, 10),
      tags: [...tags],
      bio: `${rnd.pick(BIO_OPENERS)} ${tagNames.join(', ')} from ${zip.city}. ${rnd.pick(BIO_CLOSERS)}`,
      tiktok: rnd.chance(0.55),
      youtube: rnd.chance(0.3),
      facebook: rnd.chance(0.2),
      twitter: rnd.chance(0.25),
      joinedDaysAgo: rnd.int(5, 400),
    };
  });
  const users = await db
    .insertInto('users')
    .values(
      people.map((p) => {
        const joined = new Date(now.getTime() - p.joinedDaysAgo * DAY);
        return {
          type: 'influencer' as const,
          email: `${p.handle}@creators.example`,
          username: crypto.randomUUID(),
          given_name: p.first,
          family_name: p.last,
          email_confirmed_at: joined,
          created_at: joined,
          updated_at: joined,
        };
      }),
    )
    .returning(['id', 'email'])
    .execute();
  const userIdByEmail = new Map(users.map((u) => [u.email, u.id]));
  const profiles = await db
    .insertInto('influencer_profiles')
    .values(
      people.map((p) => ({
        user_id: userIdByEmail.get(`${p.handle}@creators.example`)!,
        country_id: 148838,
        state_id: stateId.get(p.zip.state_code) ?? null,
        first_name: p.first,
        last_name: p.last,
        email: `${p.handle}@creators.example`,
        address_1: `${rnd.int(10, 9800)} ${rnd.pick(['Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Lake'])} Street`,
        city: p.zip.city,
        postal_code: p.zip.zip,
        gender: p.gender as 'FEMALE' | 'MALE' | 'UNKNOWN',
        birthdate: p.birthdate,
        bio: p.bio,
        instagram_username: p.handle,
        instagram_profile_url: `https://instagram.com/${p.handle}`,
        tiktok_username: p.tiktok ? p.handle.replace(/\./g, '_') : null,
        youtube_username: p.youtube ? p.handle.replace(/\./g, '') : null,
        facebook_username: p.facebook ? p.handle : null,
        facebook_profile_url: p.facebook ? `https://facebook.com/${p.handle}` : null,
        twitter_username: p.twitter ? p.handle.replace(/\./g, '_') : null,
        twitter_profile_url: p.twitter ? `https://x.com/${p.handle.replace(/\./g, '_')}` : null,
        lat: p.zip.lat,
        lng: p.zip.lng,
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  const profileIdByUser = new Map(profiles.map((p) => [p.user_id, p.id]));
  await db
    .insertInto('influencer_interests')
    .values(
      people.flatMap((p) => {
        const profileId = profileIdByUser.get(userIdByEmail.get(`${p.handle}@creators.example`)!)!;
        return p.tags.map((interest_id) => ({ influencer_id: profileId, interest_id }));
      }),
    )
    .execute();
  const creators: Person[] = people.map((p) => {
    const userId = userIdByEmail.get(`${p.handle}@creators.example`)!;
    return { userId, profileId: profileIdByUser.get(userId)!, name: `${p.first} ${p.last}` };
  });

  // ── the collaborations ────────────────────────────────────────────────────────────────────────────────
  const campaigns = await db
    .selectFrom('campaigns as c')
    .innerJoin('businesses as b', 'b.id', 'c.business_id')
    .select(['c.id', 'c.title', 'c.business_id', 'b.user_id as business_user_id'])
    .where('b.user_id', 'in', [accounts.trialUserId, accounts.proUserId])
    .execute();
  const campaign = (title: string) => campaigns.find((c) => c.title === title)!;
  const isabella: Person = {
    userId: accounts.influencerUserId,
    profileId: (
      await db
        .selectFrom('influencer_profiles')
        .select('id')
        .where('user_id', '=', accounts.influencerUserId)
        .executeTakeFirstOrThrow()
    ).id,
    name: 'Isabella Reyes',
  };

  type Plan = {
    campaign: string;
    who: Person;
    status: ConnectionStatus;
    by: 'business' | 'influencer';
    daysAgo: number;
    note?: string;
    messages?: [from: 'business' | 'influencer', body: string][];
    /** Stars the business gives the influencer, and the influencer the business (completed only). */
    reviews?: [business: number | null, influencer: number | null];
  };
  let next = 0;
  const creator = () => creators[next++]!;
  const plans: Plan[] = [
    // Isabella, the demo influencer.
    { campaign: 'Glow Serum Launch', who: isabella, status: 'accepted', by: 'business', daysAgo: 12 },
    {
      campaign: 'SPF Every Day Challenge',
      who: isabella,
      status: 'invited',
      by: 'business',
      daysAgo: 2,
      note: 'Your sunscreen routine videos are exactly the tone we want. Join the challenge?',
    },
    {
      campaign: 'Ultralight Tent Field Test',
      who: isabella,
      status: 'completed',
      by: 'influencer',
      daysAgo: 20,
      reviews: [5, 5],
    },
    // Her paid posts (demo-posts.ts): the spring edit long ago, and the road trip before Peak paused it.
    { campaign: 'Spring Refresh Edit', who: isabella, status: 'completed', by: 'business', daysAgo: 190 },
    {
      campaign: 'National Parks Road Trip',
      who: isabella,
      status: 'accepted',
      by: 'influencer',
      daysAgo: 26,
    },
    // Lumen Skincare.
    {
      campaign: 'Night Repair Cream Seeding',
      who: creator(),
      status: 'accepted',
      by: 'business',
      daysAgo: 9,
      messages: [
        ['business', 'Thanks for joining! The cream ships tomorrow; tracking will follow.'],
        ['influencer', 'Amazing, I will film a first-impressions video the day it lands.'],
        ['business', 'Perfect. Please tag @lumenskincare and mention the 4-week routine.'],
      ],
    },
    {
      campaign: 'Night Repair Cream Seeding',
      who: creator(),
      status: 'applied',
      by: 'influencer',
      daysAgo: 1,
      note: 'I review night creams every month for my audience of skincare nerds. Would love to try it!',
    },
    { campaign: 'Night Repair Cream Seeding', who: creator(), status: 'invited', by: 'business', daysAgo: 3 },
    {
      campaign: 'Night Repair Cream Seeding',
      who: creator(),
      status: 'declined',
      by: 'business',
      daysAgo: 6,
    },
    {
      campaign: 'Night Repair Cream Seeding',
      who: creator(),
      status: 'cancelled',
      by: 'influencer',
      daysAgo: 8,
    },
    {
      campaign: 'Summer Hydration Series',
      who: creator(),
      status: 'accepted',
      by: 'business',
      daysAgo: 15,
      messages: [
        ['influencer', 'Is the series still on while it is paused?'],
        ['business', 'Yes: we are waiting on a new batch. Hold your posts for a week or two.'],
      ],
    },
    { campaign: 'Glow Serum Launch', who: creator(), status: 'applied', by: 'influencer', daysAgo: 1 },
    // Peak Outdoor Co.
    {
      campaign: 'National Parks Road Trip',
      who: creator(),
      status: 'accepted',
      by: 'influencer',
      daysAgo: 18,
      messages: [
        ['influencer', 'Route planned: Arches, Canyonlands, then Zion.'],
        ['business', 'Love it. The pack and tent are on their way.'],
      ],
    },
    { campaign: 'National Parks Road Trip', who: creator(), status: 'invited', by: 'business', daysAgo: 4 },
    {
      campaign: 'Trail Running Shoe Review',
      who: creator(),
      status: 'cancelled',
      by: 'business',
      daysAgo: 30,
    },
  ];
  // Finished campaigns worked with many creators: completed, most of them reviewed.
  for (const title of ['Barrier Balm Fall Seeding', 'Trail Running Shoe Review']) {
    for (let i = 0; i < 40; i++) {
      const stars = rnd.pick([5, 5, 5, 4, 4, 4, 3, 5, 4, 2]);
      plans.push({
        campaign: title,
        who: creator(),
        status: 'completed',
        by: rnd.chance(0.5) ? 'business' : 'influencer',
        daysAgo: rnd.int(25, 60),
        reviews: [rnd.chance(0.85) ? stars : null, rnd.chance(0.5) ? rnd.pick([5, 4, 4, 3]) : null],
        ...(i < 3
          ? {
              messages: [
                ['business', 'Thanks for the great posts. Payment is on its way.'],
                ['influencer', 'Thank you! Happy to work together again.'],
              ] as [from: 'business' | 'influencer', body: string][],
            }
          : {}),
      });
    }
  }

  const path = (status: ConnectionStatus, by: 'business' | 'influencer'): ConnectionStatusColumn[] => {
    const start = by === 'business' ? 'invited' : 'applied';
    if (status === 'invited' || status === 'applied') return [status];
    if (status === 'declined') return [start, 'declined'];
    if (status === 'cancelled') return [start, 'accepted', 'cancelled'];
    if (status === 'completed') return [start, 'accepted', 'completed'];
    return [start, 'accepted'];
  };
  const STAR_TEXT: Record<number, string> = {
    5: 'Outstanding to work with: on time, on brief and genuinely enthusiastic.',
    4: 'Great collaboration, clear communication and good content.',
    3: 'Good work overall; a few deadlines slipped.',
    2: 'The content arrived late and needed several rounds of changes.',
    1: 'This collaboration did not work out.',
  };

  await db.transaction().execute(async (trx) => {
    for (const plan of plans) {
      const c = campaign(plan.campaign);
      if (!c) continue;
      const steps = path(plan.status, plan.by);
      const startedAt = new Date(now.getTime() - plan.daysAgo * DAY);
      const at = (i: number) =>
        new Date(startedAt.getTime() + i * Math.min(2 * DAY, (plan.daysAgo * DAY) / 4));
      const last = at(steps.length - 1);
      const actorOf = (to: ConnectionStatusColumn, i: number) => {
        if (i === 0) return plan.by === 'business' ? c.business_user_id : plan.who.userId;
        if (to === 'completed') return c.business_user_id;
        // The answering side accepts or declines; a cancellation comes from the plan's side.
        if (to === 'cancelled') return plan.by === 'business' ? c.business_user_id : plan.who.userId;
        return plan.by === 'business' ? plan.who.userId : c.business_user_id;
      };
      const row = await trx
        .insertInto('connections')
        .values({
          business_id: c.business_id,
          campaign_id: c.id,
          influencer_user_id: plan.who.userId,
          status: plan.status,
          initiated_by: plan.by,
          source: 'direct',
          message: plan.note ?? null,
          created_by: actorOf(steps[0]!, 0),
          responded_at: steps.length > 1 ? at(1) : null,
          completed_at: plan.status === 'completed' ? last : null,
          cancelled_at: plan.status === 'cancelled' ? last : null,
          created_at: startedAt,
          updated_at: last,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('connection_events')
        .values(
          steps.map((to, i) => ({
            connection_id: row.id,
            actor_user_id: actorOf(to, i),
            from_status: i === 0 ? null : steps[i - 1]!,
            to_status: to,
            created_at: at(i),
          })),
        )
        .execute();
      if (plan.messages?.length) {
        await trx
          .insertInto('campaign_messages')
          .values(
            plan.messages.map(([from, body], i) => ({
              campaign_id: c.id,
              influencer_user_id: plan.who.userId,
              sender_user_id: from === 'business' ? c.business_user_id : plan.who.userId,
              body,
              created_at: new Date(startedAt.getTime() + (i + 1) * 5 * HOUR),
            })),
          )
          .execute();
      }
      const [businessStars, influencerStars] = plan.reviews ?? [null, null];
      const reviewed = new Date(last.getTime() + 6 * HOUR);
      if (businessStars) {
        await trx
          .insertInto('reviews')
          .values({
            connection_id: row.id,
            author_user_id: c.business_user_id,
            subject_user_id: plan.who.userId,
            author_type: 'business',
            rating: businessStars,
            body: STAR_TEXT[businessStars]!,
            created_at: reviewed,
            updated_at: reviewed,
          })
          .execute();
      }
      if (influencerStars) {
        await trx
          .insertInto('reviews')
          .values({
            connection_id: row.id,
            author_user_id: plan.who.userId,
            subject_user_id: c.business_user_id,
            author_type: 'influencer',
            rating: influencerStars,
            body:
              influencerStars >= 4
                ? 'Clear brief, friendly team and quick payment. Would work with them again.'
                : 'Nice product, but the brief changed a few times along the way.',
            created_at: reviewed,
            updated_at: reviewed,
          })
          .execute();
      }
    }
    // Every influencer's rating is the average of their visible reviews.
    await sql`
      UPDATE influencer_profiles p SET rating = r.avg
        FROM (SELECT subject_user_id, round(avg(rating)::numeric, 2) AS avg FROM reviews
               WHERE status = 'visible' AND author_type = 'business' GROUP BY subject_user_id) r
       WHERE p.user_id = r.subject_user_id`.execute(trx);
  });
}
