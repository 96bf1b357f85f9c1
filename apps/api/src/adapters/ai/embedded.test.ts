import { describe, expect, it } from 'vitest';
import { INTERESTS } from '../../db/seed/data/interests';
import {
  composeDraft,
  composeTitle,
  goalsOf,
  pickInterests,
  productFeatures,
  productName,
  toneOf,
} from './embedded';
import type { BusinessProfile, CampaignBrief } from './index';

const interests = INTERESTS.map((i, n) => ({ id: n + 1, ...i }));
const business: BusinessProfile = {
  business_name: 'Lumen Skincare',
  type: 'Brand',
  city: 'Austin',
  state: 'TX',
  website: 'https://lumenskincare.example',
  description: null,
};
const draft = (brief: CampaignBrief, profile = business) =>
  composeDraft({ brief, business: profile, interests });
const names = (text: string) => pickInterests(text, interests).map((i) => i.name);

describe('reading the brief', () => {
  it.each([
    ['Our new vitamin C glow serum for dull skin, vegan and fragrance-free', 'Vitamin C Glow Serum'],
    ['a monthly coffee subscription box for busy parents', 'Monthly Coffee Subscription Box'],
    ['iPhone case with MagSafe', 'iPhone Case'],
    ['   ', 'Our Product'],
  ])('names %j as %j', (product, name) => {
    expect(productName(product)).toBe(name);
  });

  it('finds the selling points', () => {
    expect(productFeatures('glow serum for dull skin, vegan and fragrance-free')).toEqual([
      'made for dull skin',
      'vegan',
      'fragrance-free',
    ]);
  });

  it.each([
    [undefined, ['awareness']],
    ['sales', ['sales']],
    ['launch and get 500 pre-orders', ['launch', 'sales']],
    ['grow our community', ['engagement']],
    ['something else entirely', ['awareness']],
  ])('reads goal %j', (goal, goals) => {
    expect(goalsOf(goal)).toEqual(goals);
  });

  it.each([
    [undefined, 'friendly', null],
    ['Playful', 'playful', null],
    ['premium and elegant', 'luxury', 'premium and elegant'],
    ['like a science teacher', 'friendly', 'like a science teacher'],
  ])('reads tone %j', (tone, key, custom) => {
    expect(toneOf(tone)).toEqual({ key, custom });
  });
});

describe('interests', () => {
  it('picks by name, everyday words and category, at most 3', () => {
    expect(names('vitamin C serum, vegan and fragrance-free\nwomen who love skincare')).toEqual([
      'Skincare',
      'Clean Beauty',
    ]);
    expect(names('cold brew coffee for busy parents')).toContain('Coffee');
    expect(names('trail running shoes, hiking and camping')).toHaveLength(3);
  });

  it('does not read "fragrance-free" as fragrance, nor suggest anything for nothing', () => {
    expect(names('fragrance-free lotion')).not.toContain('Fragrance');
    expect(names('qwerty zxcv')).toEqual([]);
  });
});

describe('the draft', () => {
  const brief: CampaignBrief = {
    typeId: 3,
    product: 'Our new vitamin C glow serum for dull skin, vegan and fragrance-free',
    audience: 'Women 25-40 who love skincare',
    goal: 'launch and get 500 pre-orders',
    tone: 'luxury',
  };

  it('is specific to the product, audience, goal and business', () => {
    const d = draft(brief);
    expect(d.title).toBe('Introducing Vitamin C Glow Serum');
    expect(d.description).toContain('Vitamin C Glow Serum from Lumen Skincare');
    expect(d.description).toContain('women 25-40 who love skincare');
    expect(d.description).toContain('It is made for dull skin, vegan and fragrance-free.');
    expect(d.description).toContain('we are aiming for 500 pre-orders.');
    expect(d.brand_overview).toBe(
      'Lumen Skincare is a brand based in Austin, TX, and the maker of Vitamin C Glow Serum, made for women 25-40 who love skincare. Learn more at https://lumenskincare.example.',
    );
    expect(d.objectives.split('\n')).toEqual([
      '- Reach 500 pre-orders',
      '- Build excitement around the launch of Vitamin C Glow Serum',
      '- Get first impressions out during the launch window',
      '- Drive purchases of Vitamin C Glow Serum',
      '- Give followers a clear reason to buy and a link to do it',
    ]);
    expect(d.talking_points).toContain('- Highlight that it is made for dull skin, vegan and fragrance-free');
    expect(d.interests).toEqual(['Skincare', 'Clean Beauty']);
  });

  it('reads as written copy: no doubled stops, no brief pasted in, every sentence closed (issue 13)', () => {
    const briefs: CampaignBrief[] = [
      brief,
      { typeId: 1, product: 'Our new matcha kit. Whisk included!', goal: 'Launch our new kit in spring' },
      {
        typeId: 2,
        product: 'cold brew coffee concentrate',
        goal: 'sell 1,000 bottles by June',
        tone: 'bold',
      },
      { product: 'handmade soy candles', audience: 'Busy parents.', goal: 'grow our community' },
    ];
    const profiles: BusinessProfile[] = [
      business,
      { ...business, business_name: 'Glow Co.', description: 'We make small-batch skincare in Texas' },
      { ...business, business_name: 'Acme Inc.', type: null, website: null },
    ];
    for (const b of briefs) {
      for (const profile of profiles) {
        const d = draft(b, profile);
        for (const text of [
          d.description,
          d.brand_overview,
          d.objectives,
          d.talking_points,
          d.post_requirements,
        ]) {
          expect(text).not.toMatch(/\.\.|\s[.,]|[ ]{2,}|:\s*[A-Z][a-z]+\s*$/m);
          expect(text).not.toMatch(/undefined|null|NaN/);
        }
        // The brief is woven in, never pasted: neither the product nor the goal sentence appears as written.
        expect(d.description).not.toContain(b.product.trim());
        if (b.goal) expect(d.description.toLowerCase()).not.toContain(b.goal.toLowerCase());
        expect(d.description).not.toMatch(/Our goal/);
        for (const paragraph of d.description.split('\n\n')) expect(paragraph).toMatch(/^[A-Z].*[.!?]$/s);
        if (profile.business_name) expect(d.description).toContain(profile.business_name);
      }
    }
    expect(draft(briefs[2]!).objectives).toContain('- Reach 1,000 bottles');
    expect(draft(brief, profiles[1]).description).toContain('from Glow Co. ');
  });

  it('is deterministic', () => {
    expect(draft(brief)).toEqual(draft(brief));
  });

  it('changes its wording with the tone', () => {
    const tones = ['friendly', 'professional', 'playful', 'bold', 'luxury'].map((tone) =>
      draft({ ...brief, tone }),
    );
    expect(new Set(tones.map((d) => d.description.split('\n')[0])).size).toBe(5);
    expect(new Set(tones.map((d) => d.talking_points)).size).toBe(5);
    expect(draft({ ...brief, tone: 'like a science teacher' }).talking_points).toContain(
      '- Keep the tone like a science teacher',
    );
  });

  it('asks for what the campaign type gives', () => {
    const req = (typeId: number) => draft({ ...brief, typeId }).post_requirements;
    expect(req(1)).toContain('within 1–2 weeks of receiving the product');
    expect(req(1)).not.toContain('approved post is paid');
    expect(req(2)).toContain('within 1–2 weeks of accepting the campaign');
    expect(req(2)).toContain('each approved post is paid');
    expect(req(2)).not.toContain('packaging');
    expect(req(3)).toContain('receiving the product');
    expect(req(3)).toContain('each approved post is paid');
    for (const t of [1, 2, 3]) {
      expect(req(t)).toContain('#ad');
      expect(req(t)).toContain('Tag Lumen Skincare');
    }
  });

  it('keeps titles under 50 characters', () => {
    const long = 'extraordinarily hydrating overnight recovery cream with ceramides and peptides';
    for (const goal of ['launch', 'sales', 'traffic', 'engagement', undefined]) {
      for (const tone of ['friendly', 'playful', 'bold', 'luxury', 'professional']) {
        expect(draft({ product: long, goal, tone }).title.length).toBeLessThan(50);
      }
    }
    expect(composeTitle('A'.repeat(80), 'engagement', 'friendly').length).toBeLessThan(50);
  });

  it('works for a business that has not filled in its profile', () => {
    const empty = {
      business_name: null,
      type: null,
      city: null,
      state: null,
      website: null,
      description: null,
    };
    const d = draft({ product: 'handmade soy candles' }, empty);
    expect(d.brand_overview).toBe('We are the maker of Handmade Soy Candles.');
    expect(d.post_requirements).toContain('Tag the brand');
    expect(d.interests).toContain('Home Decor');
  });
});
