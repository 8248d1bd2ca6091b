#!/usr/bin/env bash
#===- utils/fuzz.sh - build and run ta's libFuzzer targets ---------------===#
#
# utils/fuzz.sh [--exec] [SECONDS] [libFuzzer flags...]
#   Builds the target in the "asan" preset (ta with ASan, UBSan, assertions
#   and coverage instrumentation) and fuzzes for SECONDS (default 60). A
#   finding (crash, sanitizer report, leak, timeout, out of memory, and for
#   ta-exec-fuzz a mismatch with its model) is written to
#   build/asan/<target>/findings/ and ends the run with a non-zero status;
#   fix it and keep the reproducer as a test. The corpus
#   (build/asan/<target>/corpus) grows across runs.
#   - ta-fuzz (default): parse, verify and lower; seeded from every .mlir
#     test and example (split at "// -----"), with the ta dictionary
#     (utils/fuzz/ta.dict). Findings go to build/asan/fuzz/.
#   - --exec: ta-exec-fuzz, which compiles random programs and runs them on
#     random run-time values (tools/ta-exec-fuzz). Findings go to
#     build/asan/exec-fuzz/.
#   Long run: utils/fuzz.sh [--exec] 36000 -jobs=2 -workers=2
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
target=ta-fuzz
out=build/asan/fuzz
if [ "${1:-}" = --exec ]; then
  target=ta-exec-fuzz
  out=build/asan/exec-fuzz
  shift
fi
seconds=${1:-60}
shift || true
[ -f build/asan/build.ninja ] || cmake --preset asan >/dev/null
cmake --build --preset asan --target "$target"
mkdir -p "$out/corpus" "$out/seeds" "$out/findings"
rm -f "$out/seeds"/*
if [ "$target" = ta-fuzz ]; then
  /usr/bin/python3 - "$out/seeds" test examples <<'PY'
import hashlib, pathlib, sys
out = pathlib.Path(sys.argv[1])
for root in sys.argv[2:]:
    for path in sorted(pathlib.Path(root).rglob("*.mlir")):
        for part in path.read_text().split("// -----"):
            data = part.encode()
            (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
PY
  flags=(-timeout=20 -max_len=8192 -dict="$PWD/utils/fuzz/ta.dict")
else
  # Inputs are choices, not text: short ones, of any length up to 256
  # (libFuzzer's length control would keep them tiny for a long time).
  # A timeout covers an input's first compilation of its program shape.
  # Every program shape stays compiled: up to about 4.5 GB under ASan.
  flags=(-timeout=60 -max_len=256 -len_control=0 -rss_limit_mb=6144)
fi
asan_options=allow_user_poisoning=0:max_malloc_fill_size=0:quarantine_size_mb=16
# ta-exec-fuzz asks for storage of hostile sizes, which the runtime must
# refuse with ta's OOM error: ASan's malloc returns null past its limit, as
# glibc's does, instead of aborting.
[ "$target" = ta-exec-fuzz ] && asan_options+=:allocator_may_return_null=1
# Each run's output (and with -jobs, each job's fuzz-N.log) is kept in
# $out/logs/<time>/; the executions of all its processes are added up and
# appended to $out/history.tsv (time, seconds, executions, exit status,
# flags): the tally across runs.
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
ASAN_OPTIONS=${ASAN_OPTIONS:-$asan_options} \
  "$root/build/asan/bin/$target" -max_total_time="$seconds" \
  -rss_limit_mb=4096 "${flags[@]}" -artifact_prefix="$root/$out/findings/" \
  -print_final_stats=1 "$@" \
  "$root/$out/corpus" "$root/$out/seeds" 2>&1 | tee main.log || status=$?
# With -jobs, main.log repeats the jobs' logs: count those alone.
job_logs=(fuzz-*.log)
[ -e "${job_logs[0]}" ] || job_logs=(main.log)
executions=$(cat "${job_logs[@]}" | sed -n 's/^stat::number_of_executed_units: *//p' |
  awk '{ n += $1 } END { print n + 0 }')
printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$seconds" "$executions" \
  "$status" "$*" >> "$root/$out/history.tsv"
total=$(awk -F'\t' '{ n += $3 } END { print n + 0 }' "$root/$out/history.tsv")
echo "fuzz: $executions executions in this run, $total in $out/history.tsv"
exit "$status"
