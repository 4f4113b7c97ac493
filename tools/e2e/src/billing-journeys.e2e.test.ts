import type { Locator, Page } from 'playwright-core';
import { capture, settled, useRunningProduct } from './harness';
import { apiFromPage, fillCard, signInStaffThroughUi, signInThroughUi } from './merchant-session';

// Issue 6 journeys on the sandbox gateway: new-merchant@demo.test goes from "must subscribe" through every
// billing action; screenshots of each screen at 375 px and 1440 px land in docs/screenshots/billing-*.png.

const running = useRunningProduct();

const signIn = (page: Page, email: string): Promise<void> => signInThroughUi(page, running.product.baseUrl, email);

const packageId = async (name: string): Promise<number> => {
  const body = (await (await fetch(`${running.product.baseUrl}/api/active-packages?country=MY`)).json()) as { data: { id: number; name: string; billing_period: string }[] };
  const found = body.data.find((p) => p.name === name && p.billing_period === 'monthly');
  if (!found) throw new Error(`no monthly ${name} plan`);
  return found.id;
};

type Invoice = { id: string; amount_paid: number; total: number; status: string; currency: string };
type Overview = { all: { name: string; stripe_status: string; ends_at: string | null; quantity: number; package: { name: string } | null; coupon: unknown }[]; paymentMethod: { data: unknown[] } };

const allInvoices = async (page: Page): Promise<Invoice[]> =>
  (await apiFromPage<{ data: Invoice[] }>(page, '/users/billing/billing-history', { date_start: 0, date_end: 4102444800 })).data;

/**
 * Both widths of the brief; the page returns to the journey's own size afterwards. A page is captured whole, a
 * modal as the viewport shows it; notifications are hidden so they do not cover what the shot is about.
 */
const shots = async (page: Page, name: string): Promise<void> => {
  const modalOpen = (await page.getByRole('dialog').count()) > 0;
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await capture(page, `billing-${name}-${width}.png`, { fullPage: !modalOpen });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await settled(page);
};

const dialog = (page: Page): Locator => page.getByRole('dialog');

const currentPlanCard = (page: Page): Locator => page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Current Plan' }) });

describe('billing journeys (sandbox gateway)', () => {
  let page: Page;

  beforeAll(async () => {
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signIn(page, 'new-merchant@demo.test');
  }, 150_000);

  it('an FPX late subscribe with a failed bank result shows the failure and leaves the merchant without a plan', async () => {
    await page.goto(`${running.product.baseUrl}/home/dashboard`);
    await dialog(page).getByText('Subscribe to continue').waitFor();
    await shots(page, 'late-subscribe');
    await dialog(page).getByLabel('FPX online banking').check();
    const pay = dialog(page).getByRole('button', { name: /^Pay RM/ });
    expect(await pay.isDisabled()).toBe(true);
    await dialog(page).getByPlaceholder('Choose your bank').click();
    await page.getByRole('option', { name: 'Maybank2u' }).click();
    await shots(page, 'late-subscribe-fpx');
    await pay.click();
    await page.waitForURL(/\/api\/sandbox\/fpx\//);
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL(/\/home\/dashboard/);
    await page.getByText('Seems like we received a payment failed status').waitFor();
    await dialog(page).getByText('Subscribe to continue').waitFor();
    expect(await allInvoices(page)).toHaveLength(0);
  }, 60_000);

  it('adds a card (4242…) and subscribes monthly through the late-subscribe modal', async () => {
    await dialog(page).getByLabel('Credit / debit card').check();
    await fillCard(dialog(page), '4242 4242 4242 4242');
    await dialog(page).getByRole('button', { name: /^Pay RM/ }).click();
    await page.getByTestId('current-plan-name').waitFor();
    expect(await page.getByTestId('current-plan-name').innerText()).toBe('Starter');
    expect(await page.getByTestId('default-card').innerText()).toContain('4242');
    const overview = await apiFromPage<Overview>(page, '/users/billing/all');
    expect(overview.all.find((s) => s.name === 'default')).toMatchObject({ stripe_status: 'active', package: { name: 'Starter' } });
    await shots(page, 'page');
  }, 60_000);

  it('upgrades on the upgrade page and the total shown is the amount charged', async () => {
    const growth = await packageId('Growth');
    await page.getByTestId(`plan-${growth}`).getByRole('button', { name: 'Order Plan' }).click();
    await dialog(page).getByText('Upgrade to Growth').waitFor();
    await shots(page, 'plan-change-upgrade');
    await dialog(page).getByRole('button', { name: 'View Details' }).click();
    await page.waitForURL(/\/profile\/billing\/upgrade\?package_id=/);
    const total = await page.getByTestId('upgrade-total').innerText();
    await shots(page, 'upgrade');
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await page.waitForURL(/\/home\/dashboard/);
    await page.getByText('Your plan has been upgraded to Growth').first().waitFor();
    const [latest] = await allInvoices(page);
    expect(latest).toMatchObject({ status: 'paid', currency: 'MYR' });
    expect(total.replace(/[^\d.]/g, '')).toBe((latest.amount_paid / 100).toFixed(2));
    expect(await page.getByTestId('current-plan-name').innerText()).toBe('Growth');
  }, 60_000);

  it('schedules a downgrade, shows it as Changed To, then cancels it', async () => {
    const starter = await packageId('Starter');
    await page.getByTestId(`plan-${starter}`).getByRole('button', { name: 'Order Plan' }).click();
    await shots(page, 'plan-change-downgrade');
    await dialog(page).getByRole('button', { name: 'Confirm & switch' }).click();
    await page.getByTestId('changed-to').waitFor();
    expect(await page.getByTestId('changed-to').innerText()).toContain('Starter');
    expect(await currentPlanCard(page).getByRole('button', { name: 'Resume' }).count()).toBe(0);
    await currentPlanCard(page).getByRole('button', { name: 'Cancel scheduled change' }).click();
    await shots(page, 'cancel-scheduled');
    await dialog(page).getByRole('button', { name: 'Cancel scheduled change' }).click();
    await page.getByText('Next billing package is canceled successfully').first().waitFor();
    await page.getByTestId('changed-to').waitFor({ state: 'detached' });
  }, 60_000);

  it('applies a coupon, refusing a blank one first', async () => {
    await page.getByRole('button', { name: 'Apply Coupon' }).click();
    await dialog(page).getByRole('button', { name: 'Apply' }).click();
    await dialog(page).getByText('Please fill in the coupon').waitFor();
    await dialog(page).getByLabel('Coupon code').fill('EXPIRED5');
    await dialog(page).getByRole('button', { name: 'Apply' }).click();
    await dialog(page).getByRole('alert').waitFor();
    await shots(page, 'coupon');
    await dialog(page).getByLabel('Coupon code').fill('WELCOME20');
    await dialog(page).getByRole('button', { name: 'Apply' }).click();
    await currentPlanCard(page).getByText('Coupon: WELCOME20').waitFor();
  }, 60_000);

  it('unsubscribes and resumes', async () => {
    await currentPlanCard(page).getByRole('button', { name: 'Unsubscribe' }).click();
    await shots(page, 'unsubscribe');
    await dialog(page).getByRole('button', { name: 'Unsubscribe' }).click();
    await currentPlanCard(page).getByRole('button', { name: 'Resume' }).waitFor();
    expect((await apiFromPage<Overview>(page, '/users/billing/all')).all.find((s) => s.name === 'default')?.ends_at).not.toBeNull();
    await currentPlanCard(page).getByRole('button', { name: 'Resume' }).click();
    await dialog(page).getByRole('button', { name: 'Resume' }).click();
    await currentPlanCard(page).getByRole('button', { name: 'Unsubscribe' }).waitFor();
    expect((await apiFromPage<Overview>(page, '/users/billing/all')).all.find((s) => s.name === 'default')?.ends_at).toBeNull();
  }, 60_000);

  it('buys 3 extra sales channels on the add-on page', async () => {
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.waitForURL(/\/profile\/billing\/usage-add-on/);
    await page.getByTestId('add-on-total').waitFor();
    expect(await page.getByTestId('add-on-cycle').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/);
    await page.getByLabel('Coupon code').fill('NOPE');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Invalid coupon code').waitFor();
    await page.getByRole('button', { name: 'Remove' }).click();
    const oneStore = await page.getByTestId('add-on-total').innerText();
    await page.getByRole('textbox', { name: 'Number of sales channels' }).or(page.getByRole('combobox', { name: 'Number of sales channels' })).first().click();
    await page.getByRole('option', { name: '3 stores' }).click();
    await page.waitForFunction((before) => document.querySelector('[data-testid="add-on-total"]')?.textContent !== before, oneStore);
    const total = await page.getByTestId('add-on-total').innerText();
    await shots(page, 'add-on');
    await page.getByRole('button', { name: 'Next' }).click();
    await dialog(page).getByText(total.trim()).waitFor();
    await shots(page, 'add-on-confirm');
    await dialog(page).getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/home\/dashboard/);
    await page.getByText('Add-on subscription is successful').first().waitFor();
    const addOn = (await apiFromPage<Overview>(page, '/users/billing/all')).all.find((s) => s.name === 'multistore');
    expect(addOn).toMatchObject({ stripe_status: 'active', quantity: 3 });
  }, 60_000);

  it('lists every invoice in Billing History and shows the credit balance', async () => {
    const invoices = await allInvoices(page);
    expect(invoices.length).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Billing History' }).click();
    await dialog(page).getByTestId('history-table').waitFor();
    expect(await dialog(page).getByTestId('invoice-row').count()).toBe(invoices.length);
    expect(await dialog(page).getByRole('link', { name: 'View invoice' }).count()).toBe(invoices.length);
    await shots(page, 'history');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'View credit balance' }).click();
    await dialog(page).getByText('Available credit').waitFor();
    await shots(page, 'credit-balance');
    await page.keyboard.press('Escape');
  }, 60_000);

  it('opens Edit Billing Detail with the state list tied to the country', async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await dialog(page).getByText('Edit Billing Detail').waitFor();
    await shots(page, 'billing-detail');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update Success').first().waitFor();
  }, 60_000);

  it('a declined card (4000 0000 0000 0002) shows the provider message and changes nothing', async () => {
    const before = await apiFromPage<Overview>(page, '/users/billing/all');
    await page.getByRole('button', { name: 'Manage cards' }).click();
    const add = dialog(page).getByRole('button', { name: 'Add Card' });
    await dialog(page).getByLabel('Card number').waitFor();
    expect(await add.isDisabled()).toBe(true);
    await fillCard(dialog(page), '4000 0000 0000 0002');
    await add.click();
    await dialog(page).getByTestId('card-add-error').waitFor();
    expect(await dialog(page).getByTestId('card-add-error').innerText()).toBe('Your card was declined.');
    await shots(page, 'cards');
    const after = await apiFromPage<Overview>(page, '/users/billing/all');
    expect(after.paymentMethod.data).toHaveLength(before.paymentMethod.data.length);
  }, 60_000);
});

describe('billing states of the demo merchants', () => {
  const open = async (email: string, path = '/home/dashboard'): Promise<Page> => {
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, email);
    await page.goto(`${running.product.baseUrl}${path}`);
    await page.getByTestId('current-plan-name').waitFor();
    return page;
  };

  it('a past-due plan has a red heading and offers Retry Payment; plans cannot be ordered', async () => {
    const page = await open('merchant-sg@demo.test');
    await currentPlanCard(page).getByRole('button', { name: 'Retry Payment' }).waitFor();
    const color = await page.getByRole('heading', { name: 'Current Plan' }).evaluate((el) => getComputedStyle(el).color);
    expect(color).toMatch(/rgb\((2[0-9]{2}), (\d{1,2}), (\d{1,2})\)/);
    expect(await page.getByRole('button', { name: 'Order Plan' }).first().isDisabled()).toBe(true);
    await shots(page, 'past-due');
    await page.context().close();
  }, 60_000);

  it('shows the credit ledger of a merchant with credit', async () => {
    const page = await open('merchant-my@demo.test');
    await page.getByRole('button', { name: 'View credit balance' }).click();
    await dialog(page).getByText('Available credit').waitFor();
    expect(await dialog(page).getByTestId('credit-available').innerText()).not.toBe('RM 0.00');
    expect(await dialog(page).getByRole('row').count()).toBeGreaterThan(1);
    await shots(page, 'credit-balance-ledger');
    await page.context().close();
  }, 60_000);

  it('a scheduled downgrade reads Changed To in Thai', async () => {
    const page = await open('merchant-th@demo.test', '/home/dashboard?locale=th');
    await page.getByTestId('changed-to').waitFor();
    expect(await page.getByTestId('changed-to').innerText()).toContain('เปลี่ยนเป็น');
    expect(await page.getByRole('button', { name: 'ยกเลิกการเปลี่ยนแปลงที่กำหนดไว้' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'กลับมาใช้ต่อ' }).count()).toBe(0);
    await shots(page, 'scheduled-th');
    await page.context().close();
  }, 60_000);

  it('support staff find a merchant in the console, then see its billing with PDF links', async () => {
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Staff sign in on the same page as merchants and land in the staff console, never on a merchant home.
    await signInStaffThroughUi(page, running.product.baseUrl, 'support@demo.test');
    await page.getByRole('searchbox', { name: 'Search' }).fill('merchant-my');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('tbody tr')];
      return rows.length === 1 && Boolean(rows[0].textContent?.includes('merchant-my@demo.test'));
    });
    await shots(page, 'store-chooser');
    await page.getByRole('row').filter({ hasText: 'merchant-my@demo.test' }).getByRole('link').first().click();
    await page.getByRole('link', { name: 'Open billing as this merchant' }).or(page.getByRole('button', { name: 'Open billing as this merchant' })).first().click();
    await page.getByTestId('current-plan-name').waitFor();
    await page.getByRole('button', { name: 'Billing History' }).click();
    await dialog(page).getByTestId('history-table').waitFor();
    expect(await dialog(page).getByRole('link', { name: 'Download PDF' }).count()).toBeGreaterThan(0);
    await shots(page, 'history-staff');
    await page.keyboard.press('Escape');
    // The add-on page keeps acting for the chosen merchant (user_id on every call).
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByTestId('add-on-total').waitFor();
    await context.close();
  }, 90_000);

  it('a period switch shows the amount due today before Confirm & switch charges exactly that', async () => {
    const page = await open('merchant-my@demo.test');
    await page.getByRole('tab', { name: 'Yearly' }).click();
    const enterprise = page.locator('[data-testid^="plan-"]').filter({ hasText: 'Enterprise' }).filter({ has: page.getByRole('button', { name: 'Order Plan' }) }).first();
    await enterprise.getByRole('button', { name: 'Order Plan' }).click();
    await dialog(page).getByText('Due today').waitFor();
    const shown = await dialog(page).getByTestId('upgrade-total').innerText();
    expect(shown).toMatch(/^RM [\d,]+\.\d{2}$/);
    await shots(page, 'period-switch');
    const before = (await allInvoices(page)).length;
    await dialog(page).getByRole('button', { name: 'Confirm & switch' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const invoices = await allInvoices(page);
    expect(invoices).toHaveLength(before + 1);
    const charged = invoices[0].amount_paid;
    expect(shown).toBe(`RM ${(charged / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await page.getByRole('button', { name: 'Billing History' }).click();
    const row = dialog(page).getByTestId('invoice-row').first();
    await row.waitFor();
    // The new yearly cycle's end, not the credited month's end (the first line's).
    // DD/MM/YYYY in the browser's own time zone, as the page formats it.
    const ddmmyyyy = (seconds: number) => page.evaluate((s) => new Date(s * 1000).toLocaleDateString('en-GB'), seconds);
    const switchInvoice = invoices[0] as Invoice & { period_end: number; lines: { data: { period: { end: number } }[] } };
    expect(switchInvoice.period_end - switchInvoice.lines.data[0].period.end).toBeGreaterThan(300 * 86_400);
    expect(await row.innerText()).toContain(await ddmmyyyy(switchInvoice.period_end));
    await page.context().close();
  }, 60_000);
});
