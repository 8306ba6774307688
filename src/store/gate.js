// The cross-tab write gate of src/store/gate.rs (`gated`, `forget_revision`),
// as a module of its own: a strict Content-Security-Policy refuses code made
// from a string (`new Function`), and this file is served from the app's own
// origin like the rest (issue 39).
//
// `gate(name, f)` runs `f(stored)` inside an IndexedDB readwrite transaction
// on one store, which browsers run one at a time across all tabs of this
// origin; `stored` is the value kept under `name` (a game's last committed
// revision), read from the browser's own store, never from a tab's cache as
// `localStorage` reads may be; a number `f` returns is kept as the new value,
// with the time. A kept value is only trusted for 5 s (another tab's write
// reaches this tab's cache in milliseconds), so one left behind by a crash or
// a lost `forget` can never hold a game up. Without IndexedDB it runs
// `f(undefined)` under a Web Lock, else as it is; a gate that has not
// answered in 2 s lets `gated` run `f` ungated (once, whichever first).
// `forget(name)` drops a value (a game written or deleted outside `gate`).
var db;
function open() {
  if (!self.indexedDB) return Promise.reject(new Error('no IndexedDB'));
  if (!db) db = new Promise(function (resolve, reject) {
    var req = indexedDB.open('spielblock-revisions', 1);
    req.onupgradeneeded = function () { req.result.createObjectStore('r'); };
    req.onsuccess = function () {
      req.result.onclose = function () { db = null; };
      resolve(req.result);
    };
    req.onerror = function () { db = null; reject(req.error); };
  });
  return db;
}
function unlocked(name, f) {
  if (navigator.locks && navigator.locks.request) {
    return navigator.locks.request(name, function () { f(undefined); });
  }
  return leased(name, f);
}
// Without IndexedDB and Web Locks (older browsers): a lease in localStorage.
// A tab writes its claim, waits for other tabs' writes to reach it, and
// reads the claim back: only the tab that still finds its own runs `f`;
// the others try again shortly. A claim lapses after a second, so one left
// by a closed tab holds nothing up. (Not under "spielblock.": backups
// neither carry nor restore it.)
function leased(name, f) {
  var key = 'spielblock-lease.' + name;
  var me = Math.random().toString(36).slice(2) + Date.now();
  var read = function () {
    try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; }
  };
  return new Promise(function (resolve) {
    var tries = 0;
    var again = function () { setTimeout(attempt, 5 + Math.random() * 20); };
    var run = function () {
      try { f(undefined); } finally {
        var held = read();
        if (held && held.by === me) localStorage.removeItem(key);
        resolve();
      }
    };
    function attempt() {
      var held = read();
      if (held && held.by !== me && held.until > Date.now() && tries++ < 80) return again();
      try {
        localStorage.setItem(key, JSON.stringify({ by: me, until: Date.now() + 1000 }));
      } catch (e) { return run(); } // storage full: as before, ungated
      setTimeout(function () {
        var now = read();
        if ((!now || now.by !== me) && tries++ < 80) return again();
        run();
      }, 30);
    }
    attempt();
  });
}
function gated(name, f) {
  return open().then(function (d) {
    return new Promise(function (resolve, reject) {
      var tx;
      try { tx = d.transaction('r', 'readwrite'); } catch (e) { db = null; reject(e); return; }
      var store = tx.objectStore('r');
      store.get(name).onsuccess = function (e) {
        var k = e.target.result;
        var fresh = k && typeof k.rev === 'number' && Math.abs(Date.now() - k.at) < 5000;
        var next = f(fresh ? k.rev : undefined);
        if (typeof next === 'number') store.put({ rev: next, at: Date.now() }, name);
      };
      tx.oncomplete = function () { resolve(); };
      tx.onabort = function () { reject(tx.error); };
    });
  }).catch(function () { return unlocked(name, f); });
}
// IndexedDB once found not to answer (a private mode that stalls it): the
// next writes go straight to the fallback instead of waiting 2 s each.
var stalled = false;
export function gate(name, f) {
  if (stalled) return unlocked(name, f);
  var answered = false;
  var tried = gated(name, f).then(function () { answered = true; });
  var late = new Promise(function (resolve) {
    setTimeout(function () { if (!answered) stalled = true; resolve(); }, 2000);
  });
  return Promise.race([tried, late]);
}

export function forget(name) {
  open().then(function (d) { d.transaction('r', 'readwrite').objectStore('r').delete(name); }).catch(function () {});
}
