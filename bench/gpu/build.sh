#!/usr/bin/env bash
# Builds the GPU benchmark ahead of time: bench/gpu/build.sh OUTDIR [--cpu]
# [NAME:SLOTS:ELEMENTS ...]. Each shape is an array of SLOTS elements of
# tensor<ELEMENTSxf32>; the default shapes are 1 GiB arrays of 4 MiB and of
# 64 MiB elements, and 65536 slots of 256 B and 4096 of 64 B. The result, OUTDIR/ta-gpu-bench, needs no LLVM to run: it
# carries libta_runtime and libta_cuda_runtime in OUTDIR/lib. With --cpu the
# same programs go through ta-lower-to-llvm instead (OUTDIR/ta-cpu-bench):
# the smoke test that runs without a GPU.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${TA_BUILD_DIR:-$root/build/ci}
cuda=${CUDA_ROOT:-/usr/local/cuda}
out=${1:?usage: build.sh OUTDIR [--cpu] [NAME:SLOTS:ELEMENTS ...]}
shift
cpu=0
if [[ ${1:-} == --cpu ]]; then
  cpu=1
  shift
fi
shapes=("$@")
if ((${#shapes[@]} == 0)); then
  shapes=(e4m:256:1048576 e64m:16:16777216 s256:65536:64 t64:4096:16)
fi

mkdir -p "$out/lib" "$out/obj"
: > "$out/obj/shapes.h"
objects=()
for shape in "${shapes[@]}"; do
  IFS=: read -r name n e <<<"$shape"
  if ! [[ $name =~ ^[a-z0-9_]+$ && $n =~ ^[1-9][0-9]*$ && $e =~ ^[1-9][0-9]*$ ]]; then
    echo "build.sh: bad shape '$shape' (NAME:SLOTS:ELEMENTS)" >&2
    exit 2
  fi
  sed -e "s/@NE@/$((n * e))/g" -e "s/@N@/$n/g" -e "s/@E@/$e/g" \
    -e "s/@LAST@/$((n - 1))/g" -e "s/@ELAST@/$((e - 1))/g" \
    -e "s/@KMID@/$((n / 2))/g" -e "s/@EMID@/$((e / 2 + e / 3))/g" \
    -e "s/@S@/$name/g" "$here/ta_ops.mlir.in" > "$out/obj/$name.mlir"
  if ((cpu)); then
    "$build/bin/ta-opt" "$out/obj/$name.mlir" --ta-lower-to-llvm \
      -o "$out/obj/$name.llvm.mlir"
  else
    "$build/bin/ta-opt" "$out/obj/$name.mlir" \
      --ta-lower-to-nvvm="toolkit=$cuda" -o "$out/obj/$name.llvm.mlir"
  fi
  mlir-translate-22 --mlir-to-llvmir "$out/obj/$name.llvm.mlir" \
    -o "$out/obj/$name.ll"
  clang-22 -O3 -c -Wno-override-module "$out/obj/$name.ll" -o "$out/obj/$name.o"
  objects+=("$out/obj/$name.o")
  echo "SHAPE($name, $n, $e)" >> "$out/obj/shapes.h"
done

cp "$build/lib/libta_runtime.so" "$out/lib/"
if ((cpu)); then
  exe=$out/ta-cpu-bench
  flags=(-DTA_BENCH_CPU)
  # memrefCopy, for strided copies on the CPU.
  llvm_lib=$(llvm-config-22 --libdir)
  libs=(-lta_runtime -L"$llvm_lib" -lmlir_c_runner_utils
    -Wl,-rpath,"$llvm_lib")
else
  exe=$out/ta-gpu-bench
  flags=()
  libs=(-lta_cuda_runtime -lta_runtime)
  cp "$build/lib/libta_cuda_runtime.so" "$out/lib/"
fi
clang-22 -O2 -Wall -Werror -rdynamic "${flags[@]}" -I"$root/include" -I"$out/obj" \
  "$here/driver.c" "${objects[@]}" -o "$exe" -L"$out/lib" "${libs[@]}" \
  -Wl,-rpath,'$ORIGIN/lib'
echo "built $exe"
