#!/usr/bin/env bash
#===- utils/main.sh - install, build and run the example programs --------===#
#
# Installs what is missing, builds ta, then
#  1. compiles examples/rnn_grad.mlir (a recurrent forward pass that writes
#     every step into a TensorArray, and the TensorFlow-style backward pass
#     that accumulates its gradients through ta.grad) with
#     `ta-opt --ta-lower-to-llvm` and runs it with mlir-runner (MLIR runner
#     utils + libta_runtime), printing the states and both gradients;
#  2. the same for examples/steps.mlir (a growable array);
#  3. and for examples/batched_grad.mlir (the gradient of a batched layer
#     routed back to the batch's owner through ta.unbatch_grad).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
./utils/setup.sh
./utils/build.sh >/dev/null
LIB=/usr/lib/llvm-22/lib
run() {
  echo "== $1: ta-opt --ta-lower-to-llvm | mlir-runner"
  build/ci/bin/ta-opt --ta-lower-to-llvm "$1" |
    /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
      -shared-libs="$LIB/libmlir_runner_utils.so,$LIB/libmlir_c_runner_utils.so,$PWD/build/ci/lib/libta_runtime.so"
}
run examples/rnn_grad.mlir
run examples/steps.mlir
run examples/batched_grad.mlir
