// Tier (c): Gnoming A Round end to end on the release build, by tapping.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { start, newPage, shot, savedGame, checkFit, setUpGame, audit, PHONE, DESKTOP, CLI } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

const setUp = (page, opts) => setUpGame(page, env.base, { game: 'gnoming', ...opts });

function replay(record) {
  return JSON.parse(execFileSync(CLI, ['replay', '-'], { input: JSON.stringify(record) }).toString());
}

/** The starting deal of a seed by the engine (the trace's `start`). */
function deal(seed, seats) {
  const record = { game: 'gnoming', seed, options: {}, moves: [], seats: seats.map((name) => ({ name, kind: 'human', level: 'strong' })) };
  const line = execFileSync(CLI, ['replay', '--trace', '-'], { input: JSON.stringify(record) }).toString().split('\n')[0];
  return JSON.parse(line).start;
}

const isPositive = (c) => c.value !== undefined && c.value > 0;
const sameCard = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Passes the hand-over screen if it is up. */
async function handOver(page) {
  const button = await page.$('.handover button');
  if (button) await button.click();
}

/** Picks a position of the acting layout and confirms. */
async function pick(page, pos) {
  await page.click(`[data-testid=gn-mine] [data-act=s${pos}]`);
  await page.click('[data-testid=confirm]');
}

test('a seeded 3-player game with two computer seats tapped through all three rounds equals the engine', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names: ['Ana', 'Robo', 'Kim'], computer: [1, 2], seed: 8, speed: 'instant' });
  let steps = 0;
  let roundEnds = 0;
  while (steps++ < 400) {
    await page.waitForSelector('[data-testid=gn-mine] [data-act], [data-act=d], [data-act^=x], [data-act=r], [data-act=n], [data-testid=gn-continue], [data-testid=result]', { timeout: 30000 });
    if (await page.$('[data-testid=result]')) break;
    if (await page.$('[data-testid=gn-continue]')) {
      roundEnds++;
      if (roundEnds === 1) await shot(page, 'gn-round-end-360');
      // Every layout turned up, each with its round score.
      assert.equal((await page.$$('[data-testid=gn-scored]')).length, 3);
      assert.equal((await page.$$('[data-testid=gn-round-end] .gc.back')).length, 0);
      // The computers wait while the summary stands (issue 40): the next
      // round starts with the tap on it.
      const held = (await savedGame(page)).record.moves.length;
      await page.waitForTimeout(1500);
      assert.equal((await savedGame(page)).record.moves.length, held, 'no computer move behind the summary');
      await page.click('[data-testid=gn-continue]');
      continue;
    }
    const prompt = await page.textContent('[data-testid=gn-prompt]').catch(() => '');
    if (await page.$('[data-act=d]')) {
      await page.click('[data-act=d]');
    } else if (await page.$('[data-act=r]')) {
      await page.click('[data-act=r]');
    } else if (await page.$('[data-act=n]')) {
      // After someone's Hazard: turn up the first face-down card if allowed.
      const down = await page.$('[data-testid=gn-mine] button[data-act^=s]');
      if (down) await pick(page, await down.getAttribute('data-act').then((a) => a.slice(1)));
      else await page.click('[data-act=n]');
    } else if (/bounce|springen/i.test(prompt)) {
      await page.click('[data-act^=x]');
    } else if (await page.$('[data-testid=gn-mine] button[data-act^=s]')) {
      // Opening or a card in hand: the first face-down position (or any).
      const positions = await page.$$eval('[data-testid=gn-mine] button[data-act^=s]', (bs) => bs.map((b) => ({ act: b.dataset.act, down: !!b.querySelector('.back') })));
      const target = positions.find((p) => p.down) || positions[0];
      await pick(page, target.act.slice(1));
    } else if (await page.$('[data-act^=x]')) {
      await page.click('[data-act^=x]');
    }
    // Wait for the move to be saved before looking again.
    await page.waitForTimeout(30);
  }
  assert.ok(await page.$('[data-testid=result]'), 'the game ended');
  assert.ok(roundEnds >= 2, `round ends seen: ${roundEnds}`);
  const saved = await savedGame(page);
  const engine = replay(saved.record);
  assert.equal(engine.over, true);
  const totals = await page.$$eval('[data-testid=gn-total]', (ts) => ts.map((t) => Number(t.textContent.replace('−', '-'))));
  assert.deepEqual(totals, engine.scores);
  const ranking = await page.$$eval('[data-testid=result] .ranking li .score', (s) => s.map((x) => Number(x.textContent.replace('−', '-'))));
  assert.deepEqual([...ranking].sort((a, b) => a - b), [...engine.scores].sort((a, b) => a - b));
  assert.equal(engine.state.results.length, 3);
  await shot(page, 'gn-over-360');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a Hazard flip prompt reaches the other players: one flips, one declines', async () => {
  // A seed whose first card drawn after the opening is a Hazard.
  const names = ['Ana', 'Ben', 'Cleo'];
  let seed = 1;
  while (!sameCard(deal(seed, names).draw.at(-1), 'hazard')) seed++;
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names, seed, handover: true });
  for (let s = 0; s < 3; s++) {
    await handOver(page);
    await pick(page, 0);
    await pick(page, 1);
  }
  await handOver(page);
  await page.click('[data-act=d]');
  await page.waitForSelector('[data-testid=gn-remove]');
  assert.match(await page.getAttribute('[data-testid=gn-hand] .gc', 'aria-label'), /Hazard/);
  await page.click('[data-testid=gn-remove]');
  // Ben is asked, behind the hand-over screen.
  await page.waitForSelector('.handover');
  assert.match(await page.textContent('.handover'), /Ben/);
  await handOver(page);
  await page.waitForSelector('[data-testid=gn-decline]');
  assert.match(await page.textContent('[data-testid=gn-prompt]'), /Hazard/);
  await shot(page, 'gn-flip-360');
  await pick(page, 8);
  // Cleo declines.
  await page.waitForSelector('.handover');
  assert.match(await page.textContent('.handover'), /Cleo/);
  await handOver(page);
  await page.click('[data-testid=gn-decline]');
  await handOver(page);
  const saved = await savedGame(page);
  const moves = saved.record.moves.slice(-4).map((m) => [m.seat, m.action]);
  assert.deepEqual(moves, [[0, 'draw'], [0, 'remove'], [1, { flip: { pos: 8 } }], [2, 'decline']]);
  const engine = replay(saved.record);
  assert.equal(engine.state.layouts[1][8].up, true);
  assert.equal(engine.state.layouts[2].filter((s) => s.up).length, 2);
  assert.deepEqual(engine.to_act, [1], 'Ben\'s turn next');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a reload in the middle of a bounce chain keeps it', async () => {
  // A seed where Ana can turn up two cards and then draw a card that, placed
  // over a face-down card, turns up a matching one.
  const names = ['Ana', 'Robo'];
  let plan;
  for (let seed = 1; !plan && seed < 5000; seed++) {
    const st = deal(seed, names);
    const cards = st.layouts[0].map((s) => s.card);
    const drawn = st.draw.at(-1);
    if (!isPositive(drawn)) continue;
    for (let p = 2; p < 9 && !plan; p++) {
      const c = cards[p];
      if (isPositive(c) && (c.value === drawn.value || c.value === cards[0].value || c.value === cards[1].value)) plan = { seed, p, card: c.value };
    }
  }
  assert.ok(plan, 'a seed with a bounce');
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names, computer: [1], seed: plan.seed });
  await pick(page, 0);
  await pick(page, 1);
  await page.waitForSelector('[data-act=d]', { timeout: 20000 });
  await page.click('[data-act=d]');
  await pick(page, plan.p);
  await page.waitForSelector('[data-act^=x]');
  assert.match(await page.textContent('[data-testid=gn-prompt]'), /bounce/);
  assert.equal(await page.textContent('[data-testid=gn-hand] .gc'), String(plan.card));
  await page.reload();
  await page.waitForSelector('[data-testid=gn-prompt]');
  assert.match(await page.textContent('[data-testid=gn-prompt]'), /bounce/, 'still bouncing after the reload');
  assert.equal(await page.textContent('[data-testid=gn-hand] .gc'), String(plan.card));
  // Bounce it onto a position other than the one it left.
  const target = plan.p === 8 ? 7 : 8;
  await pick(page, target);
  const saved = await savedGame(page);
  assert.deepEqual(saved.record.moves.at(-1).action, { bounce: { pos: target } });
  const engine = replay(saved.record);
  assert.deepEqual(engine.state.layouts[0][target].card, { value: plan.card });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('rules in both languages without losing the game; fits 320, 360 and 1280 px; audited', async () => {
  for (const [viewport, lang, w] of [[{ width: 320, height: 720 }, 'de', 320], [PHONE, 'en', 360], [DESKTOP, 'de', 1280], [DESKTOP, 'en', 1280], [PHONE, 'de', 360], [{ width: 320, height: 720 }, 'en', 320]]) {
    const page = await newPage(env.browser, viewport);
    await page.goto(env.base + '/');
    await page.evaluate((l) => localStorage.setItem('spielblock.lang', JSON.stringify(l)), lang);
    await setUp(page, { names: ['Ana', 'Robo', 'Kim', 'Lu'], computer: [1, 2, 3], seed: 3 });
    await pick(page, 0);
    await pick(page, 4);
    await page.waitForSelector('[data-act=d]', { timeout: 20000 });
    await page.click('[data-act=d]');
    await page.click('[data-testid=gn-mine] [data-act=s2]');
    await page.waitForSelector('[data-testid=confirm]');
    await checkFit(page, `gnoming ${lang} ${w}`);
    await shot(page, `gn-${lang}-${w}`);
    const before = await page.innerHTML('[data-testid=gn-mine]');
    await page.click('[data-testid=open-rules]');
    await page.waitForSelector('#rules-title');
    assert.match(await page.textContent('#rules-title'), lang === 'de' ? /Regeln/ : /rules/);
    // The deck table: 19 kinds of card, 110 in all.
    const counts = await page.$$eval('.gn-deck td', (tds) => tds.map((t) => parseInt(t.textContent, 10)));
    assert.equal(counts.length, 19);
    assert.equal(counts.reduce((a, b) => a + b, 0), 110);
    if (w === 360) await shot(page, `gn-rules-${lang}-360`);
    await page.keyboard.press('Escape');
    assert.equal(await page.innerHTML('[data-testid=gn-mine]'), before, 'the game is untouched');
    if (w === 360) {
      await audit(page, `gnoming ${lang}`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await audit(page, `gnoming ${lang} dark`);
      await shot(page, `gn-dark-${lang}-360`);
    }
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});
