import { vi } from 'vitest';
import { askA, nameA } from './file-isolation/probe-a';
import { askB, nameB } from './file-isolation/probe-b';
import { describeFreshStart } from './file-isolation/pristine';

// Files share a worker (isolate: false): this file and file-isolation-b.test.ts each find what the other changed
// put back, whichever runs first (both run in one worker where there is one; tools/vite/fresh-file-setup.ts).
vi.mock('./file-isolation/probe-a', async (original) => ({ ...(await original<typeof import('./file-isolation/probe-a')>()), nameA: 'mocked a' }));

describeFreshStart('a', { ask: askA, name: nameA }, { ask: askB, name: nameB });
