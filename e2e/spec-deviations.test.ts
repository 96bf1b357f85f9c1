import { SPEC_TEXT } from '@reach/contract/messages';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, screenshot, startServer } from './lib/harness';
import {
  apiCall,
  apiToken,
  dismissPrompts,
  expectAbsentFor,
  loaded,
  pageScreenshot,
  signInAs,
  signInTo,
  visible,
} from './lib/steps';

/*
 * Issue 13's spec deviations, each checked in the browser against the real server: a failed user load, the 404
 * error page, settings without a subscription check, /discovery paths, the pickers on /businesses/list,
 * /my/campaigns and /facebook/myWebhooks, tour auto-start, chart dates, and calendar dates in a US time zone.
 */

let server: Server;
let browser: Browser;

beforeAll(async () => {
  // Many sign-ins within a minute: lift the per-address sign-in limit for this run.
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A calendar day as the API stores it ("2026-03-14") written MM/DD/YYYY ("03/14/2026"), the day unchanged. */
function asStored(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

const isMyUser = (request: Request) => new URL(request.url()).pathname === '/api/v1/my/user';

/** Whether a request matching `match` is sent within `ms` (a wait for the event, not a fixed sleep). */
async function requestWithin(page: Page, match: (request: Request) => boolean, ms: number) {
  return page.waitForRequest(match, { timeout: ms }).then(
    () => true,
    () => false,
  );
}

/** The register page with its sign-up choice and the failed load's notice (not a spinner). */
async function registerPageShown(page: Page) {
  await page.getByRole('heading', { name: 'Create your REACH account' }).waitFor();
  await page.getByRole('alert').filter({ hasText: 'We could not load your account' }).waitFor();
  await page.getByText("I'm a business").waitFor();
}

/** The error page of spec §2/§8 with its 404 subtitle, inside the signed-in shell. */
async function expect404ErrorPage(page: Page, pathname: string) {
  await page.goto(pathname);
  await visible(page, SPEC_TEXT.error404);
  await visible(page, SPEC_TEXT.errorTitle);
  expect(await page.getByRole('link', { name: SPEC_TEXT.goToHomepage }).count()).toBe(1);
  // Not the separate not-found page and its large 404.
  expect(await page.getByText('404', { exact: true }).count()).toBe(0);
}

describe('issue 13 spec deviations in the browser', () => {
  it('1: a failed current-user load shows the register page and GET /my/user stops after bounded retries', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInTo(page, 'influencer@reach.local', '/influencer');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (isMyUser(request)) calls.push(request.url());
    });

    // A 404: not worth retrying, one call, and the register page renders (no endless spinner).
    await page.route('**/api/v1/my/user', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }),
      }),
    );
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/auth/register');
    await registerPageShown(page);
    await loaded(page);
    expect(await requestWithin(page, isMyUser, 3000), 'GET /my/user again after the failed load').toBe(false);
    expect(calls.length).toBeLessThanOrEqual(2);
    await screenshot(page, 'failed-user-load-register');

    // A 500: a few retries with a growing delay, then it stops.
    await page.unroute('**/api/v1/my/user');
    await page.route('**/api/v1/my/user', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong.' } }),
      }),
    );
    calls.length = 0;
    await page.goto('/influencer');
    await page.waitForURL((url) => url.pathname === '/auth/register', { timeout: 20_000 });
    await registerPageShown(page);
    const settledCount = calls.length;
    expect(settledCount).toBeGreaterThanOrEqual(2);
    expect(settledCount).toBeLessThanOrEqual(4);
    expect(await requestWithin(page, isMyUser, 5000), 'GET /my/user again after the retries').toBe(false);
    await context.close();
  });

  it('2: a missing campaign, influencer or business and an unknown path inside a layout show the 404 error page', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'pro@reach.local', '/business');
    await expect404ErrorPage(page, '/business/campaigns/987654');
    // Inside the shell: the sidebar stays.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    // Its people have no status dot that always says "active" (nothing knows their presence).
    const followed = page.getByRole('region', { name: SPEC_TEXT.followedInfluencers });
    await expect.poll(() => followed.getByRole('link').count()).toBeGreaterThan(0);
    expect(await followed.locator('.mantine-Indicator-indicator').count()).toBe(0);
    expect(await followed.getByText(', active').count()).toBe(0);
    await pageScreenshot(page, 'error-404-campaign-1280');
    await expect404ErrorPage(page, '/business/influencers/987654');
    await expect404ErrorPage(page, '/business/campaigns/not-a-number');
    await expect404ErrorPage(page, '/business/no-such-page');
    await context.close();

    const influencer = await newPage(browser, server.url, 375, 800);
    await signInAs(influencer.page, 'influencer@reach.local', '/influencer');
    await expect404ErrorPage(influencer.page, '/influencer/businesses/987654');
    await expect404ErrorPage(influencer.page, '/influencer/campaigns/987654');
    await pageScreenshot(influencer.page, 'error-404-business-375');
    // The separate not-found page keeps its large 404 and its button back.
    await influencer.page.goto('/no-such-page');
    await influencer.page.getByText('404', { exact: true }).waitFor();
    expect(await influencer.page.getByRole('button', { name: 'Go back' }).count()).toBe(1);
    expect(await influencer.page.getByText(SPEC_TEXT.error404).count()).toBe(0);
    await influencer.context.close();
  });

  it('3: every business settings item opens its page for a business without a plan', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'free@reach.local', '/business');
    await page.goto('/business/settings');
    await dismissPrompts(page);
    const menu = page.getByRole('navigation', { name: 'Settings' });
    for (const [label, pathname] of [
      ['Security', '/business/settings/security'],
      ['Subscriptions', '/business/settings/subscriptions'],
      ['Notification Preferences', '/business/settings/notification-preferences'],
      ['Account Details', '/business/settings'],
    ] as const) {
      await menu.getByRole('link', { name: label }).click();
      await page.waitForURL((url) => url.pathname === pathname);
      await dismissPrompts(page);
      await expect
        .poll(() => menu.getByRole('link', { name: label }).getAttribute('aria-current'))
        .toBe('page');
      // It stays there: no redirect to Subscriptions.
      await loaded(page);
      expect(new URL(page.url()).pathname).toBe(pathname);
    }
    await page.goto('/business/settings/notification-preferences');
    await dismissPrompts(page);
    await loaded(page);
    expect(new URL(page.url()).pathname).toBe('/business/settings/notification-preferences');
    await pageScreenshot(page, 'settings-free-notification-preferences');
    await context.close();
  });

  it('4: any path containing /discovery shows the discovery screen', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'pro@reach.local', '/business');
    for (const pathname of [
      '/business/discovery/xyz',
      '/business/discovery/search/extra',
      '/business/x/discovery',
    ]) {
      await page.goto(pathname);
      await page.getByRole('button', { name: SPEC_TEXT.takeDiscoveryTour }).waitFor();
      expect(await page.getByText(SPEC_TEXT.error404).count()).toBe(0);
      expect(await page.getByText('404', { exact: true }).count()).toBe(0);
    }
    await context.close();
  });

  it('6: the influencer picks a campaign (/my/campaigns) and a business (/businesses/list), and sees its Instagram status (/facebook/myWebhooks)', async () => {
    const { context, page } = await newPage(browser, server.url);
    const paths = new Set<string>();
    page.on('request', (request) => paths.add(new URL(request.url()).pathname));
    await signInAs(page, 'influencer@reach.local', '/influencer');
    const token = await apiToken(server.url, 'influencer@reach.local');
    const mine = await apiCall<{ data: { id: number; title: string | null }[] }>(
      server.url,
      token,
      '/my/campaigns',
    );
    expect(mine.data.length).toBeGreaterThan(0);

    const campaignPicker = page.getByRole('combobox', { name: 'Go to one of your campaigns' });
    await campaignPicker.click();
    const first = mine.data[0]!;
    await page.getByRole('option', { name: first.title ?? `Campaign ${first.id}` }).click();
    await page.waitForURL((url) => url.pathname === `/influencer/campaigns/${first.id}`);
    expect(paths.has('/api/v1/my/campaigns')).toBe(true);

    await page.goto('/influencer');
    const businesses = await apiCall<{ data: { id: number; business_name: string | null }[] }>(
      server.url,
      token,
      '/businesses/list',
    );
    const target = businesses.data.find((b) => b.business_name);
    expect(target, 'a named business in the demo').toBeTruthy();
    const name = target!.business_name!;
    const businessPicker = page.getByRole('combobox', { name: 'Find a business' });
    await businessPicker.fill(name.slice(0, 4));
    await page.getByRole('option', { name }).first().click();
    await page.waitForURL((url) => url.pathname === `/influencer/businesses/${target!.id}`);
    expect(paths.has('/api/v1/businesses/list')).toBe(true);
    await page.goto('/influencer');
    await dismissPrompts(page);
    await pageScreenshot(page, 'influencer-dashboard-pickers-1280');

    await page.goto('/influencer/settings');
    await dismissPrompts(page);
    const status = page.getByRole('region', { name: 'Your Instagram connection' });
    await status.waitFor();
    await expect.poll(() => paths.has('/api/v1/facebook/myWebhooks')).toBe(true);
    await expect
      .poll(() => status.getByText(/Not connected|Connected/).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await pageScreenshot(page, 'influencer-settings-instagram-1280');
    await context.close();
  });

  it('8: the dashboard tour and the wizard tour start on their own after 1 s on a first visit, never once completed', async () => {
    const { context, page } = await newPage(browser, server.url, 1280, 800, { freshTours: true });
    await signInAs(page, 'pro@reach.local', '/business');
    const popover = page.locator('.driver-popover');
    await popover.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('.driver-popover-title').textContent()).toBe('Your menu');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('completed-tours'))).toContain(
      'business-dashboard',
    );
    // Completed: the next visit starts nothing.
    await page.reload();
    await dismissPrompts(page);
    await page.getByRole('button', { name: SPEC_TEXT.retakeTour }).waitFor();
    await expectAbsentFor(popover, 2500, 'the completed dashboard tour started again');

    // The wizard's first step has its tour too.
    await page.goto('/business/campaigns/new');
    const started = Date.now();
    await popover.waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await pageScreenshot(page, 'wizard-tour-autostart-1280');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('completed-tours'))).toContain(
      'campaign-type-selection',
    );
    await context.close();
  });

  it('9: dashboard chart dates read MM/DD/YYYY', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'admin@reach.local', '/admin');
    const ticks = page.locator('.recharts-cartesian-axis-tick-value');
    await expect.poll(() => ticks.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const labels = await ticks.allTextContents();
    const days = labels.filter((label) => /[A-Za-z]/.test(label) || label.includes('/'));
    expect(days.length).toBeGreaterThan(0);
    for (const label of days) expect(label).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await pageScreenshot(page, 'admin-dashboard-chart-dates');
    await context.close();
  });

  it('uploaded images load under another host name than PUBLIC_URL (root-relative URLs)', async () => {
    // PUBLIC_URL is http://localhost:<port>; the same server opened as 127.0.0.1.
    const otherHost = server.url.replace('localhost', '127.0.0.1');
    const { context, page } = await newPage(browser, otherHost);
    await signInAs(page, 'pro@reach.local', '/business');
    await page.goto('/business/settings');
    await dismissPrompts(page);
    await page.getByLabel('Upload a profile photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await visible(page, 'Your profile photo was updated.');
    const headerAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await expect
      .poll(() => headerAvatar.getAttribute('src').catch(() => null))
      .toMatch(/^\/uploads\/avatars\/\d+\/[\w-]+\.png$/);
    await expect
      .poll(() => headerAvatar.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await context.close();
  });

  it('calendar dates render as stored in America/Los_Angeles', async () => {
    const { context, page } = await newPage(browser, server.url, 1280, 800, {
      timezoneId: 'America/Los_Angeles',
    });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'America/Los_Angeles',
    );
    const token = await apiToken(server.url, 'influencer@reach.local');
    const active = await apiCall<{ data: { campaign: { end_date: string | null } }[] }>(
      server.url,
      token,
      '/my/connections?status=accepted&sortBy=end_date&sortDesc=asc&items=5',
    );
    const endDate = active.data.find((c) => c.campaign.end_date)?.campaign.end_date;
    expect(endDate, 'an accepted connection with an end date in the demo').toBeTruthy();
    await signInAs(page, 'influencer@reach.local', '/influencer');
    await visible(page, `Ends ${asStored(endDate!)}`);
    await context.close();

    // The business's campaign page: its start and end dates as stored, in the same zone.
    const business = await newPage(browser, server.url, 1280, 800, { timezoneId: 'America/Los_Angeles' });
    const proToken = await apiToken(server.url, 'pro@reach.local');
    const campaigns = await apiCall<{
      data: { id: number; start_date: string | null; end_date: string | null }[];
    }>(server.url, proToken, '/campaigns/business?items=50');
    const dated = campaigns.data.find((c) => c.start_date && c.end_date);
    expect(dated, 'a campaign of pro@reach.local with a start and an end date').toBeTruthy();
    await signInAs(business.page, 'pro@reach.local', '/business');
    await business.page.goto(`/business/campaigns/${dated!.id}`);
    const fact = (label: string) =>
      business.page
        .getByText(label, { exact: true })
        .first()
        .locator('xpath=following-sibling::*[1]')
        .textContent({ timeout: 2000 })
        .catch(() => null);
    await expect.poll(() => fact('Start date'), { timeout: 15_000 }).toBe(asStored(dated!.start_date!));
    await expect.poll(() => fact('End date'), { timeout: 15_000 }).toBe(asStored(dated!.end_date!));
    await business.context.close();
  });
});
