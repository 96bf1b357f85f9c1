import { SPEC_TEXT } from '@reach/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, signIn, startServer } from './lib/harness';
import { apiCall, apiToken, dialogScreenshot, expectAbsentFor, pageScreenshot, signInTo } from './lib/steps';

/**
 * The signed-in shell (issue 3) in Chromium with the demo accounts: sidebar counts, gating and prompts, trial
 * notice timing, feedback, live notifications, the mobile drawer, tours and a screenshot of every layout.
 */

let server: Server;
let browser: Browser;

beforeAll(async () => {
  // These journeys sign in more than the default 10 times a minute the auth endpoints allow one address.
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '500' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tokens = new Map<string, string>();

/** An access token for a demo account (API checks against what the browser shows), one sign-in per account. */
async function token(email: string): Promise<string> {
  const access = tokens.get(email) ?? (await apiToken(server.url, email));
  tokens.set(email, access);
  return access;
}

const apiGet = <T>(bearer: string, path: string) => apiCall<T>(server.url, bearer, path);

async function notify(email: string, body: string, count = 1): Promise<void> {
  const res = await fetch(`${server.url}/api/dev/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, body, count }),
  });
  expect(res.status).toBe(204);
}

/** Every nav badge equals the count the role's /menu endpoint reports. */
async function expectSidebarCounts(page: Page, counts: Record<string, number>): Promise<void> {
  for (const [key, value] of Object.entries(counts)) {
    const badge = page.locator(`nav [data-count-key="${key}"]`);
    await expect.poll(() => badge.textContent(), { message: `sidebar count ${key}` }).toBe(String(value));
  }
}

/**
 * Moves the page's clock on. Jumping past the access token's expiry fires the app's scheduled token refresh,
 * which rotates the refresh token: wait for the new one to be stored before reloading, or the reload would lose it.
 */
async function fastForward(page: Page, time: string): Promise<void> {
  const refreshed = page
    .waitForResponse((response) => response.url().endsWith('/api/v1/auth/refresh'), { timeout: 10_000 })
    .catch(() => null);
  await page.clock.fastForward(time);
  const response = await refreshed;
  expect(response?.status()).toBe(200);
  const rotated = ((await response!.json()) as { refresh_token: string }).refresh_token;
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('reach.refresh-token')), {
      message: 'the rotated refresh token is stored',
    })
    .toBe(rotated);
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/**
 * Waits until the dashboard's figures are on screen: an admin's lazily loaded chart, or a business's campaign
 * results (which replaced its notifications-per-day chart, issue 12).
 */
async function dashboardReady(page: Page): Promise<void> {
  await page.getByText('Recent activity').first().waitFor();
  await page.locator('.recharts-surface, section[aria-labelledby="results-title"]').first().waitFor();
}

describe('signed-in shell', () => {
  it('business "pro": sidebar counts, connections list, feedback, live notifications and the dashboard tour', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInTo(page, 'pro@reach.local', '/business');
    await dashboardReady(page);

    const pro = await token('pro@reach.local');
    await expectSidebarCounts(page, await apiGet(pro, '/dashboard/businesses/menu'));
    await expect.poll(() => page.getByText(SPEC_TEXT.followedInfluencers).count()).toBe(1);
    // Peak works with influencers (demo connections): their cards replace the empty text.
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: /Isabella Reyes/ })
          .count(),
      )
      .toBe(1);
    expect(await page.getByText(SPEC_TEXT.noConnections).count()).toBe(0);
    // A subscribed business with a complete profile gets no prompt.
    await expectAbsentFor(page.getByRole('dialog'));
    await pageScreenshot(page, 'shell-business-1280');

    // Feedback: required message, success toast, stored (the admin's feedback count grows).
    const admin = await token('admin@reach.local');
    const before = (await apiGet<{ feedbacks: number }>(admin, '/dashboard/admin/menu')).feedbacks;
    await page.getByRole('button', { name: SPEC_TEXT.help }).click();
    await dialog(page, SPEC_TEXT.feedbackTitle).waitFor();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText(SPEC_TEXT.feedbackRequired).waitFor();
    await pageScreenshot(page, 'shell-feedback-required');
    await page.getByLabel(/^Message/).fill('The campaign list loads slowly on Mondays.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText(SPEC_TEXT.feedbackSuccess).waitFor();
    await dialog(page, SPEC_TEXT.feedbackTitle).waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await apiGet<{ feedbacks: number }>(admin, '/dashboard/admin/menu')).feedbacks)
      .toBe(before + 1);

    // Live notifications: the open tab sees them without a reload; the badge caps at 9+.
    const me = await apiGet<{ id: number }>(pro, '/my/user');
    const start = await apiGet<{ unread: number }>(pro, `/my/notifications/${me.id}`);
    expect(start.unread).toBeLessThan(9);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const badge = page.getByTestId('notification-badge');
    await bell.click();
    const table = page.getByRole('table', { name: 'Notifications' });
    const firstBody = 'Your campaign "Summer Glow" got a new application';
    await notify('pro@reach.local', firstBody);
    await table.getByText(firstBody).waitFor();
    await expect.poll(() => badge.textContent()).toBe(String(start.unread + 1));
    await notify('pro@reach.local', 'A new post is waiting for review', 9 - start.unread);
    await expect.poll(() => badge.textContent()).toBe('9+');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    await pageScreenshot(page, 'shell-notifications');

    // Mark one read (its button), then all.
    await table
      .getByRole('button', { name: /^Mark as read/ })
      .first()
      .click();
    await expect.poll(() => badge.textContent()).toBe('9');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    expect((await apiGet<{ unread: number }>(pro, `/my/notifications/${me.id}`)).unread).toBe(0);
    await page.keyboard.press('Escape');

    // The dashboard tour: starts from its button, cancelling marks it completed, the button says Retake. The
    // harness marks the auto-start tours completed (a returning user), so the button starts as Retake Tour and
    // retaking resets it; e2e/spec-deviations.test.ts covers a first visit (auto-start, 'Take Dashboard Tour').
    await page.getByRole('button', { name: SPEC_TEXT.retakeTour }).click();
    await page.locator('.driver-popover').waitFor();
    await expect.poll(() => page.locator('.driver-popover-title').textContent()).toBe('Your menu');
    await pageScreenshot(page, 'shell-business-tour');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator('.driver-popover-title').textContent()).toBe('Discovery credits');
    await page.keyboard.press('Escape');
    await page.locator('.driver-popover').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: SPEC_TEXT.retakeTour }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('completed-tours'))).toContain(
      'business-dashboard',
    );

    // The discovery layout: RETURN TO, credits, user menu.
    await page.goto('/business/discovery');
    await page.getByRole('button', { name: SPEC_TEXT.returnTo }).waitFor();
    await page.getByText('500 credits').waitFor();
    await pageScreenshot(page, 'shell-discovery-1280');
    await context.close();
  });

  it('business "free": the dashboard opens without a prompt; a gated page lands on the subscriptions page with the Oops! prompt; payments has none', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInTo(page, 'free@reach.local', '/business');
    // Issue 12: the dashboard opens without the prompt (spec §4 opened it on load); a gated action shows it.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAbsentFor(page.getByRole('dialog'));

    await page.goto('/business/campaigns');
    await page.waitForURL((url) => url.pathname === '/business/settings/subscriptions');
    const oops = dialog(page, SPEC_TEXT.subscriptionModalTitle);
    await oops.waitFor();
    expect(await oops.getByText(SPEC_TEXT.subscriptionModalText).count()).toBe(1);
    expect(await oops.getByRole('button', { name: SPEC_TEXT.later }).count()).toBe(1);
    await pageScreenshot(page, 'shell-business-oops');
    await oops.getByRole('link', { name: SPEC_TEXT.takeMeThere }).click();
    await oops.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/business/settings/subscriptions');

    // Choosing a gated item in the sidebar also ends on the subscriptions page with the prompt.
    await page.getByRole('link', { name: /^Posts/ }).click();
    await page.waitForURL((url) => url.pathname === '/business/settings/subscriptions');
    await dialog(page, SPEC_TEXT.subscriptionModalTitle).waitFor();
    await page.getByRole('button', { name: SPEC_TEXT.later }).click();

    await page.goto('/business/payments');
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await expectAbsentFor(page.getByRole('dialog'));
    await context.close();
  });

  it('business "trial": the trial notice shows once, and again only after 24 hours', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.clock.install({ time: new Date() });
    await signInTo(page, 'trial@reach.local', '/business');
    const notice = dialog(page, 'Your Pro trial');
    await notice.waitFor();
    expect(await notice.getByText(/days? left in your 7-day free trial/).count()).toBe(1);
    expect(await notice.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/business/settings/subscriptions',
    );
    await pageScreenshot(page, 'shell-business-trial');
    await notice.getByRole('button', { name: SPEC_TEXT.later }).click();
    await notice.waitFor({ state: 'hidden' });

    await page.reload();
    await dashboardReady(page);
    await expectAbsentFor(notice);

    await fastForward(page, '23:00:00');
    await page.reload();
    await dashboardReady(page);
    await expectAbsentFor(notice);

    await fastForward(page, '01:00:01');
    await page.reload();
    await notice.waitFor();
    // Its action opens the subscriptions page (and counts as closing it).
    await notice.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL((url) => url.pathname === '/business/settings/subscriptions');
    await notice.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('influencer "new": the incomplete-profile prompt, counts, connections list and the drawer at 375 px', async () => {
    const desktop = await newPage(browser, server.url);
    let page = desktop.page;
    await signInTo(page, 'new@reach.local', '/influencer');
    const prompt = dialog(page, 'Finish your profile');
    await prompt.waitFor();
    expect(await prompt.getByText(SPEC_TEXT.incompleteProfile).count()).toBe(1);
    await pageScreenshot(page, 'shell-influencer-incomplete');
    await prompt.getByRole('link', { name: SPEC_TEXT.takeMeThere }).click();
    await page.waitForURL((url) => url.pathname === '/influencer/settings');
    await prompt.waitFor({ state: 'hidden' });

    // Until the profile is complete, every load asks again.
    await page.goto('/influencer');
    await prompt.waitFor();
    await prompt.getByRole('button', { name: SPEC_TEXT.later }).click();
    await prompt.waitFor({ state: 'hidden' });

    const influencer = await token('new@reach.local');
    await expectSidebarCounts(page, await apiGet(influencer, '/dashboard/influencers/menu'));
    await page.getByText(SPEC_TEXT.connectedBusinesses).waitFor();
    await page.getByText(SPEC_TEXT.noConnections).waitFor();
    await desktop.context.close();

    // The complete demo influencer gets no prompt.
    const complete = await newPage(browser, server.url);
    await signInTo(complete.page, 'influencer@reach.local', '/influencer');
    await dashboardReady(complete.page);
    await expectAbsentFor(complete.page.getByRole('dialog'));
    await pageScreenshot(complete.page, 'shell-influencer-1280');
    await complete.context.close();

    // Mobile: choosing an item closes the drawer.
    const mobile = await newPage(browser, server.url, 375, 760);
    page = mobile.page;
    await signInTo(page, 'influencer@reach.local', '/influencer');
    await dashboardReady(page);
    await pageScreenshot(page, 'shell-influencer-375');
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    const navbar = page.getByRole('navigation', { name: 'Main navigation' });
    const navOnScreen = async () => ((await navbar.boundingBox())?.x ?? -1000) >= 0;
    await burger.click();
    await expect.poll(navOnScreen).toBe(true);
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('true');
    await pageScreenshot(page, 'shell-influencer-375-drawer');
    await navbar.getByRole('link', { name: /^Campaigns/ }).click();
    await page.waitForURL((url) => url.pathname === '/influencer/campaigns');
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(navOnScreen).toBe(false);

    // On mobile the notifications open in a full-width drawer, and Help is an icon button.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByText(SPEC_TEXT.noNotifications).waitFor();
    await dialogScreenshot(page, 'shell-notifications-375');
    await page.getByRole('button', { name: 'Close notifications' }).click();
    await page.getByRole('button', { name: SPEC_TEXT.help }).click();
    await dialog(page, SPEC_TEXT.feedbackTitle).waitFor();
    await dialogScreenshot(page, 'shell-feedback-375');
    await mobile.context.close();
  });

  it('business "pro": the dashboard shows what needs attention and each active campaign\'s results, at 1280 and 375 px', async () => {
    const pro = await token('pro@reach.local');
    const figures = await apiGet<{
      attention: { posts_to_review: number; invitations_pending: number };
      campaigns: { title: string; budget: { remaining_cents: number } }[];
    }>(pro, '/dashboard/businesses');
    expect(figures.campaigns.length).toBeGreaterThan(0);
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, server.url, width);
      await signInTo(page, 'pro@reach.local', '/business');
      await dashboardReady(page);
      const attention = page.getByRole('region', { name: 'Needs attention' });
      const posts = attention.getByRole('link', { name: /posts? to review/ });
      expect(await posts.getAttribute('href')).toBe('/business/posts');
      expect(await posts.textContent()).toContain(String(figures.attention.posts_to_review));
      expect(await attention.getByRole('link', { name: /invitations? pending/ }).textContent()).toContain(
        String(figures.attention.invitations_pending),
      );
      const results = page.getByRole('region', { name: 'Campaign results' });
      const first = results.getByRole('article', { name: figures.campaigns[0]?.title ?? '' });
      await first.waitFor();
      for (const label of ['Approved posts', 'Reach', 'Engagements', 'Committed', 'Spent', 'Remaining']) {
        expect(await first.getByText(label, { exact: true }).count(), label).toBe(1);
      }
      expect(await page.locator('.recharts-surface').count()).toBe(0);
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await pageScreenshot(page, `shell-business-dashboard-${width}`);
      await context.close();
    }
  });

  it('admin: sidebar counts, page views on the dashboard, no Account Settings and no connections list', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInTo(page, 'admin@reach.local', '/admin');
    await dashboardReady(page);
    const admin = await token('admin@reach.local');
    await expectSidebarCounts(page, await apiGet(admin, '/dashboard/admin/menu'));
    // Page views are recorded on every route change and counted for admins.
    await page.getByRole('table', { name: /Top pages/ }).waitFor();
    const views = await apiGet<{ total: number; pages: { path: string }[] }>(
      admin,
      '/admin/analytics/page-views?days=30',
    );
    expect(views.total).toBeGreaterThan(0);
    expect(views.pages.map((p) => p.path)).toContain('/admin');
    expect(await page.getByText(SPEC_TEXT.followedInfluencers).count()).toBe(0);
    expect(await page.getByText(SPEC_TEXT.connectedBusinesses).count()).toBe(0);
    await pageScreenshot(page, 'shell-admin-1280');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: SPEC_TEXT.logout }).waitFor();
    expect(await page.getByRole('menuitem', { name: SPEC_TEXT.accountSettings }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('screenshots of every layout at 375 px', async () => {
    const shots: [email: string | null, path: string, name: string][] = [
      ['pro@reach.local', '/business', 'shell-business-375'],
      ['pro@reach.local', '/business/discovery', 'shell-discovery-375'],
      ['admin@reach.local', '/admin', 'shell-admin-375'],
      [null, '/auth/login', 'shell-auth-375'],
    ];
    for (const [email, path, name] of shots) {
      const { context, page } = await newPage(browser, server.url, 375, 760);
      if (email) {
        await signIn(page, email);
        await page.waitForURL((url) =>
          url.pathname.startsWith(`/${email.startsWith('admin') ? 'admin' : 'business'}`),
        );
        await page.goto(path);
        if (path === '/business' || path === '/admin') await dashboardReady(page);
        else await page.getByRole('button', { name: SPEC_TEXT.returnTo }).waitFor();
      } else {
        await page.goto(path);
        await page.getByRole('button', { name: /sign in/i }).waitFor();
      }
      await pageScreenshot(page, name);
      await context.close();
    }
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth/login');
    await page.getByRole('button', { name: /sign in/i }).waitFor();
    await pageScreenshot(page, 'shell-auth-1280');
    await context.close();
  });
});
