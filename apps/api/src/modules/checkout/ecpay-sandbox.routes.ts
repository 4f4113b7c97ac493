import { randomInt } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppDeps } from '../../app-deps';
import { checkMacValue, isWellFormedText } from '../../gateways/ecpay/check-mac-value';
import { ECPAY_SANDBOX_PATH, ecpaySettingsFrom, ecpayTradeDate } from '../../gateways/ecpay/ecpay.gateway';
import { route, type RouteTable } from '../../http/route-table';
import { registerSandboxAgreement } from '../billing';
import { ecpayCashierErrorPage, ecpayCashierPage } from './ecpay-sandbox-page';

/** Delivers the notification the way ECPay does: a form post, retried until the shop answers `1|OK`. */
export type NotificationSender = (url: string, fields: Record<string, string>) => Promise<string>;

export const postForm: NotificationSender = async (url, fields) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return response.text();
};

const NOTIFY_ATTEMPTS = 3;
/** ECPay's code for a card the issuer refused; any code but 1 means "not paid". */
export const SANDBOX_FAILURE_CODE = '10100248';

/** The form's text fields; null when any key or value could not have come from a real form (a lone surrogate). */
const stringFields = (body: unknown): Record<string, string> | null => {
  const fields: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value !== 'string') continue;
    if (!isWellFormedText(key) || !isWellFormedText(value)) return null;
    fields[key] = value;
  }
  return fields;
};

const TOKEN = '[A-Za-z0-9_-]{20,100}';
/** The product's own ECPay return routes: the only places the sandbox cashier sends a browser or a notification. */
const INVOICE_RESULT = `^/api/ecpay/invoice-result/[A-Za-z0-9]{1,20}$`;
const OWN_PATHS = {
  // The checkout's notify route, and billing's for invoice orders (issue 25 #4).
  ReturnURL: new RegExp('^/api/ecpay/(notify|invoice-notify)$'),
  PeriodReturnURL: new RegExp('^/api/ecpay/period-notify$'),
  OrderResultURL: new RegExp(`^/api/ecpay/order-result/${TOKEN}$|${INVOICE_RESULT}`),
  ClientBackURL: new RegExp(`^/subscribe-payment-result/${TOKEN}$|${INVOICE_RESULT}`),
} as const;

const isOwnUrl = (raw: string, origins: readonly string[], path: RegExp): boolean => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return origins.includes(url.origin) && url.username === '' && url.password === '' && path.test(url.pathname);
};

/**
 * The form's public keys let anyone sign any form, so its addresses are checked on their own: the
 * notification goes only to PUBLIC_URL's notify route (never a Host header's idea of the origin: that would be
 * a request to anywhere), the browser only to the product's result routes on PUBLIC_URL or this request's origin.
 */
const targetsProblem = (fields: Readonly<Record<string, string>>, publicOrigin: string, requestOrigin: string): string | null => {
  if (!isOwnUrl(fields.ReturnURL ?? '', [publicOrigin], OWN_PATHS.ReturnURL)) return 'ReturnURL must be this shop’s own notify address.';
  if (fields.PeriodReturnURL !== undefined && !isOwnUrl(fields.PeriodReturnURL, [publicOrigin], OWN_PATHS.PeriodReturnURL)) return 'PeriodReturnURL must be this shop’s own period notify address.';
  for (const field of ['OrderResultURL', 'ClientBackURL'] as const) {
    const value = fields[field];
    if (value && !isOwnUrl(value, [publicOrigin, requestOrigin], OWN_PATHS[field])) return `${field} must be this shop’s own result page.`;
  }
  return null;
};

/**
 * ECPAY_MODE=sandbox: the cashier the checkout form is posted to. It checks the form's CheckMacValue as ECPay
 * would, and on Pay / Fail sends the signed notification to ReturnURL, then the browser to OrderResultURL.
 */
export const ecpaySandboxRoutes = (deps: AppDeps, send: NotificationSender = postForm): RouteTable => {
  const settings = ecpaySettingsFrom(deps.config);
  const cashierPath = ECPAY_SANDBOX_PATH.replace(/^\/api/, '');
  const signed = (fields: Record<string, string> | null): fields is Record<string, string> =>
    fields !== null && fields.CheckMacValue === checkMacValue(fields, settings.keys) && fields.MerchantID === settings.merchantId;
  const publicOrigin = new URL(deps.config.publicUrl).origin;
  const targetsOf = (req: Request, fields: Readonly<Record<string, string>>) => targetsProblem(fields, publicOrigin, `${req.protocol}://${req.get('host') ?? ''}`);

  const cashier = (req: Request, res: Response) => {
    const fields = stringFields(req.body);
    if (!signed(fields)) {
      res.status(400).type('html').send(ecpayCashierErrorPage('CheckMacValue Error: the order form is not signed with this shop’s HashKey and HashIV.'));
      return;
    }
    const problem = targetsOf(req, fields);
    if (problem) {
      res.status(400).type('html').send(ecpayCashierErrorPage(problem));
      return;
    }
    res.type('html').send(ecpayCashierPage(fields, `/api${cashierPath}/complete`));
  };

  const complete = async (req: Request, res: Response) => {
    const { outcome, ...fields } = stringFields(req.body) ?? { outcome: undefined };
    if (!signed(fields) || (outcome !== 'paid' && outcome !== 'failed' && outcome !== 'paid_decline_later')) {
      res.status(400).type('html').send(ecpayCashierErrorPage('CheckMacValue Error'));
      return;
    }
    const problem = targetsOf(req, fields);
    if (problem) {
      res.status(400).type('html').send(ecpayCashierErrorPage(problem));
      return;
    }
    const paid = outcome === 'paid' || outcome === 'paid_decline_later';
    // A periodic order ("定期定額") paid: the sandbox ECPay keeps the agreement; the test clock makes it charge.
    if (paid && fields.PeriodAmount) await registerSandboxAgreement(deps.db, fields, { declineLater: outcome === 'paid_decline_later', now: Math.floor(deps.clock.now().getTime() / 1000) });
    const notification: Record<string, string> = {
      MerchantID: fields.MerchantID ?? '',
      MerchantTradeNo: fields.MerchantTradeNo ?? '',
      StoreID: '',
      RtnCode: paid ? '1' : SANDBOX_FAILURE_CODE,
      RtnMsg: paid ? '交易成功' : '授權失敗',
      TradeNo: `${Date.now()}${randomInt(100000, 999999)}`.slice(0, 20),
      TradeAmt: fields.TotalAmount ?? '0',
      PaymentDate: ecpayTradeDate(deps.clock.now()),
      PaymentType: 'Credit_CreditCard',
      PaymentTypeChargeFee: paid ? String(Math.round(Number(fields.TotalAmount ?? 0) * 0.0275)) : '0',
      TradeDate: fields.MerchantTradeDate ?? '',
      SimulatePaid: '0',
      CustomField1: '',
      CustomField2: '',
      CustomField3: '',
      CustomField4: '',
    };
    notification.CheckMacValue = checkMacValue(notification, settings.keys);
    let reply = '';
    for (let attempt = 0; attempt < NOTIFY_ATTEMPTS && reply !== '1|OK'; attempt += 1) {
      try {
        reply = (await send(fields.ReturnURL as string, notification)).trim();
      } catch (error) {
        req.log?.warn({ err: error }, 'sandbox ECPay notification not delivered');
      }
    }
    res.redirect(303, fields.OrderResultURL || fields.ClientBackURL || '/');
  };

  return [
    route({ method: 'post', path: cashierPath, summary: 'ECPAY_MODE=sandbox: the cashier the AIO form posts to (checks CheckMacValue)', handler: ({ req, res }) => cashier(req, res) }),
    route({ method: 'post', path: `${cashierPath}/complete`, summary: 'ECPAY_MODE=sandbox: pay or fail, send the signed notification, return the browser', handler: ({ req, res }) => complete(req, res) }),
  ];
};
