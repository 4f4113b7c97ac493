import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EcpayInvoiceLinkModal, EcpayPayButton, PastDueEcpayBanner } from '../components/ecpay-pay';
import { renderFeature } from './render';

const order = {
  action: 'https://payment-stage.ecpay.com.tw/Cashier/AioCheckOut/V5',
  method: 'POST',
  fields: { MerchantID: '3002607', MerchantTradeNo: 'MI0123456789ABCDEF01', TotalAmount: '1355', CheckMacValue: 'AB' },
  merchant_trade_no: 'MI0123456789ABCDEF01',
  invoice_id: 'in_1',
  total_amount: 1355,
  currency: 'TWD',
  periodic: true,
};
const payRoute = { method: 'POST', path: '/users/billing/ecpay/pay-invoice', body: { data: order } };

describe('Paying a TWD invoice through ECPay (issue 25 #4)', () => {
  it('the past-due banner asks the API for the signed order and posts it to ECPay', async () => {
    const post = vi.fn();
    const { calls } = renderFeature(<EcpayPayButton returnPath="/home/dashboard" post={post} />, { routes: [payRoute] });
    await userEvent.click(screen.getByRole('button', { name: 'Pay with ECPay' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(order.action, order.fields));
    expect(calls.find((c) => c.path === '/users/billing/ecpay/pay-invoice')?.body).toEqual({ return_url: '/home/dashboard' });
  });

  it('shows the banner in Traditional Chinese', async () => {
    renderFeature(<PastDueEcpayBanner returnPath="/home/dashboard" />, { lng: 'zhtw' });
    expect(await screen.findByText('您的付款已逾期')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '透過綠界 ECPay 付款' })).toBeInTheDocument();
  });

  it('the e-mail link pays that invoice, and a refusal is shown, not posted', async () => {
    const post = vi.fn();
    const refused = { method: 'POST', path: '/users/billing/ecpay/pay-invoice', status: 409, body: { error: { code: 'invoice_already_paid', message: 'It seems like your subscription have already been paid. please contact support', key: 'errors:billing.invoiceAlreadyPaid' } } };
    const { calls } = renderFeature(<EcpayInvoiceLinkModal invoiceId="in_9" returnPath="/home/dashboard" onClose={vi.fn()} />, { routes: [refused] });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with ECPay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/already been paid/);
    expect(calls.find((c) => c.path === '/users/billing/ecpay/pay-invoice')?.body).toMatchObject({ invoice_id: 'in_9' });
    expect(post).not.toHaveBeenCalled();
  });
});
