// The list of games for the Node tests and scripts: tests/games.json, which
// the app's build.rs writes from games.txt with the one reader both build
// scripts share (rules/games_list.rs). Each game's own test data lives in
// its folder, src/games/<module>/play.json (`playData`): a game without it,
// or without a part a test needs, fails with a message naming what is
// missing.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const LIST = path.join(ROOT, 'tests/games.json');

function read() {
  if (!fs.existsSync(LIST)) {
    throw new Error('tests/games.json is missing: build the app first (cargo build or trunk build writes it from games.txt)');
  }
  return JSON.parse(fs.readFileSync(LIST, 'utf8'));
}

/** Every game, in games.txt's order: { id, module, type }. */
export const GAMES = read();

/** Every game's id, in order. */
export const IDS = GAMES.map((g) => g.id);

/** Part `part` of game `id`'s test data (src/games/<module>/play.json). */
export function playData(id, part) {
  const g = GAMES.find((x) => x.id === id);
  if (!g) throw new Error(`games.txt lists no game "${id}"`);
  const file = path.join(ROOT, 'src/games', g.module, 'play.json');
  if (!fs.existsSync(file)) throw new Error(`${id}: src/games/${g.module}/play.json is missing (its test data: ${part})`);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!(part in data)) throw new Error(`${id}: src/games/${g.module}/play.json has no "${part}"`);
  return data[part];
}
