// Tier (c): play across phones (issue 41) between separately launched
// Chromium processes, kept on loopback: each page is opened with the test
// switch ?candidates=loopback (its codes carry 127.0.0.1 for every
// candidate) and Chromium with --allow-loopback-in-peer-connection. The
// test carries the invitation and the answer as text, as a person copies
// them (and once through a camera); the host's record is then checked
// against the rules engine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { start, newPage, shot, savedGame, audit, setUpGame, CHROMIUM_ARGS, CLI, PHONE } from './helpers.mjs';

let env;
const browsers = [];
before(async () => { env = await start(); });
after(async () => {
  for (const b of browsers) await b.close().catch(() => {});
  await env.browser.close();
  env.server.close();
});

/** A browser of its own, as another phone is: loopback candidates allowed. */
async function phone(extra = []) {
  const b = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--allow-loopback-in-peer-connection', ...extra],
  });
  browsers.push(b);
  return b;
}

/** A page that keeps every message its connections receive (window.__got). */
async function listening(browser) {
  const page = await newPage(browser, PHONE);
  await page.addInitScript(() => {
    window.__got = [];
    const Orig = window.RTCPeerConnection;
    window.RTCPeerConnection = function (...a) {
      const pc = new Orig(...a);
      pc.addEventListener('datachannel', (e) => e.channel.addEventListener('message', (m) => window.__got.push(m.data)));
      return pc;
    };
    window.RTCPeerConnection.prototype = Orig.prototype;
  });
  return page;
}

/** The host's game: seats `remote` played on other phones. */
async function hostGame(browser, opts) {
  const host = await newPage(browser, PHONE);
  // The test switch holds for the tab (sessionStorage).
  await host.goto(env.base + '/?candidates=loopback');
  await setUpGame(host, env.base, opts);
  return host;
}

const invitation = async (host, seat) =>
  (await host.textContent(`[data-testid=invite-code][data-seat="${seat}"]`, { timeout: 20000 })).trim();

/** `guest` joins `seat` of the host's game: invitation and answer carried as text. */
async function join(host, guest, seat, { code } = {}) {
  code = code || await invitation(host, seat);
  await guest.goto(env.base + '/join?candidates=loopback');
  await guest.fill('[data-testid=join-input]', code);
  await guest.click('[data-testid=join-accept]');
  await answer(host, guest, seat);
}

/** The guest's answer carried to the host, and both connected. */
async function answer(host, guest, seat) {
  const text = (await guest.textContent('[data-testid=answer-code]', { timeout: 20000 })).trim();
  await host.fill('[data-testid=answer-input]', text);
  await host.click('[data-testid=answer-accept]');
  await host.waitForSelector(`[data-testid=phone-seat][data-seat="${seat}"][data-status=connected]`, { timeout: 20000 });
  await guest.waitForSelector('main[data-link=connected]', { timeout: 20000 });
}

/** Plays what `page` may decide now in CHOICE (a throw, or the first split); false if nothing. */
async function decide(page) {
  const tap = (sel, timeout = 300) => page.locator(sel).first().click({ timeout }).then(() => true, () => false);
  if (await page.$('[data-testid=roll]:enabled')) return tap('[data-testid=roll]:enabled');
  // A split picked before (its Confirm slower than the tap's wait on a
  // loaded machine) is confirmed: the list of splits is folded away once
  // one is picked, so trying to pick one again never got to Confirm.
  if (await page.$('[data-testid=confirm]:enabled')) return tap('[data-testid=confirm]:enabled', 2000);
  if (await page.$('[data-testid=split]:enabled')) {
    return (await tap('[data-testid=split]:enabled')) && tap('[data-testid=confirm]', 2000);
  }
  return false;
}

/** The engine's last trace line of the host's record. */
function engineEnd(record) {
  const lines = execFileSync(CLI, ['replay', '--trace', '-'], { input: JSON.stringify(record) })
    .toString().trim().split('\n').map((l) => JSON.parse(l));
  return lines[lines.length - 1];
}

const shownScores = (page) => page.$$eval('[data-testid=result] .score', (s) => s.map((x) => Number(x.textContent.replace('−', '-'))));
const sorted = (a) => [...a].sort((x, y) => x - y);

/** The games in a phone's storage. */
const storedGames = (page) => page.evaluate(() => Object.keys(localStorage)
  .filter((k) => k.startsWith('spielblock.v1.game.')).map((k) => JSON.parse(localStorage.getItem(k))));

/** Nothing of the game in a phone's storage while it goes on. */
async function holdsNoGame(page) {
  assert.deepEqual(await storedGames(page), []);
}

/** After the end, the phone keeps the finished game in its own history: the host's record. */
async function keepsFinished(page, hostGame) {
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('spielblock.v1.game.')));
  const [g, ...more] = await storedGames(page);
  assert.equal(more.length, 0);
  assert.equal(g.id, hostGame.id);
  assert.equal(g.finished, true);
  assert.deepEqual(g.record.moves, hostGame.record.moves);
  assert.deepEqual(g.outcome.scores, hostGame.outcome.scores);
}

test('CHOICE across two phones: an invitation and an answer carried as text, every move checked by the host, the record the engine\'s', async () => {
  const host = await hostGame(await phone(), { game: 'choice', names: ['Ana', 'Ben'], remote: [1], seed: 21 });
  const code = await invitation(host, 1);
  assert.match(code, /^[0-9A-Z$*+\-.]+$/);
  assert.ok(code.length < 200, `${code.length} characters`);
  // The QR code holds the link that opens the join screen with the code.
  const qr = host.locator('[data-testid=invite-qr][data-seat="1"]');
  assert.equal(await qr.getAttribute('data-text'), `${env.base}/join#${code}`);
  assert.ok(Number(await qr.getAttribute('data-version')) <= 10);
  await shot(host, 'phones-host-invite-360');

  const guest = await newPage(await phone(), PHONE);
  await guest.goto(env.base + '/join?candidates=loopback');
  await guest.fill('[data-testid=join-input]', code);
  await guest.click('[data-testid=join-accept]');
  await guest.waitForSelector('[data-testid=answer-qr]', { timeout: 20000 });
  await shot(guest, 'phones-guest-answer-360');
  await audit(host, 'the host with an invitation');
  const t0 = Date.now();
  await answer(host, guest, 1);
  console.log(`# connected ${Date.now() - t0} ms after the answer was pasted`);
  // The guest draws CHOICE's own table from its seat's frames.
  await guest.waitForSelector('.ch-table, [data-testid=roll], [data-testid=ch-sheet]', { timeout: 15000 });
  await shot(guest, 'phones-guest-table-360');

  // Play to the end: whoever may decide does, on their own phone.
  let steps = 0;
  while (!(await host.$('[data-testid=result]')) && steps++ < 2000) {
    const a = await decide(host);
    const b = await decide(guest);
    if (!a && !b) await host.waitForTimeout(50);
    if (steps === 20) await holdsNoGame(guest);
  }
  await host.waitForSelector('[data-testid=result]');
  await guest.waitForSelector('[data-testid=result]');
  await shot(host, 'phones-host-result-360');
  await shot(guest, 'phones-guest-result-360');

  // The host's record replays in the engine to the scores both show.
  const g = await savedGame(host);
  const end = engineEnd(g.record);
  assert.equal(end.over, true);
  assert.deepEqual(g.outcome.scores, end.scores);
  assert.ok(g.record.seats[1].remote, 'Ben played on his phone');
  assert.ok(g.record.moves.some((m) => m.seat === 1), 'Ben made moves');
  assert.deepEqual(sorted(await shownScores(guest)), sorted(end.scores));
  await audit(guest, 'the phone at the result');
  await keepsFinished(guest, g);
  // It is in the phone's history, and its replay opens.
  await guest.goto(env.base + '/history');
  await guest.waitForSelector('[data-testid=finished-game][data-game=choice]');
  await shot(guest, 'phones-guest-history-360');
  await guest.click('[data-testid=finished-game][data-game=choice] a[href^="/replay/"]');
  await guest.waitForSelector('[data-testid=replay-last]');
  assert.deepEqual(host.problems, []);
  assert.deepEqual(guest.problems, []);
});

test('CHOICE of three, two of them on their own phones: each assigns the shared throw at the same time (R-CH-8), to the end', async () => {
  const host = await hostGame(await phone(), { game: 'choice', names: ['Ana', 'Ben', 'Cleo'], remote: [1, 2], seed: 33 });
  const ben = await listening(await phone());
  const cleo = await listening(await phone());
  await join(host, ben, 1);
  await join(host, cleo, 2);
  await host.waitForSelector('main[data-link=connected]');
  let hostToo = 0;
  let named = 0;
  let shots = false;
  let steps = 0;
  while (!(await host.$('[data-testid=result]')) && steps++ < 3000) {
    // Each decides on their own sheet (the splits are theirs), the host's
    // own player too while a phone decides; read in one snapshot with the
    // offer, as play goes on meanwhile.
    const seen = [];
    for (const [p, name] of [[host, 'Ana'], [ben, 'Ben'], [cleo, 'Cleo']]) {
      const [offered, title, banner] = await p.evaluate(() => [
        !!document.querySelector('[data-testid=split]:not([disabled])'),
        document.querySelector('#ch-sheet-title')?.textContent || '',
        document.querySelector('[data-testid=turn-banner]')?.textContent || '']);
      if (offered) assert.match(title, new RegExp(name), `${name} assigns on ${title}`);
      seen.push(offered);
      // The host names everyone still deciding.
      if (p === host && /(Ana|Ben|Cleo), (Ana|Ben|Cleo)/.test(banner)) named++;
    }
    if (seen[0] && (seen[1] || seen[2])) hostToo++;
    if (!shots && seen[1] && seen[2]) {
      shots = true;
      await shot(ben, 'phones-three-ben-360');
      await shot(host, 'phones-three-host-360');
    }
    const moved = [await decide(host), await decide(ben), await decide(cleo)];
    if (!moved.some(Boolean)) await host.waitForTimeout(50);
  }
  assert.ok(named > 0, 'the host named the players still deciding');
  assert.ok(hostToo > 0, 'the host\'s own player assigned while a phone did');
  for (const p of [host, ben, cleo]) await p.waitForSelector('[data-testid=result]');
  // Both phones held their list for the same throw at the same time: the
  // frames each received, by the moves they were sent after.
  const offeredAt = async (p) => new Set((await p.evaluate(() => window.__got))
    .map((m) => JSON.parse(m).frame).filter((f) => f && f.offer.length && !f.outcome).map((f) => f.moves));
  const [b, c] = [await offeredAt(ben), await offeredAt(cleo)];
  const both = [...b].filter((k) => c.has(k)).length;
  assert.ok(both >= 10, `both phones were offered the same throw ${both} times`);
  const g = await savedGame(host);
  const end = engineEnd(g.record);
  assert.equal(end.over, true);
  assert.deepEqual(g.outcome.scores, end.scores);
  for (const seat of [1, 2]) assert.ok(g.record.moves.some((m) => m.seat === seat), `seat ${seat} moved`);
  for (const p of [ben, cleo]) {
    assert.deepEqual(sorted(await shownScores(p)), sorted(end.scores));
    await keepsFinished(p, g);
    assert.deepEqual(p.problems, []);
  }
  assert.deepEqual(host.problems, []);
});

/** Minesweeper: one move by tapping (once to explore, twice to mark, then confirm). */
async function tapMove(page, i, mark) {
  await page.waitForSelector('[data-testid=ms-board]:not(.locked) [data-testid=ms-pick], [data-testid=ms-board]:not(.locked)');
  await page.click(`[data-act=c${i}]`);
  if (mark) await page.click(`[data-act=c${i}]`);
  await page.click('[data-testid=confirm]');
}

/** Every "blubbs" list and every Blubb line in what a phone received. */
function blubbsIn(messages) {
  const found = [];
  const walk = (v) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v && typeof v === 'object') {
      if (Array.isArray(v.blubbs) && v.blubbs.length) found.push(['blubbs', v.blubbs]);
      if (v.kind === 'blubb' && v.at) found.push(['at', v.at]);
      Object.values(v).forEach(walk);
    }
  };
  for (const m of messages) walk(JSON.parse(m));
  return found;
}

test('a Minesweeper duel across two phones: the host\'s failed mark never reaches the other phone, and the game ends as the engine says', async () => {
  const host = await hostGame(await phone(), { game: 'minesweeper', names: ['Ana', 'Ben'], remote: [1], seed: 4 });
  const ben = await listening(await phone());
  await join(host, ben, 1);
  await ben.waitForSelector('[data-testid=ms-board]', { timeout: 15000 });
  const handOver = await host.$('.handover button');
  if (handOver) await handOver.click();
  // F5 is next to the centre: safe (R-MS-1), so Ana's mark there is a Blubb.
  await tapMove(host, 49, true);
  // Ben's phone is told of a Blubb, not where.
  await ben.waitForFunction(() => document.querySelector('[data-testid=ms-board]:not(.locked)'));
  await ben.waitForSelector('[data-testid=ms-log-line]');
  assert.match(await ben.textContent('[data-testid=ms-log-line]'), /Blubb/);
  assert.equal(await ben.$('[data-testid=ms-board] .bl'), null, 'no failed mark on Ben\'s board');
  assert.ok(!/F5/.test(await ben.textContent('main')), 'the cell is not on Ben\'s screen');
  await shot(ben, 'phones-ms-ben-360');
  // Ben explores a cell far from F5 on his phone; back on the host, Ana
  // sees her own failed mark where she made it.
  await tapMove(ben, 71, false);
  await host.waitForSelector('[data-act=c49].bl', { timeout: 15000 });
  assert.equal(await ben.$('[data-testid=ms-board] .bl'), null);
  await shot(host, 'phones-ms-ana-360');
  // Play on: whoever's turn it is explores the first covered cell.
  let turns = 0;
  while (!(await host.$('[data-testid=result]')) && turns++ < 200) {
    for (const p of [host, ben]) {
      if (await p.$('[data-testid=result]')) break;
      const mine = await p.$('[data-testid=ms-board]:not(.locked)') && await p.evaluate(() => !!document.querySelector('[data-testid=ms-pick]'));
      if (!mine) continue;
      const first = await p.$eval('[data-testid=ms-board] .cov:not(.bl)', (c) => Number(c.dataset.i)).catch(() => null);
      if (first === null) continue;
      await p.click(`[data-act=c${first}]`).catch(() => {});
      await p.click('[data-testid=confirm]', { timeout: 1000 }).catch(() => {});
    }
    await host.waitForTimeout(30);
  }
  await host.waitForSelector('[data-testid=result]');
  await ben.waitForSelector('[data-testid=result]');
  const got = await ben.evaluate(() => window.__got);
  assert.ok(got.length > 10, `${got.length} messages`);
  // Until the end, nothing Ben received held Ana's failed mark or its cell.
  const beforeEnd = got.filter((m) => !/"outcome":\{/.test(m));
  assert.ok(beforeEnd.length > 5);
  assert.deepEqual(blubbsIn(beforeEnd), []);
  const g = await savedGame(host);
  const end = engineEnd(g.record);
  assert.equal(end.over, true);
  assert.deepEqual(g.outcome.scores, end.scores);
  assert.deepEqual(sorted(await shownScores(ben)), sorted(end.scores));
  await keepsFinished(ben, g);
  assert.deepEqual(host.problems, []);
  assert.deepEqual(ben.problems, []);
});

test('a phone closed mid-game rejoins its seat with a new invitation, and the host reloaded mid-game takes its phones back: nothing lost, nothing doubled', async () => {
  const host = await hostGame(await phone(), { game: 'choice', names: ['Ana', 'Ben'], remote: [1], seed: 44 });
  const benBrowser = await phone();
  // As every other page: reduced motion, console problems kept.
  const context = await benBrowser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const benPage = async () => {
    const p = await context.newPage();
    p.problems = [];
    p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') p.problems.push(`console ${m.type()}: ${m.text()}`); });
    p.on('pageerror', (e) => p.problems.push(`page error: ${e.message}`));
    return p;
  };
  let ben = await benPage();
  await join(host, ben, 1);
  // What each side shows, for a game that stopped going on.
  const state = async (page) => page.evaluate(() => ({
    link: document.querySelector('main')?.dataset.link,
    buttons: [...document.querySelectorAll('main button')].map((b) => `${b.dataset.testid || b.textContent.trim().slice(0, 16)}${b.disabled ? '(off)' : ''}`).join(' '),
    text: document.querySelector('main')?.innerText.replace(/\s+/g, ' ').slice(0, 400),
  }));
  // Plays until the host's record holds `more` moves past where it stood (or
  // the game ends), however long each tap takes on a loaded machine; a game
  // with no move for a minute fails with what both sides show.
  const play = async (more) => {
    let moves = (await savedGame(host)).record.moves.length;
    const goal = moves + more;
    let since = Date.now();
    while (!(await host.$('[data-testid=result]')) && moves < goal) {
      if (Date.now() - since > 60000) {
        assert.fail(`no move for a minute at ${moves}: host ${JSON.stringify(await state(host))}; Ben ${JSON.stringify(await state(ben))}; Ben's console ${JSON.stringify(ben.problems)}`);
      }
      const a = await decide(host);
      const b = await decide(ben);
      if (!a && !b) await host.waitForTimeout(50);
      const now = (await savedGame(host)).record.moves.length;
      if (now !== moves) [moves, since] = [now, Date.now()];
    }
  };
  await play(6);
  const mid = (await savedGame(host)).record.moves.length;
  assert.ok(mid >= 6, `${mid} moves`);
  // Ben's page is closed; the host sees the seat away and makes a new invitation.
  await ben.close();
  await host.waitForSelector('[data-testid=phone-seat][data-seat="1"][data-status=waiting]', { timeout: 30000 });
  await shot(host, 'phones-host-away-360');
  ben = await benPage();
  await join(host, ben, 1);
  await ben.waitForSelector('[data-testid=roll], [data-testid=split], .ch-table', { timeout: 15000 });
  assert.equal((await savedGame(host)).record.moves.length, mid, 'nothing lost or doubled across the drop');
  await play(6);
  const later = (await savedGame(host)).record.moves.length;
  assert.ok(later > mid);
  // The host reloads: the game is saved on it; Ben's phone says it lost
  // the game and joins again with the host's new invitation.
  await host.reload();
  await ben.waitForSelector('main[data-link=away]', { timeout: 30000 });
  assert.ok(await ben.$('[data-testid=join-input]'), 'the phone offers to join again');
  await join(host, ben, 1);
  assert.equal((await savedGame(host)).record.moves.length, later);
  await play(100000);
  await host.waitForSelector('[data-testid=result]');
  await ben.waitForSelector('[data-testid=result]');
  const g = await savedGame(host);
  const end = engineEnd(g.record);
  assert.equal(end.over, true);
  assert.deepEqual(g.outcome.scores, end.scores);
  assert.deepEqual(sorted(await shownScores(ben)), sorted(end.scores));
  await context.close();
});

/** The grey pixels of the host's QR code, drawn as a camera would film it. */
async function filmed(host, seat, w, h) {
  return host.evaluate(async ({ seat, w, h }) => {
    const svg = document.querySelector(`[data-testid=invite-qr][data-seat="${seat}"] svg`).outerHTML;
    const img = new Image();
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
    await img.decode();
    const c = document.createElement('canvas');
    c.width = w; c.height = h;
    const x = c.getContext('2d');
    x.fillStyle = '#d8d8d8';
    x.fillRect(0, 0, w, h);
    x.imageSmoothingEnabled = false;
    const side = Math.min(w, h) - 40;
    x.drawImage(img, (w - side) / 2, (h - side) / 2, side, side);
    const d = x.getImageData(0, 0, w, h).data;
    const grey = new Array(w * h);
    for (let i = 0; i < w * h; i++) grey[i] = Math.round((d[4 * i] * 77 + d[4 * i + 1] * 150 + d[4 * i + 2] * 29) / 256);
    return grey;
  }, { seat, w, h });
}

/** A video file of one still picture (YUV 4:2:0), for Chromium's fake camera. */
function y4m(file, w, h, grey) {
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(grey), Buffer.alloc(w * h / 2, 128)]);
  const head = Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([head, ...Array(10).fill(frame)]));
}

test('the host allows its camera first and makes its invitation again; a phone scans that QR code with its camera (the app\'s own decoder) and joins', async () => {
  const host = await hostGame(await phone(['--use-fake-device-for-media-stream']), { game: 'choice', names: ['Ana', 'Ben'], remote: [1], seed: 5 });
  const first = await invitation(host, 1);
  await shot(host, 'phones-host-camera-first-360');
  // The person says yes to the browser's question.
  await host.context().grantPermissions(['camera'], { origin: env.base });
  await host.click('[data-testid=allow-camera]');
  await host.waitForFunction((old) => {
    const c = document.querySelector('[data-testid=invite-code][data-seat="1"]');
    return c && c.textContent.trim() !== old;
  }, first, { timeout: 20000 });
  assert.equal(await host.$('[data-testid=allow-camera]'), null, 'asked once');
  const code = await invitation(host, 1);
  const [w, h] = [640, 480];
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'spielblock-cam-')), 'qr.y4m');
  y4m(file, w, h, await filmed(host, 1, w, h));
  const cam = await phone(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`]);
  const ben = await newPage(cam, PHONE);
  await ben.goto(env.base + '/join?candidates=loopback');
  await ben.click('[data-testid=scan-invitation]');
  // The camera shows; the code read joins at once and the answer is shown.
  await ben.waitForSelector('[data-testid=answer-code]', { timeout: 30000 });
  await shot(ben, 'phones-scanned-answer-360');
  // The answer belongs to that invitation: the host takes it.
  await answer(host, ben, 1);
  assert.ok(code.length > 100);
  // The scanner's decoder came as a chunk of its own.
  const chunks = await ben.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name.split('/').pop()));
  assert.ok(chunks.some((c) => /^split_scan/.test(c)), chunks.join(' '));
  await ben.waitForSelector('[data-testid=roll], [data-testid=split], .ch-table', { timeout: 15000 });
  assert.deepEqual(ben.problems, []);
});

test('an invitation opened as a link joins at once, and a code cut short says why', async () => {
  const host = await hostGame(await phone(), { game: 'choice', names: ['Ana', 'Ben'], remote: [1], seed: 6 });
  const code = await invitation(host, 1);
  const other = await phone();
  const bad = await newPage(other, PHONE);
  await bad.goto(env.base + '/join?candidates=loopback');
  await bad.fill('[data-testid=join-input]', code.slice(0, 40));
  await bad.click('[data-testid=join-accept]');
  assert.match(await bad.textContent('[role=alert]'), /cut short|whole|Spielblock code/);
  await bad.close();
  // The link (what the QR code holds) opens the join screen and joins.
  const ben = await newPage(other, PHONE);
  await ben.goto(env.base + '/?candidates=loopback');
  await ben.goto(`${env.base}/join#${code}`);
  await answer(host, ben, 1);
  assert.equal(new URL(ben.url()).hash, '', 'the spent invitation leaves the address');
  assert.deepEqual(ben.problems, []);
});

test('the host takes an away seat over, pass-and-play style, and hands it back to its phone; a host with no seat of its own shows no decision', async () => {
  const host = await hostGame(await phone(), { game: 'choice', names: ['Ana', 'Ben'], remote: [1], seed: 7 });
  await host.waitForSelector('[data-testid=take-over][data-seat="1"]');
  // Ben's phone cannot connect: Ana's device plays his seat meanwhile.
  await host.click('[data-testid=take-over][data-seat="1"]');
  await host.waitForFunction(() => !document.querySelector('[data-testid=phones]'));
  assert.equal(await host.getAttribute('main', 'data-link'), null, 'no phone to speak of');
  let n = 0;
  while ((await savedGame(host)).record.moves.filter((m) => m.seat === 1).length < 2 && n++ < 200) {
    const handOver = await host.$('.handover button');
    if (handOver) await handOver.click();
    if (!(await decide(host))) await host.waitForTimeout(50);
  }
  const g = await savedGame(host);
  assert.ok(!g.record.seats[1].remote, "Ben's seat is played here");
  const taken = g.record.moves.length;
  // Back to Ben's phone through the Players dialog.
  await host.click('button:has-text("Players")');
  await host.locator('[data-testid=seat-kind]').nth(1).locator('[data-testid=seat-remote]').click();
  await host.keyboard.press('Escape');
  const ben = await newPage(await phone(), PHONE);
  await join(host, ben, 1);
  assert.equal((await savedGame(host)).record.moves.length, taken, 'nothing lost or doubled');
  assert.equal((await savedGame(host)).record.seats[1].remote, true);
  let steps = 0;
  while ((await savedGame(host)).record.moves.length < taken + 6 && steps++ < 400) {
    const a = await decide(host);
    const b = await decide(ben);
    if (!a && !b) await host.waitForTimeout(50);
  }
  assert.ok((await savedGame(host)).record.moves.slice(taken).some((m) => m.seat === 1), 'Ben plays on his phone again');

  // A device in the middle of the table: every person on their own phone.
  const middle = await newPage(await phone(), PHONE);
  await middle.goto(env.base + '/?candidates=loopback');
  await middle.goto(env.base + '/');
  await middle.click('[data-game=choice] a');
  await middle.waitForSelector('[data-testid=seat-row]');
  const rows = middle.locator('[data-testid=seat-row]');
  while ((await rows.count()) < 2) await middle.click('[data-testid=add-player]');
  for (const [i, name] of ['Cleo', 'Dan'].entries()) {
    await rows.nth(i).locator('input').fill(name);
    await rows.nth(i).locator('[data-testid=seat-remote]').click();
  }
  assert.match(await middle.textContent('[data-testid=host-mode]'), /Nobody plays on this device/);
  await shot(middle, 'phones-host-mode-setup-360');
  await middle.click('button[type=submit]');
  await middle.waitForURL(/\/play\//);
  const cleo = await newPage(await phone(), PHONE);
  const dan = await newPage(await phone(), PHONE);
  await join(middle, cleo, 0);
  await join(middle, dan, 1);
  let k = 0;
  while ((await savedGame(middle)).record.moves.length < 8 && k++ < 400) {
    assert.equal(await middle.$('[data-testid=roll]:enabled, [data-testid=split]:enabled'), null, 'the middle device decides nothing');
    const a = await decide(cleo);
    const b = await decide(dan);
    if (!a && !b) await middle.waitForTimeout(50);
  }
  assert.ok((await savedGame(middle)).record.moves.length >= 8);
  await shot(middle, 'phones-host-mode-360');
  for (const p of [host, ben, middle, cleo, dan]) assert.deepEqual(p.problems, []);
});
