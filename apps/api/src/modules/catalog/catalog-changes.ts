import type { Knex } from 'knex';
import { writeAudit } from '../audit';
import { bumpCatalogRevision } from './catalog-revision.repository';

export { catalogRevision } from './catalog-revision.repository';

/** Who changes the catalog: always a superadmin by the time a change runs (see `staffActorOf`). */
export type CatalogActor = { userId: number; role: 'support' | 'superadmin'; ip: string | null; reason?: string | null };

export type CatalogChange = { action: string; revision: number; packageIds: number[]; market: string | null };
type Listener = (change: CatalogChange) => void;

// Per database handle, so two apps built in one process (tests) never hear each other's changes.
const listeners = new WeakMap<Knex, Set<Listener>>();

/**
 * Hears every committed catalog write made through this API instance (plans, add-on packages, order,
 * visibility, promotion codes). A cache of the parsed catalog hooks here to drop its copy at once; a cache
 * shared by several instances compares `catalogRevision` instead, which every write bumps in its own
 * transaction, so another instance's write is seen on the next read. Returns the unsubscribe function.
 */
export const onCatalogChange = (db: Knex, listener: Listener): (() => void) => {
  const set = listeners.get(db) ?? new Set<Listener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
};

/**
 * The one door every catalog write goes through: the change, the revision bump and its audit entry in one
 * transaction (a failed change leaves neither), then, once committed, the listeners.
 */
export const commitCatalogChange = async <R>(
  db: Knex,
  actor: CatalogActor,
  input: { action: string; now: number; market?: string | null; packageIds?: number[] },
  change: (tx: Knex.Transaction) => Promise<{ result: R; before?: Record<string, unknown> | null; after?: Record<string, unknown> | null; details?: Record<string, unknown> }>,
): Promise<R> => {
  const { result, revision } = await db.transaction(async (tx) => {
    const done = await change(tx);
    const revision = await bumpCatalogRevision(tx, input.now);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      merchantId: null,
      action: input.action,
      details: done.details,
      before: done.before ?? null,
      after: done.after ?? null,
      ip: actor.ip,
      actorRole: actor.role,
      reason: actor.reason ?? null,
      at: input.now,
    });
    return { result: done.result, revision };
  });
  const change_: CatalogChange = { action: input.action, revision, packageIds: input.packageIds ?? [], market: input.market ?? null };
  for (const listener of listeners.get(db) ?? []) {
    try {
      listener(change_);
    } catch {
      // A listener's failure must not turn a committed change into an error answer.
    }
  }
  return result;
};
