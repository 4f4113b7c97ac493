import { resolve } from 'node:path';
import { reactLibTestConfig, testingLibrarySetup } from '../../tools/vite/react-project';

// Test-only config: the client is consumed as source through the workspace path alias, never built on its own.
// Its hooks render without Mantine, so it keeps its own lighter setup file.
export default reactLibTestConfig({
  projectRoot: import.meta.dirname,
  name: 'api-client',
  setupFiles: [testingLibrarySetup, resolve(import.meta.dirname, 'src/test-setup.ts')],
});
