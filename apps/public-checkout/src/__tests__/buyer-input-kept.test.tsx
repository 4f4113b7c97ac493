import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { choose, countryRoutes, loginResult, myPackage, posted, renderCheckout, twPackage } from './render-checkout';
import type { FakeRoute } from './render-checkout';

// Issue 31 #3 and #6: the checkout keeps what the buyer typed (never the card) across the bank's and ECPay's
// pages and failed payments, shows the plan and total before the form, and offers only the ways of paying
// that the plan's currency allows, whatever the link says.

const myRoutes: FakeRoute[] = [{ path: '/packages/7', body: { data: myPackage } }, ...countryRoutes, { path: '/checkout/config', body: { gateway: 'sandbox' } }];
const fpxPayment: FakeRoute = { method: 'POST', path: '/create-merchant/fpx', status: 201, body: { payment_intent_id: 'pi_1', client_secret: 's', redirect_url: 'https://fpx.stripe.test/bank/pi_1', amount: 10692, currency: 'MYR' } };

let submitted: HTMLFormElement[];
beforeEach(() => {
  submitted = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
/** The plan is in: a page's first draw in a file also loads its lazy parts, which a busy machine takes a while over. */
const summaryShown = () => screen.findByTestId('summary-total', {}, { timeout: 15_000 });
const pay = () => screen.getByTestId('pay-now');

const fillCardCheckout = async () => {
  await userEvent.type(box(/^E-mail/), 'buyer@shop.test');
  await userEvent.type(box(/^Mobile number/), '+60123456789');
  await userEvent.type(box('Company name'), 'Kedai Baik');
  await userEvent.type(box('Address'), '1 Jalan Ampang');
  await userEvent.type(box('Address line 2 (optional)'), 'Level 3');
  await userEvent.type(box(/^City/), 'Kuala Lumpur');
  await userEvent.type(box(/^Postal code/), '50450');
  await choose(/^State \/ region/, 'Selangor');
  await userEvent.type(box(/^Name on card/), 'Aminah Ali');
};

const CARD_CHECKOUT_TYPED = {
  'E-mail': 'buyer@shop.test',
  'Mobile number': '+60123456789',
  'Company name': 'Kedai Baik',
  Address: '1 Jalan Ampang',
  'Address line 2 (optional)': 'Level 3',
  City: 'Kuala Lumpur',
  'Postal code': '50450',
  'Name on card': 'Aminah Ali',
};

const expectCardCheckoutFilled = async () => {
  for (const [label, value] of Object.entries(CARD_CHECKOUT_TYPED)) {
    await waitFor(() => expect(screen.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`) })).toHaveValue(value));
  }
  expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Malaysia');
  await waitFor(() => expect(screen.getByRole('combobox', { name: /^State \/ region/ })).toHaveValue('Selangor'));
};

describe('the card and FPX checkout keep what the buyer typed', () => {
  it('across the bank page, a failed payment and Acknowledge, so that a retry needs no typing at all', async () => {
    const first = renderCheckout('/subscribe-payment/7?type=fpx&locale=en', [...myRoutes, fpxPayment]);
    await summaryShown();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Malaysia'));
    await fillCardCheckout();
    await choose(/^Bank/, 'Maybank2u');
    await waitFor(() => expect(pay()).toBeEnabled());
    await userEvent.click(pay());
    await waitFor(() => expect(first.assigned).toEqual(['https://fpx.stripe.test/bank/pi_1']));
    cleanup();

    // The bank sends the buyer back with a failure: the modal, and the form behind it as it was.
    const back = renderCheckout('/subscribe-payment/7?type=fpx&locale=en&redirect_status=failed&payment_intent=pi_1', [...myRoutes, fpxPayment]);
    const modal = await screen.findByRole('dialog', { name: 'Payment Failed' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Acknowledge' }));
    // The reload keeps the page's language and drops the bank's answer.
    expect(back.assigned).toEqual(['/?type=fpx&locale=en']);
    cleanup();

    const retry = renderCheckout('/subscribe-payment/7?type=fpx&locale=en', [...myRoutes, fpxPayment]);
    await summaryShown();
    await expectCardCheckoutFilled();
    expect(screen.getByRole('combobox', { name: /^Bank/ })).toHaveValue('Maybank2u');
    await waitFor(() => expect(pay()).toBeEnabled());
    await userEvent.click(pay());
    await waitFor(() => expect(retry.assigned).toEqual(['https://fpx.stripe.test/bank/pi_1']));
    expect(posted(retry.calls, '/create-merchant/fpx')[0]).toMatchObject({ email: 'buyer@shop.test', address2: 'Level 3', state_or_region: 'Selangor', name: 'Aminah Ali', bank: 'maybank2u' });
  }, 60_000);

  it('never keeps the card itself, and forgets everything once the buyer is signed in', async () => {
    const { assigned } = renderCheckout('/subscribe-payment/7?locale=en', [
      ...myRoutes,
      { method: 'POST', path: '/create-merchant/stripe', status: 201, body: { client_secret: 'seti_1_secret_x', setup_intent_id: 'seti_1', stripe_id: 'cus_1', gateway: 'sandbox' } },
      { method: 'POST', path: '/sandbox/payment-methods', status: 201, body: { id: 'pm_sandbox_1', brand: 'visa', last4: '4242' } },
      { method: 'POST', path: '/create-merchant/stripe/set-payment-method', status: 201, body: { email: 'buyer@shop.test', ticket: 'tkt_1', message: 'ok' } },
      { method: 'POST', path: '/checkout/ticket-sign-in', body: loginResult },
    ]);
    await summaryShown();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Malaysia'));
    await fillCardCheckout();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await userEvent.type(box('Expiry (MM/YY)'), '1234');
    await userEvent.type(box('CVC'), '123');
    const kept = Object.keys(window.sessionStorage).map((key) => window.sessionStorage.getItem(key) ?? '').join('\n');
    expect(kept).toContain('Aminah Ali');
    expect(kept).not.toMatch(/4242|12\/34|"cvc"|"number"|"exp/);
    await waitFor(() => expect(pay()).toBeEnabled());
    await userEvent.click(pay());
    await waitFor(() => expect(assigned).toEqual(['/']));
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith('merchant-hub.checkout.draft.'))).toEqual([]);
  }, 60_000);

  it('keeps the typed values when the buyer switches between card and FPX on a ringgit plan', async () => {
    renderCheckout('/subscribe-payment/7?locale=en', myRoutes);
    await summaryShown();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Malaysia'));
    await userEvent.type(box(/^E-mail/), 'buyer@shop.test');
    await userEvent.click(screen.getByRole('radio', { name: 'Online banking (FPX)' }));
    expect(await screen.findByRole('combobox', { name: /^Bank/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    expect(box(/^E-mail/)).toHaveValue('buyer@shop.test');
  });
});

describe('the gateway checkout keeps what the buyer typed', () => {
  it('back from the ECPay cashier, every field is as the buyer left it', async () => {
    const routes: FakeRoute[] = [
      { path: '/packages/12', body: { data: twPackage } },
      ...countryRoutes,
      { path: '/check-email/:email', body: { success: true, available: true } },
      { method: 'POST', path: '/ecpay/create-order', status: 201, body: { data: { action: 'https://cashier.test/aio', method: 'POST', fields: { MerchantID: '3002607', TotalAmount: '1355', CheckMacValue: 'ABC' }, token: 't', merchant_trade_no: 'MH1', total_amount: 1355, currency: 'TWD' } } },
    ];
    renderCheckout('/subscribe/12?locale=en', routes);
    await summaryShown();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Taiwan'));
    const typed: [RegExp | string, string][] = [
      [/^Company name/, '好好商行'],
      [/^Business ID number/, '12345678'],
      [/^First name/, '小明'],
      [/^Last name/, '王'],
      [/^E-mail/, 'buyer@shop.test'],
      [/^Mobile number/, '912345678'],
      ['Address', '信義路五段7號'],
      ['Address line 2 (optional)', '3樓'],
      [/^Postal code/, '110'],
      [/^Line ID/, 'xiaoming'],
      ['Referral code (optional)', 'FRIEND'],
    ];
    for (const [label, value] of typed) await userEvent.type(box(label), value);
    await choose(/^State \/ region/, 'Taipei City');
    await waitFor(() => expect(pay()).toBeEnabled());
    await userEvent.click(pay());
    await waitFor(() => expect(submitted).toHaveLength(1));
    cleanup();

    renderCheckout('/subscribe/12?locale=en', routes);
    await summaryShown();
    for (const [label, value] of typed) await waitFor(() => expect(box(label)).toHaveValue(value));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^State \/ region/ })).toHaveValue('Taipei City'));
    await waitFor(() => expect(pay()).toBeEnabled());
  }, 60_000);
});

describe('the plan first, and only the ways its currency can be paid', () => {
  it('puts the plan and its total before the form (above it on a phone)', async () => {
    renderCheckout('/subscribe-payment/7?locale=en', myRoutes);
    await summaryShown();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    const form = screen.getByRole('form', { name: 'Billing details' });
    expect(summary.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends a TWD plan linked with type=fpx to its ECPay checkout instead of an FPX form', async () => {
    const { assigned, calls } = renderCheckout('/subscribe-payment/12?type=fpx&locale=zh-TW', [{ path: '/packages/12', body: { data: twPackage } }, ...countryRoutes]);
    await waitFor(() => expect(assigned).toEqual(['/subscribe/12?locale=zh-TW']));
    expect(posted(calls, '/create-merchant/fpx')).toEqual([]);
  });

  it('offers a Singapore-dollar plan linked with type=fpx the card it can be paid with, and no bank', async () => {
    const sgPackage = { ...myPackage, id: 9, currency: 'SGD', market: 'SG', tax: 9, stripe_id: 'price_sg_starter_monthly' };
    renderCheckout('/subscribe-payment/9?type=fpx&locale=en', [{ path: '/packages/9', body: { data: sgPackage } }, ...countryRoutes, { path: '/checkout/config', body: { gateway: 'sandbox' } }]);
    await summaryShown();
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Bank/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Online banking (FPX)' })).not.toBeInTheDocument();
  });

  it('sends a ringgit plan opened on the ECPay checkout to the card checkout', async () => {
    const { assigned } = renderCheckout('/subscribe/7?locale=en', myRoutes);
    await waitFor(() => expect(assigned).toEqual(['/subscribe-payment/7?locale=en']));
  });
});
