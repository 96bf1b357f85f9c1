import type { CampaignsPage } from '@reach/contract/campaigns';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { apiCall, apiToken, expectAbsentFor, loaded, pageScreenshot, signInAs, visible } from './lib/steps';

/*
 * Issue 13, deviation 5 (spec §7): GET /campaigns/business takes `tag` and GET /campaigns/browse takes
 * `myCampaigns`; the business's campaigns page filters by interest and the influencer's by "My campaigns",
 * each sent to the server, changing the list and kept in the URL across a reload.
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

const sent = (pathname: string, key: string, value: string) => (response: Response) => {
  const url = new URL(response.url());
  return url.pathname === `/api/v1${pathname}` && url.searchParams.get(key) === value;
};

describe('campaign list filters of spec §7', () => {
  it("the business's campaigns filter by interest (tag), in the URL", async () => {
    const token = await apiToken(server.url, 'pro@reach.local');
    const all = await apiCall<CampaignsPage>(server.url, token, '/campaigns/business?items=100');
    const firstPage = all.data.slice(0, 10);
    // An interest some campaigns on the first page have and others do not.
    const interest = firstPage
      .flatMap((c) => c.interests)
      .find((i) => firstPage.some((c) => c.title && !c.interests.some((x) => x.id === i.id)));
    expect(interest, 'a demo interest that splits the first page').toBeDefined();
    const tag = interest!.id;
    const tagged = await apiCall<CampaignsPage>(server.url, token, `/campaigns/business?tag=${tag}`);
    const kept = tagged.data.find((c) => c.title)!.title!;
    const taggedTitles = new Set(
      all.data.filter((c) => c.interests.some((x) => x.id === tag)).map((c) => c.title),
    );
    const dropped = firstPage.find((c) => c.title && !taggedTitles.has(c.title))!.title!;

    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'pro@reach.local', '/business');
    await page.goto('/business/campaigns');
    await loaded(page);
    const table = page.getByRole('table');
    await table.getByText(dropped, { exact: true }).first().waitFor();

    const request = page.waitForResponse(sent('/campaigns/business', 'tag', String(tag)));
    await page.getByRole('combobox', { name: 'Interest' }).fill(interest!.name);
    await page.getByRole('option', { name: interest!.name, exact: true }).click();
    await request;
    await table.getByText(dropped, { exact: true }).first().waitFor({ state: 'detached' });
    await table.getByText(kept, { exact: true }).first().waitFor();
    await expectAbsentFor(table.getByText(dropped, { exact: true }));
    expect(new URL(page.url()).searchParams.get('tag')).toBe(String(tag));

    // A reload keeps the filter: the request, the chosen interest's name and the list.
    const again = page.waitForResponse(sent('/campaigns/business', 'tag', String(tag)));
    await page.reload();
    await again;
    await table.getByText(kept, { exact: true }).first().waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Interest' }).inputValue())
      .toBe(interest!.name);
    await expectAbsentFor(table.getByText(dropped, { exact: true }));
    await pageScreenshot(page, 'campaigns-business-interest-filter-1280');
    await context.close();
  });

  it("the influencer's campaigns show only theirs with My campaigns (myCampaigns=true), in the URL", async () => {
    const token = await apiToken(server.url, 'influencer@reach.local');
    const all = await apiCall<CampaignsPage>(server.url, token, '/campaigns/browse?items=100');
    const mine = await apiCall<CampaignsPage>(
      server.url,
      token,
      '/campaigns/browse?items=100&myCampaigns=true',
    );
    expect(mine.total, 'the demo influencer has campaign conversations').toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(all.total);
    const mineIds = new Set(mine.data.map((c) => c.id));
    const kept = mine.data[0]!.title!;
    const firstPage = await apiCall<CampaignsPage>(server.url, token, '/campaigns/browse');
    const dropped = firstPage.data.find((c) => !mineIds.has(c.id))!.title!;

    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, 'influencer@reach.local', '/influencer');
    await page.goto('/influencer/campaigns');
    await loaded(page);
    const results = page.getByTestId('list-results');
    await results.getByText(dropped, { exact: true }).first().waitFor();

    const request = page.waitForResponse(sent('/campaigns/browse', 'myCampaigns', 'true'));
    await page.getByText('My campaigns', { exact: true }).click();
    await request;
    await results.getByText(dropped, { exact: true }).first().waitFor({ state: 'detached' });
    await results.getByText(kept, { exact: true }).first().waitFor();
    await expectAbsentFor(results.getByText(dropped, { exact: true }));
    expect(new URL(page.url()).searchParams.get('myCampaigns')).toBe('true');

    const again = page.waitForResponse(sent('/campaigns/browse', 'myCampaigns', 'true'));
    await page.reload();
    await again;
    await results.getByText(kept, { exact: true }).first().waitFor();
    expect(await page.getByRole('radio', { name: 'My campaigns' }).isChecked()).toBe(true);
    await expectAbsentFor(results.getByText(dropped, { exact: true }));

    // Back to all campaigns: the parameter leaves the URL and the others return.
    await page.getByText('All campaigns', { exact: true }).click();
    await results.getByText(dropped, { exact: true }).first().waitFor();
    expect(new URL(page.url()).searchParams.has('myCampaigns')).toBe(false);
    await visible(page, kept);
    await pageScreenshot(page, 'campaigns-influencer-all-1280');
    await context.close();
  });
});
