import { discoverySearchBody } from '@reach/contract/discovery';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { EXTRA_INDEX_ID_BASE } from '../../modules/discovery/generator';
import { createLocalProvider } from '../../modules/discovery/local';

/**
 * Demo discovery lists: pro@reach.local starts with two lists holding a few influencers of the local index
 * (the best-followed outdoor creators, and fitness & wellness creators). Skipped when the index is empty.
 */
export async function seedDemoDiscovery(ctx: AppContext, demo: { proUserId: number }): Promise<void> {
  const business = await ctx.db
    .selectFrom('businesses')
    .select('id')
    .where('user_id', '=', demo.proUserId)
    .executeTakeFirst();
  const any = await ctx.db.selectFrom('influencer_index').select('id').limit(1).executeTakeFirst();
  if (!business || !any) return;
  await seedDemoCreatorAccount(ctx);
  const local = createLocalProvider(ctx.db);
  const lists = [
    { name: 'Outdoor creators', interests: [20, 5], take: 4 },
    { name: 'Fitness & wellness', interests: [3, 15], take: 3 },
  ];
  for (const [n, l] of lists.entries()) {
    const page = await local.search(
      discoverySearchBody.parse({
        sort: { field: 'followers', direction: 'desc' },
        filter: { influencer: { interests: l.interests, platform: 'instagram' } },
      }),
    );
    const list = await ctx.db
      .insertInto('discovery_lists')
      .values({
        business_id: business.id,
        created_by: demo.proUserId,
        name: l.name,
        created_at: new Date(ctx.now().getTime() - (10 - n) * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const members = page.lookalikes.slice(0, l.take);
    if (!members.length) continue;
    await ctx.db
      .insertInto('discovery_list_members')
      .values(
        members.map((m) => ({
          list_id: list.id,
          modash_id: m.modash_id,
          username: m.influencer_data.username,
          influencer_data: JSON.stringify(m.influencer_data),
        })),
      )
      .execute();
  }
}

/**
 * The demo creator's Instagram account as the index knows it (as Modash knows a real creator's account):
 * @bella.glows, the Los Angeles skincare creator Isabella Reyes of influencer@reach.local, so a business finds
 * her in discovery with her figures and sees she is on REACH. Her id is past the generated ids
 * (EXTRA_INDEX_ID_BASE), so growing the index later never collides with it.
 */
async function seedDemoCreatorAccount(ctx: AppContext): Promise<void> {
  const id = EXTRA_INDEX_ID_BASE + 1;
  const followers = 48_600;
  const rate = 0.041;
  await sql`
    INSERT INTO influencer_index (
      id, modash_id, platform, username, fullname, picture, url, followers, engagements, engagement_rate,
      country_id, state_id, city_id, language, gender, age, age_group, interests, bio, captions, tags,
      has_contact_details, contact_email, is_verified, account_type, last_posted, posts_count,
      aud_credibility, aud_male, aud_ages, aud_countries, aud_languages, aud_top_country, similarity)
    SELECT ${id}::bigint, ${`L${id}`}, 'instagram', 'bella.glows', 'Isabella Reyes',
      ${`/api/v1/discovery/avatar/L${id}.svg`}, 'https://www.instagram.com/bella.glows/',
      ${followers}::int, ${Math.round(followers * rate)}::int, ${rate}::real,
      l.country_id, l.state_id, l.id, 'en', 'FEMALE', 30, '25-34', ARRAY[1, 15]::int[],
      'Skincare & wellness | Los Angeles, United States | honest reviews, slow mornings, sunscreen always',
      'my slow morning skincare routine with spf #skincare #spf @glowlab',
      ARRAY['#skincare', '#spf', '@glowlab']::text[],
      true, 'hello@bellaglows.example', false, 3, CURRENT_DATE - 2, 412,
      0.87::real, 0.18::real, ARRAY[0.04, 0.38, 0.41, 0.12, 0.04, 0.01]::real[],
      jsonb_build_object(l.country_id::text, 0.71, '1428125', 0.08, '62149', 0.05),
      '{"en": 0.82, "es": 0.12}'::jsonb, l.country_id,
      cube(ARRAY[log(${followers}::float8) / 2.0, ln(${rate}::float8 * 100) / 2.0, 0.36, 2.0,
                 cos(2 * pi() / 20) * 0.7, sin(2 * pi() / 20) * 0.7]::float8[])
    FROM discovery_locations l
    JOIN discovery_locations s ON s.id = l.state_id AND s.name = 'California'
    WHERE l.type = 'city' AND l.name = 'Los Angeles'
    ORDER BY l.id
    LIMIT 1
    ON CONFLICT DO NOTHING`.execute(ctx.db);
}
