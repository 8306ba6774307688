// Tier (c): CHOICE end to end on the release build, by tapping.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { start, newPage, shot, faces, savedGame, checkFit, setUpGame, audit, dailyFirstThrow, PHONE, DESKTOP, CLI } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

const setUp = (page, opts) => setUpGame(page, env.base, { game: 'choice', ...opts });

/** The crosses per sum on a shown sheet (the first pad on the page, or all). */
const shownRows = (scope) => scope.locator('[data-testid=ch-row]').evaluateAll((rows) =>
  Object.fromEntries(rows.map((r) => [r.dataset.sum, Number(r.dataset.crosses)])));

/** Crosses per sum and seat from the rules engine's trace of a record. */
function engineSheets(record) {
  const lines = execFileSync(CLI, ['replay', '--trace', '-'], { input: JSON.stringify(record) })
    .toString().trim().split('\n').map((l) => JSON.parse(l));
  const sheets = {};
  for (const line of lines) {
    for (const e of line.events || []) {
      if (!e.assigned) continue;
      const { seat, assignment: a } = e.assigned;
      sheets[seat] ??= Object.fromEntries([...Array(11)].map((_, i) => [String(i + 2), 0]));
      for (const pair of [a.a, a.b]) sheets[seat][String(pair[0] + pair[1])] += 1;
    }
  }
  return { sheets, end: lines[lines.length - 1] };
}

/** Assigns the shown throw by tapping dice: the split's dice for pair A, then pair B. */
async function tapSplit(page, nth) {
  const split = page.locator('[data-testid=split]').nth(nth);
  const [a, b] = (await split.getAttribute('data-sums')).split('+').map(Number);
  // Pick the split to learn its dice, then redo the same by tapping dice.
  await split.click();
  const slots = await page.$$eval('[data-testid=die]', (d) => d.map((x) => x.dataset.slot));
  const order = [...slots.keys()].filter((i) => slots[i] === 'A').concat([...slots.keys()].filter((i) => slots[i] === 'B'));
  for (const i of order) await page.click(`[data-testid=die] >> nth=${i}`); // untap all four
  assert.equal((await page.textContent('[data-testid=pair-a]')).trim(), '…');
  for (const i of order) await page.click(`[data-testid=die] >> nth=${i}`); // tap them again
  assert.match(await page.textContent('[data-testid=pair-a]'), new RegExp(`= ${a}$`));
  assert.match(await page.textContent('[data-testid=pair-b]'), new RegExp(`= ${b}$`));
}

test('a seeded solo game tapped to the end: the sheet equals the rules engine\'s, and the record is kept', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names: ['Ana'], seed: 31 });
  await shot(page, 'ch-table-360');
  let throws = 0;
  while (!(await page.$('[data-testid=result]')) && throws++ < 60) {
    await page.click('[data-testid=roll]:enabled');
    await page.waitForSelector('[data-testid=thrown]');
    if (throws % 2) {
      await tapSplit(page, 0);
    } else {
      await page.click('[data-testid=split] >> nth=-1');
    }
    // The preview marks the rows to be crossed before they are.
    assert.ok(await page.$('[data-testid=ch-row].target'));
    if (throws === 4) await shot(page, 'ch-preview-360');
    await page.click('[data-testid=confirm]');
  }
  await page.waitForSelector('[data-testid=result]');
  await shot(page, 'ch-result-360');
  const saved = await savedGame(page);
  assert.equal(saved.finished, true);
  const { sheets, end } = engineSheets(saved.record);
  assert.equal(end.over, true);
  assert.deepEqual(await shownRows(page.locator('[data-testid=final-sheet]')), sheets[0]);
  const shown = Number((await page.textContent('.ranking .score')).replace('−', '-'));
  assert.deepEqual(end.scores, [shown]);
  assert.equal(Number((await page.textContent('[data-testid=ch-total]')).replace('−', '-')), shown);
  if (shown >= 0) {
    // The first solo game of a name is its personal record, celebrated.
    await page.waitForSelector('[data-testid=new-record]');
    assert.ok((await page.textContent('[data-testid=solo-record]')).includes(`Ana: ${String(shown).replace('-', '−')}`));
  } else {
    // R-CH-7: a negative result is a defeat: said so, not ranked first, no
    // star, never a record.
    await page.waitForSelector('[data-testid=defeat]');
    assert.equal(await page.$('.ranking .winner'), null);
    assert.ok(!(await page.textContent('.ranking')).includes('1.'));
    await page.waitForFunction(() => !document.querySelector('main[data-saving]'));
    assert.equal(await page.$('[data-testid=new-record]'), null);
    assert.equal(await page.$('[data-testid=solo-record]'), null, 'no record from a defeat');
  }
  await page.setViewportSize(DESKTOP);
  await shot(page, 'ch-result-1280');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('three players with a computer seat: one finishes, the others go on with new throws', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names: ['Ana', 'Ben', 'Robo'], computer: [2], seed: 9, speed: 'instant' });
  let sawFinishedWhilePlaying = false;
  let checkedDeciding = 0;
  let steps = 0;
  while (!(await page.$('[data-testid=result]')) && steps++ < 1500) {
    const roll = await page.$('[data-testid=roll]:enabled');
    const split = roll ? null : await page.$('[data-testid=split]:enabled');
    if (roll) {
      await roll.click();
    } else if (split) {
      // Ana takes the first split, Ben the last: their sheets part ways.
      const who = (await page.textContent('#ch-sheet-title')).trim();
      await page.click(`[data-testid=split] >> nth=${who.startsWith('Ana') ? 0 : -1}`);
      await page.click('[data-testid=confirm]');
    } else {
      await page.waitForTimeout(100);
    }
    // One look at the page: who finished, whose sheet shows, and whether
    // a person decides (no write on its way, nobody idle). While a person
    // decides, the sheet is theirs; while nobody does, it is the one the
    // last move wrote on (a finished player's too).
    const snap = await page.evaluate(() => ({
      finished: [...document.querySelectorAll('[data-testid=ch-player][data-done=true] th')].map((x) => x.textContent),
      title: document.querySelector('#ch-sheet-title')?.textContent || '',
      deciding: !document.querySelector('[data-testid=result], main[data-idle], main[data-saving]'),
    }));
    const done = snap.finished.length;
    if (done > 0 && done < 3 && !(await page.$('[data-testid=result]'))) {
      if (!sawFinishedWhilePlaying) await shot(page, 'ch-one-finished-360');
      sawFinishedWhilePlaying = true;
      // A finished player is never asked again.
      if (snap.deciding) {
        checkedDeciding += 1;
        for (const f of snap.finished) assert.ok(!snap.title.startsWith(f.replace('▶ ', '').split(' ·')[0] + '’'), `${snap.title} after ${f} finished`);
      }
    }
  }
  await page.waitForSelector('[data-testid=result]');
  assert.ok(sawFinishedWhilePlaying, 'someone finished before the others');
  assert.ok(checkedDeciding > 0, 'a person decided after someone finished');
  const saved = await savedGame(page);
  const { sheets, end } = engineSheets(saved.record);
  for (let s = 0; s < 3; s++) {
    assert.deepEqual(await shownRows(page.locator('[data-testid=final-sheet]').nth(s)), sheets[s]);
  }
  assert.equal(end.scores.length, 3);
  await checkFit(page, 'CHOICE result, three players, 360 px');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a reload in the middle of an assignment keeps the throw', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names: ['Ana'], seed: 4 });
  await page.click('[data-testid=roll]');
  await page.waitForSelector('[data-testid=thrown]');
  const before = await faces(page, '[data-testid=die]');
  await page.click('[data-testid=die] >> nth=0');
  await page.click('[data-testid=die] >> nth=1');
  await page.reload();
  await page.waitForSelector('[data-testid=thrown]');
  assert.deepEqual(await faces(page, '[data-testid=die]'), before);
  assert.equal(await page.$('[data-testid=roll]'), null, 'no second throw');
  await page.click('[data-testid=split] >> nth=0');
  await page.click('[data-testid=confirm]');
  await page.waitForSelector('[data-testid=roll]');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('forbidden splits are not offered and the reason is shown', async () => {
  const page = await newPage(env.browser, PHONE);
  await setUp(page, { names: ['Ana'], seed: 12 });
  // Play until three fifth-die numbers are chosen and a throw shows one.
  for (let i = 0; i < 30; i++) {
    await page.click('[data-testid=roll]:enabled');
    await page.waitForSelector('[data-testid=thrown]');
    const rule = await page.$('[data-testid=ch-rule]');
    const text = rule ? await rule.textContent() : '';
    if (/must be one/.test(text)) {
      const numbers = (await page.$$eval('[data-testid=ch-fifth]', (r) => r.map((x) => x.dataset.number))).map(Number);
      const offered = (await page.$$eval('[data-testid=split]', (b) => b.map((x) => Number(x.dataset.fifth))));
      assert.ok(offered.every((f) => numbers.includes(f)), `${offered} within ${numbers}`);
      // Tapping a forbidden fifth die: the reason instead of a confirm.
      const dice = await faces(page, '[data-testid=die]');
      const bad = dice.findIndex((f) => !numbers.includes(Number(f)));
      if (bad >= 0) {
        const others = [...dice.keys()].filter((i) => i !== bad).slice(0, 4);
        for (const k of others) await page.click(`[data-testid=die] >> nth=${k}`);
        if (!numbers.includes(Number(dice[bad]))) {
          await page.waitForSelector('[data-testid=why-not]');
          assert.equal(await page.$('[data-testid=confirm]'), null);
          await shot(page, 'ch-why-not-360');
          return void (await page.context().close());
        }
      }
    }
    await page.click('[data-testid=split] >> nth=0');
    await page.click('[data-testid=confirm]');
  }
  assert.fail('no throw needed the fifth-die rule');
});

test('the daily challenge: the same first throw in two fresh browsers on the same date', async () => {
  const first = [];
  for (const name of ['Ana', 'Ben']) {
    const { dice, dated } = await dailyFirstThrow(env.browser, env.base, 'choice', name, '[data-testid=roll]');
    assert.ok(dated, 'the saved game carries today\'s date');
    first.push(dice);
  }
  assert.deepEqual(first[0], first[1], 'two fresh browsers throw the same first dice');
});

test('the rules open from the table in both languages without losing the throw', async () => {
  const page = await newPage(env.browser, { width: 320, height: 700 });
  await setUp(page, { names: ['Ana'], seed: 3 });
  await page.click('[data-testid=roll]');
  const dice = await faces(page, '[data-testid=die]');
  await page.click('[data-testid=open-rules]');
  // The walkthrough's whole text, a tap away.
  await page.click('[data-testid=rules-whole]');
  await page.waitForSelector('.ch-points-table');
  assert.match(await page.textContent('[role=dialog]'), /free throw/);
  await shot(page, 'ch-rules-320');
  await page.keyboard.press('Escape');
  await page.click('[data-testid=lang-switch]');
  await page.click('[data-testid=open-rules]');
  await page.click('[data-testid=rules-whole]');
  assert.match(await page.textContent('[role=dialog]'), /Freiwurf/);
  await page.keyboard.press('Escape');
  assert.deepEqual(await faces(page, '[data-testid=die]'), dice);
  await checkFit(page, 'CHOICE table at 320 px, German');
  await shot(page, 'ch-table-de-320');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

for (const scheme of ['light', 'dark']) {
  test(`CHOICE screens pass axe (serious/critical) in the ${scheme} scheme`, async () => {
    const page = await newPage(env.browser, PHONE, { colorScheme: scheme });
    await setUp(page, { names: ['Ana', 'Ben'], seed: 8 });
    await audit(page, `CHOICE table before the throw (${scheme})`);
    await page.click('[data-testid=roll]');
    await page.click('[data-testid=split] >> nth=0');
    await audit(page, `CHOICE preview (${scheme})`);
    // Untap two dice: a half-made split.
    const picked = await page.$$eval('[data-testid=die]', (d) => d.map((x, i) => [i, x.dataset.slot]).filter(([, s]) => s === 'B').map(([i]) => i));
    for (const i of picked) await page.click(`[data-testid=die] >> nth=${i}`);
    await audit(page, `CHOICE half-tapped split (${scheme})`);
    await page.click('[data-testid=open-rules]');
    await audit(page, `CHOICE rules (${scheme})`);
    await page.keyboard.press('Escape');
    for (let i = 0; i < 400 && !(await page.$('[data-testid=result]')); i++) {
      const roll = await page.$('[data-testid=roll]:enabled');
      if (roll) { await roll.click(); continue; }
      if (!(await page.$('[data-testid=confirm]'))) {
        // The list folds away while dice are being tapped; open it (it
        // shows once the person decides: not during the turn moment).
        await page.waitForSelector('main:not([data-idle]):not([data-saving]) .ch-splits summary');
        if (!(await page.$('.ch-splits[open]'))) await page.click('.ch-splits summary');
        await page.click('[data-testid=split] >> nth=0');
      }
      await page.click('[data-testid=confirm]');
    }
    await page.waitForSelector('[data-testid=result]');
    await audit(page, `CHOICE result with both sheets (${scheme})`);
    if (scheme === 'dark') await shot(page, 'ch-result-dark-360');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
