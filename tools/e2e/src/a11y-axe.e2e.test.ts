import type { Page } from 'playwright-core';
import { blocking, report, scanMatrix } from './axe-scan';
import type { PageState, ScanResult } from './axe-scan';
import { useRunningProduct } from './harness';
import { apiFromPage, signInStaffThroughUi, signInThroughUi } from './merchant-session';

// Issue 32: axe-core over every page state the issue lists, each at 1440 and 375 px, light and dark, English and
// 繁體中文 (8 scans a state, one page load each). A serious or critical violation fails the state's test; the
// table of every finding (moderate and minor too) is printed at the end and the details written to
// tmp/e2e-screenshots/axe-journeys.json.

const running = useRunningProduct();
const base = (): string => running.product.baseUrl;
const results: ScanResult[] = [];

const scan = async (page: Page, state: PageState): Promise<void> => {
  const found = await scanMatrix(page, state);
  results.push(...found);
  expect(blocking(found)).toEqual([]);
};

afterAll(() => {
  if (results.length > 0) console.log(report('journeys', results));
});

const monthlyPackageId = async (market: string, name = 'Starter', period = 'monthly'): Promise<number> => {
  const body = (await (await fetch(`${base()}/api/active-packages?country=${market}`)).json()) as { data: { id: number; name: string; billing_period: string }[] };
  const found = body.data.find((p) => p.name === name && p.billing_period === period);
  if (!found) throw new Error(`no ${period} ${name} plan in ${market}`);
  return found.id;
};

/** Opens a page and waits for its first-level heading: the page has drawn. */
const visit = async (page: Page, path: string, heading?: string | RegExp): Promise<void> => {
  await page.goto(`${base()}${path}`);
  await (heading === undefined ? page.getByRole('heading', { level: 1 }) : page.getByRole('heading', { level: 1, name: heading })).first().waitFor();
};

const dialog = (page: Page) => page.getByRole('dialog');

describe('axe: guest pages', () => {
  let page: Page;
  beforeAll(async () => {
    page = (await running.newPage()).page;
  });

  it('sign-in has no serious or critical violation', () => scan(page, { name: 'sign-in', open: (p) => visit(p, '/signin') }));

  it('the sign-in code step has no serious or critical violation', () =>
    scan(page, {
      name: 'sign-in code',
      open: async (p) => {
        await visit(p, '/signin');
        await p.locator('input[type="email"]').fill('merchant-my@demo.test');
        await p.locator('input[type="password"]').fill('Merchant2026');
        await p.getByRole('checkbox').check();
        await p.locator('button[type="submit"]').click();
        await p.locator('[aria-label="Verification code 1"], [aria-label="驗證碼 1"]').or(p.locator('input[inputmode="numeric"]').first()).first().waitFor();
      },
    }));

  it('sign-up has no serious or critical violation', () => scan(page, { name: 'sign-up', open: (p) => visit(p, '/signup') }));

  it('forgot password has no serious or critical violation', () => scan(page, { name: 'forgot password', open: (p) => visit(p, '/forgot-password') }));
});

describe('axe: public checkout', () => {
  let page: Page;
  beforeAll(async () => {
    page = (await running.newPage()).page;
  });

  it('the card checkout has no serious or critical violation', async () => {
    const id = await monthlyPackageId('MY');
    await scan(page, {
      name: 'card checkout',
      open: async (p) => {
        await p.goto(`${base()}/subscribe-payment/${id}`);
        await p.getByTestId('summary-total').waitFor();
      },
    });
  });

  it('the gateway (ECPay) checkout has no serious or critical violation', async () => {
    const id = await monthlyPackageId('TW');
    await scan(page, {
      name: 'gateway checkout',
      open: async (p) => {
        await p.goto(`${base()}/subscribe/${id}`);
        await p.getByTestId('summary-total').waitFor();
      },
    });
  });

  it('the result page has no serious or critical violation', () =>
    scan(page, {
      name: 'checkout result',
      open: async (p) => {
        await p.goto(`${base()}/subscribe-payment-result/not-a-real-token-000000000`);
        await p.getByTestId('result-invalid_token').waitFor();
      },
    }));
});

describe('axe: merchant back office', () => {
  let page: Page;
  beforeAll(async () => {
    page = (await running.newPage()).page;
    await signInThroughUi(page, base(), 'merchant-my@demo.test');
    // The guided tour is a first visit's: marked done, it does not cover the pages scanned.
    const { data } = await apiFromPage<{ data: { id: number } }>(page, '/user');
    await page.evaluate((id) => window.localStorage.setItem(`merchant-hub.tour-done.${id}`, '1'), data.id);
  }, 60_000);

  const billing = async (p: Page): Promise<void> => {
    await p.goto(`${base()}/home/dashboard`);
    await p.getByTestId('current-plan-name').waitFor();
  };
  const billingModal = (name: string, button: string): PageState => ({
    name: `billing: ${name}`,
    open: async (p) => {
      await billing(p);
      await p.getByRole('button', { name: button, exact: true }).first().click();
      await dialog(p).waitFor();
    },
  });

  it('home has no serious or critical violation', () => scan(page, { name: 'home', open: (p) => visit(p, '/') }));
  it('billing has no serious or critical violation', () => scan(page, { name: 'billing', open: billing }));
  it('the Apply Coupon modal has no serious or critical violation', () => scan(page, billingModal('apply coupon', 'Apply Coupon')));
  it('the Billing History modal has no serious or critical violation', () => scan(page, billingModal('billing history', 'Billing History')));
  it('the Billing Info modal has no serious or critical violation', () => scan(page, billingModal('billing info', 'Edit')));
  it('the Manage cards modal has no serious or critical violation', () => scan(page, billingModal('cards', 'Manage cards')));
  it('the period switch modal has no serious or critical violation', async () => {
    await billing(page);
    const plan = await page.getByTestId('current-plan-name').innerText();
    const yearly = await monthlyPackageId('MY', plan, 'yearly');
    await scan(page, {
      name: 'billing: period switch',
      open: async (p) => {
        await billing(p);
        await p.getByRole('tab', { name: 'Yearly' }).click();
        await p.getByTestId(`plan-${yearly}`).getByRole('button').click();
        await dialog(p).waitFor();
      },
    });
  });
  it('the add-on page has no serious or critical violation', () =>
    scan(page, {
      name: 'add-on',
      open: async (p) => {
        await p.goto(`${base()}/profile/billing/usage-add-on`);
        await p.getByTestId('add-on-total').waitFor();
      },
    }));
  it('the profile has no serious or critical violation', () => scan(page, { name: 'profile', open: (p) => visit(p, '/profile/personal') }));
  it('the contact form has no serious or critical violation', () =>
    scan(page, {
      name: 'contact form',
      open: async (p) => {
        await p.goto(`${base()}/support?new=1`);
        await dialog(p).waitFor();
      },
    }));
});

describe('axe: staff console', () => {
  let page: Page;
  let merchantId = 0;
  beforeAll(async () => {
    page = (await running.newPage()).page;
    await signInStaffThroughUi(page, base(), 'admin@demo.test');
    const found = await apiFromPage<{ data: { user_id: number; owner_email: string }[] }>(page, '/staff/merchants?q=merchant-my');
    merchantId = found.data.find((m) => m.owner_email === 'merchant-my@demo.test')?.user_id ?? 0;
  }, 60_000);

  const merchantPage = async (p: Page): Promise<void> => {
    await p.goto(`${base()}/staff/merchants/${merchantId}`);
    await p.getByTestId('credit-balance').waitFor();
  };

  it('the merchant directory has no serious or critical violation', () =>
    scan(page, {
      name: 'staff directory',
      open: async (p) => {
        await p.goto(`${base()}/staff/merchants`);
        await p.locator('tbody tr').first().waitFor();
      },
    }));
  it('the merchant page has no serious or critical violation', () => scan(page, { name: 'staff merchant', open: merchantPage }));
  it('the Adjust credit modal has no serious or critical violation', () =>
    scan(page, {
      name: 'staff adjust credit',
      open: async (p) => {
        await merchantPage(p);
        await p.getByRole('button', { name: 'Adjust credit' }).first().click();
        await dialog(p).waitFor();
      },
    }));
  it('the audit log has no serious or critical violation', () =>
    scan(page, {
      name: 'staff audit log',
      open: async (p) => {
        await p.goto(`${base()}/staff/audit`);
        await p.locator('tbody tr').first().waitFor();
      },
    }));
  it('the catalog has no serious or critical violation', () =>
    scan(page, {
      name: 'staff catalog',
      open: async (p) => {
        await p.goto(`${base()}/staff/catalog`);
        await p.locator('tbody tr').first().waitFor();
      },
    }));
});
