import { TRIAL_CREDITS } from '@reach/contract/constants';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { AuthService } from '../../modules/auth/service';
import { grantCredits } from '../../modules/discovery/credits';
import type { DB } from '../schema';
import { seedDemoFeedback, seedDemoHiddenReview } from './demo-admin';
import { seedDemoCampaigns } from './demo-campaigns';
import { seedDemoConnections } from './demo-connections';
import { seedDemoDiscovery } from './demo-discovery';
import { seedDemoPayments } from './demo-payments';

export type DemoAccount = { email: string; role: string; note: string };

const DAY = 86_400_000;

/**
 * Demo data for a newcomer, seeded by `npm start` on an empty database (never in production). Later
 * capabilities add theirs here. Returns the accounts to print.
 */
export async function seedDemoData(ctx: AppContext, auth: AuthService): Promise<DemoAccount[]> {
  const { db } = ctx;
  const now = ctx.now();
  const password = ctx.config.DEMO_PASSWORD;
  const stateId = async (code: string) =>
    (await db.selectFrom('states').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  const create = async (
    email: string,
    type: 'business' | 'influencer' | 'admin',
    given_name: string,
    family_name: string,
  ) => {
    const user = await db
      .transaction()
      .execute((trx) => auth.createAccount(trx, { email, type, given_name, family_name, confirmed: true }));
    await auth.setPassword(user.id, password);
    return user;
  };

  const admin = await create('admin@reach.local', 'admin', 'Ada', 'Admin');

  const completeBusiness = async (userId: number, name: string, city: string, state: string, zip: string) =>
    db
      .updateTable('businesses')
      .set({
        type: 'Brand',
        business_name: name,
        address_1: '100 Market Street',
        city,
        state_id: await stateId(state),
        postal_code: zip,
        website: `https://${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
      })
      .where('user_id', '=', userId)
      .execute();

  const trial = await create('trial@reach.local', 'business', 'Tara', 'Trial');
  await completeBusiness(trial.id, 'Lumen Skincare', 'Austin', 'TX', '78701');
  // Its credits are the trial's own allowance (TRIAL_CREDITS, granted by createAccount as for any sign-up).

  const free = await create('free@reach.local', 'business', 'Frank', 'Free');
  await completeBusiness(free.id, 'Northwind Coffee', 'Portland', 'OR', '97205');
  await endTrial(db, free.id, new Date(now.getTime() - 3 * DAY));

  const pro = await create('pro@reach.local', 'business', 'Priya', 'Pro');
  await completeBusiness(pro.id, 'Peak Outdoor Co.', 'Denver', 'CO', '80202');
  // 500 in all with the allowance of the trial it had before subscribing.
  await grantCredits(db, pro.id, 500 - TRIAL_CREDITS, 'demo: starting credits', 'demo:start:pro');
  await db
    .updateTable('subscriptions')
    .set({
      status: 'active',
      plan: 'pro',
      trial_ends_at: new Date(now.getTime() - 20 * DAY),
      current_period_end: new Date(now.getTime() + 30 * DAY),
    })
    .where('user_id', '=', pro.id)
    .execute();

  const influencer = await create('influencer@reach.local', 'influencer', 'Isabella', 'Reyes');
  const profile = await db
    .updateTable('influencer_profiles')
    .set({
      country_id: 148838,
      state_id: await stateId('CA'),
      address_1: '742 Sunset Boulevard',
      city: 'Los Angeles',
      postal_code: '90028',
      gender: 'FEMALE',
      birthdate: '1996-04-12',
      phone_number: '+1 323 555 0142',
      bio: 'LA-based skincare and wellness creator. Honest reviews, slow mornings, sunscreen always.',
      instagram_username: 'bella.glows',
      instagram_profile_url: 'https://instagram.com/bella.glows',
      tiktok_username: 'bellaglows',
      website: 'https://bellaglows.example',
      lat: 34.0983,
      lng: -118.3267,
    })
    .where('user_id', '=', influencer.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  const tags = await db
    .selectFrom('interests')
    .select('id')
    .where('name', 'in', ['Skincare', 'Wellness', 'Makeup'])
    .execute();
  if (tags.length) {
    await db
      .insertInto('influencer_interests')
      .values(tags.map((t) => ({ influencer_id: profile.id, interest_id: t.id })))
      .execute();
  }

  await create('new@reach.local', 'influencer', 'Noah', 'Newman');

  const demo = { trialUserId: trial.id, proUserId: pro.id, influencerUserId: influencer.id };
  await seedDemoCampaigns(ctx, demo);
  // Connections before payments: the demo's paid posts (demo-posts.ts) are on Isabella's connections.
  await seedDemoConnections(ctx, demo);
  await seedDemoPayments(ctx, demo);
  await seedDemoFeedback(ctx, {
    adminUserId: admin.id,
    trialUserId: trial.id,
    proUserId: pro.id,
    influencerUserId: influencer.id,
  });
  await seedDemoHiddenReview(ctx, admin.id);
  await seedDemoDiscovery(ctx, { proUserId: pro.id });

  return [
    { email: 'admin@reach.local', role: 'admin', note: 'administrator' },
    { email: 'trial@reach.local', role: 'business', note: 'Pro trial ending in 7 days' },
    { email: 'free@reach.local', role: 'business', note: 'trial over, no subscription' },
    { email: 'pro@reach.local', role: 'business', note: 'active Pro subscription' },
    { email: 'influencer@reach.local', role: 'influencer', note: 'complete profile' },
    { email: 'new@reach.local', role: 'influencer', note: 'incomplete profile' },
  ];
}

/** Ends a business's trial: the trial row is closed and the free tier remains. */
async function endTrial(db: Kysely<DB>, userId: number, endedAt: Date) {
  await db
    .updateTable('subscriptions')
    .set({ status: 'canceled', trial_ends_at: endedAt, canceled_at: endedAt })
    .where('user_id', '=', userId)
    .where('status', '=', 'trialing')
    .execute();
  await db.insertInto('subscriptions').values({ user_id: userId, plan: 'free', status: 'active' }).execute();
}

export async function isEmptyDatabase(db: Kysely<DB>): Promise<boolean> {
  return !(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}
