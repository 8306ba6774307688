// A static file server for the built dist/ folder, with the single-page-app
// fallback (unknown paths without a file extension get index.html), so deep
// links such as /play/ID survive a reload. Used by the end-to-end tier.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.txt': 'text/plain',
};

/** The Content-Security-Policy of a build's `_headers` file, if it has one. */
export function policy(root) {
  const file = path.join(root, '_headers');
  if (!fs.existsSync(file)) return null;
  const line = fs.readFileSync(file, 'utf8').split('\n').find((l) => /^\s+Content-Security-Policy:/.test(l));
  return line ? line.replace(/^\s+Content-Security-Policy:\s*/, '').trim() : null;
}

// `prefix` serves the folder under a sub-path (for example '/spielblock'), as a
// static host would; anything outside it is a 404.
export function serve(root, port = 0, host = '127.0.0.1', prefix = '') {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (prefix && url.pathname === prefix) { res.writeHead(301, { location: prefix + '/' }).end(); return; }
    if (prefix && !url.pathname.startsWith(prefix + '/')) { res.writeHead(404).end('not found'); return; }
    server.requests.push(url.pathname);
    const rel = decodeURIComponent(url.pathname.slice(prefix.length));
    let file = path.normalize(path.join(base, rel));
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) {
      if (path.extname(url.pathname)) { res.writeHead(404).end('not found'); return; }
      file = path.join(base, 'index.html');
    }
    const headers = {
      'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
      'cache-control': 'no-cache',
    };
    // The policy the build tells hosts to send (dist/_headers), on every
    // page, as a strict host would (issue 39); read per request, so a test
    // that swaps in another build serves that build's policy.
    if (file.endsWith('.html')) {
      const csp = policy(server.root);
      if (csp) headers['content-security-policy'] = csp;
    }
    res.writeHead(200, headers);
    // Read at request time from server.root, so a test can swap in a new build.
    fs.createReadStream(file.replace(base, server.root)).pipe(res);
  });
  server.requests = [];
  server.root = base;
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const root = process.argv[2] || 'dist';
  const port = Number(process.argv[3] || 8080);
  serve(root, port).then(() => console.log(`serving ${root} on http://127.0.0.1:${port}`));
}
