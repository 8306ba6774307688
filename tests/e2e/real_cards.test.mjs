// Tier (c): Gnoming A Round with real cards (R-GN-14, issue 23) on the
// release build. The players play with their own deck; after each round
// one of them taps in every final layout and who went out first, and the
// app scores it as the digital game's round summary does, keeps the three
// rounds and breaks ties (R-GN-10), as the engine's replay confirms.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { start, newPage, shot, savedGame, checkFit, setUpGame, audit, PHONE, DESKTOP, CLI } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

/** A layout from text, row by row: `5`, `-3`, `M`, `H`. */
const cards = (text) => text.split(/\s+/).filter((t) => t !== '/');

/** Taps a card of the keypad into the marked position. */
const key = (page, card) => page.click(`[data-testid=gn-key][data-card="${card}"]`);

/** Taps in every layout from the first position on, then who went out. */
async function enterRound(page, layouts, out) {
  for (const text of layouts) for (const c of cards(text)) await key(page, c);
  await page.waitForSelector('[data-testid=gn-entry-left]');
  assert.match(await page.textContent('[data-testid=gn-entry-left]'), /went out|zuerst raus/);
  await page.click(`[data-testid=gn-entry][data-seat="${out}"] [data-testid=gn-out]`);
}

/** The round just scored, as the summary shows it: each layout's score. */
const shownRound = (page) => page.$$eval('[data-testid=gn-round-score]', (s) => s.map((x) => Number(x.textContent.replace('−', '-'))));

/** The engine's replay of a record, line by line (--trace). */
function trace(record) {
  return execFileSync(CLI, ['replay', '--trace', '-'], { input: JSON.stringify(record) })
    .toString().trim().split('\n').map((l) => JSON.parse(l));
}

// Two Mulligans and a Hazard in one layout (R-GN-11: M 6 M matches at 6).
const ROUND_1 = ['M 6 M / 3 3 3 / H -2 12', '4 4 4 / -5 1 9 / 9 9 11', '7 7 7 / 7 7 7 / 10 10 -1'];
// Ana: 11 (-6 -3 +10 -2 +12); Ben: 30; Cleo: 5, out first and lowest: 0.
const ROUND_1_SCORES = [11, 30, 0];
const ROUND_2 = ['1 1 1 / 2 2 2 / 3 3 3', '1 1 1 / 2 2 2 / 3 4 -1', '5 6 7 / 8 9 10 / 11 12 M'];
const ROUND_3 = ['4 4 4 / 5 5 5 / 6 6 -3', '4 4 4 / 5 5 5 / 6 1 -2', '8 8 8 / 9 9 9 / 10 10 10'];

test('Gnoming with real cards: three rounds tapped in, a correction, a refused fourth Mulligan; the scores are the digital scorer’s', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUpGame(page, env.base, { game: 'gnoming', names: ['Ana', 'Ben', 'Cleo'], realCards: true });
  await page.waitForSelector('[data-testid=gn-keys]');
  // The round's first player starts, as in a dealt round (R-GN-2).
  assert.match(await page.textContent('[data-testid=gn-prompt]'), /Ana starts/);
  assert.match(await page.textContent('[data-testid=gn-keys-title]'), /A1 of Ana/);
  await shot(page, 'real-cards-entry-360');
  await audit(page, 'round scorer');

  // A typo corrected: 5 tapped for Ana's A1, the position tapped again, M.
  await key(page, '5');
  assert.match(await page.textContent('[data-testid=gn-keys-title]'), /B1 of Ana/);
  await page.click('[data-testid=gn-entry][data-seat="0"] [data-act=m0-0]');
  assert.match(await page.textContent('[data-testid=gn-keys-title]'), /A1 of Ana/);
  await key(page, 'M');
  // The rest of round 1 from B1 on.
  for (const c of cards(ROUND_1[0]).slice(1)) await key(page, c);
  // The header names whose cards go in, not the round's first player, and
  // the take-back is of the last entry (issue 40).
  assert.equal((await page.textContent('[data-testid=turn-banner]')).trim(), 'Entering Ben’s cards');
  assert.equal(await page.getAttribute('[data-testid=turn-banner]', 'data-seat'), '1', 'in Ben’s colour');
  assert.equal((await page.textContent('[data-testid=undo]')).trim(), '↶ Take back the last entry');
  await shot(page, 'real-cards-entry-ana-360');
  for (const text of ROUND_1.slice(1)) for (const c of cards(text)) await key(page, c);
  // Everything is in; a third Mulligan is there, not a fourth.
  assert.ok(await page.$('[data-testid=gn-entry-done]'));
  await page.click(`[data-testid=gn-entry][data-seat="2"] [data-testid=gn-out]`);
  await shot(page, 'real-cards-entry-done-360');
  await page.click('[data-testid=gn-score]');
  await page.waitForSelector('[data-testid=gn-round-end]');
  assert.deepEqual(await shownRound(page), ROUND_1_SCORES);
  await shot(page, 'real-cards-round-1-360');
  await page.click('[data-testid=gn-continue]');

  // Round 2: Ben starts. Cleo's last card a third Mulligan... after two
  // in round 1 is fine (a new round, a new deck); a fourth in one round is
  // refused with the reason and changes nothing.
  assert.match(await page.textContent('[data-testid=gn-prompt]'), /Ben starts/);
  for (const text of ROUND_2) for (const c of cards(text).slice(0, 9)) {
    await key(page, c);
  }
  await page.click('[data-testid=gn-entry][data-seat="0"] [data-act=m0-0]');
  await key(page, 'M');
  await page.click('[data-testid=gn-entry][data-seat="0"] [data-act=m0-1]');
  await key(page, 'M');
  // Three Mulligans are in now (Ana's A1, B1 and Cleo's C3): a fourth is refused.
  await page.click('[data-testid=gn-entry][data-seat="1"] [data-act=m1-0]');
  assert.ok(await page.$('[data-testid=gn-key][data-card=M][aria-disabled=true]'));
  // Marked as unavailable, but a tap still answers (with the reason).
  await page.click('[data-testid=gn-key][data-card=M]', { force: true });
  // The reason shows under the keys, where the player tapped.
  await page.waitForFunction(() => document.querySelector('[data-testid=gn-refused]').textContent.length > 0);
  assert.equal((await page.textContent('[data-testid=gn-refused]')).trim(), 'The deck holds only 3 × Mulligan, and all of them are entered already.');
  assert.ok(await page.$('[data-testid=gn-entry][data-seat="1"] [data-testid=gn-marked]'), 'the mark stays');
  await shot(page, 'real-cards-refused-360');
  // Ana's row of 1s back; Ben's A1 stays a 1.
  await page.click('[data-testid=gn-entry][data-seat="0"] [data-act=m0-0]');
  await key(page, '1');
  await page.click('[data-testid=gn-entry][data-seat="0"] [data-act=m0-1]');
  await key(page, '1');
  // A take-back undoes the last entry, and it is entered again.
  await page.click('[data-testid=undo]');
  await page.waitForSelector('[data-testid=gn-entry][data-seat="0"] [data-testid=gn-marked] .gc.m');
  await key(page, '1');
  await page.click(`[data-testid=gn-entry][data-seat="1"] [data-testid=gn-out]`);
  await page.click('[data-testid=gn-score]');
  await page.waitForSelector('[data-testid=gn-round-end]');
  const round2 = await shownRound(page);
  await page.click('[data-testid=gn-continue]');

  assert.match(await page.textContent('[data-testid=gn-prompt]'), /Cleo starts/);
  await enterRound(page, ROUND_3, 0);
  await page.click('[data-testid=gn-score]');
  await page.waitForSelector('[data-testid=result]');
  const round3 = await shownRound(page);
  assert.ok(await page.$('[data-testid=real-cards-used]'));
  await shot(page, 'real-cards-result-360');

  // The engine's replay of the record: every round's scores as shown.
  const g = await savedGame(page);
  const lines = trace(g.record);
  const rounds = lines.flatMap((l) => (l.events || []).filter((e) => e.round_over).map((e) => e.round_over));
  assert.equal(rounds.length, 3);
  assert.deepEqual(rounds[0].scores, ROUND_1_SCORES);
  assert.deepEqual(rounds[1].scores, round2);
  assert.deepEqual(rounds[2].scores, round3);
  // Round 2 scored by hand: Ana 1 1 1 / 2 2 2 / 3 3 3 = -6, lowest; Ben
  // went out with 3: +5; Cleo 5..12 and a Mulligan: 68.
  assert.deepEqual(round2, [-6, 8, 68]);
  const end = lines[lines.length - 1];
  const totals = await page.$$eval('[data-testid=gn-total]', (t) => t.map((x) => Number(x.textContent.replace('−', '-'))));
  assert.deepEqual(end.scores, totals);
  assert.deepEqual(g.outcome.scores, totals);
  assert.deepEqual(totals, [0, 1, 2].map((s) => ROUND_1_SCORES[s] + round2[s] + round3[s]));

  // The review says why it weighs nothing; the replay steps through it.
  await page.click('[data-testid=result] >> text=Review');
  await page.waitForSelector('[data-testid=review-real-cards]');
  assert.equal(await page.locator('[data-testid=review-seat]').count(), 0);
  await shot(page, 'real-cards-review-360');
  await page.goBack();

  // The history lists it as played with real cards; no record is set.
  await page.goto(env.base + '/history');
  await page.waitForSelector('[data-testid=finished-game]');
  assert.ok(await page.$('[data-testid=real-cards]'));
  assert.ok(await page.$('[data-testid=no-records]'), 'a game with real cards sets no record');
  await shot(page, 'real-cards-history-360');
  // Its replay opens at the start and steps to the end.
  await page.click('[data-testid=finished-game] a[href^="/replay/"]');
  await page.waitForURL(/\/replay\//);
  await page.waitForSelector('[data-testid=replay-step]');
  // Move 10: the first layout being entered (the typo and its correction
  // were moves 1 to 3), everything else empty.
  await page.fill('[data-testid=replay-slider]', '10');
  await page.waitForSelector('[data-testid=replay-step][data-step="10"]');
  assert.equal(await page.locator('[data-testid=gn-entry]').count(), 3);
  assert.equal(await page.locator('[data-testid=gn-entry][data-seat="0"] .gc:not(.empty)').count(), 8);
  // Nothing was hidden from the app: no word on opened face-down cards.
  assert.equal(await page.locator('[data-testid=replay-hint]').count(), 0);
  await shot(page, 'real-cards-replay-360');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('setup and the round scorer at 320: only people, the keypad and the score on screen without scrolling', async () => {
  const page = await newPage(env.browser, { width: 320, height: 568 });
  await page.goto(env.base + '/');
  await page.click('[data-game=gnoming] a');
  await page.waitForSelector('[data-option=real_cards]');
  // The default seats hold a computer: the option makes every seat a person.
  assert.equal(await page.locator('[data-testid=seat-row] .segmented button:nth-child(2)[aria-pressed=true]').count(), 1);
  await page.check('[data-option=real_cards]');
  assert.match(await page.textContent('[data-testid=real-cards-note]'), /Only people play/);
  const kinds = await page.$$eval('[data-testid=seat-row] .segmented', (rows) => rows.map((r) => [...r.querySelectorAll('button')].map((b) => [b.getAttribute('aria-pressed'), b.disabled])));
  assert.equal(kinds.length, 3);
  for (const [human, computer] of kinds) {
    assert.deepEqual(human, ['true', false]);
    assert.deepEqual(computer, ['false', true]);
  }
  assert.ok(await page.isDisabled('[data-testid=coach-option]'), 'nothing for the coach to weigh');
  await page.locator('[data-testid=real-cards-note]').scrollIntoViewIfNeeded();
  await shot(page, 'real-cards-setup-320-en');
  await checkFit(page, 'setup 320');
  await page.click('[data-testid=lang-switch]');
  await page.waitForFunction(() => document.querySelector('[data-testid=real-cards-note]').textContent.includes('nur Menschen'));
  await shot(page, 'real-cards-setup-320-de');
  await page.click('[data-testid=lang-switch]');
  await page.click('button[type=submit]');
  await page.waitForURL(/\/play\//);
  await page.waitForSelector('[data-testid=gn-keys]');
  // The keys, the marked position and what is left are inside the screen.
  const off = async () => page.evaluate(() => {
    const h = window.innerHeight;
    return [...document.querySelectorAll('[data-testid=gn-key], [data-testid=gn-marked], [data-testid=gn-entry-left]')]
      .filter((el) => { const r = el.getBoundingClientRect(); return r.top < 0 || r.bottom > h; }).length;
  });
  assert.equal(await off(), 0, 'a key or the marked position is off screen');
  await shot(page, 'real-cards-entry-320-en');
  await checkFit(page, 'round scorer 320');
  // Into the second layout: the marked position comes into view.
  for (const c of cards('1 2 3 4 5 6 7 8 9 10')) await key(page, c);
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=gn-marked]').getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
  assert.equal(await off(), 0, 'the second layout\'s mark is off screen');
  await page.click('[data-testid=lang-switch]');
  await page.waitForFunction(() => document.querySelector('[data-testid=gn-keys-title]').textContent.includes('Karte für'));
  await shot(page, 'real-cards-entry-320-de');
  await checkFit(page, 'round scorer 320 de');
  await audit(page, 'round scorer de');
  await page.setViewportSize(PHONE);
  await shot(page, 'real-cards-entry-360-de');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the round scorer at 1280: a layout\'s lines and score as the round summary shows them', async () => {
  const page = await newPage(env.browser, DESKTOP);
  await setUpGame(page, env.base, { game: 'gnoming', names: ['Ana', 'Ben', 'Cleo', 'Dora'], realCards: true });
  await page.waitForSelector('[data-testid=gn-keys]');
  // R-GN-11's example: M 5 5 / 8 1 2 / 8 3 4 = -3.
  for (const c of cards('M 5 5 / 8 1 2 / 8 3 4')) await key(page, c);
  assert.match(await page.textContent('[data-testid=gn-entry][data-seat="0"] .num'), /^−3$/);
  assert.equal(await page.locator('[data-testid=gn-entry][data-seat="0"] .gc.mt').count(), 5);
  await shot(page, 'real-cards-entry-1280-en');
  await checkFit(page, 'round scorer 1280');
  await page.click('[data-testid=lang-switch]');
  await page.waitForFunction(() => document.querySelector('[data-testid=gn-keys-title]').textContent.includes('Karte für'));
  await shot(page, 'real-cards-entry-1280-de');
  await page.context().close();
});
