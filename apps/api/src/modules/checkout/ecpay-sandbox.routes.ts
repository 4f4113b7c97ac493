import { randomInt } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppDeps } from '../../app-deps';
import { checkMacValue } from '../../gateways/ecpay/check-mac-value';
import { ECPAY_SANDBOX_PATH, ecpaySettingsFrom, ecpayTradeDate } from '../../gateways/ecpay/ecpay.gateway';
import { route, type RouteTable } from '../../http/route-table';
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

const stringFields = (body: unknown): Record<string, string> => {
  const fields: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) if (typeof value === 'string') fields[key] = value;
  return fields;
};

/**
 * ECPAY_MODE=sandbox: the cashier the checkout form is posted to. It checks the form's CheckMacValue as ECPay
 * would, and on Pay / Fail sends the signed notification to ReturnURL, then the browser to OrderResultURL.
 */
export const ecpaySandboxRoutes = (deps: AppDeps, send: NotificationSender = postForm): RouteTable => {
  const settings = ecpaySettingsFrom(deps.config);
  const cashierPath = ECPAY_SANDBOX_PATH.replace(/^\/api/, '');
  const signed = (fields: Record<string, string>): boolean => fields.CheckMacValue === checkMacValue(fields, settings.keys) && fields.MerchantID === settings.merchantId;

  const cashier = (req: Request, res: Response) => {
    const fields = stringFields(req.body);
    if (!signed(fields)) {
      res.status(400).type('html').send(ecpayCashierErrorPage('CheckMacValue Error: the order form is not signed with this shop’s HashKey and HashIV.'));
      return;
    }
    res.type('html').send(ecpayCashierPage(fields, `/api${cashierPath}/complete`));
  };

  const complete = async (req: Request, res: Response) => {
    const { outcome, ...fields } = stringFields(req.body);
    if (!signed(fields) || (outcome !== 'paid' && outcome !== 'failed')) {
      res.status(400).type('html').send(ecpayCashierErrorPage('CheckMacValue Error'));
      return;
    }
    const paid = outcome === 'paid';
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
        reply = (await send(fields.ReturnURL ?? '', notification)).trim();
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
