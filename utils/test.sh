#!/usr/bin/env bash
#===- utils/test.sh - install, build and run every ta test ---------------===#
#
# Installs what is missing, builds (preset "ci"), runs the format check and
# the whole lit suite, and ends with one line "N passed, N failed".
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/.."

./utils/setup.sh || { echo "0 passed, 1 failed"; exit 1; }
if ! ./utils/build.sh; then
  echo "build failed"
  echo "0 passed, 1 failed"
  exit 1
fi

passed=0
failed=0
if ./utils/check-format.sh; then
  passed=$((passed + 1))
else
  echo "FAIL: format check"
  failed=$((failed + 1))
fi

RESULTS=build/ci/test/lit-results.json
rm -f "$RESULTS"
/usr/lib/llvm-22/bin/lit -sv --time-tests -o "$RESULTS" build/ci/test
read -r lp lf < <(/usr/bin/python3 utils/lit-summary.py "$RESULTS")
passed=$((passed + lp))
failed=$((failed + lf))

echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
