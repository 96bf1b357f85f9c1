import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatUsd } from '@reach/contract/money';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, launchBrowser, newPage, type Server, startServer } from './lib/harness';
import {
  dialogScreenshot,
  dismissPrompts,
  drawPng,
  fillCard,
  fundCampaign,
  pageScreenshot,
  settled,
  visible,
} from './lib/steps';

/*
 * Issue 12's acceptance journey: the whole loop as a new business would run it, in one browser.
 * A business signs up and confirms its code → its Pro trial has 50 discovery credits → it searches the United
 * States narrowed to Los Angeles (every result in Los Angeles) → it invites a discovered creator by mail and two
 * more from a CSV → the three are on the campaign's outreach with their status → the creator opens the mailed
 * link (Opened), signs up through it (Signed up) and accepts (Accepted) → she submits a post → the business
 * previews it in the app and approves it → the campaign's budget shows committed, spent and remaining from the
 * ledger → she withdraws exactly her balance, a larger amount refused. Screenshots at 1280 and 375 px.
 */

let server: Server;
let browser: Browser;
const stamp = Date.now().toString(36).slice(-6);
const BUSINESS_EMAIL = `loop-business-${stamp}@example.com`;
const CREATOR_EMAIL = `loop-creator-${stamp}@example.com`;
const CSV_EMAILS = [`loop-csv-a-${stamp}@example.com`, `loop-csv-b-${stamp}@example.com`];
const PASSWORD = 'Harbor-Lights-204';
const TITLE = `Sunset Serum Launch ${stamp}`;
const PER_POST = 12_500;
const BUDGET = 50_000;
const CAPTION = 'Golden hour, golden skin: my Sunset Serum routine. #ad';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reach-loop-'));
let campaignId = 0;
let connectionId = 0;
/** The discovered creator's name, as discovery showed it. */
let invitedName = '';

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Signs up through the register form and the mailed code; lands signed in on the role's dashboard. */
async function signUp(page: Page, email: string, given: string, family: string, dashboard: string) {
  await page.getByLabel(/^Given name/).fill(given);
  await page.getByLabel(/^Family name/).fill(family);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/auth\/confirm/);
  const code = await latestCode(server.url, email);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await page.waitForURL((url) => url.pathname === dashboard);
  await dismissPrompts(page);
}

async function signInWithPassword(page: Page, email: string, dashboard: string) {
  await page.goto('/auth/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === dashboard);
  await dismissPrompts(page);
}

/** Opens a signed-in page (a full load) and closes the prompts a new account gets on each load. */
async function open(page: Page, pathname: string) {
  await page.goto(pathname);
  await dismissPrompts(page);
}

async function token(email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The mails the dev outbox holds for an address, newest first. */
async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: { subject: string; text: string }[] }).messages;
}

/** The outreach card of the campaign page: a record's row by the creator's email. */
const outreach = (page: Page) => page.getByRole('region', { name: 'Outreach', exact: true });
const outreachRow = (page: Page, email: string) =>
  outreach(page).getByRole('listitem').filter({ hasText: email });

async function outreachStatus(page: Page, email: string, status: string) {
  await open(page, `/business/campaigns/${campaignId}`);
  await outreachRow(page, email).getByText(status, { exact: true }).waitFor({ timeout: 20_000 });
}

/** A line of the campaign page's budget card ("Committed", "Spent", "Remaining"): its label and amount. */
async function budgetLine(page: Page, label: string): Promise<string> {
  const budget = page
    .locator('.mantine-Paper-root')
    .filter({ has: page.getByRole('heading', { name: 'Budget', exact: true }) });
  const line = budget.getByText(label, { exact: true }).locator('xpath=../..');
  return (await line.textContent()) ?? '';
}

/** The credits badge of the discovery pages ("50 credits"). */
async function credits(page: Page): Promise<number> {
  const label = await page.getByLabel(/^\d+ credits$/).getAttribute('aria-label');
  return Number(label?.match(/^(\d+)/)?.[1]);
}

async function balance(page: Page): Promise<number> {
  const text = (await page.getByTestId('available-balance').textContent()) ?? '';
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

describe('the business loop, as a new business runs it', () => {
  it('signs up on the Pro trial with 50 credits and finds creators in Los Angeles only', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth/register');
    await page.getByText("I'm a business").click();
    await signUp(page, BUSINESS_EMAIL, 'Lena', 'Loop', '/business');
    await visible(page, '7 days left');

    // A campaign to invite into: created, funded with a card and published (the wizard has its own journey).
    const access = await token(BUSINESS_EMAIL);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const created = await fetch(`${server.url}/api/v1/campaigns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type_id: 2,
        title: TITLE,
        start_date: day(0),
        end_date: day(21),
        description: 'Show your golden-hour routine with the Sunset Serum.',
        total_budget_cents: BUDGET,
        amount_per_post_cents: PER_POST,
        max_posts_per_influencer: 1,
      }),
    });
    expect(created.status).toBe(201);
    campaignId = ((await created.json()) as { id: number }).id;
    await open(page, '/business/payments');
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    // Its first card becomes the default one.
    await page.getByRole('button', { name: 'Add card' }).click();
    const card = await fillCard(page, '4242424242424242');
    await card.getByRole('button', { name: 'Save card' }).click();
    await card.waitFor({ state: 'hidden' });
    await visible(page, 'Visa •••• 4242 saved as your default card.');
    await fundCampaign(page, TITLE, /Visa •••• 4242/, formatUsd(BUDGET));
    await open(page, `/business/campaigns/${campaignId}`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await visible(page, 'Campaign published. Influencers can now find it.');

    // The trial's credits, granted once through the credit ledger.
    await page.goto('/business/discovery/search');
    await visible(page, 'Find your next influencers');
    await expect.poll(() => credits(page)).toBe(50);

    // United States is preselected; Los Angeles inside it narrows the search, and the panel says so.
    const panel = page.getByRole('form', { name: 'Search filters' });
    await panel.getByRole('button', { name: /^Remove United States/ }).waitFor();
    const location = panel.getByLabel('Location', { exact: true });
    await location.fill('Los Angeles');
    await location.press('Enter');
    await page.getByRole('option', { name: /^Los Angeles, California, United States/ }).click();
    await panel.getByText('Creators in Los Angeles (within United States)').waitFor();
    await panel.getByRole('button', { name: /^Search \(/ }).click();
    const cards = page.getByTestId('discovery-card');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Each card's place line ("city, state, country"): every one in Los Angeles.
    const places = await cards.evaluateAll((els) =>
      els.map(
        (el) =>
          [...el.querySelectorAll('[title]')]
            .map((t) => t.getAttribute('title') ?? '')
            .find((t) => t.endsWith('United States')) ?? '',
      ),
    );
    for (const place of places) expect(place).toBe('Los Angeles, California, United States');
    await expect.poll(() => credits(page)).toBe(49);
    await pageScreenshot(page, 'loop-search-los-angeles-1280');

    // A discovered creator invited by mail: her address given, the message and the campaign chosen.
    // (A creator already on REACH — Isabella lives in Los Angeles — is invited in the app instead.)
    const first = cards.filter({ hasNot: page.getByText('On REACH', { exact: true }) }).first();
    await first.getByRole('button', { name: /^Invite .* to a campaign$/ }).click();
    const invite = page.getByRole('dialog', { name: /^Invite .* to a campaign$/ });
    await invite.waitFor();
    invitedName = (await invite.getAttribute('aria-label'))?.match(/^Invite (.*) to a campaign$/)?.[1] ?? '';
    if (!invitedName) {
      const labelledBy = await invite.getAttribute('aria-labelledby');
      const title = labelledBy ? await page.locator(`[id="${labelledBy}"]`).textContent() : '';
      invitedName = title?.match(/^Invite (.*) to a campaign$/)?.[1] ?? '';
    }
    expect(invitedName).not.toBe('');
    await invite.getByRole('combobox', { name: /^Campaign/ }).click();
    await page.getByRole('option', { name: TITLE }).click();
    await invite
      .getByLabel(/^Message/)
      .fill('We love your golden-hour posts: join our Sunset Serum launch, $125 per approved post.');
    await invite.getByLabel(/^Email address/).fill(CREATOR_EMAIL);
    await dialogScreenshot(page, 'loop-invite-by-mail-1280');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await mailsTo(CREATOR_EMAIL)).length).toBe(1);
    await context.close();
  });

  it('invites two more from a CSV; the three are on the campaign with their status, also at 375 px', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInWithPassword(page, BUSINESS_EMAIL, '/business');
    await open(page, `/business/campaigns/${campaignId}`);
    const csv = path.join(tmp, 'loop-invitations.csv');
    fs.writeFileSync(
      csv,
      [
        'instagram_username,email',
        `sunny_loop_${stamp},${CSV_EMAILS[0]}`,
        `dusk_loop_${stamp},${CSV_EMAILS[1]}`,
      ].join('\n'),
    );
    await page.getByLabel('CSV file of influencers to invite').setInputFiles(csv);
    await visible(page, 'Finished', 30_000);
    await visible(page, /2 invited/);
    // Both were really mailed the campaign's link, and the three are on the outreach card as sent.
    for (const email of CSV_EMAILS) {
      await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
      expect((await mailsTo(email))[0]?.text).toContain('/auth/register?type=influencer&invite=');
    }
    for (const email of [CREATOR_EMAIL, ...CSV_EMAILS])
      await outreachRow(page, email).getByText('Sent', { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => outreach(page).getByRole('listitem').count()).toBe(3);
    // The discovered creator is named as discovery showed her, not by her address alone.
    await outreachRow(page, CREATOR_EMAIL).getByText(invitedName, { exact: true }).waitFor();
    await pageScreenshot(page, 'loop-campaign-outreach-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await outreach(page).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await pageScreenshot(page, 'loop-campaign-outreach-375');
    await context.close();
  });

  it('the creator opens the mailed link, signs up through it and accepts; the outreach follows her', async () => {
    const mail = (await mailsTo(CREATOR_EMAIL))[0];
    const link = mail?.text.match(/https?:\/\/\S+\/auth\/register\?\S+/)?.[0];
    expect(link, 'the invitation mail carries a sign-up link').toBeTruthy();
    const invitePath = new URL(link!).pathname + new URL(link!).search;

    const creator = await newPage(browser, server.url);
    await creator.page.goto(invitePath);
    await creator.page.getByText('You are invited').waitFor();
    await creator.page.getByText(TITLE, { exact: false }).first().waitFor();

    const business = await newPage(browser, server.url);
    await signInWithPassword(business.page, BUSINESS_EMAIL, '/business');
    await outreachStatus(business.page, CREATOR_EMAIL, 'Opened');

    await signUp(creator.page, CREATOR_EMAIL, 'Maya', 'Sol', '/influencer');
    await outreachStatus(business.page, CREATOR_EMAIL, 'Signed up');

    // Her invitation waits among her connections; she accepts it.
    await open(creator.page, '/influencer/connections');
    const row = creator.page.getByRole('row', { name: new RegExp(TITLE) });
    await row.locator('a[href^="/influencer/connections/"]').first().click();
    await creator.page.waitForURL(/\/influencer\/connections\/\d+$/);
    connectionId = Number(new URL(creator.page.url()).pathname.split('/').pop());
    await creator.page.getByRole('button', { name: 'Accept' }).click();
    await visible(creator.page, 'Accepted');
    await outreachStatus(business.page, CREATOR_EMAIL, 'Accepted');
    await outreachRow(business.page, CREATOR_EMAIL).getByRole('link', { name: 'Open connection' }).waitFor();

    // Accepted and not yet paid: her posts are committed, nothing spent yet.
    await expect.poll(() => budgetLine(business.page, 'Committed')).toContain(formatUsd(PER_POST));
    await expect.poll(() => budgetLine(business.page, 'Spent')).toContain(formatUsd(0));
    await expect.poll(() => budgetLine(business.page, 'Remaining')).toContain(formatUsd(BUDGET - PER_POST));
    await pageScreenshot(business.page, 'loop-campaign-accepted-1280');
    await business.context.close();
    await creator.context.close();
  });

  it('she submits a post; the business previews it in the app and approves it; the budget moves', async () => {
    const creator = await newPage(browser, server.url);
    await signInWithPassword(creator.page, CREATOR_EMAIL, '/influencer');
    await open(creator.page, `/influencer/connections/${connectionId}`);
    await creator.page.getByRole('button', { name: 'Submit post' }).click();
    const submit = creator.page.getByRole('dialog', { name: 'Submit a post' });
    await submit.getByLabel(/^Post URL/).fill(`https://www.instagram.com/p/Sunset${stamp}/`);
    await submit.getByLabel(/^Caption/).fill(CAPTION);
    await submit.getByLabel('Add post media').setInputFiles({
      name: 'sunset.png',
      mimeType: 'image/png',
      buffer: await drawPng(creator.page, 30),
    });
    await submit.getByRole('img', { name: 'sunset.png' }).waitFor();
    await submit.getByRole('button', { name: 'Submit post' }).click();
    await submit.waitFor({ state: 'hidden' });
    await visible(creator.page, 'Post submitted. The business will review it.');
    await creator.context.close();

    const { context, page } = await newPage(browser, server.url);
    await signInWithPassword(page, BUSINESS_EMAIL, '/business');
    await open(page, '/business/posts');
    await page.getByRole('heading', { name: 'Posts', level: 1 }).waitFor();
    const who = `Maya Sol's post for ${TITLE}`;
    await page.getByRole('button', { name: `Approve ${who}` }).click();
    const approve = page.getByRole('dialog', { name: 'Approve this post?' });
    // The image in the dialog, loaded, with the caption: previewed in the app, not in a new tab.
    const image = approve.getByRole('button', { name: "Open image 1 of 1 from Maya Sol's post larger" });
    await image.waitFor();
    await expect
      .poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await approve.getByText(CAPTION).waitFor();
    await approve
      .getByText(`${formatUsd(PER_POST)} will be paid to Maya Sol from the campaign budget of "${TITLE}".`, {
        exact: false,
      })
      .waitFor();
    await dialogScreenshot(page, 'loop-approve-1280');
    await approve.getByRole('button', { name: `Approve and pay ${formatUsd(PER_POST)}` }).click();
    await approve.waitFor({ state: 'hidden' });
    await visible(page, `Post approved. ${formatUsd(PER_POST)} paid to Maya Sol.`);

    // Paid: spent, nothing more committed, the rest remaining — the ledger's figures.
    await open(page, `/business/campaigns/${campaignId}`);
    await expect.poll(() => budgetLine(page, 'Spent')).toContain(formatUsd(PER_POST));
    await expect.poll(() => budgetLine(page, 'Committed')).toContain(formatUsd(0));
    await expect.poll(() => budgetLine(page, 'Remaining')).toContain(formatUsd(BUDGET - PER_POST));
    await pageScreenshot(page, 'loop-campaign-paid-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await pageScreenshot(page, 'loop-campaign-paid-375');
    await context.close();
  });

  it('she withdraws exactly her balance; more than it is refused where she types it', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 812);
    await signInWithPassword(page, CREATOR_EMAIL, '/influencer');
    await open(page, '/influencer/payments');
    await page.getByTestId('available-balance').waitFor();
    await expect.poll(() => balance(page)).toBe(PER_POST);

    await page.getByRole('button', { name: 'Add bank account' }).first().click();
    const account = page.getByRole('dialog', { name: 'Payout account' });
    await account.getByLabel(/^Name on the account/).fill('Maya Sol');
    await account.getByLabel(/^Routing number/).fill('110000000');
    await account.getByLabel(/^Account number/).fill('000123456789');
    await account.getByRole('button', { name: 'Save account' }).click();
    await account.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw to your bank' });
    const amount = withdraw.getByLabel(/^Amount/);
    await amount.fill('200');
    const over = withdraw.getByRole('button', { name: 'Withdraw $200.00' });
    await over.waitFor();
    expect(await over.isDisabled()).toBe(true);
    await dialogScreenshot(page, 'loop-withdraw-over-balance-375');
    await amount.fill('125');
    await withdraw.getByRole('button', { name: `Withdraw ${formatUsd(PER_POST)}` }).click();
    await withdraw.waitFor({ state: 'hidden' });
    await visible(page, new RegExp(`^\\${formatUsd(PER_POST)} is on its way to`));
    await expect.poll(() => balance(page)).toBe(0);
    await pageScreenshot(page, 'loop-withdrawn-375');
    await context.close();
  });
});
