// Tier (c): the history of finished games and the statistics, on the release
// build. Finished games come from the command-line tool's computer games
// (their records and replayed outcomes), saved as the app saves them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { start, newPage, shot, checkFit, audit, setUpGame, savedGame, finishedGames, PHONE, DESKTOP } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

const GAMES = finishedGames([
  ['choice', 7, ['Anna', 'Ben']],
  ['gnoming', 3, ['Anna', '*Robo', 'Cleo']],
  ['mindgolf', 5, ['Ben', 'Cleo']],
  ['choice', 11, ['Anna', 'Ben']],
]);

async function seed(page) {
  await page.goto(env.base + '/');
  await page.evaluate((games) => {
    localStorage.clear();
    for (const g of games) localStorage.setItem(`spielblock.v1.game.${g.id}`, JSON.stringify(g));
  }, GAMES);
  await page.goto(env.base + '/');
}

const minus = (n) => (n < 0 ? `−${-n}` : String(n));

test('finished games are listed newest first with their ranking, filtered by game and player, with statistics', async () => {
  const page = await newPage(env.browser, PHONE);
  await seed(page);
  await page.click('.history-link a');
  await page.waitForSelector('[data-testid=finished-game]');
  assert.equal(new URL(page.url()).pathname, '/history');
  const items = page.locator('[data-testid=finished-game]');
  assert.deepEqual(await items.evaluateAll((els) => els.map((e) => e.dataset.game)), ['choice', 'mindgolf', 'gnoming', 'choice']);
  // Each ranking is the replayed outcome.
  for (const [i, g] of [...GAMES].reverse().entries()) {
    const lines = await items.nth(i).locator('.standings li').allTextContents();
    const order = g.outcome.places.map((p, s) => [p, s]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, s]) => s);
    assert.deepEqual(lines.map((l) => l.replace(/ \(Computer, Casual\)/, '')),
      order.map((s) => `${g.outcome.places[s]}. ${g.record.seats[s].name}: ${minus(g.outcome.scores[s])}`));
  }
  assert.match(await items.nth(2).textContent(), /Robo \(Computer, Casual\)/);
  // Records: each game's best by a person (Gnoming's lowest).
  const records = await page.locator('[data-testid=record]').allTextContents();
  assert.equal(records.length, 3, records.join('\n'));
  const humanScores = (game) => GAMES.filter((g) => g.game === game)
    .flatMap((g) => g.record.seats.map((seat, i) => [seat, g.outcome.scores[i]]).filter(([seat]) => seat.kind === 'human').map(([, v]) => v));
  const choiceBest = Math.max(...humanScores('choice'));
  const gnomingBest = Math.min(...humanScores('gnoming'));
  assert.ok(records.some((r) => r.startsWith('CHOICE, best score: ' + minus(choiceBest))), records.join('\n'));
  assert.ok(records.some((r) => r.startsWith('Gnoming A Round, best score: ' + minus(gnomingBest))), records.join('\n'));
  // Anna against the casual computer in Gnoming.
  const gn = GAMES[1];
  const ahead = gn.outcome.places[0] < gn.outcome.places[1] ? 1 : 0;
  assert.ok((await page.locator('[data-testid=stats-vs]').allTextContents())
    .includes(`ahead of the computer (Casual) in ${ahead} of 1`));
  // Filters: Gnoming alone, then Ben alone.
  await page.selectOption('[data-testid=filter-game]', 'gnoming');
  assert.equal(await items.count(), 1);
  await page.selectOption('[data-testid=filter-game]', '');
  await page.selectOption('[data-testid=filter-player]', 'Ben');
  assert.deepEqual(await items.evaluateAll((els) => els.map((e) => e.dataset.game)), ['choice', 'mindgolf', 'choice']);
  const stats = await page.locator('[data-testid=stats-row]').allTextContents();
  assert.equal(stats.length, 2, stats.join('\n'));
  const bens = [GAMES[0], GAMES[3]];
  const benWon = bens.filter((g) => g.outcome.places[1] === 1).length;
  const benBest = Math.max(...bens.map((g) => g.outcome.scores[1]));
  assert.ok(stats.some((s) => s.includes('Ben') && s.includes('CHOICE') && s.includes(`2 played · ${benWon} won (${benWon * 50} %)`)
    && s.includes(`best ${minus(benBest)}`)), stats.join('\n'));
  // Ben's two CHOICE scores as a chart, oldest first.
  const chart = page.locator('[data-testid=stats-row]', { hasText: 'CHOICE' }).locator('svg.chart');
  assert.equal(await chart.locator('circle').count(), 2);
  assert.match(await chart.getAttribute('aria-label'), new RegExp(`oldest first: ${minus(bens[0].outcome.scores[1])}, ${minus(bens[1].outcome.scores[1])}$`));
  await shot(page, 'history-filtered-360');
  // Show: the game's own result screen, the same scores.
  await page.selectOption('[data-testid=filter-player]', '');
  await items.nth(2).locator('a[href^="/play/"]').click();
  await page.waitForSelector('[data-testid=result]');
  const scores = await page.locator('[data-testid=result] .ranking .score').allTextContents();
  const g = GAMES[1];
  assert.deepEqual([...scores].sort(), g.outcome.scores.map(minus).sort());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('history screens fit at 320, 360 and 1280 px in both languages, pass axe, and an empty history says so', async () => {
  for (const lang of ['en', 'de']) {
    for (const viewport of [{ width: 320, height: 640 }, PHONE, DESKTOP]) {
      const page = await newPage(env.browser, viewport);
      await seed(page);
      await page.evaluate((l) => localStorage.setItem('spielblock.lang', JSON.stringify(l)), lang);
      await page.goto(env.base + '/history');
      await page.waitForSelector('[data-testid=finished-game]');
      await checkFit(page, `history ${lang} ${viewport.width}`);
      await shot(page, `history-${lang}-${viewport.width}`);
      await page.selectOption('[data-testid=filter-player]', 'Anna');
      await page.waitForSelector('svg.chart');
      await checkFit(page, `history Anna ${lang} ${viewport.width}`);
      await shot(page, `history-anna-${lang}-${viewport.width}`);
      if (viewport.width === 360) {
        await audit(page, `history ${lang}`);
        await page.goto(env.base + '/');
        await page.waitForSelector('.history-link a');
        await shot(page, `home-with-history-${lang}-360`);
      }
      assert.deepEqual(page.problems, []);
      await page.context().close();
    }
  }
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/history');
  await page.waitForSelector('[data-testid=history-empty]');
  await page.goto(env.base + '/');
  await page.waitForSelector('.game-card');
  assert.equal(await page.$('.history-link'), null, 'no history link without a finished game');
  await page.context().close();
});

test('a backup moves everything: download, clear, restore, all back; a broken or foreign file is refused and changes nothing', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spielblock-backup-'));
  const page = await newPage(env.browser, PHONE);
  await seed(page);
  // An unfinished game too: the first six moves of a finished one.
  await page.evaluate((g) => {
    const open = { ...g, id: 'open1', finished: false, outcome: null, turn: 2, record: { ...g.record, moves: g.record.moves.slice(0, 6) } };
    localStorage.setItem('spielblock.v1.game.open1', JSON.stringify(open));
  }, GAMES[0]);
  await page.reload();
  await page.waitForSelector('[data-testid=saved-game]');
  // Every entry but the home screen's index, which is derived from the
  // games, left out of a backup and written again from them.
  const stored = () => page.evaluate(() => Object.fromEntries(Object.keys(localStorage)
    .filter((k) => k.startsWith('spielblock.') && k !== 'spielblock.home-index').sort().map((k) => [k, localStorage.getItem(k)])));
  const before = await stored();
  // The backup is one tap away from the home screen, in the settings.
  await page.click('a.settings-link');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-all]')]);
  const file = path.join(tmp, 'backup.json');
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  assert.ok(!text.includes('spielblock.home-index'), 'the home index is not backed up');
  // Refused, nothing changed: a cut-off file, someone else's JSON.
  for (const [name, content, reason] of [
    ['cut.json', text.slice(0, Math.floor(text.length / 2)), /breaks off/],
    ['other.json', JSON.stringify({ version: 3, notes: ['x'] }), /not a Spielblock backup/],
  ]) {
    fs.writeFileSync(path.join(tmp, name), content);
    await page.setInputFiles('[data-testid=import-file]', path.join(tmp, name));
    await page.waitForSelector('[data-testid=import-refused]');
    assert.match(await page.textContent('[data-testid=import-refused]'), reason);
    assert.deepEqual(await stored(), before);
  }
  await shot(page, 'backup-refused-360');
  // A new phone: nothing stored; the file brings all back.
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.base + '/');
  await page.waitForSelector('.game-card');
  assert.equal(await page.$('[data-testid=saved-game]'), null);
  await page.click('a.settings-link');
  await page.setInputFiles('[data-testid=import-file]', file);
  await page.waitForSelector('[data-testid=import-plan]');
  assert.match(await page.textContent('[data-testid=import-plan]'), /New games: 5/);
  await shot(page, 'backup-plan-360');
  await page.click('[data-testid=import-confirm]');
  await page.waitForSelector('[data-testid=import-done]');
  assert.deepEqual(await stored(), before, 'every entry is back as it was');
  await page.click('.topbar a');
  await page.waitForSelector('[data-testid=saved-game]');
  assert.match(await page.textContent('.history-link'), /4 finished/);
  assert.match(await page.evaluate(() => localStorage.getItem('spielblock.home-index')), /open1/, 'the home index is written again from the games');
  // The unfinished game resumes.
  await page.click('[data-testid=saved-game] a');
  await page.waitForSelector('main.play');
  // The same file again adds nothing.
  await page.goto(env.base + '/settings');
  await page.setInputFiles('[data-testid=import-file]', file);
  await page.waitForSelector('[data-testid=import-plan]');
  assert.match(await page.textContent('[data-testid=import-plan]'), /nothing to add/);
  assert.equal(await page.$('[data-testid=import-confirm]'), null);
  assert.deepEqual(page.problems, []);
  await page.context().close();
  // German words for the plan.
  const de = await newPage(env.browser, { width: 320, height: 640 });
  await de.goto(env.base + '/');
  await de.evaluate(() => localStorage.setItem('spielblock.lang', '"de"'));
  await de.goto(env.base + '/settings');
  await de.setInputFiles('[data-testid=import-file]', file);
  await de.waitForSelector('[data-testid=import-plan]');
  assert.match(await de.textContent('[data-testid=import-plan]'), /Neue Spiele: 5/);
  await checkFit(de, 'backup plan de 320');
  await shot(de, 'backup-plan-de-320');
  await de.context().close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('two tabs playing different games keep both, move by move', async () => {
  const context = await env.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const a = await context.newPage();
  const b = await context.newPage();
  await setUpGame(a, env.base, { game: 'en-gingg', names: ['Anna', 'Ben'], seed: 4 });
  await setUpGame(b, env.base, { game: 'choice', names: ['Cleo'], seed: 9 });
  const ids = [a, b].map((p) => new URL(p.url()).pathname.split('/').pop());
  const moves = (p, id) => p.evaluate((id) => JSON.parse(localStorage.getItem(`spielblock.v1.game.${id}`)).record.moves.length, id);
  // Alternate: a move in one tab, a move in the other, six times each
  // (En Gingg: throw, or set a die aside; CHOICE: throw, or enter it).
  const enGingg = async (p) => {
    const roll = p.locator('[data-testid=roll]:enabled');
    if (await roll.count()) return roll.click();
    await p.locator('[data-testid=die]:enabled').first().click();
    await p.click('[data-testid=set-aside]');
  };
  const choice = async (p) => {
    const roll = p.locator('[data-testid=roll]:enabled');
    if (await roll.count()) return roll.click();
    await p.click('[data-testid=split] >> nth=-1');
    await p.click('[data-testid=confirm]');
  };
  for (let i = 0; i < 6; i++) {
    for (const [p, move, id] of [[a, enGingg, ids[0]], [b, choice, ids[1]]]) {
      await p.bringToFront();
      const before = await moves(p, id);
      await move(p);
      await p.waitForFunction(([id, n]) => JSON.parse(localStorage.getItem(`spielblock.v1.game.${id}`)).record.moves.length > n, [id, before]);
    }
  }
  const counts = [await moves(a, ids[0]), await moves(b, ids[1])];
  assert.deepEqual(counts, [6, 6]);
  // Both reload into their own game with every move; the home screen lists both.
  for (const [p, id, n] of [[a, ids[0], counts[0]], [b, ids[1], counts[1]]]) {
    await p.reload();
    await p.waitForSelector('main.play');
    assert.equal(await moves(p, id), n);
  }
  await a.goto(env.base + '/');
  await a.waitForSelector('[data-testid=saved-game]');
  assert.equal(await a.locator('[data-testid=saved-game]').count(), 2);
  await context.close();
});

test('a full storage offers to delete the oldest finished games: the ten oldest go, the newer stay, and the move is then saved', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUpGame(page, env.base, { names: ['Ana', 'Ben'], seed: 33 });
  await page.waitForSelector('[data-testid=roll]');
  await page.evaluate((g) => {
    for (let i = 0; i < 12; i++) {
      const id = `old${String(i).padStart(2, '0')}`;
      localStorage.setItem(`spielblock.v1.game.${id}`, JSON.stringify({ ...g, id, updated: g.updated + i * 1000 }));
    }
    let n = 0;
    for (let size = 1 << 20; size >= 8; size >>= 1) {
      for (;;) {
        try { localStorage.setItem(`filler.${n++}`, 'f'.repeat(size)); } catch { break; }
      }
    }
  }, GAMES[0]);
  await page.click('[data-testid=roll]');
  await page.waitForSelector('[data-testid=free-oldest]');
  assert.equal((await page.textContent('[data-testid=free-oldest]')).trim(), 'Delete the 10 oldest finished games (of 12)');
  assert.match(await page.textContent('[data-testid=storage-full]'), /download a backup first/);
  await shot(page, 'storage-full-trim-360');
  await page.click('[data-testid=free-oldest]');
  await page.waitForSelector('[data-testid=storage-full]', { state: 'detached' });
  const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('spielblock.v1.game.old')).sort());
  assert.deepEqual(left, ['spielblock.v1.game.old10', 'spielblock.v1.game.old11']);
  await page.click('[data-testid=roll]');
  await page.waitForSelector('[data-testid=die]');
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
  assert.equal((await savedGame(page, id)).record.moves.length, 1, 'saved once there was room');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
