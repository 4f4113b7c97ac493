import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import type { AppDeps } from '../../../app-deps';
import type { Exec } from '../../../db/rows';
import { AppError, validationError } from '../../../http/errors';
import { setTransactionPrecondition } from '../engine/on-behalf';
import { accountStateOf } from '../repositories/account-state.repository';

/*
 * Preview, then commit, for staff changing a merchant's plan or add-on (issue 10 §9): the preview carries a
 * signed token naming the change and a fingerprint of the account (subscriptions, balance, ledger, invoices);
 * the commit must bring it back. The fingerprint is compared again inside the merchant's locked billing
 * transaction, before anything is charged: if the account changed in between, the commit answers 409
 * `stale_preview` and nothing happens. (Staff credit adjustments do the same with their own claims.)
 */

type Claims = { m: number; s: string; f: string };

/** What the account looks like for a preview: any change to it (a payment, a renewal, another change) differs. */
export const accountFingerprint = async (exec: Exec, merchantId: number): Promise<string> => createHash('sha256').update(JSON.stringify(await accountStateOf(exec, merchantId))).digest('base64url');

export const createStaffPreviews = (deps: AppDeps) => {
  const mac = (payload: string): string => createHmac('sha256', deps.config.sessionSecret).update(`staff-billing-preview:${payload}`).digest('base64url');

  /** The preview's token for staff (`{}` for a merchant, whose own flow is unchanged). */
  const issue = async (who: { merchantId: number; isStaff: boolean }, subject: string): Promise<{ preview_token?: string }> => {
    if (!who.isStaff) return {};
    const payload = Buffer.from(JSON.stringify({ m: who.merchantId, s: subject, f: await accountFingerprint(deps.db, who.merchantId) } satisfies Claims)).toString('base64url');
    return { preview_token: `${payload}.${mac(payload)}` };
  };

  const read = (token: string): Claims => {
    const [payload, signature] = token.split('.');
    const expected = payload ? mac(payload) : '';
    if (!payload || !signature || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) throw new AppError('stale_preview');
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
  };

  /**
   * A staff commit must bring the token of a preview of this very change, and the account must still look as it
   * did: checked now, and again in the merchant's billing transaction before anything is charged.
   */
  const require = async (req: Request, who: { merchantId: number; isStaff: boolean }, subject: string): Promise<void> => {
    if (!who.isStaff) return;
    const token = (req.body as { preview_token?: unknown } | undefined)?.preview_token;
    if (typeof token !== 'string' || token === '') throw validationError({ preview_token: 'validation:staff.previewRequired' });
    const claims = read(token);
    if (claims.m !== who.merchantId || claims.s !== subject) throw new AppError('stale_preview');
    if ((await accountFingerprint(deps.db, who.merchantId)) !== claims.f) throw new AppError('stale_preview');
    setTransactionPrecondition(req, async (tx) => {
      if ((await accountFingerprint(tx, who.merchantId)) !== claims.f) throw new AppError('stale_preview');
    });
  };

  return { issue, require };
};
