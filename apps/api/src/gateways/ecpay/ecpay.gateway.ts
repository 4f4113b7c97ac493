import { type AppConfig, ECPAY_PUBLIC_TEST_SHOPS, ECPAY_STAGE_CREDENTIALS } from '../../config';
import type { HostedForm, HostedFormGateway, HostedFormNotification, HostedFormOrder } from '../hosted-form-port';
import { checkMacValue, type EcpayKeys, hasValidCheckMacValue } from './check-mac-value';

// The stage shop's keys belong to the configuration (config.ts refuses them in production); re-exported for
// the gateway's users.
export { ECPAY_PUBLIC_TEST_SHOPS, ECPAY_STAGE_CREDENTIALS };

export const ECPAY_ENDPOINTS = {
  stage: 'https://payment-stage.ecpay.com.tw/Cashier/AioCheckOut/V5',
  production: 'https://payment.ecpay.com.tw/Cashier/AioCheckOut/V5',
} as const;

/** The sandbox cashier served by this API (modules/checkout/ecpay-sandbox-page.ts). */
export const ECPAY_SANDBOX_PATH = '/api/sandbox/ecpay/cashier';

const two = (n: number): string => String(n).padStart(2, '0');

/** `yyyy/MM/dd HH:mm:ss` in Taiwan time (UTC+8, no daylight saving), as ECPay expects. */
export const ecpayTradeDate = (date: Date): string => {
  const taipei = new Date(date.getTime() + 8 * 3600 * 1000);
  return `${taipei.getUTCFullYear()}/${two(taipei.getUTCMonth() + 1)}/${two(taipei.getUTCDate())} ${two(taipei.getUTCHours())}:${two(taipei.getUTCMinutes())}:${two(taipei.getUTCSeconds())}`;
};

/** ECPay counts characters: TradeDesc ≤ 200, ItemName ≤ 400. */
const clip = (text: string, max: number): string => Array.from(text).slice(0, max).join('');

const stringFields = (body: Readonly<Record<string, unknown>>): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
  return fields;
};

export type EcpaySettings = { mode: 'sandbox' | 'stage' | 'production'; merchantId: string; keys: EcpayKeys; publicUrl: string };

export const ecpaySettingsFrom = (config: AppConfig): EcpaySettings => {
  const { ecpay } = config;
  const custom = ecpay.merchantId && ecpay.hashKey && ecpay.hashIv;
  return {
    mode: ecpay.mode,
    merchantId: custom ? (ecpay.merchantId as string) : ECPAY_STAGE_CREDENTIALS.merchantId,
    keys: custom ? { hashKey: ecpay.hashKey as string, hashIv: ecpay.hashIv as string } : { hashKey: ECPAY_STAGE_CREDENTIALS.hashKey, hashIv: ECPAY_STAGE_CREDENTIALS.hashIv },
    publicUrl: config.publicUrl,
  };
};

/** ECPay's AIO checkout; `sandbox` posts the same form to the API's own cashier page instead of ECPay. */
export const createEcpayGateway = (settings: EcpaySettings): HostedFormGateway => {
  const action = settings.mode === 'sandbox' ? `${settings.publicUrl}${ECPAY_SANDBOX_PATH}` : ECPAY_ENDPOINTS[settings.mode];

  const createOrder = (order: HostedFormOrder): HostedForm => {
    if (!/^[A-Za-z0-9]{1,20}$/.test(order.tradeNo)) throw new RangeError('MerchantTradeNo must be 1–20 alphanumerics');
    if (!Number.isInteger(order.totalAmount) || order.totalAmount <= 0) throw new RangeError('TotalAmount must be a positive whole number');
    const fields: Record<string, string> = {
      MerchantID: settings.merchantId,
      MerchantTradeNo: order.tradeNo,
      MerchantTradeDate: ecpayTradeDate(order.tradeDate),
      PaymentType: 'aio',
      TotalAmount: String(order.totalAmount),
      TradeDesc: clip(order.description, 200),
      ItemName: clip(order.itemNames.map((name) => name.replace(/#/g, ' ')).join('#'), 400),
      ReturnURL: order.notifyUrl,
      OrderResultURL: order.resultUrl,
      ClientBackURL: order.backUrl,
      ChoosePayment: 'Credit',
      EncryptType: '1',
    };
    fields.CheckMacValue = checkMacValue(fields, settings.keys);
    return { action, method: 'POST', fields };
  };

  const verifyNotification = (body: Readonly<Record<string, unknown>>): HostedFormNotification | null => {
    if (!hasValidCheckMacValue(body, settings.keys)) return null;
    const fields = stringFields(body);
    if (fields.MerchantID !== settings.merchantId) return null;
    return {
      tradeNo: fields.MerchantTradeNo ?? '',
      paid: fields.RtnCode === '1',
      code: fields.RtnCode ?? '',
      message: fields.RtnMsg ?? '',
      gatewayTradeNo: fields.TradeNo ?? '',
      amount: Number(fields.TradeAmt ?? 0),
      simulated: fields.SimulatePaid === '1',
      fields,
    };
  };

  return { mode: settings.mode, merchantId: settings.merchantId, createOrder, verifyNotification };
};
