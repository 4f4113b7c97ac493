import type { Page } from 'playwright-core';
import { capture, useRunningProduct } from './harness';
import { apiFromPage, signInStaffThroughUi, signInThroughUi } from './merchant-session';

// Issue 11 "Done when" journeys (parts 1 and 2) against the running product: a superadmin raises Malaysia's
// Growth price and a Starter merchant sees it at once; LAUNCH15 is created in the console, redeemed three
// times and refused the fourth; support reads the catalog but cannot edit it. With SCREENSHOTS=1 the new
// screens go to docs/screenshots/staff-catalog-*.png and staff-promotions-*.png.

const running = useRunningProduct();

const newPage = async (): Promise<Page> => (await running.newPage()).page;

/** skip-otp@demo.test (MY, on Starter) signs in with its password alone. */
const signInWithoutCode = async (page: Page, email: string): Promise<void> => {
  await page.goto(`${running.product.baseUrl}/signin`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Merchant2026');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /^Hello, / }).waitFor();
};

const myPlan = async (name: string): Promise<number> => {
  const body = (await (await fetch(`${running.product.baseUrl}/api/active-packages?country=MY`)).json()) as { data: { id: number; name: string; billing_period: string }[] };
  const found = body.data.find((p) => p.name === name && p.billing_period === 'monthly');
  if (!found) throw new Error(`no monthly ${name} plan`);
  return found.id;
};

const upgradeTotal = async (page: Page, packageId: number): Promise<string> => {
  await page.goto(`${running.product.baseUrl}/profile/billing/upgrade?package_id=${packageId}`);
  return page.getByTestId('upgrade-total').innerText();
};

const amountOf = (text: string): number => Number(text.replace(/[^\d.]/g, ''));

describe('staff catalog journeys', () => {
  let admin: Page;

  beforeAll(async () => {
    admin = await newPage();
    await signInStaffThroughUi(admin, running.product.baseUrl, 'admin@demo.test');
  }, 60_000);

  it("a superadmin raises Malaysia's Growth monthly price; a Starter merchant sees it on the plan card and in the upgrade total", async () => {
    const growth = await myPlan('Growth');
    const merchant = await newPage();
    await signInWithoutCode(merchant, 'skip-otp@demo.test');
    const before = await upgradeTotal(merchant, growth);

    await admin.getByRole('link', { name: 'Plans and prices' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Plans and prices' }).waitFor();
    await admin.getByRole('button', { name: 'Edit Growth', exact: true }).click();
    const form = admin.getByRole('dialog');
    await form.getByRole('textbox', { name: /^Price \(MYR\)/ }).fill('249.00');
    await form.getByRole('button', { name: 'Review change' }).click();
    // The subscribers a change reaches are shown before anything is saved.
    await form.getByText(/subscribers? pays? RM 249\.00 from their next renewal|No subscriber is on this plan/).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    // Issue 27 §8: the superadmin says why before the change is saved.
    const why = admin.getByRole('dialog', { name: 'Why are you doing this?' });
    await why.getByRole('textbox', { name: /Reason/ }).fill('Price review agreed for 2026');
    await why.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The plan is saved. Merchants and the checkouts see it now.').waitFor();
    await admin.getByTestId('plan-growth-monthly').getByText('RM 249.00 /mo').waitFor();

    await merchant.goto(`${running.product.baseUrl}/home/dashboard`);
    await merchant.getByTestId(`plan-${growth}`).getByText(/RM 249/).waitFor();
    const after = await upgradeTotal(merchant, growth);
    // Prorated for the rest of the period: dearer than before, and exactly what the API would charge now.
    expect(amountOf(after)).toBeGreaterThan(amountOf(before));
    const preview = await apiFromPage<{ data: { total: number } }>(merchant, `/users/billing/plan-change-preview?package_id=${growth}`);
    expect(amountOf(after)).toBeCloseTo(preview.data.total / 100, 0);
    await merchant.context().close();
  }, 120_000);

  it('a superadmin creates LAUNCH15 (15 % off, once, 3 redemptions); a buyer applies it at checkout; the fourth redemption is refused', async () => {
    await admin.getByRole('link', { name: 'Promotion codes' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Promotion codes' }).waitFor();
    await admin.getByRole('button', { name: 'New code' }).click();
    const form = admin.getByRole('dialog');
    await form.getByRole('textbox', { name: /^Code/ }).fill('launch15');
    await form.getByRole('textbox', { name: /^Percent off/ }).fill('15');
    await form.getByRole('textbox', { name: /^Redemption limit/ }).fill('3');
    await form.getByRole('button', { name: 'Create code' }).click();
    const why = admin.getByRole('dialog', { name: 'Why are you doing this?' });
    await why.getByRole('textbox', { name: /Reason/ }).fill('Launch campaign for March');
    await why.getByRole('button', { name: 'Create code' }).click();
    await admin.getByText('The code LAUNCH15 is created.').waitFor();
    await admin.getByTestId('promotion-LAUNCH15').getByText('0 of 3').waitFor();

    // First redemption: a buyer at the public card checkout.
    const buyer = await newPage();
    const starter = await myPlan('Starter');
    await buyer.goto(`${running.product.baseUrl}/subscribe-payment/${starter}?locale=en`);
    await buyer.getByTestId('summary-total').waitFor();
    const fullText = (await buyer.getByTestId('summary-total').textContent()) ?? '';
    const fullTotal = amountOf(fullText);
    await buyer.getByLabel('E-mail').fill('launch-buyer@shop.test');
    await buyer.getByLabel('Mobile number').fill('+60123456789');
    await buyer.getByLabel('Company name').fill('Kedai Pelancaran');
    await buyer.getByRole('textbox', { name: /^Address( \*)?$/ }).fill('1 Jalan Ampang');
    await buyer.getByLabel('City').fill('Kuala Lumpur');
    await buyer.getByLabel('Postal code').fill('50450');
    // Malaysia's states have loaded: the field is enabled.
    await buyer.waitForFunction(() => (document.querySelector('[data-path="state_or_region"]') as HTMLInputElement | null)?.disabled === false);
    await buyer.getByLabel(/^State \/ region/).first().click();
    await buyer.getByRole('listbox').getByRole('option').first().click();
    await buyer.getByLabel('Name on card').fill('Aminah Ali');
    await buyer.getByLabel('Coupon code').fill('LAUNCH15');
    await buyer.getByRole('button', { name: 'Apply' }).click();
    await buyer.getByTestId('coupon-applied').waitFor();
    // The summary is drawn as a deferred value (checkout-summary.tsx): it follows the coupon's notice.
    await buyer.waitForFunction((full) => document.querySelector('[data-testid="summary-total"]')?.textContent !== full, fullText);
    expect(amountOf(await buyer.getByTestId('summary-total').innerText())).toBeCloseTo(fullTotal * 0.85, 1);
    await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.getByLabel('Expiry (MM/YY)').fill('12/34');
    await buyer.getByLabel('CVC').fill('123');
    await buyer.getByTestId('pay-now').click();
    await buyer.waitForURL((url) => url.pathname === '/' || url.pathname.startsWith('/home'));
    await buyer.context().close();

    // Second and third: two merchants apply it on their billing page.
    for (const email of ['skip-otp@demo.test', 'merchant-my@demo.test']) {
      const merchant = await newPage();
      if (email === 'skip-otp@demo.test') await signInWithoutCode(merchant, email);
      else await signInThroughUi(merchant, running.product.baseUrl, email);
      const applied = await apiFromPage<{ data?: { code: string } }>(merchant, '/users/billing/add-coupon', { coupon: 'LAUNCH15' });
      expect(applied.data?.code).toBe('LAUNCH15');
      await merchant.context().close();
    }

    // Fourth: refused at the checkout with a clear message.
    const late = await newPage();
    await late.goto(`${running.product.baseUrl}/subscribe-payment/${starter}?locale=en`);
    await late.getByTestId('summary-total').waitFor();
    await late.getByLabel('Coupon code').fill('LAUNCH15');
    await late.getByRole('button', { name: 'Apply' }).click();
    await late.getByText('This coupon has reached its usage limit.').waitFor();
    expect(await late.getByTestId('coupon-applied').count()).toBe(0);
    await late.context().close();

    await admin.reload();
    await admin.getByTestId('promotion-LAUNCH15').getByText('3 of 3').waitFor();
    await admin.getByRole('button', { name: 'Redemptions of LAUNCH15' }).click();
    await admin.getByRole('dialog').getByText('Kedai Pelancaran').waitFor();
    expect(await admin.getByRole('dialog').getByRole('row').count()).toBe(4);
    await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  }, 180_000);

  it('support reads the catalog but cannot edit it, in the console or through the API', async () => {
    const support = await newPage();
    await signInStaffThroughUi(support, running.product.baseUrl, 'support@demo.test');
    await support.goto(`${running.product.baseUrl}/staff/catalog`);
    await support.getByRole('heading', { level: 1, name: 'Plans and prices' }).waitFor();
    await support.getByTestId('catalog-read-only').waitFor();
    await support.getByTestId('plan-growth-monthly').waitFor();
    expect(await support.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await support.getByRole('button', { name: 'New plan' }).count()).toBe(0);
    const growth = await myPlan('Growth');
    const refused = await apiFromPage<{ error: { code: string }; key: string }>(support, `/staff/catalog/plans/${growth}/hide`, { hide: true });
    expect([refused.error.code, refused.key]).toEqual(['forbidden', 'errors:error.forbidden']);
    await support.context().close();
  }, 60_000);

  it('captures the catalog and promotion screens: 375 and 1440 px, light and dark, en and zhtw', async () => {
    const shoot = async (name: string, language: string, scheme: string, width: number) =>
      capture(admin, `staff-${name}-${language}-${scheme}-${width}.png`, { fullPage: (await admin.getByRole('dialog').count()) === 0 });
    for (const language of ['en', 'zhtw'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await admin.evaluate(
          ([lng, colors]) => {
            window.localStorage.setItem('merchant-hub.locale', lng);
            window.localStorage.setItem('merchant-hub.color-scheme', colors);
          },
          [language, scheme] as const,
        );
        for (const [width, height] of [
          [1440, 900],
          [375, 812],
        ] as const) {
          await admin.setViewportSize({ width, height });
          await admin.goto(`${running.product.baseUrl}/staff/catalog?market=MY`);
          await admin.getByTestId('plan-growth-monthly').waitFor();
          await admin.waitForLoadState('networkidle');
          await shoot('catalog', language, scheme, width);
          // Issue 31 #5: an industry's names per language, the untranslated ones marked.
          await admin.getByTestId('list-industries').getByTestId('list-edit').first().click();
          await admin.getByRole('dialog').getByRole('textbox').first().waitFor({ state: 'visible' });
          await shoot('catalog-list-names', language, scheme, width);
          await admin.keyboard.press('Escape');
          await admin.getByRole('dialog').waitFor({ state: 'detached' });
          await admin.getByTestId('plan-growth-monthly').getByTestId('plan-edit').click();
          await admin.getByRole('dialog').waitFor();
          await shoot('catalog-edit', language, scheme, width);
          await admin.getByRole('dialog').locator('button[type="submit"]').click();
          await admin.getByTestId('plan-review').waitFor();
          await shoot('catalog-review', language, scheme, width);
          await admin.keyboard.press('Escape');
          await admin.goto(`${running.product.baseUrl}/staff/promotions`);
          await admin.getByTestId('promotion-LAUNCH15').waitFor();
          await admin.waitForLoadState('networkidle');
          await shoot('promotions', language, scheme, width);
          await admin.getByTestId('promotion-LAUNCH15').getByRole('button').first().click();
          await admin.getByRole('dialog').getByRole('table').waitFor();
          await shoot('promotions-redemptions', language, scheme, width);
          await admin.keyboard.press('Escape');
          await admin.locator('main button').first().click();
          await admin.getByRole('dialog').waitFor();
          await shoot('promotions-create', language, scheme, width);
          await admin.keyboard.press('Escape');
        }
      }
    }
  }, 400_000);
});
