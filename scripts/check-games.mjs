// Lint: generic code never names a game. Every game is one line of
// games.txt (id, module, rules type) plus its own folders; code outside those
// folders (the contract, the midend, the driver, the registry, the
// command-line tool) must work for any game, so a game's id, module name or
// rules type appearing there, even in a comment, is an error.
//
// Matching is on whole words and case-sensitive: the type as written
// (`MindGolf`), the module (`en_gingg`) and the id (`en-gingg`, where a hyphen
// joins the word).
//
// Each tier is a set of generic files (globs from the repository root) minus
// the per-game folders: the rules crate, and the app (its code, build
// script, page, stylesheet and texts) minus src/games/<module>/. The app
// tier also looks for each game's name as players read it (`name_<module>`
// in the game's en.json and de.json).
//
// Usage: node scripts/check-games.mjs. Exit code 1 and every file:line on
// failure.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const TIERS = [
  {
    name: 'rules crate',
    generic: ['rules/src/**/*.rs', 'rules/build.rs', 'rules/games_list.rs'],
    gameFolders: (g) => [`rules/src/${g.module}/`],
  },
  {
    name: 'app',
    generic: ['src/**/*.rs', 'build.rs', 'index.html', 'style/**/*.css', 'locales/*.json'],
    gameFolders: (g) => [`src/games/${g.module}/`],
    names: true,
  },
];

// Words that are a game's name but also a generic thing the code cannot
// rename. Each entry allows one word on lines matching `line`, in one file.
const ALLOW = [
  {
    file: 'rules/src/contract.rs',
    word: 'Choice',
    line: /\bOptionKind::Choice\b|^\s*Choice \{\s*$/,
    why: 'OptionKind::Choice, an option picked from a list (the app matches on it), not the game',
  },
  {
    file: 'src/screens/setup.rs',
    word: 'Choice',
    line: /\bOptionKind::Choice\b/,
    why: 'OptionKind::Choice, an option picked from a list, not the game',
  },
];

// The list as the build read it (tests/games.json, from games.txt by the one
// reader both build scripts share; the lint tier builds before this runs).
async function readGames() {
  const { GAMES } = await import('../tests/games.mjs');
  return GAMES;
}

// A glob of `*` (within one folder), `**/` (any folders) and literal text.
function globToRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (glob.startsWith('**/', i)) { re += '(?:.*/)?'; i += 2; }
    else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function listFiles(dir) {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { recursive: true })
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .filter((f) => fs.statSync(path.join(ROOT, f)).isFile());
}

// The fixed folder a glob starts in (its text before the first wildcard).
const baseOf = (glob) => {
  const parts = glob.split('/');
  const i = parts.findIndex((p) => /[*?]/.test(p));
  return i < 0 ? path.posix.dirname(glob) : parts.slice(0, i).join('/') || '.';
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Whole words: no letter, digit or underscore on either side; for an id with
// a hyphen, no hyphen either (so `en-gingg` is one word).
const wordRe = (w) => {
  const edge = w.includes('-') ? 'A-Za-z0-9_-' : 'A-Za-z0-9_';
  return new RegExp(`(?<![${edge}])${escape(w)}(?![${edge}])`, 'g');
};

const games = await readGames();
const words = [];
for (const g of games) {
  for (const w of new Set([g.id, g.module, g.type])) words.push({ game: g.id, word: w, re: wordRe(w) });
}
// The names players read, from each game's own texts.
const names = [];
for (const g of games) {
  for (const lang of ['en', 'de']) {
    const file = path.join(ROOT, 'src/games', g.module, `${lang}.json`);
    if (!fs.existsSync(file)) continue;
    const name = JSON.parse(fs.readFileSync(file, 'utf8'))[`name_${g.module}`];
    if (name && !words.some((w) => w.word === name) && !names.some((w) => w.word === name)) {
      names.push({ game: g.id, word: name, re: wordRe(name) });
    }
  }
}

const problems = [];
let scanned = 0;
for (const tier of TIERS) {
  const patterns = tier.generic.map(globToRegExp);
  const excluded = games.flatMap(tier.gameFolders);
  const candidates = new Set(tier.generic.flatMap((g) => listFiles(baseOf(g))));
  for (const file of [...candidates].sort()) {
    if (!patterns.some((p) => p.test(file))) continue;
    if (excluded.some((folder) => file.startsWith(folder))) continue;
    scanned++;
    fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
      for (const { game, word, re } of tier.names ? [...words, ...names] : words) {
        re.lastIndex = 0;
        if (!re.test(line)) continue;
        if (ALLOW.some((a) => a.file === file && a.word === word && a.line.test(line))) continue;
        problems.push(`${file}:${i + 1}: names the game ${game} ("${word}"): ${line.trim()}`);
      }
    });
  }
}

// A game's code uses its own texts and the app's, never another game's
// (a build without that game would not compile).
const keysOf = (g) => {
  const file = path.join(ROOT, 'src/games', g.module, 'en.json');
  return fs.existsSync(file) ? Object.keys(JSON.parse(fs.readFileSync(file, 'utf8'))) : [];
};
for (const g of games) {
  const others = games.filter((o) => o !== g).flatMap((o) => keysOf(o).map((k) => ({ game: o.id, key: k, re: wordRe(k) })));
  for (const file of listFiles(`src/games/${g.module}`).filter((f) => f.endsWith('.rs'))) {
    scanned++;
    fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
      for (const { game, key, re } of others) {
        re.lastIndex = 0;
        if (re.test(line)) problems.push(`${file}:${i + 1}: uses ${game}'s text "${key}": ${line.trim()}`);
      }
    });
  }
}

if (problems.length) {
  console.error(`A game is named where it must not be (move it into the game's folder, or say it without the name):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`games.txt: ${games.length} games; ${scanned} generic files name none of them`);
