import { reactAppConfig } from '../../tools/vite/react-project';

// The API serves this app on every path the other two apps do not claim (serving contract).
export default reactAppConfig({ projectRoot: import.meta.dirname, name: 'merchant-backoffice', base: '/', devPort: 4200, firstRenderChunks: true, prerenderModule: 'src/prerender.tsx' });
