import { describe, expect, it } from 'vitest';

/**
 * What every React test file may count on at its start, though files share a worker (tools/vite/fresh-file-setup.ts):
 * nothing stored, no cookie, an empty document at the first address. Then leaves all of it changed, as a careless
 * test would, for the other file-isolation file to find put back.
 */
export const expectPristineThenSpoil = (who: string): void => {
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
  expect(document.cookie).toBe('');
  expect(document.head.childNodes.length).toBe(0);
  expect(document.body.childNodes.length).toBe(0);
  expect(document.documentElement.getAttribute('lang')).toBeNull();
  expect(window.location.pathname).toBe('/');

  localStorage.setItem('spoilt-by', who);
  sessionStorage.setItem('spoilt-by', who);
  document.cookie = `spoilt-by=${who}; path=/`;
  document.head.append(document.createElement('style'));
  document.body.append(document.createElement('div'));
  document.documentElement.setAttribute('lang', 'zh-TW');
  window.history.pushState(null, '', `/spoilt-by-${who}`);
};

type Probe = { ask: () => number; name: string };

/**
 * The checks of one file-isolation file: its own probe module mocked by the file (`vi.mock`), the other file's
 * real, both evaluated afresh; then the document and storage as jsdom made them.
 */
export const describeFreshStart = (file: 'a' | 'b', own: Probe, other: Probe): void => {
  const otherFile = file === 'a' ? 'b' : 'a';
  describe(`a test file starts as in a worker of its own (${file})`, () => {
    it("gets the project modules evaluated afresh, and no other file's vi.mock", () => {
      expect(own.ask()).toBe(1);
      expect(other.ask()).toBe(1);
      expect(own.name).toBe(`mocked ${file}`);
      expect(other.name).toBe(`real ${otherFile}`);
    });

    it('finds storage, cookies, the document and the address as jsdom made them', () => {
      expectPristineThenSpoil(file);
    });
  });
};
