import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingOverview } from '@merchant-hub/api-client';
import { browserLocation } from '../notify';
import { BillingScopeProvider } from '../billing-scope';
import { BillingPage } from '../pages/billing.page';
import { pkg, sub, user } from './fixtures';
import { renderFeature } from './render';

const merchant = { method: 'GET', path: '/user', body: { data: user() } };
const support = { method: 'GET', path: '/user', body: { data: user({ id: 1, user_id: 1, name: 'Sam', email: 's@mh.test', role: 'support' }) } };
const mustSubscribe = {
  method: 'GET',
  path: '/users/billing/all',
  status: 402,
  body: { error: { code: 'must_subscribe', message: 'Please subscribe to a plan to continue', key: 'errors:billing.mustSubscribe' }, code: 0, currency: 'MYR', packages: [pkg()] },
};
const lateIntent = { method: 'POST', path: '/users/billing/late-subscribe/create-intent', body: { stripeIntent: { id: 'seti', client_secret: 's' } } };

const overview = (): BillingOverview => ({
  billing: { user_merchant_id: 3, name: 'Farid', email: 'f@shop.test', address1: '1 Jalan', address2: null, city: 'KL', postal_code: '50450', country: 'Malaysia', state_or_region: 'Selangor', created_at: '2026-01-01T00:00:00Z' },
  selectedPackage: [{ data: pkg({ current_channel: 1 }), selected: true }, { data: pkg({ id: 2, name: 'Growth', sort_order: 2, stripe_id: 'price_growth' }), selected: false }],
  all: [sub(), sub({ id: 30, name: 'multistore', quantity: 2, stripe_status: 'past_due', package: null, stripe_plan: 'price_addon' })],
  userData: { payment_type: 'card', default_payment_methods: 'pm_1', inventory_users: { inventory_store_users: { store_id: 4 } } },
  paymentMethod: { data: [{ id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }] },
  currentBillingPeriod: 'monthly',
  addOnIsPastDue: true,
  creditBalance: 0,
  currency: 'MYR',
  addOnSectionVisible: true,
});

afterEach(() => vi.restoreAllMocks());

const shownMessages = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => (call[0] as { message: string }).message);

describe('BillingPage', () => {
  it('confirms a 3-D Secure return, says Payment received and refreshes billing, leaving the FPX confirm alone', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('n');
    const confirm = { method: 'POST', path: '/users/billing/confirm-payment', body: { message: 'Payment received', status: 'succeeded', already_confirmed: false } };
    const fpx = { method: 'POST', path: '/users/billing/late-subscribe/fpx', body: { message: 'Welcome to Merchant Hub!', invoice: null, already_confirmed: true } };
    const { calls } = renderFeature(<BillingPage />, {
      routes: [merchant, { method: 'GET', path: '/users/billing/all', body: overview() }, confirm, fpx],
      path: '/home/dashboard?flow=3ds&payment_intent=pi_3ds&payment_intent_client_secret=s&redirect_status=succeeded',
    });
    await waitFor(() => expect(shownMessages(show)).toContain('Payment received'));
    expect(calls.filter((c) => c.path === '/users/billing/confirm-payment').map((c) => c.body)).toEqual([{ payment_intent: 'pi_3ds' }]);
    expect(calls.some((c) => c.path === '/users/billing/late-subscribe/fpx')).toBe(false);
    // Billing is read again after the confirm, so the page shows the plan the payment paid for.
    await waitFor(() => expect(calls.filter((c) => c.path === '/users/billing/all').length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByText('Sales Channel Management')).toBeInTheDocument();
  });

  it('confirms a failed 3-D Secure return too and shows the authentication failure', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('n');
    const refused = { method: 'POST', path: '/users/billing/confirm-payment', status: 402, body: { error: { code: 'payment_failed', message: 'We are unable to authenticate your payment method.', key: 'errors:billing.paymentFailed' } } };
    const { calls } = renderFeature(<BillingPage />, { routes: [merchant, mustSubscribe, lateIntent, refused], path: '/home/dashboard?flow=3ds&payment_intent=pi_9&redirect_status=failed' });
    await waitFor(() => expect(shownMessages(show)).toContain('We could not authenticate your payment. Please try again or use another card.'));
    expect(calls.find((c) => c.path === '/users/billing/confirm-payment')?.body).toEqual({ payment_intent: 'pi_9' });
    expect(await screen.findByText('Subscribe to continue')).toBeInTheDocument();
  });

  it('sends the merchant to the 3-D Secure page when Retry Payment needs authentication', async () => {
    vi.spyOn(notifications, 'show').mockReturnValue('n');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const needsAction = {
      method: 'POST',
      path: '/users/billing/retry-payment',
      status: 402,
      body: {
        error: { code: 'authentication_required', message: 'Your bank needs you to authenticate this payment', key: 'errors:billing.authenticationRequired' },
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'http://localhost:3000/api/sandbox/3ds/pi_5', return_url: 'http://localhost:3000/home/dashboard?flow=3ds' } },
        payment_intent: { id: 'pi_5', status: 'requires_action', amount: 10692, currency: 'MYR' },
      },
    };
    renderFeature(<BillingPage />, { routes: [merchant, { method: 'GET', path: '/users/billing/all', body: overview() }, needsAction] });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Retry Payment' }))[0]);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/api/sandbox/3ds/pi_5'));
  });

  it('says when the plan already ends, in the page language, when Unsubscribe finds it already set to end', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('n');
    const ending = {
      method: 'POST',
      path: '/users/billing/unsubscribe',
      status: 409,
      body: { error: { code: 'already_unsubscribed', message: 'Your plan already ends on 02/04/2026', key: 'errors:billing.planAlreadyEnding', details: { ends_at: 1775120400, values: { date: '02/04/2026' } } } },
    };
    renderFeature(<BillingPage />, { routes: [merchant, { method: 'GET', path: '/users/billing/all', body: overview() }, ending], lng: 'ms' });
    await userEvent.click(await screen.findByRole('button', { name: 'Berhenti Langgan' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Berhenti Langgan' }));
    await waitFor(() => expect(shownMessages(show)).toContain('Pelan anda sudah ditetapkan untuk tamat pada 02/04/2026'));
  });

  it('opens the late-subscribe modal when billing answers code 0', async () => {
    renderFeature(<BillingPage />, { routes: [merchant, mustSubscribe, lateIntent] });
    expect(await screen.findByText('Subscribe to continue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay RM 106.92' })).toBeDisabled();
  });

  it('confirms a succeeded FPX return and reports a failed one without confirming', async () => {
    const confirm = { method: 'POST', path: '/users/billing/late-subscribe/fpx', body: { message: 'Welcome to Merchant Hub!', invoice: null, already_confirmed: true } };
    const ok = renderFeature(<BillingPage />, { routes: [merchant, mustSubscribe, lateIntent, confirm], path: '/home/dashboard?payment_intent=pi_7&redirect_status=succeeded' });
    await waitFor(() => expect(ok.calls.some((c) => c.path === '/users/billing/late-subscribe/fpx')).toBe(true));
    expect(ok.calls.find((c) => c.path === '/users/billing/late-subscribe/fpx')?.body).toEqual({ payment_intent_id: 'pi_7' });
    ok.unmount();
    const failed = renderFeature(<BillingPage />, { routes: [merchant, mustSubscribe, lateIntent, confirm], path: '/home/dashboard?payment_intent=pi_8&redirect_status=failed' });
    expect(await screen.findByText('Subscribe to continue')).toBeInTheDocument();
    expect(failed.calls.some((c) => c.path === '/users/billing/late-subscribe/fpx')).toBe(false);
  });

  it('shows an error state with Try again when billing cannot load', async () => {
    const broken = { method: 'GET', path: '/users/billing/all', status: 500, body: { error: { code: 'internal_error', message: 'x', key: 'errors:error.somethingWentWrong' } } };
    renderFeature(<BillingPage />, { routes: [merchant, broken] });
    expect(await screen.findByText('We could not load your billing details.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lets a ringgit merchant past due pay the open invoice at the bank (FPX) and confirms it on the way back', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    const pastDue = { ...overview(), all: [sub({ stripe_status: 'past_due' })], addOnIsPastDue: false, addOnSectionVisible: false };
    const intent = { method: 'POST', path: '/users/billing/retry-payment/fpx/create-intent', body: { payment_intent_id: 'pi_r', client_secret: 's', redirect_url: 'http://localhost:3000/api/sandbox/fpx/pi_r', amount: 10692 } };
    const { calls } = renderFeature(<BillingPage />, { routes: [merchant, { method: 'GET', path: '/users/billing/all', body: pastDue }, intent] });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with FPX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the open invoice with FPX' });
    await userEvent.click(within(dialog).getByPlaceholderText('Choose your bank'));
    await userEvent.click(await screen.findByRole('option', { name: 'Maybank2u' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to your bank' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/api/sandbox/fpx/pi_r'));
    expect(calls.find((c) => c.path === '/users/billing/retry-payment/fpx/create-intent')?.body).toEqual({ type: 'default', bank: 'maybank2u', return_url: '/home/dashboard?flow=fpx_retry' });

    const confirm = { method: 'POST', path: '/users/billing/retry-payment/fpx', body: { message: 'Payment received', invoice: null, already_confirmed: true } };
    const back = renderFeature(<BillingPage />, {
      routes: [merchant, { method: 'GET', path: '/users/billing/all', body: pastDue }, confirm],
      path: '/home/dashboard?flow=fpx_retry&payment_intent=pi_r&redirect_status=succeeded',
    });
    await waitFor(() => expect(back.calls.find((c) => c.path === '/users/billing/retry-payment/fpx')?.body).toEqual({ payment_intent_id: 'pi_r' }));
    expect(back.calls.some((c) => c.path === '/users/billing/late-subscribe/fpx')).toBe(false);
  });

  it('shows the invoice number and amount in the FPX dialog, on its Pay button too, before the bank asks for it (issue 31 #4)', async () => {
    const pastDue = {
      ...overview(),
      all: [sub({ stripe_status: 'past_due' })],
      addOnIsPastDue: false,
      addOnSectionVisible: false,
      openInvoices: [{ type: 'default' as const, id: 'in_42', number: 'MH-2026-0042', amount_due: 10692, currency: 'MYR' as const, hosted_invoice_url: '/api/invoices/in_42' }],
    };
    renderFeature(<BillingPage />, { routes: [merchant, { method: 'GET', path: '/users/billing/all', body: pastDue }] });
    expect(await screen.findByText('Invoice MH-2026-0042 for RM 106.92 is unpaid. Pay it to keep your plan.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay with FPX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the open invoice with FPX' });
    expect(within(dialog).getByTestId('fpx-invoice')).toHaveTextContent('InvoiceMH-2026-0042Amount dueRM 106.92');
    expect(within(dialog).getByRole('button', { name: 'Pay RM 106.92 at your bank' })).toBeDisabled();
  });

  it('offers a card-less merchant outside ringgit to add a card, never a card retry that can only fail', async () => {
    const cardless = { ...overview(), currency: 'SGD', paymentMethod: { data: [] }, userData: { ...overview().userData, default_payment_methods: null }, all: [sub({ stripe_status: 'past_due' })], addOnIsPastDue: false, addOnSectionVisible: false };
    renderFeature(<BillingPage />, { routes: [merchant, { method: 'GET', path: '/users/billing/all', body: cardless }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card to pay' }));
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Manage Cards' })).toBeInTheDocument();
  });

  it('offers no FPX retry outside ringgit', async () => {
    const sgd = { ...overview(), currency: 'SGD', all: [sub({ stripe_status: 'past_due' })], addOnIsPastDue: false, addOnSectionVisible: false };
    renderFeature(<BillingPage />, { routes: [merchant, { method: 'GET', path: '/users/billing/all', body: sgd }] });
    expect(await screen.findByRole('button', { name: 'Retry Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with FPX' })).not.toBeInTheDocument();
  });

  it('offers Retry Payment for an unpaid add-on and retries the multistore subscription', async () => {
    const routes = [merchant, { method: 'GET', path: '/users/billing/all', body: overview() }, { method: 'POST', path: '/users/billing/retry-payment', body: { message: 'Payment received' } }];
    const { calls } = renderFeature(<BillingPage />, { routes });
    expect(await screen.findByText('Sales Channel Management')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry Payment' })[0]);
    await waitFor(() => expect(calls.find((c) => c.path === '/users/billing/retry-payment')?.body).toEqual({ type: 'multistore' }));
  });

  it('asks staff acting for a merchant why before retrying, and sends the reason with the retry', async () => {
    const routes = [{ method: 'GET', path: '/users/billing/all', body: overview() }, { method: 'POST', path: '/users/billing/retry-payment', body: { message: 'Payment received' } }];
    const paths = { billing: '/merchants/5/billing', upgrade: '/merchants/5/billing/upgrade', addOn: '/merchants/5/billing/add-on' };
    const { calls } = renderFeature(
      <BillingScopeProvider value={{ userId: 5, isStaff: true, paths }}>
        <BillingPage />
      </BillingScopeProvider>,
      { routes },
    );
    expect(await screen.findByText('Sales Channel Management')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry Payment' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Why are you doing this?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters)')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/users/billing/retry-payment')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Card updated by phone  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/users/billing/retry-payment').map((c) => c.body)).toEqual([{ type: 'multistore', user_id: 5, reason: 'Card updated by phone' }]),
    );
  });

  it('changes nothing when staff cancel the reason', async () => {
    const routes = [{ method: 'GET', path: '/users/billing/all', body: overview() }, { method: 'POST', path: '/users/billing/retry-payment', body: { message: 'Payment received' } }];
    const { calls } = renderFeature(
      <BillingScopeProvider value={{ userId: 5, isStaff: true }}>
        <BillingPage />
      </BillingScopeProvider>,
      { routes },
    );
    await userEvent.click((await screen.findAllByRole('button', { name: 'Retry Payment' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Why are you doing this?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Why are you doing this?' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.path === '/users/billing/retry-payment')).toBe(false);
  });

  it('shows staff the merchant list first and then loads billing for the chosen merchant', async () => {
    sessionStorage.clear();
    const stores = { method: 'GET', path: '/merchants', body: { data: [{ id: 4, inventory_stores: { name: 'Farid Fresh', email: 'shop@f.test' }, users: { auth_server_user_id: 5 }, merchant_name: 'Farid Hassan', owner_email: 'f@shop.test' }] } };
    const { calls } = renderFeature(<BillingPage />, { routes: [support, stores, { method: 'GET', path: '/users/billing/all', body: overview() }] });
    await userEvent.click(await screen.findByText('Farid Fresh'));
    expect(await screen.findByText('Acting for Farid Hassan')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/users/billing/all?user_id=5')).toBe(true));
    sessionStorage.clear();
  });
});
