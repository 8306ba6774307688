// Tier (c): the coach (issue 25) on the release build: a Hint shows the
// strong player's best moves with their value in the game's terms, and
// following one plays that move.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, shot, savedGame, setUpGame, PHONE, DESKTOP } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

/** Opens the coach and returns its rows' texts. */
async function hint(page) {
  await page.click('[data-testid=coach-hint]');
  await page.waitForSelector('[data-testid=coach]');
  return page.$$eval('[data-testid=coach-row]', (rows) => rows.map((r) => ({
    what: r.querySelector('.what').textContent.trim(),
    value: r.querySelector('.value').textContent.trim(),
  })));
}

test('MindGolf: a hint shown and followed, twice; the record keeps the coach', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUpGame(page, env.base, { game: 'mindgolf', names: ['Ana'], seed: 7, coach: true });
  await page.waitForSelector('[data-testid=coach-hint]');
  let rows = await hint(page);
  assert.ok(rows.length >= 2 && rows.length <= 3, JSON.stringify(rows));
  assert.match(rows[0].what, /^Throw /);
  // An estimate by design: "about", in expected final points.
  for (const r of rows) assert.match(r.value, /^about \d+\.\d final points expected$/);
  await shot(page, 'coach-mg-360');
  await page.click('[data-testid=coach-play] >> nth=0');
  await page.waitForFunction(() => !document.querySelector('[data-testid=coach]'));
  let g = await savedGame(page);
  assert.equal(g.record.coach, true);
  assert.equal(g.record.moves.length, 1);
  assert.ok('throw' in g.record.moves[0].action, JSON.stringify(g.record.moves[0]));
  // The thrown value: enter, park or re-roll, as the coach ranks them.
  rows = await hint(page);
  assert.ok(rows.length >= 2, JSON.stringify(rows));
  assert.match(rows[0].what, /^(Enter|Park|Re-roll)/);
  await page.click('[data-testid=coach-play] >> nth=0');
  await page.waitForFunction(() => !document.querySelector('[data-testid=coach]'));
  g = await savedGame(page);
  assert.equal(g.record.moves.length, 2);
  // The open answer follows a switch to German; on a phone of 320 px and
  // on a desktop.
  rows = await hint(page);
  await page.click('[data-testid=lang-switch]');
  await page.waitForFunction(() => /etwa/.test(document.querySelector('[data-testid=coach]')?.textContent ?? ''));
  rows = await page.$$eval('[data-testid=coach-row] .value', (v) => v.map((x) => x.textContent.trim()));
  for (const r of rows) assert.match(r, /^etwa \d+,\d Endpunkte erwartet$/);
  await page.setViewportSize({ width: 320, height: 568 });
  // On a small phone the hint leaves most of the table in sight: the
  // panel scrolls within a fifth of the screen or so.
  const fit = await page.evaluate(() => ({
    panel: document.querySelector('[data-testid=coach]').getBoundingClientRect().height,
    bar: document.querySelector('[data-testid=decision]').getBoundingClientRect().top,
  }));
  assert.ok(fit.panel <= 0.23 * 568 && fit.bar >= 0.3 * 568, `hint panel ${JSON.stringify(fit)}`);
  await shot(page, 'coach-mg-320-de');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'coach-mg-1280-de');
  assert.deepEqual(page.problems, []);
});

test('En Gingg: the coach weighs setting dice aside exactly, and a followed hint is played', async () => {
  const page = await newPage(env.browser, { width: 320, height: 568 });
  await setUpGame(page, env.base, { game: 'en-gingg', names: ['Ana', 'Robo'], computer: [1], seed: 11, coach: true });
  await page.click('[data-testid=roll]');
  await page.waitForSelector('[data-testid=die]');
  const rows = await hint(page);
  assert.ok(rows.length >= 2, JSON.stringify(rows));
  for (const r of rows) {
    assert.match(r.what, /^Set aside \d(-\d)*$/);
    // Exact: no "about"; a change, so signed.
    assert.match(r.value, /^([+−]\d+\.\d|0\.0) balance change expected this turn$/);
  }
  await shot(page, 'coach-eg-320');
  const before = (await savedGame(page)).record.moves.length;
  await page.click('[data-testid=coach-play] >> nth=0');
  await page.waitForFunction(() => !document.querySelector('[data-testid=coach]'));
  const g = await savedGame(page);
  assert.equal(g.record.moves.length, before + 1);
  assert.ok('set_aside' in g.record.moves.at(-1).action, JSON.stringify(g.record.moves.at(-1)));
  assert.deepEqual(page.problems, []);
});

test('Minesweeper: the coach gives the move\'s points and its mine chance; no coach without the option', async () => {
  const page = await newPage(env.browser, DESKTOP);
  await setUpGame(page, env.base, { game: 'minesweeper', names: ['Ana', 'Robo'], computer: [1], seed: 3, coach: true });
  const rows = await hint(page);
  assert.ok(rows.length >= 2, JSON.stringify(rows));
  for (const r of rows) {
    assert.match(r.what, /^(Explore|Mark a mine at) [A-Z]+\d+$/);
    assert.match(r.value, /^([+−]\d+\.\d|0\.0) points expected, mine chance \d+ %(; then the opponent expects ([+−]\d+\.\d|0\.0))?$/);
  }
  // The first three are ranked by what they leave the opponent too.
  assert.ok(rows.slice(0, 2).every((r) => /then the opponent expects/.test(r.value)), JSON.stringify(rows));
  await shot(page, 'coach-ms-1280');
  // Without the option, no Hint button.
  const plain = await newPage(env.browser, PHONE);
  await setUpGame(plain, env.base, { game: 'minesweeper', names: ['Ana', 'Robo'], computer: [1], seed: 3 });
  await plain.waitForSelector('[data-testid=decision]');
  assert.equal(await plain.$('[data-testid=coach-hint]'), null);
  assert.equal((await savedGame(plain)).record.coach, undefined);
  assert.deepEqual(page.problems, []);
});
