#!/usr/bin/env bash
# Builds the release and prints sizes, load time and tap latency against the
# budgets (exit code 1 when over), then each game's marginal first-load cost:
# the release built without that game's feature, brotli total compared.
#   --sizes-only   the sizes alone (the test tier runs this)
#   --no-marginal  skip the per-game builds (about 3 minutes each)
# and Lighthouse's four scores, LCP, TBT and CLS for the home screen and a
# table (tests/perf/lighthouse.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh browser
source scripts/env.sh
trunk build --release
args=(); marginal=1
for a in "$@"; do
  case "$a" in
    --no-marginal) marginal=0 ;;
    --sizes-only) marginal=0; args+=("$a") ;;
    *) args+=("$a") ;;
  esac
done
if [ "$marginal" = 1 ] || [[ " ${args[*]:-} " != *" --sizes-only "* ]]; then
  # The Minesweeper engine compiled like the app, for its benchmark in Chromium.
  cargo build -q --release --target wasm32-unknown-unknown -p spielblock-bench-wasm
  wasm-bindgen --target web --out-dir target/bench-wasm target/wasm32-unknown-unknown/release/spielblock_bench_wasm.wasm
  # The command-line tool plays the games whose saved size is measured.
  cargo build -q --profile native -p spielblock-rules --bin spielblock-cli
fi
node tests/perf/measure.mjs "${args[@]}"
if [[ " ${args[*]:-} " != *" --sizes-only "* && " ${args[*]:-} " != *" --taps-only "* ]]; then
  # Lighthouse (mobile) on the home screen and a table, served as a static
  # host serves (brotli, cache headers). Only 12.2.3 runs here; it is kept
  # out of the project's packages, in target/lighthouse.
  [ -d target/lighthouse/node_modules/lighthouse ] ||
    npm install --prefix target/lighthouse -E --no-audit --no-fund lighthouse@12.2.3 >/dev/null
  node tests/perf/lighthouse.mjs --dist dist --lighthouse target/lighthouse
fi
[ "$marginal" = 1 ] || exit 0

# The games are those games.txt lists (tests/games.json, written by the
# build from it; SPIELBLOCK_GAMES builds a subset,
# build.rs). Every build keeps `split`:
# a game's cost is split between the first load (its texts, stylesheet and
# facts for the home screen) and the game code chunk fetched when a game is
# first opened (the offline total counts both).
games=$(node -e "import('./tests/games.mjs').then((g) => console.log(g.IDS.join(' ')))")
first=$(node tests/perf/measure.mjs --total-only --dist dist)
offline=$(node tests/perf/measure.mjs --offline-only --dist dist)
none_dir=target/measure/no-games
SPIELBLOCK_GAMES= trunk build --release -d "$none_dir" >/dev/null
none_first=$(node tests/perf/measure.mjs --total-only --dist "$none_dir")
none_offline=$(node tests/perf/measure.mjs --offline-only --dist "$none_dir")
echo
echo "marginal cost per game (brotli KB, release built with and without it):"
kb() { awk "BEGIN { printf \"%.1f\", ($1) / 1000 }"; }
printf '  %-14s %12s %14s\n' "" "first load" "offline total"
printf '  %-14s %12s %14s\n' "host, no game" "$(kb "$none_first")" "$(kb "$none_offline")"
for g in $games; do
  others=$(echo "$games" | tr ' ' '\n' | { grep -vx "$g" || true; } | paste -sd, -)
  dir="target/measure/without-$g"
  SPIELBLOCK_GAMES="$others" trunk build --release -d "$dir" >/dev/null
  wf=$(node tests/perf/measure.mjs --total-only --dist "$dir")
  wo=$(node tests/perf/measure.mjs --offline-only --dist "$dir")
  printf '  %-14s %12s %14s\n' "$g" "$(kb "$first - $wf")" "$(kb "$offline - $wo")"
done
printf '  %-14s %12s %14s\n' "all games" "$(kb "$first - $none_first")" "$(kb "$offline - $none_offline")"
