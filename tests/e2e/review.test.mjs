// Tier (c): the coach's review of a finished game (issue 25), opened from the
// history: each person's expected points lost, agreeing with
// `spielblock-cli review`; the three costliest decisions, each one tap from
// the replay at that move; a chart; both languages; phone and desktop.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { start, newPage, shot, checkFit, audit, finishedGames, setUpGame, CLI, PHONE, DESKTOP } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

// People played by the casual computer player, so they lose points.
const GAMES = finishedGames([
  ['mindgolf', 5, ['Ana'], 'casual'],
  ['minesweeper', 4, ['Ana', '*Robo'], 'casual,strong'],
  ['choice', 7, ['Ana'], 'casual'],
]);
const [MG, MS, CH] = GAMES;

const review = (g) => execFileSync(CLI, ['review', '-'], { input: JSON.stringify(g.record) })
  .toString().trim().split('\n').map((l) => JSON.parse(l));

/** What the review must say of `seat`: decisions, the loss in tenths, the costliest three. */
function expected(g, seat) {
  const mine = review(g).filter((j) => j.seat === seat);
  const lost = mine.reduce((a, j) => a + j.loss, 0);
  const costly = mine.filter((j) => j.loss >= 0.05)
    .sort((a, b) => b.loss - a.loss || a.index - b.index).slice(0, 3).map((j) => j.index);
  return { n: mine.length, lost: (Math.round(lost * 10) / 10).toFixed(1), costly, about: mine.some((j) => j.estimate) };
}

async function seed(page) {
  await page.goto(env.base + '/');
  await page.evaluate((games) => {
    localStorage.clear();
    for (const g of games) localStorage.setItem(`spielblock.v1.game.${g.id}`, JSON.stringify(g));
  }, GAMES);
}

async function openReview(page, game) {
  await page.goto(env.base + '/history');
  await page.click(`[data-testid=finished-game][data-game=${game}] a:has-text("Review")`);
  await page.waitForSelector('[data-testid=review-seat]');
}

test('MindGolf: the review from the history says what the coach says, and jumps to the replay at the costliest move', async () => {
  const want = expected(MG, 0);
  assert.ok(want.costly.length === 3, JSON.stringify(want));
  const page = await newPage(env.browser, { width: 320, height: 640 });
  await seed(page);
  await openReview(page, 'mindgolf');
  assert.equal(new URL(page.url()).pathname, `/review/${MG.id}`);
  assert.equal(await page.textContent('[data-testid=review-total]'),
    `${want.about ? 'about ' : ''}${want.lost} expected points lost over ${want.n} decisions`);
  const costly = await page.$$eval('[data-testid=review-costly]', (els) => els.map((e) => Number(e.dataset.index)));
  assert.deepEqual(costly, want.costly);
  // Each says what was played and what the coach would have done.
  const first = await page.textContent('[data-testid=review-costly] >> nth=0');
  assert.match(first, new RegExp(`^Decision \\d+ · move ${want.costly[0] + 1}: about \\d+\\.\\d expected points lost`));
  assert.match(first, /Played: .+ \(about \d+\.\d final points expected\)/);
  assert.match(first, /The coach: .+ \(about \d+\.\d final points expected\)/);
  assert.ok(await page.$('[data-testid=review-seat] svg.chart polyline'), 'a chart');
  assert.equal(await page.$$eval('[data-testid=review-decision]', (els) => els.length), want.n);
  await checkFit(page, 'review 320');
  await audit(page, 'review');
  await shot(page, 'review-mg-320');
  await page.setViewportSize(DESKTOP);
  await page.click('.decisions summary');
  await shot(page, 'review-mg-1280');
  await page.setViewportSize({ width: 320, height: 640 });
  // One tap from the replay at that move: just after it, the caption
  // naming the same move as the review.
  const at = want.costly[0] + 1;
  await page.click('[data-testid=review-costly] >> nth=0 >> a');
  await page.waitForSelector(`[data-testid=replay-step][data-step="${at}"]`);
  assert.equal(new URL(page.url()).pathname, `/replay/${MG.id}/${at}`);
  assert.match(await page.textContent('[data-testid=replay-step]'), new RegExp(`^Move ${at} of \\d+:`));
  // A deep link: the same move after a reload, and the review itself.
  await page.reload();
  await page.waitForSelector(`[data-testid=replay-step][data-step="${at}"]`);
  await page.goto(env.base + `/review/${MG.id}`);
  await page.waitForSelector('[data-testid=review-costly]');
  assert.deepEqual(page.problems, []);
});

test('Minesweeper: only the person is reviewed, exact figures, in German too', async () => {
  const want = expected(MS, 0);
  const page = await newPage(env.browser, PHONE);
  await seed(page);
  await openReview(page, 'minesweeper');
  assert.equal(await page.$$eval('[data-testid=review-seat]', (els) => els.length), 1, 'Robo is a computer');
  assert.equal(await page.getAttribute('[data-testid=review-seat]', 'data-seat'), '0');
  assert.equal(await page.textContent('[data-testid=review-total]'),
    `${want.about ? 'about ' : ''}${want.lost} expected points lost over ${want.n} decisions`);
  assert.deepEqual(await page.$$eval('[data-testid=review-costly]', (els) => els.map((e) => Number(e.dataset.index))), want.costly);
  await page.click('[data-testid=lang-switch]');
  await page.waitForSelector('text=erwartete Punkte verloren in');
  assert.equal(await page.textContent('[data-testid=review-total]'),
    `${want.about ? 'etwa ' : ''}${want.lost.replace('.', ',')} erwartete Punkte verloren in ${want.n} Entscheidungen`);
  await checkFit(page, 'review 360 de');
  await shot(page, 'review-ms-360-de');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'review-ms-1280-de');
  // A seat switched during play (the record keeps no list of whose moves
  // were whose) is reviewed whole, and says so.
  const switched = structuredClone(MS);
  switched.id = 'feedc0de000000aa';
  switched.record.seats[1].switched = true;
  await page.evaluate((g) => localStorage.setItem(`spielblock.v1.game.${g.id}`, JSON.stringify(g)), switched);
  await page.goto(env.base + `/review/${switched.id}`);
  await page.waitForSelector('[data-testid=review-seat][data-seat="1"] [data-testid=review-switched]');
  assert.equal(await page.$$eval('[data-testid=review-seat]', (els) => els.length), 2);
  assert.equal(await page.$('[data-testid=review-seat][data-seat="0"] [data-testid=review-switched]'), null);
  const robo = expected(MS, 1);
  assert.equal(await page.textContent('[data-testid=review-seat][data-seat="1"] [data-testid=review-total]'),
    `${robo.about ? 'etwa ' : ''}${robo.lost.replace('.', ',')} erwartete Punkte verloren in ${robo.n} Entscheidungen`);
  // A different move worth as much is no loss (Ana, the casual player,
  // made some; the strong player always played its own first).
  for (const seat of [0, 1]) {
    const evenly = review(MS).filter((j) => j.seat === seat && j.loss < 0.05 && JSON.stringify(j.played) !== JSON.stringify(j.best)).length;
    if (seat === 0) assert.ok(evenly > 0, 'the fixture has a different move worth as much');
    assert.equal(await page.$$eval(`[data-testid=review-seat][data-seat="${seat}"] .lost.none`, (els) => els.length), evenly);
  }
  // A game that is not there gets a clear message.
  await page.goto(env.base + '/review/nope');
  await page.waitForSelector('[data-testid=review-refused]');
  assert.deepEqual(page.problems, []);
});

// Issue 43: the coach is the strongest level, CHOICE's expert, whose table
// is fetched on demand: the review fetches it before weighing and agrees
// with the command-line tool, which weighs as the expert too. Where the
// table cannot load, the strong player weighs and the screen says so.
test('CHOICE: the review weighs as the expert, fetching its table first; without the table, as the strong player, and says so', async () => {
  const want = expected(CH, 0);
  assert.ok(want.n > 20, JSON.stringify(want));
  const page = await newPage(env.browser, PHONE);
  const fetched = [];
  page.on('request', (r) => { if (r.url().endsWith('/data/choice-expert.bin')) fetched.push(r.url()); });
  await seed(page);
  await openReview(page, 'choice');
  await page.waitForSelector('[data-testid=review-total]');
  assert.equal(await page.textContent('[data-testid=review-total]'),
    `${want.about ? 'about ' : ''}${want.lost} expected points lost over ${want.n} decisions`);
  assert.deepEqual(await page.$$eval('[data-testid=review-costly]', (els) => els.map((e) => Number(e.dataset.index))), want.costly);
  assert.ok(fetched.length >= 1, 'the expert\'s table was fetched');
  assert.equal(await page.$('[data-testid=review-level]'), null);
  assert.deepEqual(page.problems, []);
  await page.context().close();

  // No table to be had (offline before the app was kept): the strong
  // player weighs, and the screen says so in the player's language.
  const off = await newPage(env.browser, PHONE, { serviceWorkers: 'block', locale: 'de-DE' });
  await off.route('**/data/choice-expert.bin', (r) => r.abort());
  await seed(off);
  await off.goto(env.base + `/review/${CH.id}`);
  await off.waitForSelector('[data-testid=review-total]');
  assert.match(await off.textContent('[data-testid=review-level]'), /„Experte“ konnte nicht geladen werden: Der Trainer wägt die Züge stattdessen wie „Stark“/);
  await checkFit(off, 'review 360 de, no table');
  await shot(off, 'review-ch-360-de-no-table');
  // The failed fetch and the blocked service worker are the browser's
  // console lines, not the app's.
  assert.deepEqual(off.problems.filter((p) => !/choice-expert\.bin|Failed to load resource|Service Worker registration blocked/.test(p)), []);
  await off.context().close();
});

// Issue 40's crash: a game played in the same page left the play screen's
// decision-bar context behind, and the replay's table read its disposed
// signals ("Something went wrong"). Played, reviewed and replayed without a
// reload, stepping both ways and back to the play screen of a new game.
test('CHOICE solo: played to the end, reviewed and replayed in the same page, both ways, without a crash', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.evaluate(() => localStorage.clear());
  await setUpGame(page, env.base, { game: 'choice', names: ['Ana'], seed: 31 });
  let throws = 0;
  while (!(await page.$('[data-testid=result]')) && throws++ < 60) {
    await page.click('[data-testid=roll]:enabled');
    await page.waitForSelector('[data-testid=thrown]');
    await page.click('[data-testid=split] >> nth=0');
    await page.click('[data-testid=confirm]');
  }
  await page.waitForSelector('[data-testid=result]');
  await page.waitForFunction(() => !document.querySelector('main[data-saving]'));
  const problems = () => page.problems.concat([]);
  // From the result, as a player goes: Review, then a decision's replay.
  await page.click('[data-testid=result] a:has-text("Review")');
  await page.waitForSelector('[data-testid=review-costly] a');
  const link = page.locator('[data-testid=review-seat] a[href*="/replay/"]').first();
  const at = Number((await link.getAttribute('href')).split('/').pop());
  await link.click();
  await page.waitForSelector(`[data-testid=replay-step][data-step="${at}"]`);
  for (const [button, step] of [['replay-back', at - 1], ['replay-forward', at], ['replay-last', null], ['replay-back', null], ['replay-first', 0], ['replay-forward', 1]]) {
    await page.click(`[data-testid=${button}]`);
    if (step !== null) await page.waitForSelector(`[data-testid=replay-step][data-step="${step}"]`);
    assert.equal(await page.$('text=Something went wrong'), null, `after ${button}`);
  }
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('[data-testid=replay-step][data-step="2"]');
  // Back through the app's own links: the history, its review, and home to
  // a new game's table, which still plays.
  await page.click('a[href$="/history"]');
  await page.waitForSelector('[data-testid=finished-game]');
  await page.click('[data-testid=finished-game][data-game=choice] a:has-text("Review")');
  await page.waitForSelector('[data-testid=review-costly] a');
  await page.goBack();
  await page.waitForSelector('[data-testid=finished-game]');
  await page.goBack();
  await page.waitForSelector('[data-testid=replay-step]');
  await page.click('[data-testid=replay-back]');
  assert.equal(await page.$('text=Something went wrong'), null);
  assert.deepEqual(problems(), []);
  await page.context().close();
});
