import fs from 'node:fs';
import { SPEC_TEXT } from '@reach/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { apiCall, apiToken, dialogScreenshot, pageScreenshot, signInAs, visible } from './lib/steps';

/*
 * Issue 5 in a real browser: business "pro" opens discovery, searches with three filters, loads a second page
 * (15 more cards), opens a full report, saves two influencers to a new list, removes one (the list shows one),
 * and sees the credits badge drop by the credits used; a reload keeps the search (free again). The 375 px
 * layout keeps the filters in a drawer. The admin looks a username up. Screenshots of every screen.
 */

let server: Server;
let browser: Browser;
const LIST = 'E2E shortlist';
const PAGE_SIZE = 15;

beforeAll(async () => {
  // A small index starts fast and still holds several pages for the journey's filters.
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000', DISCOVERY_SEED_SIZE: '3000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

const token = (email: string) => apiToken(server.url, email);
async function credits(access: string): Promise<number> {
  return (await apiCall<{ credits: number }>(server.url, access, '/my/user')).credits;
}

/** Full-page capture, with the filter panel (which scrolls on its own beside the results) from its top too. */
async function shot(page: Page, name: string) {
  await page.evaluate(() =>
    document.querySelector('form[aria-label="Search filters"]')?.parentElement?.scrollTo(0, 0),
  );
  await pageScreenshot(page, name);
}

const badge = (page: Page) => page.getByLabel(/^\d+ credits$/);
async function badgeCredits(page: Page): Promise<number> {
  return Number((await badge(page).getAttribute('aria-label'))?.match(/^(\d+)/)?.[1]);
}
const cards = (page: Page) => page.getByTestId('discovery-card');

async function pick(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('discovery', () => {
  it('pro searches with three filters, loads more, saves two to a new list, removes one; credits drop', async () => {
    const pro = await token('pro@reach.local');
    const before = await credits(pro);
    expect(before).toBeGreaterThan(5);

    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'pro@reach.local', '/business');
    await page.goto('/business/discovery');
    await page.getByRole('button', { name: SPEC_TEXT.returnTo }).waitFor();
    await expect.poll(() => badgeCredits(page)).toBe(before);
    // The demo's two lists.
    await expect.poll(() => page.getByTestId('discovery-list').count()).toBe(2);
    await shot(page, 'discovery-menu-1280');

    await page.getByRole('link', { name: 'Search influencers' }).click();
    await page.waitForURL('**/business/discovery/search');
    await visible(page, 'Find your next influencers');
    await shot(page, 'discovery-search-empty-1280');

    // The discovery-search tour: 'Take Discovery Tour' until done, then 'Retake Tour'.
    await page.getByRole('button', { name: SPEC_TEXT.takeDiscoveryTour }).click();
    await expect
      .poll(() => page.locator('.driver-popover-title').textContent())
      .toBe('Describe who you are looking for');
    await dialogScreenshot(page, 'discovery-tour-1280'); // once the popover has faded in
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: SPEC_TEXT.retakeTour }).waitFor();

    // The location typeahead: typed, confirmed with Enter, then picked from the list.
    const location = page.getByLabel('Location', { exact: true });
    await page.getByRole('button', { name: 'Remove United States' }).click();
    await location.fill('United States');
    await location.press('Enter');
    await page
      .getByRole('option', { name: /^United States/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^Remove United States/ }).waitFor();

    // Three filters: gender, followers from 1K, engagement rate at least 1%.
    await pick(page, /^Gender/, 'Female');
    await pick(page, /^Followers from/, '1K');
    await pick(page, /^Engagement rate/, 'At least 1%');
    await page.getByRole('button', { name: /^Search \(/ }).click();
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(PAGE_SIZE);
    await expect.poll(() => badgeCredits(page)).toBe(before - 1);
    expect(new URL(page.url()).searchParams.get('gender')).toBe('FEMALE');
    await shot(page, 'discovery-search-results-1280');

    // Every card shows the filters hold (engagement ≥ 1%) and the count grows by a page with Load more.
    const rates = await page
      .getByTestId('discovery-card')
      .evaluateAll((els) => els.map((el) => el.textContent?.match(/Engagement rate([\d.]+)%/)?.[1] ?? 'x'));
    for (const rate of rates) expect(Number(rate)).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: /^Load more/ }).click();
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(2 * PAGE_SIZE);
    await expect.poll(() => badgeCredits(page)).toBe(before - 2);

    // The profile drawer: the report costs one credit, and the button says so.
    const first = cards(page).nth(0);
    const firstName = (await first.locator('p').first().textContent()) ?? '';
    await first.getByRole('button', { name: /^Open the full report/ }).click();
    const drawer = page.getByRole('dialog', { name: firstName });
    await drawer.getByRole('button', { name: 'Open full report (1 credit)' }).click();
    await drawer
      .getByText('Recent posts')
      .or(drawer.getByText('Audience', { exact: true }))
      .first()
      .waitFor();
    await expect.poll(() => badgeCredits(page)).toBe(before - 3);
    await dialogScreenshot(page, 'discovery-report-drawer-1280');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Save two influencers to a new list, created inline in the dialog.
    await cards(page)
      .nth(0)
      .getByRole('button', { name: /^Save .* to lists$/ })
      .click();
    let dialog = page.getByRole('dialog', { name: /^Save .* to lists$/ });
    await dialog.getByLabel('New list').fill(LIST);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog.getByRole('checkbox', { name: LIST }).isChecked()).toBe(true);
    await dialogScreenshot(page, 'discovery-save-to-lists-1280');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await cards(page)
      .nth(1)
      .getByRole('button', { name: /^Save .* to lists$/ })
      .click();
    dialog = page.getByRole('dialog', { name: /^Save .* to lists$/ });
    await dialog.getByRole('checkbox', { name: LIST }).check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByText('In a list').count()).toBeGreaterThanOrEqual(2);

    // Invite one of them to an active campaign: mailed with a sign-up link, and a toast says so.
    await cards(page)
      .nth(2)
      .getByRole('button', { name: /^Invite .* to a campaign$/ })
      .click();
    const invite = page.getByRole('dialog', { name: /^Invite .* to a campaign$/ });
    await invite.getByRole('combobox', { name: /^Campaign/ }).click();
    await page.getByRole('option').first().click();
    await invite.getByLabel(/^Message/).fill('We love your content. Join our spring campaign?');
    await invite.getByLabel(/^Email address/).fill('e2e.creator@example.com');
    await dialogScreenshot(page, 'discovery-invite-1280');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await visible(page, /^Invitation sent to .* \(e2e\.creator@example\.com\)\.$/);
    await invite.waitFor({ state: 'hidden' });

    // The influencer-card tour starts on the first card.
    await page.getByTestId('discovery-results').getByRole('button', { name: SPEC_TEXT.takeTour }).click();
    await expect.poll(() => page.locator('.driver-popover-title').textContent()).toBe('Who they are');
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });

    // Advanced filters and their tour.
    await page.getByRole('button', { name: 'Advanced filters' }).click();
    await page.getByRole('textbox', { name: 'Bio words' }).waitFor();
    const panel = page.getByRole('form', { name: 'Search filters' });
    await panel.getByRole('button', { name: SPEC_TEXT.takeTour }).click();
    await expect.poll(() => page.locator('.driver-popover-title').textContent()).toBe('About the influencer');
    await dialogScreenshot(page, 'discovery-advanced-tour-1280'); // once the popover has faded in
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: SPEC_TEXT.retakeTour }).waitFor();
    await shot(page, 'discovery-advanced-filters-1280');

    // A reload keeps the search and repeats it for free.
    const spent = await badgeCredits(page);
    await page.reload();
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(PAGE_SIZE);
    await expect.poll(() => page.getByRole('combobox', { name: /^Gender/ }).inputValue()).toBe('Female');
    await expect.poll(() => badgeCredits(page)).toBe(spent);

    // Back to the menu: the new list holds two; remove one and it shows one.
    await page.goto('/business/discovery');
    const list = page.getByTestId('discovery-list').filter({ hasText: LIST });
    await list.getByText('2 influencers').waitFor();
    await list.getByRole('button', { name: 'Open list' }).click();
    const opened = page.getByRole('dialog', { name: new RegExp(`^${LIST} \\(\\d+\\)$`) });
    await page.getByRole('dialog', { name: `${LIST} (2)` }).waitFor();
    await expect.poll(() => opened.getByTestId('list-member').count()).toBe(2);
    await dialogScreenshot(page, 'discovery-list-open-1280');
    await opened
      .getByRole('button', { name: /^Remove .* from the list$/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: `${LIST} (1)` }).waitFor();
    await expect.poll(() => opened.getByTestId('list-member').count()).toBe(1);
    await opened.getByRole('button', { name: 'Close' }).click();
    await list.getByText('1 influencer', { exact: false }).waitFor();
    await shot(page, 'discovery-menu-after-1280');

    // The server agrees: three credits spent, the list holds one.
    expect(await credits(pro)).toBe(before - 3);
    expect(await badgeCredits(page)).toBe(before - 3);
    const all = (await (
      await fetch(`${server.url}/api/v1/discovery/list/all`, { headers: { authorization: `Bearer ${pro}` } })
    ).json()) as { name: string; influencers: unknown[] }[];
    expect(all.find((l) => l.name === LIST)?.influencers).toHaveLength(1);

    // A whole list is invited to a campaign: the import runs on the campaign's page.
    const demo = page.getByTestId('discovery-list').filter({ hasNotText: LIST }).first();
    await demo.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Invite the list to a campaign' }).click();
    const importing = page.getByRole('dialog', { name: /^Invite .* to a campaign$/ });
    await importing.getByRole('combobox', { name: /^Campaign/ }).click();
    await page.getByRole('option').first().click();
    await dialogScreenshot(page, 'discovery-import-list-1280');
    await importing.getByRole('button', { name: 'Invite the list' }).click();
    await page.waitForURL(/\/business\/campaigns\/\d+$/);
    await visible(page, /\d+ of \d+ rows · \d+ invited · \d+ failed/, 30_000);

    // The new list is deleted after a confirmation.
    await page.goto('/business/discovery');
    await list.getByRole('button', { name: `Actions for ${LIST}` }).click();
    await page.getByRole('menuitem', { name: 'Delete list' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this list?' });
    await dialogScreenshot(page, 'discovery-delete-list-1280');
    await confirm.getByRole('button', { name: 'Delete list' }).click();
    await visible(page, `${LIST} was deleted.`);
    await expect.poll(() => page.getByTestId('discovery-list').filter({ hasText: LIST }).count()).toBe(0);

    // RETURN TO leaves the menu for `/`, which lands on the dashboard: its credits card shows the same balance.
    await page.getByRole('button', { name: SPEC_TEXT.returnTo }).click();
    await page.waitForURL((url) => url.pathname === '/business');
    await expect
      .poll(() =>
        page
          .locator('[data-tour="credits"]')
          .getByText(String(before - 3), { exact: true })
          .count(),
      )
      .toBe(1);
    await context.close();
  });

  it('the 375 px layout: filters in a drawer, one column of cards, the menu and the list', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 760);
    await signInAs(page, 'pro@reach.local', '/business');
    await page.goto('/business/discovery');
    await expect.poll(() => page.getByTestId('discovery-list').count()).toBeGreaterThanOrEqual(2);
    await shot(page, 'discovery-menu-375');

    await page.goto('/business/discovery/search');
    await visible(page, 'Find your next influencers');
    await shot(page, 'discovery-search-empty-375');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('combobox', { name: /^Gender/ }).click();
    await page.getByRole('option', { name: 'Male', exact: true }).click();
    await dialogScreenshot(page, 'discovery-filters-drawer-375');
    await filters.getByRole('button', { name: /^Search \(/ }).click();
    await filters.waitFor({ state: 'hidden' });
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(PAGE_SIZE);
    // One column: every card spans (nearly) the page's width.
    const widths = await cards(page).evaluateAll((els) => els.slice(0, 3).map((el) => el.clientWidth));
    for (const w of widths) expect(w).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'discovery-search-results-375');

    await cards(page)
      .nth(0)
      .getByRole('button', { name: /^Open the full report/ })
      .click();
    await page.getByRole('button', { name: 'Open full report (1 credit)' }).waitFor();
    await dialogScreenshot(page, 'discovery-profile-drawer-375');
    await page.keyboard.press('Escape');

    // One city with a radius (25–200 miles in steps of 25, offered only for a single city).
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await filters.getByRole('button', { name: 'Remove United States' }).click();
    expect(await filters.getByRole('combobox', { name: /^Radius/ }).count()).toBe(0);
    const place = filters.getByLabel('Location', { exact: true });
    await place.fill('Los Angeles');
    await place.press('Enter');
    await page.getByRole('option', { name: /^Los Angeles, California, United States/ }).click();
    await filters.getByRole('combobox', { name: /^Radius/ }).click();
    const radii = await page.getByRole('option').allTextContents();
    expect(radii).toEqual([25, 50, 75, 100, 125, 150, 175, 200].map((r) => `${r} miles`));
    await page.getByRole('option', { name: '100 miles' }).click();
    await filters.getByRole('button', { name: /^Search \(/ }).click();
    await filters.waitFor({ state: 'hidden' });
    await visible(page, /^\d+ influencers? found/);
    expect(new URL(page.url()).searchParams.get('radius')).toBe('100');
    await shot(page, 'discovery-city-radius-375');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await filters.getByRole('button', { name: /^Remove Los Angeles/ }).click();
    await page.keyboard.press('Escape');
    await filters.waitFor({ state: 'hidden' });

    // "Similar to @username": the influencer first as the exact match, then the most similar ones.
    const username = ((await cards(page).nth(3).getByRole('link').first().textContent()) ?? '').slice(1);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await filters.getByRole('textbox', { name: /^Similar to/ }).fill(username);
    await expect
      .poll(() => filters.getByRole('combobox', { name: /^Sort by/ }).inputValue())
      .toBe('Similarity');
    await filters.getByRole('button', { name: /^Search \(/ }).click();
    await filters.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Exact match' }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'More like this' }).waitFor();
    expect(
      await cards(page)
        .first()
        .getByRole('link', { name: `@${username}` })
        .count(),
    ).toBe(1);
    expect(new URL(page.url()).searchParams.get('like')).toBe(username);
    await shot(page, 'discovery-lookalike-375');
    await context.close();
  });

  it('a business out of credits is told so, with a link to the plans, and nothing is spent', async () => {
    // "trial" spends its credits on pages of a broad search, through the API.
    const trial = await token('trial@reach.local');
    const start = await credits(trial);
    for (let page = 0; page < start; page++) {
      const res = await fetch(`${server.url}/api/v1/discovery/instagram/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${trial}`, 'content-type': 'application/json' },
        body: JSON.stringify({ page }),
      });
      expect(res.status).toBe(200);
    }
    expect(await credits(trial)).toBe(0);

    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto('/business/discovery/search');
    await expect.poll(() => badgeCredits(page)).toBe(0);
    await page.getByRole('button', { name: /^Search \(/ }).click();
    await visible(page, 'Not enough credits');
    await page.getByRole('link', { name: 'See plans and credits' }).waitFor();
    expect(await cards(page).count()).toBe(0);
    await shot(page, 'discovery-search-no-credits-1280');
    await page.getByRole('link', { name: 'See plans and credits' }).click();
    await page.waitForURL('**/business/settings/subscriptions');
    expect(await credits(trial)).toBe(0);
    await context.close();
  });

  it('the admin looks an Instagram username up and reads its report', async () => {
    // A username from the index, found through the API like any business would.
    const pro = await token('pro@reach.local');
    const res = await fetch(`${server.url}/api/v1/discovery/instagram/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pro}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 0, filter: { influencer: { platform: 'instagram' } } }),
    });
    expect(res.status).toBe(200);
    const found = (await res.json()) as {
      influencers: { lookalikes: { influencer_data: { username: string; fullname: string } }[] };
    };
    const target = found.influencers.lookalikes[0]?.influencer_data;
    expect(target).toBeDefined();

    for (const [width, height] of [
      [1280, 800],
      [375, 760],
    ] as const) {
      const { context, page } = await newPage(browser, server.url, width, height);
      await signInAs(page, 'admin@reach.local', '/admin');
      await page.goto('/admin/instagram-search');
      await visible(page, 'Look up a profile');
      await page.getByRole('textbox', { name: 'Instagram username' }).fill(`@${target?.username}`);
      await page.getByRole('button', { name: 'Look up' }).click();
      await page.getByRole('link', { name: `@${target?.username}` }).waitFor();
      await visible(page, 'Top countries');
      await shot(page, `discovery-admin-instagram-search-${width}`);
      await context.close();
    }
  });
});
