import fs from 'node:fs';
import { createRequire } from 'node:module';
import { SPEC_TEXT } from '@reach/contract/messages';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { dismissPrompts, loaded, signInTo, steady } from './lib/steps';

/*
 * WCAG 2.2 AA (issue 13): axe-core, injected into the page from its npm package, on every route of every role
 * (the public pages — the confirm and reset-password pages as a sign-up and a reset request reach them, with
 * the mailed code typed in — then each demo role signed in once, its detail pages opened on a seeded id) at
 * 1280 and 375 px. Any serious or critical violation fails the test, listed with its rule, impact and the
 * elements it was found on; the figures of every impact per rule are printed at the end (`A11Y_REPORT=1`
 * writes them as JSON to e2e/screenshots/axe-report.json too).
 */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** Rules axe ships disabled (experimental) that the audit ran: a label's visible text in its accessible name. */
const EXTRA_RULES = ['label-content-name-mismatch'];
const FAILING: ImpactValue[] = ['serious', 'critical'];
const WIDTHS = [1280, 375] as const;

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '500' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  printReport();
});

type Finding = {
  role: string;
  width: number;
  route: string;
  rule: string;
  impact: string;
  targets: string[];
  html: string[];
};
const findings: Finding[] = [];
const scanned: { role: string; width: number; route: string }[] = [];

/** Runs axe on the page as it is; records every violation, returns the serious and critical ones as text. */
async function audit(page: Page, role: string, width: number, route: string): Promise<string[]> {
  await loaded(page);
  await steady(page);
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') blocks an inline <script> tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    ([tags, extra]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(extra.map((id) => [id, { enabled: true }])),
        resultTypes: ['violations'],
      });
    },
    [TAGS, EXTRA_RULES] as const,
  );
  scanned.push({ role, width, route });
  const failing: string[] = [];
  for (const violation of (results as AxeResults).violations) {
    const targets = violation.nodes.map((node) => node.target.join(' '));
    const html = violation.nodes.map((node) => node.html.slice(0, 300));
    findings.push({
      role,
      width,
      route,
      rule: violation.id,
      impact: violation.impact ?? 'none',
      targets,
      html,
    });
    if (FAILING.includes(violation.impact ?? null)) {
      const sample = violation.nodes
        .slice(0, 4)
        .map(
          (node) =>
            `      ${node.target.join(' ')}\n        ${node.failureSummary?.split('\n').slice(1, 2).join('')}`,
        )
        .join('\n');
      failing.push(
        `${route} @${width}px: ${violation.id} (${violation.impact}, ${violation.nodes.length} elements) ${violation.help}\n${sample}`,
      );
    }
  }
  return failing;
}

function printReport() {
  if (findings.length === 0 && scanned.length === 0) return;
  const byRule = new Map<string, Map<string, number>>();
  for (const f of findings) {
    const key = `${f.rule} (${f.impact})`;
    const column = `${f.role}@${f.width}`;
    const row = byRule.get(key) ?? new Map<string, number>();
    row.set(column, (row.get(column) ?? 0) + f.targets.length);
    byRule.set(key, row);
  }
  const lines = [`axe-core: ${scanned.length} page scans`];
  for (const [rule, row] of [...byRule].sort()) {
    lines.push(`  ${rule}: ${[...row].map(([column, n]) => `${column}=${n}`).join(', ')}`);
  }
  console.log(lines.join('\n'));
  if (process.env.A11Y_REPORT === '1') {
    fs.mkdirSync('e2e/screenshots', { recursive: true });
    fs.writeFileSync('e2e/screenshots/axe-report.json', JSON.stringify({ scanned, findings }, null, 2));
  }
}

/** Opens the route and waits for its content (not a loader, not the lazy route's fallback). */
async function open(page: Page, route: string, signedIn: boolean) {
  await page.goto(route);
  // The discovery screens have their own layout, without the sidebar or the prompts.
  if (signedIn && !route.includes('/discovery')) await dismissPrompts(page);
  await page.locator('main, [role="main"], h1').first().waitFor();
  await loaded(page);
}

/** The first link on the page whose path matches (a seeded record's detail page). */
async function firstLink(page: Page, listRoute: string, pattern: RegExp): Promise<string> {
  await open(page, listRoute, true);
  const link = page.locator('a[href]').filter({ hasNot: page.locator('[aria-hidden="true"]') });
  await expect
    .poll(
      async () =>
        (await link.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).some((h) =>
          pattern.test(h ?? ''),
        ),
      {
        message: `a link matching ${pattern} on ${listRoute}`,
      },
    )
    .toBe(true);
  const hrefs = await link.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.find((h) => pattern.test(h))!;
}

/**
 * Audits each route at both widths in one context (one sign-in; `newPage` marks the auto-started tours as
 * done, so a page is seen as a visitor who took them sees it); fails listing every serious or critical violation.
 */
async function auditRoutes(
  context: BrowserContext,
  page: Page,
  role: string,
  routes: string[],
  signedIn: boolean,
) {
  const failing: string[] = [];
  for (const route of routes) {
    await resize(page, WIDTHS[0]);
    await open(page, route, signedIn);
    failing.push(...(await auditWidths(page, role, route)));
  }
  await context.close();
  expect(failing, `serious or critical axe violations (${role}):\n${failing.join('\n')}`).toEqual([]);
}

async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
  await page.waitForFunction((w) => window.innerWidth === w, width);
}

/**
 * Audits the page as it is at each width, resizing it (the layout follows its media queries), and leaves it at
 * the first width; returns the serious and critical violations.
 */
async function auditWidths(page: Page, role: string, route: string): Promise<string[]> {
  const failing: string[] = [];
  for (const width of WIDTHS) {
    await resize(page, width);
    failing.push(...(await audit(page, role, width, route)));
  }
  await resize(page, WIDTHS[0]);
  return failing;
}

/** The 6-digit code last mailed to the address, once the outbox has it (the mail is queued, then sent). */
async function mailedCode(to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        code = await latestCode(server.url, to).catch(() => '');
        return code;
      },
      { message: `a code mailed to ${to}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await expect.poll(() => page.getByLabel('Digit 6 of 6').inputValue()).toBe(code[5]);
}

async function signedInContext(email: string, home: string) {
  const { context, page } = await newPage(browser, server.url);
  await signInTo(page, email, home);
  await dismissPrompts(page);
  return { context, page };
}

/**
 * The "every route" scans open 10–22 pages at two widths each, an axe run per page: a scan of many pages, not one
 * interaction, so they get more than the suite's 120 s per test (two e2e files run at once on two cores).
 */
const ROUTE_SCAN = { timeout: 300_000 };

describe('axe-core, WCAG 2.2 A/AA, at 1280 and 375 px', () => {
  it('public pages: landing, sign in, register, forgot password, not found', async () => {
    const { context, page } = await newPage(browser, server.url);
    await auditRoutes(
      context,
      page,
      'public',
      ['/', '/auth/login', '/auth/register', '/auth/forgot-password', '/no-such-page'],
      false,
    );
  });

  it('public token pages: confirm after a sign-up, reset password with a mailed code, a failed sign-in callback, an unknown /auth path', async () => {
    const { context, page } = await newPage(browser, server.url);
    const failing: string[] = [];

    // /auth/confirm as a sign-up leaves the visitor there: its email in the address, the code in the mail.
    const email = `a11y-${Date.now()}@example.com`;
    await page.goto('/auth/register');
    await page.getByText("I'm a business").click();
    await page.getByLabel(/^Given name/).fill('Ada');
    await page.getByLabel(/^Family name/).fill('Access');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('Sunlit-Orchard-88');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/confirm');
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await expect.poll(() => page.getByLabel(/^Email/).inputValue()).toBe(email);
    failing.push(...(await auditWidths(page, 'public', '/auth/confirm (after sign-up)')));
    await typeCode(page, await mailedCode(email));
    failing.push(...(await auditWidths(page, 'public', '/auth/confirm (mailed code typed)')));

    // /auth/reset-password as the reset journey reaches it: forgot password, then the mailed code.
    const account = 'new@reach.local';
    await page.goto(`/auth/forgot-password?${new URLSearchParams({ email: account })}`);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/reset-password');
    expect(new URL(page.url()).searchParams.get('email')).toBe(account);
    await loaded(page);
    failing.push(...(await auditWidths(page, 'public', '/auth/reset-password (after the request)')));
    await typeCode(page, await mailedCode(account));
    // Submitted without a new password: the field's error shown next to the typed code.
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page
      .getByLabel(/^New password/)
      .and(page.locator('[data-invalid]'))
      .waitFor();
    failing.push(...(await auditWidths(page, 'public', '/auth/reset-password (code typed, error)')));

    // The social sign-in's return without its tokens, and a path no page under /auth matches (404 error).
    for (const route of ['/auth/callback', '/auth/no-such-page']) {
      await open(page, route, false);
      failing.push(...(await auditWidths(page, 'public', route)));
    }
    await expect.poll(() => page.getByText(SPEC_TEXT.error404).count()).toBeGreaterThan(0);
    await context.close();
    expect(
      failing,
      `serious or critical axe violations (public token pages):\n${failing.join('\n')}`,
    ).toEqual([]);
  });

  it('business: every route, detail pages on seeded records', ROUTE_SCAN, async () => {
    const { context, page } = await signedInContext('pro@reach.local', '/business');
    const campaign = await firstLink(page, '/business/campaigns', /^\/business\/campaigns\/(?!new)[^/]+$/);
    const connection = await firstLink(page, '/business/connections', /^\/business\/connections\/[^/]+$/);
    const influencer = await firstLink(page, '/business/influencers', /^\/business\/influencers\/[^/]+$/);
    const creatorReport = await firstLink(page, `${campaign}/report`, /^\/business\/reports\/creators\/\d+$/);
    await auditRoutes(
      context,
      page,
      'business',
      [
        '/business',
        '/business/campaigns',
        '/business/campaigns/new',
        campaign,
        `${campaign}/edit`,
        `${campaign}/report`,
        creatorReport,
        '/business/influencers',
        influencer,
        '/business/connections',
        connection,
        '/business/posts',
        '/business/payments',
        '/business/settings',
        '/business/settings/security',
        '/business/settings/subscriptions',
        '/business/settings/notification-preferences',
        '/business/settings/attribution',
        '/business/discovery',
        '/business/discovery/search',
        // The error page inside the shell (a campaign that does not exist).
        '/business/campaigns/999999',
      ],
      true,
    );
  });

  it('influencer: every route, detail pages on seeded records', ROUTE_SCAN, async () => {
    const { context, page } = await signedInContext('influencer@reach.local', '/influencer');
    const campaign = await firstLink(page, '/influencer/campaigns', /^\/influencer\/campaigns\/[^/]+$/);
    const business = await firstLink(page, '/influencer/businesses', /^\/influencer\/businesses\/[^/]+$/);
    const connection = await firstLink(page, '/influencer/connections', /^\/influencer\/connections\/[^/]+$/);
    await auditRoutes(
      context,
      page,
      'influencer',
      [
        '/influencer',
        '/influencer/campaigns',
        campaign,
        '/influencer/businesses',
        business,
        '/influencer/connections',
        connection,
        '/influencer/payments',
        '/influencer/settings',
        '/influencer/settings/security',
        '/influencer/settings/notification-preferences',
      ],
      true,
    );
  });

  it('an auto-started tour (the business dashboard on a first visit) is scanned open at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, server.url, width, width === 375 ? 812 : 800, {
        freshTours: true,
      });
      await signInTo(page, 'pro@reach.local', '/business');
      await dismissPrompts(page);
      // The tour opens 1 s after the page shows; scan once its first step is highlighted.
      await page.locator('.driver-popover').waitFor();
      await page.locator('.driver-active-element').waitFor({ state: 'attached' });
      // Highlighted: driver.js has finished moving to the step (its stage drawn around the element).
      await expect
        .poll(() => page.locator('.driver-active-element[aria-expanded]').count(), {
          message: 'the highlighted element keeps no popup attributes ARIA does not allow on it',
        })
        .toBe(0);
      const failing = await audit(page, 'business', width, '/business (tour open)');
      await context.close();
      expect(
        failing,
        `serious or critical axe violations with the tour open:\n${failing.join('\n')}`,
      ).toEqual([]);
    }
  });

  it('admin: every route, a campaign on a seeded record', ROUTE_SCAN, async () => {
    const { context, page } = await signedInContext('admin@reach.local', '/admin');
    const campaign = await firstLink(page, '/admin/campaigns', /^\/admin\/campaigns\/[^/]+$/);
    await auditRoutes(
      context,
      page,
      'admin',
      [
        '/admin',
        '/admin/campaigns',
        campaign,
        `${campaign}/report`,
        '/admin/users',
        '/admin/interests',
        '/admin/feedback',
        '/admin/reviews',
        '/admin/states',
        '/admin/countries',
        '/admin/instagram-search',
      ],
      true,
    );
  });
});
