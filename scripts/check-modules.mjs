// Lint: the app's modules (src/) import each other without a cycle, and so
// do its layers (top-level folders and files). A module
// depends on every `crate::x` (or `crate::games::x`) it names, on its parent
// through `super::`, and a parent on the children it declares with `mod`.
// src/lib.rs (the root that declares them all) is left out. Exit code 1 and
// the cycle on failure.
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src');
const files = fs.readdirSync(SRC, { recursive: true }).filter((f) => f.endsWith('.rs'));
const modOf = (f) => f.replace(/\.rs$/, '').replace(/\/mod$/, '').split(path.sep).join('::');
const mods = new Set(files.map(modOf).filter((m) => m !== 'lib' && m !== 'main'));
const edges = new Map([...mods].map((m) => [m, new Set()]));
const resolve = (segs) => {
  for (let n = segs.length; n > 0; n--) {
    const m = segs.slice(0, n).join('::');
    if (mods.has(m)) return m;
  }
  return null;
};
for (const f of files) {
  const m = modOf(f);
  if (!mods.has(m)) continue;
  const text = fs.readFileSync(path.join(SRC, f), 'utf8').replace(/\/\/.*$/gm, '');
  for (const [, p] of text.matchAll(/crate::((?:[a-z_][a-z0-9_]*::)*[a-z_][a-z0-9_]*)/g)) {
    const t = resolve(p.split('::'));
    if (t && t !== m) edges.get(m).add(t);
  }
  const parent = m.split('::').slice(0, -1).join('::');
  if (/\bsuper::/.test(text) && parent) edges.get(m).add(parent);
  for (const [, child] of text.matchAll(/^\s*(?:pub\s+)?mod\s+([a-z_][a-z0-9_]*)\s*;/gm)) {
    const c = m + '::' + child;
    if (mods.has(c)) edges.get(m).add(c);
  }
}
// Depth-first search for a back edge.
const state = new Map();
const stack = [];
let cycle = null;
const visit = (m) => {
  state.set(m, 1); stack.push(m);
  for (const t of edges.get(m)) {
    if (cycle) return;
    if (state.get(t) === 1) { cycle = [...stack.slice(stack.indexOf(t)), t]; return; }
    if (!state.has(t)) visit(t);
  }
  stack.pop(); state.set(m, 2);
};
for (const m of [...mods].sort()) if (!state.has(m) && !cycle) visit(m);
if (cycle) {
  console.error(`src/ has an import cycle: ${cycle.join(' -> ')}`);
  process.exit(1);
}
// The layers (docs/ARCHITECTURE.md): src/'s top-level folders and files
// import each other without a cycle too, so the picture's arrows all point
// down.
const layer = (m) => m.split('::')[0];
const layers = new Map();
for (const [m, ts] of edges) {
  for (const t of ts) {
    if (layer(m) === layer(t)) continue;
    if (!layers.has(layer(m))) layers.set(layer(m), new Set());
    layers.get(layer(m)).add(layer(t));
  }
}
const seen = new Map();
const path2 = [];
let loop = null;
const walk = (l) => {
  seen.set(l, 1); path2.push(l);
  for (const t of layers.get(l) || []) {
    if (loop) return;
    if (seen.get(t) === 1) { loop = [...path2.slice(path2.indexOf(t)), t]; return; }
    if (!seen.has(t)) walk(t);
  }
  path2.pop(); seen.set(l, 2);
};
for (const l of [...layers.keys()].sort()) if (!seen.has(l) && !loop) walk(l);
if (loop) {
  console.error(`src/'s layers import each other in a loop: ${loop.join(' -> ')}`);
  process.exit(1);
}
console.log(`src/: ${mods.size} modules, ${[...edges.values()].reduce((n, e) => n + e.size, 0)} imports, no cycle; ${layers.size} layers, none in a loop`);
