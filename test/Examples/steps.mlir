// The README's main job: examples/steps.mlir compiled and run, both modes.
// RUN: ta-opt --ta-lower-to-llvm %ta_src_root/examples/steps.mlir | %run_cpu -e main | FileCheck %s
// RUN: ta-opt --ta-lower-to-llvm=checks=none %ta_src_root/examples/steps.mlir | %run_cpu -e main | FileCheck %s
// CHECK: [10,  100]
// CHECK: [6,  60]
// CHECK: [3,  30]
// CHECK: [1,  10]
// CHECK: [0,  0]
// CHECK-NEXT: 5
