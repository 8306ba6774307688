// Tier (c): games saved by an earlier build still resume. Each game's folder
// holds one (src/games/<module>/saved.json): its localStorage entry as the
// build of commit `written_by` wrote it, part-way through a game tapped on
// its table: `key`, `raw` (the stored string, byte for byte), `value` (the
// same, parsed) and `moves` (how many moves its record holds). Each is put
// into an empty storage, opened, checked to have kept every move, and
// played one move on (the taps: its play.json, `resume`).
// SPIELBLOCK_DIST=/path/to/an/older/dist runs it against another build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { start, newPage, savedGame, PHONE, ROOT } from './helpers.mjs';
import { GAMES, IDS, playData } from '../games.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

/**
 * Per game (its play.json, `resume`): who is to act in the fixture, and one
 * legal move made by tapping, as steps: `see` [selector, text] (the text is
 * there), `click` a selector, `wait` for one, `first` (click the first of
 * many).
 */
const NEXT = Object.fromEntries(IDS.map((id) => [id, playData(id, 'resume')]));

async function play(page, steps) {
  for (const step of steps) {
    if (step.see) assert.match(await page.textContent(step.see[0]), new RegExp(step.see[1]));
    else if (step.click) await page.click(step.click);
    else if (step.wait) await page.waitForSelector(step.wait);
    else if (step.first) await page.locator(step.first).first().click();
    else throw new Error(`unknown step ${JSON.stringify(step)}`);
  }
}

const fixtures = GAMES.map((g) => {
  const file = path.join(ROOT, 'src/games', g.module, 'saved.json');
  assert.ok(fs.existsSync(file), `${g.id}: src/games/${g.module}/saved.json is missing (a game saved by an earlier build)`);
  return { name: g.id, ...JSON.parse(fs.readFileSync(file, 'utf8')) };
});

test('there is a saved game of every kind', () => {
  assert.deepEqual(fixtures.map((f) => f.value.game), IDS, 'each game\'s saved game is of that game');
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
    assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).filter((k) => !k.startsWith('spielblock.v1.game.') && k !== 'spielblock.home-index')), [], 'nothing kept aside');

    // (b) The stored record still holds exactly the fixture's moves.
    const resumed = await savedGame(page, id);
    assert.equal(resumed.record.moves.length, f.moves);
    assert.deepEqual(resumed.record.moves, f.value.record.moves);

    // (c) One more move by tapping, and it is saved after the old ones
    // (computer seats may follow with theirs).
    await play(page, next.steps);
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
