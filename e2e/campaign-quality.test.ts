import fs from 'node:fs';
import type { Post } from '@reach/contract/posts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, screenshot, startServer } from './lib/harness';
import { apiCall, apiToken, dialogScreenshot, drawPng, settled, signInAs, visible } from './lib/steps';

/*
 * Issue 12, "The campaign wizard catches mistakes where they are made" and "Reviewing a post happens in the
 * app", at 1280 and 375 px:
 * - the details step refuses a saved start date in the past and an end date before the start: the message is
 *   under the field on that step, the focus is on it, and "Next" does not move on;
 * - the review dialog of a submitted post shows its image and its MP4 inline (the image opens a lightbox with
 *   previous/next, the arrow keys and Escape), the caption, the link and the history; approving happens there.
 * The scene (a published product campaign, an accepted influencer, a post with a PNG and an MP4) is set up
 * through the API.
 */

let server: Server;
let browser: Browser;
const SUFFIX = Date.now().toString(36).slice(-5);
const TITLE = `Glow Review ${SUFFIX}`;
const CAPTION = 'Morning routine with the Glow Serum. #gifted @lumenskincare';
const POST_URL = `https://www.instagram.com/p/GlowReview${SUFFIX}/`;
let influencerName = '';

// The smallest file the API recognises as MP4 (as the API tests upload): an ftyp box and an empty mdat.
const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
  Buffer.from('00000008', 'hex'),
  Buffer.from('mdat'),
  Buffer.alloc(64),
]);

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();

  // A product campaign of trial@, published; influencer@ applies and is accepted, then submits a post with an
  // image and a video.
  const trial = await apiToken(server.url, 'trial@reach.local');
  const campaign = await apiCall<{ id: number }>(server.url, trial, '/campaigns', {
    method: 'POST',
    body: {
      type_id: 1,
      title: TITLE,
      start_date: day(0),
      end_date: day(21),
      description: 'Show your morning routine with the Glow Serum.',
      product_name: 'Glow Serum',
      product_amount_cents: 3200,
      product_description: 'A vitamin C serum for a morning glow.',
    },
  });
  await apiCall(server.url, trial, `/campaign/${campaign.id}/publish`, { method: 'POST' });
  const isabella = await apiToken(server.url, 'influencer@reach.local');
  const applied = await apiCall<{ id: number }>(server.url, isabella, '/connections/apply', {
    method: 'POST',
    body: { campaign_id: campaign.id, message: 'Serums are my thing.' },
  });
  await apiCall(server.url, trial, `/connection/${applied.id}/accept`, { method: 'POST' });

  const { context, page } = await newPage(browser, server.url);
  const png = await drawPng(page, 280);
  await context.close();
  const form = new FormData();
  form.append('connection_id', String(applied.id));
  form.append('platform', 'instagram');
  form.append('post_url', POST_URL);
  form.append('caption', CAPTION);
  form.append('media', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'serum.png');
  form.append('media', new Blob([new Uint8Array(MP4)], { type: 'video/mp4' }), 'serum.mp4');
  const res = await fetch(`${server.url}/api/v1/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${isabella}` },
    body: form,
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  const post = JSON.parse(text) as Post;
  expect(post.media.map((m) => m.type)).toEqual(['image', 'video']);
  influencerName = post.influencer.name;
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

/** "5 July 2026": how Mantine labels a day in its calendars. */
function dayLabel(date: Date): string {
  return `${date.getDate()} ${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}`;
}

function mmddyyyy(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

function nextMonthDay(n: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + 1, n);
}

/** Picks a day of next month in a date picker (its calendar opens on the current month or on `opensOn`'s). */
async function pickNextMonthDay(page: Page, label: RegExp, date: Date, turnMonth: boolean) {
  await page.getByLabel(label).click();
  if (turnMonth) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: dayLabel(date), exact: true }).click();
  await page.getByRole('button', { name: dayLabel(date), exact: true }).waitFor({ state: 'hidden' });
}

/** The accessible name of the element that has the focus (its label's text for a form field). */
async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelledBy = el.getAttribute('aria-labelledby');
    const byId = labelledBy
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : '';
    return (byId || label || el.getAttribute('aria-label') || '').trim();
  });
}

const WIDTHS = [1280, 375] as const;

describe('the campaign wizard catches mistakes on the step that owns the field', () => {
  it.each(WIDTHS)(
    'at %i px: a past start date and an end before the start are refused on "Campaign details"',
    async (width) => {
      const { context, page } = await newPage(browser, server.url, width, width === 375 ? 812 : 800);
      await signInAs(page, 'trial@reach.local', '/business');

      // A draft saved earlier whose start date has passed since: it opens on the details step.
      const trial = await apiToken(server.url, 'trial@reach.local');
      const draft = await apiCall<{ id: number }>(server.url, trial, '/campaigns', {
        method: 'POST',
        body: { type_id: 2, start_date: day(-3), end_date: day(10) },
      });
      await page.goto(`/business/campaigns/${draft.id}/edit`);
      await visible(page, 'Campaign details');
      await visible(page, 'Step 2 of 3');
      await page.getByRole('button', { name: 'Next' }).click();
      await visible(page, 'The start date cannot be in the past.');
      expect(await page.getByText('Step 2 of 3').count()).toBe(1);
      expect(await page.getByText('Step 3 of 3').count()).toBe(0);
      await expect.poll(() => focusedLabel(page)).toMatch(/^Start date/);
      expect(await page.getByLabel(/^Start date/).getAttribute('aria-invalid')).toBe('true');
      await settled(page);
      await screenshot(page, `campaign-quality-past-start-${width}`);

      // A new cash campaign: the end is picked, then the start moved after it.
      await page.goto('/business/campaigns/new');
      await visible(page, 'What will influencers get?');
      await page.getByRole('button', { name: 'Next' }).click();
      await visible(page, 'Choose a campaign type: product, cash, or a combination.');
      await page.getByRole('radio', { name: /^Cash:/ }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await visible(page, 'Campaign details');
      await page.getByLabel(/^Title/).fill(`Wrong dates ${SUFFIX}`);
      await page.getByLabel(/^Description/).fill('Show your rainy-day routine.');
      await pickNextMonthDay(page, /^Start date/, nextMonthDay(10), true);
      await pickNextMonthDay(page, /^End date/, nextMonthDay(15), false);
      await pickNextMonthDay(page, /^Start date/, nextMonthDay(20), false);
      await page.getByRole('button', { name: 'Next' }).click();
      await visible(page, 'The end date must be on or after the start date.');
      expect(await page.getByText('Step 2 of 3').count()).toBe(1);
      await expect.poll(() => focusedLabel(page)).toMatch(/^End date/);
      await settled(page);
      await screenshot(page, `campaign-quality-end-before-start-${width}`);

      // Corrected, "Next" moves on to the budget, where max posts per influencer is empty, not a grey "1".
      await pickNextMonthDay(page, /^End date/, nextMonthDay(25), false);
      await expect
        .poll(() => page.getByLabel(/^End date/).textContent())
        .toContain(mmddyyyy(nextMonthDay(25)));
      await page.getByRole('button', { name: 'Next' }).click();
      await visible(page, 'Step 3 of 3');
      expect(await page.getByLabel(/^Max posts per influencer/).getAttribute('placeholder')).toBeNull();
      await page.getByLabel(/^Total budget/).fill('100');
      await page.getByLabel(/^Amount per post/).fill('150');
      await page.getByRole('button', { name: 'Publish' }).click();
      await visible(page, 'Not published yet');
      await visible(page, 'Step 3 of 3');
      await visible(page, 'Enter how many paid posts one influencer can make (at least 1).');
      await visible(page, 'The amount per post cannot be more than the total budget.');
      await expect.poll(() => focusedLabel(page)).toMatch(/^Amount per post/);
      await settled(page);
      await screenshot(page, `campaign-quality-budget-refused-${width}`);
      await context.close();
    },
  );
});

describe('reviewing a post happens in the app', () => {
  it.each(WIDTHS)('at %i px: the review dialog shows the image and the video inline', async (width) => {
    const { context, page } = await newPage(browser, server.url, width, width === 375 ? 812 : 800);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto('/business/posts');
    await page.getByRole('heading', { name: 'Posts', level: 1 }).waitFor();
    const who = `${influencerName}'s post for ${TITLE}`;

    // The list's thumbnails open the lightbox, not the raw file.
    const thumb = page.getByRole('button', { name: `View image 1 of 2 from ${influencerName}'s post` });
    await thumb.first().waitFor();
    await thumb.first().click();
    const listLightbox = page.getByRole('dialog', { name: 'Image 1 of 2' });
    await listLightbox.waitFor();
    await page.keyboard.press('Escape');
    await listLightbox.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Approve ${who}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this post?' });
    await dialog.waitFor();
    // The image, shown and loaded.
    const image = dialog.getByRole('button', {
      name: `Open image 1 of 2 from ${influencerName}'s post larger`,
    });
    await image.waitFor();
    await expect
      .poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The video, in a player with its controls.
    const video = dialog.locator(`video[controls][aria-label="Video 2 of 2 from ${influencerName}'s post"]`);
    expect(await video.count()).toBe(1);
    const videoSrc = await video.getAttribute('src');
    expect((await fetch(new URL(videoSrc!, server.url))).headers.get('content-type')).toBe('video/mp4');
    // Caption, link, history; no link to a raw file.
    await dialog.getByText(CAPTION).waitFor();
    expect(await dialog.getByRole('link', { name: 'Open the Instagram post' }).getAttribute('href')).toBe(
      POST_URL,
    );
    await dialog.getByText('Submitted for review').waitFor();
    expect(
      await dialog.locator('a[href*=".png"], a[href*=".mp4"], a[target="_blank"][href*="/storage"]').count(),
    ).toBe(0);
    await dialogScreenshot(page, `campaign-quality-review-${width}`);

    // The lightbox: next with →, back with ←, Escape closes it (the review stays) and the focus returns.
    await image.click();
    const lightbox = page.getByRole('dialog', { name: 'Image 1 of 2' });
    await lightbox.waitFor();
    await expect
      .poll(() => lightbox.getByRole('img', { name: `Image 1 of 2 from ${influencerName}'s post` }).count())
      .toBe(1);
    await dialogScreenshot(page, `campaign-quality-lightbox-${width}`);
    await page.keyboard.press('ArrowRight');
    const videoBox = page.getByRole('dialog', { name: 'Video 2 of 2' });
    await videoBox.waitFor();
    expect(await videoBox.locator('video[controls]').count()).toBe(1);
    await videoBox.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('dialog', { name: 'Image 1 of 2' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await videoBox.waitFor();
    await page.keyboard.press('Escape');
    await videoBox.waitFor({ state: 'hidden' });
    await dialog.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Open image 1 of 2 from ${influencerName}'s post larger`);

    if (width === 375) {
      // Approving from the dialog.
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(page, `Post approved. ${influencerName} is notified.`);
    } else {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await context.close();
  });
});
