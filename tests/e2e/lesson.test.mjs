// Tier (c): the guided first games (issue 25), tapped through on the real
// table: offered at a game's first opening, each step points at what to tap
// and takes only its move, and nothing of it reaches the history.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, shot, checkFit, audit, savedGame, PHONE, DESKTOP, SHOTS } from './helpers.mjs';
import { IDS, playData } from '../games.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

const step = (page) => page.textContent('[data-testid=lesson] h3');
async function waitStep(page, k) {
  await page.waitForFunction((k) => document.querySelector('[data-testid=lesson] h3')?.textContent.includes(`step ${k} of`), k, { timeout: 10000 });
}
const outlined = (page, sel) => page.$eval(sel, (e) => getComputedStyle(e).outlineWidth);

test('MindGolf: the guided first game is offered once, points at each move, refuses others, and leaves no record', async () => {
  const page = await newPage(env.browser, { width: 320, height: 640 });
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.base + '/new/mindgolf');
  await page.waitForSelector('[data-testid=lesson-offer]');
  await shot(page, 'lesson-offer-320');
  await page.click('[data-testid=lesson-offer] [data-testid=lesson-start]');
  await waitStep(page, 1);
  assert.match(await page.textContent('[data-testid=lesson-say]'), /white die multiplies/);
  assert.equal(await outlined(page, '[data-testid=throw]'), '3px', 'the throw button is pointed at');
  await checkFit(page, 'lesson 320');
  await audit(page, 'lesson');
  await shot(page, 'lesson-mg-1-320');
  await page.click('[data-testid=throw]');
  await waitStep(page, 2);
  assert.match(await page.textContent('[data-testid=lesson-say]'), /\(4 \+ 5 \+ 1\) × 4 = 40/);
  await page.click('[data-testid=lane][data-target="48"] button');
  await page.click('[data-testid=enter]');
  await waitStep(page, 3);
  // Another move than the step's is refused, and nothing is played.
  await page.click('[data-testid=throw]');
  await page.waitForSelector('[data-testid=lesson-nudge]');
  assert.equal((await savedGame(page)).record.moves.length, 2);
  await page.click('[data-testid=choose-green] >> nth=2');
  await page.click('[data-testid=choose-white]');
  await page.click('[data-testid=throw]');
  await waitStep(page, 4);
  await shot(page, 'lesson-mg-4-320');
  await page.click('[data-testid=die][data-face="1"]');
  await page.click('[data-testid=reroll]');
  await waitStep(page, 5);
  await page.click('[data-testid=lane][data-target="48"] button');
  await page.click('[data-testid=enter]');
  await waitStep(page, 6);
  await page.click('[data-testid=throw]');
  await waitStep(page, 7);
  await page.click('[data-testid=lane][data-target="55"] button');
  await page.click('[data-testid=enter]');
  await waitStep(page, 8);
  for (let i = 0; i < 3; i++) await page.click(`[data-testid=choose-green] >> nth=${i}`);
  await page.click('[data-testid=throw]');
  await waitStep(page, 9);
  await page.click('[data-testid=park]');
  await waitStep(page, 10);
  await page.click('[data-testid=lane][data-target="55"] button');
  await page.click('[data-testid=apply-parked]');
  await waitStep(page, 11);
  const g = await savedGame(page);
  assert.equal(g.record.lesson, true);
  assert.deepEqual(g.record.moves.map((m) => m.action), [
    { throw: { green: 3, white: true } }, { enter: 0 }, { throw: { green: 2, white: false } }, { reroll: { green: 1 } },
    { enter: 0 }, { throw: { green: 3, white: true } }, { enter: 4 }, { throw: { green: 0, white: true } }, 'park', { apply_parked: 4 },
  ]);
  // Lane 48 hit on its 2nd field scores 10; lane 55 reads 70, 68.
  assert.match(await page.textContent('[data-testid=lane][data-target="48"]'), /48.*10$/);
  await page.click('[data-testid=lang-switch]');
  await page.waitForSelector('text=Schritt 11 von 11');
  await shot(page, 'lesson-mg-11-320-de');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'lesson-mg-11-1280-de');
  await page.click('[data-testid=lesson-leave]');
  await page.waitForURL(/\/new\/mindgolf$/);
  // Gone, and offered no more (it is in the rules).
  assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('spielblock.v1.game.')).length), 0);
  await page.waitForSelector('form');
  assert.equal(await page.$('[data-testid=lesson-offer]'), null);
  assert.deepEqual(page.problems, []);
});

test('En Gingg: the guided game sets dice aside over 30, plays phase 2, and explains the computer\'s turn', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.base + '/new/en-gingg');
  await page.click('[data-testid=lesson-offer] [data-testid=lesson-start]');
  await waitStep(page, 1);
  await page.click('[data-testid=roll]');
  await waitStep(page, 2);
  assert.equal(await outlined(page, '[data-testid=throw] [data-testid=die][data-face="5"]'), '3px');
  await page.click('[data-testid=throw] [data-testid=die][data-face="5"]');
  await page.click('[data-testid=set-aside]');
  await waitStep(page, 3);
  await page.click('[data-testid=roll]');
  await waitStep(page, 4);
  // Only the 5 first: the step wants the 5 and both 6s.
  await page.click('[data-testid=throw] [data-testid=die][data-face="5"]');
  await page.click('[data-testid=set-aside]');
  await page.waitForSelector('[data-testid=lesson-nudge]');
  await shot(page, 'lesson-eg-nudge-360');
  // Add the two 6s (and the 5, if the refusal cleared the pick).
  if (await page.getAttribute('[data-testid=throw] [data-testid=die][data-face="5"]', 'aria-pressed') !== 'true') {
    await page.click('[data-testid=throw] [data-testid=die][data-face="5"]');
  }
  await page.click('[data-testid=throw] [data-testid=die][data-face="6"] >> nth=0');
  await page.click('[data-testid=throw] [data-testid=die][data-face="6"] >> nth=1');
  await page.click('[data-testid=set-aside]');
  await waitStep(page, 5);
  await page.click('[data-testid=roll]');
  await waitStep(page, 6);
  await page.click('[data-testid=throw] [data-testid=die][data-face="5"]');
  await page.click('[data-testid=set-aside]');
  for (const k of [7, 8, 9, 10]) {
    await waitStep(page, k);
    await page.click('[data-testid=roll]');
  }
  // The computer's turn plays by itself; then the last words.
  await waitStep(page, 11);
  assert.match(await page.textContent('[data-testid=lesson-say]'), /30 − 25 = 5/);
  const g = await savedGame(page);
  assert.equal(g.record.moves.length, 21);
  assert.deepEqual(await page.$$eval('[data-testid=balance]', (els) => els.map((e) => e.textContent)), ['39', '26']);
  await checkFit(page, 'lesson en gingg 360');
  await shot(page, 'lesson-eg-11-360');
  // The computer's last move in words follows a language switch.
  const said = await page.textContent('[data-testid=last-move]');
  await page.click('[data-testid=lang-switch]');
  await page.waitForFunction((before) => document.querySelector('[data-testid=last-move]')?.textContent !== before, said);
  assert.notEqual(await page.textContent('[data-testid=last-move]'), said);
  await page.click('[data-testid=lang-switch]');
  await page.waitForFunction((before) => document.querySelector('[data-testid=last-move]')?.textContent === before, said);
  // A guided game keeps its seats: its steps follow them.
  await page.click('[data-testid=open-players]');
  await page.waitForSelector('[data-testid=seats-fixed]');
  assert.match(await page.textContent('[data-testid=seats-fixed]'), /guided game keeps its seats/);
  assert.ok(await page.$$eval('[data-testid=seat-kind] .segmented button', (els) => els.length > 0 && els.every((b) => b.disabled)));
  assert.deepEqual(page.problems, []);
});

test('CHOICE: the guided game fills the fifth-die table, forces a fifth die, and takes a free throw', async () => {
  const page = await newPage(env.browser, { width: 320, height: 640 });
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.base + '/new/choice');
  await page.click('[data-testid=lesson-offer] [data-testid=lesson-start]');
  const splits = [['4+8', 1], ['6+10', 6], ['8+10', 5], ['5+10', 5], ['4+5', 4]];
  for (const [i, [sums, fifth]] of splits.entries()) {
    await waitStep(page, 2 * i + 1);
    await page.click('[data-testid=roll]');
    await waitStep(page, 2 * i + 2);
    const split = `[data-testid=split][data-sums="${sums}"][data-fifth="${fifth}"]`;
    assert.equal(await outlined(page, split), '3px');
    if (i === 4) {
      assert.match(await page.textContent('[data-testid=lesson-say]'), /free throw/);
      await shot(page, 'lesson-ch-free-320');
    }
    await page.click(split);
    await page.click('[data-testid=confirm]');
  }
  await waitStep(page, 11);
  const g = await savedGame(page);
  assert.equal(g.record.moves.length, 10);
  // The fifth-die table: 1 once, 6 once, 5 twice; the free throw crossed nothing.
  assert.deepEqual(await page.$$eval('[data-testid=ch-fifth]', (els) => els.map((e) => [e.dataset.number, e.dataset.crosses])),
    [['1', '1'], ['6', '1'], ['5', '2']]);
  await checkFit(page, 'lesson choice 320');
  assert.deepEqual(page.problems, []);
});

test('Minesweeper: the guided game explores, marks a certain mine, and shows a private failed mark', async () => {
  const page = await newPage(env.browser, DESKTOP);
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.base + '/new/minesweeper');
  await page.click('[data-testid=lesson-offer] [data-testid=lesson-start]');
  const moves = [[72, 'explore'], [94, 'explore'], [106, 'mark'], [92, 'explore'], [83, 'mark']];
  for (const [k, [i, mode]] of moves.entries()) {
    await waitStep(page, k + 1);
    const cell = `[data-testid=ms-board] [data-i="${i}"]`;
    assert.equal(await outlined(page, cell), '3px');
    if (k === 2) await shot(page, 'lesson-ms-mark-1280');
    await page.click(cell);
    await page.click(`[data-testid=ms-mode-${mode}]`);
    await page.click('[data-testid=confirm]');
  }
  await waitStep(page, 6);
  assert.match(await page.textContent('[data-testid=lesson-say]'), /Blubb/);
  const g = await savedGame(page);
  assert.equal(g.record.moves.length, 10);
  // 1 + 3 + 3 + 0 − 3 for the person.
  assert.match(await page.textContent('[data-testid=ms-score] >> nth=0'), /4$/);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.click('[data-testid=lang-switch]');
  await page.waitForSelector('text=Schritt 6 von 6');
  await checkFit(page, 'lesson minesweeper 360 de');
  await shot(page, 'lesson-ms-6-360-de');
  assert.deepEqual(page.problems, []);
});

test('Gnoming: the guided game draws and takes, bounces a card onto a Hazard, and discards a drawn Hazard', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.base + '/new/gnoming');
  await page.click('[data-testid=lesson-offer] [data-testid=lesson-start]');
  const pos = (p) => async () => {
    await page.click(`[data-testid=gn-mine] [data-act=s${p}]`);
    await page.click('[data-testid=confirm]');
  };
  const tap = (sel) => () => page.click(sel);
  const steps = [pos(4), pos(0), tap('[data-testid=gn-draw]'), pos(5), tap('[data-testid=gn-discard-1]'),
    tap('[data-testid=gn-pile-1]'), pos(7), pos(2), tap('[data-testid=gn-draw]'), tap('[data-testid=gn-remove]')];
  for (const [k, act] of steps.entries()) {
    await waitStep(page, k + 1);
    if (k === 7) {
      assert.match(await page.textContent('[data-testid=lesson-say]'), /bounce/);
      await shot(page, 'lesson-gn-bounce-360');
    }
    await act();
  }
  await waitStep(page, 11);
  const g = await savedGame(page);
  assert.equal(g.record.moves.length, 22);
  assert.deepEqual(g.record.moves.filter((m) => m.seat === 0).map((m) => m.action), [
    { reveal: { pos: 4 } }, { reveal: { pos: 0 } }, 'draw', { place: { pos: 5 } }, { discard: { pile: 1 } },
    { take: { pile: 1 } }, { place: { pos: 7 } }, { bounce: { pos: 2 } }, 'draw', 'remove',
  ]);
  await checkFit(page, 'lesson gnoming 360');
  await shot(page, 'lesson-gn-11-360');
  assert.deepEqual(page.problems, []);
});

test('The rules show each game\'s worked example drawn as on the table, figured by the rules, with the guided game to start', async () => {
  // Each game's worked example as read (its play.json, `example`).
  const want = Object.fromEntries(IDS.map((id) => [id, playData(id, 'example').map((p) => new RegExp(p))]));
  const page = await newPage(env.browser, PHONE);
  for (const [game, patterns] of Object.entries(want)) {
    await page.goto(env.base + '/');
    await page.evaluate(() => localStorage.clear());
    await page.goto(env.base + `/new/${game}`);
    await page.click('[data-testid=lesson-offer] [data-testid=lesson-start]');
    await page.click('[data-testid=open-rules]');
    // Every step's pictures at once: the whole text.
    await page.click('[data-testid=rules-whole]');
    await page.waitForSelector('[data-testid=rules-example]');
    const text = await page.$$eval('[data-testid=rules-example] figcaption, [data-testid=rules-example] .rules-caption, [data-testid=rules-example-step]', (els) => els.map((e) => e.textContent));
    // The lesson points at the table only, never into the rules.
    assert.deepEqual(await page.$$eval('.dialog *', (els) => els.filter((e) => getComputedStyle(e).animationName === 'lesson-point').length), 0, `${game}: no pointer in the rules`);
    for (const p of patterns) assert.ok(text.some((t) => p.test(t)), `${game}: ${p} in ${JSON.stringify(text)}`);
    if (game === 'minesweeper') {
      // A 6 x 6 corner with its edges' letters and numbers; three flags.
      assert.equal(await page.$$eval('.ms-corner .c:not(.head)', (els) => els.length), 36);
      assert.equal(await page.$$eval('.ms-corner .mk', (els) => els.length), 3);
    }
    assert.ok(await page.$('.dialog [data-testid=lesson-start]'), `${game}: the guided game in the rules`);
    await audit(page, `${game} rules`);
    await page.locator('[data-testid=rules-example]').last().screenshot({ path: `${SHOTS}/rules-example-${game}-360.png` });
  }
  assert.deepEqual(page.problems, []);
});
