// Tier (c): dice from the table (R-G-5, issue 23) on the release build. The
// players throw their own dice and tap in the faces; the app checks every
// rule and keeps every score, as the rules engine's replay of the record
// confirms.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { start, newPage, shot, faces, savedGame, checkFit, setUpGame, audit, PHONE, DESKTOP, CLI } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

const banner = async (page) => (await page.textContent('[data-testid=turn-banner]')).trim();

/** Faces as a player at the table might throw them: a fixed sequence. */
function tableDice(seed) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return 1 + (Math.floor(x / 65536) % 6);
  };
}

/**
 * Taps in `n` faces (as many as the picker has dice) from `next`, checking
 * a correction first on the first throw asked for, and confirms.
 */
async function enterFaces(page, next, { correct = false } = {}) {
  await page.waitForSelector('[data-testid=faces]');
  const n = await page.locator('[data-testid=face-slot]').count();
  const want = [...Array(n)].map(() => next());
  assert.ok(await page.isDisabled('[data-testid=faces-confirm]'), 'nothing to confirm before every die is in');
  if (correct) {
    // A wrong face first, then the die tapped again and corrected.
    await page.click(`[data-testid=face-key][data-face="${want[0] === 6 ? 1 : 6}"]`);
    await page.click('[data-testid=face-slot] >> nth=0');
  }
  for (let i = 0; i < n; i++) {
    if (correct && i > 0) await page.click(`[data-testid=face-slot] >> nth=${i}`);
    await page.click(`[data-testid=face-key][data-face="${want[i]}"]`);
  }
  assert.deepEqual(await faces(page, '[data-testid=face-slot] svg'), want.map(String));
  await page.click('[data-testid=faces-confirm]');
  await page.waitForFunction(() => !document.querySelector('[data-testid=faces]'));
  return want;
}

/** The rules engine's replay of a record: its last line (scores, over). */
function replayed(record) {
  const lines = execFileSync(CLI, ['replay', '--trace', '-'], { input: JSON.stringify(record) })
    .toString().trim().split('\n').map((l) => JSON.parse(l));
  return { lines, end: lines[lines.length - 1] };
}

/** Every move that entered faces, as the record holds them. */
const entered = (record) => record.moves.filter((m) => m.action.faces).map((m) => m.action.faces);

test('MindGolf solo with real dice: tapped faces, a re-roll, a correction; the record replays without its seed', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUpGame(page, env.base, { game: 'mindgolf', names: ['Ana'], seed: 5, tableDice: true });
  const next = tableDice(17);
  const typed = [];
  let turns = 0;
  while (!(await page.$('[data-testid=result]')) && turns++ < 80) {
    await page.click('[data-testid=throw]:enabled');
    if (turns === 1) {
      await shot(page, 'table-dice-mg-360');
      await audit(page, 'face picker');
    }
    typed.push(await enterFaces(page, next, { correct: turns === 1 }));
    await page.waitForSelector('[data-testid=thrown]');
    if (turns === 2) {
      // The one re-roll: the chosen die's new face is entered alone.
      await page.click('[data-testid=die] >> nth=0');
      await page.click('[data-testid=reroll]');
      assert.equal(await page.locator('[data-testid=face-slot]').count(), 1);
      typed.push(await enterFaces(page, next));
    }
    await page.click('[data-testid=lane] button:enabled >> nth=0');
    await page.click('[data-testid=enter]');
  }
  await page.waitForSelector('[data-testid=result]');
  const shown = Number((await page.textContent('.ranking .score')).replace('−', '-'));
  const saved = await savedGame(page);
  assert.equal(saved.record.options.table_dice, true);
  assert.deepEqual(entered(saved.record), typed, 'the record holds the faces as tapped');
  // Replayed by the rules engine from its record, with another seed: the
  // entered faces make it the same game.
  const { lines, end } = replayed({ ...saved.record, seed: 1 });
  assert.equal(end.over, true);
  assert.deepEqual(end.scores, [shown]);
  const thrown = lines.flatMap((l) => (l.events || []).filter((e) => e.thrown).map((e) => e.thrown));
  assert.deepEqual(thrown[0].green.concat(thrown[0].white ? [thrown[0].white] : []), typed[0], 'the trace shows the entered faces');
  // A real-dice game sets no record, says so, and the history marks it.
  await page.waitForSelector('[data-testid=real-dice-used]');
  assert.equal(await page.$('[data-testid=new-record]'), null);
  await shot(page, 'table-dice-mg-result-360');
  await page.goto(env.base + '/history');
  await page.waitForSelector('[data-testid=real-dice]');
  await shot(page, 'table-dice-history-360');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('CHOICE with three players and real dice: every shared throw tapped in, scores as the engine replays them', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUpGame(page, env.base, { game: 'choice', names: ['Ana', 'Ben', 'Cleo'], seed: 3, tableDice: true });
  const next = tableDice(5);
  let guard = 0;
  while (!(await page.$('[data-testid=result]')) && guard++ < 400) {
    // The next thing to tap (after the turn moment, when the device changes hands).
    await page.waitForSelector('[data-testid=roll]:enabled, [data-testid=split], [data-testid=result]');
    const roll = page.locator('[data-testid=roll]:enabled');
    if (await roll.count()) {
      await roll.click();
      if (guard === 1) await shot(page, 'table-dice-ch-360');
      await enterFaces(page, next);
      continue;
    }
    const split = page.locator('[data-testid=split]');
    if (await split.count()) {
      await split.last().click();
      await page.click('[data-testid=confirm]');
      continue;
    }
  }
  await page.waitForSelector('[data-testid=result]');
  const saved = await savedGame(page);
  const { end } = replayed({ ...saved.record, seed: 99 });
  assert.equal(end.over, true);
  const shown = await page.$$eval('.ranking li', (li) => li.length);
  assert.equal(shown, 3);
  assert.deepEqual(end.scores, saved.outcome.scores);
  assert.ok(entered(saved.record).every((f) => f.length === 5));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('En Gingg with real dice and a computer seat, to the loser: people tap faces, the computer throws the app\'s dice', async () => {
  const page = await newPage(env.browser, PHONE);
  // Robo throws first, so its throws are in the record however soon the game ends.
  await setUpGame(page, env.base, { game: 'en-gingg', names: ['Robo', 'Ana', 'Ben'], computer: [0], seed: 8, startBalance: 20, tableDice: true });
  const next = tableDice(23);
  let guard = 0;
  while (!(await page.$('[data-testid=result]')) && guard++ < 600) {
    // The next thing to tap, once the computer's turn and the turn moment are over.
    await page.waitForSelector('[data-testid=roll]:enabled, [data-testid=die]:enabled, [data-testid=result]', { timeout: 60000 });
    const roll = page.locator('[data-testid=roll]:enabled');
    if (await roll.count()) {
      await roll.click();
      await enterFaces(page, next);
      continue;
    }
    const dice = page.locator('[data-testid=die]:enabled');
    if (await dice.count()) {
      await dice.first().click();
      await page.click('[data-testid=set-aside]');
    }
  }
  await page.waitForSelector('[data-testid=result]');
  const saved = await savedGame(page);
  assert.equal(saved.finished, true);
  const { end } = replayed({ ...saved.record, seed: 7 });
  assert.equal(end.over, true);
  assert.deepEqual(end.scores, saved.outcome.scores);
  const robo = saved.record.moves.filter((m) => m.seat === 0 && m.action.faces);
  assert.ok(robo.length > 0, 'the computer seat entered the app\'s dice');
  await shot(page, 'table-dice-eg-result-360');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('setup: the option is explained, off for a daily challenge, and the picker fits a phone in both languages', async () => {
  const page = await newPage(env.browser, { width: 320, height: 568 });
  await page.goto(env.base + '/');
  await page.click('[data-game=mindgolf] a');
  await page.waitForSelector('[data-option=table_dice]');
  // Solo, where the daily challenge is offered.
  while ((await page.$$('[data-testid=seat-row]')).length > 1) {
    await page.locator('[data-testid=seat-row]').last().locator('.row-tools button').last().click();
  }
  assert.match(await page.textContent('[data-testid=table-dice-note]'), /Records and daily challenges count only games with the app’s dice/);
  await page.check('[data-option=table_dice]');
  await page.check('[data-testid=daily]');
  assert.equal(await page.isChecked('[data-option=table_dice]'), false, 'a daily challenge uses the app\'s dice');
  assert.equal(await page.isDisabled('[data-option=table_dice]'), true);
  await page.uncheck('[data-testid=daily]');
  assert.equal(await page.isChecked('[data-option=table_dice]'), true);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/play\//);
  await page.click('[data-testid=throw]:enabled');
  await page.waitForSelector('[data-testid=faces]');
  // The decision is on screen without scrolling: the picker's keys and its
  // confirm button are inside the viewport.
  for (const sel of ['[data-testid=face-key] >> nth=5', '[data-testid=faces-confirm]']) {
    const box = await page.locator(sel).boundingBox();
    assert.ok(box && box.y + box.height <= 568, `${sel} is on screen`);
  }
  await checkFit(page, 'face picker 320');
  await shot(page, 'table-dice-picker-320-en');
  await page.click('[data-testid=lang-switch]');
  await page.waitForFunction(() => document.querySelector('[data-testid=faces-confirm]').textContent.includes('bestätigen'));
  await shot(page, 'table-dice-picker-320-de');
  await page.setViewportSize(PHONE);
  await shot(page, 'table-dice-picker-360-de');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'table-dice-picker-1280-de');
  await page.click('[data-testid=lang-switch]');
  await shot(page, 'table-dice-picker-1280-en');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
