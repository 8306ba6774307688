// Renders the app icons from the one SVG source, public/icon.svg, so the icon
// changes in one place: `node scripts/icons.mjs` (resvg, from npm).
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import UPNG from 'upng-js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const svg = fs.readFileSync(path.join(root, 'public/icon.svg'), 'utf8');
const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const bg = '#1f5d4c';

// Maskable: full-bleed background, the drawing inside the 80 % safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect width="512" height="512" fill="${bg}"/><g transform="translate(51.2 51.2) scale(0.8)">${inner}</g></svg>`;
// Apple touch icon: opaque square (iOS rounds the corners itself).
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect width="512" height="512" fill="${bg}"/><g transform="translate(25.6 25.6) scale(0.9)">${inner}</g></svg>`;

const out = [
  ['icons/icon-192.png', svg, 192],
  ['icons/icon-512.png', svg, 512],
  ['icons/maskable-512.png', maskable, 512],
  ['icons/apple-touch-icon.png', apple, 180],
];
for (const [file, source, size] of out) {
  const img = new Resvg(source, { fitTo: { mode: 'width', value: size } }).render();
  // A 64-colour palette keeps the anti-aliased edges and cuts the bytes that
  // every first visit precaches (upng-js, pure JS).
  const rgba = new Uint8Array(img.pixels);
  const png = Buffer.from(UPNG.encode([rgba.buffer.slice(rgba.byteOffset, rgba.byteOffset + rgba.byteLength)], img.width, img.height, 64));
  fs.writeFileSync(path.join(root, 'public', file), png);
  console.log(`public/${file}: ${size}x${size}, ${png.length} bytes`);
}
