import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// One generous default wait for findBy/waitFor in every React test: tests wait for conditions, not for time.
import './testing-library-setup';

// jsdom lacks the layout APIs Mantine calls while mounting (color scheme, resize-aware and scrolling components).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe = (): void => undefined;
  unobserve = (): void => undefined;
  disconnect = (): void => undefined;
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => undefined;

// Globals are off, so Testing Library cannot register its own cleanup. Mantine keeps notifications in a
// module-wide store: without emptying it, one test's toasts show up in the next.
afterEach(() => {
  cleanup();
  notifications.clean();
});
