import { vi } from 'vitest';
import { askB, nameB } from './file-isolation/probe-b';
import { askA, nameA } from './file-isolation/probe-a';
import { describeFreshStart } from './file-isolation/pristine';

// Files share a worker (isolate: false): this file and file-isolation-a.test.ts each find what the other changed
// put back, whichever runs first (both run in one worker where there is one; tools/vite/fresh-file-setup.ts).
vi.mock('./file-isolation/probe-b', async (original) => ({ ...(await original<typeof import('./file-isolation/probe-b')>()), nameB: 'mocked b' }));

describeFreshStart('b', { ask: askB, name: nameB }, { ask: askA, name: nameA });
