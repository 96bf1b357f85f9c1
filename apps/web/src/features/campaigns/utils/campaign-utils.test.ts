import { describe, expect, it } from 'vitest';
import {
  amountExceedsBudget,
  campaignBody,
  EMPTY_CAMPAIGN_FORM,
  formErrorsFromFields,
  stepOfField,
  wizardSteps,
} from './campaign-form';
import { daysLeftUntil, formatDay } from './dates';
import { readListParams, writeListParams } from './list-params';
import { pickMediaFiles } from './media-file';
import { formatMoney, inputToCents } from './money';

describe('money', () => {
  it('shows dollars with 2 decimals and thousands commas', () => {
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(null)).toBe('—');
  });
  it('turns typed dollars (up to 4 decimals) into whole cents, half up on the digits', () => {
    expect(inputToCents(1.005)).toBe(101);
    expect(inputToCents(12.3449)).toBe(1234);
    expect(inputToCents(12.345)).toBe(1235);
    expect(inputToCents('1,249.5')).toBe(124950);
    expect(inputToCents('')).toBeNull();
    expect(inputToCents(0)).toBe(0);
  });
});

describe('dates', () => {
  it('shows calendar days as MM/DD/YYYY without a time-zone shift', () => {
    expect(formatDay('2026-03-14')).toBe('03/14/2026');
    expect(formatDay(null)).toBe('');
  });
  it('floors days left at 0', () => {
    const today = new Date(2026, 2, 10, 15, 30);
    expect(daysLeftUntil('2026-03-14', today)).toBe(4);
    expect(daysLeftUntil('2026-03-10', today)).toBe(0);
    expect(daysLeftUntil('2026-01-01', today)).toBe(0);
  });
});

describe('wizard', () => {
  it('skips the steps a type does not need', () => {
    expect(wizardSteps(1)).toEqual(['type', 'details', 'product']);
    expect(wizardSteps(2)).toEqual(['type', 'details', 'budget']);
    expect(wizardSteps(3)).toEqual(['type', 'details', 'product', 'budget']);
  });
  it('sends money in cents, empty text as null, and no fields the type does not use', () => {
    const body = campaignBody({
      ...EMPTY_CAMPAIGN_FORM,
      type_id: 2,
      title: '  ',
      product_name: 'kept in the form only',
      total_budget: 2500,
      amount_per_post: '250.5',
      max_posts_per_influencer: 2,
      interests: [{ id: 7, name: 'Yoga' }],
    });
    expect(body).toMatchObject({
      type_id: 2,
      title: null,
      product_name: null,
      total_budget_cents: 250000,
      amount_per_post_cents: 25050,
      max_posts_per_influencer: 2,
      interests: [7],
      tracker_url: null,
    });
  });
  it('puts API field errors under the form inputs and knows their step', () => {
    expect(formErrorsFromFields({ total_budget_cents: 'x', title: 'y' })).toEqual({
      total_budget: 'x',
      title: 'y',
    });
    expect(stepOfField('product_amount_cents')).toBe('product');
    expect(stepOfField('amount_per_post')).toBe('budget');
    expect(stepOfField('end_date')).toBe('details');
    expect(stepOfField('type_id')).toBe('type');
    // Media belong to the product step, or to the brief (details) when the type has none (cash).
    expect(stepOfField('file', 1)).toBe('product');
    expect(stepOfField('media', 3)).toBe('product');
    expect(stepOfField('file', 2)).toBe('details');
    expect(stepOfField('file')).toBe('product');
  });
  it('warns when a post costs more than the whole budget', () => {
    expect(amountExceedsBudget({ total_budget: 100, amount_per_post: 150 })).toBe(true);
    expect(amountExceedsBudget({ total_budget: 100, amount_per_post: 100 })).toBe(false);
    expect(amountExceedsBudget({ total_budget: '', amount_per_post: 150 })).toBe(false);
  });
});

describe('media files', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it('accepts JPEG, PNG and MP4 within their sizes, up to 5 files', () => {
    const { accepted, problems } = pickMediaFiles(
      [file('a.png', 'image/png'), file('b.gif', 'image/gif'), file('c.png', 'image/png', 11 * 1024 * 1024)],
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(problems).toHaveLength(2);
    expect(
      pickMediaFiles([file('d.mp4', 'video/mp4'), file('e.jpg', 'image/jpeg')], 4).accepted,
    ).toHaveLength(1);
  });
});

describe('list params', () => {
  it('reads defensively and writes only what differs from the defaults, back to page 1', () => {
    const read = readListParams(
      new URLSearchParams('status=nope&sortBy=status&sortDesc=desc&page=3&items=7'),
    );
    expect(read).toMatchObject({ status: null, sortBy: 'status', sortDesc: 'desc', page: 3, items: 10 });
    const next = writeListParams(new URLSearchParams('page=3&sortBy=status'), { search: 'glow' });
    expect(next.toString()).toBe('sortBy=status&search=glow');
    expect(writeListParams(new URLSearchParams(), { sortBy: 'name', sortDesc: 'asc' }).toString()).toBe('');
  });
});
