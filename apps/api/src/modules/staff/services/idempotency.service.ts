import { AppError } from '../../../http/errors';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer, findIdempotent } from '../repositories';
import type { StaffContext } from './staff-context';

// A double click makes one change.

export const createIdempotencyService = (ctx: StaffContext) => {
  const { db, seconds } = ctx;
  const idempotent = async (staffUserId: number, key: string | undefined, requestHash: string, run: () => Promise<{ status: number; body: unknown }>): Promise<{ status: number; body: unknown }> => {
    if (!key) return run();
    const claim = () => claimIdempotencyKey(db, staffUserId, key, requestHash, seconds());
    if (!(await claim())) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const stored = await findIdempotent(db, staffUserId, key);
        if (stored && stored.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
        if (stored && stored.status !== 0) return { status: stored.status, body: stored.body };
        if (!stored && (await claim())) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (attempt === 49) throw new AppError('rate_limited');
      }
    }
    let answer: { status: number; body: unknown };
    try {
      answer = await run();
    } catch (error) {
      // Nothing changed: the key is released, and a retry runs (and is refused or succeeds) afresh.
      await releaseIdempotencyKey(db, staffUserId, key);
      throw error;
    }
    await storeIdempotentAnswer(db, staffUserId, key, answer);
    return answer;
  };

  return { idempotent };
};
