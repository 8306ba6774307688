// Shared set-up for the end-to-end tier: serve dist/, launch Debian's chromium
// through playwright-core, and fail on any console error or warning.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './server.mjs';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const SHOTS = path.join(ROOT, 'tests/e2e/screenshots');
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function start() {
  const dist = path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error('dist/ is missing: run `trunk build --release` first (scripts/test.sh does).');
  }
  fs.mkdirSync(SHOTS, { recursive: true });
  const server = await serve(dist, 0);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return { server, browser, base };
}

/** A page that records every console error/warning and uncaught exception. */
export async function newPage(browser, viewport = PHONE, opts = {}) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...opts });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') page.problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  return page;
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

export async function faces(page, selector) {
  return page.$$eval(selector, (els) => els.map((e) => e.getAttribute('data-face')));
}

/**
 * Runs axe-core on the current screen; any serious or critical violation fails
 * with a readable list. Returns the number of rules checked.
 */
export async function audit(page, label) {
  const axePath = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.addScriptTag({ path: axePath });
  }
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return {
      checked: r.passes.length + r.violations.length + r.incomplete.length,
      bad: r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} @ ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`),
    };
  });
  if (result.bad.length) {
    throw new Error(`accessibility violations on ${label}:\n  ${result.bad.join('\n  ')}`);
  }
  audit.screens = (audit.screens || 0) + 1;
  return result.checked;
}

/** Stubs the Wake Lock and Vibration APIs so their use can be observed. */
export async function observeDevice(page) {
  await page.addInitScript(() => {
    window.__device = [];
    const log = (x) => window.__device.push(x);
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: { request: async (type) => { log(`wake:${type}`); return { release: async () => log('wake:release') }; } },
    });
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (p) => { log(`vibrate:${p}`); return true; } });
  });
}
