#!/usr/bin/env bash
# Builds the release and prints sizes, load time and tap latency against the
# budgets (exit code 1 when over), then each game's marginal first-load cost:
# the release built without that game's feature, brotli total compared.
#   --sizes-only   the sizes alone (the test tier runs this)
#   --no-marginal  skip the per-game builds (about 3 minutes each)
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
fi
node tests/perf/measure.mjs "${args[@]}"
[ "$marginal" = 1 ] || exit 0

# The games are the default features of the app crate.
games=$(sed -n 's/^default = \[\(.*\)\]/\1/p' Cargo.toml | tr -d '" ' | tr ',' ' ')
full=$(node tests/perf/measure.mjs --total-only --dist dist)
none_dir=target/measure/no-games
trunk build --release --no-default-features -d "$none_dir" >/dev/null
none=$(node tests/perf/measure.mjs --total-only --dist "$none_dir")
echo
echo "marginal first-load cost per game (brotli, release built with and without it):"
kb() { awk "BEGIN { printf \"%.1f\", ($1) / 1000 }"; }
printf '  %-14s %8s KB\n' "host, no game" "$(kb "$none")"
for g in $games; do
  others=$(echo "$games" | tr ' ' '\n' | { grep -vx "$g" || true; } | paste -sd, -)
  if [ -n "$others" ]; then
    dir="target/measure/without-$g"
    trunk build --release --no-default-features --features "$others" -d "$dir" >/dev/null
    without=$(node tests/perf/measure.mjs --total-only --dist "$dir")
  else
    without=$none
  fi
  printf '  %-14s %8s KB\n' "$g" "$(kb "$full - $without")"
done
printf '  %-14s %8s KB\n' "all games" "$(kb "$full - $none")"
# Gnoming A Round: complete, but not in the default build (over the budget).
dir=target/measure/with-gnoming
trunk build --release --features gnoming -d "$dir" >/dev/null
with=$(node tests/perf/measure.mjs --total-only --dist "$dir")
printf '  %-14s %8s KB  (not in the default build: with it %s KB)\n' "gnoming" "$(kb "$with - $full")" "$(kb "$with")"
node tests/perf/measure.mjs --dist "$dir" --only gnoming
