// The prerendered pages' inline rules (tools/vite/critical-css.ts, used by tools/vite/prerender.ts at build
// time): what a page's first paint needs of the app's stylesheet. Kept here, beside the takeover it serves,
// because tools/vite is no project and has no tests of its own.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line @nx/enforce-module-boundaries -- tools/vite belongs to no project: this is its code, not a lib's.
import { criticalCss, pageDom } from '../../../../tools/vite/critical-css';

const page = (root: string, htmlAttributes = 'data-mantine-color-scheme="light" lang="en" dir="ltr"') =>
  pageDom(`<!doctype html><html ${htmlAttributes}><head><title>t</title></head><body><div id="root">${root}</div></body></html>`);

const button = '<button class="m_btn" data-variant="filled" style="--button-bg:var(--mantine-color-blue-filled)">Go</button>';

describe('criticalCss: rules', () => {
  it('keeps the rules the markup matches and those naming nothing of it, in their order', () => {
    const css = '*,:before{box-sizing:border-box}.m_btn{color:red}.m_absent{color:blue}body{margin:0}';
    expect(criticalCss(css, page(button))).toBe('*,:before{box-sizing:border-box}.m_btn{color:red}body{margin:0}');
  });

  it('drops a rule for a variant or attribute the markup does not carry', () => {
    const css = '.m_btn[data-variant=filled]{color:red}.m_btn:where([data-variant=outline]){color:blue}.m_btn[data-loading]{opacity:.5}';
    expect(criticalCss(css, page(button))).toBe('.m_btn[data-variant=filled]{color:red}');
  });

  it('keeps a selector list when any of its selectors matches', () => {
    expect(criticalCss('.m_absent,.m_btn{color:red}', page(button))).toBe('.m_absent,.m_btn{color:red}');
  });

  it("keeps the rules of states a visitor gives the markup's elements, and its pseudo-elements", () => {
    const css =
      '.m_btn:hover{color:red}.m_btn:focus-visible{outline:0}.m_btn:before{content:""}.m_btn::placeholder{color:gray}' +
      '.m_btn:where(:not(:disabled)):active{top:1px}.m_btn:not(:hover){color:green}.m_absent:hover{color:blue}';
    expect(criticalCss(css, page(button))).toBe(
      '.m_btn:hover{color:red}.m_btn:focus-visible{outline:0}.m_btn:before{content:""}.m_btn::placeholder{color:gray}' +
        '.m_btn:where(:not(:disabled)):active{top:1px}.m_btn:not(:hover){color:green}',
    );
  });

  it('keeps the dark scheme rules on a page written light (the head script may set dark), not the rtl ones', () => {
    const css = '[data-mantine-color-scheme=dark] .m_btn{color:white}[dir=rtl] .m_btn{margin-left:0}';
    expect(criticalCss(css, page(button))).toBe('[data-mantine-color-scheme=dark] .m_btn{color:white}');
  });

  it('keeps in a conditional group what it holds that is kept, drops the group left empty', () => {
    const css = '@media (hover:hover){.m_btn:hover{color:red}.m_absent:hover{color:blue}}@media (min-width:10em){.m_absent{color:blue}}@keyframes m_spin{to{transform:rotate(1turn)}}.m_btn{animation:m_spin 1s}';
    expect(criticalCss(css, page(button))).toBe('@media (hover:hover){.m_btn:hover{color:red}}@keyframes m_spin{to{transform:rotate(1turn)}}.m_btn{animation:m_spin 1s}');
  });
});

describe('criticalCss: custom properties', () => {
  it('keeps those read, through var() chains, style attributes and the page\'s own styles; drops those nothing reads', () => {
    const css =
      ':root{--mantine-scale:1;--mantine-color-blue-6:#228be6;--mantine-color-grape-6:#be4bdb;--mantine-spacing-md:calc(1rem * var(--mantine-scale));--mantine-spacing-xl:2rem}' +
      ':root[data-mantine-color-scheme=light]{--mantine-color-blue-filled:var(--mantine-color-blue-6);--mantine-color-grape-filled:var(--mantine-color-grape-6)}' +
      '.m_btn{--button-height-sm:2rem;--button-height-xl:3rem;background:var(--button-bg);height:var(--button-height,var(--button-height-sm))}';
    const markup = `<style>.x{padding:var(--mantine-spacing-md)}</style>${button}`;
    expect(criticalCss(css, page(markup))).toBe(
      ':root{--mantine-scale:1;--mantine-color-blue-6:#228be6;--mantine-spacing-md:calc(1rem * var(--mantine-scale))}' +
        ':root[data-mantine-color-scheme=light]{--mantine-color-blue-filled:var(--mantine-color-blue-6)}' +
        '.m_btn{--button-height-sm:2rem;background:var(--button-bg);height:var(--button-height,var(--button-height-sm))}',
    );
  });

  it("does not read what the page's own styles only declare", () => {
    const css = ':root{--mantine-color-pink-5:#f06595;--mantine-color-text:#000}body{color:var(--mantine-color-text)}';
    const markup = '<style>:root{--mantine-color-pink-filled:var(--mantine-color-pink-5)}</style><p>x</p>';
    expect(criticalCss(css, page(markup))).toBe(':root{--mantine-color-text:#000}body{color:var(--mantine-color-text)}');
  });

  it('drops a rule left with no declarations', () => {
    expect(criticalCss(':root{--unread:1}body{margin:0}', page('<p>x</p>'))).toBe('body{margin:0}');
  });
});

describe('criticalCss: keyframes', () => {
  it('keeps the keyframes a kept rule or the page names, and what they read; drops the others', () => {
    const css =
      ':root{--spin-turn:1turn}@keyframes m_spin{to{transform:rotate(var(--spin-turn))}}@keyframes m_fade{to{opacity:0}}@keyframes m_pulse{to{opacity:.5}}' +
      '.m_btn{animation:m_spin 1s linear infinite}.m_absent{animation:m_fade 1s}';
    expect(criticalCss(css, page(`<p style="animation-name:m_pulse">x</p>${button}`))).toBe(
      ':root{--spin-turn:1turn}@keyframes m_spin{to{transform:rotate(var(--spin-turn))}}@keyframes m_pulse{to{opacity:.5}}.m_btn{animation:m_spin 1s linear infinite}',
    );
  });
});
