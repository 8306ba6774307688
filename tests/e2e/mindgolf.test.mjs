// Tier (c): MindGolf end to end on the release build, by tapping.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { start, newPage, shot, faces, savedGame, checkFit, setUpGame, dailyFirstThrow, PHONE, DESKTOP, CLI } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

const banner = async (page) => (await page.textContent('[data-testid=turn-banner]')).trim();

const setUp = (page, opts) => setUpGame(page, env.base, { game: 'mindgolf', ...opts });

/** One human turn: throw all dice, enter the value on the first open lane. */
async function playTurn(page) {
  await page.click('[data-testid=throw]:enabled');
  await page.waitForSelector('[data-testid=thrown]');
  await page.click('[data-testid=lane] button:enabled >> nth=0');
  await page.click('[data-testid=enter]');
}

test('a seeded solo game tapped to the end: the total equals the rules engine\'s', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names: ['Ana'], seed: 2023 });
  await shot(page, 'mg-table-360');
  let turns = 0;
  while (!(await page.$('[data-testid=result]')) && turns++ < 80) {
    await playTurn(page);
    if (turns === 3) await shot(page, 'mg-three-turns-360');
  }
  await page.waitForSelector('[data-testid=result]');
  await shot(page, 'mg-result-360');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'mg-result-1280');
  const shown = Number((await page.textContent('.ranking .score')).replace('−', '-'));
  const saved = await savedGame(page);
  assert.equal(saved.finished, true);
  const out = JSON.parse(execFileSync(CLI, ['replay', '-'], { input: JSON.stringify(saved.record) }).toString());
  assert.equal(out.over, true);
  assert.deepEqual(out.scores, [shown]);
  // Every lane of the final sheet is shown with its score circle.
  assert.equal(await page.$$eval('[data-testid=final-sheet] [data-testid=lane]', (e) => e.length), 8);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the dice formula, one binding re-roll, and a reload between throw and entry keeps both', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names: ['Ana'], seed: 7 });
  // Leave one green die out: the formula follows.
  await page.click('[data-testid=choose-green] >> nth=2');
  assert.equal((await page.textContent('[data-testid=formula]')).trim(), '(●+●) × ○');
  await page.click('[data-testid=throw]');
  await page.waitForSelector('[data-testid=thrown]');
  assert.equal(await page.$$eval('[data-testid=die]', (e) => e.length), 3);
  const before = await faces(page, '[data-testid=die]');
  const [g1, g2, w] = before.map(Number);
  assert.equal((await page.textContent('[data-testid=formula]')).trim(), `(${g1}+${g2}) × ${w} = ${(g1 + g2) * w}`);
  await page.click('[data-testid=die] >> nth=0');
  await page.click('[data-testid=reroll]');
  await page.waitForFunction(() => !document.querySelector('[data-testid=reroll]'));
  const after = await faces(page, '[data-testid=die]');
  assert.deepEqual(after.slice(1), before.slice(1), 'only the chosen die changed');
  assert.equal(await page.isDisabled('[data-testid=die] >> nth=1'), true, 'no second re-roll');
  await page.reload();
  await page.waitForSelector('[data-testid=thrown]');
  assert.deepEqual(await faces(page, '[data-testid=die]'), after, 'the same dice after a reload');
  assert.equal(await page.isDisabled('[data-testid=die] >> nth=0'), true, 'the re-roll stays used');
  // Preview on the sheet, then enter.
  await page.click('[data-testid=lane] button >> nth=1');
  assert.ok(await page.$('[data-testid=lane] .mg-field.preview'));
  // The preview says where the lane stands after the entry (lane 75, first field).
  const value = (after.length === 3 ? (Number(after[0]) + Number(after[1])) * Number(after[2]) : 0);
  const outlook = (await page.textContent('[data-testid=outlook]')).trim();
  assert.equal(outlook, value === 75 ? 'Hits 75: 12 points' : `New field ${value}: ${Math.abs(75 - value)} to go, 6 fields left`);
  await page.click('[data-testid=enter]');
  await page.waitForSelector('[data-testid=throw]');
  const saved = await savedGame(page);
  assert.equal(saved.record.moves.length, 3);
  assert.deepEqual(saved.record.moves[1].action, { reroll: { green: 0 } });
  await checkFit(page, 'mindgolf table');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('parking, and a computer seat that plays its own turns', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names: ['Ana', 'Robo'], computer: [1], seed: 99 });
  await page.click('[data-testid=throw]');
  await page.waitForSelector('[data-testid=park]');
  const value = Number((await page.textContent('[data-testid=formula]')).split('=').pop());
  await page.click('[data-testid=park]');
  // Robo takes its turn by itself, then it is Ana's again.
  await page.waitForFunction(() => /Ana/.test(document.querySelector('[data-testid=turn-banner]').textContent), null, { timeout: 15000 });
  await page.waitForSelector('[data-testid=throw]:enabled');
  assert.equal(Number(await page.textContent('[data-testid=parked] strong')), value);
  const saved = await savedGame(page);
  assert.ok(saved.record.moves.some((m) => m.seat === 1), 'the computer moved');
  // The parked value goes on a lane as its own field before the throw.
  await page.click('[data-testid=lane] button >> nth=0');
  await page.click('[data-testid=apply-parked]');
  await page.waitForFunction(() => document.querySelector('[data-testid=parked] strong').textContent === '—');
  assert.equal(await page.textContent('[data-testid=lane] >> nth=0 >> .mg-field >> nth=0'), String(value));
  await shot(page, 'mg-parked-applied-360');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('teams of four: the result shows the team totals', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spielblock-mg-'));
  execFileSync(CLI, ['simulate', 'mindgolf', '--players', 'strong,casual,greedy,random', '--options', '{"mode":"teams"}', '-n', '1', '--seed', '3', '--records', dir]);
  const record = JSON.parse(fs.readFileSync(path.join(dir, 'mindgolf-3.json'), 'utf8'));
  fs.rmSync(dir, { recursive: true, force: true });
  record.seats = ['Ana', 'Ben', 'Cleo', 'Dan'].map((name) => ({ name, kind: 'human' }));
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.evaluate((record) => localStorage.setItem('spielblock.v1.game.teams', JSON.stringify({ schema: 1, id: 'teams', game: 'mindgolf', created: 1, updated: 2, handover: false, record })), record);
  await page.goto(env.base + '/play/teams');
  await page.waitForSelector('[data-testid=result]');
  const own = (await page.$$eval('[data-testid=player-total]', (e) => e.map((x) => Number(x.textContent.replace('−', '-')))));
  const teams = (await page.$$eval('[data-testid=team-total]', (e) => e.map((x) => Number(x.textContent.replace('−', '-')))));
  assert.deepEqual(teams, [own[0] + own[2], own[1] + own[3]]);
  const out = JSON.parse(execFileSync(CLI, ['replay', '-'], { input: JSON.stringify(record) }).toString());
  // The ranking's scores are the team totals.
  const ranking = await page.$$eval('.ranking .score', (e) => e.map((x) => Number(x.textContent.replace('−', '-'))));
  assert.deepEqual([...ranking].sort((a, b) => a - b), [...out.places.map((_, s) => teams[s % 2])].sort((a, b) => a - b));
  await shot(page, 'mg-teams-result-360');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the daily course: the same dice for everyone on the same date', async () => {
  const first = [];
  for (const name of ['Ana', 'Ben']) {
    const { dice, dated } = await dailyFirstThrow(env.browser, env.base, 'mindgolf', name, '[data-testid=throw]');
    assert.ok(dated, 'the saved game carries today\'s date');
    first.push(dice);
  }
  assert.deepEqual(first[0], first[1], 'two fresh browsers throw the same first dice');
});

test('issue 22: teams are offered with four players only, and a choice the seats no longer allow falls back', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.click('[data-game=mindgolf] a');
  await page.waitForSelector('[data-testid=seat-row]');
  const teams = 'select[data-option=mode] option[value=teams]';
  const seats = () => page.$$eval('[data-testid=seat-row]', (r) => r.length);
  while ((await seats()) > 2) await page.locator('[data-testid=seat-row]').last().locator('.row-tools button').last().click();
  assert.equal(await page.$eval(teams, (o) => o.disabled), true, 'two players: no teams');
  while ((await seats()) < 4) await page.click('[data-testid=add-player]');
  assert.equal(await page.$eval(teams, (o) => o.disabled), false, 'four players: teams');
  await page.selectOption('select[data-option=mode]', 'teams');
  await page.locator('[data-testid=seat-row]').last().locator('.row-tools button').last().click();
  assert.equal(await page.$eval('select[data-option=mode]', (s) => s.value), 'tournament', 'three players: back to the tournament');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
