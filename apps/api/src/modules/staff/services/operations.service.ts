import { AppError } from '../../../http/errors';
import { createAccountsService, issueUserToken } from '../../accounts';
import { findInvoice, invoiceMail, readBillingAccount } from '../../billing';
import { mailText } from '../../notifications';
import { billingAccountState, findInvoiceRef, findMerchantById, liftLoginBan, ownerOf, ownerSetupPending, setInvoiceStatus } from '../repositories';
import type { StaffContext, StaffActor } from './staff-context';

// Staff operations on a merchant's invoices and account.

export const createOperationsService = (ctx: StaffContext) => {
  const { deps, db, clock, config, billing, requireMerchant, audited, auditedEffect, inMerchantTx } = ctx;
  const invoiceAction = async (actor: StaffActor, invoiceId: string, action: 'void' | 'mark-uncollectible' | 'resend', reason: string) => {
    const invoice = await findInvoiceRef(db, invoiceId);
    if (!invoice) throw new AppError('not_found');
    const auditAction = action === 'void' ? 'invoice.void' : action === 'resend' ? 'invoice.resend' : 'invoice.mark_uncollectible';
    if (action === 'resend') {
      return auditedEffect(actor, { merchantId: invoice.merchantId, action: auditAction, reason, details: { invoice_id: invoice.id, number: invoice.number } }, async () => {
        if (invoice.status !== 'open') throw new AppError('invoice_not_open');
        const merchant = await findMerchantById(db, invoice.merchantId);
        const owner = merchant ? await ownerOf(db, merchant.ownerUserId) : null;
        const account = await billingAccountState(db, invoice.merchantId);
        const to = account?.email ?? owner?.email ?? '';
        // In the owner's language, with the invoice's PDF attached (rendered when the e-mail is sent).
        const record = await findInvoice(db, invoice.id);
        if (!record) throw new AppError('not_found');
        const mail = invoiceMail(config.publicUrl, 'invoiceOpen', record, owner?.locale ?? 'en', await billing().engine.nowFor(db, invoice.merchantId));
        await deps.notifier.send({ ...mail, to });
        return { result: { invoice: { id: invoice.id, status: invoice.status } }, after: { sent_to: to } };
      });
    }
    return audited(
      actor,
      { merchantId: invoice.merchantId, action: auditAction, reason, details: { invoice_id: invoice.id, number: invoice.number } },
      async (tx) => {
        const current = await findInvoice(tx, invoice.id);
        if (!current || current.status !== 'open') throw new AppError('invoice_not_open');
        const { engine } = billing();
        const now = await engine.nowFor(tx, invoice.merchantId);
        if (action === 'void') {
          const state = await readBillingAccount(tx, invoice.merchantId);
          if (!state) throw new AppError('not_found');
          await engine.voidInvoice(tx, state, current, now);
        } else {
          await setInvoiceStatus(tx, current.id, 'uncollectible', now);
        }
        const status = action === 'void' ? 'void' : 'uncollectible';
        return { result: { invoice: { id: current.id, status } }, before: { status: current.status }, after: { status } };
      },
      { withTransaction: inMerchantTx(invoice.merchantId) },
    );
  };

  // ------------------------------------------------------------------------------------ account actions

  const passwordReset = async (actor: StaffActor, userId: number, reason: string): Promise<{ ok: true }> => {
    const merchant = await requireMerchant(userId);
    const owner = await ownerOf(db, merchant.ownerUserId);
    if (!owner) throw new AppError('not_found');
    return auditedEffect(actor, { merchantId: merchant.id, action: 'merchant.password_reset', reason }, async () => {
      // The accounts reset flow issues the token and sends the e-mail.
      await createAccountsService(deps).requestPasswordReset({ email: owner.email });
      return { result: { ok: true as const }, after: { sent_to: owner.email } };
    });
  };

  const liftSignInBan = async (actor: StaffActor, userId: number, reason: string): Promise<{ ok: true }> => {
    const merchant = await requireMerchant(userId);
    const owner = await ownerOf(db, merchant.ownerUserId);
    if (!owner) throw new AppError('not_found');
    return audited(actor, { merchantId: merchant.id, action: 'merchant.lift_sign_in_ban', reason }, async (tx) => {
      const wasBanned = owner.bannedUntil !== null && owner.bannedUntil.getTime() > clock.now().getTime();
      await liftLoginBan(tx, owner.email, clock.now());
      return { result: { ok: true as const }, before: { banned_until: wasBanned ? Math.floor((owner.bannedUntil as Date).getTime() / 1000) : null }, after: { banned_until: null } };
    });
  };

  /**
   * The set-up invite for an existing merchant: while the owner has not finished setting up (e-mail never
   * verified), a fresh activation link for THEIR account; the token and the audit entry share one
   * transaction, the e-mail goes once it committed. Never creates a user; 409 setup_already_complete after.
   */
  const setupInvite = async (actor: StaffActor, userId: number, reason: string): Promise<{ ok: true }> => {
    const merchant = await requireMerchant(userId);
    const owner = await ownerOf(db, merchant.ownerUserId);
    if (!owner) throw new AppError('not_found');
    const token = await audited(actor, { merchantId: merchant.id, action: 'merchant.wizard_invite', reason }, async (tx) => {
      if (!(await ownerSetupPending(tx, owner.id))) throw new AppError('setup_already_complete');
      const issued = await issueUserToken(tx, 'activation_tokens', owner.id, clock.now());
      return { result: issued, before: { setup_pending: true }, after: { sent_to: owner.email } };
    });
    const mail = mailText(owner.locale, 'activation', { name: owner.name, link: `${config.publicUrl}/signin?evt=${token}` });
    await deps.notifier.send({ channel: 'email', to: owner.email, ...mail, kind: 'activation' });
    return { ok: true };
  };

  return { invoiceAction, passwordReset, liftSignInBan, setupInvite };
};
