import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { blocking, report, scanMatrix } from './axe-scan';
import { screenshotDir, useRunningProduct } from './harness';
import { apiFromPage, signInStaffThroughUi, signInThroughUi, skipTour } from './merchant-session';

// Issue 27 capability 4 "Done when" journeys: read-only staff walk the console and are refused every change
// (the API, not only the screens); a superadmin sets the four-eyes threshold and the inbox target in the
// console, and assigns an inbox thread to another staff member; the inbox shows age and waiting time against
// the target. Screenshots at 1440 and 375 px in en and zhtw (docs/screenshots/escalation-*.png when
// SCREENSHOTS=1); axe on the new screens.
const running = useRunningProduct();

const shoot = async (page: Page, name: string, language: string, width: number) =>
  page.screenshot({ path: resolve(screenshotDir, `escalation-${name}-${language}-${width}.png`), fullPage: true, style: '.mantine-Notifications-root { display: none !important; }' });

/** Every screen at 1440 and 375 px, in English and 繁體中文: `ready` waits for what the screen must show. */
const shootEverywhere = async (page: Page, name: string, path: string, ready: (page: Page) => Promise<void>) => {
  for (const language of ['en', 'zhtw'] as const) {
    await page.evaluate((lng) => window.localStorage.setItem('merchant-hub.locale', lng), language);
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${running.product.baseUrl}${path}`);
      // The console names its language on <html> once it has loaded the stored one.
      await page.waitForFunction((lang) => document.documentElement.lang.toLowerCase().startsWith(lang), language === 'en' ? 'en' : 'zh');
      await ready(page);
      await shoot(page, name, language, width);
    }
  }
  await page.evaluate(() => window.localStorage.setItem('merchant-hub.locale', 'en'));
  await page.setViewportSize({ width: 1280, height: 900 });
};

describe('escalation: read-only staff, console settings, inbox assignment', () => {
  it('read-only staff see every page and no change control; the API refuses their writes and logs each attempt', async () => {
    const { page, context } = await running.newPage();
    await signInStaffThroughUi(page, running.product.baseUrl, 'readonly@demo.test');
    await page.getByTestId('read-only-banner').waitFor();
    await page.getByText('Read-only', { exact: true }).first().waitFor();

    // The merchant: everything to read, nothing to press.
    await page.goto(`${running.product.baseUrl}/staff/merchants`);
    await page.getByRole('link', { name: /Kedai Aisyah/ }).first().click();
    await page.getByTestId('credit-balance').waitFor();
    expect(await page.getByRole('link', { name: 'Open billing as this merchant' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Staff actions' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Adjust credit' }).count()).toBe(0);
    const merchantUrl = page.url();
    const userId = Number(new URL(merchantUrl).pathname.split('/').pop());

    // The server is the guard: the same session's writes, sent by hand, are refused and recorded.
    const credit = await apiFromPage<{ error: { code: string } }>(page, `/staff/merchants/${userId}/credit-adjustments/preview`, { direction: 'credit', amount_minor: 100, description: 'x', reason: 'trying' });
    expect(credit.error.code).toBe('staff_read_only');
    const onBehalf = await apiFromPage<{ error: { code: string } }>(page, '/users/billing/unsubscribe', { user_id: userId, reason: 'trying' });
    expect(onBehalf.error.code).toBe('staff_read_only');
    const settings = await page.evaluate(async () => {
      const res = await fetch('/api/staff/settings', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'merchant-hub' }, body: JSON.stringify({ reason: 'trying' }) });
      return { status: res.status, body: (await res.json()) as { error: { code: string } } };
    });
    expect([settings.status, settings.body.error.code]).toEqual([403, 'staff_read_only']);

    // Team and settings read, without their controls; the audit log shows the refused attempts in words.
    await page.getByRole('link', { name: 'Staff accounts' }).click();
    await page.getByRole('row').filter({ hasText: 'readonly@demo.test' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByText('Only a superadmin can change these.').waitFor();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByText('Refused').first().waitFor();

    await shootEverywhere(page, 'readonly-merchant', new URL(merchantUrl).pathname, (p) => p.getByTestId('credit-balance').waitFor());
    await shootEverywhere(page, 'readonly-settings', '/staff/settings', (p) => p.getByTestId('settings-changed').waitFor());
    const found = await scanMatrix(page, {
      name: 'read-only merchant page',
      open: async (p) => {
        await p.goto(merchantUrl);
        await p.getByTestId('credit-balance').waitFor();
      },
    });
    report('escalation-readonly', found);
    expect(blocking(found)).toEqual([]);
    await context.close();
  }, 400_000);

  it('a superadmin sets the threshold and the inbox target with a reason; support then needs approval for what passed before', async () => {
    const { page, context } = await running.newPage();
    await signInStaffThroughUi(page, running.product.baseUrl, 'admin@demo.test');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Console settings' }).waitFor();
    const myr = page.getByRole('textbox', { name: 'Threshold (MYR)' });
    await myr.fill('20.00');
    await page.getByRole('textbox', { name: 'Waiting-time target (hours)' }).fill('4');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const why = page.getByRole('dialog', { name: 'Change the console settings' });
    await why.getByRole('textbox', { name: /Reason/ }).fill('Tighter limits during the audit');
    await why.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText(/Last changed by Ada Admin/).waitFor();

    const audit = await apiFromPage<{ data: { action: string; reason: string; before: Record<string, unknown>; after: Record<string, unknown> }[] }>(page, '/staff/audit?action=settings.updated');
    expect(audit.data[0]).toMatchObject({ reason: 'Tighter limits during the audit', before: { 'approval_threshold_minor.MYR': 50_000, inbox_reply_target_hours: 24 }, after: { 'approval_threshold_minor.MYR': 2000, inbox_reply_target_hours: 4 } });

    // Support: a RM 30 credit now needs a second staff member.
    const support = await running.newPage();
    await signInStaffThroughUi(support.page, running.product.baseUrl, 'support@demo.test');
    const merchants = await apiFromPage<{ data: { user_id: number; owner_email: string }[] }>(support.page, '/staff/merchants?q=merchant-my%40demo.test');
    const userId = merchants.data[0]?.user_id ?? 0;
    const preview = await apiFromPage<{ requires_approval: boolean; approval_threshold_minor: number }>(support.page, `/staff/merchants/${userId}/credit-adjustments/preview`, { direction: 'credit', amount_minor: 3000, description: 'Goodwill', reason: 'Late delivery' });
    expect(preview).toMatchObject({ requires_approval: true, approval_threshold_minor: 2000 });
    const refused = await support.page.evaluate(async () => {
      const res = await fetch('/api/staff/settings', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'merchant-hub' }, body: JSON.stringify({}) });
      return (await res.json()) as { error: { code: string } };
    });
    expect(refused.error.code).toBe('forbidden');
    await support.context.close();

    await shootEverywhere(page, 'settings', '/staff/settings', (p) => p.getByText(/Ada Admin/).waitFor());
    const found = await scanMatrix(page, {
      name: 'console settings',
      open: async (p) => {
        await p.goto(`${running.product.baseUrl}/staff/settings`);
        await p.getByTestId('settings-changed').waitFor();
      },
    });
    report('escalation-settings', found);
    expect(blocking(found)).toEqual([]);
    await context.close();
  }, 400_000);

  it('a merchant writes; the inbox shows its waiting time against the target; a superadmin assigns it to support, who finds it under "Assigned to me"', async () => {
    const merchant = await running.newPage();
    await signInThroughUi(merchant.page, running.product.baseUrl, 'merchant-sg@demo.test');
    await skipTour(merchant.page);
    await merchant.page.getByRole('button', { name: 'Account menu' }).click();
    await merchant.page.getByRole('menuitem', { name: 'Contact support' }).click();
    const dialog = merchant.page.getByRole('dialog', { name: 'Contact support' });
    await dialog.getByRole('textbox', { name: 'Subject' }).fill('Where is my receipt?');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('I cannot find last month’s receipt.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await merchant.page.getByText('Message has been sent successfully!').waitFor();
    await merchant.context.close();

    const { page, context } = await running.newPage();
    await signInStaffThroughUi(page, running.product.baseUrl, 'admin@demo.test');
    await page.goto(`${running.product.baseUrl}/staff/support?sort=waiting`);
    const row = page.getByRole('listitem').filter({ hasText: 'Where is my receipt?' });
    await row.getByText(/waiting \d+ min \(target 4 h\)/).waitFor();
    await row.getByText('Not assigned', { exact: false }).waitFor();
    await row.getByRole('link', { name: 'Where is my receipt?' }).click();
    // The inbox's filter is named "Assigned to" too: the conversation's own list is the one to open.
    await page.getByRole('heading', { level: 1, name: 'Where is my receipt?' }).waitFor();
    await page.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.getByRole('option', { name: 'Sam Support' }).click();
    await page.getByText('Assigned to Sam Support').first().waitFor();

    await shootEverywhere(page, 'inbox', '/staff/support?sort=waiting', (p) => p.getByRole('link', { name: /Where is my receipt\?/ }).waitFor());
    const found = await scanMatrix(page, {
      name: 'support inbox sorted by waiting time',
      open: async (p) => {
        await p.goto(`${running.product.baseUrl}/staff/support?sort=waiting`);
        await p.getByRole('link', { name: /Where is my receipt\?/ }).waitFor();
      },
    });
    report('escalation-inbox', found);
    expect(blocking(found)).toEqual([]);
    await context.close();

    const support = await running.newPage();
    await signInStaffThroughUi(support.page, running.product.baseUrl, 'support@demo.test');
    await support.page.goto(`${running.product.baseUrl}/staff/support?assigned=me`);
    await support.page.getByRole('link', { name: /Where is my receipt\?/ }).waitFor();
    await support.context.close();
  }, 400_000);
});
