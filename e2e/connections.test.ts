import fs from 'node:fs';
import { SPEC_TEXT } from '@reach/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, screenshot, startServer } from './lib/harness';
import { apiCall, apiToken, dialogScreenshot, pageScreenshot, signInAs, steady, visible } from './lib/steps';

/*
 * Issue 6 in a real browser: business "trial" (Lumen Skincare) finds the demo influencer in the directory and
 * invites her to a published campaign; she sees the notification arrive live and accepts; both see each other
 * in the sidebar cards and on their connections pages; they exchange messages; the business completes and
 * reviews; her rating shows the new average. Screenshots of every screen at 1280 and 375 px.
 */

let server: Server;
let browser: Browser;
const CAMPAIGN = 'Night Repair Cream Seeding';

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

const token = (email: string) => apiToken(server.url, email);
const apiGet = <T>(access: string, url: string) => apiCall<T>(server.url, access, url);

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describe('connections', () => {
  it('trial invites the demo influencer, she accepts live, they talk, the business completes and reviews', async () => {
    const trial = await token('trial@reach.local');
    const isabellaToken = await token('influencer@reach.local');
    const me = await apiGet<{ id: number; influencer: { id: number } }>(isabellaToken, '/my/user');
    const isabellaId = me.influencer.id;
    const before = await apiGet<{ rating: number | null; reviews_count: number }>(
      trial,
      `/influencer/${isabellaId}`,
    );

    // The influencer is signed in on her dashboard in her own browser.
    const influencer = await newPage(browser, server.url);
    const ip = influencer.page;
    await signInAs(ip, 'influencer@reach.local', '/influencer');
    await visible(ip, 'Pending invitations');
    const bell = ip.getByRole('button', { name: /^Notifications/ });
    const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);

    // The business finds her in the directory (with a ZIP radius search) and opens her profile.
    const business = await newPage(browser, server.url);
    const bp = business.page;
    await signInAs(bp, 'trial@reach.local', '/business');
    await sidebar(bp).getByRole('link', { name: 'Influencers' }).click();
    await bp.waitForURL('**/business/influencers');
    await visible(bp, /Showing 1–12 of \d+/);
    await pageScreenshot(bp, 'connections-directory-1280');
    await bp.getByLabel('ZIP code').fill('90028');
    await bp.getByLabel('ZIP code').press('Enter');
    await bp.getByRole('combobox', { name: /^Radius/ }).click();
    await bp.getByRole('option', { name: '25 miles', exact: true }).click();
    await visible(bp, 'Within 25 miles of 90028');
    await bp.getByLabel('Search influencers').fill('Isabella');
    const card = bp.getByRole('link', { name: 'Isabella Reyes' });
    await card.first().waitFor();
    await pageScreenshot(bp, 'connections-directory-search-1280');
    await card.first().click();
    await bp.waitForURL(`**/business/influencers/${isabellaId}`);
    await visible(bp, 'Your collaborations');
    await pageScreenshot(bp, 'connections-influencer-profile-1280');

    // Invite her to a published campaign.
    await bp.getByRole('button', { name: 'Invite to campaign' }).click();
    const invite = bp.getByRole('dialog', { name: /Invite Isabella Reyes/ });
    await invite.getByRole('combobox', { name: /^Campaign/ }).click();
    await bp.getByRole('option', { name: CAMPAIGN }).click();
    await invite
      .getByLabel('Note (optional)')
      .fill('Your night routine videos are exactly our tone. Join us?');
    await steady(bp);
    await screenshot(bp, 'connections-invite-modal-1280');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await visible(bp, 'Isabella Reyes is invited. They will be notified.');

    // The notification arrives live in the influencer's open tab (no reload).
    await expect
      .poll(async () => Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0), {
        timeout: 15_000,
      })
      .toBe(unreadBefore + 1);
    await bell.click();
    await visible(ip, `Lumen Skincare invited you to "${CAMPAIGN}".`);
    await screenshot(ip, 'connections-live-notification-1280');
    await ip.getByText(`Lumen Skincare invited you to "${CAMPAIGN}".`).first().click();
    await ip.waitForURL(/\/influencer\/connections\/\d+$/);
    const connectionId = Number(ip.url().split('/').pop());
    await visible(ip, 'Invitation note');
    await pageScreenshot(ip, 'connections-detail-invited-influencer-1280');

    // She accepts.
    await ip.getByRole('button', { name: 'Accept' }).click();
    await visible(ip, 'Connection accepted.');
    await expect.poll(() => ip.getByText('Active', { exact: true }).first().isVisible()).toBe(true);

    // Both see each other in the sidebar cards and on their connections pages.
    await expect
      .poll(() =>
        sidebar(ip)
          .getByRole('link', { name: /Lumen Skincare/ })
          .count(),
      )
      .toBe(1);
    await bp.goto('/business/connections');
    await expect
      .poll(() =>
        sidebar(bp)
          .getByRole('link', { name: /Isabella Reyes/ })
          .count(),
      )
      .toBe(1);
    await bp.getByRole('tab', { name: /^Active/ }).click();
    const row = bp.getByRole('row').filter({ hasText: CAMPAIGN }).filter({ hasText: 'Isabella Reyes' });
    await row.first().waitFor();
    await pageScreenshot(bp, 'connections-list-business-1280');
    await ip.goto('/influencer/connections');
    await ip.getByRole('row').filter({ hasText: CAMPAIGN }).first().waitFor();
    await pageScreenshot(ip, 'connections-list-influencer-1280');

    // They exchange messages on the connection page; each side sees the other's arrive live.
    await bp.goto(`/business/connections/${connectionId}`);
    await ip.goto(`/influencer/connections/${connectionId}`);
    await visible(bp, 'Conversation');
    await visible(ip, 'Conversation');
    await bp.getByLabel('Message', { exact: true }).fill('Welcome aboard! The cream ships tomorrow.');
    await bp.getByRole('button', { name: 'Send' }).click();
    await visible(ip, 'Welcome aboard! The cream ships tomorrow.');
    await ip.getByLabel('Message', { exact: true }).fill('Thank you! Filming as soon as it lands.');
    await ip.getByRole('button', { name: 'Send' }).click();
    await visible(bp, 'Thank you! Filming as soon as it lands.');

    // The business completes the collaboration and reviews her.
    await bp.getByRole('button', { name: 'Mark completed' }).click();
    await bp
      .getByRole('dialog', { name: 'Mark this collaboration completed?' })
      .getByRole('button', { name: 'Mark completed' })
      .click();
    await visible(bp, 'Collaboration marked completed.');
    await visible(bp, 'Your rating of Isabella Reyes');
    // Three stars: click the third star (the radio inputs themselves are visually hidden).
    const three = await bp.getByRole('radio', { name: '3' }).first().getAttribute('id');
    await bp.locator(`label[for="${three}"]`).click();
    await bp.getByLabel('Your review').fill('Lovely content, a little late on the second post.');
    await bp.getByRole('button', { name: 'Publish review' }).click();
    await visible(bp, 'Thank you, your review is published.');
    await visible(bp, 'Your review');
    await pageScreenshot(bp, 'connections-detail-completed-business-1280');

    // Her rating shows the new average.
    const expected =
      Math.round((((before.rating ?? 0) * before.reviews_count + 3) / (before.reviews_count + 1)) * 100) /
      100;
    const after = await apiGet<{ rating: number; reviews_count: number }>(trial, `/influencer/${isabellaId}`);
    expect(after.reviews_count).toBe(before.reviews_count + 1);
    expect(after.rating).toBe(expected);
    await bp.goto(`/business/influencers/${isabellaId}`);
    await expect.poll(() => bp.getByTestId('influencer-rating').textContent()).toBe(expected.toFixed(2));
    await visible(bp, 'Lovely content, a little late on the second post.');
    await pageScreenshot(bp, 'connections-influencer-profile-reviewed-1280');
    // The influencer sees the completion live and can review the business back.
    await visible(ip, 'Your rating of Lumen Skincare');
    await pageScreenshot(ip, 'connections-detail-completed-influencer-1280');
    await ip.goto('/influencer');
    await visible(ip, 'Rating');
    await expect.poll(() => ip.getByText(String(expected), { exact: true }).count()).toBeGreaterThan(0);

    await influencer.context.close();
    await business.context.close();
  });

  it('the influencer side: dashboard, businesses, a business profile and applying to a campaign', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'influencer@reach.local', '/influencer');
    await visible(page, 'Upcoming deadlines');
    await visible(page, 'Earnings to date');
    // The demo posts she was paid for (seed): $1,150.00 earned.
    await visible(page, '$1,150.00');
    await pageScreenshot(page, 'connections-influencer-dashboard-1280');

    await sidebar(page).getByRole('link', { name: 'Businesses' }).click();
    await page.waitForURL('**/influencer/businesses');
    await visible(page, 'Peak Outdoor Co.');
    await pageScreenshot(page, 'connections-businesses-1280');
    await page.getByRole('tab', { name: 'Connected' }).click();
    await expect.poll(() => page.getByText('Northwind Coffee').count()).toBe(0);
    await page.getByRole('link', { name: 'Peak Outdoor Co.' }).first().click();
    await page.waitForURL(/\/influencer\/businesses\/\d+$/);
    await visible(page, 'Active campaigns');
    await pageScreenshot(page, 'connections-business-profile-1280');

    // Apply to an active campaign she has no connection with.
    await page.getByRole('link', { name: 'Summit Stories' }).click();
    await page.waitForURL(/\/influencer\/campaigns\/\d+$/);
    await page.getByRole('button', { name: 'Apply to this campaign' }).click();
    await page.getByLabel(/Note to Peak Outdoor Co./).fill('I summit a fourteener every weekend.');
    await page.getByRole('button', { name: 'Send application' }).click();
    await visible(page, 'Application sent. Peak Outdoor Co. will be notified.');
    await visible(page, 'has your application');
    await pageScreenshot(page, 'connections-campaign-applied-1280');
    await context.close();
  });

  it('every screen at 375 px', async () => {
    const business = await newPage(browser, server.url, 375, 812);
    await signInAs(business.page, 'trial@reach.local', '/business');
    const trial = await token('trial@reach.local');
    const isabella = (await apiGet<{ data: { id: number }[] }>(trial, '/influencers?name=Isabella')).data[0]!
      .id;
    const connections = await apiGet<{ data: { id: number }[] }>(
      trial,
      '/my/connections?sortBy=updated_at&sortDesc=desc',
    );
    for (const [url, name, text] of [
      ['/business/influencers', 'connections-directory-375', /Showing 1–12/],
      [`/business/influencers/${isabella}`, 'connections-influencer-profile-375', 'Your collaborations'],
      ['/business/connections', 'connections-list-business-375', 'Connections'],
      [`/business/connections/${connections.data[0]!.id}`, 'connections-detail-business-375', 'Conversation'],
    ] as const) {
      await business.page.goto(url);
      await visible(business.page, text);
      await pageScreenshot(business.page, name);
    }
    await business.page.goto('/business/influencers');
    await business.page.getByRole('button', { name: 'Filters' }).click();
    await visible(business.page, 'Radius');
    await pageScreenshot(business.page, 'connections-directory-filters-375');
    await business.context.close();

    const influencer = await newPage(browser, server.url, 375, 812);
    await signInAs(influencer.page, 'influencer@reach.local', '/influencer');
    const it = await token('influencer@reach.local');
    const mine = await apiGet<{ data: { id: number; business: { id: number } }[] }>(
      it,
      '/my/connections?sortBy=updated_at&sortDesc=desc',
    );
    for (const [url, name, text] of [
      ['/influencer', 'connections-influencer-dashboard-375', 'Upcoming deadlines'],
      ['/influencer/connections', 'connections-list-influencer-375', 'Connections'],
      [`/influencer/connections/${mine.data[0]!.id}`, 'connections-detail-influencer-375', 'Conversation'],
      ['/influencer/businesses', 'connections-businesses-375', 'Lumen Skincare'],
      [
        `/influencer/businesses/${mine.data[0]!.business.id}`,
        'connections-business-profile-375',
        'Active campaigns',
      ],
    ] as const) {
      await influencer.page.goto(url);
      await visible(influencer.page, text);
      await pageScreenshot(influencer.page, name);
    }
    // The sidebar cards in the mobile drawer.
    await influencer.page.getByRole('button', { name: 'Toggle navigation' }).click();
    await visible(influencer.page, SPEC_TEXT.connectedBusinesses);
    await dialogScreenshot(influencer.page, 'connections-sidebar-cards-375');
    await influencer.context.close();
  });
});
