import { campaignsApi } from '@reach/contract/endpoints/campaigns';
import { connectionsApi } from '@reach/contract/endpoints/connections';
import { influencersApi } from '@reach/contract/endpoints/directory';
import { discoveryApi } from '@reach/contract/endpoints/discovery';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer } from './compiled-serializer';

/** What the zod type provider's serializer writes: the schema's encoding of the body, through JSON.stringify. */
const zodSerialized = (schema: z.ZodType, body: unknown) => JSON.stringify(z.encode(schema, body));

// Text that JSON must escape, and characters outside ASCII.
const awkward = 'Line\nbreak, "quotes", back\\slash, tab\t, \u0001, Café ✓ 日本';

/** Bodies as the list presenters build them, nulls and awkward text included, and a key no schema has. */
const campaign = {
  id: 12,
  title: awkward,
  status: 'paused',
  type_id: 3,
  type_name: 'Combination',
  business_id: 3,
  business_name: null,
  start_date: '2026-11-05',
  end_date: null,
  excerpt: null,
  product_name: 'Peak Road Trip Kit',
  product_amount_cents: 32000,
  total_budget_cents: null,
  amount_per_post_cents: 35000,
  max_posts_per_influencer: 3,
  interests: [
    { id: 34, name: 'Adventure Travel' },
    { id: 35, name: 'Van Life' },
  ],
  cover_url: 'http://127.0.0.1:3000/uploads/a%20b.png',
  published_at: '2026-10-27T17:46:37.103Z',
  created_at: '2026-10-26T17:46:37.103Z',
  updated_at: '2026-10-28T17:46:37.103Z',
  internal_note: 'not in the contract',
};
const connection = {
  id: 59,
  status: 'completed',
  initiated_by: 'influencer',
  source: 'direct',
  message: awkward,
  campaign: {
    id: 13,
    title: 'Trail Running Shoe Review',
    status: 'completed',
    type_name: 'Product',
    start_date: '2026-09-11',
    end_date: null,
  },
  business: { id: 3, user_id: 4, business_name: null, avatar: null, avatarType: 'initials' },
  influencer: {
    id: 56,
    user_id: 60,
    name: 'Aaliyah Garcia',
    avatar: 'http://127.0.0.1:3000/uploads/x.png',
    avatarType: 'upload',
    instagram_username: null,
    city: 'Miami',
    state: null,
    rating: 4.5,
  },
  created_at: '2026-10-23T17:46:37.415Z',
  updated_at: '2026-10-27T17:46:37.415Z',
  responded_at: '2026-10-25T17:46:37.415Z',
  completed_at: null,
  cancelled_at: null,
  abilities: { accept: false, decline: false, cancel: true, complete: false, review: false, message: true },
};
const influencer = {
  id: 48,
  user_id: 52,
  name: awkward,
  first_name: 'Aaliyah',
  last_name: null,
  avatar: null,
  avatarType: 'initials',
  city: 'Dallas',
  state: 'Texas',
  state_code: 'TX',
  gender: null,
  age: null,
  rating: 3.7,
  reviews_count: 1,
  tags: [],
  instagram_username: 'aaliyah.silva46',
  tiktok_username: null,
  youtube_username: null,
  relationship: 'pending',
  distance_miles: 12.3,
};

/** A discovery search's entry as the local index answers it; members as the search marks them. */
const entry = (id: number, member?: unknown) => ({
  id,
  modash_id: `L${id}`,
  influencer_data: {
    userId: `L${id}`,
    username: 'grace_lee.2697',
    fullname: awkward,
    picture: `/api/v1/discovery/avatar/L${id}.svg`,
    url: 'https://www.instagram.com/grace_lee.2697/',
    platform: 'instagram',
    followers: 99993,
    engagements: 5764,
    engagementRate: 0.05764,
    isVerified: false,
    hasContactDetails: true,
    country: 'Australia',
    state: null,
    city: 'Melbourne',
    language: 'English',
    gender: 'FEMALE',
    ageGroup: '25-34',
    interests: ['Outdoors', 'Travel & Tourism', awkward],
    audience: { topCountry: 'Australia', topGender: null, topGenderWeight: null, credibility: 0.535 },
    extra: 'not in the contract',
  },
  ...(member === undefined ? {} : { member }),
});

describe('compiledSerializer', () => {
  it.each([
    ['campaigns', campaignsApi.listBusiness.response, { data: [campaign, campaign], total: 14 }],
    [
      'connections',
      connectionsApi.list.response,
      {
        data: [connection],
        total: 45,
        counts: { invited: 3, applied: 2, accepted: 30, completed: 8, declined: 1, cancelled: 1 },
      },
    ],
    ['influencers', influencersApi.list.response, { data: [influencer], total: 202 }],
    ['an empty page', influencersApi.list.response, { data: [], total: 0 }],
    [
      'a discovery search',
      discoveryApi.search.response,
      {
        influencers: {
          total: 10000,
          totalCapped: true,
          directs: [entry(7, { user_id: 60, influencer_id: 56, name: awkward, username: 'grace' })],
          lookalikes: [entry(9879, null), entry(12), entry(13, null)],
        },
        credits: 41,
      },
    ],
  ])('writes the bytes of the zod serializer for %s', (_name, schema, body) => {
    expect(compiledSerializer(schema)(body as never)).toBe(zodSerialized(schema, body));
  });
});
