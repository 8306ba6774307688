// Tier (c): play across phones (issue 41) between two separately launched
// Chromium processes, kept on loopback: each page is opened with the test
// switch ?candidates=loopback (its codes carry 127.0.0.1 for every
// candidate) and Chromium with --allow-loopback-in-peer-connection. The
// test carries the invitation and the answer as text, as a person copies
// them; the host's record is then checked against the rules engine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { start, newPage, shot, savedGame, audit, CHROMIUM_ARGS, CLI, PHONE } from './helpers.mjs';

let env;
let other;
before(async () => {
  env = await start();
  // The phone across the table: its own browser process.
  other = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--allow-loopback-in-peer-connection'],
  });
});
after(async () => { await other.close(); await env.browser.close(); env.server.close(); });

/** Plays what `page` may decide now in CHOICE (a throw, or the first split); false if nothing. */
async function decide(page) {
  const tap = (sel) => page.locator(sel).first().click({ timeout: 300 }).then(() => true, () => false);
  if (await page.$('[data-testid=roll]:enabled')) return tap('[data-testid=roll]:enabled');
  if (await page.$('[data-testid=split]:enabled')) {
    return (await tap('[data-testid=split]:enabled')) && tap('[data-testid=confirm]');
  }
  return false;
}

test('CHOICE across two phones: an invitation and an answer carried as text, every move checked by the host, the record the engine\'s', async () => {
  // The host's browser must allow loopback candidates too: a second
  // launch of the same kind.
  const hostBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--allow-loopback-in-peer-connection'],
  });
  const host = await newPage(hostBrowser, PHONE);
  await host.goto(env.base + '/new/choice?candidates=loopback');
  await host.waitForSelector('[data-testid=seat-row]');
  const rows = host.locator('[data-testid=seat-row]');
  while ((await rows.count()) < 2) await host.click('[data-testid=add-player]');
  await rows.nth(0).locator('input[type=text]').fill('Ana');
  await rows.nth(1).locator('input[type=text]').fill('Ben');
  await rows.nth(1).locator('[data-testid=seat-remote]').click();
  assert.equal(await rows.nth(1).locator('[data-testid=seat-remote]').getAttribute('aria-pressed'), 'true');
  // A seed JavaScript reads exactly (the engine replays the record).
  await host.click('details summary');
  await host.fill('[data-testid=seed]', '21');
  await host.click('button[type=submit]');
  await host.waitForURL(/\/play\//);
  const code = (await host.textContent('[data-testid=invite-code][data-seat="1"]', { timeout: 15000 })).trim();
  assert.match(code, /^[0-9A-Z$*+\-.]+$/);
  assert.ok(code.length < 200, `${code.length} characters`);
  await shot(host, 'phones-host-invite-360');

  // Ben's phone joins with the invitation.
  const guest = await newPage(other, PHONE);
  await guest.goto(env.base + '/join?candidates=loopback');
  await guest.fill('[data-testid=join-input]', code);
  await guest.click('[data-testid=join-accept]');
  const answer = (await guest.textContent('[data-testid=answer-code]', { timeout: 15000 })).trim();
  await shot(guest, 'phones-guest-answer-360');
  await host.fill('[data-testid=answer-input]', answer);
  await host.click('[data-testid=answer-accept]');
  await host.waitForSelector('main[data-link=connected]', { timeout: 15000 });
  await guest.waitForSelector('main[data-link=connected]');
  // The guest draws CHOICE's own table from its seat's frames.
  await guest.waitForSelector('.ch-table, [data-testid=roll], [data-testid=ch-sheet]', { timeout: 15000 });
  await shot(guest, 'phones-guest-table-360');

  // Play to the end: whoever may decide does, on their own phone.
  let steps = 0;
  while (!(await host.$('[data-testid=result]')) && steps++ < 2000) {
    const a = await decide(host);
    const b = await decide(guest);
    if (!a && !b) await host.waitForTimeout(50);
  }
  await host.waitForSelector('[data-testid=result]');
  await guest.waitForSelector('[data-testid=result]');
  await shot(host, 'phones-host-result-360');
  await shot(guest, 'phones-guest-result-360');

  // The host's record replays in the engine to the scores both show.
  const g = await savedGame(host);
  const lines = execFileSync(CLI, ['replay', '--trace', '-'], { input: JSON.stringify(g.record) })
    .toString().trim().split('\n').map((l) => JSON.parse(l));
  const end = lines[lines.length - 1];
  assert.equal(end.over, true);
  assert.deepEqual(g.outcome.scores, end.scores);
  assert.ok(g.record.seats[1].remote, 'Ben played on his phone');
  assert.ok(g.record.moves.some((m) => m.seat === 1), 'Ben made moves');
  const shownOnGuest = await guest.$$eval('[data-testid=result] .score', (s) => s.map((x) => Number(x.textContent.replace('−', '-'))));
  assert.deepEqual([...shownOnGuest].sort((x, y) => x - y), [...end.scores].sort((x, y) => x - y));
  // The phone never held the game: nothing of it in its storage.
  const stored = await guest.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('spielblock.v1.game.')));
  assert.deepEqual(stored, []);
  await audit(guest, 'the phone at the result');
  assert.deepEqual(host.problems, []);
  assert.deepEqual(guest.problems, []);
  await guest.context().close();
  await host.context().close();
  await hostBrowser.close();
});
