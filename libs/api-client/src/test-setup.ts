import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Every fetcher parses its answer with a response schema imported on first use. Import them once before the
// tests, so that compiling the validation library is not counted inside the first test's waitFor time.
beforeAll(() => import('./response-schema-set'));
