// The root is shared with the public checkout; this name stays for the console's own tests.
export { AppRoot } from '@merchant-hub/app-root';
export type { AppRootProps } from '@merchant-hub/app-root';
