import { reactLibTestConfig } from '../../tools/vite/react-project';

// Test-only config: the library is consumed as source through the workspace path alias, never built on its own.
export default reactLibTestConfig({ projectRoot: import.meta.dirname, name: 'app-root' });
