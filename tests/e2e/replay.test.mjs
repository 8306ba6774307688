// Tier (c): replaying a finished game move by move with everything open, and
// sharing one finished game as a file (Web Share API or download) that opens
// into its replay. Finished games come from the command-line tool; what the
// replay shows is checked against `spielblock-cli replay --trace`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { start, newPage, shot, checkFit, audit, finishedGames, CLI, PHONE, DESKTOP } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

const GAMES = finishedGames([
  ['minesweeper', 4, ['Anna', '*Robo']],
  ['gnoming', 3, ['Anna', '*Robo', 'Cleo']],
  ['choice', 7, ['Ben']],
]);
const [MS, GN, CH] = GAMES;

const trace = (g) => execFileSync(CLI, ['replay', '--trace', '-'], { input: JSON.stringify(g.record) })
  .toString().trim().split('\n').map((l) => JSON.parse(l));

async function seed(page, games = GAMES) {
  await page.goto(env.base + '/');
  await page.evaluate((games) => {
    localStorage.clear();
    for (const g of games) localStorage.setItem(`spielblock.v1.game.${g.id}`, JSON.stringify(g));
  }, games);
}

const step = (page) => page.getAttribute('[data-testid=replay-step]', 'data-step');
async function goTo(page, k) {
  await page.fill('[data-testid=replay-slider]', String(k));
  await page.waitForSelector(`[data-testid=replay-step][data-step="${k}"]`);
}

const minus = (n) => (n < 0 ? `−${-n}` : String(n));
const face = (c) => (c === 'mulligan' ? 'M' : c === 'hazard' ? '⚠' : c.value < 0 ? `−${-c.value}` : String(c.value));

test('Minesweeper replays move by move from history: the covered mines open, every move as the trace has it, the end with its result', async () => {
  const lines = trace(MS);
  const truth = lines[0].start.truth.flatMap((m, i) => (m ? [i] : []));
  const moves = MS.record.moves.length;
  const page = await newPage(env.browser, PHONE);
  await seed(page);
  await page.goto(env.base + '/history');
  await page.click('[data-testid=finished-game][data-game=minesweeper] a:has-text("Replay")');
  await page.waitForSelector('[data-testid=replay-step]');
  assert.equal(new URL(page.url()).pathname, `/replay/${MS.id}`);
  assert.equal(await step(page), '0');
  assert.match(await page.textContent('[data-testid=replay-step]'), new RegExp(`before the first of ${moves} moves`));
  assert.equal(await page.getAttribute('[data-testid=replay-back]', 'aria-disabled'), 'true');
  // At the start every mine is covered and shown open.
  const hidden = () => page.$$eval('.ms-board .cov.hm', (els) => els.map((e) => Number(e.dataset.i)));
  assert.deepEqual(await hidden(), truth);
  await shot(page, 'replay-minesweeper-start-360');
  // Forward one move at a time (button and arrow key), back one.
  await page.click('[data-testid=replay-forward]');
  await page.waitForSelector('[data-testid=replay-step][data-step="1"]');
  assert.match(await page.textContent('[data-testid=replay-step]'), /^Move 1 of \d+: \S/);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('[data-testid=replay-step][data-step="2"]');
  await page.click('[data-testid=replay-back]');
  await page.waitForSelector('[data-testid=replay-step][data-step="1"]');
  // Every step: the scores are the trace's, and a covered cell shows a mine
  // exactly when the truth has one.
  for (let k = 0; k <= moves; k += Math.max(1, Math.floor(moves / 12))) {
    await goTo(page, k);
    const scores = await page.$$eval('.ms-scores .num', (els) => els.map((e) => Number(e.textContent.trim().replace('−', '-'))));
    const expected = k === 0 ? lines[0].scores : lines[k].scores;
    assert.deepEqual(scores, expected, `scores after move ${k}`);
    const covered = await page.$$eval('.ms-board .cov', (els) => els.map((e) => [Number(e.dataset.i), e.classList.contains('hm')]));
    for (const [i, mine] of covered) assert.equal(mine, truth.includes(i), `cell ${i} after move ${k}`);
  }
  await goTo(page, Math.floor(moves / 2));
  await shot(page, 'replay-minesweeper-middle-360');
  await page.click('[data-testid=replay-last]');
  await page.waitForSelector(`[data-testid=replay-step][data-step="${moves}"]`);
  assert.equal(await page.getAttribute('[data-testid=replay-forward]', 'aria-disabled'), 'true');
  // At the end the focus stays on the control (it is never disabled).
  await page.focus('[data-testid=replay-forward]');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'replay-forward');
  const ranking = await page.$$eval('[data-testid=result] .ranking li', (els) => els.map((e) => e.querySelector('.score').textContent));
  assert.deepEqual(ranking.sort(), MS.outcome.scores.map(minus).sort());
  await page.click('[data-testid=replay-first]');
  await page.waitForSelector('[data-testid=replay-step][data-step="0"]');
  // No control acts on the game: a tap on a covered cell changes nothing.
  await page.click('.ms-board .cov >> nth=3');
  assert.equal(await step(page), '0');
  assert.equal(await page.evaluate((id) => JSON.parse(localStorage.getItem(`spielblock.v1.game.${id}`)).record.moves.length, MS.id), moves);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('Gnoming A Round replays with every face-down card and the next card of the draw pile open', async () => {
  const lines = trace(GN);
  const start = lines[0].start;
  const page = await newPage(env.browser, PHONE);
  await seed(page);
  await page.goto(env.base + `/replay/${GN.id}`);
  await page.waitForSelector('[data-testid=replay-step]');
  // Before the first move all nine cards of each layout lie face down, open.
  for (let s = 0; s < 3; s++) {
    const shown = await page.$$eval(`[data-seat="${s}"] .gc.down`, (els) => els.map((e) => e.textContent));
    assert.deepEqual(shown, start.layouts[s].map((slot) => face(slot.card)), `seat ${s}`);
  }
  assert.equal(await page.textContent('[data-testid=gn-draw] .gc.down'), face(start.draw[start.draw.length - 1]));
  assert.match(await page.textContent('[data-testid=replay-hint]'), /dashed outline/);
  await shot(page, 'replay-gnoming-start-360');
  // A turned-up card is no longer marked face down.
  await page.click('[data-testid=replay-forward]');
  await page.waitForSelector('[data-testid=replay-step][data-step="1"]');
  const pos = GN.record.moves[0].action.reveal.pos;
  const seat = GN.record.moves[0].seat;
  const cell = page.locator(`[data-seat="${seat}"] .gpos`).nth(pos);
  assert.equal(await cell.locator('.gc.down').count(), 0);
  assert.equal(await cell.textContent(), face(start.layouts[seat][pos].card));
  await page.click('[data-testid=replay-last]');
  await page.waitForSelector('[data-testid=result]');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a replay offers no decision: no bar, no greyed control, no word to tap (issue 40)', async () => {
  const page = await newPage(env.browser, PHONE);
  await seed(page);
  for (const g of GAMES) {
    await page.goto(env.base + `/replay/${g.id}`);
    await page.waitForSelector('[data-testid=replay-step]');
    for (const k of [1, 2]) {
      await goTo(page, k);
      assert.equal(await page.locator('[data-testid=decision]').count(), 0, `${g.game} move ${k}: a decision bar`);
      // No greyed command ("Roll the dice"): the dice drawn as on the
      // table are the only parts that do not answer.
      const off = await page.$$eval('main button:disabled', (bs) => bs.filter((b) => !b.closest('.replay-controls') && !b.matches('[data-testid=die]')).map((b) => b.textContent));
      assert.deepEqual(off, [], `${g.game} move ${k}: a greyed control`);
    }
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('replay screens fit at 320, 360 and 1280 px in both languages and pass axe', async () => {
  for (const lang of ['en', 'de']) {
    for (const viewport of [{ width: 320, height: 640 }, PHONE, DESKTOP]) {
      const page = await newPage(env.browser, viewport);
      await seed(page);
      await page.evaluate((l) => localStorage.setItem('spielblock.lang', JSON.stringify(l)), lang);
      for (const g of [MS, GN, CH]) {
        await page.goto(env.base + `/replay/${g.id}`);
        await page.waitForSelector('[data-testid=replay-step]');
        await goTo(page, Math.floor(g.record.moves.length / 3));
        // Only a game with secrets explains what the replay opens.
        assert.equal(await page.locator('[data-testid=replay-hint]').count(), g === CH ? 0 : 1);
        await checkFit(page, `replay ${g.game} ${lang} ${viewport.width}`);
        await shot(page, `replay-${g.game}-${lang}-${viewport.width}`);
        if (viewport.width === 360) await audit(page, `replay ${g.game} ${lang}`);
      }
      assert.deepEqual(page.problems, []);
      await page.context().close();
    }
  }
});

test('a finished game is shared through the Web Share API or as a download, and the file opens into its replay elsewhere', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spielblock-share-'));
  // Where the browser can share files, the share sheet gets the file.
  const sharing = await newPage(env.browser, PHONE);
  await sharing.addInitScript(() => {
    window.__shared = [];
    navigator.canShare = (data) => Array.isArray(data.files) && data.files.length === 1;
    navigator.share = async (data) => { window.__shared.push({ title: data.title, name: data.files[0].name, type: data.files[0].type, text: await data.files[0].text() }); };
  });
  await seed(sharing);
  await sharing.goto(env.base + `/replay/${GN.id}`);
  await sharing.click('[data-testid=share-game]');
  await sharing.waitForFunction(() => window.__shared.length === 1);
  const [sent] = await sharing.evaluate(() => window.__shared);
  assert.equal(sent.title, 'Gnoming A Round');
  assert.match(sent.name, /^spielblock-gnoming-\d{4}-\d{2}-\d{2}\.json$/);
  assert.equal(sent.type, 'application/json');
  const file = JSON.parse(sent.text);
  assert.equal(file.app, 'spielblock');
  assert.deepEqual(Object.keys(file.items), [`spielblock.v1.game.${GN.id}`]);
  assert.deepEqual(JSON.parse(file.items[`spielblock.v1.game.${GN.id}`]).record, GN.record);
  await sharing.context().close();

  // Elsewhere (Chromium on a desktop has no file sharing): a download.
  const page = await newPage(env.browser, PHONE, { acceptDownloads: true });
  await seed(page);
  await page.goto(env.base + `/replay/${MS.id}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=share-game]')]);
  assert.match(download.suggestedFilename(), /^spielblock-minesweeper-\d{4}-\d{2}-\d{2}\.json$/);
  const shared = path.join(tmp, download.suggestedFilename());
  await download.saveAs(shared);

  // Another phone, nothing played yet: from the settings (a tap from the
  // home screen) the file opens into the replay, unsaved.
  const other = await newPage(env.browser, PHONE);
  await seed(other, []);
  await other.goto(env.base + '/');
  await other.click('a.settings-link');
  await other.setInputFiles('[data-testid=open-shared]', shared);
  await other.waitForSelector('[data-testid=shared-game]');
  assert.equal(new URL(other.url()).pathname, '/replay');
  assert.equal(await other.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('.game.')).length), 0);
  await other.click('[data-testid=replay-last]');
  await other.waitForSelector('[data-testid=result]');
  await shot(other, 'replay-shared-360');
  // Added to the history on request; then it is an ordinary replay.
  await other.click('[data-testid=shared-add]');
  await other.waitForURL(`**/replay/${MS.id}`);
  await other.waitForSelector('[data-testid=replay-step]');
  assert.equal(await other.$('[data-testid=shared-game]'), null);
  await other.goto(env.base + '/history');
  await other.waitForSelector('[data-testid=finished-game][data-game=minesweeper]');
  // Opening it again goes to the stored game: nothing is duplicated.
  await other.setInputFiles('[data-testid=open-shared]', shared);
  await other.waitForURL(`**/replay/${MS.id}`);
  assert.equal(await other.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('.game.')).length), 1);

  // Refused with the reason, nothing stored: a cut file, a backup of several
  // games, an unfinished game, a game whose moves do not replay.
  const text = fs.readFileSync(shared, 'utf8');
  const saved = JSON.parse(JSON.parse(text).items[`spielblock.v1.game.${MS.id}`]);
  const wrap = (g) => JSON.stringify({ app: 'spielblock', kind: 'game', items: { [`spielblock.v1.game.${g.id}`]: JSON.stringify(g) } });
  const bad = [
    ['cut.json', text.slice(0, text.length / 2), /breaks off|not JSON|cut/i],
    ['backup.json', JSON.stringify({ app: 'spielblock', items: Object.fromEntries(GAMES.map((g) => [`spielblock.v1.game.${g.id}`, JSON.stringify(g)])) }), /backup with more than one game/],
    ['open.json', wrap({ ...saved, id: 'x1', finished: false, outcome: null }), /not finished/],
    ['short.json', wrap({ ...saved, id: 'x2', record: { ...saved.record, moves: saved.record.moves.slice(0, 5) } }), /not finished/],
    ['illegal.json', wrap({ ...saved, id: 'x3', record: { ...saved.record, moves: [...saved.record.moves.slice(0, 5), saved.record.moves[2]] } }), /cannot be read/],
  ];
  const stored = () => other.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
  await other.goto(env.base + '/history');
  const before = await stored();
  for (const [name, content, reason] of bad) {
    fs.writeFileSync(path.join(tmp, name), content);
    await other.setInputFiles('[data-testid=open-shared]', path.join(tmp, name));
    await other.waitForSelector('[data-testid=shared-refused]');
    assert.match(await other.textContent('[data-testid=shared-refused]'), reason, name);
    assert.equal(await stored(), before, name);
    assert.equal(new URL(other.url()).pathname, '/history');
  }
  await shot(other, 'replay-shared-refused-360');
  // A reload of /replay without the file asks for it; a file opened there
  // becomes the replay on the spot.
  await seed(other, []);
  await other.goto(env.base + '/replay');
  await other.setInputFiles('[data-testid=open-shared]', shared);
  await other.waitForSelector('[data-testid=shared-game]');
  await other.waitForSelector('[data-testid=replay-step][data-step="0"]');
  for (const p of [page, other]) {
    assert.deepEqual(p.problems, []);
    await p.context().close();
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('a shared file meets the game stored under its id by content: continues it, or shows itself beside another (issue 21, 9)', async () => {
  const wrap = (g, extra = {}) => JSON.stringify({ app: 'spielblock', kind: 'game', items: { [`spielblock.v1.game.${g.id}`]: JSON.stringify(g), ...extra } });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spielblock-meet-'));
  const file = path.join(tmp, 'ms.json');
  fs.writeFileSync(file, wrap(MS));
  const page = await newPage(env.browser, PHONE);
  const games = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('.game.')).sort());
  const stored = (id) => page.evaluate((id) => JSON.parse(localStorage.getItem(`spielblock.v1.game.${id}`)), id);
  // The same game here, still being played (its first 6 moves): the file
  // brings it up to date and it opens finished. Before: "This game is
  // still being played".
  const unfinished = { ...MS, finished: false, outcome: null, revision: 6, record: { ...MS.record, moves: MS.record.moves.slice(0, 6) } };
  await seed(page, [unfinished]);
  await page.goto(env.base + '/history');
  await page.setInputFiles('[data-testid=open-shared]', file);
  await page.waitForURL(`**/replay/${MS.id}`);
  await page.waitForSelector('[data-testid=replay-step]');
  const now = await stored(MS.id);
  assert.equal(now.finished, true);
  assert.deepEqual(now.record.moves, MS.record.moves);
  assert.deepEqual(await games(), [`spielblock.v1.game.${MS.id}`]);
  // Another game under the same id: the file's game is shown, not the
  // stored one, and adding it keeps both. Before: the stored game opened.
  const other = { ...CH, id: MS.id };
  await seed(page, [other]);
  await page.goto(env.base + '/history');
  await page.setInputFiles('[data-testid=open-shared]', file);
  await page.waitForSelector('[data-testid=shared-game]');
  assert.equal(await page.getAttribute('main', 'data-game'), 'minesweeper');
  await page.click('[data-testid=shared-add]');
  await page.waitForURL((u) => /\/replay\/.+/.test(u.pathname) && !u.pathname.endsWith(`/${MS.id}`));
  assert.equal((await games()).length, 2);
  assert.deepEqual((await stored(MS.id)).record, CH.record, 'the game here is untouched');
  // One game plus a record (left from an older version): it opens, the
  // record is not read.
  const withRecord = path.join(tmp, 'ms-record.json');
  fs.writeFileSync(withRecord, wrap(MS, { 'spielblock.record.minesweeper': '[["Anna",99999,"2020-01-01"]]' }));
  await seed(page, []);
  await page.goto(env.base + '/history');
  await page.setInputFiles('[data-testid=open-shared]', withRecord);
  await page.waitForSelector('[data-testid=shared-game]');
  assert.equal(await page.evaluate(() => localStorage.getItem('spielblock.record.minesweeper')), null);
  assert.deepEqual(page.problems, []);
  await page.context().close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
