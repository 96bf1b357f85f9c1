import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, newPage, type Server, startServer } from './lib/harness';
import { dismissPrompts, loaded, steady } from './lib/steps';

/*
 * Issue 13, WCAG 2.1.1 and 2.4.7: the journeys done with the keyboard only (Tab, Shift+Tab, Enter, Space, the
 * arrow keys and Escape; no click, no fill): signing in, the first steps of the campaign wizard, a discovery
 * search and approving a post. Every stop reached shows a visible focus indicator; the approval dialog keeps
 * the focus inside while open and gives it back to the button that opened it.
 */

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_AUTH_MAX: '500' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** The focused element shows where it is: it matches :focus-visible and draws an outline, a ring or (a text field) a coloured border. */
async function expectFocusVisible(page: Page) {
  const read = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const field = ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
      // A text field shows its focus on its box (for a password, the wrapper around the inner input): the border
      // turns from the resting grey to the brand colour.
      const box = getComputedStyle((field && el.closest('.mantine-Input-input')) || el);
      const restingBorder = 'rgb(206, 212, 218)';
      return {
        what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        visible: el.matches(':focus-visible'),
        drawn:
          (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== 'none' ||
          (field && box.borderStyle !== 'none' && box.borderColor !== restingBorder),
      };
    });
  const focus = await read();
  expect(focus, 'something has the focus').not.toBeNull();
  expect(focus!.visible, `${focus!.what} matches :focus-visible`).toBe(true);
  // The border colour of a field moves in with a short transition: watched until it is drawn.
  await expect
    .poll(async () => (await read())?.drawn, { message: `${focus!.what} draws its focus` })
    .toBe(true);
}

/** Presses Tab (or Shift+Tab) until the target has the focus; fails if it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      await expectFocusVisible(page);
      return;
    }
  }
  throw new Error(`${target} not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** In a radio group: Tab into it, then the arrow keys to the target (a roving group) or Tab (separate stops). */
async function focusRadio(page: Page, group: Locator, target: Locator) {
  await tabTo(
    page,
    group
      .getByRole('radio')
      .first()
      .or(group.getByRole('radio', { checked: true }))
      .first(),
  );
  for (let i = 0; i < 8 && !(await isFocused(target)); i++) {
    const before = await page.evaluate(() => document.activeElement?.outerHTML);
    await page.keyboard.press('ArrowDown');
    if ((await page.evaluate(() => document.activeElement?.outerHTML)) === before)
      await page.keyboard.press('Tab');
  }
  expect(await isFocused(target), `${target} has the focus`).toBe(true);
  await expectFocusVisible(page);
}

async function signInWithKeyboard(page: Page, email: string, home: string) {
  await page.goto('/auth/login');
  await tabTo(page, page.getByLabel(/^Email/));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel(/^Password/));
  await page.keyboard.type(DEMO_PASSWORD);
  await tabTo(page, page.getByRole('button', { name: /sign in/i }));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === home);
  await dismissPrompts(page);
  await loaded(page);
}

describe('keyboard only', () => {
  it('signs in, starts a campaign in the wizard (type, then details) and goes back a step', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInWithKeyboard(page, 'pro@reach.local', '/business');

    // The sidebar link, reached from the top of the page.
    const campaigns = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /^Campaigns/ });
    await tabTo(page, campaigns);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/business/campaigns');
    await loaded(page);
    await tabTo(page, page.getByRole('link', { name: 'Create campaign' }).first());
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/business/campaigns/new');
    await loaded(page);

    // Step 1: the campaign type, a radio group; then Next.
    const cash = page.getByRole('radio', { name: /^Cash:/ });
    await focusRadio(page, page.getByRole('radiogroup').first(), cash);
    await page.keyboard.press('Space');
    await expect.poll(() => cash.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await page.getByText('Campaign details').first().waitFor();

    // Step 2: type a title, then Back (Shift+Tab is enough to find it) keeps the chosen type.
    await tabTo(page, page.getByLabel(/^Title/));
    await page.keyboard.type('Keyboard-only campaign');
    await tabTo(page, page.getByRole('button', { name: 'Back' }), { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('radio', { name: /^Cash:/ }).isChecked()).toBe(true);
    await context.close();
  });

  it('searches discovery: a filter chosen from a list with the arrow keys, then Search', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInWithKeyboard(page, 'pro@reach.local', '/business');
    await page.goto('/business/discovery/search');
    await loaded(page);

    const gender = page.getByRole('combobox', { name: /^Gender/ });
    await tabTo(page, gender);
    await page.keyboard.press('ArrowDown');
    const female = page.getByRole('option', { name: 'Female', exact: true });
    await female.waitFor();
    for (let i = 0; i < 6 && (await female.getAttribute('data-combobox-selected')) === null; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => gender.inputValue()).toBe('Female');

    await tabTo(page, page.getByRole('button', { name: /^Search \(/ }));
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('gender')).toBe('FEMALE');
    await expect
      .poll(() => page.getByTestId('discovery-card').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // The first result's own controls are next in the tab order after the filters.
    await tabTo(page, page.getByTestId('discovery-card').first().getByRole('button').first());
    await context.close();
  });

  it('approves a post: the dialog traps the focus, Escape returns it, Enter approves', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInWithKeyboard(page, 'pro@reach.local', '/business');
    await page.goto('/business/posts');
    await loaded(page);

    const approveButton = page.getByRole('button', { name: /^Approve / }).first();
    await tabTo(page, approveButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Approve this post?' });
    await dialog.waitFor();
    await steady(page);
    expect(await isFocused(dialog), 'the focus moves into the dialog').toBe(true);

    // Tab and Shift+Tab cycle inside the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await isFocused(dialog), `after ${key} the focus is still in the dialog`).toBe(true);
      await expectFocusVisible(page);
    }

    // Escape closes it and the focus is back on the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(approveButton)).toBe(true);
    await expectFocusVisible(page);

    // Again, and this time approve.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await steady(page);
    await tabTo(page, dialog.getByRole('button', { name: /^Approve and pay/ }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByText(/^Post approved\./)
      .first()
      .waitFor();
    await context.close();
  });
});
