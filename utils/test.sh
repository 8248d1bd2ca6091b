#!/usr/bin/env bash
#===- utils/test.sh - install, build and run every ta test ---------------===#
#
# Installs what is missing, builds (preset "ci"), runs the format check and
# the whole lit suite, then the lit suite again under ASan + UBSan (preset
# "asan") and 60 seconds of fuzzing, and ends with one line
# "N passed, N failed".
#
#===----------------------------------------------------------------------===#
set -uo pipefail
cd "$(dirname "$0")/.."

# The summary line is printed on every way out, including an aborted step.
passed=0
failed=0
summary_printed=0
print_summary() {
  if [ "$summary_printed" -eq 0 ]; then
    summary_printed=1
    echo "${passed} passed, ${failed} failed"
  fi
}
trap 'status=$?; if [ "$summary_printed" -eq 0 ] && [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi; print_summary' EXIT

if ! ./utils/setup.sh; then
  echo "FAIL: setup"
  failed=$((failed + 1))
  exit 1
fi
if ! ./utils/build.sh; then
  echo "FAIL: build"
  failed=$((failed + 1))
  exit 1
fi

if ./utils/check-format.sh; then
  passed=$((passed + 1))
else
  echo "FAIL: format check"
  failed=$((failed + 1))
fi

RESULTS=build/ci/test/lit-results.json
rm -f "$RESULTS"
/usr/lib/llvm-22/bin/lit -sv --time-tests -o "$RESULTS" build/ci/test
lp=0
lf=1
read -r lp lf < <(/usr/bin/python3 utils/lit-summary.py "$RESULTS") || true
passed=$((passed + ${lp:-0}))
failed=$((failed + ${lf:-1}))

# The sanitizer suite and a short fuzzing run, where clang-22's sanitizer
# and libFuzzer runtimes are installed (libclang-rt-22-dev; setup.sh
# installs it): ta built with ASan + UBSan + assertions (preset "asan"),
# the whole lit suite again under it, then ta-fuzz for 60 seconds.
resource_dir=$(clang-22 -print-resource-dir 2>/dev/null || true)
if ls "$resource_dir"/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  if cmake --preset asan >/dev/null && cmake --build --preset asan; then
    RESULTS=build/asan/test/lit-results.json
    rm -f "$RESULTS"
    /usr/lib/llvm-22/bin/lit -sv --time-tests -o "$RESULTS" build/asan/test
    lp=0
    lf=1
    read -r lp lf < <(/usr/bin/python3 utils/lit-summary.py "$RESULTS") || true
    passed=$((passed + ${lp:-0}))
    failed=$((failed + ${lf:-1}))
    mkdir -p build/asan/fuzz
    if ./utils/fuzz.sh 60 > build/asan/fuzz/last-run.log 2>&1; then
      grep '^stat::\|^Done' build/asan/fuzz/last-run.log
      passed=$((passed + 1))
    else
      tail -n 60 build/asan/fuzz/last-run.log
      echo "FAIL: fuzzing (ta-fuzz, 60 s): see build/asan/fuzz/findings"
      failed=$((failed + 1))
    fi
  else
    echo "FAIL: sanitizer build (preset asan)"
    failed=$((failed + 1))
  fi
else
  echo "note: no libFuzzer runtime for clang-22 (libclang-rt-22-dev): no sanitizer suite, no fuzzing"
fi

print_summary
[ "$failed" -eq 0 ]
