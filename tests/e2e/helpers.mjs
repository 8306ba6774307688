// Shared set-up for the end-to-end tier: serve dist/, launch Debian's chromium
// through playwright-core, and fail on any console error or warning.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

// SPIELBLOCK_DIST serves another build (relative to the repository or
// absolute), for example an older release to check its saved games.
export async function start(folder = process.env.SPIELBLOCK_DIST || 'dist') {
  const dist = path.resolve(ROOT, folder);
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${folder}/ is missing: run \`trunk build --release\` first (scripts/test.sh does).`);
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
    // Evaluated through the DevTools protocol, not as a <script>: the page's
    // Content-Security-Policy refuses inline scripts, as it should.
    await page.evaluate(fs.readFileSync(axePath, 'utf8'));
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

/**
 * Sets up a game through the home card and the setup screen, and waits for
 * the table. names: player names; computer: indices of computer seats; seed;
 * handover; startBalance (En Gingg) or mode (MindGolf) options; tableDice
 * (R-G-5: the players throw their own dice).
 */
export async function setUpGame(page, base, { game = 'en-gingg', names, computer = [], remote = [], seed, handover = false, startBalance, mode, coach = false, tableDice = false, realCards = false, speed }) {
  await page.goto(base + '/');
  if (speed) {
    // The computers' pace (Settings): a test about what they play, not how
    // it is shown, runs them at 'instant'. Read at start, hence the reload.
    await page.evaluate((speed) => localStorage.setItem('spielblock.settings', JSON.stringify({ vibrate: false, speed, sound: false })), speed);
    await page.reload();
  }
  await page.click(`[data-game=${game}] a`);
  await page.waitForSelector('[data-testid=seat-row]');
  while ((await page.$$('[data-testid=seat-row]')).length < names.length) await page.click('[data-testid=add-player]');
  while ((await page.$$('[data-testid=seat-row]')).length > names.length) {
    await page.locator('[data-testid=seat-row]').last().locator('.row-tools button').last().click();
  }
  const rows = page.locator('[data-testid=seat-row]');
  for (let i = 0; i < names.length; i++) {
    await rows.nth(i).locator('input').fill(names[i]);
    await rows.nth(i).locator('.segmented button').nth(computer.includes(i) ? 1 : 0).click();
    if (remote.includes(i)) await rows.nth(i).locator('[data-testid=seat-remote]').click();
  }
  if (handover) await page.check('[data-testid=handover-option]');
  if (coach) await page.check('[data-testid=coach-option]');
  if (tableDice) await page.check('[data-option=table_dice]');
  if (realCards) await page.check('[data-option=real_cards]');
  if (startBalance !== undefined) await page.fill('[data-option=start_balance]', String(startBalance));
  if (mode) await page.selectOption('select[data-option=mode]', mode);
  if (seed !== undefined) {
    await page.click('details summary');
    await page.fill('[data-testid=seed]', String(seed));
  }
  await page.click('button[type=submit]');
  await page.waitForURL(/\/play\//);
}

/** The saved game (parsed) whose key holds the given id, or the only one. */
export async function savedGame(page, id) {
  // A move is written a few ms after its tap (as the only writer among
  // tabs): wait until the table has none on its way.
  await page.waitForFunction(() => !document.querySelector('main[data-saving]'));
  return page.evaluate((id) => {
    const key = id ? `spielblock.v1.game.${id}` : Object.keys(localStorage).find((k) => k.startsWith('spielblock.v1.game.'));
    const raw = key && localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  }, id);
}

/** Fails if anything sticks out sideways or a control is smaller than 44x44. */
export async function checkFit(page, label) {
  const problems = await page.evaluate(() => {
    const out = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) out.push(`page is ${document.documentElement.scrollWidth}px wide in ${width}px`);
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const st = getComputedStyle(el);
      if (st.visibility === 'hidden' || el.closest('.sr-only')) continue;
      if (r.right > width + 0.5 || r.left < -0.5) {
        // Inside a scrolling box is fine; the box itself must fit.
        let p = el.parentElement; let clipped = false;
        while (p) { const s = getComputedStyle(p); if (/(auto|scroll|hidden)/.test(s.overflowX)) { clipped = true; break; } p = p.parentElement; }
        if (!clipped) out.push(`${el.tagName.toLowerCase()}.${el.className} sticks out (${Math.round(r.left)}..${Math.round(r.right)})`);
      }
      const tap = el.matches('button, a.button, a[href], select, input:not([type=checkbox]), summary');
      // A minefield's cells are a grid of at least 24 px (WCAG 2.5.8): 11
      // cells of 44 px do not fit a phone, and a tap only selects (a confirm
      // commits the move).
      const min = el.closest('.ms-board') ? 23.5 : 43.5;
      if (tap && (r.width < min || r.height < min)) out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 20)}" is ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
  });
  if (problems.length) throw new Error(`${label}:\n  ${problems.slice(0, 12).join('\n  ')}`);
}

/**
 * Starts today's daily challenge of `game` as `name` in a fresh browser
 * profile, throws once (`roll`: the throw button's selector) and returns the
 * first dice and whether the saved game carries today's date.
 */
export async function dailyFirstThrow(browser, base, game, name, roll) {
  const page = await newPage(browser, PHONE);
  await page.goto(base + `/new/${game}`);
  await page.waitForSelector('[data-testid=seat-row]');
  while ((await page.$$('[data-testid=seat-row]')).length > 1) {
    await page.locator('[data-testid=seat-row]').last().locator('.row-tools button').last().click();
  }
  await page.locator('[data-testid=seat-row] input').fill(name);
  await page.check('[data-testid=daily]');
  await page.click('button[type=submit]');
  await page.click(roll);
  await page.waitForSelector('[data-testid=thrown]');
  const dice = await faces(page, '[data-testid=die]');
  const saved = await savedGame(page);
  const today = await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });
  const dated = saved.daily === today;
  await page.context().close();
  return { dice, dated };
}

// Built by scripts/test.sh with the `native` profile (full speed; the
// app's `release` is for size).
export const CLI = path.join(ROOT, 'target/native/spielblock-cli');

/**
 * Finished games as the app saves them, from the command-line tool's computer
 * games (records and replayed outcomes): [game, seed, seat names (a leading *
 * marks a computer), and optionally who played each seat (else computers
 * casual, people strong)].
 */
export function finishedGames(specs) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spielblock-history-'));
  const saved = specs.map(([game, seed, names, policies], i) => {
    const players = policies ?? names.map((n) => (n.startsWith('*') ? 'casual' : 'strong')).join(',');
    execFileSync(CLI, ['simulate', game, '--players', players, '-n', '1', '--seed', String(seed), '--records', dir]);
    const record = JSON.parse(fs.readFileSync(path.join(dir, `${game}-${seed}.json`), 'utf8'));
    record.seats = record.seats.map((s, k) => ({ ...s, name: names[k].replace('*', ''), kind: names[k].startsWith('*') ? 'computer' : 'human' }));
    const out = JSON.parse(execFileSync(CLI, ['replay', '-'], { input: JSON.stringify(record) }));
    assert.equal(out.over, true);
    const id = `h${i}`;
    return {
      schema: 1, id, game, created: 1_700_000_000_000 + i * 86_400_000, updated: 1_700_000_000_000 + i * 86_400_000 + 3_600_000,
      handover: false, finished: true, outcome: { scores: out.scores, places: out.places }, revision: 1, turn: out.turn, record,
    };
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return saved;
}
