import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { apiCall, apiToken, dialogScreenshot, pageScreenshot, signInAs, visible } from './lib/steps';

/*
 * Issue 12 in a real browser: members and the index are one world. Business "pro" searches for creators
 * similar to @bella.glows: Isabella (influencer@reach.local) is the exact match, marked "On REACH" with her
 * index figures; "Invite" makes an in-app invitation (a connection she sees), "Message" opens the campaign's
 * conversation with her. The admin's Instagram search finds her as a member with a link to her user.
 * Screenshots at 1280 and 375 px.
 */

let server: Server;
let browser: Browser;

beforeAll(async () => {
  // Seed-neutral env: the run's shared seeded data dir (the demo's index holds @bella.glows).
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  if (process.env.E2E_SERVER_LOG) fs.writeFileSync(process.env.E2E_SERVER_LOG, server?.output() ?? '');
  await browser?.close();
  await server?.stop();
});

const token = (email: string) => apiToken(server.url, email);
const cards = (page: Page) => page.getByTestId('discovery-card');
type Connections = { data: { id: number; status: string; campaign: { id: number; title: string | null } }[] };

/** Isabella's connections, as she sees them. */
async function bellaConnections(): Promise<Connections['data']> {
  const access = await token('influencer@reach.local');
  return (await apiCall<Connections>(server.url, access, '/my/connections?items=100')).data;
}

async function searchSimilarToBella(page: Page) {
  await page.goto('/business/discovery/search');
  await visible(page, 'Find your next influencers');
  const panel = page.getByRole('form', { name: 'Search filters' });
  await panel.getByRole('textbox', { name: /^Similar to/ }).fill('bella.glows');
  await panel.getByRole('button', { name: /^Search \(/ }).click();
  const card = cards(page).filter({ hasText: '@bella.glows' }).first();
  await card.waitFor({ timeout: 20_000 });
  return card;
}

describe('discovery members', () => {
  it('pro finds @bella.glows on REACH, invites her in-app to a campaign and messages her', async () => {
    // A campaign of pro's Isabella has no connection with yet.
    const pro = await token('pro@reach.local');
    const active = (
      await apiCall<{ data: { id: number; title: string | null }[] }>(server.url, pro, '/campaigns/active')
    ).data;
    const taken = new Set((await bellaConnections()).map((c) => c.campaign.id));
    const campaign = active.find((c) => !taken.has(c.id) && c.title);
    expect(campaign, 'pro has an active campaign without Isabella').toBeTruthy();

    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'pro@reach.local', '/business');
    const card = await searchSimilarToBella(page);
    await card.getByText('On REACH').waitFor();
    await card.getByText('Exact match').waitFor();
    // Her figures come from her index entry (48.6K followers, 4.10 % engagement).
    await card.getByText('48.6K').waitFor();
    await card.getByText('Los Angeles, California, United States').waitFor();
    await pageScreenshot(page, 'discovery-members-search-1280');

    // Invite in-app: the connections invitation, no email asked for.
    await card.getByRole('button', { name: 'Invite Isabella Reyes to a campaign in REACH' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Isabella Reyes to a campaign' });
    await invite.getByText(/is on REACH: the invitation arrives in their account/).waitFor();
    expect(await invite.getByLabel(/^Email address/).count()).toBe(0);
    await invite.getByRole('combobox', { name: /^Campaign/ }).click();
    await page.getByRole('option', { name: campaign!.title!, exact: true }).click();
    await invite.getByLabel(/^Note/).fill('Your slow-morning routines fit our launch.');
    await dialogScreenshot(page, 'discovery-members-invite-1280');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await visible(page, 'Isabella Reyes is invited. They will be notified in REACH.');
    await invite.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await bellaConnections()).filter((c) => c.campaign.id === campaign!.id))
      .toEqual([expect.objectContaining({ status: 'invited' })]);

    // Inviting her again to the same campaign is refused with the API's sentence, nothing added.
    await card.getByRole('button', { name: 'Invite Isabella Reyes to a campaign in REACH' }).click();
    await invite.getByRole('combobox', { name: /^Campaign/ }).click();
    await page.getByRole('option', { name: campaign!.title!, exact: true }).click();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByRole('alert').waitFor();
    await invite.getByRole('button', { name: 'Cancel' }).click();
    expect((await bellaConnections()).filter((c) => c.campaign.id === campaign!.id)).toHaveLength(1);

    // Message: choose the campaign, write, send → the campaign page with the conversation.
    await card.getByRole('button', { name: 'Message Isabella Reyes' }).click();
    const message = page.getByRole('dialog', { name: 'Message Isabella Reyes' });
    await message.getByRole('combobox', { name: /^Campaign/ }).click();
    await page.getByRole('option', { name: campaign!.title!, exact: true }).click();
    await message
      .getByRole('textbox', { name: /^Message/ })
      .fill('Hi Isabella! Happy to answer any question about the brief.');
    await dialogScreenshot(page, 'discovery-members-message-1280');
    await message.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`**/business/campaigns/${campaign!.id}?influencer=*`);
    await visible(page, 'Conversation with Isabella Reyes');
    await visible(page, 'Hi Isabella! Happy to answer any question about the brief.');
    await context.close();
  });

  it('375 px: the member card keeps its badge and its four actions in the column', async () => {
    const { context, page } = await newPage(browser, server.url, 375, 760);
    await signInAs(page, 'pro@reach.local', '/business');
    await page.goto('/business/discovery/search?like=bella.glows&search=1');
    const card = cards(page).filter({ hasText: '@bella.glows' }).first();
    await card.waitFor({ timeout: 20_000 });
    await card.getByText('On REACH').waitFor();
    for (const name of [/^Open the full report/, /^Save .* to lists$/, /^Invite .* in REACH$/, /^Message /])
      await card.getByRole('button', { name }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await pageScreenshot(page, 'discovery-members-search-375');
    await context.close();
  });

  it('the admin Instagram search finds @bella.glows as a member, linked to her user', async () => {
    for (const [width, height] of [
      [1280, 800],
      [375, 760],
    ] as const) {
      const { context, page } = await newPage(browser, server.url, width, height);
      await signInAs(page, 'admin@reach.local', '/admin');
      await page.goto('/admin/instagram-search');
      await page.getByLabel('Instagram username').fill('@bella.glows');
      await page.getByRole('button', { name: 'Look up' }).click();
      const member = page.getByRole('region', { name: 'REACH member' });
      await member.getByText('Isabella Reyes').waitFor();
      await member.getByText('On REACH').waitFor();
      await member.getByText(/influencer@reach\.local/).waitFor();
      // The report of her index entry is there too.
      await visible(page, 'Audience credibility:');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await pageScreenshot(page, `admin-instagram-search-member-${width}`);
      if (width === 1280) {
        await member.getByRole('link', { name: 'Open in Users' }).click();
        await page.waitForURL(/\/admin\/users\?.*user=\d+/);
      }
      await context.close();
    }
  });
});
