/** Where an issue about the whole input (not one field) goes in the result of `fieldErrors`. */
export const FORM_ERROR_PATH = '_form';

/** The part of a ZodError (or of any Standard Schema failure) that `fieldErrors` reads. */
export type IssueList = {
  issues: readonly { path?: readonly (PropertyKey | { key: PropertyKey })[]; message: string }[];
};

/**
 * Dotted field path → message key, first issue per field only: a form shows one message per field and the
 * first check that failed is the most basic one (e.g. "required" before "invalid").
 * Example: { 'account.email': 'validation:register.error.email', 'store.zip': 'validation:registration.zipRequired' }.
 */
export function fieldErrors(error: IssueList): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = (issue.path ?? [])
      .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
      .join('.');
    const field = path === '' ? FORM_ERROR_PATH : path;
    if (!(field in result)) result[field] = issue.message;
  }
  return result;
}
