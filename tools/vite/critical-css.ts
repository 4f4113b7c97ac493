// The part of an app's built stylesheet that a prerendered page needs for its first paint (issue 12): the apps
// style everything through Mantine, whose stylesheet (about 250 kB) gives each component's parts classes named
// `m_<hex>`; a page's first paint needs the rules of the classes in its markup and the rules that name none
// (baseline, variables, global). The whole stylesheet still loads once the page has painted (prerender.ts).

/** A top-level rule or at-rule of a stylesheet: `prelude{body}`, or a statement such as `@charset "…";` (no body). */
type CssBlock = { prelude: string; body?: string };

/** Splits minified CSS into its top-level blocks, minding strings and comments (which may hold braces). */
const topLevelBlocks = (css: string): CssBlock[] => {
  const blocks: CssBlock[] = [];
  let start = 0;
  let depth = 0;
  let bodyStart = -1;
  for (let at = 0; at < css.length; at++) {
    const char = css[at];
    if (char === '"' || char === "'") {
      for (at++; at < css.length && css[at] !== char; at++) if (css[at] === '\\') at++;
    } else if (char === '/' && css[at + 1] === '*') {
      at = css.indexOf('*/', at + 2);
      if (at < 0) throw new Error('critical CSS: unclosed comment');
      at++;
    } else if (char === '{') {
      if (depth++ === 0) bodyStart = at;
    } else if (char === '}') {
      if (--depth === 0) {
        blocks.push({ prelude: css.slice(start, bodyStart).trim(), body: css.slice(bodyStart + 1, at) });
        start = at + 1;
      }
      if (depth < 0) throw new Error('critical CSS: unbalanced braces');
    } else if (char === ';' && depth === 0) {
      blocks.push({ prelude: css.slice(start, at).trim() });
      start = at + 1;
    }
  }
  if (depth !== 0) throw new Error('critical CSS: unbalanced braces');
  return blocks;
};

const MANTINE_CLASS = /\bm_[0-9a-f]+\b/g;

/** Mantine's part classes (`m_…`) that a page's markup carries. */
export const mantineClassesIn = (markup: string): Set<string> => new Set(markup.match(MANTINE_CLASS) ?? []);

/**
 * The rules of `css` a page whose markup carries `used` can match, in their order: a style rule is kept unless
 * every Mantine class its selectors name is absent (an element needs the class to match); conditional groups
 * (@media, @supports, @container) keep what they hold that is kept; other at-rules (@keyframes, @font-face…)
 * are kept whole. Keeping too much costs bytes, never a look.
 */
export const criticalCss = (css: string, used: Set<string>): string =>
  topLevelBlocks(css)
    .map(({ prelude, body }) => {
      if (body === undefined) return `${prelude};`;
      if (/^@(media|supports|container)\b/.test(prelude)) {
        const inner = criticalCss(body, used);
        return inner ? `${prelude}{${inner}}` : '';
      }
      if (prelude.startsWith('@')) return `${prelude}{${body}}`;
      const named = prelude.match(MANTINE_CLASS);
      return !named || named.some((name) => used.has(name)) ? `${prelude}{${body}}` : '';
    })
    .join('');
