import fs from 'node:fs';
import path from 'node:path';
import {
  decodePDFRawStream,
  type PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFStream,
} from 'pdf-lib';
import { errors, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, screenshot, screenshotDir, signIn } from './harness';

/*
 * Steps shared by the journeys: signing in, waiting for the page (never for a fixed time), screenshots, the
 * API calls that set a scene, and moving money (payments, posts).
 */

/**
 * How long a negative check watches for something that would show on its own (a prompt decided when the
 * layout loads): far longer than the few frames it takes to appear.
 */
export const ABSENT_WINDOW_MS = 1000;

/**
 * Asserts that nothing matches the locator for the whole window: fails at the first moment something does
 * (Playwright watches the page; the wait ends early only when it appears), passes when the window runs out.
 */
export async function expectAbsentFor(locator: Locator, ms = ABSENT_WINDOW_MS, message?: string) {
  const appeared = await locator
    .first()
    .waitFor({ state: 'attached', timeout: ms })
    .then(
      () => true,
      (error: unknown) => {
        if (error instanceof errors.TimeoutError) return false;
        throw error;
      },
    );
  expect(appeared, message ?? `${locator} appeared within ${ms} ms`).toBe(false);
}

/**
 * Waits until no (finite) CSS animation or transition has run for several frames in a row: modals, drawers,
 * popovers and tooltips have finished moving in or out. Mantine starts a transition a frame or two after the
 * state change, hence more than one quiet frame.
 */
export async function steady(page: Page, frames = 5) {
  await page.evaluate(
    (needed) =>
      new Promise<void>((resolve) => {
        let quiet = 0;
        const tick = () => {
          const moving = document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
          quiet = moving ? 0 : quiet + 1;
          if (quiet >= needed) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    frames,
  );
}

/**
 * Closes the prompts a demo account may get on sign-in (trial notice, incomplete profile, subscription) with
 * "Later". The layout decides them when it mounts, in the same render as its sidebar: once the sidebar is in
 * the page and a frame has passed, a prompt that is coming is there.
 */
export async function dismissPrompts(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'attached' });
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const later = page.getByRole('dialog').getByRole('button', { name: 'Later' });
    if ((await later.count()) === 0) return;
    // The next prompt (if any) opens as this one closes: wait for this very button to go.
    const button = await later.first().elementHandle();
    if (!button) return;
    await button.click();
    await button.waitForElementState('hidden');
    await button.dispose();
  }
}

/** Signs in through the login form and waits for that page; prompts are left as they open. */
export async function signInTo(page: Page, email: string, pathname: string, password = DEMO_PASSWORD) {
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Signs in through the login form, waits for the role's dashboard and closes its prompts. */
export async function signInAs(page: Page, email: string, dashboard: string) {
  await signInTo(page, email, dashboard);
  await dismissPrompts(page);
}

export async function visible(page: Page, value: string | RegExp, timeout = 15_000) {
  await expect
    .poll(() => page.getByText(value).first().isVisible(), { timeout, message: String(value) })
    .toBe(true);
}

/** Waits until no skeleton, loader or busy region is left in the page. */
export async function loaded(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.mantine-Skeleton-root[data-visible], .mantine-Loader-root, [aria-busy="true"]',
      ),
  );
}

/** Waits for loaders and skeletons to go, so assertions and screenshots see the page, not its loading state. */
export async function settled(page: Page) {
  await loaded(page);
  await page.mouse.move(0, 0);
  // Full-page captures draw fixed elements (header, sidebar) where the viewport is: start from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await steady(page);
}

/** Full-page capture with the viewport stretched to the page, so the fixed sidebar is drawn whole. */
export async function pageScreenshot(page: Page, name: string) {
  await settled(page);
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (viewport && height > viewport.height) {
    const stretched = Math.min(height, 6000);
    await page.setViewportSize({ width: viewport.width, height: stretched });
    await page.waitForFunction((h) => window.innerHeight === h, stretched);
    await steady(page);
  }
  await screenshot(page, name);
  if (viewport) await page.setViewportSize(viewport);
}

/** The viewport as it is (a dialog or drawer is drawn over the viewport, not the page), once it stopped moving. */
export async function dialogScreenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await loaded(page);
  await steady(page);
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
  await row.getByRole('button', { name: new RegExp(`^Fund \\S+ for ${title}`) }).click();
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

/** RFC 4180 CSV text → rows of cells (quoted cells may hold commas, doubled quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A stream's bytes as text (content streams and CMaps are ASCII), decoded from Flate when compressed. */
function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes).toString('latin1');
}

/** A ToUnicode CMap's bfchar entries (what pdf-lib writes): glyph id (hex) → the characters it stands for. */
function toUnicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, unicode] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(glyph!.toLowerCase(), Buffer.from(unicode!, 'hex').swap16().toString('utf16le'));
    }
  }
  return map;
}

/**
 * The text of a PDF that embeds its fonts as pdf-lib does (Identity-H, 2-byte glyph ids, a ToUnicode map per
 * font), read back as a reader's copy-paste would: per page, the shown strings mapped to characters through
 * their font's ToUnicode map, the strings drawn at the same height joined into one line in drawing order.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<string, string>>();
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'));
    if (fontDict instanceof PDFDict) {
      for (const [name, ref] of fontDict.entries()) {
        const font = doc.context.lookup(ref);
        const toUnicode = font instanceof PDFDict ? font.lookup(PDFName.of('ToUnicode')) : undefined;
        if (toUnicode) fonts.set(name.decodeText(), toUnicodeMap(streamText(toUnicode as PDFStream)));
      }
    }
    const contents = page.node.Contents();
    const streams = !contents
      ? []
      : 'asArray' in contents
        ? (contents as PDFArray).asArray().map((ref) => doc.context.lookup(ref) as PDFStream)
        : [contents as PDFStream];
    const lines: string[] = [];
    let font = new Map<string, string>();
    let y: string | null = null;
    let line = '';
    const ops = /\/([^\s/]+)\s+[\d.]+\s+Tf|(-?[\d.]+)\s+Tm|<([0-9a-fA-F]*)>\s*Tj/g;
    for (const stream of streams) {
      for (const [, fontName, tmY, hex] of streamText(stream).matchAll(ops)) {
        if (fontName !== undefined) font = fonts.get(fontName) ?? new Map();
        else if (tmY !== undefined && tmY !== y) {
          if (line) lines.push(line);
          line = '';
          y = tmY;
        } else if (hex !== undefined) {
          for (let i = 0; i < hex.length; i += 4)
            line += font.get(hex.slice(i, i + 4).toLowerCase()) ?? '\uFFFD';
        }
      }
    }
    if (line) lines.push(line);
    return lines;
  });
}
