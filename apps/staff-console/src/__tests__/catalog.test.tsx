import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Catalog, CatalogPlan } from '@merchant-hub/validation';
import { describe, expect, it, vi } from 'vitest';
import { renderConsole, staffMe } from './render-console';

vi.setConfig({ testTimeout: 40_000 });

const plan = (overrides: Partial<CatalogPlan> = {}): CatalogPlan => ({
  id: 2,
  name: 'Growth',
  market: 'MY',
  currency: 'MYR',
  group_key: 'growth',
  billing_period: 'monthly',
  price: 19900,
  discount: 0,
  subtotal: 19900,
  tax: 8,
  tax_label: 'SST - Malaysia',
  image: null,
  sort_order: 2,
  hide: false,
  is_addon: false,
  call_for_quote: false,
  limits: { order: 2000, item: 5000, channel: 3, staff: 5, warehouse: 2, competitor_products: 50 },
  descriptions: { basic: ['2,000 orders a month'], features: ['Bulk listing'], report: ['Sales summary'] },
  subscribers: 4,
  yearly_saving_percent: null,
  yearly_claim_holds: true,
  ...overrides,
});

const catalog: Catalog = { market: 'MY', currency: 'MYR', revision: 3, plans: [plan()], add_ons: [] };

describe('plans and prices', () => {
  it('shows support the catalog read-only: no edit, hide, order or new-plan controls', async () => {
    const { missingKeys } = renderConsole('/catalog', [{ path: '/staff/me', body: staffMe }, { path: '/staff/catalog', body: catalog }]);
    await screen.findByRole('heading', { level: 1, name: 'Plans and prices' });
    await screen.findByText('RM 199.00 /mo');
    expect(screen.getByText('Read only: only a superadmin can change the catalog.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move Growth/ })).toBeNull();
    expect(missingKeys).toEqual([]);
  });

  it('lets a superadmin review a new price, showing the subscribers it reaches at renewal, before saving it', async () => {
    const saved = { data: plan({ price: 24900, subtotal: 24900 }) };
    const { calls } = renderConsole('/catalog', [
      { path: '/staff/me', body: { ...staffMe, role: 'superadmin' } },
      { path: '/staff/catalog', body: catalog },
      { method: 'POST', path: '/staff/catalog/plans/2/preview', body: { subscribers: 4, current_price: 19900, new_price: 24900, new_subtotal: 24900, currency: 'MYR', yearly_saving_percent: null, yearly_claim_holds: true } },
      { method: 'POST', path: '/staff/catalog/plans/2', body: saved },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Growth' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByRole('textbox', { name: /^Price \(MYR\)/ });
    await userEvent.clear(price);
    await userEvent.type(price, 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review change' }));
    expect(await within(dialog).findByText('Please enter a price of zero or more')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(price);
    await userEvent.type(price, '249.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review change' }));
    expect(await within(dialog).findByText('4 subscribers pay RM 249.00 from their next renewal (now RM 199.00).')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/staff/catalog/plans/2')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Issue 27 §8: the change is saved once the superadmin says why.
    const why = await screen.findByRole('dialog', { name: 'Why are you doing this?' });
    expect(calls.filter((call) => call.url === '/api/staff/catalog/plans/2')).toHaveLength(0);
    await userEvent.type(within(why).getByRole('textbox', { name: /Reason/ }), 'Price review agreed for 2026');
    await userEvent.click(within(why).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/staff/catalog/plans/2')?.body).toMatchObject({ price: 24900, name: 'Growth', limits: { order: 2000 }, reason: 'Price review agreed for 2026' }),
    );
  });
});

describe('industries and shop categories in every language (issue 31 #5)', () => {
  const lists = {
    industries: [
      { id: 5, name: 'Fashion', translations: { ms: 'Fesyen', zh: '时尚', zhtw: '時尚', th: 'แฟชั่น' } },
      { id: 16, name: 'Other', translations: { ms: 'Lain-lain' } },
    ],
    shop_categories: [{ id: 1, name: 'Clothing & Accessories', translations: { zhtw: '服飾與配件' } }],
  };

  it('shows support each name per language, marking where merchants see English, read-only', async () => {
    const { missingKeys } = renderConsole('/catalog', [{ path: '/staff/me', body: staffMe }, { path: '/staff/catalog', body: catalog }, { path: '/staff/catalog/lists', body: lists }]);
    const industries = await screen.findByTestId('list-industries');
    expect(within(industries).getByText('時尚')).toBeInTheDocument();
    const other = within(industries).getByText('Other').closest('tr') as HTMLElement;
    expect(within(other).getByText('Lain-lain')).toBeInTheDocument();
    expect(within(other).getAllByTestId('list-untranslated')).toHaveLength(3);
    expect(within(other).getAllByText('Not translated: English is shown')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Edit names: / })).toBeNull();
    expect(missingKeys).toEqual([]);
  });

  it('lets a superadmin change the names, checked before sending, and saves them with a reason', async () => {
    const saved = { data: { id: 5, name: 'Fashion', translations: { ms: 'Fesyen', zh: '时尚', zhtw: '時裝' } } };
    const { calls } = renderConsole('/catalog', [
      { path: '/staff/me', body: { ...staffMe, role: 'superadmin' } },
      { path: '/staff/catalog', body: catalog },
      { path: '/staff/catalog/lists', body: lists },
      { method: 'POST', path: '/staff/catalog/lists/industries/5', body: saved },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit names: Fashion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Names of Fashion' });
    const thai = within(dialog).getByRole('textbox', { name: /^Thai/ });
    await userEvent.clear(thai);
    // A blank language shows English to merchants: said in the form, with the English name as placeholder.
    expect(within(dialog).getByTestId('untranslated-th')).toHaveTextContent('Not translated: English is shown');
    expect(thai).toHaveAttribute('placeholder', 'Fashion');
    const traditional = within(dialog).getByRole('textbox', { name: /Traditional/ });
    await userEvent.clear(traditional);
    await userEvent.type(traditional, '時'.repeat(101));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please keep each name to 100 characters or fewer')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.clear(traditional);
    await userEvent.type(traditional, '時裝');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const why = await screen.findByRole('dialog', { name: 'Why are you doing this?' });
    await userEvent.type(within(why).getByRole('textbox', { name: /Reason/ }), 'Wording agreed with the Taiwan team');
    await userEvent.click(within(why).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/staff/catalog/lists/industries/5')?.body).toEqual({
        translations: { ms: 'Fesyen', zh: '时尚', zhtw: '時裝', th: '' },
        reason: 'Wording agreed with the Taiwan team',
      }),
    );
  });
});
