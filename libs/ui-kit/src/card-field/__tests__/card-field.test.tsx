import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../__tests__/render';
import { CardField } from '../card-field';
import { stripeLocaleOf } from '../stripe-js';
import type { CardFieldHandle, CardFieldLabels } from '../card-field';

const labels: CardFieldLabels = {
  number: 'Card number',
  expiry: 'Expiry',
  cvc: 'CVC',
  loading: 'Loading',
  loadFailed: 'Could not load',
  errors: {
    numberIncomplete: 'Your card number is incomplete.',
    numberInvalid: 'Your card number is invalid.',
    expiryIncomplete: 'Expiry incomplete.',
    expiryInvalid: 'Expiry invalid.',
    expiryPast: 'Expiry in the past.',
    cvcIncomplete: 'CVC incomplete.',
  },
};

const fill = async (number: string, expiry: string, cvc: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
  return user;
};

describe('CardField (sandbox gateway)', () => {
  it('reports complete only once number, expiry and CVC are valid', async () => {
    const onChange = vi.fn();
    renderWithTheme(<CardField gateway="sandbox" labels={labels} onChange={onChange} />);
    expect(onChange).toHaveBeenLastCalledWith({ complete: false, error: null });
    await fill('4242424242424242', '1240', '12');
    expect(onChange).toHaveBeenLastCalledWith({ complete: false, error: null });
    await userEvent.type(screen.getByLabelText('CVC'), '3');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ complete: true, error: null }));
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry')).toHaveValue('12 / 40');
  });

  it('shows only the first error when several fields are wrong', async () => {
    renderWithTheme(<CardField gateway="sandbox" labels={labels} />);
    const user = await fill('4242', '0120', '1');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(screen.queryByText('Expiry in the past.')).not.toBeInTheDocument();
  });

  it('flags a number that fails the Luhn check', async () => {
    renderWithTheme(<CardField gateway="sandbox" labels={labels} />);
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424241');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is invalid.');
  });

  it('confirms by creating a sandbox payment method with the typed card', async () => {
    const ref = createRef<CardFieldHandle>();
    renderWithTheme(<CardField gateway="sandbox" labels={labels} ref={ref} />);
    await fill('4000000000000002', '0731', '999');
    const create = vi.fn().mockResolvedValue({ id: 'pm_123' });
    await expect(ref.current?.confirm({ clientSecret: 'seti_x', createSandboxPaymentMethod: create })).resolves.toBe('pm_123');
    expect(create).toHaveBeenCalledWith({ number: '4000000000000002', exp_month: 7, exp_year: 2031, cvc: '999' });
  });

  it('refuses to confirm an incomplete entry without calling the gateway', async () => {
    const ref = createRef<CardFieldHandle>();
    renderWithTheme(<CardField gateway="sandbox" labels={labels} ref={ref} />);
    await userEvent.type(screen.getByLabelText('Card number'), '4242');
    const create = vi.fn();
    await expect(ref.current?.confirm({ clientSecret: 's', createSandboxPaymentMethod: create })).rejects.toThrow();
    expect(create).not.toHaveBeenCalled();
  });

  it('does not load Stripe.js for the sandbox gateway', () => {
    renderWithTheme(<CardField gateway="sandbox" labels={labels} />);
    expect(document.querySelector('script[src*="js.stripe.com"]')).toBeNull();
  });
});

describe('CardField (stripe gateway)', () => {
  it('adds the Stripe.js script only for the stripe gateway', () => {
    renderWithTheme(<CardField gateway="stripe" publishableKey="pk_test_x" labels={labels} />);
    expect(document.querySelector('script[src="https://js.stripe.com/v3/"]')).not.toBeNull();
    expect(screen.getByText('Loading')).toBeInTheDocument();
  });

  it('opens Stripe Elements in the page language, so that its own texts are not English on a Chinese page (issue 31 #5)', async () => {
    const elements = vi.fn(() => ({ create: () => ({ mount: () => undefined, destroy: () => undefined, on: () => undefined }) }));
    const stripe = { elements, confirmCardSetup: vi.fn() };
    const global = globalThis as { Stripe?: unknown };
    global.Stripe = () => stripe;
    document.documentElement.lang = 'zh-TW';
    try {
      renderWithTheme(<CardField gateway="stripe" publishableKey="pk_test_x" labels={labels} />);
      await waitFor(() => expect(elements).toHaveBeenCalledWith({ locale: 'zh-TW' }));
    } finally {
      delete global.Stripe;
      document.documentElement.lang = 'en';
    }
  });

  it.each([
    ['en', 'en'],
    ['ms', 'ms'],
    ['zh-CN', 'zh'],
    ['zh-TW', 'zh-TW'],
    ['th', 'th'],
    ['ar', 'auto'],
  ])('names the Stripe locale of the page language %s: %s', (page, stripe) => {
    expect(stripeLocaleOf(page)).toBe(stripe);
  });
});
