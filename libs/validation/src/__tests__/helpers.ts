import type { z } from 'zod';
import { fieldErrors } from '../field-errors';

/** One row of a rule table: a change to a valid input and the message key expected at `path` (or none). */
export type RuleCase = {
  rule: string;
  patch: Record<string, unknown>;
  /** Dotted path of the field expected to fail; omitted when the patched input must pass. */
  path?: string;
  key?: string;
};

export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

/** Applies `patch` to a deep copy of `base`; dotted keys reach into nested objects, `undefined` deletes. */
export function patched(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(base);
  for (const [dotted, value] of Object.entries(patch)) {
    const segments = dotted.split('.');
    let node = copy;
    for (const segment of segments.slice(0, -1)) node = node[segment] as Record<string, unknown>;
    const leaf = segments[segments.length - 1];
    if (value === undefined) delete node[leaf];
    else node[leaf] = value;
  }
  return copy;
}

/** Runs a rule table: passing rows must produce no error at all, failing rows exactly `key` at `path`. */
export function checkRules(schema: z.ZodType, base: Record<string, unknown>, cases: RuleCase[]): void {
  it('accepts the valid base input', () => {
    expect(errorsOf(schema, base)).toEqual({});
  });
  it.each(cases)('$rule', ({ patch, path, key }) => {
    const errors = errorsOf(schema, patched(base, patch));
    if (path === undefined) expect(errors).toEqual({});
    else expect(errors[path]).toBe(key);
  });
}
