#!/usr/bin/env bash
# Builds the release and prints sizes, load time and tap latency against the
# budgets (exit code 1 when over). Pass --sizes-only for the sizes alone.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh browser
source scripts/env.sh
trunk build --release
node tests/perf/measure.mjs "$@"
