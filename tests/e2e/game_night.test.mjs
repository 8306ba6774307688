// Tier (c): issue 40's findings, each seen as a player sees it: the thrown
// dice stay on screen with the lanes at 320x568, the computer's MindGolf
import fs from 'node:fs';
// lines name it, Minesweeper's board carries the coordinates the coach
// speaks in, Gnoming's round summary is a screen of its own, the setup says
// what the rules think of the options at once, the home screen dates its
// unfinished games and says whose turn it is, solo statistics claim no
// wins, a sound switch is on every table, and a computer's turn is looked
// back on step by step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, setUpGame, shot, audit, PHONE } from './helpers.mjs';
import { IDS } from '../games.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

// Ana's first MindGolf turn: throw, the first lane open, enter (or park),
// end the turn if it does not end itself.
async function endFirstTurn(page) {
  await page.click('[data-testid=throw]');
  await page.waitForSelector('[data-testid=thrown]');
  await page.click('[data-testid=lane] button:not([disabled]) >> nth=0');
  await page.click((await page.$('[data-testid=enter]:enabled')) ? '[data-testid=enter]' : '[data-testid=park]');
  await page.waitForTimeout(150);
  const end = await page.$('[data-testid=end-turn]:enabled');
  if (end) await end.click();
}

const inView = (page, selector) => page.$eval(selector, (el) => {
  const r = el.getBoundingClientRect();
  return r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.height > 0;
});

test('MindGolf at 320x568: the thrown dice stay pinned above the lanes they go to; the computer\'s lines name it', async () => {
  for (const lang of ['en', 'de']) {
    const page = await newPage(env.browser, { width: 320, height: 568 });
    await setUpGame(page, env.base, { game: 'mindgolf', names: ['Ana', 'Robo'], computer: [1], seed: 5 });
    if (lang === 'de') await page.click('[data-testid=lang-switch]');
    await page.click('[data-testid=throw]');
    await page.waitForSelector('[data-testid=thrown]');
    // The host brings the lanes above the decision bar; the dice stay.
    await page.waitForTimeout(300);
    assert.ok(await inView(page, '[data-testid=thrown]'), `${lang}: the dice are on screen`);
    const lanes = await page.$$eval('[data-testid=lane] button:not([disabled])', (bs) => bs.map((b) => {
      const r = b.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    }));
    assert.ok(lanes.some(Boolean), `${lang}: a lane to enter on is on screen with them`);
    await shot(page, `mg-pinned-320-${lang}`);
    // Enter on a lane, end the turn: Robo's turn is told with its name.
    await page.click('[data-testid=lane] button:not([disabled]) >> nth=0');
    await page.click((await page.$('[data-testid=enter]:enabled')) ? '[data-testid=enter]' : '[data-testid=park]');
    await page.waitForTimeout(100);
    const end = await page.$('[data-testid=end-turn]:enabled');
    if (end) await end.click();
    // Robo's entry (or parking) is told with its name.
    const named = lang === 'en' ? /Robo (enters|parks)/ : /Robo (trägt|parkt)/;
    await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('[data-testid=last-move]')?.textContent || ''),
      named.source, { timeout: 30000 });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('a computer\'s turn is watched where the thumb is: each step in the bar, its last step on its sheet before the person\'s turn (320x568)', async () => {
  for (const [lang, robo, sheet] of [['en', /^Robo (throws|re-rolls|parks|enters)/, /Robo/], ['de', /^Robo (würfelt|parkt|trägt)/, /Robo/]]) {
    const page = await newPage(env.browser, { width: 320, height: 568 });
    await setUpGame(page, env.base, { game: 'mindgolf', names: ['Ana', 'Robo'], computer: [1], seed: 5 });
    if (lang === 'de') await page.click('[data-testid=lang-switch]');
    await endFirstTurn(page);
    // Until Ana decides again: what the bar says, whether it is on screen,
    // and whose sheet is drawn.
    const seen = [];
    for (let i = 0; i < 200 && !(await page.$('[data-testid=throw]:enabled')); i++) {
      const now = await page.evaluate(() => {
        const w = document.querySelector('[data-testid=watching]');
        if (!w) return null;
        const r = w.getBoundingClientRect();
        return { text: w.textContent, shown: r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5,
          sheet: document.querySelector('#mg-sheet-title, [data-testid=sheet] summary')?.textContent ?? '' };
      });
      if (now && (seen.length === 0 || seen[seen.length - 1].text !== now.text)) seen.push(now);
      await page.waitForTimeout(50);
    }
    const steps = seen.filter((s) => robo.test(s.text));
    assert.ok(steps.length >= 2, `${lang}: Robo's steps are shown one by one: ${JSON.stringify(seen)}`);
    assert.ok(seen.every((s) => s.shown), `${lang}: the line is on screen: ${JSON.stringify(seen)}`);
    // The last step is seen on Robo's own sheet before Ana's replaces it.
    assert.match(steps[steps.length - 1].sheet, sheet, `${lang}: ${JSON.stringify(seen)}`);
    assert.equal(await page.$('[data-testid=watching]'), null, `${lang}: gone once Ana decides`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('Minesweeper\'s board shows the column letters and row numbers its cells are named by', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUpGame(page, env.base, { game: 'minesweeper', names: ['Ana', 'Robo'], computer: [1], seed: 4 });
  await page.waitForSelector('[data-testid=ms-board]');
  const labels = await page.$$eval('[data-testid=ms-board] .ms-lab', (ls) => ls.map((l) => l.textContent));
  // A corner, A..K over the 11 columns, then 1..11 down the rows.
  assert.deepEqual(labels.slice(0, 12), ['', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K']);
  assert.deepEqual(labels.slice(12), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  // Cell 49 (x 5, y 4) is F5: in column F, row 5.
  const where = await page.$eval('[data-act=c49]', (c) => {
    const r = c.getBoundingClientRect();
    const labs = [...document.querySelectorAll('[data-testid=ms-board] .ms-lab')];
    const col = labs.find((l) => { const b = l.getBoundingClientRect(); return Math.abs(b.left + b.width / 2 - (r.left + r.width / 2)) < 2 && b.top < r.top; });
    const row = labs.find((l) => { const b = l.getBoundingClientRect(); return Math.abs(b.top + b.height / 2 - (r.top + r.height / 2)) < 2 && b.left < r.left; });
    return [col?.textContent, row?.textContent, c.getAttribute('aria-label')];
  });
  assert.deepEqual(where.slice(0, 2), ['F', '5']);
  assert.match(where[2], /F5/);
  // The zoom: cells of 44 px at least; scrolled sideways, the row numbers
  // stay in sight, and a cell still takes a tap.
  await page.click('[data-testid=ms-zoom]');
  assert.equal(await page.getAttribute('[data-testid=ms-zoom]', 'aria-pressed'), 'true');
  assert.ok(await page.$eval('[data-act=c49]', (c) => c.getBoundingClientRect().width) >= 44);
  await page.$eval('.ms-wrap', (w) => { w.scrollLeft = w.scrollWidth; });
  const stays = await page.$eval('.ms-wrap', (w) => {
    const row = [...w.querySelectorAll('.ms-lab.r')].find((l) => l.textContent === '5').getBoundingClientRect();
    return row.left >= w.getBoundingClientRect().left - 0.5 && row.width > 0;
  });
  assert.ok(stays, 'row 5 is still labelled');
  await page.click('[data-act=c54]');
  await page.waitForSelector('[data-act=c54].sel-e');
  await shot(page, 'ms-zoom-360');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the setup says at once what the rules think of the options, next to them', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/new/mindgolf');
  await page.waitForSelector('[data-testid=seat-row]');
  assert.equal(await page.$('[data-testid=option-problem]'), null, 'the defaults are fine');
  // Leave out three lanes: six to eight are played.
  for (const i of [0, 1, 2]) await page.click(`[data-option=lanes] button >> nth=${i}`);
  await page.waitForSelector('[data-testid=option-problem]');
  assert.match(await page.textContent('[data-testid=option-problem]'), /6.*8/);
  await page.click('[data-option=lanes] button >> nth=0');
  await page.waitForFunction(() => !document.querySelector('[data-testid=option-problem]'));
  // A game for exactly two: "Players (2)", not "(2–2)".
  await page.goto(env.base + '/new/minesweeper');
  await page.waitForSelector('[data-testid=seat-row]');
  assert.match(await page.textContent('fieldset legend'), /\(2\)$/);
  // The mines a board can hold: a quarter of its cells, as the rules say.
  const minesLabel = () => page.$eval('[data-option=mines]', (i) => i.closest('label').textContent.trim());
  assert.equal(await minesLabel(), 'Mines (1–30)');
  await page.fill('[data-option=width]', '20');
  await page.fill('[data-option=height]', '20');
  await page.waitForFunction(() => document.querySelector('[data-option=mines]').closest('label').textContent.includes('(1–100)'));
  assert.equal(await page.getAttribute('[data-option=mines]', 'max'), '100');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the home screen dates each unfinished game and says whose turn it is, in the language shown', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.clear());
  await setUpGame(page, env.base, { game: 'choice', names: ['Ana', 'Player 2'], seed: 3 });
  await page.click('[data-testid=roll]');
  await page.waitForSelector('[data-testid=thrown]');
  await page.click('.topbar a');
  await page.waitForSelector('[data-testid=saved-game]');
  const en = await page.textContent('[data-testid=saved-game]');
  assert.match(en, /Ana, Player 2/);
  assert.match(await page.textContent('[data-testid=saved-when]'), /\d{4}.*Ana’s turn$/);
  await page.click('[data-testid=lang-switch]');
  await page.waitForFunction(() => /Spieler 2/.test(document.querySelector('[data-testid=saved-game]').textContent));
  assert.match(await page.textContent('[data-testid=saved-when]'), /Ana ist am Zug$/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('sounds can be switched off on every table and in the settings, and stay off', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.click('a.settings-link');
  await page.waitForSelector('[data-testid=sound-setting]');
  assert.equal(await page.isChecked('[data-testid=sound-setting]'), true, 'on by default');
  await setUpGame(page, env.base, { game: 'en-gingg', names: ['Ana', 'Ben'], seed: 5 });
  await page.click('[data-testid=open-players]');
  await page.uncheck('[role=dialog] [data-testid=sound-setting]');
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('spielblock.settings')).sound), false);
  await page.click('[data-testid=roll]');
  await page.click('.topbar a');
  await page.click('a.settings-link');
  await page.waitForSelector('[data-testid=sound-setting]');
  assert.equal(await page.isChecked('[data-testid=sound-setting]'), false);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a computer\'s turn is looked back on step by step: the last-move line opens to every step, in both languages', async () => {
  for (const [lang, robo] of [['en', /^Robo (throws|re-rolls|parks|enters)/], ['de', /^Robo (würfelt|parkt|trägt)/]]) {
    const page = await newPage(env.browser, PHONE);
    await setUpGame(page, env.base, { game: 'mindgolf', names: ['Ana', 'Robo'], computer: [1], seed: 5 });
    if (lang === 'de') await page.click('[data-testid=lang-switch]');
    await endFirstTurn(page);
    // Robo's whole turn, once Ana decides again.
    await page.waitForSelector('[data-testid=last-turn-steps]', { state: 'attached', timeout: 30000 });
    await page.waitForSelector('[data-testid=throw]:enabled', { timeout: 30000 });
    const summary = page.locator('[data-testid=last-move] summary');
    assert.match(await summary.getAttribute('data-more'), lang === 'en' ? /^\d+ steps$/ : /^\d+ Schritte$/);
    await summary.click();
    const steps = await page.$$eval('[data-testid=last-turn-steps] li', (li) => li.map((x) => x.textContent));
    assert.ok(steps.length >= 2, `${lang}: ${JSON.stringify(steps)}`);
    assert.match(steps[0], robo, `${lang}: the turn starts with Robo's throw`);
    assert.ok(steps.slice(0, -1).every((t) => robo.test(t)), `${lang}: every step names Robo: ${JSON.stringify(steps)}`);
    assert.ok(await page.isVisible('[data-testid=last-turn-steps] li >> nth=0'));
    await audit(page, `last turn ${lang}`);
    await shot(page, `last-turn-360-${lang}`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('a finished game feels finished: a podium for several players; a solo game against the record and the average, a new record celebrated (skippable, switchable)', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.setItem('spielblock.settings', JSON.stringify({ vibrate: false, speed: 'instant', sound: false })));
  // Four computers: the podium holds the first three, best in the middle.
  await setUpGame(page, env.base, { game: 'en-gingg', names: ['Ana', 'Ben', 'Cleo', 'Dora'], computer: [0, 1, 2, 3], seed: 11 });
  await page.waitForSelector('[data-testid=podium]', { timeout: 60000 });
  const steps = await page.$$eval('[data-testid=podium-step]', (ss) => ss.map((s) => s.dataset.place));
  assert.deepEqual(steps, ['2', '1', '3'], 'second, first, third');
  const first = await page.$$eval('[data-testid=ranked]', (li) => li.filter((l) => l.classList.contains('winner')).map((l) => l.querySelector('.name').textContent));
  const top = await page.$eval('[data-place="1"] .name', (n) => n.textContent);
  assert.ok(first.some((f) => f === top), `the winner stands on the top step: ${top} / ${first}`);
  await audit(page, 'podium');
  await shot(page, 'podium-360');
  // MindGolf solo, twice: the first game is a new record, celebrated; the
  // second is set against the record and the average.
  const solo = async (seed) => {
    await setUpGame(page, env.base, { game: 'mindgolf', names: ['Ana'], seed });
    let cheered = false;
    for (let t = 0; t < 200 && !(await page.$('[data-testid=result]')); t++) {
      await page.click('[data-testid=throw]:enabled');
      await page.waitForSelector('[data-testid=thrown]');
      const lane = await page.$('[data-testid=lane] button:not([disabled])');
      if (lane) await lane.click();
      const enter = await page.$('[data-testid=enter]:enabled');
      await (enter ?? page.locator('[data-testid=park]:enabled')).click();
      await page.waitForFunction(() => !document.querySelector('main[data-saving]'));
      const end = await page.$('[data-testid=end-turn]:enabled');
      if (end) await end.click();
      await page.waitForFunction(() => !document.querySelector('main[data-saving]'));
    }
    await page.waitForSelector('[data-testid=solo-record]');
    cheered = !!(await page.$('[data-testid=cheer]'));
    return cheered;
  };
  assert.ok(await solo(40), 'a first solo game is a new record, celebrated');
  const said = await page.textContent('[data-testid=cheer-card]');
  assert.match(said, /new personal record for Ana/);
  // A tap ends it.
  await page.click('[data-testid=cheer-card]');
  await page.waitForSelector('[data-testid=cheer]', { state: 'detached' });
  assert.equal(await page.$('[data-testid=podium]'), null, 'no podium solo');
  assert.equal(await page.$('.ranking .winner'), null, 'solo, nobody is ranked first');
  await solo(41);
  assert.match(await page.textContent('[data-testid=solo-average]'), /^Average of Ana: −?\d+\.\d over 2 games$/);
  // Switched off in the settings: a new record is not celebrated.
  await page.goto(env.base + '/settings');
  await page.uncheck('[data-testid=cheers-setting]');
  const settings = await page.evaluate(() => JSON.parse(localStorage.getItem('spielblock.settings')));
  assert.equal(settings.cheers, false);
  // Without the earlier games the next one would be a record again.
  await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'spielblock.settings').forEach((k) => localStorage.removeItem(k)));
  assert.equal(await solo(42), false, 'celebrations off');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a face per game: every listed game shows its picture on the home screen\'s grid and in its header', async () => {
  const games = JSON.parse(fs.readFileSync(new URL('../games.json', import.meta.url), 'utf8'));
  const page = await newPage(env.browser, { width: 320, height: 568 });
  await page.goto(env.base + '/');
  await page.waitForSelector('.game-card');
  const drawn = await page.$$eval('.game-card', (cs) => cs.map((c) => {
    const img = c.querySelector('img.game-icon');
    return [c.dataset.game, img.complete && img.naturalWidth > 0, img.getAttribute('alt')];
  }));
  assert.deepEqual(drawn, games.map((g) => [g.id, true, '']), 'each card has its picture (decorative: the name says it)');
  // Two cards side by side on a 320 px phone: a grid a thumb can scan.
  const tops = await page.$$eval('.game-card', (cs) => cs.slice(0, 2).map((c) => c.getBoundingClientRect().top));
  assert.equal(tops[0], tops[1]);
  await page.click(`[data-game=${games[0].id}] a`);
  await page.waitForSelector('[data-testid=seat-row]');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/play\//);
  assert.ok(await page.$eval('.topbar h1 img.game-icon', (i) => i.complete && i.naturalWidth > 0));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the lesson and the coach fold to one line on a short phone and open on a tap; the decision stays in sight', async () => {
  const page = await newPage(env.browser, { width: 320, height: 568 });
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.base + '/new/mindgolf');
  await page.click('[data-testid=lesson-offer] [data-testid=lesson-start]');
  await page.waitForSelector('[data-testid=lesson]');
  const card = () => page.$eval('[data-testid=lesson]', (s) => Math.round(s.getBoundingClientRect().height));
  assert.ok(await card() <= 52, `one line: ${await card()} px`);
  assert.equal(await page.getAttribute('[data-testid=lesson-toggle]', 'aria-expanded'), 'false');
  assert.ok(!(await page.isVisible('[data-testid=lesson-say]')));
  // The button the step points at is in sight with it.
  const inView = (sel) => page.$eval(sel, (el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; });
  assert.ok(await inView('[data-testid=throw]'));
  await page.click('[data-testid=lesson-toggle]');
  assert.ok(await page.isVisible('[data-testid=lesson-say]'));
  assert.ok(await page.isVisible('[data-testid=lesson-leave]'));
  await page.click('[data-testid=lesson-toggle]');
  // The choice holds into the next step.
  await page.click('[data-testid=throw]');
  await page.waitForFunction(() => /step 2 of/.test(document.querySelector('[data-testid=lesson] h3').textContent));
  assert.equal(await page.getAttribute('[data-testid=lesson-toggle]', 'aria-expanded'), 'false');
  assert.ok(await inView('[data-testid=thrown]') && await inView('[data-testid=lane] button:not([disabled])'), 'the dice and a lane with it');
  await shot(page, 'lesson-folded-320');
  // The coach's answer: its best choice, the others a tap away.
  await setUpGame(page, env.base, { game: 'en-gingg', names: ['Ana', 'Robo'], computer: [1], seed: 11, coach: true });
  await page.click('[data-testid=roll]');
  await page.waitForSelector('[data-testid=die]');
  await page.click('[data-testid=coach-hint]');
  await page.waitForSelector('[data-testid=coach-row]');
  const shown = () => page.$$eval('[data-testid=coach-row]', (rs) => rs.map((r) => r.getBoundingClientRect().height > 0));
  assert.deepEqual((await shown()).slice(0, 2), [true, false]);
  assert.match(await page.textContent('[data-testid=coach-toggle]'), /\+ \d more/);
  await page.click('[data-testid=coach-toggle]');
  assert.ok((await shown()).every(Boolean));
  assert.ok(await inView('[data-testid=die]'), 'the dice stay in sight');
  await audit(page, 'coach open 320');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('real dice: the value of the faces entered shows before Confirm, as the game counts it, in the language shown', async () => {
  const page = await newPage(env.browser, { width: 320, height: 568 });
  await setUpGame(page, env.base, { game: 'mindgolf', names: ['Ana', 'Ben'], seed: 3, tableDice: true });
  await page.click('[data-testid=throw]');
  await page.waitForSelector('[data-testid=faces]');
  assert.equal(await page.$('[data-testid=faces-value]'), null, 'nothing entered, nothing said');
  for (const f of [2, 5]) await page.click(`[data-testid=face-key][data-face="${f}"]`);
  assert.equal(await page.textContent('[data-testid=faces-value]'), 'So far: 7');
  for (const f of [4, 4]) await page.click(`[data-testid=face-key][data-face="${f}"]`);
  assert.equal(await page.textContent('[data-testid=faces-value]'), '(2+5+4) × 4 = 44');
  await page.click('[data-testid=lang-switch]');
  await page.click('[data-testid=face-slot] >> nth=0');
  await page.click('[data-testid=face-key][data-face="6"]');
  assert.equal(await page.textContent('[data-testid=faces-value]'), '(6+5+4) × 4 = 60');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the rules are a short walkthrough: a paragraph a step with its picture, Back and Next in reach at 320x568, the whole text a tap away', async () => {
  const page = await newPage(env.browser, { width: 320, height: 568 });
  for (const game of IDS) {
    await setUpGame(page, env.base, { game, names: ['Ana', 'Ben'] });
    await page.click('[data-testid=open-rules]');
    await page.waitForSelector('[data-testid=rules-step]');
    const n = Number((await page.textContent('[data-testid=rules-step]')).match(/of (\d+)/)[1]);
    assert.ok(n >= 5 && n <= 10, `${game}: ${n} steps`);
    assert.ok(await page.isDisabled('[data-testid=rules-back]'));
    let figures = 0;
    for (let k = 1; k <= n; k++) {
      assert.equal(await page.textContent('[data-testid=rules-step]'), `Step ${k} of ${n}`);
      // One paragraph, or (the last) a worked example of its own.
      const paragraphs = await page.locator('[data-testid=rules-text] > p').count();
      const shownFigures = await page.locator('.rules-figure:visible').count();
      assert.ok(paragraphs === 1 || (k === n && shownFigures === 1), `${game} step ${k}: ${paragraphs} paragraphs`);
      figures += shownFigures;
      assert.ok(await inView(page, '[data-testid=rules-next]'), `${game} step ${k}: Next in reach`);
      if (k < n) await page.click('[data-testid=rules-next]');
    }
    assert.ok(await page.isDisabled('[data-testid=rules-next]'));
    if (game === 'mindgolf') {
      // The text's throw drawn beside its step, its lane beside the next.
      assert.equal(figures, 2);
      for (let k = n; k > 2; k--) await page.click('[data-testid=rules-back]');
      assert.ok(await page.isVisible('[data-testid=rules-example-throw]'));
      assert.equal(await page.isVisible('[data-testid=rules-example-lane]'), false);
    }
    await shot(page, `rules-walk-${game}-320`);
    // The whole text: every paragraph and every picture, no steps.
    await page.click('[data-testid=rules-whole]');
    const all = await page.locator('[data-testid=rules-text] > p').count();
    assert.ok(all >= n - 1, `${game}: ${all} paragraphs in the whole text`);
    assert.equal(await page.locator('.rules-figure:visible').count(), await page.locator('.rules-figure').count());
    assert.equal(await page.isVisible('[data-testid=rules-next]'), false);
    await audit(page, `${game} rules, whole text`);
    await page.keyboard.press('Escape');
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
