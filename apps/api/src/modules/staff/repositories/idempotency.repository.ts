import { type Exec, num } from './shared';

// ------------------------------------------------------------------------------------------------ idempotency

export type StoredResponse = { requestHash: string; status: number; body: unknown };

export const findIdempotent = async (db: Exec, staffUserId: number, key: string): Promise<StoredResponse | null> => {
  const row = await db('staff_idempotency_keys').where({ staff_user_id: staffUserId, key }).first();
  return row ? { requestHash: String(row.request_hash), status: num(row.status), body: JSON.parse(String(row.response)) as unknown } : null;
};

/** Claims a key before the write runs; false when this staff member already used it. */
export const claimIdempotencyKey = async (db: Exec, staffUserId: number, key: string, requestHash: string, now: number): Promise<boolean> => {
  const inserted = await db('staff_idempotency_keys').insert({ staff_user_id: staffUserId, key, request_hash: requestHash, status: 0, response: 'null', created_at: now }).onConflict(['staff_user_id', 'key']).ignore().returning('key');
  return Array.isArray(inserted) && inserted.length > 0;
};

export const storeIdempotentAnswer = async (db: Exec, staffUserId: number, key: string, answer: { status: number; body: unknown }): Promise<void> => {
  await db('staff_idempotency_keys').where({ staff_user_id: staffUserId, key }).update({ status: answer.status, response: JSON.stringify(answer.body) });
};

export const releaseIdempotencyKey = async (db: Exec, staffUserId: number, key: string): Promise<void> => {
  await db('staff_idempotency_keys').where({ staff_user_id: staffUserId, key }).delete();
};
