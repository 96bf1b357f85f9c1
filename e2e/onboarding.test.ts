import { SPEC_TEXT } from '@reach/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { dialogScreenshot, expectAbsentFor, pageScreenshot, signInTo, visible } from './lib/steps';

/*
 * Issue 12 "Onboarding without friction": a new business confirms its code and is in the app, is welcomed (not
 * "back"), gets one prompt at a time, sees its 7 trial days, and a bare website gets https://; a business without
 * a plan opens its dashboard without an "Oops!" and, when it tries a gated page, is told which plan unlocks it.
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

const PASSWORD = 'Sunlit-Orchard-88';
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function dashboardReady(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'attached' });
  await heading(page).waitFor();
}

describe('onboarding in the browser', () => {
  const email = `olivia-${Date.now()}@example.com`;

  it('a new business confirms its code and lands signed in, welcomed, with one prompt and 7 trial days', async () => {
    const { context, page } = await newPage(browser, server.url);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/auth/register');
    await page.getByText("I'm a business").click();
    await page.getByLabel(/^Given name/).fill('Olivia');
    await page.getByLabel(/^Family name/).fill('Owner');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/auth\/confirm/);
    const code = await latestCode(server.url, email);
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Confirm email' }).click();

    // Signed in by the confirmation itself: on the dashboard, the password never asked again.
    await page.waitForURL((url) => url.pathname === '/business');
    await dashboardReady(page);
    expect(visited).not.toContain('/auth/login');

    // A first visit: "Welcome", not "Welcome back".
    await expect.poll(() => heading(page).textContent()).toBe('Welcome, Olivia Owner');

    // The trial notice and the incomplete-profile prompt are one prompt, never two at once.
    const prompt = page.getByRole('dialog', { name: 'Your Pro trial' });
    await prompt.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(
      await prompt.getByText('You have 7 days left in your 7-day free trial of the Pro plan.').count(),
    ).toBe(1);
    expect(await prompt.getByText(SPEC_TEXT.incompleteProfile).count()).toBe(1);
    expect(await prompt.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/business/settings/subscriptions',
    );
    expect(await prompt.getByRole('link', { name: SPEC_TEXT.takeMeThere }).getAttribute('href')).toBe(
      '/business/settings',
    );
    await dialogScreenshot(page, 'onboarding-first-prompt-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await dialogScreenshot(page, 'onboarding-first-prompt-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await prompt.getByRole('button', { name: SPEC_TEXT.later }).click();
    await prompt.waitFor({ state: 'hidden' });
    // Closed: no second prompt follows.
    await expectAbsentFor(page.getByRole('dialog'));

    // Day one of a 7-day trial: 7 days left.
    await visible(page, '7 days left');
    await pageScreenshot(page, 'onboarding-dashboard-first-1280');

    // The next visit greets the user back; the trial notice waits 24 hours, the profile prompt shows alone.
    await page.reload();
    await dashboardReady(page);
    await expect.poll(() => heading(page).textContent()).toBe('Welcome back, Olivia Owner');
    const profile = page.getByRole('dialog', { name: 'Finish your profile' });
    await profile.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    await profile.getByRole('link', { name: SPEC_TEXT.takeMeThere }).click();
    await page.waitForURL((url) => url.pathname === '/business/settings');

    // A bare domain in the website field is saved as an https:// address.
    await page.getByRole('combobox', { name: /^Business type/ }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    await page.getByLabel(/^Business name/).fill('Olive Grove Cafe');
    await page.getByLabel(/^Street address/).fill('1 Main Street');
    await page.getByLabel(/^City/).fill('Austin');
    await page.getByRole('combobox', { name: /^State/ }).fill('Tex');
    await page.getByRole('option', { name: 'Texas' }).click();
    await page.getByLabel(/^ZIP code/).fill('78701');
    await page.getByLabel(/^Website/).fill('olivegrove.example');
    await page.getByRole('button', { name: 'Save business profile' }).click();
    await visible(page, 'Your business profile was saved.');
    await expect.poll(() => page.getByLabel(/^Website/).inputValue()).toBe('https://olivegrove.example');
    await page.reload();
    await expect.poll(() => page.getByLabel(/^Website/).inputValue()).toBe('https://olivegrove.example');
    await context.close();
  });

  it('at 375 the first visit of a signed-in browser shows the same single prompt and the welcome', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 812);
    await signInTo(page, email, '/business', PASSWORD);
    await dashboardReady(page);
    // This browser never showed the dashboard: welcomed, and the trial notice (the profile is complete now).
    await expect.poll(() => heading(page).textContent()).toBe('Welcome, Olive Grove Cafe');
    const prompt = page.getByRole('dialog', { name: 'Your Pro trial' });
    await prompt.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    await dialogScreenshot(page, 'onboarding-trial-prompt-375');
    await prompt.getByRole('button', { name: SPEC_TEXT.later }).click();
    await prompt.waitFor({ state: 'detached' });
    await expectAbsentFor(page.getByRole('dialog'));
    await visible(page, '7 days left');
    await pageScreenshot(page, 'onboarding-dashboard-first-375');
    await context.close();
  });

  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    it(`at ${width}: a business without a plan opens its dashboard without "Oops!", and a gated page names the plan`, async () => {
      const { context, page } = await newPage(browser, server.url, width, height);
      await signInTo(page, 'free@reach.local', '/business');
      await dashboardReady(page);
      await expectAbsentFor(page.getByRole('dialog'));
      expect(await page.getByText(SPEC_TEXT.subscriptionModalTitle).count()).toBe(0);
      await visible(page, 'The Pro plan ($99.00 a month) unlocks them.');
      await pageScreenshot(page, `onboarding-free-dashboard-${width}`);

      // Payments and settings too.
      await page.goto('/business/payments');
      await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
      await expectAbsentFor(page.getByRole('dialog'));

      // A gated action: Discovery from the dashboard. The prompt says which plan unlocks it.
      await page.goto('/business');
      await dashboardReady(page);
      await page.getByRole('link', { name: 'Open Discovery' }).click();
      await page.waitForURL((url) => url.pathname === '/business/settings/subscriptions');
      const oops = page.getByRole('dialog', { name: SPEC_TEXT.subscriptionModalTitle });
      await oops.waitFor();
      expect(await oops.getByText(SPEC_TEXT.subscriptionModalText).count()).toBe(1);
      expect(await oops.getByText('The Pro plan ($99.00 a month) unlocks it.').count()).toBe(1);
      await dialogScreenshot(page, `onboarding-free-gated-${width}`);
      await oops.getByRole('button', { name: SPEC_TEXT.later }).click();
      await oops.waitFor({ state: 'hidden' });
      await expectAbsentFor(page.getByRole('dialog'));
      await context.close();
    });
  }
});
