import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, screenshot, startServer } from './lib/harness';
import { dismissPrompts, settled, signInTo, visible } from './lib/steps';

let server: Server;
let browser: Browser;
let tmp: string;

/** A valid 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  // Many sign-ins within a minute: lift the per-address sign-in limit for this run.
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-settings-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Signs in and opens a settings page with the shell's prompts out of the way. */
async function openSettings(page: Page, email: string, pathname: string, dashboard: string) {
  await signInTo(page, email, dashboard);
  await page.goto(pathname);
  await page.waitForURL((url) => url.pathname === pathname);
  await dismissPrompts(page);
}

describe('settings in the browser', () => {
  it('influencer "new" completes the profile and the page shows it complete', async () => {
    const { context, page } = await newPage(browser, server.url);
    await openSettings(page, 'new@reach.local', '/influencer/settings', '/influencer');
    await visible(page, 'Profile completeness');
    await visible(page, /7 of 7 missing/);
    await screenshot(page, 'settings-influencer-account-incomplete');

    await page.getByLabel(/^Birthdate/).fill('04/12/1996');
    await page.getByLabel(/^Birthdate/).press('Tab');
    await page.getByRole('combobox', { name: /^Gender/ }).click();
    await page.getByRole('option', { name: 'Female' }).click();
    await page.getByLabel(/^Street address/).fill('12 Harbor Lane');
    await page.getByLabel(/^City/).fill('San Diego');
    await page.getByRole('combobox', { name: /^State/ }).fill('Califor');
    await page.getByRole('option', { name: 'California' }).click();
    await page.getByLabel(/^ZIP code/).fill('92101');
    await page.getByRole('combobox', { name: /^Interests/ }).fill('Yoga');
    await page.getByRole('option', { name: 'Yoga' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel(/^Instagram/).fill('@noah.moves');
    await page.getByRole('button', { name: 'Save profile' }).click();

    await visible(page, 'Your profile is complete.');
    expect(await page.getByLabel(/^Birthdate/).inputValue()).toBe('04/12/1996');
    expect(await page.getByLabel(/^Instagram/).inputValue()).toBe('noah.moves');

    // Saved for real: a reload shows the same.
    await page.reload();
    await visible(page, 'Your profile is complete.');
    expect(await page.getByLabel(/^ZIP code/).inputValue()).toBe('92101');
    await expect.poll(() => page.getByRole('combobox', { name: /^State/ }).inputValue()).toBe('California');
    await screenshot(page, 'settings-influencer-account');
    await context.close();
  });

  it('a business uploads an avatar, sees it in the header, and a text file named .png is refused', async () => {
    const { context, page } = await newPage(browser, server.url);
    await openSettings(page, 'pro@reach.local', '/business/settings', '/business');
    const png = path.join(tmp, 'avatar.png');
    fs.writeFileSync(png, TINY_PNG);
    await page.getByLabel('Upload a profile photo').setInputFiles(png);
    await visible(page, 'Your profile photo was updated.');
    const headerAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await expect
      .poll(() => headerAvatar.getAttribute('src').catch(() => null))
      .toMatch(/\/uploads\/avatars\//);
    await visible(page, 'Remove photo');

    const fake = path.join(tmp, 'notes.png');
    fs.writeFileSync(fake, 'these are my notes, not a picture');
    await page.getByLabel('Upload a profile photo').setInputFiles(fake);
    await visible(page, 'The avatar must be a JPEG or PNG image.');
    await page.mouse.move(0, 0);
    await screenshot(page, 'settings-business-account');
    await context.close();
  });

  it('change password: a wrong current password is refused under its field; a right one changes it', async () => {
    const { context, page } = await newPage(browser, server.url);
    await openSettings(page, 'pro@reach.local', '/business/settings/security', '/business');
    await page.getByLabel(/^Current password/).fill('not-my-password');
    await page.getByLabel(/^New password/).fill('Sunlit-Orchard-88');
    await page.getByLabel(/^Confirm new password/).fill('Sunlit-Orchard-88');
    await visible(page, 'Strong');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page, 'Your current password is not correct.');
    // Under the current-password field: the input is described by that message.
    const describedBy = await page.getByLabel(/^Current password/).evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(describedBy).toContain('Your current password is not correct.');
    await screenshot(page, 'settings-business-security');
    await context.close();

    const second = await newPage(browser, server.url);
    await openSettings(second.page, 'free@reach.local', '/business/settings/security', '/business');
    await second.page.getByLabel(/^Current password/).fill('reach-demo-2026');
    await second.page.getByLabel(/^New password/).fill('Quiet-Harbor-2031');
    await second.page.getByLabel(/^Confirm new password/).fill('Quiet-Harbor-2031');
    await second.page.getByRole('button', { name: 'Change password' }).click();
    await visible(second.page, 'Your password has been changed.');
    // This tab keeps its session with the new tokens.
    await second.page.reload();
    await second.page.waitForURL((url) => url.pathname === '/business/settings/security');
    await visible(second.page, 'Change password');
    await second.context.close();

    const third = await newPage(browser, server.url);
    await signInTo(third.page, 'free@reach.local', '/business', 'Quiet-Harbor-2031');
    await third.context.close();
  });

  it('subscriptions: the trial, the plans, upgrade and cancel with confirmations, and a failing endpoint', async () => {
    const { context, page } = await newPage(browser, server.url);
    await openSettings(page, 'trial@reach.local', '/business/settings/subscriptions', '/business');
    await visible(page, 'Pro trial');
    await visible(page, /\d+ days? left in your free trial/);
    await visible(page, '$99.00');
    await visible(page, '$299.00');
    await visible(page, '2,000 discovery credits a month');
    await screenshot(page, 'settings-business-subscriptions-trial');

    await page.getByRole('button', { name: 'Upgrade to Business' }).click();
    await visible(page, 'Choose the Business plan?');
    await page.getByRole('button', { name: 'Confirm Business plan' }).click();
    await visible(page, 'You are now on the Business plan.');
    await visible(page, 'Business plan');
    await visible(page, /Current period ends on \d\d\/\d\d\/\d{4}/);

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await visible(page, /takes effect at the end of the current period/);
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await visible(page, 'Ends at period end');
    await visible(page, 'Keep Business');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await screenshot(page, 'settings-business-subscriptions');

    await page.route('**/api/v1/my/subscription', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Billing is down for maintenance.' } }),
      }),
    );
    await page.reload();
    await visible(page, 'We could not load your subscription');
    await visible(page, /Billing is down for maintenance\./);
    await visible(page, '$299.00');
    await screenshot(page, 'settings-business-subscriptions-error');
    await context.close();
  });

  it('notification preferences save on change and roll back when the save fails', async () => {
    const { context, page } = await newPage(browser, server.url);
    await openSettings(
      page,
      'influencer@reach.local',
      '/influencer/settings/notification-preferences',
      '/influencer',
    );
    const messages = page.getByRole('switch', { name: /^Messages/ });
    await expect.poll(() => messages.isChecked()).toBe(true);
    await messages.click();
    await visible(page, 'Messages emails turned off.');
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: /^Messages/ }).isChecked()).toBe(false);

    await page.route('**/api/v1/my/notification-preferences', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'internal', message: 'Something went wrong on our side.' },
            }),
          })
        : route.fallback(),
    );
    const payments = page.getByRole('switch', { name: /^Payments/ });
    const before = await payments.isChecked();
    await payments.click();
    await visible(page, /Your previous choice was restored/);
    await expect.poll(() => payments.isChecked()).toBe(before);
    await screenshot(page, 'settings-influencer-notifications');
    await context.close();
  });

  it('every settings page reads well at 1280 px and 375 px', async () => {
    const accounts = [
      {
        email: 'pro@reach.local',
        dashboard: '/business',
        pages: [
          ['/business/settings', 'settings-business-account'],
          ['/business/settings/security', 'settings-business-security'],
          ['/business/settings/subscriptions', 'settings-business-subscriptions'],
          ['/business/settings/notification-preferences', 'settings-business-notifications'],
        ],
      },
      {
        email: 'influencer@reach.local',
        dashboard: '/influencer',
        pages: [
          ['/influencer/settings', 'settings-influencer-account'],
          ['/influencer/settings/security', 'settings-influencer-security'],
          ['/influencer/settings/notification-preferences', 'settings-influencer-notifications'],
        ],
      },
    ] as const;
    for (const width of [1280, 375]) {
      for (const { email, dashboard, pages } of accounts) {
        const { context, page } = await newPage(browser, server.url, width);
        await signInTo(page, email, dashboard);
        for (const [pathname, name] of pages) {
          await page.goto(pathname);
          await dismissPrompts(page);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
          await settled(page);
          await screenshot(page, `${name}-${width}`);
        }
        await context.close();
      }
    }
  });
});
