#!/usr/bin/env bash
#===- utils/build.sh - configure and build ta (preset "ci") --------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
PRESET="${TA_PRESET:-ci}"
cmake --preset "$PRESET" >/dev/null
cmake --build --preset "$PRESET"
