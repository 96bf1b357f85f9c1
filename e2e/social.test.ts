import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogle } from '../apps/api/test/fakes/google-oidc';
import { freePort, launchBrowser, newPage, type Server, screenshot, startServer } from './lib/harness';

/*
 * Google sign-in in a real browser against a real OpenID provider standing in for Google, and what an external
 * (google_…) account then sees: no Security settings (spec §6), and for an influencer no notification
 * preferences either.
 */

let server: Server;
let browser: Browser;
let google: Awaited<ReturnType<typeof startGoogle>>;
let next = 'g-brand';

beforeAll(async () => {
  const port = await freePort();
  google = await startGoogle({
    clientId: 'reach-e2e-client',
    clientSecret: 'reach-e2e-secret-0123456789',
    redirectUri: `http://localhost:${port}/api/v1/auth/google/callback`,
    accounts: {
      'g-brand': {
        email: 'brand.g@example.com',
        email_verified: true,
        given_name: 'Gina',
        family_name: 'Brand',
      },
      'g-creator': {
        email: 'creator.g@example.com',
        email_verified: true,
        given_name: 'Cory',
        family_name: 'Creator',
      },
    },
    nextAccount: () => next,
  });
  server = await startServer(
    {
      GOOGLE_CLIENT_ID: 'reach-e2e-client',
      GOOGLE_CLIENT_SECRET: 'reach-e2e-secret-0123456789',
      GOOGLE_ISSUER: google.issuer,
    },
    { port },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
});

describe('Google sign-in', () => {
  it('signs a new business up with Google; its settings have no Security item', async () => {
    next = 'g-brand';
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth/register');
    await page.getByText("I'm a business").click();
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.pathname === '/business', { timeout: 30_000 });

    await page.goto('/business/settings');
    const menu = page.getByRole('navigation', { name: /settings/i });
    await expect.poll(() => menu.getByRole('link', { name: 'Account Details' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Subscriptions' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Security' }).count()).toBe(0);
    await screenshot(page, 'settings-google-business-1280');

    // Opening the hidden page directly lands on the account details.
    await page.goto('/business/settings/security');
    await page.waitForURL((url) => url.pathname === '/business/settings');
    await context.close();
  });

  it('signs a new influencer up with Google; no Security nor notification preferences', async () => {
    next = 'g-creator';
    const { context, page } = await newPage(browser, server.url, 375, 800);
    await page.goto('/auth/register');
    await page.getByText("I'm an influencer").click();
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.pathname === '/influencer', { timeout: 30_000 });
    await page.goto('/influencer/settings');
    const menu = page.getByRole('navigation', { name: /settings/i });
    await expect.poll(() => menu.getByRole('link', { name: 'Account Details' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Security' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Notification Preferences' }).count()).toBe(0);
    await screenshot(page, 'settings-google-influencer-375');
    await context.close();
  });
});
