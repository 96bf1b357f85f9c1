import { discoverySearchBody } from '@reach/contract/discovery';
import type { AppContext } from '../../context';
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
