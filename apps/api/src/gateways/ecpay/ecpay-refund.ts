import { GatewayError } from '../port';
import { checkMacValue } from './check-mac-value';
import type { EcpaySettings } from './ecpay.gateway';

/** ECPay's card refund/capture API (developers.ecpay.com.tw, SDK_PHP `example/Payment/Capture.php`). */
export const ECPAY_DO_ACTION_ENDPOINTS = {
  stage: 'https://payment-stage.ecpay.com.tw/CreditDetail/DoAction',
  production: 'https://payment.ecpay.com.tw/CreditDetail/DoAction',
} as const;

export type EcpayRefundInput = {
  /** Our order number (MerchantTradeNo) and ECPay's (TradeNo), both from the paid notification. */
  merchantTradeNo: string;
  tradeNo: string;
  /** Whole New Taiwan dollars (ECPay takes integers only). */
  totalAmount: number;
};

export type EcpayRefundResult = { tradeNo: string; code: string; message: string; simulated: boolean };

export type EcpayRefunds = { refund: (input: EcpayRefundInput) => Promise<EcpayRefundResult> };

type PostForm = (url: string, form: URLSearchParams) => Promise<{ status: number; text: string }>;

const postForm: PostForm = async (url, form) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), signal: AbortSignal.timeout(15000) });
  return { status: res.status, text: await res.text() };
};

/**
 * A card refund through `CreditDetail/DoAction` with `Action=R`, signed with CheckMacValue. ECPay answers a
 * form-encoded `MerchantID&MerchantTradeNo&TradeNo&RtnCode&RtnMsg`; RtnCode 1 is done, anything else a refusal
 * ECPay will repeat. The sandbox (ECPAY_MODE=sandbox) moves no money and says so. `endpoint`/`post` let tests
 * point it at a local simulator.
 */
export const createEcpayRefunds = (settings: EcpaySettings, options: { endpoint?: string; post?: PostForm } = {}): EcpayRefunds => ({
  refund: async (input) => {
    if (!Number.isSafeInteger(input.totalAmount) || input.totalAmount <= 0) throw new GatewayError('refund_refused', 'TotalAmount must be a positive whole number');
    if (settings.mode === 'sandbox' && !options.endpoint) return { tradeNo: input.tradeNo, code: '1', message: 'Sandbox refund (no money moved)', simulated: true };
    const fields: Record<string, string> = {
      MerchantID: settings.merchantId,
      MerchantTradeNo: input.merchantTradeNo,
      TradeNo: input.tradeNo,
      Action: 'R',
      TotalAmount: String(input.totalAmount),
    };
    fields.CheckMacValue = checkMacValue(fields, settings.keys);
    const url = options.endpoint ?? ECPAY_DO_ACTION_ENDPOINTS[settings.mode === 'production' ? 'production' : 'stage'];
    let answer: { status: number; text: string };
    try {
      answer = await (options.post ?? postForm)(url, new URLSearchParams(fields));
    } catch (error) {
      throw new GatewayError('gateway_unavailable', error instanceof Error ? error.message : 'ECPay unavailable');
    }
    if (answer.status >= 500) throw new GatewayError('gateway_unavailable', `ECPay answered HTTP ${answer.status}`);
    const reply = new URLSearchParams(answer.text.trim());
    const code = reply.get('RtnCode') ?? '';
    const message = reply.get('RtnMsg') ?? answer.text.slice(0, 200);
    if (code !== '1') throw new GatewayError('refund_refused', `ECPay refused the refund (${code || 'no code'}): ${message}`);
    return { tradeNo: reply.get('TradeNo') || input.tradeNo, code, message, simulated: false };
  },
});
