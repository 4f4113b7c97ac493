import type { Knex } from 'knex';

/** The catalog's revision: any write anywhere moved it. */
export const catalogRevision = async (db: Knex | Knex.Transaction): Promise<number> => Number((await db('catalog_revision').where({ id: 1 }).first('revision'))?.revision ?? 0);

/** Moves the revision on, inside the writing transaction (so it moves only if the write commits). */
export const bumpCatalogRevision = async (tx: Knex.Transaction, now: number): Promise<number> => {
  await tx('catalog_revision').where({ id: 1 }).update({ revision: tx.raw('revision + 1'), updated_at: now });
  return catalogRevision(tx);
};
