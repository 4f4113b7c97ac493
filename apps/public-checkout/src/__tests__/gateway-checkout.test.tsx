import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, choose, countryRoutes, posted, renderCheckout, requested, twPackage } from './render-checkout';
import type { FakeRoute } from './render-checkout';

const pkgRoute: FakeRoute = { path: '/packages/12', body: { data: twPackage } };
const emailFree: FakeRoute = { path: '/check-email/:email', body: { success: true, available: true } };
const base = [pkgRoute, ...countryRoutes];

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
  // Each test is a new tab: no draft of the last one's typing (see checkout-draft.ts).
  window.sessionStorage.clear();
});

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
const pay = () => screen.getByTestId('pay-now');

const fillForm = async (overrides: { email?: string } = {}) => {
  await userEvent.type(box(/^Company name/), '好好商行');
  await userEvent.type(box(/^Business ID number/), '12345678');
  await userEvent.type(box(/^First name/), '小明');
  await userEvent.type(box(/^Last name/), '王');
  await userEvent.type(box(/^E-mail/), overrides.email ?? 'buyer@shop.test');
  await userEvent.type(box(/^Mobile number/), '912345678');
  await userEvent.type(box('Address'), '信義路五段7號');
  await userEvent.type(box(/^Postal code/), '110');
  await userEvent.type(box(/^Line ID/), 'xiaoming');
  await choose(/^State \/ region/, 'Taipei City');
};

const ready = async (path = '/subscribe/12?locale=en', routes: FakeRoute[] = [...base, emailFree]) => {
  const app = renderCheckout(path, routes);
  await screen.findByTestId('summary-total');
  await waitFor(() => expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Taiwan'));
  return app;
};

describe('gateway checkout (TW, ECPay)', () => {
  it('defaults to Taiwan and +886 and shows the summary in NT$ with no decimals on the total', async () => {
    const { missingKeys } = await ready();
    expect(screen.getByRole('combobox', { name: 'Dial code' })).toHaveValue('+886');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByTestId('summary-plan')).toHaveTextContent('Starter');
    expect(within(summary).getByText('Monthly')).toBeInTheDocument();
    // NT$1,290 + 5 % tax (NT$64.50, stated in whole dollars as NT$65): every row whole, adding up to NT$1,355.
    expect(within(summary).getByText('Plan price').nextSibling).toHaveTextContent('NT$1,290');
    expect(within(summary).getByText('Tax (5%)').nextSibling).toHaveTextContent(/^NT\$65$/);
    expect(within(summary).queryByText('Rounding')).toBeNull();
    expect(summary).not.toHaveTextContent(/NT\$[\d,]+\.\d/);
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('NT$1,355');
    expect(pay()).toHaveTextContent('Pay now NT$1,355');
    expect(missingKeys).toEqual([]);
  });

  it.each([
    // Day first in digits in every language (issue 31 #5): no English month on the Thai page.
    ['en', '02/03/2026'],
    ['th_TH', '02/03/2026'],
    ['zh-TW', '02/03/2026'],
    ['zh-Hans', '02/03/2026'],
  ])('writes the purchase date the %s way', async (locale, expected) => {
    // Only Date is faked: the page's own timers and the fake fetch keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 2, 9, 30));
    try {
      renderCheckout(`/subscribe/12?locale=${locale}`, base);
      expect(await screen.findByTestId('summary-date')).toHaveTextContent(expected);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['zh-TW', '國家', '台灣', '馬來西亞'],
    ['zh-CN', '国家', '台湾', '马来西亚'],
    ['th', 'ประเทศ', 'ไต้หวัน', 'มาเลเซีย'],
  ])('names the countries in the page language (%s), not in English', async (locale, label, taiwan, malaysia) => {
    renderCheckout(`/subscribe/12?locale=${locale}`, base);
    const name = new RegExp(`^${label}\\s*\\*?$`);
    await screen.findByTestId('summary-total');
    await waitFor(() => expect(screen.getByRole('combobox', { name })).toHaveValue(taiwan));
    await choose(name, malaysia);
    await waitFor(() => expect(screen.getByRole('combobox', { name })).toHaveValue(malaysia));
    expect(screen.queryByRole('option', { name: 'Malaysia', hidden: true })).not.toBeInTheDocument();
  });

  it('strips non-digits from the postal code and keeps exactly three', async () => {
    await ready();
    await userEvent.type(box(/^Postal code/), '1-1 0 9');
    expect(box(/^Postal code/)).toHaveValue('110');
    await fillForm();
    await userEvent.clear(box(/^Postal code/));
    await userEvent.type(box(/^Postal code/), '11');
    await waitFor(() => expect(pay()).toBeDisabled());
    fireEvent.submit(pay().closest('form') as HTMLFormElement);
    expect(await screen.findByText('please enter a 3-digit postal code')).toBeInTheDocument();
    await userEvent.type(box(/^Postal code/), '0');
    expect(box(/^Postal code/)).toHaveValue('110');
    await waitFor(() => expect(pay()).toBeEnabled());
  });

  it('keeps Pay disabled until every required field is valid, and requires a state only where the country has states', async () => {
    const { missingKeys } = await ready();
    expect(pay()).toBeDisabled();
    await fillForm();
    await waitFor(() => expect(pay()).toBeEnabled());
    // Changing country clears the state; Taiwan's list is required again once re-chosen.
    await choose(/^Country/, 'Malaysia');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^State \/ region/ })).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'Dial code' })).toHaveValue('+60');
    await waitFor(() => expect(pay()).toBeDisabled());
    // Singapore has no states: the field is disabled and not required.
    await choose(/^Country/, 'Singapore');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^State \/ region/ })).toBeDisabled());
    await waitFor(() => expect(pay()).toBeEnabled());
    expect(missingKeys).toEqual([]);
  });

  it('checks the e-mail on blur and keeps Pay disabled when it is already signed up', async () => {
    const { calls } = await ready('/subscribe/12?locale=en', [...base, { path: '/check-email/:email', ...apiError(409, 'email_taken', 'taken') }]);
    // Filling the form moves focus on from the e-mail field: that blur asks the server.
    await fillForm({ email: 'taken@shop.test' });
    expect(await screen.findByText('This email has already been registered')).toBeInTheDocument();
    expect(requested(calls, '/check-email/taken%40shop.test')).toHaveLength(1);
    expect(pay()).toBeDisabled();
    // Typing a new address lifts the block until the next check.
    await userEvent.type(box(/^E-mail/), 'x');
    await waitFor(() => expect(pay()).toBeEnabled());
  });

  it('does not ask the server about an e-mail that is not valid yet', async () => {
    const { calls } = await ready();
    await userEvent.type(box(/^E-mail/), 'not-an-email');
    fireEvent.blur(box(/^E-mail/));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/check-email/'))).toEqual([]);
  });

  it('posts the order and then the returned AIO form to the cashier, with Pay loading meanwhile', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const held = new Promise((resolve) => (answer = resolve));
    const order = { action: 'https://cashier.test/aio', method: 'POST', fields: { MerchantID: '3002607', TotalAmount: '1355', CheckMacValue: 'ABC' }, token: 't', merchant_trade_no: 'MH1', total_amount: 1355, currency: 'TWD' };
    const { calls } = await ready('/subscribe/12?locale=en', [...base, emailFree, { method: 'POST', path: '/ecpay/create-order', status: 201, body: { data: order }, wait: held }]);
    await fillForm();
    await waitFor(() => expect(pay()).toBeEnabled());
    await userEvent.click(pay());
    await waitFor(() => expect(pay()).toBeDisabled());
    expect(pay()).toHaveAttribute('data-loading', 'true');
    answer(null);
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0] as HTMLFormElement;
    expect(form.action).toBe('https://cashier.test/aio');
    expect(Object.fromEntries(new FormData(form))).toEqual(order.fields);
    expect(posted(calls, '/ecpay/create-order')[0]).toMatchObject({
      package_id: 12,
      company_name: '好好商行',
      email: 'buyer@shop.test',
      phone: '+886 912345678',
      postal_code: '110',
      country: '208',
      state_or_region: '1',
      line_id: 'xiaoming',
    });
  });

  it('opens the resubscribe modal when the order cannot be created', async () => {
    const { missingKeys } = await ready('/subscribe/12?locale=en', [...base, emailFree, { method: 'POST', path: '/ecpay/create-order', ...apiError(422, 'package_unavailable', 'no') }]);
    await fillForm();
    await waitFor(() => expect(pay()).toBeEnabled());
    await userEvent.click(pay());
    const modal = await screen.findByRole('dialog', { name: 'Order not created' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(submitted).toHaveLength(0);
    expect(missingKeys).toEqual([]);
  });

  it('asks for the plan three times, then sends the buyer to the site root', async () => {
    const { calls, assigned } = renderCheckout('/subscribe/12?locale=en', [{ path: '/packages/12', ...apiError(500, 'internal_error', 'boom') }, ...countryRoutes]);
    await waitFor(() => expect(assigned).toEqual(['/']));
    expect(requested(calls, '/packages/12')).toHaveLength(3);
  });
});
