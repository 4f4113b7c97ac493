// The part of an app's built stylesheet that a prerendered page needs for its first paint (issue 12): the apps
// style everything through Mantine, whose stylesheet (about 250 kB) holds every component's rules, in every
// state and variant, and about 24 kB of theme variables (every colour's ten shades, light and dark...). A page's
// first paint needs only the rules that match its markup and, of the custom properties they declare, those
// that something on the page reads. The whole stylesheet still loads once the page has painted (prerender.ts),
// with the same rules in the same order: it completes the cascade, and so the page ends styled as without this.
import { createRequire } from 'node:module';

/** The little of jsdom's API used here (the workspace has jsdom, for Vitest, but not its types). */
type Jsdom = { JSDOM: new (html: string) => { window: { document: Document } } };

/** A top-level rule or at-rule of a stylesheet: `prelude{body}`, or a statement such as `@charset "…";` (no body). */
type CssBlock = { prelude: string; body?: string };

/** Where the character at `at` opening a string ends (its closing quote), minding escapes. */
const stringEnd = (text: string, at: number): number => {
  const quote = text[at];
  let end = at + 1;
  for (; end < text.length && text[end] !== quote; end++) if (text[end] === '\\') end++;
  return end;
};

/** Splits minified CSS into its top-level blocks, minding strings and comments (which may hold braces). */
const topLevelBlocks = (css: string): CssBlock[] => {
  const blocks: CssBlock[] = [];
  let start = 0;
  let depth = 0;
  let bodyStart = -1;
  for (let at = 0; at < css.length; at++) {
    const char = css[at];
    if (char === '"' || char === "'") at = stringEnd(css, at);
    else if (char === '/' && css[at + 1] === '*') {
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

/** `text` split at its top-level `separator`s (not those inside parentheses, brackets or strings). */
const splitTopLevel = (text: string, separator: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"' || char === "'") at = stringEnd(text, at);
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
};

/** Where the parenthesis opened at `open` closes. */
const closingParen = (text: string, open: number): number => {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    if (text[at] === '(') depth++;
    else if (text[at] === ')' && --depth === 0) return at;
  }
  return text.length;
};

// Pseudo-elements (`::placeholder`, and the four CSS 2 ones written with one colon): a selector ending in one
// matches when its originating element does.
const PSEUDO_ELEMENT = /::[\w-]+(\([^()]*\))?|:(before|after|first-line|first-letter)(?![\w-])/g;
// States a visitor or the browser gives an element (hover, focus, autofill, what is typed...), which the markup
// alone cannot tell: each is taken to hold. Static ones (:disabled, :first-child, :has...) are matched as written.
const DYNAMIC_STATE =
  /:(hover|active|focus|focus-visible|focus-within|visited|link|any-link|target|target-within|autofill|placeholder-shown|checked|indeterminate|default|valid|invalid|user-valid|user-invalid|in-range|out-of-range|required|optional|read-only|read-write|popover-open|open|closed|modal|fullscreen|playing|paused|-webkit-[\w-]+|-moz-[\w-]+|-ms-[\w-]+)(?![\w-(])/g;

/**
 * The selector to look for in the markup: pseudo-elements dropped, dynamic states taken to hold. Null when that
 * cannot be said (a state inside `:not(…)`, which taking it to hold would turn into "never").
 */
const staticSelector = (selector: string): string | null => {
  for (let at = selector.indexOf(':not('); at >= 0; at = selector.indexOf(':not(', at + 1)) {
    if (new RegExp(DYNAMIC_STATE.source).test(selector.slice(at + 4, closingParen(selector, at + 4) + 1))) return null;
  }
  const bare = selector.replace(PSEUDO_ELEMENT, '').replace(DYNAMIC_STATE, ':is(*)').trim();
  // A pseudo-element alone (`::selection`), or one after a combinator (`.a > ::before`): any element.
  if (!bare) return '*';
  return /[>+~]$/.test(bare) ? `${bare} *` : bare;
};

/** Attributes the head scripts set on <html> before the first paint, and the values they may set. */
const HTML_STATES: Record<string, string[]> = { 'data-mantine-color-scheme': ['light', 'dark'] };

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const referencedVariables = (text: string): string[] => [...text.matchAll(VAR_REFERENCE)].map(([, name]) => name);

/** A page's document, for the questions criticalCss asks of it. */
export type PageDom = {
  /** Whether a selector can match an element of the page at its first paint. */
  canMatch: (selector: string) => boolean;
  /** The declarations of the page's own styles (its <style> elements and style attributes). */
  declarations: string[];
};

/** Every declaration of a stylesheet, at any depth. */
const declarationsOf = (css: string): string[] =>
  topLevelBlocks(css).flatMap(({ body }) => (body === undefined ? [] : body.includes('{') ? declarationsOf(body) : splitTopLevel(body, ';')));

/**
 * The page `html` as its first paint sees it: its elements and attributes as written, with those the head
 * scripts change (HTML_STATES) taking each value they may take, and no element in any dynamic state.
 */
export const pageDom = (html: string): PageDom => {
  // Loaded when a page is prerendered, not whenever a Vite config imports this: it takes a while.
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as Jsdom;
  // Its scripts do not run, its resources do not load: the markup as parsed.
  const { document } = new JSDOM(html).window;
  const root = document.documentElement;
  const matchesNow = (selector: string): boolean => {
    try {
      return document.querySelector(selector) !== null;
    } catch {
      return true; // a selector the matcher does not know: kept, as keeping too much costs bytes, never a look
    }
  };
  const canMatch = (selector: string): boolean => {
    // No shadow roots in these pages.
    if (/^\s*:host\b/.test(selector)) return false;
    const query = staticSelector(selector);
    if (query === null) return true;
    if (matchesNow(query)) return true;
    for (const [attribute, values] of Object.entries(HTML_STATES)) {
      if (!query.includes(attribute)) continue;
      const written = root.getAttribute(attribute);
      try {
        for (const value of values) {
          root.setAttribute(attribute, value);
          if (matchesNow(query)) return true;
        }
      } finally {
        if (written === null) root.removeAttribute(attribute);
        else root.setAttribute(attribute, written);
      }
    }
    return false;
  };
  const declarations = [...document.querySelectorAll('style, [style]')].flatMap((element) =>
    element.tagName === 'STYLE' ? declarationsOf(element.textContent ?? '') : splitTopLevel(element.getAttribute('style') ?? '', ';'),
  );
  return { canMatch, declarations: declarations.filter((declaration) => declaration.trim()) };
};

/** A kept part of the stylesheet: a style rule's declarations, a conditional group's kept parts, or as written. */
type Kept =
  | { kind: 'rule'; prelude: string; declarations: string[] }
  | { kind: 'group'; prelude: string; inner: Kept[] }
  | { kind: 'verbatim'; text: string }
  | { kind: 'keyframes'; name: string; text: string };

const keptParts = (css: string, page: PageDom): Kept[] =>
  topLevelBlocks(css).flatMap((block): Kept[] => {
    const { prelude, body } = block;
    if (body === undefined) return [{ kind: 'verbatim', text: `${prelude};` }];
    if (/^@(media|supports|container|layer)\b/.test(prelude)) {
      const inner = keptParts(body, page);
      return inner.length ? [{ kind: 'group', prelude, inner }] : [];
    }
    const keyframes = /^@(?:-webkit-)?keyframes\s+(\S+)$/.exec(prelude);
    if (keyframes) return [{ kind: 'keyframes', name: keyframes[1], text: `${prelude}{${body}}` }];
    // Other at-rules (@font-face, @property…) and nested rules: whole.
    if (prelude.startsWith('@') || body.includes('{')) return [{ kind: 'verbatim', text: `${prelude}{${body}}` }];
    if (!splitTopLevel(prelude, ',').some((selector) => page.canMatch(selector))) return [];
    return [{ kind: 'rule', prelude, declarations: splitTopLevel(body, ';').filter((declaration) => declaration.trim()) }];
  });

const customPropertyName = (declaration: string): string | null => /^\s*(--[\w-]+)\s*:/.exec(declaration)?.[1] ?? null;

/**
 * The custom properties the kept rules and the page's own styles read: those their other declarations name in
 * `var()`, then, until nothing new turns up, those named by the values of the custom properties already read
 * (wherever they are declared: the kept rules or the page's styles).
 */
const readVariables = (parts: Kept[], page: PageDom): Set<string> => {
  const read = new Set<string>();
  const definitions = new Map<string, string[]>();
  const declarations = [...page.declarations];
  const visit = (part: Kept): void => {
    if (part.kind === 'verbatim' || part.kind === 'keyframes') referencedVariables(part.text).forEach((name) => read.add(name));
    else if (part.kind === 'rule') declarations.push(...part.declarations);
    else {
      // A container style query (`@container style(--x: 1)`) reads the properties it names.
      if (part.prelude.includes('style(')) part.prelude.match(/--[\w-]+/g)?.forEach((name) => read.add(name));
      part.inner.forEach(visit);
    }
  };
  parts.forEach(visit);
  for (const declaration of declarations) {
    const name = customPropertyName(declaration);
    if (name === null) referencedVariables(declaration).forEach((variable) => read.add(variable));
    else definitions.set(name, [...(definitions.get(name) ?? []), declaration]);
  }
  const pending = [...read];
  while (pending.length) {
    const name = pending.pop() as string;
    for (const declaration of definitions.get(name) ?? [])
      for (const variable of referencedVariables(declaration.slice(declaration.indexOf(':')))) {
        if (!read.has(variable)) {
          read.add(variable);
          pending.push(variable);
        }
      }
  }
  return read;
};

/**
 * What the kept parts need: the custom properties read (readVariables), and whether an animation's keyframes are
 * named by a kept declaration or the page's styles (a declaration of a dropped custom property may name them
 * too: kept then, as keeping too much costs bytes, never a look).
 */
type Needs = { read: Set<string>; names: (name: string) => boolean };

const needsOf = (parts: Kept[], page: PageDom): Needs => {
  const declarations: string[] = [...page.declarations];
  const visit = (part: Kept): void => {
    if (part.kind === 'rule') declarations.push(...part.declarations);
    else if (part.kind === 'group') part.inner.forEach(visit);
    else if (part.kind === 'verbatim') declarations.push(part.text);
  };
  parts.forEach(visit);
  const text = declarations.join(';');
  return {
    read: readVariables(parts, page),
    names: (name) => new RegExp(`(^|[^\\w-])${name.replace(/[^\w-]/g, '\\$&')}($|[^\\w-])`).test(text),
  };
};

const serialize = (parts: Kept[], needs: Needs): string =>
  parts
    .map((part) => {
      if (part.kind === 'verbatim') return part.text;
      if (part.kind === 'keyframes') return needs.names(part.name) ? part.text : '';
      if (part.kind === 'group') {
        const inner = serialize(part.inner, needs);
        return inner ? `${part.prelude}{${inner}}` : '';
      }
      const declarations = part.declarations.filter((declaration) => {
        const name = customPropertyName(declaration);
        return name === null || needs.read.has(name);
      });
      return declarations.length ? `${part.prelude}{${declarations.join(';')}}` : '';
    })
    .join('');

/**
 * The part of `css` the first paint of `page` needs, in its order:
 * - a style rule is kept when one of its selectors can match an element of the page (PageDom.canMatch: what the
 *   markup holds, any state a visitor may give it);
 * - of a kept rule's custom property declarations (`--x: …`), only those of properties something reads: a kept
 *   declaration, another read custom property, or the page's own style attributes and <style> elements (the
 *   theme's variables MantineProvider writes); a rule left empty is dropped;
 * - conditional groups (@media, @supports, @container, @layer) keep what they hold that is kept; @keyframes
 *   are kept when something kept names them; other at-rules (@font-face, @property…) are kept whole.
 * Keeping too much costs bytes, never a look; what is dropped cannot change the look of the page's markup.
 */
export const criticalCss = (css: string, page: PageDom): string => {
  const parts = keptParts(css, page);
  return serialize(parts, needsOf(parts, page));
};
