import { readFileSync } from 'node:fs';

/**
 * The fonts an invoice PDF is written in. pdfkit's built-in Helvetica is Latin-1 (WinAnsi) only: Thai and Chinese
 * come from the Noto fonts of the npm packages below (SC holds the traditional characters too; Thai holds Latin).
 */
export type PdfFont = 'Helvetica' | 'thai' | 'cjk';
const FONT_FILES = {
  thai: '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
} as const;

let loaded: { thai: Buffer; cjk: Buffer } | null | undefined;

/** The Thai and Chinese font files, read once (about 11 MB), or null where they are not installed. */
export const pdfFontFiles = (): { thai: Buffer; cjk: Buffer } | null => {
  if (loaded === undefined) {
    try {
      loaded = { thai: readFileSync(require.resolve(FONT_FILES.thai)), cjk: readFileSync(require.resolve(FONT_FILES.cjk)) };
    } catch {
      loaded = null;
    }
  }
  return loaded;
};

/** What Helvetica can write: Latin-1 and the WinAnsi punctuation (dashes, quotes, bullet, ellipsis). */
const WIN_ANSI = /^[\u0020-\u007E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]$/;
const THAI = /^[\u0E00-\u0E7F]$/;

/** The font for a run of Latin text in each language: the page's own script's font where it has Latin too. */
export const baseFontOf = (locale: string): PdfFont => (locale === 'th' ? 'thai' : locale === 'zh' || locale === 'zhtw' ? 'cjk' : 'Helvetica');

/**
 * `text` cut into runs of one font each: Thai in the Thai font, Latin in `base`, anything else (Chinese...) in the
 * CJK font. The peso sign is in none of them and is written as its code. Without the fonts every run is
 * Helvetica and what it cannot write becomes '?'.
 */
export const pdfRuns = (text: string, base: PdfFont, fontsInstalled: boolean): { font: PdfFont; text: string }[] => {
  const runs: { font: PdfFont; text: string }[] = [];
  for (const char of text.replace(/₱/g, 'PHP ')) {
    const font: PdfFont = !fontsInstalled ? 'Helvetica' : THAI.test(char) ? 'thai' : WIN_ANSI.test(char) ? base : 'cjk';
    const written = font === 'Helvetica' && !WIN_ANSI.test(char) ? '?' : char;
    const last = runs.at(-1);
    if (last && last.font === font) last.text += written;
    else runs.push({ font, text: written });
  }
  return runs;
};
