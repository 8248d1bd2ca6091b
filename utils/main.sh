#!/usr/bin/env bash
#===- utils/main.sh - install, build and run the example programs --------===#
#
# Installs what is missing, builds ta, then
#  1. compiles examples/steps.mlir with `ta-opt --ta-lower-to-llvm` and runs
#     it with mlir-runner (MLIR runner utils + libta_runtime), printing its
#     results;
#  2. verifies and canonicalizes examples/rnn_grad.mlir (a recurrent forward
#     pass and its TensorFlow-style backward pass through ta.grad) and prints
#     the IR: lowering accumulators is the next step of the CPU lowering.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
./utils/setup.sh
./utils/build.sh >/dev/null
LIB=/usr/lib/llvm-22/lib
echo "== examples/steps.mlir: ta-opt --ta-lower-to-llvm | mlir-runner"
build/ci/bin/ta-opt --ta-lower-to-llvm examples/steps.mlir |
  /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
    -shared-libs="$LIB/libmlir_runner_utils.so,$LIB/libmlir_c_runner_utils.so,$PWD/build/ci/lib/libta_runtime.so"
echo "== examples/rnn_grad.mlir: ta-opt -canonicalize"
build/ci/bin/ta-opt -canonicalize examples/rnn_grad.mlir
