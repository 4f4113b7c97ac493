import type { Knex } from 'knex';

/*
 * What every staff repository shares. Rows come back as the contract's snake_case shapes (they are what the
 * API answers) or as small records; billing moments are unix seconds, amounts minor units.
 */

export type Exec = Knex | Knex.Transaction;

export const DAY = 86_400;

export const num = (value: unknown): number => Number(value);
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** `%text%` for LIKE with the user's own % and _ taken literally. */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
