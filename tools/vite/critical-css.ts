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

/** A selector list's selectors: split at its top-level commas (not those inside `:is(…)`, `[…]` or strings). */
const selectorsOf = (prelude: string): string[] => {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < prelude.length; at++) {
    const char = prelude[at];
    if (char === '"' || char === "'") {
      for (at++; at < prelude.length && prelude[at] !== char; at++) if (prelude[at] === '\\') at++;
    } else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      selectors.push(prelude.slice(start, at));
      start = at + 1;
    }
  }
  selectors.push(prelude.slice(start));
  return selectors;
};

/** `selector` without its negations (`:not(…)`, nested parentheses included). */
const withoutNegations = (selector: string): string => {
  let rest = selector;
  for (let at = rest.indexOf(':not('); at >= 0; at = rest.indexOf(':not(')) {
    let depth = 0;
    let end = at + ':not'.length;
    for (; end < rest.length; end++) {
      if (rest[end] === '(') depth++;
      else if (rest[end] === ')' && --depth === 0) break;
    }
    rest = rest.slice(0, at) + rest.slice(end + 1);
  }
  return rest;
};

/**
 * Whether a selector can match in a page whose markup carries `used`: it cannot when it names a Mantine class
 * the page lacks, outside a negation (`:not(.m_x)` matches more, not less, when the class is absent).
 */
const canMatch = (selector: string, used: Set<string>): boolean => {
  const positive = withoutNegations(selector);
  // A list inside `:is(…)`/`:where(…)` matches with any one of its classes: kept whole rather than reasoned about.
  if (/\([^()]*,/.test(positive)) return true;
  const named = positive.match(MANTINE_CLASS);
  return !named || named.every((name) => used.has(name));
};

/** Mantine's part classes (`m_…`) that a page's markup carries. */
export const mantineClassesIn = (markup: string): Set<string> => new Set(markup.match(MANTINE_CLASS) ?? []);

/**
 * The rules of `css` a page whose markup carries `used` can match, in their order: a style rule is kept when one
 * of its selectors can match (each Mantine class it names is in the page, see canMatch); conditional groups
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
      return selectorsOf(prelude).some((selector) => canMatch(selector, used)) ? `${prelude}{${body}}` : '';
    })
    .join('');
