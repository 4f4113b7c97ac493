import { reactAppConfig } from '../../tools/vite/react-project';

// Assets live under /checkout/; the API also serves index.html on the spec's /subscribe… paths (serving contract).
export default reactAppConfig({ projectRoot: import.meta.dirname, name: 'public-checkout', base: '/checkout/', devPort: 4201, prerenderModule: 'src/prerender.tsx' });
