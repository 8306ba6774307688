// Trunk post-build hook, in two steps.
//
// 1. index.html: the app can be opened at a deep link in a sub-path
//    (/spielblock/play/ID), and its asset URLs are relative to the app root
//    that the inline <base> script computes. Chromium's preload scanner fetches
//    <link> URLs before that script runs, against the deep URL (404s), so the
//    stylesheet link becomes a tiny inserting script and the preload hints go.
//
// 2. sw.js (release builds only): Workbox writes the service worker from this
//    very build's files (hashed wasm, js, css, icons, index.html), so a new
//    build can never ship a stale precache list. Navigations to any in-app
//    path are answered with the cached index.html.
import path from 'node:path';
import fs from 'node:fs';
import { generateSW } from 'workbox-build';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2];
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set (run as a Trunk hook) and no folder was given');

const indexPath = path.join(dir, 'index.html');
let html = fs.readFileSync(indexPath, 'utf8');
html = html.replace(/<link rel="(?:modulepreload|preload)"[^>]*>\s*/g, '');
html = html.replace(/<link rel="stylesheet" href="([^"]+)"[^>]*>/g, (_, href) =>
  `<script>(function(){var l=document.createElement('link');l.rel='stylesheet';l.href=${JSON.stringify(href)};document.head.appendChild(l);})();</script>`);
if (/<link rel="(?:stylesheet|modulepreload|preload)"/.test(html)) {
  throw new Error('index.html still has a preloadable relative link');
}
fs.writeFileSync(indexPath, html);
console.log('[post-build] index.html: assets load after the <base> is set');

if (process.env.TRUNK_PROFILE === 'debug') {
  console.log('[post-build] debug build: no service worker');
} else {
  const { count, size, warnings } = await generateSW({
    globDirectory: dir,
    globPatterns: ['**/*.{html,js,wasm,css,svg,png,webmanifest}'],
    globIgnores: ['sw.js'],
    swDest: path.join(dir, 'sw.js'),
    // Everything is hashed but index.html, the manifest and the icons, which
    // Workbox revisions by content; the wasm is large, so raise the default cap.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    dontCacheBustURLsMatching: /-[0-9a-f]{16}(_bg)?\.(js|wasm|css|svg)$/,
    navigateFallback: 'index.html',
    importScripts: ['sw-extra.js'],
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    // The first install takes the open page at once; updates still wait for
    // the player to press Reload (skipWaiting is false).
    clientsClaim: true,
    skipWaiting: false,
    sourcemap: false,
    mode: 'production',
  });
  for (const w of warnings) console.warn(`[post-build] ${w}`);
  if (!fs.existsSync(path.join(dir, 'sw-extra.js'))) throw new Error('sw-extra.js missing from the build');
  console.log(`[post-build] sw.js precaches ${count} files, ${(size / 1024).toFixed(1)} KiB`);
}
