import type { Card, CardBrand } from '@merchant-hub/domain';
import { rawRows } from '../../../db/knex';
import { type Exec, num, numOrNull } from '../../../db/rows';

export const cardsOf = async (exec: Exec, merchantId: number): Promise<Card[]> =>
  (await rawRows(exec, 'select id, brand, last4, exp_month, exp_year from payment_methods where merchant_id = ? and detached_at is null order by created_at', [merchantId])).map((row) => ({
    id: String(row.id),
    brand: row.brand as CardBrand,
    last4: String(row.last4),
    exp_month: num(row.exp_month),
    exp_year: num(row.exp_year),
  }));

export type StoredCard = { id: string; merchantId: number; detachedAt: number | null };

export const findCard = async (exec: Exec, id: string): Promise<StoredCard | null> => {
  const row = await exec('payment_methods').where({ id }).first('id', 'merchant_id', 'detached_at');
  return row ? { id: String(row.id), merchantId: num(row.merchant_id), detachedAt: numOrNull(row.detached_at) } : null;
};

/** The merchant's card, unless it was removed. */
export const findActiveCard = async (exec: Exec, merchantId: number, id: string): Promise<StoredCard | null> => {
  const card = await findCard(exec, id);
  return card && card.merchantId === merchantId && card.detachedAt === null ? card : null;
};

export const insertCard = async (exec: Exec, merchantId: number, card: Card, now: number): Promise<void> => {
  await exec('payment_methods').insert({ id: card.id, merchant_id: merchantId, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, created_at: now });
};

export const reattachCard = async (exec: Exec, id: string): Promise<void> => {
  await exec('payment_methods').where({ id }).update({ detached_at: null });
};

export const detachCard = async (exec: Exec, id: string, now: number): Promise<void> => {
  await exec('payment_methods').where({ id }).update({ detached_at: now });
};
