// Tier (c): En Gingg as Bei end to end on the release build, by tapping.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as helpers from './helpers.mjs';
import { start, newPage, shot, faces, PHONE, DESKTOP } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

function noProblems(page) {
  assert.deepEqual(page.problems, [], 'no console errors or warnings');
}

const setUpGame = (page, opts) => helpers.setUpGame(page, env.base, opts);

async function banner(page) {
  return (await page.textContent('[data-testid=turn-banner]')).trim();
}

/** Plays one human action: roll, or tap the dice and set them aside. */
async function step(page, pickAll = false) {
  const roll = page.locator('[data-testid=roll]:enabled');
  if (await roll.count()) { await roll.click(); return 'roll'; }
  const dice = page.locator('[data-testid=die]:enabled');
  const n = await dice.count();
  if (n) {
    const picks = pickAll ? n : 1;
    for (let i = 0; i < picks; i++) await dice.nth(i).click();
    await page.click('[data-testid=set-aside]');
    return 'set-aside';
  }
  return null;
}

test('3 players with one computer: tap turns, computer plays, reload mid-turn keeps the dice', async () => {
  const page = await newPage(env.browser, PHONE);
  await shot(page, 'blank-before-load').catch(() => {});
  await page.goto(env.base + '/');
  await page.waitForSelector('.game-card');
  await shot(page, 'home-360');
  await page.click('[data-game=en-gingg] a');
  await page.waitForSelector('[data-testid=seat-row]');
  await shot(page, 'setup-360');
  // Seats stay within 2..8: add up to eight, then the button is off.
  for (let i = 3; i < 8; i++) await page.click('[data-testid=add-player]');
  assert.equal((await page.$$('[data-testid=seat-row]')).length, 8);
  assert.ok(await page.isDisabled('[data-testid=add-player]'));
  assert.equal((await page.textContent('[data-testid=add-player]')).trim(), '+ Add player');
  await shot(page, 'setup-8-360');
  await page.goto(env.base + '/');
  await setUpGame(page, { names: ['Anna', 'Ben', 'Robo'], computer: [2], seed: 4242 });
  assert.match(await banner(page), /Anna/);
  // Anna plays her whole turn by tapping: one die at a time.
  let guard = 0;
  while ((await banner(page)).includes('Anna') && guard++ < 40) {
    const did = await step(page);
    if (did === 'roll') await page.waitForTimeout(20);
    if (guard === 2) await shot(page, 'phase1-360');
  }
  // Ben: roll, then reload mid-turn and find the same dice.
  assert.match(await banner(page), /Ben/);
  await page.click('[data-testid=roll]');
  await page.waitForSelector('[data-testid=die]');
  const before = await faces(page, '[data-testid=die]');
  assert.equal(before.length, 6);
  await page.reload();
  await page.waitForSelector('[data-testid=die]');
  assert.deepEqual(await faces(page, '[data-testid=die]'), before, 'same dice after reload');
  assert.match(await banner(page), /Ben/);
  // Ben finishes by setting all dice aside at once.
  await step(page, true);
  for (let i = 0; i < 20 && (await banner(page)).includes('Ben'); i++) await step(page, true);
  // Robo (computer) plays on its own and hands back to Anna.
  await page.waitForFunction(() => document.querySelector('[data-testid=turn-banner]').textContent.includes('Robo'), null, { timeout: 10000 });
  await shot(page, 'computer-turn-360');
  await page.waitForFunction(() => document.querySelector('[data-testid=turn-banner]').textContent.includes('Anna'), null, { timeout: 60000 });
  // The ledger booked every change with its reason.
  const history = await page.$$eval('.history li', (els) => els.map((e) => e.textContent));
  assert.ok(history.length >= 1, 'the ledger has entries');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'table-1280');
  await page.click('text=Rules');
  await page.waitForSelector('#rules-title');
  await shot(page, 'rules-360');
  await page.keyboard.press('Escape');
  // The game is listed as unfinished on the home screen.
  await page.goto(env.base + '/');
  await page.waitForSelector('[data-testid=saved-game]');
  assert.match(await page.textContent('[data-testid=saved-game]'), /Anna, Ben, Robo/);
  noProblems(page);
  await page.context().close();
});

test('a seeded game played to the result screen matches the CLI replay', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUpGame(page, { names: ['Uli', 'Vera', 'Wim'], seed: 777, handover: true });
  // Hand-over screen first.
  await page.waitForSelector('.handover');
  assert.match(await page.textContent('.handover h2'), /Uli/);
  await shot(page, 'handover-360');
  let steps = 0;
  while (!(await page.$('[data-testid=result]')) && steps++ < 400) {
    const handover = page.locator('.handover button');
    if (await handover.count()) { await handover.click(); continue; }
    if (!(await step(page, true))) await page.waitForTimeout(50);
  }
  await page.waitForSelector('[data-testid=result]');
  await shot(page, 'result-360');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'result-1280');
  const shown = await page.$$eval('.ranking li', (els) => els.map((e) => ({
    name: e.querySelector('.name').textContent, score: Number(e.querySelector('.score').textContent.replace('−', '-')),
  })));
  assert.equal(shown.length, 3);
  // Replay the saved record with the command-line tool: same balances.
  const saved = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('spielblock.v1.game.'));
    return JSON.parse(localStorage.getItem(key));
  });
  assert.equal(saved.finished, true);
  // The saved entry carries the outcome, so lists of finished games need no replay.
  for (const row of shown) {
    const seat = saved.record.seats.findIndex((s) => s.name === row.name);
    assert.equal(saved.outcome.scores[seat], row.score);
  }
  const cli = helpers.CLI;
  if (fs.existsSync(cli)) {
    const out = JSON.parse(execFileSync(cli, ['replay', '-'], { input: JSON.stringify(saved.record) }).toString());
    assert.equal(out.over, true);
    // The trace's last line agrees, and it has one line per move plus two.
    const trace = execFileSync(cli, ['replay', '--trace', '-'], { input: JSON.stringify(saved.record) }).toString().trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(trace.length, saved.record.moves.length + 2);
    assert.deepEqual(trace[trace.length - 1].scores, out.scores);
    for (const row of shown) {
      const seat = saved.record.seats.findIndex((s) => s.name === row.name);
      assert.equal(out.scores[seat], row.score, `${row.name}'s balance`);
    }
  }
  // The loser is last and at 0 or below.
  assert.ok(shown[2].score <= 0);
  noProblems(page);
  await page.context().close();
});

test('language switches, is remembered, and every screen speaks it', async () => {
  const page = await newPage(env.browser, PHONE, { locale: 'en-US' });
  await page.goto(env.base + '/');
  await page.waitForSelector('.game-card');
  assert.match(await page.textContent('h2#games-title'), /Games/);
  await page.click('[data-testid=lang-switch]');
  assert.match(await page.textContent('h2#games-title'), /Spiele/);
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  await page.reload();
  await page.waitForSelector('.game-card');
  assert.match(await page.textContent('h2#games-title'), /Spiele/, 'remembered after reload');
  await shot(page, 'home-de-360');
  await page.click('[data-game=en-gingg] a');
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=roll]');
  assert.match(await page.textContent('[data-testid=roll]'), /Würfel werfen/);
  await shot(page, 'table-de-360');
  noProblems(page);
  await page.context().close();
});

test('a browser set to German starts in German', async () => {
  const page = await newPage(env.browser, DESKTOP, { locale: 'de-DE' });
  await page.goto(env.base + '/');
  await page.waitForSelector('.game-card');
  assert.match(await page.textContent('h2#games-title'), /Spiele/);
  await shot(page, 'home-de-1280');
  noProblems(page);
  await page.context().close();
});

test('unreadable saved data is kept aside with a message, and the app keeps working', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.waitForSelector('.game-card');
  await page.evaluate(() => localStorage.setItem('spielblock.v1.game.junk', '{"schema": 1, "id": "junk", broken'));
  await page.goto(env.base + '/play/junk');
  await page.waitForSelector('[role=alert]');
  assert.match(await page.textContent('[role=alert]'), /kept aside/);
  await page.goto(env.base + '/');
  await page.waitForSelector('.notice.warn');
  await shot(page, 'quarantine-360');
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('spielblock.quarantine.')).map((k) => localStorage.getItem(k)));
  assert.deepEqual(aside, ['{"schema": 1, "id": "junk", broken']);
  await page.click('.notice.warn button');
  assert.equal(await page.$('.notice.warn'), null);
  // Everything else still works.
  await page.click('[data-game=en-gingg] a');
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=roll]');
  noProblems(page);
  await page.context().close();
});

test('phase 2: target dice set aside by themselves, the next player pays; a seat switches to the computer mid-game', async () => {
  const page = await newPage(env.browser, PHONE);
  // Seed 91: the first throw sums to 32 (R-EG-2), so phase 2 hunts 2s (R-EG-3).
  await setUpGame(page, { names: ['Ana', 'Bo'], seed: 91 });
  await page.click('[data-testid=roll]');
  await step(page, true);
  await page.waitForSelector('[data-testid=penalty]');
  assert.match(await page.textContent('.tray h2'), /2s/);
  assert.match(await page.textContent('.tray'), /Bo will pay it/);
  const balances = async () => page.$$eval('[data-testid=balance]', (els) => els.map((e) => Number(e.textContent.replace('−', '-'))));
  assert.deepEqual(await balances(), [39, 37], 'Ana gained 2 at once');
  let penalty = 0;
  for (let i = 0; i < 50 && (await banner(page)).includes('Ana'); i++) {
    const text = await page.textContent('[data-testid=penalty]').catch(() => null);
    if (text) penalty = Number(text.split('=').pop().trim());
    if (i === 1) await shot(page, 'phase2-360');
    await page.click('[data-testid=roll]');
  }
  assert.match(await banner(page), /Bo/);
  assert.deepEqual(await balances(), [39, 37 - penalty], 'Bo paid the penalty shown');
  await shot(page, 'after-phase2-360');
  // Bo hands the device over to the computer for the rest of the game.
  await page.click('text=Players');
  await page.waitForSelector('#players-title');
  await shot(page, 'players-dialog-360');
  await page.locator('.seat-kinds li').nth(1).locator('button').nth(1).click();
  await page.click('.dialog button.primary');
  await page.waitForFunction(() => document.querySelector('[data-testid=turn-banner]').textContent.includes('computer'), null, { timeout: 5000 });
  await page.waitForFunction(() => document.querySelector('[data-testid=turn-banner]').textContent.includes('Ana'), null, { timeout: 60000 });
  const load = () => page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('spielblock.v1.game.')))));
  let saved = await load();
  assert.equal(saved.record.seats[1].kind, 'computer', 'the switch is saved');
  assert.equal(saved.record.seats[1].level, 'strong');
  // The computer's level changes mid-game too.
  await page.click('text=Players');
  await page.waitForSelector('#players-title');
  await page.locator('.seat-kinds li').nth(1).locator('select[data-testid=level]').selectOption('casual');
  await page.click('.dialog button.primary');
  saved = await load();
  assert.equal(saved.record.seats[1].level, 'casual', 'the level is saved');
  noProblems(page);
  await page.context().close();
});
