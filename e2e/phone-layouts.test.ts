import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, screenshot, startServer } from './lib/harness';
import { dismissPrompts, expectAbsentFor, loaded, pageScreenshot, signInAs, signInTo } from './lib/steps';

/*
 * Issue 13, "Phone layouts put results first": at 375 × 812 the influencer's campaigns, the admin's users and
 * reviews and the business's posts show their first result on the first screen; the filters are behind a
 * 'Filters' button (a drawer), an applied filter shows as a removable chip, and nothing scrolls sideways.
 */

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Case = {
  name: string;
  email: string;
  dashboard: string;
  path: string;
  /** The URL parameter the filter writes. */
  param: string;
  /** Applies one filter inside the open drawer; returns the chip's text. */
  apply(drawer: ReturnType<Page['getByRole']>, page: Page): Promise<string>;
};

/** Picks an option of a drawer's select (the first not matching `skip`) and returns its text. */
async function pick(drawer: ReturnType<Page['getByRole']>, page: Page, label: string, skip?: RegExp) {
  await drawer.getByRole('combobox', { name: label }).click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  const texts = await options.allInnerTexts();
  const text = texts.find((t) => !skip?.test(t))!;
  await page.getByRole('option', { name: text, exact: true }).click();
  return text;
}

const CASES: Case[] = [
  {
    name: 'influencer-campaigns',
    email: 'influencer@reach.local',
    dashboard: '/influencer',
    path: '/influencer/campaigns',
    param: 'myCampaigns',
    apply: async (drawer) => {
      await drawer.getByText('My campaigns', { exact: true }).click();
      return 'My campaigns';
    },
  },
  {
    name: 'admin-users',
    email: 'admin@reach.local',
    dashboard: '/admin',
    path: '/admin/users',
    param: 'type',
    apply: (drawer, page) => pick(drawer, page, 'Type', /^All types$/),
  },
  {
    name: 'admin-reviews',
    email: 'admin@reach.local',
    dashboard: '/admin',
    path: '/admin/reviews',
    param: 'rating',
    apply: (drawer, page) => pick(drawer, page, 'Rating', /^Any rating$/),
  },
  {
    name: 'business-posts',
    email: 'pro@reach.local',
    dashboard: '/business',
    path: '/business/posts?tab=all',
    param: 'campaign',
    apply: (drawer, page) => pick(drawer, page, 'Campaign'),
  },
];

describe('phone layouts put results first (375 × 812)', () => {
  for (const c of CASES) {
    it(`${c.name}: first result on the first screen, filters behind a button, chips removable`, async () => {
      const { context, page } = await newPage(browser, server.url, 375, 812);
      await signInAs(page, c.email, c.dashboard);
      await page.goto(c.path);
      await loaded(page);
      const results = page.getByTestId('list-results');
      await results.waitFor();
      const top = await results.evaluate((el) => (el.firstElementChild ?? el).getBoundingClientRect().top);
      expect(top, 'the first result starts within the first screen').toBeLessThan(812 - 80);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await pageScreenshot(page, `phone-${c.name}-375`);

      // The filters are behind the button, not stacked above the results.
      const filters = page.getByRole('button', { name: /^Filters/ });
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      expect(await drawer.count()).toBe(0);
      await filters.click();
      await drawer.waitFor();
      const label = await c.apply(drawer, page);
      await expect.poll(() => new URL(page.url()).searchParams.has(c.param)).toBe(true);
      await drawer.getByRole('button', { name: 'Show results' }).click();
      await drawer.waitFor({ state: 'hidden' });

      // The applied filter is a chip and counted on the button; removing the chip clears it.
      const chips = page.getByTestId('active-filters');
      await chips.getByText(label, { exact: true }).waitFor();
      expect(await filters.innerText()).toMatch(/1/);
      await loaded(page);
      await pageScreenshot(page, `phone-${c.name}-filtered-375`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await chips.getByRole('button', { name: `Remove filter ${label}` }).click();
      await chips.getByText(label, { exact: true }).waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.has(c.param)).toBe(false);
      await expectAbsentFor(chips.getByText(label, { exact: true }));
      await context.close();
    });
  }

  it("the profile form's date picker opens below the birthdate's error message, not over it", async () => {
    const { context, page } = await newPage(browser, server.url, 375, 812);
    await signInTo(page, 'new@reach.local', '/influencer');
    await page.goto('/influencer/settings');
    await dismissPrompts(page);
    await page.getByRole('button', { name: 'Save profile' }).click();
    const birthdate = page.getByLabel(/^Birthdate/);
    await expect.poll(() => birthdate.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await birthdate.getAttribute('aria-describedby'))
      ?.split(' ')
      .find((id) => id.includes('error'));
    expect(errorId, 'the birthdate has an error message').toBeTruthy();
    const error = page.locator(`[id="${errorId}"]`);
    await error.waitFor();
    await birthdate.click();
    const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
    await dropdown.waitFor();
    const errorBox = (await error.boundingBox())!;
    const dropdownBox = (await dropdown.boundingBox())!;
    expect(dropdownBox.y, 'the calendar starts below the error text').toBeGreaterThanOrEqual(
      errorBox.y + errorBox.height,
    );
    await screenshot(page, 'phone-profile-date-picker-375');
    await context.close();
  });
});
