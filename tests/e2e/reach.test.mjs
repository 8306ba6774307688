// Issue 22, the decision in the thumb zone: every game played far into a
// game at 360x740 and 320x568, in English and German, and at every decision
// the controls of the decision bar (and the primary control) are fully on
// screen where the app left the page, and so is the part of the table the
// decision is about (above the bar): the test never scrolls (it taps with
// element.click(), not Playwright's scrolling click).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { start, newPage, setUpGame, SHOTS } from './helpers.mjs';
import { IDS, playData } from '../games.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

const SIZES = [{ width: 360, height: 740 }, { width: 320, height: 568 }];
// Decisions checked per game, size and language: far enough that sheets
// fill, layouts change and the board opens up.
const STEPS = 36;

// Per game (its play.json, `reach`): the controls of a decision (each must
// be on screen whenever it is offered), the picks that lead to one (a die,
// a lane, a cell, a position: the table scrolls to them), and the seats:
// two where the game needs two, the second a computer at instant speed
// (skipped past, so the person decides again at once). A step taps the
// first decision control offered, else a pick, so a pick is followed by its
// confirm.
const PLAY = Object.fromEntries(IDS.map((id) => [id, playData(id, 'reach')]));

/** What of the decision is off screen, as the app left the page. */
const offScreen = (page, decide) => page.evaluate((decide) => {
  const h = window.innerHeight, w = document.documentElement.clientWidth;
  const out = [];
  const sel = ['[data-testid=decision] button', 'main [data-primary]', ...decide].map((s) => `${s}:not([disabled])`).join(', ');
  const els = [...document.querySelectorAll(sel)].filter((e) => e.tagName === 'BUTTON');
  for (const el of els) {
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    if (r.top < -0.5 || r.bottom > h + 0.5 || r.left < -0.5 || r.right > w + 0.5) {
      out.push(`${el.dataset.testid || el.textContent.trim().slice(0, 30)} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${h}`);
    }
  }
  // What the decision is about (a layout, the lanes, the dice, the board:
  // marked data-decide) is above the bar; taller than the room, its top is.
  let top = Infinity, bottom = -Infinity;
  const marked = document.querySelectorAll('main [data-decide]');
  if (!marked.length) out.push('nothing marked as what the decision is about');
  for (const el of marked) {
    const r = el.getBoundingClientRect();
    if (r.height) { top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom); }
  }
  const bar = document.querySelector('main [data-testid=decision]');
  const room = h - (bar ? bar.getBoundingClientRect().height : 0);
  // Under what a table pins at the top (issue 40: MindGolf's thrown dice,
  // with the lanes scrolling under them), the room starts below it.
  const pin = document.querySelector('main [data-pinned]');
  const ceil = pin ? Math.max(0, pin.getBoundingClientRect().bottom) : 0;
  if (pin) {
    const p = pin.getBoundingClientRect();
    if (p.top < -0.5 || p.bottom > room + 0.5) out.push(`the pinned part at ${Math.round(p.top)}..${Math.round(p.bottom)}, room ${Math.round(room)}`);
  }
  if (top < bottom && (top < ceil - 0.5 || (bottom > room + 0.5 && bottom - top <= room - ceil))) {
    out.push(`the part decided on at ${Math.round(top)}..${Math.round(bottom)}, room ${Math.round(ceil)}..${Math.round(room)}`);
  }
  return out;
}, decide);

/** Taps the first control of `selectors` present and enabled (a random one of a pick's kind); false if none. */
const tapFirst = (page, selectors, k) => page.evaluate(([sels, k]) => {
  for (const s of sels) {
    const els = [...document.querySelectorAll(s)].filter((e) => !e.disabled && e.getBoundingClientRect().width);
    if (els.length) { els[k % els.length].click(); return s; }
  }
  return null;
}, [selectors, k]);

for (const game of Object.keys(PLAY)) {
  test(`${game}: the decision is on screen without scrolling, at every step`, async () => {
    for (const size of SIZES) {
      for (const lang of ['en', 'de']) {
        const page = await newPage(env.browser, size);
        await page.goto(env.base + '/');
        await page.evaluate((l) => {
          localStorage.setItem('spielblock.lang', JSON.stringify(l));
          localStorage.setItem('spielblock.settings', JSON.stringify({ vibrate: false, speed: 'instant' }));
        }, lang);
        const names = PLAY[game].seats === 1 ? ['Ana'] : ['Ana', 'Bo'];
        await setUpGame(page, env.base, { game, names, computer: PLAY[game].seats === 1 ? [] : [1], seed: 7 });
        let checked = 0;
        for (let step = 0; checked < STEPS && step < STEPS * 8; step++) {
          if (await page.$('[data-testid=result]')) break;
          // Wait until the person decides: no write on its way, no turn
          // moment, no computer turn (skipped to the person's).
          await page.waitForFunction(() => {
            const skip = document.querySelector('[data-testid=skip]');
            if (skip) skip.click();
            return !document.querySelector('main[data-saving], [data-testid=turn-moment], [data-testid=skip]');
          }, null, { timeout: 20000 });
          // What shows once the move is painted and the page brought what
          // the decision is about into view (right after that paint).
          // (The app measures in a task after the frame: a task queued the
          // same way after it runs after it.)
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
          const off = await offScreen(page, PLAY[game].decide);
          if (off.length) await page.screenshot({ path: path.join(SHOTS, `reach-${game}-${lang}-${size.width}.png`) });
          assert.deepEqual(off, [], `${game} ${lang} ${size.width}x${size.height}, step ${step}: the decision is off screen`);
          checked += 1;
          const tapped = await tapFirst(page, [...PLAY[game].decide, ...PLAY[game].pick], step * 7 + 3);
          if (!tapped) break;
          if (tapped === 'button[data-testid=gn-draw]') {
            // Issue 22 (5): a drawn card starts with no position picked (the
            // last turn's pick made the confirm offer a placement at once).
            await page.waitForFunction(() => !document.querySelector('main[data-saving]'));
            assert.equal(await page.$('[data-testid=gn-mine] .gpos.sel, [data-testid=confirm]'), null, `${game} step ${step}: a pick left over after the draw`);
          }
        }
        assert.ok(checked >= 12 || (await page.$('[data-testid=result]')), `${game} ${lang} ${size.width}: only ${checked} decisions checked`);
        if (size.width === 320) await page.screenshot({ path: path.join(SHOTS, `reach-${game}-${lang}-320-last.png`) });
        assert.deepEqual(page.problems, []);
        await page.context().close();
      }
    }
  });
}
