// Tier (c): installable and fully offline, on the release build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';
import { CHROMIUM_ARGS, ROOT, newPage, shot, faces, PHONE } from './helpers.mjs';

let browser;
before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS });
});
after(async () => { await browser.close(); });

async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15000 });
  }
}

async function startGame(page) {
  await page.click('[data-game=en-gingg] a');
  await page.waitForSelector('[data-testid=seat-row]');
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=roll]');
  await page.click('[data-testid=roll]');
  await page.waitForSelector('[data-testid=die]');
  return faces(page, '[data-testid=die]');
}

test('installable: Page.getInstallabilityErrors reports nothing', async () => {
  const server = await serve(path.join(ROOT, 'dist'), 0);
  const base = `http://127.0.0.1:${server.address().port}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'spielblock-profile-'));
  // A persistent profile: an incognito one always reports "in-incognito".
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: PHONE,
  });
  const page = context.pages()[0] || await context.newPage();
  await page.goto(base + '/');
  await page.waitForSelector('.game-card');
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
  const manifest = await (await page.request.get(base + '/manifest.webmanifest')).json();
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start_url, './');
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512'));
  await context.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
});

for (const prefix of ['', '/spielblock']) {
  test(`offline after one visit, no third-party or extra requests${prefix ? ', from a sub-path' : ''}`, async () => {
    const server = await serve(path.join(ROOT, 'dist'), 0, '127.0.0.1', prefix);
    const origin = `http://127.0.0.1:${server.address().port}`;
    const base = origin + prefix;
    const page = await newPage(browser, PHONE);
    const requests = [];
    page.context().on('request', (r) => requests.push(r.url()));
    await page.goto(base + '/');
    await page.waitForSelector('.game-card');
    await controlled(page);
    const firstLoad = server.requests.length;
    // Online: every request is this origin's.
    assert.deepEqual(requests.filter((u) => !u.startsWith(origin)), [], 'no third-party host');
    // Now the network is gone.
    await page.context().setOffline(true);
    await page.reload();
    await page.waitForSelector('.game-card');
    const dice = await startGame(page);
    const url = page.url();
    assert.ok(url.startsWith(base + '/play/'), url);
    // A deep link reloads offline, mid-game, with the same dice.
    await page.reload();
    await page.waitForSelector('[data-testid=die]');
    assert.deepEqual(await faces(page, '[data-testid=die]'), dice);
    await shot(page, `offline${prefix.replace('/', '-')}-360`);
    // Nothing reached the server while offline.
    assert.equal(server.requests.length, firstLoad, 'no request after the first load');
    await page.context().setOffline(false);
    // Back online: reloading a deep link asks the server for nothing but the
    // browser's own service-worker update check.
    const before = server.requests.length;
    await page.reload();
    await page.waitForSelector('[data-testid=die]');
    const later = server.requests.slice(before).filter((p) => !p.endsWith('/sw.js'));
    assert.deepEqual(later, [], 'only sw.js is ever fetched again');
    assert.deepEqual(requests.filter((u) => !u.startsWith(origin)), [], 'no third-party host');
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope), base + '/');
    assert.deepEqual(page.problems, []);
    await page.context().close();
    // A first visit straight to an unknown path still shows the app (its
    // not-found screen), never a blank page.
    const fresh = await newPage(browser, PHONE);
    await fresh.goto(base + '/no-such-page');
    await fresh.waitForSelector('[role=alert]');
    await fresh.click('a.button');
    await fresh.waitForSelector('.game-card');
    assert.deepEqual(fresh.problems, []);
    await fresh.context().close();
    server.close();
  });
}

test('a new version is announced; reloading into it keeps the game', async () => {
  // Version 2: the same build with a changed index.html, so its service worker
  // precaches a different revision.
  const v2 = fs.mkdtempSync(path.join(os.tmpdir(), 'spielblock-v2-'));
  fs.cpSync(path.join(ROOT, 'dist'), v2, { recursive: true });
  fs.writeFileSync(path.join(v2, 'index.html'),
    fs.readFileSync(path.join(v2, 'index.html'), 'utf8').replace('</head>', '<meta name="spielblock-version" content="2"></head>'));
  execFileSync('node', [path.join(ROOT, 'scripts/post-build.mjs'), v2], { env: { ...process.env, TRUNK_PROFILE: 'release' } });
  assert.notEqual(fs.readFileSync(path.join(v2, 'sw.js'), 'utf8'), fs.readFileSync(path.join(ROOT, 'dist/sw.js'), 'utf8'));

  const server = await serve(path.join(ROOT, 'dist'), 0);
  const base = `http://127.0.0.1:${server.address().port}`;
  const page = await newPage(browser, PHONE);
  await page.goto(base + '/');
  await page.waitForSelector('.game-card');
  await controlled(page);
  const dice = await startGame(page);
  // Deploy version 2 and let the open app look for it.
  server.root = v2;
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForSelector('[data-testid=update-prompt]', { timeout: 20000 });
  await shot(page, 'update-prompt-360');
  await Promise.all([page.waitForEvent('load'), page.click('[data-testid=update-prompt] button')]);
  await page.waitForSelector('[data-testid=die]');
  assert.equal(await page.$eval('meta[name=spielblock-version]', (m) => m.content), '2', 'version 2 is running');
  assert.deepEqual(await faces(page, '[data-testid=die]'), dice, 'the game survived the update');
  assert.deepEqual(page.problems, []);
  await page.context().close();
  server.close();
  fs.rmSync(v2, { recursive: true, force: true });
});

test('the games\' code loads when a game is first opened; if it cannot be fetched, the player is told and can try again', async () => {
  const server = await serve(path.join(ROOT, 'dist'), 0);
  const base = `http://127.0.0.1:${server.address().port}`;
  // No service worker here: every fetch goes to the network, which fails
  // for the game code until the route is lifted.
  const page = await newPage(browser, PHONE, { serviceWorkers: 'block' });
  let fail = true;
  await page.context().route('**/split_*.wasm', (r) => (fail ? r.abort() : r.continue()));
  await page.goto(base + '/');
  await page.waitForSelector('.game-card');
  assert.ok(!server.requests.some((p) => /split_/.test(p)), 'the home screen needs no game code');
  await page.click('[data-game=choice] a');
  await page.waitForSelector('[role=alert]');
  assert.match(await page.textContent('[role=alert]'), /could not be loaded/);
  await shot(page, 'game-code-unavailable-360');
  // The failed fetch is on the console (the browser's and the loader's
  // messages); from here on nothing may be.
  assert.ok(page.problems.some((p) => /Failed to fetch/.test(p)), page.problems.join('\n'));
  page.problems = [];
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForSelector('[data-testid=seat-row]');
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=roll]');
  // A reload on the game's deep link fetches the code before replaying it.
  await page.reload();
  await page.waitForSelector('[data-testid=roll]');
  assert.deepEqual(page.problems.filter((p) => !/registration blocked by Playwright/.test(p)), []);
  // Without the code (it reads the saved games; the first load holds no
  // reader of them, issue 42), the home screen says why its saved games do
  // not show and offers to try again; the games to start are there. The
  // game's own link says why it cannot open. Nothing is lost.
  const deep = new URL(page.url()).pathname;
  fail = true;
  const again = await page.context().newPage();
  // A returning player's home screen needs no code either: the index the
  // play screen keeps beside the games (issue 42) lists the game, its turn
  // and whose turn it is.
  await again.goto(base + '/');
  await again.waitForSelector('[data-testid=saved-game]');
  const indexed = await again.textContent('main');
  assert.match(indexed, /CHOICE.*turn 1.*Player 1.s turn/s);
  await shot(again, 'home-from-index-360');
  // Without the index (an older version wrote the games, or one changed
  // since it was listed), the home screen reads the games in the code.
  await again.evaluate(() => localStorage.removeItem('spielblock.home-index'));
  await again.goto(base + '/');
  await again.waitForSelector('[data-testid=saved-later]');
  assert.match(await again.textContent('[data-testid=saved-later]'), /saved games show here once the whole app has loaded/);
  assert.ok(await again.$('.game-card'));
  await shot(again, 'saved-games-unavailable-360');
  assert.equal(await again.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('game')).length > 0), true);
  await again.goto(base + deep);
  await again.waitForSelector('[role=alert]');
  assert.match(await again.textContent('[role=alert]'), /This game could not be loaded/);
  assert.equal(await again.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('game')).length > 0), true);
  fail = false;
  await again.getByRole('button', { name: 'Try again' }).click();
  await again.waitForSelector('[data-testid=roll]');
  // And the home screen's Try again brings the saved game back (the index
  // gone again: opening the game listed it).
  fail = true;
  await again.evaluate(() => localStorage.removeItem('spielblock.home-index'));
  await again.goto(base + '/');
  await again.waitForSelector('[data-testid=saved-later]');
  fail = false;
  await again.click('[data-testid=saved-later] button');
  await again.waitForSelector('[data-testid=saved-game]');
  // Drawn from the games, the same as from the index.
  assert.equal(await again.textContent('main'), indexed);
  await again.click('[data-testid=saved-game] a');
  await again.waitForSelector('[data-testid=roll]');
  // Deleting from the index's list, still without the code: the game is
  // gone from the list and from the device.
  fail = true;
  await again.goto(base + '/');
  await again.waitForSelector('[data-testid=saved-game]');
  await again.click('[data-testid=saved-game] button');
  assert.match(await again.textContent('[data-testid=saved-game] button'), /Really delete/);
  await again.click('[data-testid=saved-game] button');
  await again.waitForSelector('[data-testid=saved-game]', { state: 'detached' });
  assert.equal(await again.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('spielblock.v1.game.')).length), 0);
  await again.reload();
  await again.waitForSelector('.game-card');
  assert.equal(await again.$('[data-testid=saved-game]'), null);
  await page.context().close();
  server.close();
});

test('the history screens load with the games\' code; if it cannot be fetched, the player is told and can try again', async () => {
  const server = await serve(path.join(ROOT, 'dist'), 0);
  const base = `http://127.0.0.1:${server.address().port}`;
  const page = await newPage(browser, PHONE, { serviceWorkers: 'block' });
  let fail = true;
  await page.context().route('**/split_*.wasm', (r) => (fail ? r.abort() : r.continue()));
  await page.goto(base + '/history');
  await page.waitForSelector('[role=alert]');
  assert.match(await page.textContent('[role=alert]'), /This screen could not be loaded/);
  await shot(page, 'screen-code-unavailable-360');
  page.problems = [];
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForSelector('[data-testid=history-empty]');
  // The replay deep link, with the screens and a game's code both needed.
  await page.goto(base + '/replay/none');
  await page.waitForSelector('[data-testid=replay-refused]');
  assert.deepEqual(page.problems.filter((p) => !/registration blocked by Playwright/.test(p)), []);
  await page.context().close();
  server.close();
});

test('first visits to any of the app\'s addresses show the app, also when it is hosted under /play/, /new/ or /replay/ (issue 21, 9)', async () => {
  // Before: /spielblock/history/ (trailing slash) and an app under /play/
  // showed a blank page; /index.html said the page does not exist.
  const cases = [
    ['/spielblock', '/history/', '[data-testid=history-empty]'],
    ['/spielblock', '/history', '[data-testid=history-empty]'],
    ['/spielblock', '/index.html', '.game-card'],
    ['/spielblock', '/', '.game-card'],
    ['/play', '/', '.game-card'],
    ['/new', '/', '.game-card'],
    ['/replay', '/', '.game-card'],
    ['/play', '/history/', '[data-testid=history-empty]'],
    ['/spielblock', '/settings/', '[data-testid=export-all]'],
    ['/play', '/settings', '[data-testid=export-all]'],
    ['', '/index.html', '.game-card'],
  ];
  for (const [prefix, where, want] of cases) {
    const server = await serve(path.join(ROOT, 'dist'), 0, '127.0.0.1', prefix);
    const page = await newPage(browser, PHONE);
    await page.goto(`http://127.0.0.1:${server.address().port}${prefix}${where}`);
    await page.waitForSelector(want, { timeout: 10000 });
    assert.equal(await page.$('main [role=alert]'), null, `${prefix}${where}: not "no such page"`);
    assert.deepEqual(page.problems, [], `${prefix}${where}`);
    await page.context().close();
    server.close();
  }
});
