import type { Locator, Page } from 'playwright-core';
import { useRunningProduct } from './harness';
import { apiFromPage, signInThroughUi } from './merchant-session';

// 3-D Secure on the sandbox gateway: merchant-sg@demo.test is past_due after a failed renewal; it adds the
// always-authenticate test card 4000 0027 6000 3184, makes it the default and retries on-session. The issuer's
// sandbox page asks for authentication, and the billing page settles the payment when the browser comes back.

const running = useRunningProduct();

const EMAIL = 'merchant-sg@demo.test';

type Overview = { all: { name: string; stripe_status: string }[]; userData: { default_payment_methods: string | null } };
type Invoice = { status: string; amount_paid: number };

const signIn = (page: Page, email: string): Promise<void> => signInThroughUi(page, running.product.baseUrl, email);

const dialog = (page: Page): Locator => page.getByRole('dialog');
const currentPlanCard = (page: Page): Locator => page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Current Plan' }) });

describe('3-D Secure journey (sandbox gateway)', () => {
  let page: Page;

  beforeAll(async () => {
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signIn(page, EMAIL);
  }, 60_000);

  it('a past-due merchant retries with a 3-D Secure card, authenticates on the bank page and is active again', async () => {
    await page.goto(`${running.product.baseUrl}/home/dashboard`);
    await currentPlanCard(page).getByRole('button', { name: 'Retry Payment' }).waitFor();
    const paidBefore = (await apiFromPage<{ data: Invoice[] }>(page, '/users/billing/billing-history', { date_start: 0, date_end: 4102444800 })).data.filter((i) => i.status === 'paid').length;

    await page.getByRole('button', { name: 'Manage cards' }).click();
    await dialog(page).getByLabel('Card number').fill('4000 0027 6000 3184');
    await dialog(page).getByLabel('Expiry (MM / YY)').fill('1240');
    await dialog(page).getByLabel('CVC').fill('123');
    await dialog(page).getByRole('button', { name: 'Add Card' }).click();
    const added = dialog(page).getByTestId('card-3184');
    await added.waitFor();
    await added.getByRole('button', { name: 'Set as default' }).click();
    await added.getByText('Default', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    await currentPlanCard(page).getByRole('button', { name: 'Retry Payment' }).click();
    await page.waitForURL(/\/api\/sandbox\/3ds\/pi_/);
    await page.getByRole('heading', { name: '3-D Secure authentication (sandbox)' }).waitFor();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await page.waitForURL(/\/home\/dashboard/);
    await page.getByText('Payment received').waitFor();
    // The query is gone once handled, so a reload cannot confirm twice.
    await page.waitForURL((url) => !url.search.includes('payment_intent'));
    await page.getByTestId('current-plan-name').waitFor();
    await currentPlanCard(page).getByRole('button', { name: 'Retry Payment' }).waitFor({ state: 'detached' });

    const overview = await apiFromPage<Overview>(page, '/users/billing/all');
    expect(overview.all.find((s) => s.name === 'default')?.stripe_status).toBe('active');
    const invoices = (await apiFromPage<{ data: Invoice[] }>(page, '/users/billing/billing-history', { date_start: 0, date_end: 4102444800 })).data;
    expect(invoices.filter((i) => i.status === 'paid')).toHaveLength(paidBefore + 1);
    expect(invoices.filter((i) => i.status === 'open')).toHaveLength(0);
  }, 90_000);
});
