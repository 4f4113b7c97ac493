import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { runAxe } from './axe-scan';
import { screenshotDir, useRunningProduct } from './harness';
import { openMerchantInConsole, signInStaffThroughUi, signInThroughUi, skipTour } from './merchant-session';

// Issue 27, capability 3: subscription controls from the merchant page, as support and as superadmin, each
// previewed and committed with a reason; the merchant sees the change in the back office. Screenshots of a
// preview at 1440 and 375 px in English and 繁體中文 (docs/screenshots/staff-subscription-*.png when SCREENSHOTS=1).
const running = useRunningProduct();

const WORDS = {
  en: { menu: 'Subscription', cancelNow: 'Cancel now', dialog: 'Cancel the plan now', preview: 'Preview the change' },
  zhtw: { menu: '訂閱', cancelNow: '立即取消', dialog: '立即取消方案', preview: '預覽變更' },
} as const;

/** Opens one control of the Subscription menu and gives its dialog. */
const openControl = async (page: Page, menu: string, item: string, title: string) => {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
};

/** The newest timeline entries of the merchant page read, in order. */
const timelineShows = (page: Page, text: string) => page.getByText(text).first().waitFor();

describe('staff subscription controls', () => {
  it('support gives a past-due merchant seven more days of grace, previewed and committed with a reason, on the timeline', async () => {
    const { context, page } = await running.newPage();
    await signInStaffThroughUi(page, running.product.baseUrl, 'support@demo.test');
    await openMerchantInConsole(page, 'merchant-sg', 'merchant-sg@demo.test');
    const dialog = await openControl(page, 'Subscription', 'Extend grace period', 'Extend the grace period');
    await dialog.getByRole('textbox', { name: /Days to add/ }).fill('7');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Owner is waiting for a new card, ticket 9120');
    await dialog.getByRole('button', { name: 'Preview the change' }).click();
    const preview = dialog.getByTestId('subscription-preview');
    await preview.getByRole('row', { name: /Next payment attempt/ }).waitFor();
    await dialog.getByRole('button', { name: 'Extend the grace period' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Done: Extend grace period').first().waitFor();
    await timelineShows(page, 'Staff extended the grace period');
    await page.getByText('Owner is waiting for a new card, ticket 9120').first().waitFor();
    await context.close();
  }, 180_000);

  it('a superadmin comps merchant-my a month and sets its plan to end; the merchant sees both in the back office', async () => {
    const staff = await running.newPage();
    await signInStaffThroughUi(staff.page, running.product.baseUrl, 'admin@demo.test');
    await openMerchantInConsole(staff.page, 'merchant-my', 'merchant-my@demo.test');
    const comp = await openControl(staff.page, 'Subscription', 'Give a free month', 'Give a free month');
    await comp.getByRole('textbox', { name: /Reason/ }).fill('Marketplace sync was down for a week, ticket 9131');
    await comp.getByRole('button', { name: 'Preview the change' }).click();
    await comp.getByTestId('subscription-preview').getByRole('row', { name: /Credit note for one free month/ }).waitFor();
    await comp.getByRole('button', { name: 'Issue the credit note' }).click();
    await comp.waitFor({ state: 'hidden' });
    await timelineShows(staff.page, 'Staff gave a free month (credit note)');

    const end = await openControl(staff.page, 'Subscription', 'Cancel at period end', 'Cancel at the end of the period');
    await end.getByRole('textbox', { name: /Reason/ }).fill('Owner is closing the shop at the end of the month');
    await end.getByRole('button', { name: 'Preview the change' }).click();
    await end.getByTestId('subscription-preview').getByRole('row', { name: /Ends on/ }).waitFor();
    await end.getByRole('button', { name: 'Set the plan to end' }).click();
    await end.waitFor({ state: 'hidden' });
    await timelineShows(staff.page, 'Staff set the plan to end at its period end');
    await staff.page.screenshot({ path: resolve(screenshotDir, 'staff-subscription-timeline-en-1440.png'), style: '.mantine-Notifications-root { display: none !important; }' });
    // The audit log names both actions and shows only what changed, dates day first.
    await staff.page.getByRole('link', { name: 'Audit log' }).click();
    await staff.page.getByText('Plan set to end at period end').first().waitFor();
    await staff.page.getByText(/Ends on: — → \d{2}\/\d{2}\/\d{4}/).first().waitFor();
    await staff.page.getByText('Free month given (credit note)').first().waitFor();
    await staff.page.screenshot({ path: resolve(screenshotDir, 'staff-subscription-audit-en-1440.png'), style: '.mantine-Notifications-root { display: none !important; }' });
    await staff.context.close();

    const merchant = await running.newPage();
    await signInThroughUi(merchant.page, running.product.baseUrl, 'merchant-my@demo.test');
    await skipTour(merchant.page);
    await merchant.page.goto(`${running.product.baseUrl}/profile/personal`);
    const access = merchant.page.getByRole('region', { name: 'Support access to your account' });
    await access.getByText('An administrator adjusted your credit balance').first().waitFor();
    await access.getByText('An administrator changed your plan or billing').first().waitFor();
    await access.getByText(/Marketplace sync was down for a week, ticket 9131/).waitFor();
    await access.getByText(/Owner is closing the shop at the end of the month/).waitFor();
    await merchant.context.close();
  }, 240_000);

  it('captures a cancel-now preview with no serious or critical axe violation: 1440 and 375 px, en and zhtw', async () => {
    const { context, page } = await running.newPage();
    await signInStaffThroughUi(page, running.product.baseUrl, 'support@demo.test');
    await openMerchantInConsole(page, 'merchant-th', 'merchant-th@demo.test');
    const merchantUrl = page.url();
    for (const language of ['en', 'zhtw'] as const) {
      await page.evaluate((lng) => window.localStorage.setItem('merchant-hub.locale', lng), language);
      for (const [width, height] of [
        [1440, 900],
        [375, 812],
      ] as const) {
        const words = WORDS[language];
        await page.setViewportSize({ width, height });
        await page.goto(merchantUrl);
        await page.getByText('merchant-th@demo.test').first().waitFor();
        const dialog = await openControl(page, words.menu, words.cancelNow, words.dialog);
        await dialog.locator('textarea').fill(language === 'en' ? 'Owner asked to stop today, ticket 9140' : '店主要求今天停止，工單 9140');
        await dialog.getByRole('button', { name: words.preview }).click();
        await dialog.getByTestId('subscription-preview').waitFor();
        await page.screenshot({ path: resolve(screenshotDir, `staff-subscription-${language}-${width}.png`), style: '.mantine-Notifications-root { display: none !important; }' });
        const serious = (await runAxe(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        expect({ language, width, serious }).toEqual({ language, width, serious: [] });
      }
    }
    await context.close();
  }, 240_000);
});
