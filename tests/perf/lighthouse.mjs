// Lighthouse 12.2.3 (mobile) on the home screen and on a game's table, as a
// person gets them from a real static host: dist/ served with brotli or gzip
// (as the browser asks) and cache headers (hashed files kept a year, the
// page revalidated). Prints the four scores and LCP, TBT and CLS; figures,
// not a test (issues 40 and 42). Lighthouse lives outside the project's
// packages: scripts/measure.sh installs it into target/lighthouse.
//   node tests/perf/lighthouse.mjs [--dist dist] [--lighthouse target/lighthouse] [--save DIR]
// (--save keeps each page's full report, DIR/first.json, DIR/home.json and DIR/table.json, to
// read what made the figures: long tasks, main-thread work by script.)
// Pages: `first`, the home screen of a first visit (nothing saved); `home`,
// a returning player's (a game saved); `table`, that game's table.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { policy } from '../e2e/server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const DIST = path.resolve(arg('--dist', 'dist'));
const LH = path.resolve(arg('--lighthouse', 'target/lighthouse'), 'node_modules');
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain',
};

// Compressed once, as a host compresses at deploy time.
const packed = new Map();
function pack(file, how) {
  const key = `${how}:${file}`;
  if (!packed.has(key)) {
    const data = fs.readFileSync(file);
    packed.set(key, how === 'br'
      ? zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
      : zlib.gzipSync(data, { level: 9 }));
  }
  return packed.get(key);
}

function host(root) {
  const csp = policy(root);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) {
      if (path.extname(url.pathname)) { res.writeHead(404).end(); return; }
      file = path.join(root, 'index.html');
    }
    const ext = path.extname(file);
    // Trunk's hashed names change with their content: kept a year.
    const hashed = /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$/.test(file);
    const headers = {
      'content-type': TYPES[ext] || 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    if (ext === '.html' && csp) headers['content-security-policy'] = csp;
    const accept = req.headers['accept-encoding'] || '';
    const how = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (how && !['.png', '.ico'].includes(ext)) {
      headers['content-encoding'] = how;
      res.writeHead(200, headers).end(pack(file, how));
    } else {
      res.writeHead(200, headers).end(fs.readFileSync(file));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const { default: lighthouse } = await import(path.join(LH, 'lighthouse/core/index.js'));
const chromeLauncher = await import(path.join(LH, 'chrome-launcher/dist/index.js'));
const { default: puppeteer } = await import(path.join(LH, 'puppeteer-core/lib/esm/puppeteer/puppeteer-core.js'));

const server = await host(DIST);
const base = `http://127.0.0.1:${server.address().port}`;
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows = [];
const audit = async (name, url) => {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (arg('--save')) {
    fs.mkdirSync(arg('--save'), { recursive: true });
    fs.writeFileSync(path.join(arg('--save'), `${name}.json`), result.report);
  }
  const { categories, audits } = result.lhr;
  const score = (c) => Math.round(categories[c].score * 100);
  rows.push([name, score('performance'), score('accessibility'), score('best-practices'), score('seo'),
    (audits['largest-contentful-paint'].numericValue / 1000).toFixed(2) + ' s',
    Math.round(audits['total-blocking-time'].numericValue) + ' ms',
    audits['cumulative-layout-shift'].numericValue.toFixed(3)]);
};
// The home screen of a first visit (nothing saved), then, once a game is
// saved, a returning player's home screen and the game's table.
await audit('first', `${base}/`);
// A game's table: a MindGolf game started as a player starts one, so its
// page (/play/ID) opens the saved game; Lighthouse then keeps the storage.
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const page = await browser.newPage();
await page.goto(`${base}/new/mindgolf`, { waitUntil: 'networkidle0' });
await page.waitForSelector('button[type=submit]');
await page.click('button[type=submit]');
await page.waitForFunction(() => location.pathname.startsWith('/play/'));
await page.waitForSelector('[data-testid=throw]');
const table = new URL(page.url()).pathname;
await page.close();
browser.disconnect();
await audit('home', `${base}/`);
await audit('table', `${base}${table}`);
await chrome.kill();
server.close();
console.log('Lighthouse 12.2.3, mobile (4x CPU slowdown, slow 4G), served with brotli and cache headers:');
console.log(['page', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS'].map((h) => h.padEnd(8)).join(''));
for (const r of rows) console.log(r.map((x) => String(x).padEnd(8)).join(''));
