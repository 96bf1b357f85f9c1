import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, screenshot, screenshotDir, signIn } from './harness';

/*
 * Steps shared by the journeys that sign in, wait for the page and move money (payments, posts).
 */

/** Closes the prompts a demo account may get on sign-in (trial notice, incomplete profile) with "Later". */
export async function dismissPrompts(page: Page) {
  for (let i = 0; i < 3; i++) {
    const later = page.getByRole('dialog').getByRole('button', { name: 'Later' });
    const shown = await later
      .first()
      .waitFor({ state: 'visible', timeout: 1500 })
      .then(() => true)
      .catch(() => false);
    if (!shown) return;
    await later.first().click();
    await page
      .getByRole('dialog')
      .first()
      .waitFor({ state: 'hidden' })
      .catch(() => undefined);
  }
}

/** Signs in through the login form and waits for the role's dashboard. */
export async function signInAs(page: Page, email: string, dashboard: string) {
  await signIn(page, email);
  await page.waitForURL((url) => url.pathname === dashboard);
  await dismissPrompts(page);
}

export async function visible(page: Page, value: string | RegExp, timeout = 10_000) {
  await expect.poll(() => page.getByText(value).first().isVisible(), { timeout }).toBe(true);
}

/** Waits for loaders and skeletons to go, so screenshots show the page, not its loading state. */
export async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.mantine-Skeleton-root[data-visible], .mantine-Loader-root, [aria-busy="true"]',
      ),
  );
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
}

/** Full-page capture with the viewport stretched to the page, so the fixed sidebar is drawn whole. */
export async function pageScreenshot(page: Page, name: string) {
  await settled(page);
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport && height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height: Math.min(height, 6000) });
    await page.waitForTimeout(400);
  }
  await screenshot(page, name);
  if (viewport) await page.setViewportSize(viewport);
}

/** The viewport as it is (an open dialog stays where it is drawn). */
export async function dialogScreenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** Fills the open "Add a card" dialog with a test card number; returns the dialog. */
export async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.getByLabel(/^Card number/).fill(number);
  await dialog.getByLabel(/^Expiry/).fill('12 / 30');
  await dialog.getByLabel(/^CVC/).fill('123');
  await dialog.getByLabel(/^Name on card/).fill('Tara Trial');
  return dialog;
}

/** On /business/payments: adds a card that the built-in provider accepts and waits for it in the list. */
export async function addAcceptedCard(page: Page, number = '4242424242424242', label = 'Visa •••• 4242') {
  await page.getByRole('button', { name: 'Add card' }).click();
  const dialog = await fillCard(page, number);
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await visible(page, `${label} saved.`);
}

/** On /business/payments: funds the campaign of that title with the card of that label, through its dialog. */
export async function fundCampaign(page: Page, title: string, cardLabel: RegExp, amount: string) {
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.waitFor();
  await row.getByRole('button', { name: new RegExp(`^Fund ${title}`) }).click();
  const fund = page.getByRole('dialog', { name: 'Fund campaign' });
  await fund.getByRole('radio', { name: cardLabel }).check();
  await fund.getByRole('button', { name: `Pay ${amount}` }).click();
  await fund.waitFor({ state: 'hidden' });
  return row;
}

/** A demo account's access token, for setting the scene through the API. */
export async function apiToken(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status, `login ${email}`).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One JSON call to /api/v1 as that token; fails the test on anything but a 2xx. */
export async function apiCall<T>(
  baseUrl: string,
  token: string,
  pathname: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  expect(res.ok, `${init.method ?? 'GET'} ${pathname} → ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A small valid PNG (a gradient with a dot, hue chosen) drawn by the browser's canvas. */
export async function drawPng(page: Page, hue: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((h) => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 120, 120);
    gradient.addColorStop(0, `hsl(${h}, 80%, 70%)`);
    gradient.addColorStop(1, `hsl(${h + 40}, 70%, 45%)`);
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 120, 120);
    ctx.fillStyle = 'white';
    ctx.beginPath();
    ctx.arc(60, 60, 26, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  }, hue);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
