// node tools/bench/web/run.mjs [--runs R] [--throttle N] [--root DIR] [--slow-network]
//
// Serves the built product (the API started as `npm start` starts it, on a free port and a fresh seeded
// SQLite file, serving dist/apps) and loads the merchant sign-in page, the card checkout (MY package) and
// the gateway checkout (TW package) in Debian Chromium (playwright-core, /usr/bin/chromium), each in a fresh
// context (empty cache) with N× CPU throttling (CDP Emulation.setCPUThrottlingRate, default 4). Prints per
// page the median of R runs (default 3) of: LCP, total blocking time (the part over 50 ms of every long task
// from the first contentful paint until the page is idle) and the JavaScript it downloaded: files, bytes
// as served, and the same files gzipped (what a compressing proxy or CDN would send). Build first:
// `npx nx run-many -t build -p api merchant-backoffice public-checkout staff-console`. --root DIR serves
// DIR/dist/apps with DIR/dist/apps/api/main.js instead (another checkout's build, for a before/after).
// --slow-network adds a slow mobile network (CDP Network.emulateNetworkConditions: 150 ms RTT, 1.6 Mbit/s down,
// 750 kbit/s up).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startApi } from '../lib/server.mjs';
import { benchPages, distFile, shown } from './pages.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const runs = option('--runs', 3);
const throttle = option('--throttle', 4);
const slowNetwork = args.includes('--slow-network');
const SLOW = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const rootAt = args.indexOf('--root');
const productRoot = rootAt >= 0 ? path.resolve(args[rootAt + 1]) : root;
const main = path.join(productRoot, 'dist/apps/api/main.js');
for (const required of [main, 'dist/apps/merchant-backoffice/index.html', 'dist/apps/public-checkout/index.html']) {
  if (!existsSync(path.resolve(productRoot, required))) {
    console.error(`${required} is missing: build first (npx nx run-many -t build -p api merchant-backoffice public-checkout staff-console).`);
    process.exit(1);
  }
}

// Collected in the page from its first script on: LCP candidates, long tasks and the first contentful paint.
const observe = () => {
  const metrics = { lcp: 0, lcpWhat: '', fcp: 0, longTasks: [] };
  window.__benchMetrics = metrics;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      metrics.lcp = entry.renderTime || entry.loadTime || entry.startTime;
      // What the paint was: an image by its file name, text by its element and first words.
      const element = entry.element;
      metrics.lcpWhat = entry.url
        ? `img ${entry.url.split('/').pop()}`
        : `${element?.tagName.toLowerCase() ?? '?'} "${(element?.textContent ?? '').trim().slice(0, 24)}"`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) metrics.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') metrics.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
};

const measure = async (browser, url, ready) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  if (slowNetwork) await cdp.send('Network.emulateNetworkConditions', SLOW);
  const scripts = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Script') scripts.set(requestId, { url: response.url, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.bytes = encodedDataLength;
  });
  await page.addInitScript(observe);
  await page.goto(url, { waitUntil: 'networkidle' });
  await shown(page, ready);
  await page.waitForTimeout(500);
  const metrics = await page.evaluate(() => window.__benchMetrics);
  await context.close();
  const tbt = metrics.longTasks
    .filter(([start]) => start >= metrics.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  const files = [...scripts.values()];
  const gzip = files.reduce((sum, file) => sum + (existsSync(distFile(file.url, productRoot)) ? gzipSync(readFileSync(distFile(file.url, productRoot))).length : 0), 0);
  return { lcp: metrics.lcp, lcpWhat: metrics.lcpWhat, fcp: metrics.fcp, tbt, files: files.length, bytes: files.reduce((sum, file) => sum + file.bytes, 0), gzip };
};

const api = await startApi({ name: 'web-bench', main, env: { STATIC_ROOT: path.join(productRoot, 'dist/apps') } });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const pages = await benchPages(api.url);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  const network = slowNetwork ? 'a slow mobile network (150 ms RTT, 1.6 Mbit/s)' : 'no network throttling';
  console.log(`Chromium, ${throttle}× CPU throttling, ${network}, empty cache; median of ${runs} load(s)`);
  for (const target of pages) {
    await measure(browser, target.url, target.ready); // warm the server (first static reads, SQLite pages)
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await measure(browser, target.url, target.ready));
    const pick = (key) => median(results.map((r) => r[key]));
    const spread = (key) => `${Math.min(...results.map((r) => r[key])).toFixed(0)}–${Math.max(...results.map((r) => r[key])).toFixed(0)}`;
    console.log(
      `${target.title.padEnd(18)} FCP ${pick('fcp').toFixed(0).padStart(5)} ms   LCP ${pick('lcp').toFixed(0).padStart(5)} ms (${results.find((r) => r.lcp === pick('lcp'))?.lcpWhat})   TBT ${pick('tbt').toFixed(0).padStart(4)} ms (${spread('tbt')})   JS ${pick('files')} files, ${kb(pick('bytes'))} transferred, ${kb(pick('gzip'))} gzip`,
    );
  }
} finally {
  await browser.close();
  await api.stop();
}
