import type { AdminReviewsPage } from '@reach/contract/admin-reviews';
import { API_MESSAGE } from '@reach/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { apiCall, apiToken, dialogScreenshot, pageScreenshot, settled, signInTo, visible } from './lib/steps';

/**
 * /admin/reviews in Chromium: the admin finds Peak Outdoor Co.'s review of Isabella Reyes, hides it with a
 * reason (the business viewing her profile sees her rating and the review go), finds it under Hidden and shows
 * it again (the rating comes back); the sidebar badge agrees with the list throughout. Screenshots at 1280 and
 * 375 px.
 */

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '500' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One GET as a demo account, signed in afresh. */
async function apiGet<T>(email: string, path: string): Promise<T> {
  return apiCall<T>(server.url, await apiToken(server.url, email), path);
}

const rows = (page: Page) => page.getByRole('table', { name: 'Reviews' }).locator('tbody tr');
const badge = (page: Page) => page.locator('nav [data-count-key="reviews"]');

describe('admin reviews', () => {
  it('hides a review with a reason (the influencer’s rating changes on her profile) and shows it again', async () => {
    const isabella = (
      await apiGet<{ data: { id: number; rating: number | null }[] }>(
        'pro@reach.local',
        '/influencers?name=Isabella Reyes',
      )
    ).data[0]!;
    expect(isabella.rating).toBe(5);

    // Peak Outdoor Co. looks at Isabella's profile: her rating and Peak's own review of her.
    const business = await newPage(browser, server.url);
    await signInTo(business.page, 'pro@reach.local', '/business');
    await business.page.goto(`/business/influencers/${isabella.id}`);
    const rating = business.page.getByTestId('influencer-rating');
    await expect.poll(() => rating.textContent()).toBe('5.00');
    await visible(business.page, 'Outstanding to work with: on time, on brief and genuinely enthusiastic.');

    // The admin's list: every review, newest first; the badge agrees with the total.
    const { context, page } = await newPage(browser, server.url);
    await signInTo(page, 'admin@reach.local', '/admin');
    await page
      .locator('nav')
      .getByRole('link', { name: /Reviews/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/reviews');
    const total = (await apiGet<AdminReviewsPage>('admin@reach.local', '/reviews')).total;
    await visible(page, `Showing 1–10 of ${total}`);
    await expect.poll(() => badge(page).textContent()).toBe(String(total));
    await pageScreenshot(page, 'admin-reviews-1280');

    // Sorting by stars is done by the API: the lowest-rated come first.
    await page.getByRole('button', { name: 'Stars' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sortBy')).toBe('rating');
    const lowest = (
      await apiGet<AdminReviewsPage>('admin@reach.local', '/reviews?sortBy=rating&sortDesc=asc')
    ).data[0]!;
    await expect
      .poll(() =>
        rows(page).first().locator('[aria-label$="out of 5 stars"]').first().getAttribute('aria-label'),
      )
      .toBe(`${lowest.rating} out of 5 stars`);

    // Find Peak's review of Isabella.
    await page.getByLabel('Search reviews').fill('isabella');
    await page.getByRole('combobox', { name: 'Direction' }).click();
    await page.getByRole('option', { name: 'Business → influencer' }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    await expect.poll(() => row.textContent()).toContain('Peak Outdoor Co.');
    expect(await row.textContent()).toContain('Ultralight Tent Field Test');

    // Hiding needs a reason.
    await row.getByRole('button', { name: 'Hide the review by Peak Outdoor Co. of Isabella Reyes' }).click();
    const hide = page.getByRole('dialog', { name: 'Hide this review?' });
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await hide.getByText(API_MESSAGE.reviewReasonRequired).waitFor();
    await hide.getByLabel(/^Reason/).fill('Shares details of a private shipment');
    await dialogScreenshot(page, 'admin-review-hide-1280');
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await visible(page, 'Review hidden. Isabella Reyes has no visible reviews now, so no rating.');
    await expect.poll(() => row.getByText('Hidden', { exact: true }).isVisible()).toBe(true);
    await visible(page, /Hidden \d{2}\/\d{2}\/\d{4} by Ada Admin/);
    await visible(page, '“Shares details of a private shipment”');
    await row
      .getByRole('button', { name: 'Show the review by Peak Outdoor Co. of Isabella Reyes' })
      .waitFor();
    // Hiding changes no count: the badge still says every review.
    await expect.poll(() => badge(page).textContent()).toBe(String(total));

    // Her profile no longer shows the review, and her rating is gone with it.
    await business.page.reload();
    await expect.poll(() => rating.textContent()).toBe('No rating yet');
    await visible(
      business.page,
      'No reviews yet. Businesses review influencers after a completed collaboration.',
    );

    // Under Hidden, then shown again.
    await page.getByLabel('Search reviews').fill('');
    await page.getByRole('combobox', { name: 'Direction' }).click();
    await page.getByRole('option', { name: 'Both directions' }).click();
    await page.getByRole('combobox', { name: 'Visibility' }).click();
    await page.getByRole('option', { name: 'Hidden only' }).click();
    // Hers and the one the demo starts with, each with who hid it and why.
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('status')).toBe('hidden');
    await visible(
      page,
      '“Disputed: the shipment reached the creator two weeks late, so the delay was not theirs.”',
    );
    await pageScreenshot(page, 'admin-reviews-hidden-1280');
    await page.getByRole('button', { name: 'Show the review by Peak Outdoor Co. of Isabella Reyes' }).click();
    const show = page.getByRole('dialog', { name: 'Show this review again?' });
    await show.getByLabel(/^Reason/).fill('The business confirmed the details are public');
    await show.getByRole('button', { name: 'Show review' }).click();
    await visible(page, "Review shown again. Isabella Reyes's rating is now 5.00.");
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).not.toContain('Isabella Reyes');

    await business.page.reload();
    await expect.poll(() => rating.textContent()).toBe('5.00');
    await visible(business.page, 'Outstanding to work with: on time, on brief and genuinely enthusiastic.');

    // The audit trail behind the list: the latest change, who made it and why.
    const shown = (
      await apiGet<AdminReviewsPage>(
        'admin@reach.local',
        '/reviews?search=isabella&direction=business_to_influencer',
      )
    ).data[0]!;
    expect(shown).toMatchObject({
      status: 'visible',
      moderation: {
        status: 'visible',
        by: { name: 'Ada Admin' },
        reason: 'The business confirmed the details are public',
      },
    });
    await business.context.close();
    await context.close();
  });

  it('fits the reviews screen and its dialog into 375 px', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 800);
    await signInTo(page, 'admin@reach.local', '/admin');
    await page.goto('/admin/reviews');
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await pageScreenshot(page, 'admin-reviews-375');
    await page
      .getByRole('button', { name: /^Hide the review by/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: 'Hide this review?' })
      .getByLabel(/^Reason/)
      .waitFor();
    await dialogScreenshot(page, 'admin-review-hide-375');
    await context.close();
  });
});
