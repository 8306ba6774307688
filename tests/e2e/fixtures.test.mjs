// Tier (c): games saved by an earlier build still resume. Each file in
// tests/fixtures/saved-1e80f2d/ is one game's localStorage entry as the build
// of commit 1e80f2d wrote it, part-way through a game tapped on its table:
// `key`, `raw` (the stored string, byte for byte), `value` (the same, parsed)
// and `moves` (how many moves its record holds). Each is put into an empty
// storage, opened, checked to have kept every move, and played one move on.
// SPIELBLOCK_DIST=/path/to/an/older/dist runs it against another build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { start, newPage, savedGame, PHONE, ROOT } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

const DIR = path.join(ROOT, 'tests/fixtures/saved-1e80f2d');

/**
 * Per game: who is to act in the fixture, and one legal move made by
 * tapping (data-testid selectors where the table has them).
 */
const NEXT = {
  // Ana's turn, nothing thrown yet: throw the dice.
  mindgolf: { who: 'Ana', move: (page) => page.click('[data-testid=throw]:enabled') },
  // Ben's turn to throw.
  choice: { who: 'Ben', move: (page) => page.click('[data-testid=roll]:enabled') },
  // Ana's turn; the device was last handed to Ben (confirmed_seat 1), so the
  // hand-over screen comes first. Then explore the first covered cell.
  minesweeper: {
    who: 'Ana',
    move: async (page) => {
      assert.match(await page.textContent('.handover'), /Ana/);
      await page.click('.handover button');
      await page.waitForSelector('[data-testid=ms-board]:not(.locked)');
      await page.locator('[data-testid=ms-board] .cov').first().click();
      await page.click('[data-testid=confirm]');
    },
  },
  // Ana's turn (both computer seats have played): draw from the pile.
  gnoming: { who: 'Ana', move: (page) => page.click('[data-testid=gn-draw]') },
  // Anna mid-turn, three dice set aside: throw the others.
  'en-gingg': { who: 'Anna', move: (page) => page.click('[data-testid=roll]:enabled') },
};

const fixtures = fs.readdirSync(DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => ({ name: f.replace(/\.json$/, ''), ...JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) }));

test('there is a saved game of every kind', () => {
  assert.deepEqual(fixtures.map((f) => f.value.game).sort(), Object.keys(NEXT).sort());
  for (const f of fixtures) {
    assert.deepEqual(JSON.parse(f.raw), f.value, `${f.name}: raw and value agree`);
    assert.equal(f.key, `spielblock.v1.game.${f.value.id}`);
    assert.equal(f.value.record.moves.length, f.moves);
    assert.equal(f.value.finished, false);
  }
});

for (const f of fixtures) {
  test(`${f.name}: a game saved by ${f.written_by} (${f.moves} moves) resumes and takes the next move`, async () => {
    const { game, id } = f.value;
    const next = NEXT[game];
    const page = await newPage(env.browser, PHONE);
    await page.goto(env.base + '/');
    await page.waitForSelector('.game-card');
    // An empty storage, then the entry exactly as the old build wrote it.
    assert.deepEqual(await page.evaluate(() => Object.keys(localStorage)), []);
    await page.evaluate(([key, raw]) => localStorage.setItem(key, raw), [f.key, f.raw]);
    await page.goto(env.base + `/play/${encodeURIComponent(id)}`);

    // (a) The table is shown, no error, nothing moved aside.
    await page.waitForSelector(`main.play[data-game=${game}], [role=alert]`);
    const alerts = await page.$$eval('[role=alert]', (els) => els.map((e) => e.textContent.trim()));
    assert.deepEqual(alerts, [], 'no error or unreadable notice');
    await page.waitForSelector(`main.play[data-game=${game}]`);
    await page.waitForFunction(() => document.querySelector('[data-testid=turn-banner]')?.textContent.trim());
    assert.match(await page.textContent('[data-testid=turn-banner]'), new RegExp(next.who));
    assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).filter((k) => !k.startsWith('spielblock.v1.game.'))), [], 'nothing kept aside');

    // (b) The stored record still holds exactly the fixture's moves.
    const resumed = await savedGame(page, id);
    assert.equal(resumed.record.moves.length, f.moves);
    assert.deepEqual(resumed.record.moves, f.value.record.moves);

    // (c) One more move by tapping, and it is saved after the old ones
    // (computer seats may follow with theirs).
    await next.move(page);
    await page.waitForFunction(([key, n]) => JSON.parse(localStorage.getItem(key)).record.moves.length > n, [f.key, f.moves]);
    const after = await savedGame(page, id);
    assert.ok(after.record.moves.length >= f.moves + 1, `${after.record.moves.length} moves stored`);
    assert.deepEqual(after.record.moves.slice(0, f.moves), f.value.record.moves, 'the old moves are kept as they were');
    assert.ok(after.revision > f.value.revision, 'written as a newer revision');
    assert.equal(after.finished, false);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
