import { API_MESSAGE } from '@reach/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, screenshot, signIn, startServer } from './lib/harness';
import {
  apiCall,
  apiToken,
  dialogScreenshot,
  pageScreenshot,
  settled,
  signInAs,
  signInTo,
  steady,
  visible,
} from './lib/steps';

/**
 * The admin sections in Chromium as admin@reach.local: users (search, drawer, suspend and reactivate, with the
 * suspended person signed out at once and refused at sign-in), interests, feedback, campaigns, states and
 * countries; a screenshot of every admin screen at 1280 and 375 px.
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

/** One GET as the admin, signed in afresh. */
async function apiGet<T>(path: string): Promise<T> {
  return apiCall<T>(server.url, await apiToken(server.url, 'admin@reach.local'), path);
}

const signInAsAdmin = (page: Page) => signInAs(page, 'admin@reach.local', '/admin');

const rows = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr');

describe('admin users', () => {
  it('finds a user by search, suspends them (signed out at once, refused at sign-in) and reactivates them', async () => {
    // The person to suspend is signed in elsewhere, on their dashboard.
    const victim = await newPage(browser, server.url);
    await signInTo(victim.page, 'new@reach.local', '/influencer');

    const { context, page } = await newPage(browser, server.url);
    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await settled(page);
    await pageScreenshot(page, 'admin-users-1280');

    // By email: the demo's 200 creators include other people called Noah.
    await page.getByLabel('Search users').fill('new@reach');
    await expect.poll(() => rows(page, 'Users').count()).toBe(1);
    await visible(page, 'new@reach.local');
    await page.getByRole('button', { name: 'Open Noah Newman' }).click();
    const drawer = page.getByRole('dialog', { name: 'Account' });
    await drawer.getByText('Admin history').waitFor();
    await settled(page);
    await dialogScreenshot(page, 'admin-user-drawer-1280');

    await drawer.getByRole('button', { name: 'Suspend' }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspend this account?' });
    await confirm.getByLabel('Reason').fill('Repeated spam messages to businesses');
    await dialogScreenshot(page, 'admin-user-suspend-1280');
    await confirm.getByRole('button', { name: 'Suspend account' }).click();
    await visible(page, 'Account suspended. They have been signed out.');
    await drawer.getByText('This account cannot sign in, and its sessions were ended.').waitFor();
    await drawer.getByText('“Repeated spam messages to businesses”').waitFor();
    await expect.poll(() => rows(page, 'Users').first().getByText('Suspended').isVisible()).toBe(true);

    // The suspended person's open tab is signed out at once and told why.
    await victim.page.waitForURL((url) => url.pathname === '/auth/login', { timeout: 15_000 });
    await visible(victim.page, API_MESSAGE.accountSuspended);
    await victim.context.close();

    // Signing in again is refused with a clear message.
    const retry = await newPage(browser, server.url);
    await signIn(retry.page, 'new@reach.local');
    await visible(retry.page, API_MESSAGE.accountSuspended);
    expect(new URL(retry.page.url()).pathname).toBe('/auth/login');
    await retry.page.getByRole('button', { name: /sign in/i }).waitFor();
    await steady(retry.page);
    await screenshot(retry.page, 'admin-suspended-sign-in-1280');

    // Reactivated: the same person signs in.
    await drawer.getByRole('button', { name: 'Reactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Reactivate this account?' })
      .getByRole('button', { name: 'Reactivate account' })
      .click();
    await visible(page, 'Account reactivated. They can sign in again.');
    await drawer.getByRole('button', { name: 'Suspend' }).waitFor();
    await signInTo(retry.page, 'new@reach.local', '/influencer');
    await retry.context.close();

    // The audit trail names the admin.
    const detail = await apiGet<{ history: { action: string; actor: { name: string } }[] }>(
      `/admin/users/${(await apiGet<{ data: { id: number }[] }>('/users?userSearch=new@reach')).data[0]!.id}`,
    );
    expect(detail.history.map((h) => [h.action, h.actor.name])).toEqual([
      ['user.reactivated', 'Ada Admin'],
      ['user.suspended', 'Ada Admin'],
    ]);

    // Filters: businesses only, and the admin cannot act on their own account.
    await page.keyboard.press('Escape');
    await page.getByLabel('Search users').fill('');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Business' }).click();
    await expect.poll(() => rows(page, 'Users').count()).toBe(3);
    await visible(page, 'Pro trial');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect.poll(() => rows(page, 'Users').count()).toBe(1);
    await page.getByRole('button', { name: 'Open Ada Admin' }).click();
    await drawer.getByText('Admin history').waitFor();
    expect(await drawer.getByRole('button', { name: 'Suspend' }).count()).toBe(0);
    await context.close();
  });

  it('grants credits to a business from the drawer', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAsAdmin(page);
    await page.goto('/admin/users?userSearch=peak');
    await page.getByRole('button', { name: 'Open Peak Outdoor Co.' }).click();
    const drawer = page.getByRole('dialog', { name: 'Account' });
    await drawer.getByRole('button', { name: 'Grant credits' }).click();
    const modal = page.getByRole('dialog', { name: 'Grant discovery credits' });
    await modal.getByLabel(/^Credits to grant/).fill('250');
    await modal.getByRole('button', { name: 'Grant credits' }).click();
    await modal.getByText('Say why the credits are granted.').waitFor();
    await modal.getByLabel(/^Reason/).fill('Compensation for the search outage');
    await modal.getByRole('button', { name: 'Grant credits' }).click();
    await visible(page, '250 credits granted. New balance: 750.');
    await drawer.getByText('Granted 250 credits').waitFor();
    await context.close();
  });
});

describe('admin interests', () => {
  it('adds and renames an interest; a used one cannot be deleted', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAsAdmin(page);
    await page.goto('/admin/interests');
    await settled(page);
    await pageScreenshot(page, 'admin-interests-1280');

    await page.getByRole('button', { name: 'Add interest' }).click();
    const add = page.getByRole('dialog', { name: 'Add interest' });
    await add.getByLabel(/^Name/).fill('Mushroom Foraging');
    await add.getByLabel(/^Category/).fill('Outdoors');
    await dialogScreenshot(page, 'admin-interest-form-1280');
    await add.getByRole('button', { name: 'Add interest' }).click();
    await visible(page, 'Interest “Mushroom Foraging” added.');

    await page.getByLabel('Search interests').fill('mushroom');
    await expect.poll(() => rows(page, 'Interests').count()).toBe(1);
    await page.getByRole('button', { name: 'Actions for Mushroom Foraging' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit interest' });
    await edit.getByLabel(/^Name/).fill('Wild Foraging');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'Interest saved as “Wild Foraging”.');
    await page.getByLabel('Search interests').fill('foraging');
    await expect.poll(() => rows(page, 'Interests').first().textContent()).toContain('Wild Foraging');
    // Businesses can pick it at once.
    const keywords = await apiGet<{ data: { name: string }[] }>('/keywords/search?query=foraging');
    expect(keywords.data.map((k) => k.name)).toEqual(['Wild Foraging']);

    // A duplicate name is refused under the field.
    await page.getByRole('button', { name: 'Add interest' }).click();
    await add.getByLabel(/^Name/).fill('skincare');
    await add.getByLabel(/^Category/).fill('Beau');
    await page.getByRole('option', { name: 'Beauty' }).click();
    await add.getByRole('button', { name: 'Add interest' }).click();
    await add.getByText(API_MESSAGE.interestNameTaken).first().waitFor();
    await add.getByRole('button', { name: 'Cancel' }).click();

    // Skincare is used: deleting it is refused with the reason.
    await page.getByLabel('Search interests').fill('skincare');
    await expect.poll(() => rows(page, 'Interests').count()).toBe(1);
    await page.getByRole('button', { name: 'Actions for Skincare' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete this interest?' });
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove.getByText(/This interest is used by [\d,]+ campaigns? and [\d,]+ influencers?\./).waitFor();
    await dialogScreenshot(page, 'admin-interest-delete-refused-1280');
    await context.close();
  });
});

describe('admin feedback', () => {
  it('resolves an open feedback item and finds it under Resolved', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAsAdmin(page);
    const before = (await apiGet<{ feedbacks: number }>('/dashboard/admin/menu')).feedbacks;
    await page.goto('/admin/feedback');
    await settled(page);
    await pageScreenshot(page, 'admin-feedback-1280');
    await expect.poll(() => rows(page, 'Feedback').count()).toBe(before);

    const item = rows(page, 'Feedback').filter({ hasText: 'CSV export' });
    await item.getByRole('button', { name: /Resolve feedback from Peak Outdoor Co\./ }).click();
    await visible(page, 'Marked as resolved.');
    await expect.poll(() => rows(page, 'Feedback').count()).toBe(before - 1);
    await expect
      .poll(async () => (await apiGet<{ feedbacks: number }>('/dashboard/admin/menu')).feedbacks)
      .toBe(before - 1);
    // The sidebar badge follows.
    await expect
      .poll(() => page.locator('nav [data-count-key="feedbacks"]').textContent())
      .toBe(String(before - 1));

    await page
      .getByRole('radiogroup', { name: 'Filter by status' })
      .getByText('Resolved', { exact: true })
      .click();
    await expect.poll(() => rows(page, 'Feedback').filter({ hasText: 'CSV export' }).count()).toBe(1);
    await visible(page, /Resolved .* by Ada Admin/);
    await context.close();
  });
});

describe('admin campaigns', () => {
  it('filters campaigns by title, business and status, opens one and pauses it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAsAdmin(page);
    await page.goto('/admin/campaigns');
    await settled(page);
    await pageScreenshot(page, 'admin-campaigns-1280');
    const total = (await apiGet<{ total: number }>('/campaigns/all')).total;
    await visible(page, `of ${total}`);

    await page.getByRole('combobox', { name: 'Business' }).fill('lumen');
    await page.getByRole('option', { name: 'Lumen Skincare' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await page.getByLabel('Search campaigns').fill('glow');
    await expect.poll(() => rows(page, 'Campaigns').count()).toBe(1);
    await visible(page, 'Glow Serum Launch');
    expect(new URL(page.url()).searchParams.get('status')).toBe('active');
    await pageScreenshot(page, 'admin-campaigns-filtered-1280');

    await page.getByRole('link', { name: 'Glow Serum Launch' }).click();
    await page.getByRole('heading', { name: /Glow Serum Launch/ }).waitFor();
    await settled(page);
    await pageScreenshot(page, 'admin-campaign-1280');
    expect(await page.getByRole('button', { name: 'Archive campaign' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Pause campaign' }).click();
    const modal = page.getByRole('dialog', { name: 'Pause this campaign?' });
    await modal.getByLabel('Message to the business').fill('The claims in the brief need a source.');
    await modal.getByRole('button', { name: 'Pause campaign' }).click();
    await visible(page, 'Campaign paused. The business has been notified.');
    await page.getByRole('button', { name: 'Archive campaign' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pause campaign' }).count()).toBe(0);

    // The business was told.
    const trial = await apiToken(server.url, 'trial@reach.local');
    const me = await apiCall<{ id: number }>(server.url, trial, '/my/user');
    const notes = await apiCall<{ data: { body: string }[] }>(
      server.url,
      trial,
      `/my/notifications/${me.id}`,
    );
    expect(notes.data[0]!.body).toBe(
      'The REACH team paused your campaign "Glow Serum Launch": The claims in the brief need a source.',
    );
    await context.close();
  });
});

describe('admin states and countries', () => {
  it('shows states and countries with their discovery location ids, and adds and edits a state', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAsAdmin(page);
    await page.goto('/admin/states');
    await settled(page);
    await pageScreenshot(page, 'admin-states-1280');
    await page.getByLabel('Search states').fill('calif');
    await expect.poll(() => rows(page, 'States').count()).toBe(1);
    await expect.poll(() => rows(page, 'States').first().textContent()).toContain('165475');

    await page.getByRole('button', { name: 'Add state' }).click();
    const add = page.getByRole('dialog', { name: 'Add state' });
    await add.getByRole('button', { name: 'Add state' }).click();
    await add.getByText('Enter the discovery location id (a whole number).').waitFor();
    await add.getByLabel(/^Location id/).fill('165475');
    await add.getByLabel(/^Name/).fill('Guam');
    await add.getByLabel(/^Code/).fill('GU');
    await add.getByRole('button', { name: 'Add state' }).click();
    await add.getByText('Location id 165475 is already used by California.').first().waitFor();
    await add.getByLabel(/^Location id/).fill('306001');
    await dialogScreenshot(page, 'admin-state-form-1280');
    await add.getByRole('button', { name: 'Add state' }).click();
    await visible(page, 'State “Guam” added.');
    await page.getByLabel('Search states').fill('guam');
    await expect.poll(() => rows(page, 'States').first().textContent()).toContain('306001');
    await page.getByRole('button', { name: 'Actions for Guam' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit state' });
    expect(await edit.getByLabel(/^Location id/).isDisabled()).toBe(true);
    await edit.getByLabel(/^Name/).fill('Guam Territory');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'State “Guam Territory” saved.');

    await page.goto('/admin/countries');
    await settled(page);
    await pageScreenshot(page, 'admin-countries-1280');
    await page.getByLabel('Search countries').fill('united states');
    await expect.poll(() => rows(page, 'Countries').first().textContent()).toContain('148838');
    await context.close();
  });
});

describe('admin screens on a phone', () => {
  it('fits every admin screen into 375 px', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 800);
    await signInAsAdmin(page);
    const screens: [string, string][] = [
      ['/admin/users', 'admin-users-375'],
      ['/admin/campaigns', 'admin-campaigns-375'],
      ['/admin/interests', 'admin-interests-375'],
      ['/admin/feedback?status=all', 'admin-feedback-375'],
      ['/admin/states', 'admin-states-375'],
      ['/admin/countries', 'admin-countries-375'],
    ];
    for (const [path, name] of screens) {
      await page.goto(path);
      await settled(page);
      // Nothing wider than the screen: no horizontal scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      await pageScreenshot(page, name);
    }
    const id = (await apiGet<{ data: { id: number }[] }>('/campaigns/all?campaign=glow')).data[0]!.id;
    await page.goto(`/admin/campaigns/${id}`);
    await page.getByRole('heading', { name: /Glow Serum Launch/ }).waitFor();
    await pageScreenshot(page, 'admin-campaign-375');
    await page.goto('/admin/users?userSearch=lumen');
    await page.getByRole('button', { name: 'Open Lumen Skincare' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByText('Admin history').waitFor();
    await settled(page);
    await dialogScreenshot(page, 'admin-user-drawer-375');
    await context.close();
  });
});
