# Sourced by the scripts: the npm wasm-opt (binaryen 132) must come before any
# other on PATH, since Debian's binaryen 108 silently breaks the module.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
