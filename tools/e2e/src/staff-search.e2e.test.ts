import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { runAxe } from './axe-scan';
import { screenshotDir, useRunningProduct } from './harness';
import { signInStaffThroughUi } from './merchant-session';

// Issue 27, capability 1: the console's global search, as support, from any page, by keyboard; screenshots of it
// open at 1440 and 375 px in English and 繁體中文 (docs/screenshots/staff-search-*.png when SCREENSHOTS=1).
const running = useRunningProduct();

const searchBox = (page: Page) => page.getByRole('combobox', { name: /invoices, payments and merchants|發票、付款和商家/ });
const results = (page: Page) => page.getByRole('listbox');

describe('staff global search', () => {
  it('support presses / on the audit log, finds merchant-my by e-mail and opens it with Enter; finds an invoice by number and opens its billing', async () => {
    const { context, page } = await running.newPage();
    await signInStaffThroughUi(page, running.product.baseUrl, 'support@demo.test');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.locator('h1').click(); // the focus outside any text field
    await page.keyboard.press('/');
    await searchBox(page).and(page.locator(':focus')).waitFor();
    await page.keyboard.type('merchant-my@demo');
    await results(page).getByRole('group', { name: 'E-mail' }).getByRole('option', { name: /merchant-my@demo\.test/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/staff\/merchants\/\d+$/);
    await page.getByText('merchant-my@demo.test').first().waitFor();

    await page.keyboard.press('/');
    await page.keyboard.type('mh-000001');
    await results(page).getByRole('group', { name: 'Invoices' }).getByRole('option', { name: /MH-000001/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/staff\/merchants\/\d+\/billing$/);
    await page.getByTestId('acting-banner').waitFor();

    await page.keyboard.press('/');
    await page.keyboard.type('zzzz-nothing');
    await results(page).getByText('Nothing found for “zzzz-nothing”').waitFor();
    await page.keyboard.press('Escape');
    await results(page).waitFor({ state: 'hidden' });
    await context.close();
  }, 120_000);

  it('captures the search open with no serious or critical axe violation: 1440 and 375 px, en and zhtw', async () => {
    const { context, page } = await running.newPage();
    await signInStaffThroughUi(page, running.product.baseUrl, 'support@demo.test');
    for (const language of ['en', 'zhtw'] as const) {
      await page.evaluate((lng) => window.localStorage.setItem('merchant-hub.locale', lng), language);
      for (const [width, height] of [
        [1440, 900],
        [375, 812],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`${running.product.baseUrl}/staff/merchants`);
        await page.locator('h1').first().waitFor();
        await page.locator('h1').first().click();
        await page.keyboard.press('/');
        await page.keyboard.type('merchant');
        await results(page).getByRole('option').first().waitFor();
        await page.keyboard.press('ArrowDown');
        await page.screenshot({ path: resolve(screenshotDir, `staff-search-${language}-${width}.png`), style: '.mantine-Notifications-root { display: none !important; }' });
        const serious = (await runAxe(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        expect({ language, width, serious }).toEqual({ language, width, serious: [] });
      }
    }
    await context.close();
  }, 120_000);
});
