#!/usr/bin/env node
// Measures how a source tree stands on its imports, so the figures of docs/architecture.md can be made again:
//
//   node tools/architecture/floors.mjs [--root DIR] [--scope apps/api/src] [--plan] [--cycle]
//
// The graph is dependency-cruiser's (same options as .dependency-cruiser.cjs, tests left out). Its nodes are the
// folders under --scope (a file's folder), except that the files right in the scope (main.ts, app.ts, config.ts…)
// and right in modules/ (registry.ts, the module contract) are nodes of their own; an arrow is "some file of A
// imports some file of B". Folders are put in an order that keeps as many arrows as it can pointing down (strongly connected parts
// ordered by the Eades–Lin–Smyth heuristic, ties by name, so the result is stable); a folder's floor is one
// above the highest floor it imports down to (a folder that imports nothing of the scope is floor 1). A
// back-arrow is an arrow that does not point to a lower floor. The largest cycle is the largest set of files that
// all reach each other through imports. Each figure is given twice: counting every import, and counting runtime
// imports only (those that survive compilation: not `import type`, not an import used only as a type).
//
// --root runs it on another checkout (e.g. `git archive <commit> | tar -x -C /tmp/x`), --plan prints the floor
// plan (the folders of each floor, top first, and the back-arrows), --cycle lists the files of the largest cycle.
import path from 'node:path';
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const TYPE_ONLY = new Set(['type-only', 'pre-compilation-only', 'type-import']);
const LOOSE_FOLDERS = new Set(['', 'modules']);

function parseArgs(argv) {
  const args = { root: process.cwd(), scope: 'apps/api/src', plan: false, cycle: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--root') args.root = path.resolve(argv[++i]);
    else if (arg === '--scope') args.scope = argv[++i].replace(/\/$/, '');
    else if (arg === '--plan') args.plan = true;
    else if (arg === '--cycle') args.cycle = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  return args;
}

/** Files under `scope` (tests left out) and their imports of each other: `runtime` is true if any import of the pair survives compilation. */
async function importGraph(root, scope) {
  const here = process.cwd();
  process.chdir(root);
  try {
    const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
    const options = { ...config.options, validate: false, outputType: 'json' };
    delete options.tsConfig;
    const result = await cruise([scope], options, undefined, { tsConfig: extractTSConfig(path.join(root, 'tsconfig.base.json')) });
    const inScope = (file) => file.startsWith(`${scope}/`);
    const files = new Set();
    const edges = new Map();
    const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
    for (const mod of output.modules) {
      if (!inScope(mod.source)) continue;
      files.add(mod.source);
      for (const dep of mod.dependencies) {
        if (!inScope(dep.resolved) || dep.couldNotResolve || dep.resolved === mod.source) continue;
        const runtime = !dep.dependencyTypes.some((type) => TYPE_ONLY.has(type));
        const key = `${mod.source}\n${dep.resolved}`;
        edges.set(key, Boolean(edges.get(key)) || runtime);
      }
    }
    return { files: [...files].sort(), edges: [...edges].map(([key, runtime]) => ({ from: key.split('\n')[0], to: key.split('\n')[1], runtime })) };
  } finally {
    process.chdir(here);
  }
}

/** Tarjan's strongly connected components, each sorted by name, biggest first. */
function components(nodes, out) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const result = [];
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const work = [[start, 0]];
    order.set(start, index);
    low.set(start, index);
    index += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = out.get(node) ?? [];
      if (i < next.length) {
        frame[1] += 1;
        const target = next[i];
        if (!order.has(target)) {
          order.set(target, index);
          low.set(target, index);
          index += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), order.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === order.get(node)) {
        const part = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          part.push(member);
        } while (member !== node);
        result.push(part.sort());
      }
    }
  };
  for (const node of nodes) if (!order.has(node)) visit(node);
  return result.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

function adjacency(nodes, arrows) {
  const out = new Map(nodes.map((node) => [node, []]));
  for (const { from, to } of arrows) out.get(from).push(to);
  for (const list of out.values()) list.sort();
  return out;
}

/** Eades–Lin–Smyth: an order of `part`'s nodes, importers first, with few arrows pointing back. */
function orderPart(part, arrows) {
  const left = new Set(part);
  const inside = arrows.filter((a) => left.has(a.from) && left.has(a.to) && a.from !== a.to);
  const degree = (node, dir) => inside.filter((a) => left.has(a.from) && left.has(a.to) && a[dir] === node).length;
  const head = [];
  const tail = [];
  while (left.size) {
    let moved = true;
    while (moved) {
      moved = false;
      for (const node of [...left].sort()) {
        if (degree(node, 'from') === 0) { tail.unshift(node); left.delete(node); moved = true; }
      }
      for (const node of [...left].sort()) {
        if (left.has(node) && degree(node, 'to') === 0) { head.push(node); left.delete(node); moved = true; }
      }
    }
    if (!left.size) break;
    const pick = [...left].sort().reduce((best, node) => {
      const score = degree(node, 'from') - degree(node, 'to');
      return best === null || score > best.score ? { node, score } : best;
    }, null);
    head.push(pick.node);
    left.delete(pick.node);
  }
  return [...head, ...tail];
}

/** Floors, arrows and back-arrows of the folder graph. */
function floors(folders, arrows) {
  const out = adjacency(folders, arrows);
  const rank = new Map();
  for (const part of components(folders, out)) orderPart(part, arrows).forEach((node, i) => rank.set(node, i));
  const partOf = new Map();
  components(folders, out).forEach((part, i) => part.forEach((node) => partOf.set(node, i)));
  const forward = (a) => partOf.get(a.from) !== partOf.get(a.to) || rank.get(a.from) < rank.get(a.to);
  // The forward arrows form a DAG, so a depth-first walk with memory gives each folder its floor.
  const floor = new Map();
  const floorOf = (node) => {
    if (floor.has(node)) return floor.get(node);
    let level = 1;
    for (const to of out.get(node)) if (forward({ from: node, to })) level = Math.max(level, floorOf(to) + 1);
    floor.set(node, level);
    return level;
  };
  for (const node of folders) floorOf(node);
  const back = arrows.filter((a) => floor.get(a.from) <= floor.get(a.to));
  return { floor, count: Math.max(0, ...floor.values()), back };
}

function measure(graph, scope, runtimeOnly) {
  const edges = graph.edges.filter((e) => !runtimeOnly || e.runtime);
  const folderOf = (file) => {
    const folder = path.posix.relative(scope, path.posix.dirname(file));
    // The scope's own files (start-up: main, app, config, clock) and those right under modules/ (the registry,
    // the module contract) are no one concern each: they stand as single files.
    return LOOSE_FOLDERS.has(folder) ? path.posix.relative(scope, file) : folder;
  };
  const folders = [...new Set(graph.files.map(folderOf))].sort();
  const arrowKeys = new Set(edges.map((e) => `${folderOf(e.from)}\n${folderOf(e.to)}`).filter((k) => k.split('\n')[0] !== k.split('\n')[1]));
  const arrows = [...arrowKeys].sort().map((k) => ({ from: k.split('\n')[0], to: k.split('\n')[1] }));
  const house = floors(folders, arrows);
  const cycles = components(graph.files, adjacency(graph.files, edges)).filter((part) => part.length > 1);
  return { folders, arrows, ...house, cycles };
}

function printPlan(m) {
  for (let level = m.count; level >= 1; level -= 1) {
    const names = m.folders.filter((f) => m.floor.get(f) === level);
    console.log(`  floor ${String(level).padStart(2)}: ${names.join(', ')}`);
  }
  if (m.back.length) {
    console.log('  back-arrows:');
    for (const a of m.back) console.log(`    ${a.from} (${m.floor.get(a.from)}) -> ${a.to} (${m.floor.get(a.to)})`);
  }
}

const args = parseArgs(process.argv.slice(2));
const graph = await importGraph(args.root, args.scope);
console.log(`${args.scope}: ${graph.files.length} files, ${graph.edges.length} imports between them (${graph.edges.filter((e) => e.runtime).length} at runtime)`);
for (const [label, runtimeOnly] of [['every import', false], ['runtime imports', true]]) {
  const m = measure(graph, args.scope, runtimeOnly);
  const largest = m.cycles[0]?.length ?? 0;
  console.log(
    `${label.padEnd(16)} floors ${m.count}, arrows ${m.arrows.length}, back-arrows ${m.back.length}, ` +
      `largest cycle ${largest} files (${m.cycles.length} cycle${m.cycles.length === 1 ? '' : 's'})`,
  );
  if (args.plan) printPlan(m);
  if (args.cycle && largest) console.log(m.cycles[0].map((f) => `    ${f}`).join('\n'));
}
