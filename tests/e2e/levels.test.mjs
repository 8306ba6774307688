// Tier (c), issue 43: the computer's levels. Setup and the seat menu list
// the levels each game offers (expert only where a stronger player than
// strong needs more time or memory: CHOICE's learned table); choosing the
// expert fetches its table (data/*.bin, never in the first load) and plays
// a game; without the table (offline before the app was saved) its seats
// play strong and the screen says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, shot, savedGame, PHONE, DESKTOP } from './helpers.mjs';
import { GAMES, playData } from '../games.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });


/** Setup of `game` with two seats, the second a computer; its level select. */
async function computerSeat(page, game) {
  await page.goto(env.base + `/new/${game}`);
  await page.waitForSelector('[data-testid=seat-row]');
  while ((await page.$$('[data-testid=seat-row]')).length < 2) await page.click('[data-testid=add-player]');
  const row = page.locator('[data-testid=seat-row]').nth(1);
  const computer = row.locator('.segmented button').nth(1);
  if (await computer.isDisabled()) return null;
  await computer.click();
  return row.locator('[data-testid=level]');
}

test('setup lists the levels each game offers: expert only where the game has one, in both languages', async () => {
  const page = await newPage(env.browser, PHONE);
  for (const g of GAMES) {
    const select = await computerSeat(page, g.id);
    assert.ok(select, `${g.id}: a computer seat`);
    const values = await select.locator('option').evaluateAll((o) => o.map((x) => x.value));
    // What each game declares (its play.json, `levels`, as its rules'
    // `ComputerPlayer::LEVELS`): a game added without it fails here.
    const want = playData(g.id, 'levels');
    assert.deepEqual(values, want, g.id);
  }
  // The words, English and German.
  const select = await computerSeat(page, 'choice');
  assert.deepEqual(await select.locator('option').allTextContents(), ['Casual', 'Strong', 'Expert']);
  await page.evaluate(() => localStorage.setItem('spielblock.lang', JSON.stringify('de')));
  await page.reload();
  const de = await computerSeat(page, 'choice');
  assert.deepEqual(await de.locator('option').allTextContents(), ['Gemütlich', 'Stark', 'Experte']);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('choosing the expert fetches its table on demand, then plays a game to its end', async () => {
  const page = await newPage(env.browser, DESKTOP);
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.setItem('spielblock.settings', JSON.stringify({ vibrate: false, speed: 'instant', sound: false })));
  await page.reload();
  await page.waitForSelector('[data-game=choice]');
  assert.ok(!fetched.some((p) => p.endsWith('.bin')), `no table in the first load: ${fetched.join(' ')}`);
  const select = await computerSeat(page, 'choice');
  await page.locator('[data-testid=seat-row]').nth(0).locator('.segmented button').nth(1).click();
  for (let i = 0; i < 2; i++) await page.locator('[data-testid=seat-row]').nth(i).locator('[data-testid=level]').selectOption('expert');
  assert.equal(await select.inputValue(), 'expert');
  // Loading, then nothing to say.
  await page.waitForSelector('[data-testid=level-status]', { state: 'detached', timeout: 30000 });
  assert.ok(fetched.some((p) => p.endsWith('/data/choice-expert.bin')), fetched.join(' '));
  await page.click('details summary');
  await page.fill('[data-testid=seed]', '43');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/play\//);
  await page.waitForSelector('[data-testid=result]', { timeout: 120000 });
  const saved = await savedGame(page);
  assert.deepEqual(saved.record.seats.map((s) => [s.kind, s.level]), [['computer', 'expert'], ['computer', 'expert']]);
  assert.ok(saved.finished);
  assert.equal(await page.$('[data-testid=level-note]'), null, 'nothing to say once the table is in');
  assert.equal(fetched.filter((p) => p.endsWith('.bin')).length, 1, 'the table is fetched once');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('without its table (offline before the app was saved) the expert seat plays strong, and the screen says so', async () => {
  // No service worker: it would answer from its own fetch, which the
  // page's routes do not see.
  const page = await newPage(env.browser, PHONE, { serviceWorkers: 'block' });
  await page.route('**/*.bin', (r) => r.abort('internetdisconnected'));
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.setItem('spielblock.settings', JSON.stringify({ vibrate: false, speed: 'instant', sound: false })));
  await page.reload();
  await page.waitForSelector('[data-game=choice]');
  await computerSeat(page, 'choice');
  await page.locator('[data-testid=seat-row]').nth(0).locator('input').fill('Ana');
  await page.locator('[data-testid=seat-row]').nth(1).locator('input').fill('Robo');
  await page.locator('[data-testid=seat-row]').nth(1).locator('[data-testid=level]').selectOption('expert');
  const status = page.locator('[data-testid=level-status]');
  await status.filter({ hasText: 'could not be loaded' }).waitFor({ timeout: 30000 });
  assert.match(await status.textContent(), /“Expert”.*“Strong” instead/);
  await shot(page, 'levels-setup-failed-360');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/play\//);
  const note = page.locator('[data-testid=level-note]');
  await note.waitFor();
  assert.match(await note.textContent(), /Robo plays “Strong” instead/);
  // The seat is strong now, in the saved game too (the record tells no lie
  // about the level that played).
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('spielblock.v1.game.')
    && JSON.parse(localStorage.getItem(k)).record?.seats?.[1]?.level === 'strong'), null, { timeout: 10000 });
  const saved = await savedGame(page);
  assert.equal(saved.record.seats[1].level, 'strong');
  // The game goes on: Ana rolls, Robo answers.
  await page.click('[data-testid=roll]:enabled');
  await page.waitForSelector('[data-testid=thrown]');
  await page.context().close();
});

test('the seat menu changes a computer seat to expert mid-game: the computers wait for its table, then it plays', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.setItem('spielblock.settings', JSON.stringify({ vibrate: false, speed: 'fast', sound: false })));
  await page.reload();
  await page.waitForSelector('[data-game=choice]');
  await computerSeat(page, 'choice');
  await page.locator('[data-testid=seat-row]').nth(0).locator('input').fill('Ana');
  await page.locator('[data-testid=seat-row]').nth(1).locator('input').fill('Robo');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/play\//);
  await page.click('[data-testid=open-players]');
  const select = page.locator('.seat-kinds li').nth(1).locator('select[data-testid=level]');
  assert.deepEqual(await select.locator('option').evaluateAll((o) => o.map((x) => x.value)), ['casual', 'strong', 'expert']);
  assert.equal(await select.inputValue(), 'strong');
  await select.selectOption('expert');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('spielblock.v1.game.')
    && JSON.parse(localStorage.getItem(k)).record?.seats?.[1]?.level === 'expert'), null, { timeout: 10000 });
  // Once the table is in, nothing is said, and Robo assigns the throw
  // after Ana.
  await page.waitForSelector('[data-testid=level-note]', { state: 'detached', timeout: 30000 });
  await page.click('[data-testid=roll]:enabled');
  await page.waitForSelector('[data-testid=thrown]');
  await page.click('[data-testid=split] >> nth=0');
  await page.click('[data-testid=confirm]');
  await page.waitForFunction(() => {
    const k = Object.keys(localStorage).find((x) => x.startsWith('spielblock.v1.game.'));
    return JSON.parse(localStorage.getItem(k)).record.moves.some((m) => m.seat === 1 && m.action.assign);
  }, null, { timeout: 30000 });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the expert plays offline once the app was saved: the service worker keeps its table', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.waitForSelector('[data-game=choice]');
  // The service worker has precached every file of the build, the table too.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15000 });
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForSelector('[data-game=choice]');
  await computerSeat(page, 'choice');
  await page.locator('[data-testid=seat-row]').nth(1).locator('[data-testid=level]').selectOption('expert');
  await page.waitForSelector('[data-testid=level-status]', { state: 'detached', timeout: 30000 });
  await page.click('button[type=submit]');
  await page.waitForURL(/\/play\//);
  await page.click('[data-testid=roll]:enabled');
  await page.waitForSelector('[data-testid=thrown]');
  assert.equal(await page.$('[data-testid=level-note]'), null, 'nothing failed offline');
  const saved = await savedGame(page);
  assert.equal(saved.record.seats[1].level, 'expert');
  await page.context().setOffline(false);
  await page.context().close();
});
