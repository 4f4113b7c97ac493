import type { MerchantStore } from '@merchant-hub/domain';
import { optionalPositiveId } from '@merchant-hub/validation';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { requireAuth, requireStaff } from '../../http/auth';
import { listAudit } from './audit.repository';

export const merchantsQuerySchema = z.object({ search: z.string().trim().max(255).optional() });
export const auditQuerySchema = z.object({
  user_id: optionalPositiveId(),
  before: optionalPositiveId(),
});

/** What support and superadmin use to choose a merchant and to see what staff did. */
export const staffRouter = (deps: AppDeps): Router => {
  const router = Router();
  const auth = [requireAuth(deps), requireStaff];

  router.get('/merchants', ...auth, async (req, res) => {
    const { search } = merchantsQuerySchema.parse(req.query);
    const query = deps.db('stores')
      .join('merchants', 'merchants.id', 'stores.merchant_id')
      .join('users', 'users.id', 'merchants.owner_user_id')
      .select('stores.id', 'stores.name', 'stores.email', 'merchants.owner_user_id', 'merchants.name as merchant_name', 'users.email as owner_email')
      .orderBy('stores.id')
      .limit(200);
    if (search) {
      const like = `%${search.toLowerCase()}%`;
      query.where((q) => q.whereRaw('lower(stores.name) like ?', [like]).orWhereRaw('lower(stores.email) like ?', [like]).orWhereRaw('lower(users.email) like ?', [like]).orWhereRaw('lower(merchants.name) like ?', [like]));
    }
    const data: (MerchantStore & Record<string, unknown>)[] = (await query).map((row) => ({
      id: Number(row.id),
      inventory_stores: { name: String(row.name), email: String(row.email) },
      users: { auth_server_user_id: Number(row.owner_user_id) },
      merchant_name: String(row.merchant_name),
      owner_email: String(row.owner_email),
    }));
    res.json({ data });
  });

  router.get('/staff/audit-log', ...auth, async (req, res) => {
    const input = auditQuerySchema.parse(req.query);
    const merchant = input.user_id ? await deps.db('merchants').where({ owner_user_id: input.user_id }).first('id') : undefined;
    const rows = await listAudit(deps.db, { merchantId: merchant ? Number(merchant.id) : input.user_id ? -1 : undefined, beforeId: input.before, limit: 50 });
    res.json({ data: rows, has_more: rows.length === 50 });
  });

  return router;
};
