import { reactAppConfig } from '../../tools/vite/react-project';

// The guest entry (guest.html, src/guest-main.tsx): sign-in and the other guest pages, built on their own after
// vite.config.mts's build and into the same folder, so that their first load leaves out the back office's data
// router (react-router is one module: in a shared build every page's router chunk would hold it). The API serves
// guest.html on the guest pages' paths and the prerendered sign-in page on /signin (prerender.json).
export default reactAppConfig({
  projectRoot: import.meta.dirname,
  name: 'merchant-backoffice',
  base: '/',
  devPort: 4200,
  firstRenderChunks: true,
  prerenderModule: 'src/prerender.tsx',
  entry: { html: 'guest.html' },
});
