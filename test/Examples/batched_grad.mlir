// The README's main job: examples/batched_grad.mlir compiled and run, both
// modes. Expected values derived by hand in the example's header.
// RUN: ta-opt --ta-lower-to-llvm %ta_src_root/examples/batched_grad.mlir | %run_cpu -e main | FileCheck %s
// RUN: ta-opt --ta-lower-to-llvm=checks=none %ta_src_root/examples/batched_grad.mlir | %run_cpu -e main | FileCheck %s
// The non-owners' dL/dx have no rows.
// CHECK: 0
// CHECK-NEXT: 0
// dL/dw, then the owner's dL/dx in batch row order.
// CHECK: sizes = [2]
// CHECK-NEXT: [21.5,  12]
// CHECK: sizes = [4, 2]
// CHECK-NEXT: [1,   1.5]
// CHECK-NEXT: [2,   0]
// CHECK-NEXT: [2,   3]
// CHECK-NEXT: [4,   3]
