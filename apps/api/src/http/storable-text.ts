import { validationError } from './errors';

/**
 * U+0000 is no text any store of this API can take: PostgreSQL refuses it in `text` (the statement fails,
 * which answered 500), an SQLite full-text query ends at it ("unterminated string", issue 26), and C code
 * along the way (LIKE, FTS5, mail headers) reads it as the end of the string. No person types one; a prober
 * does. Every route's parsed path parameters, query and body pass through `refuseUnstorableText` before the
 * handler runs, so none reaches SQL, whichever field or database.
 */
const NUL = '\u0000';

/** A value met on the walk, with the way back to the root (built into a path only when a NUL is found). */
type Visit = { value: unknown; key: string; parent: Visit | null };

const pathOf = (visit: Visit | null, last?: string): string => {
  const keys = last === undefined ? [] : [last];
  for (let at = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The dotted path of the first string (or object key) in `value` holding a NUL, or null. Walked with a list,
 * not recursion: a body the schemas never read can be nested 5,000 deep.
 */
export const nulPathIn = (value: unknown): string | null => {
  const pending: Visit[] = [{ value, key: '', parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const item = visit.value;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return pathOf(visit);
      continue;
    }
    // Parsed JSON, query and path-parameter objects (find-my-way's have a prototype of their own), zod output;
    // a Date or a Buffer holds no text to check.
    if (typeof item !== 'object' || item === null || item instanceof Date || ArrayBuffer.isView(item)) continue;
    for (const [key, child] of Object.entries(item)) {
      if (key.includes(NUL)) return pathOf(visit, key.replaceAll(NUL, '\\0'));
      pending.push({ value: child, key, parent: visit });
    }
  }
  return null;
};

/** Answers 400 naming the field (as a schema's refusal does) when any part of the request's input holds a NUL. */
export const refuseUnstorableText = (...inputs: unknown[]): void => {
  for (const input of inputs) {
    const path = nulPathIn(input);
    if (path !== null) throw validationError({ [path === '' ? 'body' : path]: 'validation:common.controlCharacters' });
  }
};
