import { CAMPAIGN_TYPE, campaignValueProblems } from '@reach/contract/campaigns';
import { API_MESSAGE } from '@reach/contract/messages';
import { describe, expect, it } from 'vitest';
import { type CampaignFormValues, EMPTY_CAMPAIGN_FORM, type WizardStep } from './campaign-form';
import { localToday, validateForPublish, validateStep } from './wizard-validation';

const TODAY = '2026-06-15';
const context = { today: TODAY };

const cash: CampaignFormValues = {
  ...EMPTY_CAMPAIGN_FORM,
  type_id: CAMPAIGN_TYPE.cash,
  title: 'Summer glow',
  start_date: '2026-06-20',
  end_date: '2026-07-10',
  description: 'Show your summer routine.',
  total_budget: 500,
  amount_per_post: 125,
  max_posts_per_influencer: 2,
};

const product: CampaignFormValues = {
  ...cash,
  type_id: CAMPAIGN_TYPE.product,
  product_name: 'SPF 50',
  product_amount: 24.5,
  product_description: 'Reef-safe sunscreen.',
};

describe('validateStep: what "Next" refuses on the step that owns the field', () => {
  const cases: {
    name: string;
    step: WizardStep;
    values: CampaignFormValues;
    expected: Record<string, string>;
    startMayBePast?: boolean;
  }[] = [
    {
      name: 'no type chosen',
      step: 'type',
      values: EMPTY_CAMPAIGN_FORM,
      expected: { type_id: API_MESSAGE.campaignTypeRequired },
    },
    { name: 'a type chosen', step: 'type', values: cash, expected: {} },
    { name: 'complete details', step: 'details', values: cash, expected: {} },
    {
      name: 'an incomplete draft (empty fields pass)',
      step: 'details',
      values: { ...EMPTY_CAMPAIGN_FORM, type_id: CAMPAIGN_TYPE.cash },
      expected: {},
    },
    {
      name: 'a start date in the past',
      step: 'details',
      values: { ...cash, start_date: '2026-06-14' },
      expected: { start_date: API_MESSAGE.campaignStartDatePast },
    },
    {
      name: 'a start date today',
      step: 'details',
      values: { ...cash, start_date: TODAY },
      expected: {},
    },
    {
      name: 'a past start date kept by a campaign that already started',
      step: 'details',
      values: { ...cash, start_date: '2026-05-01' },
      startMayBePast: true,
      expected: {},
    },
    {
      name: 'an end date in the past',
      step: 'details',
      values: { ...cash, start_date: null, end_date: '2026-06-01' },
      expected: { end_date: API_MESSAGE.campaignEndDatePast },
    },
    {
      name: 'an end before the start',
      step: 'details',
      values: { ...cash, start_date: '2026-07-10', end_date: '2026-07-01' },
      expected: { end_date: API_MESSAGE.campaignDatesOrder },
    },
    {
      name: 'both dates in the past and out of order',
      step: 'details',
      values: { ...cash, start_date: '2026-06-10', end_date: '2026-06-01' },
      expected: { start_date: API_MESSAGE.campaignStartDatePast, end_date: API_MESSAGE.campaignDatesOrder },
    },
    {
      name: 'the same start and end day',
      step: 'details',
      values: { ...cash, start_date: '2026-06-20', end_date: '2026-06-20' },
      expected: {},
    },
    {
      name: 'URL tracking on without a URL',
      step: 'details',
      values: { ...cash, url_tracking: true },
      expected: {},
    },
    {
      name: 'a tracker URL that is not a web address (the contract schema)',
      step: 'details',
      values: { ...cash, url_tracking: true, tracker_url: 'example' },
      expected: { tracker_url: 'Tracker URL must be a full web address (https://…).' },
    },
    {
      name: 'a budget problem is not the details step’s business',
      step: 'details',
      values: { ...cash, amount_per_post: 900 },
      expected: {},
    },
    {
      name: 'a product link that is not a web address',
      step: 'product',
      values: { ...product, product_link: 'shop' },
      expected: { product_link: 'Product link must be a full web address (https://…).' },
    },
    { name: 'a complete budget', step: 'budget', values: cash, expected: {} },
    {
      name: 'an amount per post above the budget',
      step: 'budget',
      values: { ...cash, amount_per_post: 600 },
      expected: { amount_per_post: API_MESSAGE.campaignAmountExceedsBudget },
    },
    {
      name: 'an amount per post equal to the budget',
      step: 'budget',
      values: { ...cash, amount_per_post: 500 },
      expected: {},
    },
    {
      name: 'a total budget of $0',
      step: 'budget',
      values: { ...cash, total_budget: 0, amount_per_post: '' },
      expected: { total_budget: 'Total budget must be at least $0.01.' },
    },
    {
      name: 'max posts above 1000 (the contract schema)',
      step: 'budget',
      values: { ...cash, max_posts_per_influencer: 1001 },
      expected: { max_posts_per_influencer: 'Max posts per influencer must be at most 1000.' },
    },
  ];
  it.each(cases)('$step: $name', ({ step, values, expected, startMayBePast }) => {
    expect(validateStep(step, values, { today: TODAY, startMayBePast })).toEqual(expected);
  });
});

describe('validateForPublish: every step, and the fields publishing needs', () => {
  it('passes a complete campaign', () => {
    expect(validateForPublish(cash, context)).toEqual({ errors: {}, step: null, message: null });
  });
  it('requires max posts per influencer (an empty field is not "1")', () => {
    const result = validateForPublish({ ...cash, max_posts_per_influencer: '' }, context);
    expect(result.errors).toEqual({ max_posts_per_influencer: API_MESSAGE.campaignMaxPostsRequired });
    expect(result.step).toBe('budget');
    expect(result.message).toBe(API_MESSAGE.campaignMissingFields(['Max posts per influencer']));
  });
  it('goes to the first step with a problem and lists the missing fields as the API does', () => {
    const result = validateForPublish(
      { ...product, title: '', start_date: '2026-06-01', product_name: '' },
      context,
    );
    expect(result.step).toBe('details');
    expect(result.errors).toEqual({
      title: API_MESSAGE.campaignRequiredToPublish,
      start_date: API_MESSAGE.campaignStartDatePast,
      product_name: API_MESSAGE.campaignRequiredToPublish,
    });
    expect(result.message).toBe(API_MESSAGE.campaignMissingFields(['Title', 'Product name']));
  });
  it('states a wrong value when nothing is missing', () => {
    const result = validateForPublish({ ...cash, amount_per_post: 501 }, context);
    expect(result).toEqual({
      errors: { amount_per_post: API_MESSAGE.campaignAmountExceedsBudget },
      step: 'budget',
      message: API_MESSAGE.campaignAmountExceedsBudget,
    });
  });
  it('needs the tracker URL while tracking is on', () => {
    expect(validateForPublish({ ...cash, url_tracking: true }, context).errors).toEqual({
      tracker_url: API_MESSAGE.campaignTrackerUrlRequired,
    });
  });
  it('leaves out fields of steps the type does not have', () => {
    expect(
      validateForPublish({ ...product, amount_per_post: 9999, max_posts_per_influencer: '' }, context).step,
    ).toBeNull();
  });
});

describe('campaignValueProblems (contract)', () => {
  it('uses the API messages', () => {
    expect(
      campaignValueProblems(
        {
          start_date: '2026-06-01',
          end_date: '2026-05-01',
          total_budget_cents: 100,
          amount_per_post_cents: 200,
        },
        TODAY,
      ),
    ).toEqual({
      start_date: API_MESSAGE.campaignStartDatePast,
      end_date: API_MESSAGE.campaignDatesOrder,
      amount_per_post_cents: API_MESSAGE.campaignAmountExceedsBudget,
    });
  });
});

describe('localToday', () => {
  it('is the local calendar day', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
