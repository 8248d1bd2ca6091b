#!/usr/bin/env bash
# Builds the CPU benchmark: bench/cpu/build.sh OUTDIR OP:E:N ... (see gen.py)
# -> OUTDIR/ta-cpu-bench. ta kernels through ta-lower-to-llvm (checks=none
# and strict), the upstream formulation through the same bufferization and
# LLVM lowering, all AOT with clang-22 -O3.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${TA_BUILD_DIR:-$root/build/ci}
out=${1:?usage: build.sh OUTDIR OP:E:N ...}
shift
mkdir -p "$out"
/usr/bin/python3 "$here/gen.py" "$out" "$@"
# Every object's functions and loops start on a 64-byte boundary: without it
# a kernel's speed moved 20-30% between two builds whose machine code
# differed only in where it was placed (measured: the same strict
# accumulation, 285 and 350-367 ns, at addresses 0x5a0 and 0x4f0).
align="-falign-functions=64 -falign-loops=64"
sed -e 's/@ta_/@tas_/g' "$out/ta.mlir" > "$out/tas.mlir"
lower() { # name options
  "$build/bin/ta-opt" "$out/$1.mlir" --ta-lower-to-llvm="$2" |
    mlir-translate-22 --mlir-to-llvmir -o "$out/$1.ll"
  clang-22 -O3 -march=native $align -c -Wno-override-module "$out/$1.ll" -o "$out/$1.o"
}
lower ta checks=none
lower tas checks=strict
lower up checks=none
clang-22 -O3 -march=native $align -c "$out/floor.c" -o "$out/floor.o"
llvm_lib=$(llvm-config-22 --libdir)
clang-22 -O2 -Wall -Werror -I"$out" "$here/driver.c" "$out"/{ta,tas,up,floor}.o \
  -o "$out/ta-cpu-bench" -L"$build/lib" -lta_runtime -L"$llvm_lib" \
  -lmlir_c_runner_utils -Wl,-rpath,"$build/lib" -Wl,-rpath,"$llvm_lib"
echo "built $out/ta-cpu-bench"
