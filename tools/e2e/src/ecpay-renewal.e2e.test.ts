import type { Page } from 'playwright-core';
import { fillGatewayForm, waitForPayEnabled } from './gateway-form';
import { capture, useRunningProduct } from './harness';
import { apiFromPage, mailbox } from './merchant-session';

/*
 * Issue 25 #4: a Taiwanese merchant renews through ECPay. The sandbox ECPay keeps the periodic agreement ("定期定額")
 * the first payment made, and the sandbox test clock makes it charge a period later; a renewal ECPay could not
 * charge is past due and paid through an ECPay one-off order from the billing page.
 */

const running = useRunningProduct();
const DAY = 86_400;

const shot = (page: Page, name: string) => capture(page, `ecpay-${name}.png`);

const twStarterMonthly = async (): Promise<number> => {
  const res = await fetch(`${running.product.baseUrl}/api/active-packages?country=TW`);
  const { data } = (await res.json()) as { data: { id: number; name: string; billing_period: string }[] };
  const pkg = data.find((p) => p.name === 'Starter' && p.billing_period === 'monthly');
  if (!pkg) throw new Error('no TW Starter monthly plan');
  return pkg.id;
};

/** The Taiwanese gateway checkout up to ECPay's (sandbox) cashier. */
const checkoutToCashier = async (page: Page, email: string) => {
  await page.goto(`${running.product.baseUrl}/subscribe/${await twStarterMonthly()}?locale=en`);
  await page.getByTestId('summary-total').waitFor();
  await fillGatewayForm(page, email);
  await waitForPayEnabled(page);
  await page.getByTestId('pay-now').click();
  await page.waitForURL(/\/api\/sandbox\/ecpay\/cashier$/);
  // The order is periodic: ECPay shows the agreement it will keep.
  expect(await page.getByTestId('ecpay-period').innerText()).toMatch(/^NT\$1,355 every 1 month/);
};

/** Back from the cashier to the result page, then signed in on the merchant home. */
const finishCheckout = async (page: Page) => {
  await page.waitForURL(/\/subscribe-payment-result\//);
  await page.getByTestId('result-success').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname.startsWith('/home'));
  return (await apiFromPage<{ data: { id: number } }>(page, '/user')).data.id;
};

const post = async (path: string, body: unknown, token?: string) =>
  fetch(`${running.product.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

/** Support moves the merchant's sandbox test clock (POST /api/sandbox/clock/advance, as a tester's script does). */
const advanceClock = async (userId: number, seconds: number) => {
  const email = 'support@demo.test';
  const credentials = { email, password: 'Merchant2026' };
  const status = (await (await post('/erpCheckOTPStatus', credentials)).json()) as { skip_otp?: boolean };
  if (!status.skip_otp) {
    const [latest] = await mailbox(running.product.baseUrl, email);
    expect((await post('/erpSubmitOTP', { email, code: latest.code })).status).toBe(200);
  }
  const { access_token: token } = (await (await post('/login', credentials)).json()) as { access_token: string };
  const moved = await post('/sandbox/clock/advance', { user_id: userId, seconds }, token);
  expect(moved.status).toBe(200);
};

const openBilling = async (page: Page) => {
  await page.goto(`${running.product.baseUrl}/home/dashboard`);
  await page.getByTestId('current-plan-name').waitFor();
};

const planStatus = async (page: Page) => (await apiFromPage<{ all: { name: string; stripe_status: string }[] }>(page, '/users/billing/all')).all.find((s) => s.name === 'default')?.stripe_status;

describe('Taiwan renewals through ECPay', () => {
  it('a Taiwanese merchant subscribes through ECPay and is renewed by the periodic agreement a period later', async () => {
    const { context, page } = await running.newPage();
    await checkoutToCashier(page, 'tw-periodic@shop.test');
    await shot(page, 'periodic-cashier');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const userId = await finishCheckout(page);

    await advanceClock(userId, 32 * DAY);

    await openBilling(page);
    expect(await planStatus(page)).toBe('active');
    expect(await page.getByTestId('past-due-banner').count()).toBe(0);
    await page.getByRole('button', { name: 'Billing History' }).click();
    const rows = page.getByRole('dialog').getByTestId('invoice-row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    // The status badge is upper-cased by its style.
    for (const row of await rows.all()) expect(await row.innerText()).toMatch(/\bpaid\b/i);
    await shot(page, 'renewed-history');
    await context.close();
  }, 240_000);

  it('a past-due TWD invoice is paid through ECPay from the billing page (and the payment-failed e-mail links to it)', async () => {
    const { context, page } = await running.newPage();
    await checkoutToCashier(page, 'tw-declined@shop.test');
    // The sandbox ECPay takes this payment and declines the agreement's later charges.
    await page.getByRole('button', { name: 'Succeed now, decline later charges' }).click();
    const userId = await finishCheckout(page);

    // Past the renewal and its 24 h grace, before dunning's last retry (a week after the renewal).
    await advanceClock(userId, 33 * DAY);

    // The e-mail about the failed renewal links to the billing page, which offers to pay that invoice through ECPay.
    const [failed] = (await mailbox(running.product.baseUrl, 'tw-declined@shop.test')).filter((m) => m.link?.includes('pay=ecpay'));
    expect(failed?.link).toMatch(/\/home\/dashboard\?pay=ecpay&invoice=/);
    await page.goto(failed?.link as string);
    await page.getByRole('dialog').getByText('Pay your invoice with ECPay').waitFor();
    await page.getByRole('button', { name: 'Not now' }).click();

    await openBilling(page);
    expect(await planStatus(page)).toBe('past_due');
    const banner = page.getByTestId('past-due-banner');
    await banner.waitFor();
    await shot(page, 'past-due-banner');
    await banner.getByRole('button', { name: 'Pay with ECPay' }).click();
    await page.waitForURL(/\/api\/sandbox\/ecpay\/cashier$/);
    expect(await page.getByTestId('ecpay-amount').innerText()).toBe('NT$1,355');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/home\/dashboard/);
    await page.getByText('Back from ECPay', { exact: false }).first().waitFor();
    await page.getByTestId('current-plan-name').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="past-due-banner"]'), undefined, { timeout: 30_000 });
    expect(await planStatus(page)).toBe('active');
    await shot(page, 'paid-through-ecpay');
    await context.close();
  }, 240_000);
});
