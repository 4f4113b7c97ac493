import type { z } from 'zod';

type Payload = z.core.ParsePayload<unknown>;

/**
 * A `when` predicate for object-level refinements: run only when the object itself parsed and none of the
 * named fields already has an issue, so a "passwords do not match" never piles onto "password too short".
 * Paths are dotted (`account.password`). zod skips the refinement, `when` or not, once any issue in the
 * object was raised with `abort: true`, so the field schemas of such an object must not abort.
 */
export function whenFieldsValid(...paths: string[]) {
  return (payload: Payload): boolean => {
    if (typeof payload.value !== 'object' || payload.value === null) return false;
    return !payload.issues.some((issue) => {
      const issuePath = (issue.path ?? []).map(String).join('.');
      return issuePath === '' || paths.some((path) => issuePath === path || issuePath.startsWith(`${path}.`));
    });
  };
}
