import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { conversion } from '@reach/contract/attribution';
import { formatUsd } from '@reach/contract/money';
import {
  type CampaignReport,
  DEFAULT_EMV_RATES,
  emvCents,
  emvFormula,
  postEmvUnits,
} from '@reach/contract/reports';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import {
  apiCall,
  apiToken,
  pageScreenshot,
  parseCsv,
  pdfText,
  settled,
  signInAs,
  visible,
} from './lib/steps';

/*
 * Issue 14, acceptance: a cash campaign's results on its report. Set up through the API (the wizard, funding,
 * applying, accepting and reviewing posts each have their own journey in the browser): Lumen (business "trial")
 * creates a cash campaign — $150.00 per approved post, URL tracking on, its tracker URL a shop page this test
 * serves on loopback — funds its budget with its saved card and publishes it; Isabella (influencer@, her last
 * name set to one with letters beyond Latin-1) applies and is accepted, Lumen gives her a generated discount
 * code, she submits an Instagram post and Lumen approves it (paid from the budget, metrics estimated).
 * In the browser: Isabella copies her link and code on her connection page. Her audience follows the link from
 * two browsers (a phone twice within 30 minutes: counted once; a laptop), a bot's request is not counted; the
 * shop sees the UTM parameters and each click's id. Three orders arrive: one with her code and one with the
 * laptop's click id through POST /api/v1/conversions with an API key, one as a Shopify orders/create webhook
 * signed with Lumen's secret (HMAC-SHA256, base64, of the raw body) whose landing_site is the phone's landing.
 * Lumen opens the report from the campaign page at 1280 and 375 px: the clicks, the three conversions on
 * Isabella's row, the revenue, spend, EMV as the formula shown on the page computes it from the figures shown
 * (and from the posts CSV's per-post figures), ROAS, CPC and CPA from the figures shown and as computed by
 * hand; downloads the per-creator and top-posts CSVs and the PDF and reads them; opens her creator report.
 * Screenshots at 1280 and 375 px.
 */

type Conversion = z.infer<typeof conversion>;

let server: Server;
let browser: Browser;
let shop: http.Server;
let shopUrl = '';
/** The paths (with query strings) the shop's landing page was asked for: what Shopify reports as landing_site. */
const landings: string[] = [];

const TITLE = `Cash Glow ${Date.now().toString(36).slice(-5)}`;
const PER_POST = 15_000;
const BUDGET = 60_000;
const SECRET = 'shpss_e2e_reports_4f1a9c';
/** Ł is outside Windows-1252 (pdf-lib's standard fonts): the PDF needs its embedded Unicode font for it. */
const FIRST_NAME = 'Isabella';
const LAST_NAME = 'Núñez-Łukasik';
const NAME = `${FIRST_NAME} ${LAST_NAME}`;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

let lumen = '';
let campaignId = 0;
let connectionId = 0;
let isabellaId = 0;
let code = '';
let link = '';

beforeAll(async () => {
  shop = http.createServer((req, res) => {
    landings.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Lumen shop</title><h1>Glow Serum</h1></html>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();

  lumen = await apiToken(server.url, 'trial@reach.local');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  campaignId = (
    await apiCall<{ id: number }>(server.url, lumen, '/campaigns', {
      method: 'POST',
      body: {
        type_id: 2,
        title: TITLE,
        start_date: day(0),
        end_date: day(30),
        description:
          'Share your glow with our vitamin C serum; your link and code bring your audience to us.',
        url_tracking: true,
        tracker_url: `${shopUrl}/products/glow-serum`,
        total_budget_cents: BUDGET,
        amount_per_post_cents: PER_POST,
        max_posts_per_influencer: 1,
      },
    })
  ).id;
  // A cash campaign is published once its budget is paid: Lumen's default saved card.
  const funded = await apiCall<{ funding: { funded_cents: number } }>(
    server.url,
    lumen,
    `/campaign/${campaignId}/fund`,
    { method: 'POST', body: {} },
  );
  expect(funded.funding.funded_cents).toBe(BUDGET);
  await apiCall(server.url, lumen, `/campaign/${campaignId}/publish`, { method: 'POST' });

  const isabella = await apiToken(server.url, 'influencer@reach.local');
  const me = await apiCall<{ id: number }>(server.url, isabella, '/my/influencer', {
    method: 'PUT',
    body: { first_name: FIRST_NAME, last_name: LAST_NAME },
  });
  isabellaId = me.id;
  connectionId = (
    await apiCall<{ id: number }>(server.url, isabella, '/connections/apply', {
      method: 'POST',
      body: { campaign_id: campaignId, message: 'Vitamin C is my morning ritual.' },
    })
  ).id;
  await apiCall(server.url, lumen, `/connection/${connectionId}/accept`, { method: 'POST' });
  // No code typed: one is generated from her handle.
  const given = await apiCall<{ code: string; source: string }>(
    server.url,
    lumen,
    `/campaign/${campaignId}/codes/${isabellaId}`,
    { method: 'PUT', body: {} },
  );
  expect(given.source).toBe('generated');
  code = given.code;
  const post = await apiCall<{ id: number }>(server.url, isabella, '/posts', {
    method: 'POST',
    body: {
      connection_id: connectionId,
      platform: 'instagram',
      post_url: `https://www.instagram.com/p/CashGlow${campaignId}/`,
      caption: 'My morning glow, with a code for you. #ad',
    },
  });
  await apiCall(server.url, lumen, `/posts/${post.id}/approve`, { method: 'POST' });
}, 600_000);
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => shop?.close(resolve));
});

async function report(): Promise<CampaignReport> {
  return apiCall<CampaignReport>(server.url, lumen, `/campaign/${campaignId}/report`);
}

/** Clicks "Copy <label>" and reads the clipboard once that very button says "Copied" (the write is done). */
async function copied(page: Page, label: string): Promise<string> {
  const button = page.getByRole('button', { name: `Copy ${label}` });
  await button.click();
  await expect.poll(() => button.count()).toBe(0);
  return page.evaluate(() => navigator.clipboard.readText());
}

/** A visitor's browser following the link: where it landed (the shop's page) and the click id it carries. */
async function follow(context: Awaited<ReturnType<Browser['newContext']>>, referer?: string) {
  const page = await context.newPage();
  await page.goto(link, { referer });
  await page.getByRole('heading', { name: 'Glow Serum' }).waitFor();
  const landed = new URL(page.url());
  await page.close();
  return landed;
}

/** "$1,234.56" → 123456 */
const cents = (usd: string) => Math.round(Number(usd.replace(/[$,]/g, '')) * 100);
/** "1,234" → 1234 */
const count = (text: string) => Number(text.replace(/,/g, ''));

/** The Totals figures as shown: label → [value, how it is computed]. */
async function shownTotals(totals: Locator): Promise<Record<string, [string, string]>> {
  return totals.evaluate((section) =>
    Object.fromEntries(
      [...section.querySelectorAll('.mantine-SimpleGrid-root > *')].map((figure) => {
        const [label, value, how] = [...figure.children].map((c) => c.textContent ?? '');
        return [label, [value, how]];
      }),
    ),
  );
}

/** The shown formula's values for one platform, in hundredths of a cent (integers, as the formula's arithmetic). */
function shownRates(formula: string, platform: string) {
  const usd = String.raw`\$([\d,.]+)`;
  const m = formula.match(
    new RegExp(
      `${platform}: likes × ${usd} \\+ comments × ${usd} \\+ shares × ${usd} \\+ saves × ${usd} \\+ video views × ${usd} \\+ impressions ÷ 1,000 × ${usd}`,
    ),
  );
  expect(m, `the ${platform} line of the formula shown`).toBeTruthy();
  const [like, comment, share, save, view, perMille] = m!
    .slice(1)
    .map((v) => Math.round(Number(v.replace(/,/g, '')) * 10_000));
  return { like: like!, comment: comment!, share: share!, save: save!, view: view!, perMille: perMille! };
}

describe('a cash campaign’s report: link, code, clicks, three conversions, EMV and ROAS', () => {
  it('Isabella copies her tracked link and her discount code on her connection page', async () => {
    const { context, page } = await newPage(browser, server.url, 1280);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInAs(page, 'influencer@reach.local', '/influencer');
    await page.goto(`/influencer/connections/${connectionId}`);
    await visible(page, 'Your link and code');
    link = await copied(page, 'tracked link');
    expect(link).toMatch(new RegExp(`^${server.url.replace(/[.:/]/g, '\\$&')}/r/[A-Za-z0-9_-]{12}$`));
    await page.getByText(link, { exact: true }).waitFor();
    expect(await copied(page, 'discount code')).toBe(code);
    await page.getByText(code, { exact: true }).waitFor();
    await context.close();
  });

  it('her audience’s clicks count once per browser per 30 minutes, bots not at all; three orders are hers', async () => {
    const phone = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
    const laptop = await browser.newContext({ userAgent: LAPTOP, viewport: { width: 1280, height: 800 } });
    const fromInstagram = await follow(phone, 'https://l.instagram.com/');
    expect(`${fromInstagram.origin}${fromInstagram.pathname}`).toBe(`${shopUrl}/products/glow-serum`);
    expect(fromInstagram.searchParams.get('utm_source')).toBe('reach');
    expect(fromInstagram.searchParams.get('utm_medium')).toBe('influencer');
    expect(fromInstagram.searchParams.get('utm_campaign')).toMatch(new RegExp(`-${campaignId}$`));
    const phoneClick = fromInstagram.searchParams.get('rc_id') ?? '';
    expect(phoneClick).toMatch(/^[0-9a-f-]{36}$/);
    // The same phone again a moment later: a new click id, the same visitor.
    const again = await follow(phone, 'https://l.instagram.com/');
    expect(again.searchParams.get('rc_id')).not.toBe(phoneClick);
    const laptopClick = (await follow(laptop)).searchParams.get('rc_id') ?? '';
    expect(laptopClick).toMatch(/^[0-9a-f-]{36}$/);
    await phone.close();
    await laptop.close();
    const bot = await fetch(link, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(bot.status).toBe(302);
    // Clicks are stored off the request path: wait for them to be counted (never a fixed sleep).
    await expect
      .poll(async () => (await report()).totals.clicks, { timeout: 15_000 })
      .toEqual({ total: 3, unique: 2 });

    const key = (
      await apiCall<{ key: string }>(server.url, lumen, '/my/api-keys', {
        method: 'POST',
        body: { name: 'E2E shop' },
      })
    ).key;
    const now = new Date().toISOString();
    const order = async (body: object) => {
      const res = await fetch(`${server.url}/api/v1/conversions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Conversion;
    };
    const byCode = await order({
      order_id: `E2E-${campaignId}-1`,
      amount: '40.00',
      currency: 'USD',
      occurred_at: now,
      code: code.toLowerCase(),
    });
    expect(byCode).toMatchObject({ attributed_via: 'code', influencer_user_id: isabellaId });
    const byClick = await order({
      order_id: `E2E-${campaignId}-2`,
      amount: '60.00',
      currency: 'USD',
      occurred_at: now,
      click_id: laptopClick,
    });
    expect(byClick).toMatchObject({ attributed_via: 'click', influencer_user_id: isabellaId });

    const settings = await apiCall<{ shopify: { webhook_path: string } }>(
      server.url,
      lumen,
      '/my/attribution-settings',
      { method: 'PUT', body: { shopify_webhook_secret: SECRET } },
    );
    // Shopify's order: landing_site is the page the buyer first landed on, as the shop saw it.
    const landing = landings.find((l) => l.includes(phoneClick));
    expect(landing, 'the shop saw the phone’s landing').toBeTruthy();
    const raw = JSON.stringify({
      id: 5_500_000_000 + campaignId,
      total_price: '25.50',
      currency: 'USD',
      created_at: now,
      discount_codes: [],
      landing_site: landing,
    });
    const signed = (secret: string) => crypto.createHmac('sha256', secret).update(raw).digest('base64');
    const webhook = (signature: string) =>
      fetch(`${server.url}${settings.shopify.webhook_path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': signature },
        body: raw,
      });
    // A signature with another secret is refused, nothing stored.
    expect((await webhook(signed('shpss_not_lumens'))).status).toBe(401);
    const shopify = await webhook(signed(SECRET));
    expect(shopify.status).toBe(200);
    expect(await shopify.json()).toMatchObject({ received: true, attributed_via: 'click' });

    const conversions = await apiCall<{ data: Conversion[] }>(
      server.url,
      lumen,
      `/campaign/${campaignId}/conversions?items=50`,
    );
    expect(
      conversions.data
        .map((c) => [c.source, c.attributed_via, c.influencer_user_id, c.amount_cents])
        .sort((a, b) => Number(a[3]) - Number(b[3])),
    ).toEqual([
      ['shopify', 'click', isabellaId, 2550],
      ['api', 'code', isabellaId, 4000],
      ['api', 'click', isabellaId, 6000],
    ]);
  });

  it('the report shows them, EMV and ROAS as the shown formula computes them; CSV and PDF open', async () => {
    const r = await report();
    // Hand-computed: one approved post at $150.00; $40.00 + $60.00 + $25.50 of orders; 2 unique clicks.
    expect(r.totals.spend).toMatchObject({ cents: 15_000, paid_cents: 15_000, product_cents: 0 });
    expect(r.totals.conversions).toBe(3);
    expect(r.totals.revenue_usd_cents).toBe(12_550);
    expect(r.totals.ratios.roas.value).toBe(0.84); // 125.50 ÷ 150.00 = 0.8367
    expect(r.totals.ratios.cpa.value).toBe(5_000); // $150.00 ÷ 3
    expect(r.totals.ratios.cpc.value).toBe(7_500); // $150.00 ÷ 2
    expect(r.totals.posts).toBe(1);
    const [post] = r.top_posts;
    expect(post).toMatchObject({ platform: 'instagram', creator: NAME, metrics: { source: 'estimated' } });
    expect(r.totals.engagements).toBeGreaterThan(0);
    // EMV by the contract's formula from the post's own figures.
    expect(r.method.emv_formula).toBe(emvFormula(DEFAULT_EMV_RATES));
    expect(r.totals.emv_cents).toBe(emvCents(postEmvUnits({ ...post!, reach: null }, DEFAULT_EMV_RATES)));
    expect(r.totals.emv_cents).toBeGreaterThan(0);
    const row = r.creators.find((c) => c.influencer_user_id === isabellaId);
    expect(row).toMatchObject({
      name: NAME,
      conversions: 3,
      revenue_usd_cents: 12_550,
      clicks: { total: 3, unique: 2 },
      emv_cents: r.totals.emv_cents,
    });

    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, server.url, width, width === 375 ? 812 : 800);
      await signInAs(page, 'trial@reach.local', '/business');
      await page.goto(`/business/campaigns/${campaignId}`);
      await page.getByRole('link', { name: 'Report' }).click();
      await page.waitForURL(`**/business/campaigns/${campaignId}/report`);
      await visible(page, `Report: ${TITLE}`);
      await settled(page);

      // The figures as shown, and what the formulas shown make of them.
      const shown = await shownTotals(page.getByRole('region', { name: 'Totals' }));
      const spend = cents(shown.Spend![0]);
      const revenue = cents(shown.Revenue![0]);
      const conversions = count(shown.Conversions![0]);
      const clicks = count(shown.Clicks![0]);
      const engagements = count(shown.Engagements![0]);
      const impressions = count(shown.Impressions![0]);
      expect([spend, revenue, conversions, clicks]).toEqual([15_000, 12_550, 3, 2]);
      expect(shown.Clicks![1]).toContain('3 in all, bots left out');
      expect(shown.Spend![1]).toMatch(/^\$150\.00 paid to creators \+ \$0\.00 of product/);
      expect([engagements, impressions]).toEqual([r.totals.engagements, r.totals.impressions]);
      const formula = (await page.getByTestId('emv-formula').textContent()) ?? '';
      expect(formula).toBe(r.method.emv_formula);
      // The one post is on Instagram: with one value for every engagement type and its video views (none: not
      // a video) valued at $0, the shown engagements and impressions are all the formula needs.
      const rate = shownRates(formula, 'Instagram');
      expect([rate.comment, rate.share, rate.save, rate.view]).toEqual([rate.like, rate.like, rate.like, 0]);
      const emv = Math.round((engagements * rate.like + (impressions * rate.perMille) / 1000) / 100);
      expect(shown.EMV![0]).toBe(formatUsd(emv));
      expect(shown.EMV![0]).toBe(formatUsd(r.totals.emv_cents));
      expect(shown.ROAS![0]).toBe(`${(Math.round((revenue / spend) * 100) / 100).toFixed(2)}×`);
      expect(shown.ROAS![0]).toBe('0.84×');
      expect(shown.ROAS![1]).toBe(
        'ROAS = revenue in USD ÷ spend (revenue in other currencies is listed, not converted)',
      );
      expect(shown.CPC![0]).toBe(formatUsd(Math.round(spend / clicks)));
      expect(shown.CPC![0]).toBe('$75.00');
      expect(shown.CPA![0]).toBe(formatUsd(Math.round(spend / conversions)));
      expect(shown.CPA![0]).toBe('$50.00');

      // Isabella's row: a table on a wide screen, a card on a phone.
      const creatorFigures =
        width === 1280
          ? await page
              .getByRole('table', { name: 'Per creator' })
              .getByRole('row', { name: new RegExp(NAME) })
              .getByRole('cell')
              .allTextContents()
          : await page
              .getByRole('list', { name: 'Per creator' })
              .getByRole('listitem')
              .filter({ hasText: NAME })
              .locator('.mantine-SimpleGrid-root > *')
              .allTextContents();
      const figures = [
        formatUsd(15_000),
        '2',
        '3',
        '$125.50',
        r.totals.engagements.toLocaleString('en-US'),
        formatUsd(emv),
        '0.84×',
      ];
      const names = ['Spend', 'Clicks', 'Conversions', 'Revenue', 'Engagements', 'EMV', 'ROAS'];
      expect(creatorFigures.slice(width === 1280 ? 1 : 0)).toEqual(
        width === 1280 ? figures : figures.map((f, i) => `${names[i]}: ${f}`),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await pageScreenshot(page, `reports-campaign-${width}`);

      if (width === 1280) {
        // The per-creator CSV: her row with the same figures.
        const csvDownload = page.waitForEvent('download');
        await page.getByRole('region', { name: 'Per creator' }).getByRole('button', { name: 'CSV' }).click();
        const csv = await csvDownload;
        expect(csv.suggestedFilename()).toBe(`campaign-${campaignId}-creators.csv`);
        const [header, ...rows] = parseCsv(fs.readFileSync((await csv.path()) as string, 'utf8'));
        const column = (name: string) => header!.indexOf(name);
        expect(header!.slice(0, 3)).toEqual(['Creator', 'Handle', 'Spend (USD)']);
        const mine = rows.find((cells) => cells[0] === NAME);
        expect(mine, `${NAME} in the CSV`).toBeTruthy();
        expect(mine![column('Spend (USD)')]).toBe('150.00');
        expect(mine![column('Clicks (unique)')]).toBe('2');
        expect(mine![column('Clicks (total)')]).toBe('3');
        expect(mine![column('Conversions')]).toBe('3');
        expect(mine![column('Revenue (USD)')]).toBe('125.50');
        expect(mine![column('EMV (USD)')]).toBe((emv / 100).toFixed(2));
        expect(mine![column('CPA (USD)')]).toBe('50.0000');
        expect(mine![column('ROAS')]).toBe('0.84');

        // The top posts CSV: the post's own figures, and the shown formula applied to each of them.
        const postsDownload = page.waitForEvent('download');
        await page.getByRole('button', { name: 'CSV' }).first().click();
        await page.getByRole('menuitem', { name: 'Top posts (CSV)' }).click();
        const postsCsv = await postsDownload;
        expect(postsCsv.suggestedFilename()).toBe(`campaign-${campaignId}-posts.csv`);
        const [postHeader, postRow] = parseCsv(fs.readFileSync((await postsCsv.path()) as string, 'utf8'));
        const cell = (name: string) => Number(postRow![postHeader!.indexOf(name)] || 0);
        expect(postRow![0]).toBe(NAME);
        expect(cell('Likes')).toBeGreaterThan(0);
        const units =
          cell('Likes') * rate.like +
          cell('Comments') * rate.comment +
          cell('Shares') * rate.share +
          cell('Saves') * rate.save +
          cell('Video views') * rate.view +
          (cell('Impressions') * rate.perMille) / 1000;
        expect(formatUsd(Math.round(units / 100))).toBe(shown.EMV![0]);
        expect(cell('Likes') + cell('Comments') + cell('Shares') + cell('Saves')).toBe(engagements);

        // The PDF: opened and read — the campaign, her name in its scripts, the EMV formula and the figures.
        const pdfDownload = page.waitForEvent('download');
        await page.getByRole('button', { name: 'PDF' }).click();
        const pdf = await pdfDownload;
        expect(pdf.suggestedFilename()).toBe(`campaign-${campaignId}-report.pdf`);
        const bytes = fs.readFileSync((await pdf.path()) as string);
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect((await PDFDocument.load(bytes)).getTitle()).toBe(`Campaign report: ${TITLE}`);
        // Each line as drawn: a label and its value(s) run together (the reader's copy-paste of a table row).
        const lines = (await pdfText(bytes)).flat();
        expect(lines).toContain(TITLE);
        expect(lines).toContain('Spend$150.00');
        expect(lines).toContain('Clicks (unique / total)2 / 3');
        expect(lines).toContain('Conversions3');
        expect(lines).toContain('Revenue$125.50');
        expect(lines).toContain(`Engagements${shown.Engagements![0]}`);
        expect(lines).toContain(`Impressions${shown.Impressions![0]}`);
        expect(lines).toContain(`EMV${shown.EMV![0]}`);
        expect(lines).toContain('ROAS0.84×');
        expect(lines).toContain(
          formula
            .split('\n')
            .find((l) => l.includes('Instagram:'))!
            .trim(),
        );
        // Her row of the per-creator table: name, spend, clicks, conversions, revenue, EMV, ROAS.
        expect(lines).toContain(`${NAME}$150.0023$125.50${shown.EMV![0]}0.84×`);

        // Her report across Lumen's campaigns.
        await page.getByRole('region', { name: 'Per creator' }).getByRole('link', { name: NAME }).click();
        await page.waitForURL(`**/business/reports/creators/${isabellaId}`);
        await visible(page, `Report: ${NAME}`);
        await visible(page, 'Per campaign');
        // This campaign's row of her report: the same figures as her row of the campaign's.
        expect(
          (
            await page
              .getByRole('table', { name: 'Per campaign' })
              .getByRole('row', { name: new RegExp(TITLE) })
              .getByRole('cell')
              .allTextContents()
          ).slice(1),
        ).toEqual(figures);
        await pageScreenshot(page, 'reports-creator-1280');
      }
      await context.close();
    }
  });

  it('lets the business set its EMV values, and the report follows them', async () => {
    const { context, page } = await newPage(browser, server.url, 1280);
    await signInAs(page, 'trial@reach.local', '/business');
    await page.goto('/business/settings/attribution');
    await visible(page, 'Earned media value (EMV)');
    const like = page.getByLabel('Instagram: per like');
    await like.fill('150');
    await page.getByRole('button', { name: 'Save EMV values' }).click();
    await visible(page, 'Enter a value from $0 to $100, with at most 4 decimal places.');
    await like.fill('0.5');
    await page.getByRole('button', { name: 'Save EMV values' }).click();
    await visible(page, 'Your values');
    await visible(page, /likes × \$0\.50/);
    await pageScreenshot(page, 'reports-emv-settings-1280');
    const r = await report();
    expect(r.method.emv_rates.instagram.like).toBe(0.5);
    expect(r.method.emv_formula).toContain('Instagram: likes × $0.50');
    const [post] = r.top_posts;
    expect(r.totals.emv_cents).toBe(emvCents(postEmvUnits({ ...post!, reach: null }, r.method.emv_rates)));
    await page.getByRole('button', { name: 'Use REACH defaults' }).click();
    await visible(page, 'REACH defaults');
    await context.close();
  });
});
