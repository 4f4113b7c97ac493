import { vi } from 'vitest';

/**
 * The React projects run their test files one after another in one worker (`isolate: false` in
 * react-project.ts): jsdom, React, Mantine and Testing Library load once per worker instead of once per file,
 * which was most of each file's CPU. This first setup file gives each file what a new worker gave it: the
 * project's own modules evaluated afresh, empty storage and cookies, an empty document at the first address,
 * real timers and no stubbed global or variable (Vitest itself drops the previous file's `vi.mock`s and restores
 * its spies). Dependencies in node_modules are not evaluated again: a test that changes one's module state puts
 * it back (jsdom-setup.ts empties Mantine's notification store after every test). Globals a file's code sets on
 * `window` stay. libs/ui-kit's file-isolation-*.test.ts check all of this.
 */

vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0].trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/** The document and address as jsdom made them for the first file. */
type Pristine = { url: string; htmlAttributes: [string, string][] };
const PRISTINE = Symbol.for('merchant-hub.test.pristine-document');
const store = globalThis as unknown as Record<symbol, Pristine | undefined>;
const pristine = (store[PRISTINE] ??= {
  url: window.location.href,
  htmlAttributes: [...document.documentElement.attributes].map((attribute) => [attribute.name, attribute.value]),
});
const html = document.documentElement;
for (const attribute of [...html.attributes]) html.removeAttribute(attribute.name);
for (const [name, value] of pristine.htmlAttributes) html.setAttribute(name, value);
document.head.replaceChildren();
document.body.replaceChildren();
for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
window.history.replaceState(null, '', pristine.url);
