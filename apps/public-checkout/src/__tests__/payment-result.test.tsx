import { act, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_POLL_MS } from '../pages/payment-result.page';
import { loginResult, posted, renderCheckout, requested } from './render-checkout';
import type { FakeRoute } from './render-checkout';

const TOKEN = 'tok_0123456789abcdefghij';
const PATH = `/subscribe-payment-result/${TOKEN}?locale=en`;
const statusRoute = (body: unknown): FakeRoute => ({ path: '/ecpay/payment-status', body });
const success = statusRoute({ status: 'success', loginInfo: { email: 'buyer@shop.test', ticket: 'tkt_ok' } });
const ticketSignIn: FakeRoute = { method: 'POST', path: '/checkout/ticket-sign-in', body: loginResult };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const statusCalls = (calls: ReturnType<typeof renderCheckout>['calls']) => requested(calls, '/ecpay/payment-status');

/**
 * The countdown and the status poll run on intervals: fake only those, so they move exactly as far as a test
 * advances them however long the page takes to draw; promises, fetches and Testing Library keep real time.
 * A condition that is not in the DOM is awaited with vi.waitFor, which advances the fake intervals as it checks
 * (Testing Library's waitFor polls on an interval, which would stand still), with Testing Library's one default wait.
 */
const fakeIntervals = () => {
  const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  // jsdom draws animation frames on an interval too: keep frames (the modals' transitions) on real time.
  vi.stubGlobal('requestAnimationFrame', (draw: FrameRequestCallback) => realSetTimeout(() => draw(performance.now()), 16));
  vi.stubGlobal('cancelAnimationFrame', (frame: number) => realClearTimeout(frame));
};
const waitAdvancing = (check: () => void) => vi.waitFor(check, { timeout: getConfig().asyncUtilTimeout });

describe('payment result', () => {
  it('success counts down from 10 and signs in with the single-use ticket at zero', async () => {
    fakeIntervals();
    const { calls, assigned, missingKeys } = renderCheckout(PATH, [success, ticketSignIn]);
    const modal = await screen.findByTestId('result-success');
    expect(modal).toHaveTextContent('You will be logged in automatically in 10 seconds.');
    expect(statusCalls(calls)[0]?.url).toBe(`/api/ecpay/payment-status?token=${TOKEN}`);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(modal).toHaveTextContent('in 9 seconds.');
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(modal).toHaveTextContent('in 1 seconds.');
    expect(posted(calls, '/checkout/ticket-sign-in')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitAdvancing(() => expect(assigned).toEqual(['/']));
    expect(posted(calls, '/checkout/ticket-sign-in')).toEqual([{ ticket: 'tkt_ok' }]);
    expect(missingKeys).toEqual([]);
  });

  it('success: Stay on this page stops the automatic sign-in (WCAG 2.2.1) and hands focus to Continue', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, assigned, missingKeys } = renderCheckout(PATH, [success, ticketSignIn]);
    const modal = await screen.findByTestId('result-success');
    await act(() => within(modal).getByRole('button', { name: 'Stay on this page' }).click());
    expect(modal).toHaveTextContent('Automatic sign-in is stopped. Choose Continue when you are ready.');
    expect(within(modal).getByRole('button', { name: 'Continue' })).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(posted(calls, '/checkout/ticket-sign-in')).toEqual([]);
    expect(assigned).toEqual([]);
    expect(missingKeys).toEqual([]);
  });

  it('success: Continue signs in at once, and only once', async () => {
    const { calls, assigned } = renderCheckout(PATH, [success, ticketSignIn]);
    const modal = await screen.findByTestId('result-success');
    await userEvent.click(within(modal).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assigned).toEqual(['/']));
    expect(posted(calls, '/checkout/ticket-sign-in')).toEqual([{ ticket: 'tkt_ok' }]);
  });

  it('pending shows the processing screen and asks again every 120000 ms', async () => {
    fakeIntervals();
    const { calls, use, missingKeys } = renderCheckout(PATH, [statusRoute({ status: 'pending', loginInfo: null }), ticketSignIn]);
    expect(await screen.findByTestId('result-pending')).toHaveTextContent('Your payment is being processed. Please wait…');
    expect(statusCalls(calls)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS - 1000));
    expect(statusCalls(calls)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitAdvancing(() => expect(statusCalls(calls)).toHaveLength(2));
    // The notification arrived meanwhile: the next answer is success.
    use([success]);
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(await screen.findByTestId('result-success')).toBeInTheDocument();
    expect(statusCalls(calls)).toHaveLength(3);
    expect(screen.queryByTestId('result-pending')).not.toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it.each([
    ['expired', 'Payment session expired', 'Your payment session has expired. Please log in to continue.'],
    ['invalid_token', 'Invalid payment link', 'This payment link is not valid. Please log in to continue.'],
  ])('%s offers to log in, in Traditional Chinese', async (status, title, body) => {
    const { assigned, missingKeys } = renderCheckout(PATH, [statusRoute({ status, loginInfo: null })]);
    const modal = await screen.findByRole('dialog', { name: title });
    expect(modal).toHaveTextContent(body);
    await userEvent.click(within(modal).getByRole('button', { name: 'Log in' }));
    expect(assigned).toEqual(['/signin?locale=zhtw']);
    expect(missingKeys).toEqual([]);
  });

  it('without a token reads invalid_token at once and asks nothing', async () => {
    const { calls } = renderCheckout('/subscribe-payment-result?locale=en', [success]);
    expect(await screen.findByTestId('result-invalid_token')).toBeInTheDocument();
    expect(statusCalls(calls)).toEqual([]);
  });

  it.each([
    ['failed', statusRoute({ status: 'failed', loginInfo: null })],
    ['an unknown status', statusRoute({ status: 'refunded', loginInfo: null })],
  ])('%s offers to try again, which asks once more', async (_label, route) => {
    const { calls, use, missingKeys } = renderCheckout(PATH, [route]);
    const modal = await screen.findByRole('dialog', { name: 'Payment not completed' });
    expect(modal).toHaveTextContent('We could not confirm your payment. Please try again.');
    use([success]);
    await userEvent.click(within(modal).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('result-success')).toBeInTheDocument();
    expect(statusCalls(calls)).toHaveLength(2);
    expect(missingKeys).toEqual([]);
  });

  it('paid_conflict tells the buyer to contact support with the order number', async () => {
    const { missingKeys } = renderCheckout(PATH, [statusRoute({ status: 'paid_conflict', loginInfo: null, order_no: 'MH0123456789ABCDEF0' })]);
    const modal = await screen.findByRole('dialog', { name: 'Payment received – please contact support' });
    expect(modal).toHaveTextContent('Please contact our support team and quote order number MH0123456789ABCDEF0');
    expect(missingKeys).toEqual([]);
  });

  it('paid_conflict reads in Traditional Chinese too', async () => {
    renderCheckout(`/subscribe-payment-result/${TOKEN}?locale=zh-TW`, [statusRoute({ status: 'paid_conflict', loginInfo: null, order_no: 'MH0123456789ABCDEF0' })]);
    const modal = await screen.findByRole('dialog', { name: '已收到付款－請聯絡客服' });
    expect(modal).toHaveTextContent('訂單編號 MH0123456789ABCDEF0');
  });
});
