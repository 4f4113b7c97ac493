// node tools/bench/web/trace.mjs [signin|card|gateway] [--runs R] [--throttle N]
//
// Where a page's long tasks come from: loads the page as tools/bench/web/run.mjs does (the built product, a
// fresh context, N× CPU throttling, default 4) under CDP tracing with V8's sampler, and prints each task over
// 50 ms after the first contentful paint with the trace events inside it (style, layout, script, GC) and the
// functions the sampler saw most in it, named through the build's source maps (`nm/` is node_modules). The
// tracing itself slows the page: its TBT is for finding causes, run.mjs's for figures.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { root, startApi } from '../lib/server.mjs';
import { benchPages, distFile, shown } from './pages.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const which = ['signin', 'card', 'gateway'].find((name) => args.includes(name)) ?? 'card';
const runs = option('--runs', 1);
const throttle = option('--throttle', 4);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'];

const maps = new Map();
const sourceMapOf = (url) => {
  if (!url?.includes('/assets/')) return null;
  if (!maps.has(url)) {
    const file = `${distFile(url, root)}.map`;
    maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url);
};
/** A sampled frame as `function source:line`, through the source map when there is one. */
const frameName = ({ url, functionName, lineNumber, columnNumber }) => {
  const map = sourceMapOf(url);
  const position = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
  if (position?.source) return `${position.name ?? functionName ?? '?'} ${position.source.replace(/^.*node_modules\//, 'nm/').replace(/^(\.\.\/)+/, '')}:${position.line}`;
  return `${functionName || '(anonymous)'} ${url ? url.split('/').pop() : ''}`;
};

const api = await startApi({ name: 'web-trace', main: path.join(root, 'dist/apps/api/main.js'), env: { STATIC_ROOT: path.join(root, 'dist/apps') } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const target = (await benchPages(api.url)).find((page) => page.key === which);
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
    await page.goto(target.url, { waitUntil: 'networkidle' });
    await shown(page, target.ready);
    // The page settles (its last queries, the deferred parts) as run.mjs lets it.
    await page.waitForTimeout(1500);
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    await context.close();

    const fcp = events.find((event) => event.name === 'firstContentfulPaint');
    const mainThread = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === fcp?.pid);
    if (!fcp || !mainThread) throw new Error('no first contentful paint in the trace');
    const start = (events.find((event) => event.pid === fcp.pid && event.name === 'navigationStart') ?? fcp).ts;
    const onMain = events.filter((event) => event.pid === fcp.pid && event.tid === mainThread.tid);
    // The sampler's profile of the main thread (a worker has its own): node ids and the time of each sample.
    const profiles = new Set(events.filter((event) => event.name === 'Profile' && event.pid === fcp.pid && event.tid === mainThread.tid).map((event) => event.id));
    const clocks = new Map(events.filter((event) => event.name === 'Profile' && profiles.has(event.id)).map((event) => [event.id, event.args.data.startTime]));
    const nodes = new Map();
    const samples = [];
    for (const event of events.filter((e) => e.name === 'ProfileChunk' && e.pid === fcp.pid && profiles.has(e.id))) {
      const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
      for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
      (cpuProfile.samples ?? []).forEach((id, index) => {
        clocks.set(event.id, clocks.get(event.id) + (timeDeltas[index] ?? 0));
        samples.push([clocks.get(event.id), id]);
      });
    }
    const ms = (microseconds) => (microseconds / 1000).toFixed(0);
    console.log(`\n${which}, load ${run}: FCP ${ms(fcp.ts - start)} ms`);
    let tbt = 0;
    for (const task of onMain.filter((event) => event.name === 'RunTask' && event.dur > 50_000 && event.ts >= fcp.ts)) {
      tbt += task.dur / 1000 - 50;
      const end = task.ts + task.dur;
      const inside = onMain.filter((event) => event.ts >= task.ts && event.ts < end && event.dur > 3000 && event.name !== 'RunTask');
      const what = inside.slice(0, 6).map((event) => `${event.name}${event.args?.data?.url ? ` ${event.args.data.url.split('/').pop()}` : ''} ${ms(event.dur)}`);
      console.log(`  task at ${ms(task.ts - start)} ms, ${ms(task.dur)} ms: ${what.join(' | ')}`);
      const counts = new Map();
      for (const [time, id] of samples) {
        if (time < task.ts || time >= end) continue;
        const node = nodes.get(id);
        const name = node ? frameName(node.callFrame) : '?';
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`    ${String(count).padStart(4)} samples  ${name}`);
    }
    console.log(`  TBT in the trace: ${tbt.toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  await api.stop();
}
