#!/usr/bin/env bash
# Runs the app on http://127.0.0.1:8080 (installs what is missing first).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
exec trunk serve --address 127.0.0.1 --port 8080
