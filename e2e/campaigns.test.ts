import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, screenshot, startServer } from './lib/harness';
import { dialogScreenshot, drawPng, settled, signInAs, visible } from './lib/steps';

let server: Server;
let browser: Browser;
let tmp: string;
let images: string[] = [];

/** Shared by the journeys: the campaign the business publishes and the influencer then finds. */
const TITLE = `Summer Glow Launch ${Date.now().toString(36).slice(-5)}`;
let campaignId = 0;

beforeAll(async () => {
  // Many sign-ins within a minute: lift the per-address sign-in limit for this run.
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-campaigns-'));
  images = await makePngs(['product-front.png', 'product-side.png']);
});
afterAll(async () => {
  // Opt-in debugging aid: E2E_SERVER_LOG=/tmp/x.log keeps the server's output of this run.
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Two small, valid, distinct PNGs drawn by the browser's canvas and written to temp files. */
async function makePngs(names: string[]): Promise<string[]> {
  const { context, page } = await newPage(browser, server.url);
  const files: string[] = [];
  for (const [index, name] of names.entries()) {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, await drawPng(page, 30 + index * 160));
    files.push(file);
  }
  await context.close();
  return files;
}

/** "5 July 2026": how Mantine labels a day in its calendars. */
function dayLabel(date: Date): string {
  return `${date.getDate()} ${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`;
}

function nextMonthDay(day: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + 1, day);
}

function mmddyyyy(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

async function chooseType(page: Page, name: 'Product' | 'Cash' | 'Combination') {
  await page.getByRole('radio', { name: new RegExp(`^${name}:`) }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await visible(page, 'Campaign details');
}

async function pickDates(page: Page, start: Date, end: Date) {
  await page.getByLabel(/^Start date/).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: dayLabel(start), exact: true }).click();
  await page.getByRole('button', { name: dayLabel(start), exact: true }).waitFor({ state: 'hidden' });
  await page.getByLabel(/^End date/).click();
  await page.getByRole('button', { name: dayLabel(end), exact: true }).click();
  await expect.poll(() => page.getByLabel(/^Start date/).textContent()).toContain(mmddyyyy(start));
  await expect.poll(() => page.getByLabel(/^End date/).textContent()).toContain(mmddyyyy(end));
}

describe('campaigns in the browser', () => {
  it('business "trial" creates a combination campaign through all four steps, saves midway, resumes from the list and publishes', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'trial@reach.local', '/business');

    await page.goto('/business/campaigns');
    await visible(page, 'Create campaign');
    await page.getByRole('link', { name: 'Create campaign' }).first().click();
    await page.waitForURL(/\/business\/campaigns\/new$/);
    await visible(page, 'What will influencers get?');
    await settled(page);
    await screenshot(page, 'campaign-wizard-type-1280');

    // 1) type
    await chooseType(page, 'Combination');

    // 2) details
    const start = nextMonthDay(5);
    const end = nextMonthDay(20);
    await page.getByLabel(/^Title/).fill(TITLE);
    await pickDates(page, start, end);
    await page.getByRole('combobox', { name: /^Interests/ }).fill('Skin');
    await page.getByRole('option', { name: 'Skincare' }).click();
    await page.keyboard.press('Escape');
    await page
      .getByLabel(/^Description/)
      .fill(
        'Show how Solstice SPF 50 fits into a sunny summer routine, from beach mornings to city evenings.',
      );
    await page
      .getByLabel(/^Brand overview/)
      .fill('Solstice makes reef-safe mineral sunscreens in California.');
    await page.getByLabel(/^Objectives/).fill('Launch awareness and 1,000 first orders.');
    await page.getByLabel(/^Talking points/).fill('Reef-safe\nNo white cast\nSPF 50 all day');
    await page
      .getByLabel(/^Post requirements/)
      .fill('One Reel or three Stories; tag @solstice; #SolsticeSummer');
    await settled(page);
    await screenshot(page, 'campaign-wizard-details-1280');

    // Save a draft midway: the draft is created and the URL moves to its edit page.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await visible(page, 'Draft saved.');
    await page.waitForURL(/\/business\/campaigns\/\d+\/edit$/);
    campaignId = Number(page.url().match(/campaigns\/(\d+)\/edit/)![1]);
    expect(campaignId).toBeGreaterThan(0);

    // Reload, then resume from the list: the wizard opens at the first step still missing fields.
    await page.reload();
    await visible(page, 'Your draft is saved.');
    await page.goto('/business/campaigns');
    await page.getByLabel('Search campaigns').fill(TITLE);
    await visible(page, TITLE);
    await page
      .getByRole('button', { name: `Actions for ${TITLE}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/business/campaigns/${campaignId}/edit$`));
    await visible(page, 'Product details');
    expect(await page.getByText('Step 3 of 4').count()).toBe(1);

    // 3) product, with two uploaded images
    await page.getByLabel(/^Product name/).fill('Solstice SPF 50 Mineral Sunscreen');
    await page.getByLabel(/^Product amount/).fill('1249.5');
    await page.getByLabel(/^Product description/).fill('A reef-safe mineral sunscreen with no white cast.');
    await page.getByLabel(/^Product link/).fill('https://solstice.example.com/spf50');
    await page.getByLabel('Upload product media').setInputFiles(images);
    await expect
      .poll(() => page.getByRole('img', { name: /^Media \d$/ }).count(), { timeout: 15_000 })
      .toBe(2);
    await visible(page, '2 of 5');
    expect(await page.getByLabel(/^Product amount/).inputValue()).toBe('$1,249.5');
    await settled(page);
    await screenshot(page, 'campaign-wizard-product-1280');
    await page.getByRole('button', { name: 'Next' }).click();

    // 4) budget, with the live warning when a post costs more than the whole budget
    await visible(page, 'Step 4 of 4');
    await page.getByLabel(/^Total budget/).fill('2500');
    await page.getByLabel(/^Amount per post/).fill('5000');
    await visible(page, 'Over budget');
    await settled(page);
    await screenshot(page, 'campaign-wizard-budget-warning-1280');
    await page.getByLabel(/^Amount per post/).fill('250');
    await page.getByLabel(/^Max posts per influencer/).fill('2');
    await expect.poll(() => page.getByText('Over budget').count()).toBe(0);
    await visible(page, /covers\s*10 posts/);
    await settled(page);
    await screenshot(page, 'campaign-wizard-budget-1280');

    // A cash budget is paid by card before publishing: fund it with the 4242 test card.
    await page.getByRole('button', { name: 'Fund campaign' }).click();
    const fund = page.getByRole('dialog', { name: 'Fund campaign' });
    await fund.getByRole('button', { name: 'Use another card' }).click();
    await fund.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
    await fund.getByLabel(/^Expiry/).fill('12 / 30');
    await fund.getByLabel(/^CVC/).fill('123');
    await fund.getByRole('button', { name: 'Save card' }).click();
    await fund.getByRole('radio', { name: /Visa •••• 4242/ }).waitFor();
    await fund.getByRole('button', { name: 'Pay $2,500.00' }).click();
    await fund.waitFor({ state: 'hidden' });
    await visible(page, 'Campaign budget funded: $2,500.00 paid with Visa •••• 4242.');
    await visible(page, 'Budget funded: $2,500.00 paid by card.');

    // Publish: the detail page shows it active, with its media and budget.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(new RegExp(`/business/campaigns/${campaignId}$`));
    await visible(page, 'Campaign published. Influencers can now find it.');
    await visible(page, 'Active');
    await visible(page, '$2,500.00');
    await visible(page, mmddyyyy(start));
    expect(await page.getByRole('button', { name: /^Open image \d of / }).count()).toBe(2);
    await settled(page);
    await screenshot(page, 'campaign-detail-1280');

    // And it is in the list.
    await page.goto('/business/campaigns?status=active');
    await page.getByLabel('Search campaigns').fill(TITLE);
    await visible(page, TITLE);
    const row = page.getByRole('row', { name: new RegExp(TITLE) });
    await expect.poll(() => row.getByText('Active').count()).toBe(1);
    await expect.poll(() => row.getByText('$2,500.00').count()).toBe(1);
    await page.goto('/business/campaigns?sortBy=created_at&sortDesc=desc');
    await settled(page);
    await screenshot(page, 'campaigns-list-1280');

    // Sorting by a header goes through the URL (and the API): budget, highest first on the second click.
    await page.getByRole('button', { name: 'Budget' }).click();
    await page.waitForURL(/sortBy=total_budget/);
    await page.getByRole('button', { name: 'Budget' }).click();
    await page.waitForURL(/sortDesc=desc/);
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Budget' }).getAttribute('aria-sort'))
      .toBe('descending');
    await context.close();
  });

  it('the AI campaign builder drafts the details step (embedded generator), with its tour after the click', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto('/business/campaigns/new');
    await chooseType(page, 'Product');

    await page.getByRole('button', { name: 'AI campaign builder' }).click();
    await page.getByRole('dialog', { name: /AI campaign builder/ }).waitFor();
    // The ai-campaign-builder tour opens 500 ms after the click.
    await page.locator('.driver-popover').waitFor({ state: 'visible', timeout: 5000 });
    await dialogScreenshot(page, 'campaign-ai-builder-tour-1280');
    await page.locator('.driver-popover-close-btn').click();
    await page.locator('.driver-popover').waitFor({ state: 'hidden' });

    const dialog = page.getByRole('dialog', { name: /AI campaign builder/ });
    await dialog.getByLabel(/^Product/).fill('Solstice SPF 50, a reef-safe mineral sunscreen');
    await dialog.getByLabel(/^Audience/).fill('outdoorsy women 25–40 in California');
    await dialog.getByLabel(/^Goal/).fill('launch awareness and first orders');
    await dialog.getByRole('button', { name: 'Draft my campaign' }).click();
    await dialog.getByRole('button', { name: 'Use this draft' }).waitFor({ timeout: 30_000 });
    await dialogScreenshot(page, 'campaign-ai-builder-preview-1280');
    await dialog.getByRole('button', { name: 'Use this draft' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).not.toBe('');
    expect((await page.getByLabel(/^Description/).inputValue()).length).toBeGreaterThan(20);
    expect((await page.getByLabel(/^Talking points/).inputValue()).length).toBeGreaterThan(0);
    await settled(page);
    await screenshot(page, 'campaign-wizard-details-ai-1280');

    // Publishing what is still incomplete: the API's reasons land under the fields, on the step that has them,
    // and everything typed stays.
    const title = await page.getByLabel(/^Title/).inputValue();
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page, 'Product details');
    await page.getByRole('button', { name: 'Publish' }).click();
    await visible(page, 'Not published yet');
    await visible(page, 'Campaign details');
    await expect.poll(() => page.getByText('Required to publish.').count()).toBeGreaterThan(0);
    expect(await page.getByLabel(/^Title/).inputValue()).toBe(title);
    await page.waitForURL(/\/business\/campaigns\/\d+\/edit$/);
    await settled(page);
    await screenshot(page, 'campaign-wizard-publish-refused-1280');
    await context.close();
  });

  it('influencer "influencer" finds the campaign in browse, opens it and messages the business', async () => {
    expect(campaignId).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'influencer@reach.local', '/influencer');
    await page.goto('/influencer/campaigns');
    await page.getByLabel('Search campaigns').fill(TITLE);
    await visible(page, TITLE);
    await visible(page, /Solstice SPF 50 Mineral Sunscreen \(\$1,249\.50 value\) \+ \$250\.00 per post/);
    await page.goto('/influencer/campaigns?sortBy=created_at&sortDesc=desc');
    await visible(page, TITLE);
    await settled(page);
    await screenshot(page, 'influencer-campaigns-browse-1280');

    await page.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(new RegExp(`/influencer/campaigns/${campaignId}$`));
    await visible(page, 'What you get');
    await page.getByLabel(/^Message$/).fill('Hi! I would love to take part. Do you ship to San Diego?');
    await page.getByRole('button', { name: 'Send' }).click();
    await visible(page, 'Do you ship to San Diego?');
    await settled(page);
    await screenshot(page, 'influencer-campaign-detail-1280');
    await context.close();
  });

  it('the business answers in the campaign threads and invites influencers from a CSV', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto(`/business/campaigns/${campaignId}`);
    await visible(page, 'Do you ship to San Diego?');
    await page.getByLabel(/^Message$/).fill('Yes, we ship everywhere in the US.');
    await page.getByRole('button', { name: 'Send' }).click();
    await visible(page, 'we ship everywhere in the US');
    await settled(page);
    await screenshot(page, 'campaign-detail-messages-1280');

    // Invite influencers from a CSV: progress, then the rows that failed with their reasons.
    const rows = Array.from({ length: 30 }, (_, i) => `creator_e2e_${i},`);
    const csv = path.join(tmp, 'invitations.csv');
    fs.writeFileSync(
      csv,
      [
        'instagram_username,email',
        ...rows,
        'bad name!,',
        ',not-an-email',
        'a_username_far_too_long_for_instagram,',
      ].join('\n'),
    );
    await page.getByLabel('CSV file of influencers to invite').setInputFiles(csv);
    await visible(page, 'Finished', 30_000);
    await visible(page, /30 invited · 3 failed/);
    await visible(page, 'Rows that were not invited (3)');
    await visible(page, 'Not a valid email address.');
    await settled(page);
    await screenshot(page, 'campaign-detail-import-1280');
    await context.close();
  });

  it("the business edits the live campaign's brief without pausing it; the history and the influencer show it", async () => {
    expect(campaignId).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'trial@reach.local', '/business');
    // From the list's row actions: an active campaign offers "Edit brief" (no full edit).
    await page.goto('/business/campaigns?status=active');
    await page.getByLabel('Search campaigns').fill(TITLE);
    await page
      .getByRole('button', { name: `Actions for ${TITLE}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Edit brief' }).click();
    await page.waitForURL(new RegExp(`/business/campaigns/${campaignId}/edit$`));
    await visible(page, 'Locked terms');
    await visible(page, 'Accepted creators agreed to these terms.');
    // The terms are shown, not editable: no title, start date or budget inputs.
    expect(await page.getByLabel(/^Title/).count()).toBe(0);
    expect(await page.getByLabel(/^Start date/).count()).toBe(0);
    expect(await page.getByLabel(/^Total budget/).count()).toBe(0);
    await page.getByLabel(/^Talking points/).fill('Reef-safe and water resistant\nShow it on the beach');
    await settled(page);
    await screenshot(page, 'campaign-brief-editor-1280');
    await page.getByRole('button', { name: 'Save brief' }).click();
    await page.waitForURL(new RegExp(`/business/campaigns/${campaignId}$`));
    await visible(page, 'Brief updated. Creators working on this campaign were told.');
    await visible(page, 'Show it on the beach');
    const history = page.getByRole('region', { name: 'Brief history' });
    await expect.poll(() => history.getByText('Talking points').count()).toBe(1);
    await expect.poll(() => history.getByText(/Trial/).count()).toBe(1);
    await settled(page);
    await screenshot(page, 'campaign-brief-history-1280');
    await context.close();

    const mobile = await newPage(browser, server.url, 375, 812);
    await signInAs(mobile.page, 'trial@reach.local', '/business');
    await mobile.page.goto(`/business/campaigns/${campaignId}`);
    await mobile.page.getByRole('button', { name: 'Edit brief' }).click();
    await visible(mobile.page, 'Locked terms');
    await settled(mobile.page);
    await screenshot(mobile.page, 'campaign-brief-editor-375');
    await mobile.context.close();

    // A cash campaign carries brief media too: the details step has the uploader (there is no product step).
    // Business "pro" drafts it, so the trial business's lists stay as the other journeys expect them.
    const cash = await newPage(browser, server.url, 375, 812);
    await signInAs(cash.page, 'pro@reach.local', '/business');
    await cash.page.goto('/business/campaigns/new');
    await chooseType(cash.page, 'Cash');
    await cash.page.getByLabel('Upload brief media').setInputFiles(images[1]!);
    await visible(cash.page, 'Draft saved so your media can be uploaded.');
    await expect
      .poll(() => cash.page.getByRole('img', { name: 'Media 1' }).count(), { timeout: 15_000 })
      .toBe(1);
    await settled(cash.page);
    await screenshot(cash.page, 'campaign-wizard-cash-media-375');
    await cash.context.close();

    const influencer = await newPage(browser, server.url, 375, 812);
    await signInAs(influencer.page, 'influencer@reach.local', '/influencer');
    await influencer.page.goto(`/influencer/campaigns/${campaignId}`);
    await visible(influencer.page, /^Updated on \d\d\/\d\d\/\d{4}$/);
    await visible(influencer.page, 'Show it on the beach');
    await settled(influencer.page);
    await screenshot(influencer.page, 'influencer-campaign-brief-updated-375');
    await influencer.context.close();
  });

  it('pages at 375 px: list, each wizard step, detail, browse', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 812);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto('/business/campaigns');
    await visible(page, 'Create campaign');
    await settled(page);
    await screenshot(page, 'campaigns-list-375');

    await page.goto('/business/campaigns/new');
    await visible(page, 'What will influencers get?');
    await settled(page);
    await screenshot(page, 'campaign-wizard-type-375');
    await chooseType(page, 'Combination');
    await page.getByLabel(/^Title/).fill(`${TITLE} (mobile)`);
    await settled(page);
    await screenshot(page, 'campaign-wizard-details-375');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await visible(page, 'Draft saved.');
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page, 'Product details');
    await page.getByLabel('Upload product media').setInputFiles(images[0]!);
    await expect.poll(() => page.getByRole('img', { name: 'Media 1' }).count(), { timeout: 15_000 }).toBe(1);
    await settled(page);
    await screenshot(page, 'campaign-wizard-product-375');
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(page, 'Step 4 of 4');
    await page.getByLabel(/^Total budget/).fill('100');
    await page.getByLabel(/^Amount per post/).fill('150');
    await visible(page, 'Over budget');
    await settled(page);
    await screenshot(page, 'campaign-wizard-budget-375');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await visible(page, 'Draft saved.');

    // Row actions offer only what the API allows; deleting a draft asks first.
    await page.goto('/business/campaigns?status=draft');
    await page.getByRole('button', { name: `Actions for ${TITLE} (mobile)` }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Delete draft' }).count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: 'Pause' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Delete draft' }).click();
    await page.getByRole('dialog', { name: 'Delete this draft?' }).waitFor();
    await dialogScreenshot(page, 'campaigns-delete-confirm-375');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete draft' }).click();
    await visible(page, 'Draft deleted.');
    await expect.poll(() => page.getByText(`${TITLE} (mobile)`).count()).toBe(0);

    await page.goto(`/business/campaigns/${campaignId}`);
    await visible(page, TITLE);
    await settled(page);
    await screenshot(page, 'campaign-detail-375');
    await context.close();

    const influencer = await newPage(browser, server.url, 375, 812);
    await signInAs(influencer.page, 'influencer@reach.local', '/influencer');
    await influencer.page.goto('/influencer/campaigns?sortBy=created_at&sortDesc=desc');
    await visible(influencer.page, TITLE);
    await settled(influencer.page);
    await screenshot(influencer.page, 'influencer-campaigns-browse-375');
    await influencer.page.goto(`/influencer/campaigns/${campaignId}`);
    await visible(influencer.page, 'What you get');
    await settled(influencer.page);
    await screenshot(influencer.page, 'influencer-campaign-detail-375');
    await influencer.context.close();
  });
});
