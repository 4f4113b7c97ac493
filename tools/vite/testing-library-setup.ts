import { configure } from '@testing-library/react';

/**
 * How long every `findBy…` and `waitFor` waits for its condition unless a test says otherwise (Testing Library's
 * own default is 1 s). A wait ends as soon as its condition holds, so a generous bound costs a passing test
 * nothing; on a busy machine a lazy page's first import alone can take seconds. Below the Vitest test timeout
 * (tools/vite/react-project.ts), so a wait that never comes true fails with its own message and the DOM.
 */
export const ASYNC_UTIL_TIMEOUT_MS = 15_000;

configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
