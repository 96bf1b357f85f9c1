import { SPEC_TEXT } from '@reach/contract/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestCode,
  launchBrowser,
  newPage,
  type Server,
  screenshot,
  signIn,
  startServer,
} from './lib/harness';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('identity in the browser', () => {
  it('a new business signs up, reads the code in the dev mailbox, confirms and lands signed in on /business', async () => {
    const { context, page } = await newPage(browser, server.url);
    const email = `owner-${Date.now()}@example.com`;
    await page.goto('/auth/register');
    await page.getByText("I'm a business").click();
    await page.getByLabel(/^Given name/).fill('Olivia');
    await page.getByLabel(/^Family name/).fill('Owner');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('Sunlit-Orchard-88');
    await screenshot(page, 'auth-register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/auth\/confirm/);

    // The developer's way to the code: the dev mailbox page served by the api.
    const mailbox = await context.newPage();
    await mailbox.goto('/dev/mailbox');
    await expect.poll(() => mailbox.getByText(email).count()).toBeGreaterThan(0);
    const code = await latestCode(server.url, email);
    expect(await mailbox.getByText(code).count()).toBeGreaterThan(0);
    await screenshot(mailbox, 'dev-mailbox');
    await mailbox.close();

    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    await screenshot(page, 'auth-confirm');
    await page.getByRole('button', { name: 'Confirm email' }).click();
    // Confirming right after signing up in the same tab signs in: straight to the dashboard.
    await page.waitForURL((url) => url.pathname === '/business');
    await expect.poll(() => page.getByText('Olivia').count()).toBeGreaterThan(0);
    await screenshot(page, 'business-dashboard-new');
    await context.close();
  });

  it('signing up with a registered address looks like any sign-up, and mails the owner instead of a code', async () => {
    const { context, page } = await newPage(browser, server.url);
    const email = 'pro@reach.local';
    await page.goto('/auth/register');
    await page.getByText("I'm a business").click();
    await page.getByLabel(/^Given name/).fill('Mallory');
    await page.getByLabel(/^Family name/).fill('Prober');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('Sunlit-Orchard-88');
    await page.getByRole('button', { name: 'Create account' }).click();
    // No "already exists": the same confirm step as a new account, which mentions this case.
    await page.waitForURL(/\/auth\/confirm/);
    await expect
      .poll(() => page.getByText('Already have an account with this address?').count())
      .toBeGreaterThan(0);
    expect(await page.getByText(/already exists/i).count()).toBe(0);
    await screenshot(page, 'auth-confirm-after-sign-up');

    const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mail = ((await res.json()) as { messages: { subject: string; text: string }[] }).messages[0];
    expect(mail?.subject).toBe('Someone tried to sign up to REACH with your email address');
    expect(mail?.text).toContain('/auth/forgot-password?email=');
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);
    await context.close();
  });

  it('shows a clear message on a wrong password', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signIn(page, 'pro@reach.local', 'wrong-password-here');
    await expect.poll(() => page.getByText('Incorrect email or password.').count()).toBeGreaterThan(0);
    await screenshot(page, 'auth-login-error');
    await context.close();
  });

  it('guards: guests go to /auth/login, other types go to / and on to their dashboard, signed-in users leave guest pages', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/business');
    await page.waitForURL(/\/auth\/login/);

    await signIn(page, 'influencer@reach.local');
    await page.waitForURL((url) => url.pathname === '/influencer');
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/influencer');

    await page.goto('/auth/login');
    await page.waitForURL((url) => url.pathname === '/influencer');
    await context.close();
  });

  it('every demo account signs in and lands on its dashboard', async () => {
    const accounts = [
      ['admin@reach.local', '/admin'],
      ['trial@reach.local', '/business'],
      ['free@reach.local', '/business'],
      ['pro@reach.local', '/business'],
      ['influencer@reach.local', '/influencer'],
      ['new@reach.local', '/influencer'],
    ] as const;
    for (const [email, path] of accounts) {
      const { context, page } = await newPage(browser, server.url);
      await signIn(page, email);
      await page.waitForURL((url) => url.pathname === path);
      await context.close();
    }
  });

  it('shows the landing page to guests and the not-found page for unknown paths', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/');
    await expect.poll(() => page.getByRole('link', { name: /sign in/i }).count()).toBeGreaterThan(0);
    await screenshot(page, 'landing');
    await page.goto('/nope');
    await expect.poll(() => page.getByText('404', { exact: true }).count()).toBe(1);
    await screenshot(page, 'not-found');
    expect(SPEC_TEXT.error404).toBe("404 - The page can't be found");
    await context.close();
  });
});
