import { payInvoiceEcpaySchema, returnUrlSchema } from '@merchant-hub/validation';
import type { Request } from 'express';
import type { AppDeps } from '../../../app-deps';
import { sandboxAllowed } from '../../../config';
import { ecpaySettingsFrom } from '../../../gateways/ecpay/ecpay.gateway';
import { ECPAY_SANDBOX_PERIOD_ACTION_PATH } from '../../../gateways/ecpay/ecpay-periodic';
import { linkBase } from '../../../http/origin';
import { route, type RouteTable } from '../../../http/route-table';
import { actingFor, onBehalfRoutes } from '../services/merchant-access';
import { ECPAY_INVOICE_NOTIFY_PATH, ECPAY_INVOICE_RESULT_PATH, ECPAY_PERIOD_NOTIFY_PATH, ecpayBillingFor } from './ecpay-billing.service';
import { sandboxPeriodAction } from './sandbox-ecpay';

const formBody = (req: Request): Record<string, unknown> => (typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {});
const apiPath = (path: string): string => path.replace(/^\/api/, '');

/** The ECPay calls of billing: paying an invoice from the back office, and ECPay's notifications about it and about agreements. */
export const ecpayBillingRoutes = (deps: AppDeps): RouteTable => {
  const service = () => ecpayBillingFor(deps);

  /** Back into this product only: a path on the origin the browser uses (when it is the product's), else the billing page. */
  const ownReturn = (req: Request): string => {
    const base = linkBase(req, deps.config);
    const { return_url: requested } = returnUrlSchema.safeParse(req.body ?? {}).data ?? {};
    if (requested && requested.startsWith('/') && !requested.startsWith('//')) return `${base}${requested}`;
    if (requested?.startsWith(`${base}/`)) return requested;
    return `${base}/home/dashboard`;
  };

  const notifyRoute = (path: string, summary: string, handle: (body: Record<string, unknown>) => Promise<{ ok: boolean; reply: string }>) =>
    route({
      method: 'post',
      path: apiPath(path),
      summary,
      handler: async ({ req, res }) => {
        const result = await handle(formBody(req));
        if (!result.ok) req.log?.warn({ reply: result.reply }, 'ECPay notification refused');
        res.status(result.ok ? 200 : 400).type('text/plain').send(result.reply);
      },
    });

  const backFromEcpay = async ({ req, res }: { req: Request; res: import('express').Response }) => {
    const tradeNo = String(req.params.tradeNo ?? '');
    const target = /^[A-Za-z0-9]{1,20}$/.test(tradeNo) ? await service().invoiceOrderReturn(tradeNo) : null;
    const url = new URL(target ?? `${deps.config.publicUrl}/home/dashboard`);
    url.searchParams.set('flow', 'ecpay');
    url.searchParams.set('order', tradeNo);
    res.redirect(303, url.toString());
  };

  const routes = [
    ...onBehalfRoutes(deps, [
      route({
        method: 'post',
        path: '/users/billing/ecpay/pay-invoice',
        summary: 'Pay an open TWD invoice through ECPay (the plan’s past-due one without invoice_id) → { action, method, fields, merchant_trade_no, periodic }',
        auth: 'user',
        body: payInvoiceEcpaySchema,
        audit: 'billing.pay_invoice_ecpay',
        handler: async (ctx) => {
          const acting = await actingFor(deps, ctx.req, ctx.res, { userId: ctx.input.user_id, action: ctx.audit, details: { ...ctx.input } });
          const returnUrl = ownReturn(ctx.req);
          return { data: await service().createInvoiceOrder({ merchantId: acting.merchantId, isStaff: acting.auth.isStaff, scope: acting.scope }, { invoiceId: ctx.input.invoice_id, returnUrl, resultBase: linkBase(ctx.req, deps.config) }) };
        },
      }),
    ]),
    notifyRoute(ECPAY_INVOICE_NOTIFY_PATH, 'ECPay ReturnURL of an invoice order (form-encoded, CheckMacValue verified, pays the invoice once) → 1|OK', (body) => service().handleInvoiceNotification(body)),
    notifyRoute(ECPAY_PERIOD_NOTIFY_PATH, 'ECPay PeriodReturnURL: one charge of a periodic agreement (CheckMacValue verified, once per TotalSuccessTimes) → 1|OK', (body) => service().handlePeriodNotification(body)),
    route({ method: 'post', path: `${apiPath(ECPAY_INVOICE_RESULT_PATH)}/:tradeNo`, summary: 'Browser back from ECPay (OrderResultURL) after paying an invoice: to the billing page', handler: backFromEcpay }),
    route({ method: 'get', path: `${apiPath(ECPAY_INVOICE_RESULT_PATH)}/:tradeNo`, summary: 'Browser back from ECPay (ClientBackURL, sandbox) after paying an invoice: to the billing page', handler: backFromEcpay }),
  ] as RouteTable[number][];
  if (deps.config.ecpay.mode === 'sandbox' && sandboxAllowed(deps.config)) {
    const settings = ecpaySettingsFrom(deps.config);
    routes.push(
      route({
        method: 'post',
        path: apiPath(ECPAY_SANDBOX_PERIOD_ACTION_PATH),
        summary: 'ECPAY_MODE=sandbox: CreditCardPeriodAction (CheckMacValue checked; Cancel stops an agreement) → MerchantID=…&RtnCode=1&RtnMsg=…',
        handler: async ({ req, res }) => {
          const fields: Record<string, string> = {};
          for (const [key, value] of Object.entries(formBody(req))) if (typeof value === 'string') fields[key] = value;
          res.type('text/plain').send(await sandboxPeriodAction(deps.db, settings, fields));
        },
      }),
    );
  }
  return routes;
};


