import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { capture, screenshotDir, waitForTakeover } from './harness';

/** What the scans check: WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices (issue 32). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Impacts that fail the suite; `moderate` and `minor` are reported only. */
const BLOCKING: readonly string[] = ['serious', 'critical'];

export type Width = 1440 | 375;
export type Scheme = 'light' | 'dark';
/** The two interface languages of the matrix: English and one CJK language (Traditional Chinese). */
export type Language = 'en' | 'zhtw';

export type Violation = { rule: string; impact: string; targets: string[] };
export type ScanResult = { state: string; width: Width; scheme: Scheme; language: Language; violations: Violation[] };

const VIEWPORTS: Record<Width, { width: number; height: number }> = { 1440: { width: 1440, height: 900 }, 375: { width: 375, height: 812 } };
const HTML_LANG: Record<Language, string> = { en: 'en', zhtw: 'zh-TW' };
const COLOR_SCHEME_STORAGE_KEY = 'merchant-hub.color-scheme';
const LOCALE_STORAGE_KEY = 'merchant-hub.locale';

/** Transitions and animations are cut short so a scan reads the colours a person ends up seeing. */
const SETTLED_CSS = '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }';

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is. The engine's source is evaluated in
 * the page once per document (through the DevTools protocol, so the product's CSP does not apply).
 */
export const runAxe = async (page: Page): Promise<Violation[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({ rule: v.id, impact: v.impact ?? 'unknown', targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
};

/** Two frames: whatever a change of size, scheme or language re-renders has been laid out and painted. */
const settle = (page: Page): Promise<void> => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/**
 * The product's colour scheme manager follows the stored choice when another tab changes it: so does this. Its
 * listener is added in an effect, which may not have run when the page's heading is drawn (a prerendered page
 * before its takeover, a first render whose effects are not flushed yet): the event is sent again on each poll
 * until the page has followed it.
 */
export const setScheme = async (page: Page, scheme: Scheme): Promise<void> => {
  await page.waitForFunction(
    ([key, value]) => {
      if (document.documentElement.getAttribute('data-mantine-color-scheme') === value) return true;
      window.localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }));
      return false;
    },
    [COLOR_SCHEME_STORAGE_KEY, scheme] as const,
    { polling: 100 },
  );
};

const currentLanguage = async (page: Page): Promise<Language> => ((await page.evaluate(() => document.documentElement.lang)) === HTML_LANG.zhtw ? 'zhtw' : 'en');

/**
 * Switches the interface language as a visitor does, with the page's own language picker; a page without
 * one (the checkout result) is opened again in that language, as the next visit would be.
 */
const switchLanguage = async (page: Page, language: Language, reopen: () => Promise<void>): Promise<void> => {
  const picker = page.locator('select:has(option[value="zhtw"])').first();
  if ((await picker.count()) > 0 && (await picker.isVisible())) {
    await picker.selectOption(language);
  } else {
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LOCALE_STORAGE_KEY, language] as const);
    await reopen();
  }
  await page.waitForFunction((lang) => document.documentElement.lang === lang, HTML_LANG[language]);
};

/** A page state of the matrix: its name and how to reach it from anywhere (navigate, open a modal…). */
export type PageState = { name: string; open: (page: Page) => Promise<void> };

/**
 * Scans one page state at both widths, in both colour schemes and both languages: one page load, then the
 * viewport, the scheme and the language change in place (8 scans). Widths alternate so that each change is one step.
 */
export const scanMatrix = async (page: Page, state: PageState): Promise<ScanResult[]> => {
  const open = async () => {
    await state.open(page);
    // The app has the page (a prerendered one is taken over): its pickers and listeners answer from here on.
    await waitForTakeover(page);
    await page.addStyleTag({ content: SETTLED_CSS });
  };
  await page.setViewportSize(VIEWPORTS[1440]);
  // Each state is reached in English (its `open` steps name controls by their English text).
  if (page.url().startsWith('http')) await page.evaluate(([key]) => window.localStorage.setItem(key, 'en'), [LOCALE_STORAGE_KEY] as const);
  await open();
  const results: ScanResult[] = [];
  const first = await currentLanguage(page);
  for (const language of first === 'en' ? (['en', 'zhtw'] as const) : (['zhtw', 'en'] as const)) {
    if (language !== (await currentLanguage(page))) {
      await page.setViewportSize(VIEWPORTS[1440]);
      await switchLanguage(page, language, open);
    }
    for (const width of [1440, 375] as const) {
      await page.setViewportSize(VIEWPORTS[width]);
      for (const scheme of ['light', 'dark'] as const) {
        await setScheme(page, scheme);
        await settle(page);
        results.push({ state: state.name, width, scheme, language, violations: await runAxe(page) });
      }
    }
  }
  await page.setViewportSize(VIEWPORTS[1440]);
  await setScheme(page, 'light');
  return results;
};

/** The serious and critical findings, one readable line each (what a failing test prints). */
export const blocking = (results: ScanResult[]): string[] =>
  results.flatMap((r) =>
    r.violations.filter((v) => BLOCKING.includes(v.impact)).map((v) => `${r.state} @${r.width} ${r.scheme} ${r.language}: ${v.rule} (${v.impact}) on ${v.targets.slice(0, 3).join(' | ')}${v.targets.length > 3 ? ` and ${v.targets.length - 3} more` : ''}`),
  );

/**
 * Writes every result (tmp/e2e-screenshots/axe-<file>.json) and returns a table per rule and impact: in how
 * many scans it was found, on how many elements in all.
 */
export const report = (file: string, results: ScanResult[]): string => {
  mkdirSync(screenshotDir, { recursive: true });
  writeFileSync(resolve(screenshotDir, `axe-${file}.json`), JSON.stringify(results, null, 1));
  const rows = new Map<string, { scans: number; elements: number; states: Set<string> }>();
  for (const r of results) {
    for (const v of r.violations) {
      const key = `${v.impact.padEnd(9)} ${v.rule}`;
      const row = rows.get(key) ?? { scans: 0, elements: 0, states: new Set<string>() };
      row.scans += 1;
      row.elements += v.targets.length;
      row.states.add(r.state);
      rows.set(key, row);
    }
  }
  const states = new Set(results.map((r) => r.state));
  const clean = [...states].filter((s) => results.filter((r) => r.state === s).every((r) => r.violations.every((v) => !BLOCKING.includes(v.impact))));
  const lines = [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, row]) => `  ${key.padEnd(40)} ${String(row.scans).padStart(4)} scans ${String(row.elements).padStart(5)} elements  ${row.states.size} states`);
  return [`axe (${file}): ${results.length} scans of ${states.size} page states; ${clean.length} with no serious or critical violation`, ...lines].join('\n');
};

/**
 * Pictures of the screen on the page in both colour schemes, at 1440 and 375 px, from one page load: the scheme
 * and the width change in place (as the axe matrix does), each picture once the page is still (`capture`).
 */
export const captureSchemesAndWidths = async (page: Page, file: (scheme: Scheme, width: Width) => string, options: { fullPage?: boolean } = {}): Promise<void> => {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const width of [1440, 375] as const) {
      await page.setViewportSize(VIEWPORTS[width]);
      await capture(page, file(scheme, width), options);
    }
  }
  await page.setViewportSize(VIEWPORTS[1440]);
};
