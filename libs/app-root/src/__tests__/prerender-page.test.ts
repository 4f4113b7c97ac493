// The prerendered page's HTML (tools/vite/prerender.ts pageHtml): the critical CSS Beasties inlines from the
// built stylesheet, the stylesheet held back until the page has painted, and the CSP hashes of its inline scripts.
// Kept here, beside the takeover it serves, because tools/vite is no project and has no tests of its own.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line @nx/enforce-module-boundaries -- tools/vite belongs to no project: this is its code, not a lib's.
import { inlineScriptHashes, pageHtml } from '../../../../tools/vite/prerender';

const dir = mkdtempSync(join(tmpdir(), 'prerender-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stylesheet = [
  '.m_btn{color:red}',
  '.m_absent{color:blue}',
  '.m_btn:hover{color:green}',
  ':root[data-mantine-color-scheme=dark]{--mantine-color-body:#000}',
  '@keyframes m_spin{to{transform:rotate(1turn)}}',
  '@keyframes m_unused{to{opacity:0}}',
  '.m_loader{animation:m_spin 1s}',
].join('');
writeFileSync(join(dir, 'style-abc.css'), stylesheet);

const indexHtml = [
  '<!doctype html>',
  '<html lang="en" dir="ltr">',
  '<head><meta charset="UTF-8" /><title>Merchant Hub</title>',
  '<script type="module" crossorigin src="/checkout/assets/main-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/checkout/assets/react-2.js">',
  '<link rel="stylesheet" crossorigin href="/checkout/assets/style-abc.css">',
  '</head>',
  '<body><div id="root"></div></body>',
  '</html>',
].join('\n');

const render = () =>
  pageHtml({
    indexHtml,
    markup: '<main><button class="m_btn">Pay now’s</button><span class="m_loader"></span></main>',
    head: '<script data-mantine-script="true">document.documentElement.dataset.x="1"</script>',
    guard: 'window.guarded=1',
    stylesheets: { dir, base: '/checkout/assets/' },
    titles: { en: 'Pay · Merchant Hub', th: 'ชำระเงิน · Merchant Hub' },
  });

describe('pageHtml', () => {
  it("inlines the rules the page's markup can match, any state taken to hold, the dark scheme's and the keyframes named", async () => {
    const html = await render();
    const critical = /<style>([^<]*m_btn[^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(critical).toContain('.m_btn{color:red}');
    expect(critical).toContain('.m_btn:hover{color:green}');
    expect(critical).toContain('[data-mantine-color-scheme=dark]');
    expect(critical).toContain('@keyframes m_spin');
    expect(critical).not.toContain('m_absent');
    expect(critical).not.toContain('m_unused');
  });

  it('holds the whole stylesheet back until the page has painted, after the inline rules, with no inline event handler', async () => {
    const html = await render();
    expect(html).toMatch(/<style>[^<]*m_btn[^<]*<\/style>\s*<link rel="stylesheet" crossorigin href="\/checkout\/assets\/style-abc.css" data-after-paint disabled>/);
    expect(html).not.toMatch(/\son(load|error)=/);
    expect(html).not.toContain('<noscript><link');
    // Nothing of the app before the paint: the entry and its preloads are named by the start script only.
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('const c=["/checkout/assets/main-1.js","/checkout/assets/react-2.js"]');
  });

  it('keeps the markup, the titles and the head scripts ahead of the stylesheet, and hashes every inline script as written', async () => {
    const html = await render();
    expect(html).toContain('<button class="m_btn">Pay now’s</button>');
    expect(html).toContain('<title>Pay · Merchant Hub</title>');
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
    expect(scripts).toContain('window.guarded=1');
    expect(html.indexOf('window.guarded=1')).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(inlineScriptHashes(html)).toEqual(scripts.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`));
    expect(scripts).toHaveLength(4);
  });
});
