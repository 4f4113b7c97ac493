import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PlanChangePreview } from '@merchant-hub/api-client';
import { ApplyCouponModal } from '../components/apply-coupon-modal';
import { BillingDetailModal } from '../components/billing-detail-modal';
import { BillingHistoryModal } from '../components/billing-history-modal';
import { CreditBalanceModal } from '../components/credit-balance-modal';
import { LateSubscribeModal } from '../components/late-subscribe-modal';
import { ManageCardsModal } from '../components/manage-cards-modal';
import { upgradeSummary } from '../components/charge-summary';
import { pkg } from './fixtures';
import { renderFeature } from './render';

const intent = { method: 'POST', path: '/users/billing/create-intent', body: { id: 'seti_1', client_secret: 'seti_1_secret' } };

describe('ApplyCouponModal', () => {
  it('asks for a coupon when the field is blank and calls nothing', async () => {
    const { calls } = renderFeature(<ApplyCouponModal opened onClose={vi.fn()} />);
    await userEvent.type(await screen.findByLabelText('Coupon code'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please fill in the coupon')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal in red", async () => {
    const routes = [{ method: 'POST', path: '/users/billing/add-coupon', status: 400, body: { error: { code: 'coupon_expired', message: 'This coupon has expired', key: 'errors:billing.couponExpired' } } }];
    const { calls } = renderFeature(<ApplyCouponModal opened onClose={vi.fn()} />, { routes });
    await userEvent.type(await screen.findByLabelText('Coupon code'), ' expired5 ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon has expired');
    expect(calls[0].body).toEqual({ coupon: 'expired5' });
  });
});

describe('ManageCardsModal', () => {
  const cards = [
    { id: 'pm_a', brand: 'visa' as const, last4: '4242', exp_month: 12, exp_year: 2030 },
    { id: 'pm_b', brand: 'mastercard' as const, last4: '4444', exp_month: 1, exp_year: 2031 },
  ];

  it('enables Add Card only once the card entry is complete', async () => {
    renderFeature(<ManageCardsModal opened cards={[]} defaultId={null} onClose={vi.fn()} />, { routes: [intent] });
    const add = await screen.findByRole('button', { name: 'Add Card' });
    expect(add).toBeDisabled();
    await userEvent.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1240');
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await waitFor(() => expect(add).toBeEnabled());
  });

  it('says a declined card is declined and adds nothing', async () => {
    const routes = [
      intent,
      { method: 'POST', path: '/sandbox/payment-methods', status: 201, body: { id: 'pm_declined', brand: 'visa', last4: '0002' } },
      { method: 'POST', path: '/users/billing/add-card', status: 402, body: { error: { code: 'card_error', message: 'Your card was declined.', key: 'errors:billing.cardError' } } },
    ];
    const { calls } = renderFeature(<ManageCardsModal opened cards={[]} defaultId={null} onClose={vi.fn()} />, { routes });
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '1240');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Add Card' }));
    expect(await screen.findByTestId('card-add-error')).toHaveTextContent('Your card was declined.');
    expect(calls.find((c) => c.path === '/users/billing/add-card')?.body).toEqual({ payment_method: 'pm_declined' });
  });

  it('words a refusal named by its decline code in the page language, not in the provider\'s English (issue 31 #5)', async () => {
    const routes = [
      intent,
      { method: 'POST', path: '/sandbox/payment-methods', status: 201, body: { id: 'pm_declined', brand: 'visa', last4: '0002' } },
      { method: 'POST', path: '/users/billing/add-card', status: 402, body: { error: { code: 'card_error', message: 'Your card has insufficient funds.', key: 'errors:billing.cardError', details: { decline_code: 'insufficient_funds' } } } },
    ];
    renderFeature(<ManageCardsModal opened cards={[]} defaultId={null} onClose={vi.fn()} />, { routes, lng: 'zhtw' });
    await userEvent.type(await screen.findByLabelText('卡號'), '4000000000009995');
    await userEvent.type(screen.getByLabelText('有效期限（MM / YY）'), '1240');
    await userEvent.type(screen.getByLabelText('安全碼'), '123');
    await userEvent.click(screen.getByRole('button', { name: '新增信用卡' }));
    expect(await screen.findByTestId('card-add-error')).toHaveTextContent('您的信用卡餘額不足。');
  });

  it('words a refusal the API names no known decline code for by its key in the page language, never the provider\'s English (issue 31 #5)', async () => {
    const routes = [
      intent,
      { method: 'POST', path: '/sandbox/payment-methods', status: 201, body: { id: 'pm_declined', brand: 'visa', last4: '0002' } },
      { method: 'POST', path: '/users/billing/add-card', status: 402, body: { error: { code: 'card_error', message: 'This card cannot be used', key: 'errors:billing.cardError' } } },
    ];
    renderFeature(<ManageCardsModal opened cards={[]} defaultId={null} onClose={vi.fn()} />, { routes, lng: 'zhtw' });
    await userEvent.type(await screen.findByLabelText('卡號'), '4000000000000002');
    await userEvent.type(screen.getByLabelText('有效期限（MM / YY）'), '1240');
    await userEvent.type(screen.getByLabelText('安全碼'), '123');
    await userEvent.click(screen.getByRole('button', { name: '新增信用卡' }));
    const error = await screen.findByTestId('card-add-error');
    await waitFor(() => expect(error).not.toHaveTextContent('This card cannot be used'));
    expect(error.textContent).toMatch(/[\u4e00-\u9fff]/);
  });

  it('asks before deleting a card and deletes it on confirmation', async () => {
    const routes = [intent, { method: 'POST', path: '/users/billing/delete-card', body: { message: 'Card has been deleted' } }];
    const { calls } = renderFeature(<ManageCardsModal opened cards={cards} defaultId="pm_a" onClose={vi.fn()} />, { routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Mastercard ending in 4444' }));
    expect(await screen.findByText('The Mastercard card ending in 4444 will be removed from your account.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/users/billing/delete-card')).toBe(true));
    expect(calls.find((c) => c.path === '/users/billing/delete-card')?.body).toEqual({ payment_method: 'pm_b' });
  });

  it('mounts Stripe Elements (and loads Stripe.js) only when the API runs the stripe gateway', async () => {
    const routes = [intent, { method: 'GET', path: '/checkout/config', body: { gateway: 'stripe', stripePublishableKey: 'pk_test_123' } }];
    renderFeature(<ManageCardsModal opened cards={[]} defaultId={null} onClose={vi.fn()} />, { routes });
    expect(await screen.findByText('Loading the secure card form…')).toBeInTheDocument();
    expect(document.querySelector('script[src="https://js.stripe.com/v3/"]')).not.toBeNull();
    expect(screen.queryByLabelText('CVC')).not.toBeInTheDocument();
  });

  it('offers Set as default only on the other cards', async () => {
    renderFeature(<ManageCardsModal opened cards={cards} defaultId="pm_a" onClose={vi.fn()} />, { routes: [intent] });
    expect(await screen.findAllByRole('button', { name: 'Set as default' })).toHaveLength(1);
  });
});

describe('BillingDetailModal', () => {
  const routes = [
    { method: 'GET', path: '/countries', body: { data: [{ id: 1, name: 'Malaysia', dial_code: '60', iso_code: 'MY' }, { id: 2, name: 'Singapore', dial_code: '65', iso_code: 'SG' }] } },
    { method: 'GET', path: '/countries/1/states', body: { data: { states: [{ id: 1, name: 'Selangor' }] } } },
    { method: 'GET', path: '/countries/2/states', body: { data: { states: [{ id: 9, name: 'Central' }] } } },
  ];

  it('shows the billing form messages for an empty form', async () => {
    renderFeature(<BillingDetailModal opened info={null} userMerchantId={1} onClose={vi.fn()} />, { routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your address')).toBeInTheDocument();
    expect(screen.getByText('Please enter city')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid postal code')).toBeInTheDocument();
    expect(screen.getByText('Please select state')).toBeInTheDocument();
  });

  it('cannot be dismissed when forced', async () => {
    renderFeature(<BillingDetailModal forced opened info={null} userMerchantId={1} onClose={vi.fn()} />, { routes });
    expect(await screen.findByText('Please fill in your billing details before you continue.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('clears the state when the country changes and saves the form', async () => {
    const info = { user_merchant_id: 7, name: 'Farid', email: 'farid@shop.test', address1: '1 Jalan', address2: null, city: 'KL', postal_code: '50450', country: 'Malaysia', state_or_region: 'Selangor', created_at: '2026-01-01T00:00:00Z' };
    const saving = [...routes, { method: 'PATCH', path: '/users/billing/7', body: { message: 'Update Success', data: info } }];
    const { calls } = renderFeature(<BillingDetailModal opened info={info} userMerchantId={7} onClose={vi.fn()} />, { routes: saving });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^State \/ Region/ })).toHaveValue('Selangor'));
    await userEvent.click(screen.getByRole('combobox', { name: /^Country/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Singapore' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^State \/ Region/ })).toHaveValue(''));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select state')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /^State \/ Region/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Central' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ country: 'Singapore', state_or_region: 'Central', postal_code: '50450' });
  });

  it('keeps the state list disabled until a country is known', async () => {
    renderFeature(<BillingDetailModal opened info={null} userMerchantId={1} onClose={vi.fn()} />, { routes: [] });
    expect(await screen.findByPlaceholderText('Choose a country first')).toBeDisabled();
  });
});

describe('BillingHistoryModal', () => {
  const invoice = (id: string, status: string) => ({
    id,
    number: `INV-${id}`,
    status,
    currency: 'MYR',
    subtotal: 9900,
    discount: 0,
    tax: 792,
    total: 10692,
    amount_paid: status === 'paid' ? 10692 : 0,
    amount_due: 10692,
    starting_balance: 0,
    collection_method: 'charge_automatically',
    // As the API spells them: absolute on PUBLIC_URL, which need not be the origin the page is on.
    hosted_invoice_url: `http://localhost:3000/api/invoices/${id}`,
    invoice_pdf: `http://localhost:3000/api/invoices/${id}.pdf`,
    created: 1777593600,
    lines: { data: [{ id: 'l', description: 'x', amount: 9900, quantity: 1, proration: false, period: { start: 1777593600, end: 1780272000 } }] },
  });

  it('starts the range no earlier than the account creation and lists invoices with their links', async () => {
    const routes = [{ method: 'POST', path: '/users/billing/billing-history', body: { data: [invoice('in_1', 'paid'), invoice('in_2', 'uncollectible')], has_more: false } }];
    const { calls } = renderFeature(
      <BillingHistoryModal opened accountCreatedAt="2026-04-20T10:00:00Z" showPdf today="2026-05-15" onClose={vi.fn()} />,
      { routes },
    );
    expect(await screen.findAllByTestId('invoice-row')).toHaveLength(2);
    // Six months back from 15/05/2026 would be 15/11/2025: moved up to the account's creation day.
    expect(screen.getByLabelText('From')).toHaveTextContent('20/04/2026');
    expect(screen.getByLabelText('To')).toHaveTextContent('15/05/2026');
    expect(calls[0].body).toEqual({ date_start: 1776643200, date_end: 1778889599 });
    // Links stay on the origin the page is on (issue 16 #7): PUBLIC_URL's host has no session of this browser.
    expect(screen.getAllByRole('link', { name: 'Download PDF' })[0]).toHaveAttribute('href', '/api/invoices/in_1.pdf');
    expect(screen.getAllByRole('link', { name: 'View invoice' })[0]).toHaveAttribute('href', '/api/invoices/in_1');
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('Uncollectible')).toBeInTheDocument();
  });

  it("shows a period switch invoice's own period (the new yearly cycle), not its first line's (the credit)", async () => {
    const periodSwitch = {
      ...invoice('in_3', 'paid'),
      period_start: 1777593600,
      period_end: 1809129600,
      lines: {
        data: [
          { id: 'l1', description: 'Unused time on Starter', amount: -4950, quantity: 1, proration: true, period: { start: 1777593600, end: 1780272000 } },
          { id: 'l2', description: 'Enterprise Yearly', amount: 190000, quantity: 1, proration: false, period: { start: 1777593600, end: 1809129600 } },
        ],
      },
    };
    const routes = [{ method: 'POST', path: '/users/billing/billing-history', body: { data: [periodSwitch], has_more: false } }];
    renderFeature(<BillingHistoryModal opened accountCreatedAt={null} showPdf={false} today="2026-05-15" onClose={vi.fn()} />, { routes });
    const [row] = await screen.findAllByTestId('invoice-row');
    expect(row).toHaveTextContent('01/05/2026 – 01/05/2027');
    expect(row).not.toHaveTextContent('01/06/2026');
  });

  it('shows the credit notes of a refunded invoice and a card dispute under it (issue 25 item 7)', async () => {
    const refunded = {
      ...invoice('in_4', 'paid'),
      amount_refunded: 5346,
      credit_notes: [{ number: 'CN-MH-000004-1', amount: 5346, currency: 'MYR', created: 1778889599, source: 'staff' }],
      disputes: [{ id: 'dp_1', status: 'lost', reason: 'fraudulent', amount: 10692, created: 1778889599 }],
    };
    const routes = [{ method: 'POST', path: '/users/billing/billing-history', body: { data: [refunded, invoice('in_5', 'paid')], has_more: false } }];
    renderFeature(<BillingHistoryModal opened accountCreatedAt={null} showPdf={false} today="2026-05-15" onClose={vi.fn()} />, { routes });
    const [notes] = await screen.findAllByTestId('credit-notes');
    expect(notes).toHaveTextContent('Credit note CN-MH-000004-1: RM 53.46 refunded on 15/05/2026');
    expect(notes).toHaveTextContent('Card payment disputed on 15/05/2026: closed in the card holder’s favour');
    expect(screen.getAllByTestId('credit-notes')).toHaveLength(1);
  });

  it('pages with Show More from the last invoice shown', async () => {
    const routes = [{ method: 'POST', path: '/users/billing/billing-history', body: { data: [invoice('in_9', 'paid')], has_more: true } }];
    const { calls } = renderFeature(<BillingHistoryModal opened accountCreatedAt={null} showPdf={false} today="2026-05-15" onClose={vi.fn()} />, { routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toMatchObject({ start_after: 'in_9' });
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
  });

  it('says so when history cannot be fetched', async () => {
    const routes = [{ method: 'POST', path: '/users/billing/billing-history', status: 500, body: { error: { code: 'internal_error', message: 'x' } } }];
    renderFeature(<BillingHistoryModal opened accountCreatedAt={null} showPdf={false} today="2026-05-15" onClose={vi.fn()} />, { routes });
    expect(await screen.findByText('Failed to fetch Billing History')).toBeInTheDocument();
  });
});

describe('CreditBalanceModal', () => {
  it('pages older and newer with the last and first transaction as cursor', async () => {
    const tx = (id: string) => ({ id, type: 'adjustment', description: `Entry ${id}`, amount: -500, currency: 'MYR', ending_balance: -500, created: 1777593600 });
    const routes = [{ method: 'GET', path: '/users/billing/credit-balance', body: { balance: { balance: -2500, currency: 'MYR' }, balanceTransactions: { data: [tx('t1'), tx('t2')], hasNext: true, hasPrevious: true } } }];
    const { calls } = renderFeature(<CreditBalanceModal opened onClose={vi.fn()} />, { routes });
    expect(await screen.findByTestId('credit-available')).toHaveTextContent('25.00');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/users/billing/credit-balance?starting_after=t2'));
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/users/billing/credit-balance?ending_before=t1'));
  });

  it('reads credit as positive everywhere: the available line, a credit entry, a debit entry and the balance column', async () => {
    const rows = [
      { id: 't2', type: 'applied_to_invoice', description: 'Used on invoice', amount: 1000, currency: 'MYR', ending_balance: -2500, created: 1777593600 },
      { id: 't1', type: 'adjustment', description: 'Goodwill', amount: -3500, currency: 'MYR', ending_balance: -3500, created: 1777500000 },
    ];
    const routes = [{ method: 'GET', path: '/users/billing/credit-balance', body: { balance: { balance: -2500, currency: 'MYR' }, balanceTransactions: { data: rows, hasNext: false, hasPrevious: false } } }];
    renderFeature(<CreditBalanceModal opened onClose={vi.fn()} />, { routes });
    expect(await screen.findByTestId('credit-available')).toHaveTextContent(/^RM 25\.00$/);
    expect(screen.getAllByTestId('credit-change').map((cell) => cell.textContent)).toEqual(['-RM 10.00', '+RM 35.00']);
    expect(screen.getAllByTestId('credit-left').map((cell) => cell.textContent)).toEqual(['RM 25.00', 'RM 35.00']);
    expect(screen.getByRole('columnheader', { name: 'Credit balance' })).toBeInTheDocument();
  });

  it('words the entries the system wrote in the merchant language and keeps staff-typed and older text as stored', async () => {
    const entry = (id: string, description: string, label?: { key: string; params: Record<string, unknown> }) => ({ id, type: 'adjustment', description, ...(label ? { label } : {}), amount: -500, currency: 'MYR', ending_balance: -500, created: 1777593600 });
    const rows = [
      entry('t5', 'Credit note CN-F1-1: one free month of Growth', { key: 'freeMonth', params: { number: 'CN-F1-1', plan: 'Growth' } }),
      entry('t4', 'Reversal: Unused time of Growth, cancelled now', { key: 'reversal', params: { description: 'Unused time of Growth, cancelled now', of: { key: 'unusedCancelled', params: { plan: 'Growth' } } } }),
      entry('t3', 'Reversal: Goodwill for the outage', { key: 'reversal', params: { description: 'Goodwill for the outage' } }),
      entry('t2', 'Applied to invoice INV-7', { key: 'appliedToInvoice', params: { number: 'INV-7' } }),
      entry('t1', 'Goodwill for the outage'),
    ];
    const routes = [{ method: 'GET', path: '/users/billing/credit-balance', body: { balance: { balance: -2500, currency: 'MYR' }, balanceTransactions: { data: rows, hasNext: false, hasPrevious: false } } }];
    renderFeature(<CreditBalanceModal opened onClose={vi.fn()} />, { routes, lng: 'zhtw' });
    expect(await screen.findByText('折讓單 CN-F1-1：Growth 免費一個月')).toBeInTheDocument();
    expect(screen.getByText('沖銷：Growth 未使用的時間（已立即取消）')).toBeInTheDocument();
    expect(screen.getByText('沖銷：Goodwill for the outage')).toBeInTheDocument();
    expect(screen.getByText('已用於發票 INV-7')).toBeInTheDocument();
    expect(screen.getByText('Goodwill for the outage')).toBeInTheDocument();
  });
});

describe('LateSubscribeModal', () => {
  const routes = [{ method: 'POST', path: '/users/billing/late-subscribe/create-intent', body: { stripeIntent: { id: 'seti_2', client_secret: 's' } } }];

  it('enables FPX payment only once a bank is chosen and sends the merchant to the bank', async () => {
    const redirect = vi.fn();
    const fpxRoutes = [...routes, { method: 'POST', path: '/users/billing/late-subscribe/fpx/create-intent', body: { payment_intent_id: 'pi_1', client_secret: 'x', redirect_url: '/api/sandbox/fpx/pi_1', amount: 10692 } }];
    const { calls } = renderFeature(<LateSubscribeModal packages={[pkg()]} currency="MYR" isStaff={false} returnPath="/home/dashboard" redirect={redirect} />, { routes: fpxRoutes });
    await userEvent.click(await screen.findByLabelText('FPX online banking'));
    const pay = screen.getByRole('button', { name: /^Pay/ });
    expect(pay).toBeDisabled();
    await userEvent.click(screen.getByPlaceholderText('Choose your bank'));
    await userEvent.click(await screen.findByRole('option', { name: 'Maybank2u' }));
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/api/sandbox/fpx/pi_1'));
    expect(calls.find((c) => c.path.startsWith('/users/billing/late-subscribe/fpx'))?.body).toEqual({ package_id: 1, bank: 'maybank2u', return_url: '/home/dashboard' });
  });

  it('never offers FPX for a plan priced outside ringgit', async () => {
    renderFeature(<LateSubscribeModal packages={[pkg({ currency: 'TWD', subtotal: 129000, price: 129000 })]} currency="MYR" isStaff={false} returnPath="/" />, { routes });
    expect(await screen.findByLabelText('Credit / debit card')).toBeInTheDocument();
    expect(screen.queryByLabelText('FPX online banking')).toBeNull();
  });

  it('lists the same FPX banks as the checkout, corporate portals included', async () => {
    renderFeature(<LateSubscribeModal packages={[pkg()]} currency="MYR" isStaff={false} returnPath="/" />, { routes });
    await userEvent.click(await screen.findByLabelText('FPX online banking'));
    await userEvent.click(screen.getByPlaceholderText('Choose your bank'));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(22);
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining(['CIMB Clicks', 'PB Enterprise', 'Maybank2E', 'Public Bank']));
  });

  it("shows the bank's refusal when the bank cannot take the payment now", async () => {
    const redirect = vi.fn();
    const offline = [
      ...routes,
      { method: 'POST', path: '/users/billing/late-subscribe/fpx/create-intent', status: 402, body: { error: { code: 'payment_failed', message: 'The selected bank is currently unavailable.', key: 'errors:billing.paymentFailed', details: { decline_code: 'payment_method_provider_decline' } } } },
    ];
    renderFeature(<LateSubscribeModal packages={[pkg()]} currency="MYR" isStaff={false} returnPath="/" redirect={redirect} />, { routes: offline });
    await userEvent.click(await screen.findByLabelText('FPX online banking'));
    await userEvent.click(screen.getByPlaceholderText('Choose your bank'));
    await userEvent.click(await screen.findByRole('option', { name: 'RHB Bank' }));
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByTestId('late-subscribe-error')).toHaveTextContent('Your bank cannot take this payment right now.');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('offers FPX only in Malaysian ringgit', async () => {
    renderFeature(<LateSubscribeModal packages={[pkg({ currency: 'SGD' })]} currency="SGD" isStaff={false} returnPath="/" />, { routes });
    expect(await screen.findByLabelText('Credit / debit card')).toBeInTheDocument();
    expect(screen.queryByLabelText('FPX online banking')).not.toBeInTheDocument();
  });

  it('shows the plan price with tax on the pay button', async () => {
    renderFeature(<LateSubscribeModal packages={[pkg()]} currency="MYR" isStaff={false} returnPath="/" />, { routes });
    // RM 99.00 + 8 % SST = RM 106.92
    expect(await screen.findByRole('button', { name: /106\.92/ })).toBeDisabled();
  });
});

describe('upgradeSummary', () => {
  it('adds the prorated lines, taxes the subtotal and applies credit', () => {
    const preview = {
      change: 'upgrade',
      effect: { kind: 'review' },
      must_acknowledge_coupon_removal: false,
      currency: 'MYR',
      package: pkg({ id: 2 }),
      lines: [
        { description: 'Unused', amount: -4950, proration: true, period: { start: 0, end: 1 } },
        { description: 'Remaining', amount: 9950, proration: true, period: { start: 0, end: 1 } },
      ],
      subtotal: 5000,
      tax: 400,
      tax_percent: 8,
      rounding_amount: 0,
      total: 5400,
      applied_balance: 1000,
      amount_due: 4400,
    } satisfies PlanChangePreview;
    expect(upgradeSummary(preview)).toEqual({ credit: -4950, charge: 9950, subtotal: 5000, tax: 400, rounding: 0, total: 5400, creditApplied: 1000, amountDue: 4400 });
  });
});
