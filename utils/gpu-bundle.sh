#!/usr/bin/env bash
#===- utils/gpu-bundle.sh - GPU tests and benchmark, built ahead of time --===#
#
# Builds OUTDIR (default build/gpu-bundle): the GPU execution tests and the
# GPU benchmark as executables that run on a machine with an NVIDIA GPU and
# no LLVM (libta_runtime, libta_cuda_runtime and an LLVM-free copy of MLIR's
# print functions travel in OUTDIR/lib). Run there: OUTDIR/run.sh.
#
# Each test program (every program run of the CPU integration tests and the
# examples' tests, in the checks modes those run it) is built twice: through
# ta-lower-to-nvvm for the GPU and through ta-lower-to-llvm for the CPU.
# The CPU twin runs here and its output must pass the program's own CHECK
# lines (the expectations derived from TensorFlow's semantics); that output
# and exit status are what the GPU executable must reproduce exactly.
#
# Usage: utils/gpu-bundle.sh [OUTDIR] [--no-bench]
#        utils/gpu-bundle.sh --lower-only
#
# --lower-only takes every test program through ta-lower-to-nvvm
# (format=isa: no ptxas, nothing linked or run) and builds nothing: the
# sanitizer suite's check of the GPU lowering on the bundle's programs.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TA_BUILD_DIR:-$root/build/ci}
cuda=${CUDA_ROOT:-/usr/local/cuda}
out=build/gpu-bundle
bench=1
lower_only=0
for arg in "$@"; do
  case $arg in
  --no-bench) bench=0 ;;
  --lower-only) lower_only=1 ;;
  -*) echo "usage: $0 [OUTDIR] [--no-bench] | --lower-only" >&2 && exit 2 ;;
  *) out=$arg ;;
  esac
done

# Every program run of the CPU integration tests and the examples' tests
# (utils/gpu-bundle/cases.py reads their RUN lines): both checks modes where
# the CPU suite runs both, every strict-mode error entry; a test marked
# `// GPU-BUNDLE: cpu-only (reason)` is left out.
mapfile -t cases < <(python3 "$root/utils/gpu-bundle/cases.py" "$root" \
  "$root"/test/Integration/CPU/*.mlir "$root"/test/Examples/*.mlir \
  "$root"/test/Integration/GPU/empty-launch.mlir)

if ((lower_only)); then
  declare -A lowered=()
  for entry in "${cases[@]}"; do
    IFS='|' read -r name program flags options _ <<<"$entry"
    [[ -n ${lowered["$program|$flags|$options"]:-} ]] && continue
    lowered["$program|$flags|$options"]=1
    # shellcheck disable=SC2086
    if ! "$build/bin/ta-opt" $flags "$program" \
      "--ta-lower-to-nvvm=format=isa${options:+ $options}" > /dev/null; then
      echo "gpu-bundle: $name: ta-lower-to-nvvm failed" >&2
      exit 1
    fi
  done
  echo "gpu-bundle: ${#lowered[@]} programs through ta-lower-to-nvvm"
  exit 0
fi

llvm_lib=$(llvm-config-22 --libdir)
filecheck=$llvm_lib/../bin/FileCheck
rm -rf "$out"
mkdir -p "$out/lib" "$out/tests" "$out/obj"
out=$(cd "$out" && pwd)
cp "$build/lib/libta_runtime.so" "$build/lib/libta_cuda_runtime.so" \
  "$build/lib/libta_gpu_emulator.so" "$out/lib/"
clang-22 -O1 -I"$root/include" "$root/utils/gpu-bundle/probe.c" -o "$out/probe" \
  -L"$out/lib" -lta_cuda_runtime -Wl,-rpath,'$ORIGIN/lib'
clang++-22 -O2 -fPIC -shared -I"$llvm_lib/../include" \
  "$root/utils/gpu-bundle/print.cpp" -o "$out/lib/libta_print.so"

# link NAME OBJECT ENTRY EXTRA-LIBS...: an executable whose main calls ENTRY
# (a function of the program named main is renamed ta_program_main).
link() {
  local name=$1 object=$2 entry=$3
  shift 3
  [[ $entry == main ]] && entry=ta_program_main
  printf 'void %s(void);\nint main(void) {\n  %s();\n  return 0;\n}\n' \
    "$entry" "$entry" > "$out/obj/$name.main.c"
  clang-22 -O1 "$out/obj/$name.main.c" "$object" -o "$name" \
    -L"$out/lib" -lta_print "$@" -lm -Wl,-rpath,'$ORIGIN/../lib'
}

# compile KEY PROGRAM FLAGS PIPELINE: OBJ/KEY.o, once per key.
compile() {
  local key=$1 program=$2 flags=$3 pipeline=$4
  [[ -f $out/obj/$key.o ]] && return
  # shellcheck disable=SC2086
  "$build/bin/ta-opt" $flags "$program" "$pipeline" |
    mlir-translate-22 --mlir-to-llvmir -o "$out/obj/$key.ll"
  clang-22 -O1 -c -Wno-override-module "$out/obj/$key.ll" -o "$out/obj/$key.o"
  llvm-objcopy-22 --redefine-sym main=ta_program_main "$out/obj/$key.o"
}

for entry in "${cases[@]}"; do
  IFS='|' read -r name program flags options fn env checkfile checkargs <<<"$entry"
  key=$(printf '%s|%s|%s' "$program" "$flags" "$options" | md5sum | cut -c1-12)
  compile "$key.cpu" "$program" "$flags" "--ta-lower-to-llvm=$options"
  compile "$key.gpu" "$program" "$flags" \
    "--ta-lower-to-nvvm=toolkit=$cuda emulate=1${options:+ $options}"
  # The CPU twin, checked against the program's CHECK lines.
  (cd "$out/obj" && link "$name.cpu" "$key.cpu.o" "$fn" -lta_runtime \
    -L"$llvm_lib" -lmlir_c_runner_utils -Wl,-rpath,"$llvm_lib")
  status=0
  # shellcheck disable=SC2086
  env $env "$out/obj/$name.cpu" > "$out/obj/$name.out" 2>&1 || status=$?
  read -r -a fc <<<"$checkargs"
  if ! "$filecheck" "$checkfile" "${fc[@]}" < "$out/obj/$name.out"; then
    echo "gpu-bundle: $name: the CPU twin does not pass its CHECK lines" >&2
    exit 1
  fi
  awk -f "$root/utils/gpu-bundle/normalize.awk" "$out/obj/$name.out" \
    > "$out/tests/$name.expected"
  echo "$status" > "$out/tests/$name.status"
  echo "$env" > "$out/tests/$name.env"
  # The GPU executable.
  (cd "$out/tests" && link "$name" "$out/obj/$key.gpu.o" "$fn" \
    -lta_cuda_runtime -lta_runtime)
  echo "built tests/$name (CPU twin: status $status, CHECK lines pass)"
done

if ((bench)); then
  "$root/bench/gpu/build.sh" "$out/bench-build" > /dev/null
  mv "$out/bench-build/ta-gpu-bench" "$out/"
  rm -rf "$out/bench-build"
  cp "$root/bench/gpu/torch_bench.py" "$root/bench/gpu/report.sh" "$out/"
fi
cp "$root/utils/gpu-bundle/run.sh" "$root/utils/gpu-bundle/normalize.awk" \
  "$out/"
rm -rf "$out/obj"
echo "gpu-bundle: $out ($(du -sh "$out" | cut -f1)); run $out/run.sh on a GPU machine"
