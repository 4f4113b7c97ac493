import type { Namespace } from './resources';

/** Where a key without a `ns:` prefix is looked up. Apart from resources.ts, which imports every language. */
export const DEFAULT_NAMESPACE: Namespace & 'common' = 'common';
