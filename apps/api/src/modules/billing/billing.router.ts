import {
  addCardSchema,
  addCouponSchema,
  billingHistoryQuerySchema,
  billingInfoUpdateSchema,
  cancelTrialingPackageSchema,
  confirmPaymentSchema,
  createIntentSchema,
  creditBalanceQuerySchema,
  deleteCardSchema,
  downgradeOrUpgradeSchema,
  lateSubscribeFpxIntentSchema,
  lateSubscribeFpxSchema,
  lateSubscribeSchema,
  optionalPositiveId,
  positiveId,
  resumeSchema,
  retryPaymentSchema,
  setPrimaryCardSchema,
  unsubscribeSchema,
} from '@merchant-hub/validation';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf, requireAuth } from '../../http/auth';
import { AppError } from '../../http/errors';
import { billingFor } from './billing.context';
import { findInvoice, readBillingAccount, toInvoice } from './billing.repository';
import { invoiceHtml, invoicePdf } from './invoice-document';
import { actingFor } from './merchant-access';

const optionalId = optionalPositiveId();
export const userIdQuerySchema = z.object({ user_id: optionalId });
export const planChangePreviewQuerySchema = z.object({
  package_id: positiveId(),
  user_id: optionalId,
});
const returnUrlSchema = z.object({ return_url: z.string().max(500).optional() });

export const billingRouter = (deps: AppDeps): Router => {
  const router = Router();
  const auth = requireAuth(deps);
  const { service } = billingFor(deps);

  /** Pages outside the API may only send the merchant back into this product, never to an arbitrary site. */
  const ownUrl = (requested: string | undefined, fallbackPath: string): string => {
    const base = deps.config.publicUrl;
    return requested && requested.startsWith('/') && !requested.startsWith('//') ? `${base}${requested}` : requested?.startsWith(`${base}/`) ? requested : `${base}${fallbackPath}`;
  };

  /** Where the 3-D Secure page returns to: the page that asked (body `return_url`), marked `flow=3ds` for it. */
  const threeDsReturnUrl = (req: Request): string => {
    const { return_url: requested } = returnUrlSchema.safeParse(req.body ?? {}).data ?? {};
    const url = new URL(ownUrl(requested, '/home/dashboard'));
    url.searchParams.set('flow', '3ds');
    return url.toString();
  };

  /** Parses, resolves whose billing this is (audited for staff), and returns both. */
  const actor = async <T extends { user_id?: number; store_id?: number }>(req: Request, res: Response, input: T, action: string) => {
    const acting = await actingFor(deps, req, res, { userId: input.user_id, storeId: input.store_id, action, details: { ...input } });
    return { merchantId: acting.merchantId, isStaff: acting.auth.isStaff, returnUrl: threeDsReturnUrl(req) };
  };

  router.get('/users/billing/all', auth, async (req, res) => {
    const input = userIdQuerySchema.parse(req.query);
    res.json(await service.billingAll(await actor(req, res, input, 'billing.view')));
  });

  router.get('/users/billing/plan-change-preview', auth, async (req, res) => {
    const input = planChangePreviewQuerySchema.parse(req.query);
    res.json({ data: await service.planChangePreview(await actor(req, res, input, 'billing.plan_change_preview'), input.package_id) });
  });

  router.post('/users/billing/downgrade-or-upgrade', auth, async (req, res) => {
    const input = downgradeOrUpgradeSchema.parse(req.body);
    res.json(await service.downgradeOrUpgrade(await actor(req, res, input, `billing.${input.type}`), input));
  });

  router.post('/users/billing/cancel-trialing-package', auth, async (req, res) => {
    const input = cancelTrialingPackageSchema.parse(req.body);
    res.json(await service.cancelTrialing(await actor(req, res, input, 'billing.cancel_trialing_package'), input));
  });

  router.post('/users/billing/unsubscribe', auth, async (req, res) => {
    const input = unsubscribeSchema.parse(req.body);
    res.json(await service.unsubscribe(await actor(req, res, input, 'billing.unsubscribe')));
  });

  router.post('/users/billing/resume', auth, async (req, res) => {
    const input = resumeSchema.parse(req.body);
    res.json(await service.resume(await actor(req, res, input, 'billing.resume')));
  });

  router.post('/users/billing/retry-payment', auth, async (req, res) => {
    const input = retryPaymentSchema.parse(req.body);
    res.json(await service.retryPayment(await actor(req, res, input, 'billing.retry_payment'), input));
  });

  router.post('/users/billing/confirm-payment', auth, async (req, res) => {
    const input = confirmPaymentSchema.parse(req.body);
    res.json(await service.confirmPayment(await actor(req, res, input, 'billing.confirm_payment'), input));
  });

  router.post('/users/billing/add-coupon', auth, async (req, res) => {
    const input = addCouponSchema.parse(req.body);
    res.json(await service.addCoupon(await actor(req, res, input, 'billing.add_coupon'), input));
  });

  router.patch('/users/billing/:id', auth, async (req, res) => {
    const id = positiveId().safeParse(req.params.id);
    if (!id.success) throw new AppError('not_found');
    const input = billingInfoUpdateSchema.parse(req.body);
    res.json(await service.updateBillingInfo(await actor(req, res, input, 'billing.update_info'), id.data, input));
  });

  router.post('/users/billing/set-as-primary-card', auth, async (req, res) => {
    const input = setPrimaryCardSchema.parse(req.body);
    res.json(await service.setPrimaryCard(await actor(req, res, input, 'billing.set_primary_card'), input.id));
  });

  router.post('/users/billing/delete-card', auth, async (req, res) => {
    const input = deleteCardSchema.parse(req.body);
    res.json(await service.deleteCard(await actor(req, res, input, 'billing.delete_card'), input.payment_method));
  });

  router.post('/users/billing/create-intent', auth, async (req, res) => {
    const input = createIntentSchema.parse(req.body);
    res.json(await service.createIntent(await actor(req, res, input, 'billing.create_intent')));
  });

  router.post('/users/billing/add-card', auth, async (req, res) => {
    const input = addCardSchema.parse(req.body);
    res.json(await service.addCard(await actor(req, res, input, 'billing.add_card'), input));
  });

  router.post('/users/billing/billing-history', auth, async (req, res) => {
    const input = billingHistoryQuerySchema.parse(req.body);
    res.json(await service.billingHistory(await actor(req, res, input, 'billing.history'), input));
  });

  router.get('/users/billing/credit-balance', auth, async (req, res) => {
    const input = creditBalanceQuerySchema.parse(req.query);
    res.json(await service.creditBalance(await actor(req, res, input, 'billing.credit_balance'), input));
  });

  router.post('/users/billing/late-subscribe/create-intent', auth, async (req, res) => {
    const input = createIntentSchema.parse(req.body);
    res.json(await service.lateSubscribeIntent(await actor(req, res, input, 'billing.late_subscribe_intent')));
  });

  router.post('/users/billing/late-subscribe', auth, async (req, res) => {
    const input = lateSubscribeSchema.parse(req.body);
    res.json(await service.lateSubscribe(await actor(req, res, input, 'billing.late_subscribe'), input));
  });

  router.post('/users/billing/late-subscribe/fpx/create-intent', auth, async (req, res) => {
    const input = lateSubscribeFpxIntentSchema.parse(req.body);
    const { return_url: requested } = returnUrlSchema.parse(req.body);
    const returnUrl = ownUrl(requested, '/home/dashboard');
    res.json(await service.lateSubscribeFpxIntent(await actor(req, res, input, 'billing.late_subscribe_fpx_intent'), { packageId: input.package_id, bank: input.bank, returnUrl }));
  });

  router.post('/users/billing/late-subscribe/fpx', auth, async (req, res) => {
    const input = lateSubscribeFpxSchema.parse(req.body);
    res.json(await service.lateSubscribeFpx(await actor(req, res, input, 'billing.late_subscribe_fpx'), input));
  });

  // Hosted invoice page and PDF: the merchant's own invoices, or any for staff (spec §6: staff download PDFs).
  router.get('/invoices/:ref', auth, async (req, res) => {
    const ref = String(req.params.ref);
    const pdf = ref.endsWith('.pdf');
    const record = await findInvoice(deps.db, pdf ? ref.slice(0, -4) : ref);
    if (!record) throw new AppError('not_found');
    const caller = authOf(res);
    if (!caller.isStaff) {
      const own = await deps.db('merchants').where({ owner_user_id: caller.userId }).first('id');
      if (!own || Number(own.id) !== record.merchantId) throw new AppError('not_found');
    } else {
      await actingFor(deps, req, res, { userId: Number((await deps.db('merchants').where({ id: record.merchantId }).first('owner_user_id'))?.owner_user_id), action: pdf ? 'billing.invoice_pdf' : 'billing.invoice_view', details: { invoice: record.id } });
    }
    const invoice = await toInvoice(deps.db, record, deps.config.publicUrl);
    const account = await readBillingAccount(deps.db, record.merchantId);
    const merchant = await deps.db('merchants').where({ id: record.merchantId }).first('name');
    const billTo = account?.info
      ? [account.info.name, account.info.email, account.info.address1, account.info.address2 ?? '', `${account.info.postal_code} ${account.info.city}`, `${account.info.state_or_region}, ${account.info.country}`].filter(Boolean)
      : [String(merchant?.name ?? '')];
    const party = { merchantName: String(merchant?.name ?? ''), billTo };
    if (pdf) {
      res.type('application/pdf').set('Content-Disposition', `inline; filename="${record.number}.pdf"`).send(await invoicePdf(invoice, party));
    } else {
      res.type('html').send(invoiceHtml(invoice, party));
    }
  });

  return router;
};
