import { checkMacValue, type EcpayKeys, hasValidCheckMacValue } from './check-mac-value';
import type { HostedForm } from '../hosted-form-port';
import type { EcpaySettings } from './ecpay.gateway';

/*
 * ECPay's periodic card agreements ("定期定額", developers.ecpay.com.tw/?p=2868): an AIO order with PeriodAmount,
 * PeriodType, Frequency, ExecTimes and PeriodReturnURL; every charge after the first is notified to
 * PeriodReturnURL; `/Cashier/CreditCardPeriodAction` (Action=Cancel) stops the later charges.
 */

export type PeriodTerms = {
  /** Whole TWD, = TotalAmount. */
  amount: number;
  periodType: 'M' | 'Y';
  frequency: number;
  execTimes: number;
  periodReturnUrl: string;
};

/** ExecTimes: ECPay's documented maximum per PeriodType (M: 999, Y: 99). */
export const MAX_EXEC_TIMES = { M: 999, Y: 99 } as const;

/** A monthly plan charges every month, a yearly one every year, as often as ECPay allows. */
export const periodTermsFor = (billingPeriod: string, amount: number, periodReturnUrl: string): PeriodTerms =>
  billingPeriod === 'yearly'
    ? { amount, periodType: 'Y', frequency: 1, execTimes: MAX_EXEC_TIMES.Y, periodReturnUrl }
    : { amount, periodType: 'M', frequency: 1, execTimes: MAX_EXEC_TIMES.M, periodReturnUrl };

export const ECPAY_PERIOD_ACTION_ENDPOINTS = {
  stage: 'https://payment-stage.ecpay.com.tw/Cashier/CreditCardPeriodAction',
  production: 'https://payment.ecpay.com.tw/Cashier/CreditCardPeriodAction',
} as const;

/** The sandbox's stand-in for CreditCardPeriodAction, served by this API (ECPAY_MODE=sandbox). */
export const ECPAY_SANDBOX_PERIOD_ACTION_PATH = '/api/sandbox/ecpay/CreditCardPeriodAction';

/** The AIO form of an order, made periodic: the agreement's fields added and the form signed again. */
export const withPeriodTerms = (form: HostedForm, terms: PeriodTerms, keys: EcpayKeys): HostedForm => {
  const { CheckMacValue: _old, ...rest } = form.fields;
  if (Number(rest.TotalAmount) !== terms.amount) throw new RangeError('PeriodAmount must equal TotalAmount');
  const fields: Record<string, string> = {
    ...rest,
    ChoosePayment: 'Credit',
    PeriodAmount: String(terms.amount),
    PeriodType: terms.periodType,
    Frequency: String(terms.frequency),
    ExecTimes: String(terms.execTimes),
    PeriodReturnURL: terms.periodReturnUrl,
  };
  fields.CheckMacValue = checkMacValue(fields, keys);
  return { ...form, fields };
};

/** One PeriodReturnURL notification, verified. */
export type PeriodNotification = {
  tradeNo: string;
  paid: boolean;
  code: string;
  message: string;
  /** Whole TWD charged (`Amount`). */
  amount: number;
  /** ECPay's count of successful charges so far, the first included (`TotalSuccessTimes`). */
  totalSuccessTimes: number;
  gwsr: string;
  processDate: string;
  simulated: boolean;
};

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Null unless the CheckMacValue matches this shop's keys and the MerchantID is this shop's. */
export const verifyPeriodNotification = (body: Readonly<Record<string, unknown>>, settings: Pick<EcpaySettings, 'merchantId' | 'keys'>): PeriodNotification | null => {
  if (!hasValidCheckMacValue(body, settings.keys)) return null;
  if (text(body.MerchantID) !== settings.merchantId) return null;
  return {
    tradeNo: text(body.MerchantTradeNo),
    paid: text(body.RtnCode) === '1',
    code: text(body.RtnCode),
    message: text(body.RtnMsg),
    amount: Number(text(body.Amount) || text(body.TradeAmt) || 0),
    totalSuccessTimes: Number(text(body.TotalSuccessTimes) || 0),
    gwsr: text(body.Gwsr),
    processDate: text(body.ProcessDate),
    simulated: text(body.SimulatePaid) === '1',
  };
};

/** Posts a form to ECPay and reads its answer as text (CreditCardPeriodAction answers `k=v&…`). */
export type EcpayTransport = (url: string, fields: Record<string, string>) => Promise<string>;

export const httpTransport: EcpayTransport = async (url, fields) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`ECPay answered HTTP ${response.status}`);
  return response.text();
};

export type PeriodActionResult = { ok: boolean; code: string; message: string };

/** CreditCardPeriodAction: `Cancel` ends an agreement's later charges (`ReAuth` would retry a failed one). */
export const periodAction = async (
  settings: Pick<EcpaySettings, 'mode' | 'merchantId' | 'keys' | 'publicUrl'>,
  transport: EcpayTransport,
  input: { tradeNo: string; action: 'Cancel' | 'ReAuth'; timestamp: number },
): Promise<PeriodActionResult> => {
  const url = settings.mode === 'sandbox' ? `${settings.publicUrl}${ECPAY_SANDBOX_PERIOD_ACTION_PATH}` : ECPAY_PERIOD_ACTION_ENDPOINTS[settings.mode];
  const fields: Record<string, string> = { MerchantID: settings.merchantId, MerchantTradeNo: input.tradeNo, Action: input.action, TimeStamp: String(input.timestamp) };
  fields.CheckMacValue = checkMacValue(fields, settings.keys);
  const answer = Object.fromEntries(new URLSearchParams((await transport(url, fields)).trim()));
  return { ok: answer.RtnCode === '1', code: answer.RtnCode ?? '', message: answer.RtnMsg ?? '' };
};
