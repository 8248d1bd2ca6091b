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
# The sanitizer runtime (shared, -shared-libsan) must come first: preload it.
# allow_user_poisoning=0: LLVM's inline allocator code in ta (instrumented)
# poisons slabs that libMLIR.so (not instrumented) then fills.
LD_PRELOAD=$(clang-22 -print-file-name=libclang_rt.asan-x86_64.so) \
ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0} exec build/asan/bin/ta-fuzz -max_total_time="$seconds" -timeout=20 \
  -rss_limit_mb=4096 -max_len=8192 -dict=utils/fuzz/ta.dict \
  -artifact_prefix="$out/findings/" -print_final_stats=1 "$@" \
  "$out/corpus" "$out/seeds"
