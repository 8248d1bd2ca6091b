#!/usr/bin/env bash
#===- utils/main.sh - install, build and run the example program ---------===#
#
# Installs what is missing, builds ta, then runs the example program
# (examples/rnn_grad.mlir) through ta-opt: parse, verify, canonicalize, and
# print the resulting IR.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
./utils/setup.sh
./utils/build.sh >/dev/null
echo "== ta-opt -canonicalize examples/rnn_grad.mlir"
build/ci/bin/ta-opt -canonicalize examples/rnn_grad.mlir
