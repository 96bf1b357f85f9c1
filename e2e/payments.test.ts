import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, screenshot, startServer } from './lib/harness';
import { apiCall, apiToken, dialogScreenshot, fillCard, settled, signInAs, visible } from './lib/steps';

/*
 * Money in the browser on the built-in provider: business "trial" saves the 4242 test card and funds a cash
 * campaign with it, the 4000…0002 card shows the decline message, and influencer "influencer" sees the demo
 * balance and withdraws it. Screenshots at 1280 and 375 px.
 */

let server: Server;
let browser: Browser;
const TITLE = `Cash Drop ${Date.now().toString(36).slice(-5)}`;
let campaignId = 0;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
  // A cash campaign draft of trial@, ready to publish once funded (the wizard itself is covered by campaigns).
  const trial = await apiToken(server.url, 'trial@reach.local');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const created = await apiCall<{ id: number }>(server.url, trial, '/campaigns', {
    method: 'POST',
    body: {
      type_id: 2,
      title: TITLE,
      start_date: day(1),
      end_date: day(21),
      description: 'Post your best rainy-day skincare routine.',
      total_budget_cents: 125_000,
      amount_per_post_cents: 12_500,
      max_posts_per_influencer: 2,
    },
  });
  campaignId = created.id;
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

describe('payments in the browser', () => {
  it('business "trial" saves the 4242 card; the 4000…0002 card shows the decline message', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto('/business/payments');
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await visible(page, 'Mastercard •••• 4444');

    // A declined card: the message, and nothing saved.
    await page.getByRole('button', { name: 'Add card' }).click();
    let dialog = await fillCard(page, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.getByText('Your card was declined.').waitFor();
    await dialogScreenshot(page, 'payments-card-declined-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByText('•••• 0002').count()).toBe(0);

    // The test card that authorises.
    await page.getByRole('button', { name: 'Add card' }).click();
    dialog = await fillCard(page, '4242424242424242');
    expect(await dialog.getByLabel(/^Card number/).inputValue()).toBe('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page, 'Visa •••• 4242 saved.');
    await visible(page, 'Visa •••• 4242');

    // The plan dialog charges a saved card and takes a coupon (an expired one is refused with its reason).
    await page.goto('/business/settings/subscriptions');
    await page.getByRole('button', { name: 'Upgrade to Business' }).click();
    const plan = page.getByRole('dialog', { name: 'Choose the Business plan?' });
    await plan.getByRole('radio', { name: /Mastercard •••• 4444/ }).waitFor();
    await plan.getByLabel('Coupon code').fill('spring2025');
    await plan.getByRole('button', { name: 'Apply' }).click();
    await plan.getByText('That coupon code has expired.').waitFor();
    await plan.getByLabel('Coupon code').fill('WELCOME20');
    await plan.getByRole('button', { name: 'Apply' }).click();
    await plan.getByText('WELCOME20: 20% off your first month').waitFor();
    await plan.getByText('$239.20').waitFor();
    await dialogScreenshot(page, 'payments-plan-coupon-1280');
    await plan.getByRole('button', { name: 'Not now' }).click();
    await context.close();
  });

  it('business "trial" funds a cash campaign with the 4242 card, then publishes it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto(`/business/campaigns/${campaignId}`);
    await visible(page, TITLE);
    await visible(page, '$1,250.00 still needs to be paid by card before this campaign can be published.');
    // Publishing an unfunded campaign is refused with the reason.
    await page.getByRole('button', { name: 'Publish' }).click();
    await visible(
      page,
      'Fund the campaign budget before publishing: $1,250.00 still needs to be paid by card.',
    );

    await page.goto('/business/payments');
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await row.waitFor();
    await settled(page);
    await screenshot(page, 'payments-business-1280');
    await row.getByRole('button', { name: new RegExp(`^Fund \\S+ for ${TITLE}`) }).click();
    const fund = page.getByRole('dialog', { name: 'Fund campaign' });
    await fund.getByRole('radio', { name: /Visa •••• 4242/ }).check();
    await dialogScreenshot(page, 'payments-fund-campaign-1280');
    await fund.getByRole('button', { name: 'Pay $1,250.00' }).click();
    await fund.waitFor({ state: 'hidden' });
    await visible(page, 'Campaign budget funded: $1,250.00 paid with Visa •••• 4242.');
    await expect.poll(() => row.getByText('$1,250.00').count()).toBeGreaterThanOrEqual(2);
    expect(await row.getByRole('button', { name: /^Fund / }).count()).toBe(0);

    // The charge is listed, with its card, in the history.
    const charges = page.getByRole('table', { name: 'charges' });
    await expect.poll(() => charges.getByRole('link', { name: TITLE }).count()).toBe(1);
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await page.getByRole('tab', { name: 'Charges' }).click();

    await page.goto(`/business/campaigns/${campaignId}`);
    await visible(page, 'Budget funded');
    await page.getByRole('button', { name: 'Publish' }).click();
    await visible(page, 'Campaign published. Influencers can now find it.');
    await settled(page);
    await screenshot(page, 'payments-campaign-funded-1280');
    await context.close();
  });

  it('influencer "influencer" sees the balance and withdraws it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'influencer@reach.local', '/influencer');
    await page.goto('/influencer/payments');
    await expect.poll(() => page.getByTestId('available-balance').textContent()).toBe('$700.00');
    await visible(page, 'Chase Bank ••6789');
    await visible(page, 'Approved post for "Glow Serum Launch"');
    await settled(page);
    await screenshot(page, 'payments-influencer-1280');

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw to your bank' });
    // More than the balance: refused where it is typed, and the button says the amount, not a clamped one.
    await dialog.getByLabel('Amount').fill('800');
    await visible(page, 'You can withdraw at most $700.00.');
    await expect(dialog.getByRole('button', { name: 'Withdraw $800.00' }).isDisabled()).resolves.toBe(true);
    await dialogScreenshot(page, 'payments-withdraw-over-balance-1280');
    await dialog.getByLabel('Amount').fill('');
    await dialog.getByRole('button', { name: 'Withdraw $700.00' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(page, '$700.00 is on its way to Chase Bank ••6789.');
    await expect.poll(() => page.getByTestId('available-balance').textContent()).toBe('$0.00');
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const withdrawals = page.getByRole('table', { name: 'withdrawals' });
    await expect.poll(() => withdrawals.getByText('$700.00').count()).toBe(1);
    await page.getByRole('tab', { name: 'Earnings by campaign' }).click();
    await visible(page, 'National Parks Road Trip');
    await settled(page);
    await screenshot(page, 'payments-influencer-earnings-1280');
    await context.close();
  });

  it('pages at 375 px: business and influencer payments, and the add-card dialog', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 812);
    await signInAs(page, 'pro@reach.local', '/business');
    await page.goto('/business/payments?tab=invoices');
    await visible(page, 'Visa •••• 4242');
    await visible(page, /REACH-\d{4}-\d{6}/);
    await settled(page);
    await screenshot(page, 'payments-business-375');
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByRole('dialog', { name: 'Add a card' }).waitFor();
    await dialogScreenshot(page, 'payments-add-card-375');
    await context.close();

    const influencer = await newPage(browser, server.url, 375, 812);
    await signInAs(influencer.page, 'influencer@reach.local', '/influencer');
    await influencer.page.goto('/influencer/payments');
    await influencer.page.getByTestId('available-balance').waitFor();
    await settled(influencer.page);
    await screenshot(influencer.page, 'payments-influencer-375');
    await influencer.context.close();
  });
});
