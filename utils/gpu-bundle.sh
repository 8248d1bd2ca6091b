#!/usr/bin/env bash
#===- utils/gpu-bundle.sh - GPU tests and benchmark, built ahead of time --===#
#
# Builds OUTDIR (default build/gpu-bundle): the GPU execution tests and the
# GPU benchmark as executables that run on a machine with an NVIDIA GPU and
# no LLVM (libta_runtime, libta_cuda_runtime and an LLVM-free copy of MLIR's
# print functions travel in OUTDIR/lib). Run there: OUTDIR/run.sh.
#
# Each test program (the CPU integration programs, as test/Integration/GPU/
# gpu-run.test runs them through mlir-runner) is built twice: through
# ta-lower-to-nvvm for the GPU and through ta-lower-to-llvm for the CPU.
# The CPU twin runs here and its output must pass the program's own CHECK
# lines (the expectations derived from TensorFlow's semantics); that output
# and exit status are what the GPU executable must reproduce exactly.
#
# Usage: utils/gpu-bundle.sh [OUTDIR] [--no-bench]
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TA_BUILD_DIR:-$root/build/ci}
cuda=${CUDA_ROOT:-/usr/local/cuda}
out=build/gpu-bundle
bench=1
for arg in "$@"; do
  case $arg in
  --no-bench) bench=0 ;;
  -*) echo "usage: $0 [OUTDIR] [--no-bench]" >&2 && exit 2 ;;
  *) out=$arg ;;
  esac
done
llvm_lib=$(llvm-config-22 --libdir)
filecheck=$llvm_lib/../bin/FileCheck
rm -rf "$out"
mkdir -p "$out/lib" "$out/tests" "$out/obj"
out=$(cd "$out" && pwd)
cp "$build/lib/libta_runtime.so" "$build/lib/libta_cuda_runtime.so" "$out/lib/"
clang-22 -O1 -I"$root/include" "$root/utils/gpu-bundle/probe.c" -o "$out/probe" \
  -L"$out/lib" -lta_cuda_runtime -Wl,-rpath,'$ORIGIN/lib'
clang++-22 -O2 -fPIC -shared -I"$llvm_lib/../include" \
  "$root/utils/gpu-bundle/print.cpp" -o "$out/lib/libta_print.so"

cpu=$root/test/Integration/CPU
# name | program | entry | ta-opt pipeline options | FileCheck arguments
cases=(
  "write-read|$cpu/write-read.mlir|main||"
  "write-read-none|$cpu/write-read.mlir|main|checks=none|"
  "grad|$cpu/grad.mlir|all||"
  "grad-none|$cpu/grad.mlir|all|checks=none|"
  "bulk|$cpu/bulk.mlir|all||"
  "bulk-none|$cpu/bulk.mlir|all|checks=none|"
  "unbatch|$cpu/unbatch.mlir|all||"
  "rnn-grad|$root/examples/rnn_grad.mlir|main||$root/test/Examples/rnn_grad.mlir"
  "batched-grad|$root/examples/batched_grad.mlir|main||$root/test/Examples/batched_grad.mlir"
  "error-write-oob|$cpu/errors-grad.mlir|write_oob||--check-prefix=WOOB"
  "error-two-shapes|$cpu/errors-grad.mlir|two_shapes||--check-prefix=SHAPES"
  "error-scatter-negative|$cpu/errors-bulk.mlir|scatter_negative||--check-prefix=SNEG"
  "error-split-sum|$cpu/errors-bulk.mlir|split_sum||--check-prefix=SPSUM"
)

# link NAME OBJECT ENTRY EXTRA-LIBS...: an executable whose main calls ENTRY.
link() {
  local name=$1 object=$2 entry=$3
  shift 3
  if [[ $entry == main ]]; then
    llvm-objcopy-22 --redefine-sym main=ta_entry "$object"
    entry=ta_entry
  fi
  printf 'void %s(void);\nint main(void) {\n  %s();\n  return 0;\n}\n' \
    "$entry" "$entry" > "$out/obj/$name.main.c"
  clang-22 -O1 "$out/obj/$name.main.c" "$object" -o "$name" \
    -L"$out/lib" -lta_print "$@" -Wl,-rpath,'$ORIGIN/../lib'
}

for entry in "${cases[@]}"; do
  IFS='|' read -r name program fn options check <<<"$entry"
  obj=$out/obj/$name
  # The CPU twin, checked against the program's CHECK lines.
  "$build/bin/ta-opt" "$program" --ta-lower-to-llvm="$options" |
    mlir-translate-22 --mlir-to-llvmir -o "$obj.cpu.ll"
  clang-22 -O1 -c -Wno-override-module "$obj.cpu.ll" -o "$obj.cpu.o"
  (cd "$out/obj" && link "$name.cpu" "$obj.cpu.o" "$fn" -lta_runtime \
    -L"$llvm_lib" -lmlir_c_runner_utils -Wl,-rpath,"$llvm_lib")
  status=0
  "$obj.cpu" > "$obj.out" 2>&1 || status=$?
  read -r -a fc <<<"${check:-$program}"
  [[ ${fc[0]} == --* ]] && fc=("$program" "${fc[@]}")
  if ! "$filecheck" "${fc[@]}" < "$obj.out"; then
    echo "gpu-bundle: $name: the CPU twin does not pass its CHECK lines" >&2
    exit 1
  fi
  sed -e 's/base@ = 0x[0-9a-f]*/base@ = ADDRESS/' "$obj.out" \
    > "$out/tests/$name.expected"
  echo "$status" > "$out/tests/$name.status"
  # The GPU executable.
  "$build/bin/ta-opt" "$program" \
    --ta-lower-to-nvvm="toolkit=$cuda${options:+ $options}" |
    mlir-translate-22 --mlir-to-llvmir -o "$obj.gpu.ll"
  clang-22 -O1 -c -Wno-override-module "$obj.gpu.ll" -o "$obj.gpu.o"
  (cd "$out/tests" && link "$name" "$obj.gpu.o" "$fn" -lta_cuda_runtime \
    -lta_runtime)
  echo "built tests/$name (CPU twin: status $status, CHECK lines pass)"
done

if ((bench)); then
  "$root/bench/gpu/build.sh" "$out/bench-build" > /dev/null
  mv "$out/bench-build/ta-gpu-bench" "$out/"
  rm -rf "$out/bench-build"
  cp "$root/bench/gpu/torch_bench.py" "$root/bench/gpu/report.sh" "$out/"
fi
cp "$root/utils/gpu-bundle/run.sh" "$out/run.sh"
rm -rf "$out/obj"
echo "gpu-bundle: $out ($(du -sh "$out" | cut -f1)); run $out/run.sh on a GPU machine"
