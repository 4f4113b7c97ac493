import type { PromotionCreateOutput } from '@merchant-hub/validation';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../db/rows';
import { AppError } from '../../http/errors';
import { type CatalogActor, commitCatalogChange } from './catalog-changes';
import { codeExists, deactivatePromotion, findPromotion, insertPromotion, listPromotions, listRedemptions } from './promotions.repository';

/**
 * Promotion codes (issue 11 part 2). The billing engine redeems them exactly like the demo codes: the same
 * tables, the same rules (`couponProblem`), the same limit-guarded count.
 */
export const createPromotionsService = (deps: AppDeps) => {
  const { db } = deps;
  const now = (): number => Math.floor(deps.clock.now().getTime() / 1000);

  const assertSuperadmin = (actor: CatalogActor): void => {
    if (actor.role !== 'superadmin') throw new AppError('forbidden');
  };

  const list = async () => ({ data: await listPromotions(db) });

  const create = async (actor: CatalogActor, input: PromotionCreateOutput) => {
    assertSuperadmin(actor);
    const at = now();
    if (input.expires_at !== null && input.expires_at <= at) throw new AppError('validation_failed', { details: { fields: { expires_at: 'validation:staff.dateInvalid' } } });
    return commitCatalogChange(db, actor, { action: 'promotion.create', now: at }, async (tx) => {
      // One code means one offer: it must not exist under any currency (the demo SAVE10 has one per currency).
      if (await codeExists(tx, input.code)) throw new AppError('promotion_code_taken', { details: { fields: { code: 'errors:catalog.codeTaken' } } });
      const id = newId('promo');
      await insertPromotion(tx, { ...input, id, couponId: newId('coupon'), createdBy: actor.userId, now: at });
      const created = await findPromotion(tx, id);
      return { result: { data: created }, after: { ...created }, details: { promotion_id: id, code: input.code } };
    });
  };

  const deactivate = async (actor: CatalogActor, id: string) => {
    assertSuperadmin(actor);
    const at = now();
    return commitCatalogChange(db, actor, { action: 'promotion.deactivate', now: at }, async (tx) => {
      const current = await findPromotion(tx, id);
      if (!current) throw new AppError('not_found');
      await deactivatePromotion(tx, id, at);
      return { result: { data: { ...current, active: false } }, before: { active: current.active }, after: { active: false }, details: { promotion_id: id, code: current.code } };
    });
  };

  const redemptions = async (id: string) => {
    const promotion = await findPromotion(db, id);
    if (!promotion) throw new AppError('not_found');
    return { data: await listRedemptions(db, id, promotion.code) };
  };

  return { list, create, deactivate, redemptions };
};
