import { reactAppConfig } from '../../tools/vite/react-project';

// The API serves this app, assets and SPA fallback alike, under /staff/ (serving contract).
export default reactAppConfig({ projectRoot: import.meta.dirname, name: 'staff-console', base: '/staff/', devPort: 4202 });
