import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Post, PostsPage } from '@reach/contract/posts';
import { METRICS_REFRESH_MINUTES, POST_METRICS_MESSAGE } from '@reach/contract/posts';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { apiCall, apiToken, loaded, pageScreenshot, settled, signInAs, visible } from './lib/steps';

/*
 * Post metrics with their provenance (issue 14) in Chromium, on the demo and the embedded default (estimates):
 * the business's posts list shows each post's figures with "estimated · <age>" and the method in a tooltip;
 * "Refresh metrics" reads them again ("estimated · just now"), and a second click within the window shows the
 * API's 429 message; the campaign page's results and the dashboard say how many posts' figures were measured
 * or estimated, the campaign report's top posts show the same provenance; the influencer's connection page shows the provenance too, without the refresh. axe-core finds
 * no serious or critical WCAG 2.2 AA violation on those pages. Screenshots at 1280 and 375 px.
 */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.2 A/AA violations on the page as it is (as e2e/accessibility.test.ts). */
async function axeViolations(page: Page): Promise<string[]> {
  await loaded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'],
      },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    }),
  )) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

let server: Server;
let browser: Browser;
/** The demo's Peak Outdoor Co. (pro@) has approved posts with estimated metrics. */
const BUSINESS = 'pro@reach.local';
let target: Post;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
  const pro = await apiToken(server.url, BUSINESS);
  const approved = await apiCall<PostsPage>(server.url, pro, '/posts?status=approved&items=50');
  const withMetrics = approved.data.filter((p) => p.metrics && p.influencer.name === 'Isabella Reyes');
  expect(withMetrics.length).toBeGreaterThan(0);
  target = withMetrics[0]!;
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

describe('post metrics with their source and age', () => {
  it('the business reads the provenance on its posts and refreshes a post once per window', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, BUSINESS, '/business');
    await page.goto(`/business/posts?tab=approved&campaign=${target.campaign.id}`);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByTestId('post-metrics') })
      .first();
    await row.waitFor();
    const provenance = row.getByTestId('metric-provenance');
    // The seeded figures are estimates from the day the post was reviewed.
    await expect.poll(() => provenance.textContent()).toMatch(/^estimated · \d+ (day|days|week|weeks) ago: /);
    expect(await provenance.getAttribute('data-source')).toBe('estimated');
    // The figures are there with their names (a screen reader reads "1,234 likes").
    await expect.poll(() => row.getByLabel(/ likes$/).count()).toBe(1);
    await expect.poll(() => row.getByLabel(/ impressions$/).count()).toBe(1);
    // The method opens in a tooltip on keyboard focus.
    await provenance.focus();
    await page
      .getByRole('tooltip')
      .filter({ hasText: /^Estimated from / })
      .waitFor();
    await pageScreenshot(page, 'post-metrics-business-1280');

    await row.getByRole('button', { name: /^Refresh metrics of / }).click();
    await expect.poll(() => provenance.textContent()).toMatch(/^estimated · just now: /);
    // Again within the window: the API's message, in words, under the button.
    await row.getByRole('button', { name: /^Refresh metrics of / }).click();
    const alert = row.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe(POST_METRICS_MESSAGE.refreshTooSoon(METRICS_REFRESH_MINUTES));
    await pageScreenshot(page, 'post-metrics-refresh-too-soon-1280');
    // The provenance, the button and its message pass axe (WCAG 2.2 AA: contrast, names).
    expect(await axeViolations(page)).toEqual([]);

    // The campaign page's results say where the summed figures come from.
    await page.goto(`/business/campaigns/${target.campaign.id}`);
    const results = page.getByRole('region', { name: 'Results' });
    await expect
      .poll(() => results.getByTestId('metric-provenance').textContent())
      .toMatch(/^\d+ estimated · oldest (just now|\d+ \w+ ago): /);
    await pageScreenshot(page, 'post-metrics-campaign-1280');

    // The campaign report's top posts and the dashboard's campaign results use the same provenance.
    await page.goto(`/business/campaigns/${target.campaign.id}/report`);
    await expect
      .poll(() => page.getByTestId('metric-provenance').first().textContent())
      .toMatch(/^(estimated|measured) · (just now|\d+ \w+ ago): /);
    // The dashboard lists the active campaigns (the demo's Ultralight Tent Field Test has an approved post).
    await page.goto('/business');
    await expect
      .poll(() => page.getByRole('article').getByTestId('metric-provenance').first().textContent())
      .toMatch(/^\d+ estimated · oldest (just now|\d+ \w+ ago): /);
    await context.close();
  });

  it('at 375 px: the posts cards and the campaign results; the influencer sees the provenance, no refresh', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 812);
    await signInAs(page, BUSINESS, '/business');
    await page.goto(`/business/posts?tab=approved&campaign=${target.campaign.id}`);
    await page.getByTestId('metric-provenance').first().waitFor();
    await visible(page, 'Refresh metrics');
    await pageScreenshot(page, 'post-metrics-business-375');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/business/campaigns/${target.campaign.id}`);
    await page.getByRole('region', { name: 'Results' }).getByTestId('metric-provenance').waitFor();
    await settled(page);
    await pageScreenshot(page, 'post-metrics-campaign-375');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    const influencer = await newPage(browser, server.url, 375, 812);
    await signInAs(influencer.page, 'influencer@reach.local', '/influencer');
    await influencer.page.goto(`/influencer/connections/${target.connection_id}`);
    const item = influencer.page.getByTestId(`post-${target.id}`);
    await item.getByTestId('metric-provenance').waitFor();
    expect(await item.getByRole('button', { name: /^Refresh metrics/ }).count()).toBe(0);
    await pageScreenshot(influencer.page, 'post-metrics-connection-influencer-375');
    await influencer.context.close();
  });
});
