import { reactAppConfig } from '../../tools/vite/react-project';

// The API serves this app on every path the other two apps do not claim (serving contract), but for the guest
// pages' paths, where it serves the guest entry (vite.guest.config.mts, built after this one).
export default reactAppConfig({ projectRoot: import.meta.dirname, name: 'merchant-backoffice', base: '/', devPort: 4200, firstRenderChunks: true });
