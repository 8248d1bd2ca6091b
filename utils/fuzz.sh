#!/usr/bin/env bash
#===- utils/fuzz.sh - build and run the ta-fuzz libFuzzer target ---------===#
#
# utils/fuzz.sh [SECONDS] [libFuzzer flags...]
#   Builds ta-fuzz in the "asan" preset (ta with ASan, UBSan, assertions and
#   coverage instrumentation), seeds a corpus from every .mlir test and
#   example (split at "// -----"), and fuzzes for SECONDS (default 60) with
#   the ta dictionary (utils/fuzz/ta.dict). A finding (crash, sanitizer
#   report, leak, timeout, out of memory) is written to build/asan/fuzz/findings/
#   and ends the run with a non-zero status; fix it and keep the reproducer
#   as a test in test/Fuzz/. The corpus (build/asan/fuzz/corpus) grows
#   across runs.
#   Long run: utils/fuzz.sh 36000 -jobs=2 -workers=2
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
[ -f build/asan/build.ninja ] || cmake --preset asan >/dev/null
cmake --build --preset asan --target ta-fuzz
out=build/asan/fuzz
mkdir -p "$out/corpus" "$out/seeds" "$out/findings"
rm -f "$out/seeds"/*
/usr/bin/python3 - "$out/seeds" test examples <<'PY'
import hashlib, pathlib, sys
out = pathlib.Path(sys.argv[1])
for root in sys.argv[2:]:
    for path in sorted(pathlib.Path(root).rglob("*.mlir")):
        for part in path.read_text().split("// -----"):
            data = part.encode()
            (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
PY
# Each run's output (and with -jobs, each job's fuzz-N.log) is kept in
# build/asan/fuzz/logs/<time>/; the executions of all its processes are added
# up and appended to build/asan/fuzz/history.tsv (time, seconds, executions,
# exit status, flags): the tally across runs.
root=$PWD
logs="$out/logs/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$logs"
cd "$logs"
# The sanitizer runtime (shared, -shared-libsan) must come first: preload it.
# allow_user_poisoning=0: LLVM's inline allocator code in ta (instrumented)
# poisons slabs that libMLIR.so (not instrumented) then fills.
# max_malloc_fill_size=0, quarantine_size_mb=16: no 0xbe fill of new blocks
# (ASan does not report reads of uninitialized memory anyway) and a 16 MB
# window of freed memory for use-after-free (256 MB by default; an input's
# whole run allocates less): together 1.6x the executions per second.
status=0
LD_PRELOAD=$(clang-22 -print-file-name=libclang_rt.asan-x86_64.so) \
ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:max_malloc_fill_size=0:quarantine_size_mb=16} \
  "$root/build/asan/bin/ta-fuzz" -max_total_time="$seconds" -timeout=20 \
  -rss_limit_mb=4096 -max_len=8192 -dict="$root/utils/fuzz/ta.dict" \
  -artifact_prefix="$root/$out/findings/" -print_final_stats=1 "$@" \
  "$root/$out/corpus" "$root/$out/seeds" 2>&1 | tee main.log || status=$?
# With -jobs, main.log repeats the jobs' logs: count those alone.
job_logs=(fuzz-*.log)
[ -e "${job_logs[0]}" ] || job_logs=(main.log)
executions=$(cat "${job_logs[@]}" | sed -n 's/^stat::number_of_executed_units: *//p' |
  awk '{ n += $1 } END { print n + 0 }')
printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$seconds" "$executions" \
  "$status" "$*" >> "$root/$out/history.tsv"
total=$(awk -F'\t' '{ n += $3 } END { print n + 0 }' "$root/$out/history.tsv")
echo "fuzz: $executions executions in this run, $total in build/asan/fuzz/history.tsv"
exit "$status"
