// Tier (c): accessibility (axe-core on every screen, light and dark), keyboard
// play, screen-reader announcements, wake lock and vibration.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, newPage, shot, audit, observeDevice, PHONE, DESKTOP } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.browser.close(); env.server.close(); });

async function tabTo(page, predicate, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(predicate)) return;
  }
  throw new Error(`could not reach the element by Tab: ${predicate}`);
}

const focusVisible = () => {
  const el = document.activeElement;
  const s = getComputedStyle(el);
  return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
};

for (const scheme of ['light', 'dark']) {
  test(`every screen passes axe (serious/critical) in the ${scheme} scheme`, async () => {
    const page = await newPage(env.browser, PHONE, { colorScheme: scheme });
    await page.goto(env.base + '/');
    await page.waitForSelector('.game-card');
    await audit(page, `home (${scheme})`);
    await page.click('a.settings-link');
    await page.waitForSelector('[data-testid=export-all]');
    await audit(page, `settings and backup (${scheme})`);
    await page.click('.topbar a');
    await page.click('[data-game=en-gingg] a');
    await page.waitForSelector('[data-testid=seat-row]');
    await page.click('details summary');
    await audit(page, `setup (${scheme})`);
    await page.check('[data-testid=handover-option]');
    await page.fill('[data-testid=seed]', '91');
    await page.locator('[data-testid=seat-row]').nth(2).locator('.segmented button').nth(0).click();
    await page.click('button[type=submit]');
    await page.waitForSelector('.handover');
    await audit(page, `hand-over (${scheme})`);
    await page.click('.handover button');
    await audit(page, `table, before the first throw (${scheme})`);
    await page.click('[data-testid=roll]');
    await page.locator('[data-testid=die]').first().click();
    await audit(page, `table, dice to set aside (${scheme})`);
    for (let i = 0; i < 6; i++) await page.locator('[data-testid=die]').nth(i).click();
    await page.locator('[data-testid=die]').first().click();
    await page.click('[data-testid=set-aside]');
    await page.waitForSelector('[data-testid=penalty]');
    await audit(page, `table, phase 2 (${scheme})`);
    if (scheme === 'dark') await shot(page, 'phase2-dark-360');
    await page.click('text=Rules');
    await audit(page, `rules dialog (${scheme})`);
    await page.keyboard.press('Escape');
    await page.click('text=Players');
    await audit(page, `players dialog (${scheme})`);
    await page.keyboard.press('Escape');
    // Play on to the result screen.
    for (let i = 0; i < 400 && !(await page.$('[data-testid=result]')); i++) {
      if (await page.locator('.handover button').count()) { await page.click('.handover button'); continue; }
      const roll = page.locator('[data-testid=roll]:enabled');
      if (await roll.count()) { await roll.click(); continue; }
      const dice = page.locator('[data-testid=die]:enabled');
      const n = await dice.count();
      if (n) { for (let d = 0; d < n; d++) await dice.nth(d).click(); await page.click('[data-testid=set-aside]'); }
    }
    await page.waitForSelector('[data-testid=result]');
    await audit(page, `result (${scheme})`);
    await page.setViewportSize(DESKTOP);
    await audit(page, `result, desktop (${scheme})`);
    if (scheme === 'dark') await shot(page, 'result-dark-1280');
    // A broken save: the message screen and the home notice.
    await page.evaluate(() => localStorage.setItem('spielblock.v1.game.junk', 'nonsense'));
    await page.goto(env.base + '/play/junk');
    await page.waitForSelector('[role=alert]');
    await audit(page, `unreadable game (${scheme})`);
    await page.goto(env.base + '/');
    await page.waitForSelector('.notice.warn');
    await audit(page, `home with notice (${scheme})`);
    await page.goto(env.base + '/no/such/page');
    await page.waitForSelector('[role=alert]');
    await audit(page, `not found (${scheme})`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('a whole turn by keyboard alone, with visible focus and spoken results', async () => {
  const page = await newPage(env.browser, PHONE);
  await page.goto(env.base + '/');
  await page.waitForSelector('.game-card');
  await tabTo(page, () => document.activeElement.closest('[data-game=en-gingg]') !== null);
  assert.ok(await page.evaluate(focusVisible), 'focus is visible on the game link');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=seat-row]');
  await tabTo(page, () => document.activeElement.type === 'submit');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=roll]');
  await tabTo(page, () => document.activeElement.dataset.testid === 'roll');
  assert.ok(await page.evaluate(focusVisible), 'focus is visible on Roll');
  await page.keyboard.press('Space');
  await page.waitForSelector('[data-testid=die]');
  // Focus lands on the dice, not lost to the page (moved on the next frame).
  await page.waitForFunction(() => document.activeElement.dataset.testid === 'die', null, { timeout: 5000 });
  await page.waitForFunction(() => /threw \d-\d-\d-\d-\d-\d/.test(document.querySelector('[data-testid=live]').textContent), null, { timeout: 5000 });
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('[data-testid=die]').getAttribute('aria-pressed') === 'true', null, { timeout: 5000 });
  await tabTo(page, () => document.activeElement.dataset.testid === 'set-aside');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /sets aside/.test(document.querySelector('[data-testid=live]').textContent), null, { timeout: 5000 });
  assert.equal(await page.$$eval('.dice-row.kept svg.die', (e) => e.length), 1);
  // And back on Roll for the next throw.
  await page.waitForFunction(() => document.activeElement.dataset.testid === 'roll', null, { timeout: 5000 });
  // The rules open and close by keyboard, and focus comes back.
  await tabTo(page, () => document.activeElement.textContent === 'Rules');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#rules-title');
  // The dialog itself takes focus and opens at its top, heading in view.
  await page.waitForFunction(() => document.activeElement.getAttribute('role') === 'dialog', null, { timeout: 5000 });
  assert.equal(await page.$eval('.dialog', (d) => d.scrollTop), 0);
  assert.ok(await page.$eval('#rules-title', (h) => { const r = h.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }), 'the rules heading is in view');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement.textContent === 'Rules', null, { timeout: 5000 });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the screen stays awake during a game; a roll vibrates unless turned off', async () => {
  const page = await newPage(env.browser, PHONE);
  await observeDevice(page);
  await page.goto(env.base + '/');
  await page.waitForSelector('.game-card');
  await page.click('[data-game=en-gingg] a');
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=roll]');
  await page.waitForFunction(() => window.__device.includes('wake:screen'));
  await page.click('[data-testid=roll]');
  assert.ok((await page.evaluate(() => window.__device)).some((x) => x.startsWith('vibrate:')), 'a roll vibrates');
  await page.click('a[href="/"]');
  await page.waitForSelector('.game-card');
  await page.waitForFunction(() => window.__device.includes('wake:release'));
  // Turn vibration off in the settings; the next roll is silent.
  await page.click('a.settings-link');
  await page.uncheck('[data-testid=vibrate-setting]');
  await page.click('.topbar a');
  await page.click('[data-testid=saved-game] a');
  await page.waitForSelector('[data-testid=die], [data-testid=roll]');
  const before = (await page.evaluate(() => window.__device)).filter((x) => x.startsWith('vibrate')).length;
  for (let d = 0; d < 6; d++) await page.locator('[data-testid=die]').nth(d).click();
  await page.click('[data-testid=set-aside]');
  await page.click('[data-testid=roll]').catch(() => {});
  const afterCount = (await page.evaluate(() => window.__device)).filter((x) => x.startsWith('vibrate')).length;
  assert.equal(afterCount, before, 'no vibration once turned off');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
