// Trunk post-build hook, in two steps.
//
// 1. index.html: the app can be opened at a deep link in a sub-path
//    (/spielblock/play/ID), and its asset URLs are relative to the app root
//    that the inline <base> script computes. Chromium's preload scanner fetches
//    <link> URLs before that script runs, against the deep URL (404s), so the
//    stylesheet link becomes a tiny inserting script and the preload hints go.
//
// 2. The game chunks (cargo feature `split`, see src/games/mod.rs): Trunk's
//    wasm-bindgen ran on the whole module. When cargo's module has split
//    points, it is cut again from there: wasm-split-cli makes the main module,
//    one chunk per game and the link module `__wasm_split.js` (imported by the
//    main module; it fetches the chunks next to itself), wasm-bindgen runs on
//    the main part, and the results replace Trunk's files under the same
//    names, so index.html stays as it is. In release builds wasm-opt then
//    runs on every module (Trunk's own wasm-opt is off in index.html, so it
//    does not optimize a module that is thrown away).
//
// 3. sw.js (release builds only): the service worker is written from this
//    very build's files (hashed wasm, js, css, icons, index.html) with their
//    content revisions, so a new build can never ship a stale precache list.
//    Navigations to any in-app path are answered with the cached index.html.
import path from 'node:path';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { minify } from 'terser';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { shortImports } from './short-imports.mjs';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2];
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set (run as a Trunk hook) and no folder was given');

const indexPath = path.join(dir, 'index.html');
let html = fs.readFileSync(indexPath, 'utf8');
// A folder done already (a test's copy of dist/) keeps its index.html.
if (!html.includes('name="spielblock-assets"')) rewriteIndex();

function rewriteIndex() {
  html = html.replace(/<link rel="(?:modulepreload|preload)"[^>]*>\s*/g, '');
  // The stylesheet and Trunk's inline module script (it imports the glue and
  // starts the module) become a list the <base> script loads from: a strict
  // Content-Security-Policy refuses inline scripts (issue 39), so the start
  // is a file of its own, `boot-HASH.js`.
  const assets = [];
  const preloads = [];
  html = html.replace(/<link rel="stylesheet" href="([^"]+)"[^>]*>\s*/g, (_, href) => { assets.push(href); return ''; });
  html = html.replace(/<script type="module"[^>]*>([\s\S]*?)<\/script>\s*/, (_, code) => {
    const glue = code.match(/from\s+'([^']+\.js)'/);
    const wasm = code.match(/module_or_path:\s*'([^']+\.wasm)'/);
    if (!glue || !wasm) throw new Error(`[post-build] Trunk's start script changed:\n${code}`);
    const rel = (u) => './' + u.replace(/^(\.?\/)+/, '');
    const boot = `import init from ${JSON.stringify(rel(glue[1]))};\nawait init({ module_or_path: ${JSON.stringify(rel(wasm[1]))} });\n`;
    const name = `boot-${crypto.createHash('sha256').update(boot).digest('hex').slice(0, 16)}.js`;
    fs.writeFileSync(path.join(dir, name), boot);
    // What the start module waits for, fetched at once beside it (issue
    // 42: the glue, then its imports, then the module came one after the
    // other): the glue as a module preload, the main module as a preload
    // for the glue's fetch (the glue's own imports: `preloadGlueImports`).
    preloads.push(rel(glue[1]).slice(2), rel(wasm[1]).slice(2));
    assets.push(name);
    return '';
  });
  if (assets.length !== 2) throw new Error(`[post-build] expected a stylesheet and Trunk's start script, found ${assets.join(', ') || 'neither'}`);
  // The stylesheet, the preloads, then the start module.
  assets.splice(1, 0, ...preloads);
  if (/<link[^>]*\brel=["']?(?:stylesheet|modulepreload|preload)\b/.test(html)) {
    throw new Error('index.html still has a preloadable relative link');
  }
  // The one inline script left computes the <base> (index.html says why) and
  // loads the assets: the policy allows it by its hash, and nothing else.
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  if (inline.length !== 1 || html.split('<script').length !== 2) {
    throw new Error(`[post-build] index.html must hold exactly one inline script (the <base> one), found ${inline.length}`);
  }
  const hash = `'sha256-${crypto.createHash('sha256').update(inline[0]).digest('base64')}'`;
  // The strictest policy the app lives with. Each source beyond 'self':
  // 'wasm-unsafe-eval' compiles the WebAssembly module; the hash is the <base>
  // script above; data: images are the icons CSS may draw. No inline style:
  // CSS variables are set through CSSOM, game stylesheets are constructed.
  const CSP = [
    "default-src 'self'", `script-src 'self' 'wasm-unsafe-eval' ${hash}`, "style-src 'self'",
    "img-src 'self' data:", "connect-src 'self'", "worker-src 'self'", "manifest-src 'self'",
    "object-src 'none'", "base-uri 'self'", "form-action 'self'",
  ].join('; ');
  if (!/<meta charset="utf-8">/.test(html)) throw new Error('[post-build] index.html has no <meta charset="utf-8">');
  html = html.replace(/<meta charset="utf-8">/, `<meta charset="utf-8">\n  <meta http-equiv="Content-Security-Policy" content="${CSP}">\n  <meta name="spielblock-assets" content="${assets.join(' ')}">`);
  fs.writeFileSync(indexPath, html);
  // The same as a header, for hosts that read `_headers` (Netlify, Cloudflare
  // Pages) and for the README's other hosts; the e2e tier's server sends it.
  // (A header may also say what a meta cannot: frame-ancestors.)
  fs.writeFileSync(path.join(dir, '_headers'), `/*\n  Content-Security-Policy: ${CSP}; frame-ancestors 'none'\n`);
  console.log('[post-build] index.html: assets load after the <base> is set; CSP meta and _headers written');
}

// Each listed game's picture (src/games/<module>/icon.svg, drawn in the
// project) as games/<id>.svg: the home screen and the game's header show
// it, and the service worker precaches it with the rest. A listed game
// without one fails the build, naming it.
function copyGameIcons() {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const out = path.join(dir, 'games');
  fs.mkdirSync(out, { recursive: true });
  const games = fs.readFileSync(path.join(root, 'games.txt'), 'utf8').split('\n')
    .map((l) => l.replace(/#.*/, '').trim()).filter(Boolean).map((l) => l.split(/\s+/));
  for (const [id, module] of games) {
    const src = path.join(root, 'src/games', module, 'icon.svg');
    if (!fs.existsSync(src)) throw new Error(`[post-build] ${id}: src/games/${module}/icon.svg is missing (every listed game has its picture)`);
    fs.copyFileSync(src, path.join(out, `${id}.svg`));
  }
  console.log(`[post-build] games/: ${games.length} pictures`);
}
copyGameIcons();

// The computer levels' data (issue 43: the expert's learned table,
// rules/data/*.bin, written by the trainer's export) as data/FILE: no part
// of the code and never of the first load; the app fetches a file when a
// seat at its level (or the coach) needs it, and the service worker
// precaches it with the rest, so the level plays offline too.
function copyLevelData() {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const src = path.join(root, 'rules/data');
  const out = path.join(dir, 'data');
  fs.mkdirSync(out, { recursive: true });
  const files = fs.existsSync(src) ? fs.readdirSync(src).filter((f) => f.endsWith('.bin')) : [];
  for (const f of files) fs.copyFileSync(path.join(src, f), path.join(out, f));
  console.log(`[post-build] data/: ${files.length} level tables`);
}
copyLevelData();

const release = process.env.TRUNK_PROFILE !== 'debug';
// Run on a finished folder (a test's copy of dist/), the modules stay.
if (process.env.TRUNK_STAGING_DIR) splitWasm();
preloadGlueImports();

// The glue's own imports (the cross-tab gate's module, and the split's link
// module once `splitWasm` added it) are fetched at once too: listed before
// the glue, which the <base> script preloads as modules.
function preloadGlueImports() {
  const meta = html.match(/<meta name="spielblock-assets" content="([^"]*)">/);
  if (!meta) throw new Error('[post-build] index.html has no spielblock-assets list');
  const list = meta[1].split(' ');
  const glue = list.find((f) => /^spielblock-[0-9a-f]{1,16}\.js$/.test(f));
  if (!glue) throw new Error(`[post-build] the assets list has no glue: ${meta[1]}`);
  const imports = [...fs.readFileSync(path.join(dir, glue), 'utf8').matchAll(/\bfrom\s*["'](\.\/[^"']+\.js)["']/g)]
    .map((m) => m[1].slice(2));
  const missing = [...new Set(imports)].filter((f) => !list.includes(f));
  if (!missing.length) return;
  list.splice(list.indexOf(glue), 0, ...missing);
  html = html.replace(meta[0], `<meta name="spielblock-assets" content="${list.join(' ')}">`);
  fs.writeFileSync(indexPath, html);
}

if (!release) {
  console.log('[post-build] debug build: no service worker');
} else {
  // The stylesheet without comments and indentation (conservative: only
  // whitespace next to braces and semicolons goes).
  // Trunk's content hash in a file name has up to 16 hex digits (a leading
  // zero is dropped), and each kind must be found: a miss would ship the
  // file unminified, silently.
  const named = (re, kind) => {
    const found = fs.readdirSync(dir).filter((f) => re.test(f));
    if (found.length !== 1) throw new Error(`[post-build] expected one ${kind}, found ${found.join(', ') || 'none'}`);
    return found;
  };
  for (const f of named(/^main-[0-9a-f]{1,16}\.css$/, 'stylesheet')) {
    const file = path.join(dir, f);
    const css = fs.readFileSync(file, 'utf8');
    const out = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{};])\s*/g, '$1').trim();
    fs.writeFileSync(file, out);
  }
  // The wasm-bindgen glue, minified (Trunk's own minifier cannot parse its
  // `export default`): about 2 KB brotli off the first load. Names that the
  // wasm module imports are properties, which terser leaves alone.
  const glue = [...named(/^spielblock-[0-9a-f]{1,16}\.js$/, 'wasm-bindgen glue'),
    ...fs.readdirSync(dir).filter((f) => f === '__wasm_split.js')];
  for (const f of glue) {
    const file = path.join(dir, f);
    const code = fs.readFileSync(file, 'utf8');
    const out = await minify(code, { module: true, compress: { passes: 2 }, mangle: true });
    if (!out.code) throw new Error(`terser gave nothing for ${f}`);
    fs.writeFileSync(file, out.code);
    console.log(`[post-build] ${f}: ${code.length} -> ${out.code.length} bytes`);
  }
  // The main module's imports under short names, in the module and the
  // glue alike (scripts/short-imports.mjs says why): after terser, whose
  // output spells the import object's keys one way only.
  {
    const [js] = named(/^spielblock-[0-9a-f]{1,16}\.js$/, 'wasm-bindgen glue');
    const wasm = path.join(dir, js.replace(/\.js$/, '_bg.wasm'));
    const before = fs.statSync(wasm).size + fs.statSync(path.join(dir, js)).size;
    const n = shortImports(wasm, path.join(dir, js));
    const after = fs.statSync(wasm).size + fs.statSync(path.join(dir, js)).size;
    console.log(`[post-build] ${n} imports under short names: module and glue ${before} -> ${after} bytes`);
  }
  // The service worker: every file of this build precached under its
  // content revision, navigations answered with index.html, unchanged files
  // carried over from the last version's cache on an update, old caches
  // removed. The first install takes the open page at once; an update waits
  // for the player's Reload (the 'skipWaiting' message). Written here rather
  // than by Workbox: Workbox's runtime was 5 KB of the first load (brotli),
  // this is under 1 KB.
  const files = [];
  const walk = (sub) => {
    for (const e of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (/\.(html|js|wasm|css|svg|png|webmanifest|bin)$/.test(e.name) && rel !== 'sw.js') files.push(rel);
    }
  };
  walk('');
  files.sort();
  const rev = {};
  let size = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(dir, f));
    size += bytes.length;
    rev[f] = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  }
  const sw = `const REV=${JSON.stringify(rev)};
const NAME='spielblock-'+${JSON.stringify(crypto.createHash('sha256').update(JSON.stringify(rev)).digest('hex').slice(0, 12))};
const scope=self.registration.scope;
const key=(f)=>scope+f+'?rev='+REV[f];
self.addEventListener('install',(e)=>e.waitUntil((async()=>{
  const cache=await caches.open(NAME);
  for(const f of Object.keys(REV)){
    const old=await caches.match(key(f));
    if(old){await cache.put(key(f),old);continue;}
    const r=await fetch(new Request(scope+f,{cache:'reload'}));
    if(!r.ok)throw new Error(f+' '+r.status);
    await cache.put(key(f),r);
  }
})()));
self.addEventListener('activate',(e)=>e.waitUntil((async()=>{
  for(const k of await caches.keys())if(k!==NAME&&(k.startsWith('spielblock-')||k.startsWith('workbox-')))await caches.delete(k);
  await self.clients.claim();
})()));
self.addEventListener('message',(e)=>{if(e.data==='skipWaiting')self.skipWaiting();});
self.addEventListener('fetch',(e)=>{
  const r=e.request;
  if(r.method!=='GET'||!r.url.startsWith(scope))return;
  const f=r.mode==='navigate'?'index.html':r.url.slice(scope.length).split(/[?#]/)[0];
  if(!REV[f])return;
  e.respondWith(caches.open(NAME).then((c)=>c.match(key(f))).then((hit)=>hit||fetch(r)));
});
`;
  const out = await minify(sw, { compress: { passes: 2 }, mangle: true });
  fs.writeFileSync(path.join(dir, 'sw.js'), out.code);
  console.log(`[post-build] sw.js precaches ${files.length} files, ${(size / 1024).toFixed(1)} KiB`);
}

function splitWasm() {
  const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  const [js] = fs.readdirSync(dir).filter((f) => /^spielblock-[0-9a-f]{1,16}\.js$/.test(f));
  if (!js) throw new Error(`[post-build] no wasm-bindgen glue in ${dir}`);
  const stem = js.slice(0, -3);
  // wasm-opt as Trunk would run it (index.html's data-wasm-opt-params moved
  // here), with the wasm features rustc emits.
  const opt = (input, output) => {
    if (!release) { if (input !== output) fs.copyFileSync(input, output); return; }
    run('wasm-opt', ['-Oz', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
      '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue', '--strip-debug',
      '--strip-producers', input, '-o', output, '--flatten', '--rereloop', '-Oz']);
  };
  const target = process.env.CARGO_TARGET_DIR || JSON.parse(execFileSync('cargo',
    ['metadata', '--no-deps', '--format-version', '1'], { cwd: process.env.TRUNK_SOURCE_DIR || '.' })).target_directory;
  const raw = path.join(target, 'wasm32-unknown-unknown', release ? 'release' : 'debug', 'spielblock.wasm');
  if (!fs.existsSync(raw) || !fs.readFileSync(raw).includes('__wasm_split_unstable')) {
    console.log('[post-build] no split points: one module');
    opt(path.join(dir, `${stem}_bg.wasm`), path.join(dir, `${stem}_bg.wasm`));
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spielblock-split-'));
  try {
    run('wasm-split-cli', ['--target', 'web', '--out-name', stem, raw, tmp]);
    const chunks = fs.readdirSync(tmp).filter((f) => f.endsWith('.wasm') && f !== `${stem}.wasm`);
    // --keep-lld-exports: the chunks import the main module's function table
    // and stack pointer, which wasm-bindgen would otherwise drop.
    const bg = path.join(tmp, 'bg');
    run('wasm-bindgen', ['--target=web', `--out-dir=${bg}`, `--out-name=${stem}`, '--no-typescript',
      '--keep-lld-exports', path.join(tmp, `${stem}.wasm`)]);
    opt(path.join(bg, `${stem}_bg.wasm`), path.join(dir, `${stem}_bg.wasm`));
    for (const c of chunks) opt(path.join(tmp, c), path.join(dir, c));
    fs.copyFileSync(path.join(bg, `${stem}.js`), path.join(dir, `${stem}.js`));
    fs.copyFileSync(path.join(tmp, '__wasm_split.js'), path.join(dir, '__wasm_split.js'));
    // The JS modules the glue imports (src/store/gate.js), as this run
    // names them; Trunk's own copy goes, since its wasm-bindgen folder keeps
    // snippets of earlier builds (a moved module stayed in dist/ and was
    // counted in the first load and precached).
    fs.rmSync(path.join(dir, 'snippets'), { recursive: true, force: true });
    if (fs.existsSync(path.join(bg, 'snippets'))) {
      fs.cpSync(path.join(bg, 'snippets'), path.join(dir, 'snippets'), { recursive: true });
    }
    console.log(`[post-build] split into the main module and ${chunks.length} chunks: ${chunks.join(', ')}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
