#!/usr/bin/env bash
# Installs whatever is missing for building and testing Spielblock, from the
# package registries only (crates.io, npm, Debian). Safe to run again: every
# step is skipped when its tool is already there in the right version.
#   scripts/setup.sh          build tools (wasm32 target, trunk, wasm-bindgen,
#                             wasm-split-cli, wasm-opt)
#   scripts/setup.sh browser  also Debian's chromium and chromium-driver (tests)
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.21.14
WBG_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! grep -q "wasm_bindgen = \"$WBG_VERSION\"" Trunk.toml; then
  echo "Trunk.toml's [tools] wasm_bindgen must equal Cargo.lock's wasm-bindgen ($WBG_VERSION)" >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (about 10 minutes on 2 cores)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WBG_VERSION"; then
  # Without --locked: its lock file pins a crate newer than the registry holds.
  say "installing wasm-bindgen-cli $WBG_VERSION"
  cargo install wasm-bindgen-cli --version "$WBG_VERSION" --force
fi

WSPLIT_VERSION=0.2.3
if ! cargo install --list | grep -q "^wasm_split_cli_support v$WSPLIT_VERSION:"; then
  # wasm-split-cli: cuts the games' code into its own chunk (post-build hook).
  say "installing wasm_split_cli_support $WSPLIT_VERSION (wasm-split-cli, about 3 minutes)"
  cargo install --locked wasm_split_cli_support --version "$WSPLIT_VERSION" --features build-binary
fi

if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
   || [ ! -d node_modules/terser ] || [ ! -d node_modules/upng-js ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages (wasm-opt, playwright-core, axe-core, terser, resvg)"
  # Not `npm ci`: npm records only this platform's optional rollup packages in
  # the lock, and `npm ci` then refuses its own lock. `install --no-save`
  # follows the lock (direct packages are pinned exactly) and writes nothing.
  npm install --no-save --no-audit --no-fund
fi

if [ "${1:-}" = browser ]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    say "installing Debian's chromium and chromium-driver"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium chromium-driver
  fi
fi
say "ready"
