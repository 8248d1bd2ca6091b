// The README's main job: examples/rnn_grad.mlir parses, verifies and
// canonicalizes, and runs through ta-lower-to-llvm in both modes. The
// expected numbers are derived by hand in the example's header comment.
// RUN: ta-opt %ta_src_root/examples/rnn_grad.mlir -canonicalize | FileCheck %s --check-prefix=IR
// RUN: ta-opt --ta-lower-to-llvm %ta_src_root/examples/rnn_grad.mlir | %run_cpu -e main | FileCheck %s
// RUN: ta-opt --ta-lower-to-llvm=checks=none %ta_src_root/examples/rnn_grad.mlir | %run_cpu -e main | FileCheck %s
// IR-LABEL: func.func @rnn
// IR: ta.create %{{.*}} {name = "inputs"} : !ta.handle<3, tensor<2xf32>>
// IR: ta.create %{{.*}} {clear_after_read = false, name = "states"}
// IR: ta.grad %{{.*}} source "gradients" : !ta.handle<3, tensor<2xf32>>
// IR: ta.read %{{.*}} : !ta.handle<3, tensor<2xf32>, grad>
// IR: ta.gather %{{.*}} : !ta.handle<3, tensor<2xf32>, grad>, tensor<3xi32>

// states
// CHECK:      [1,   2],
// CHECK-NEXT: [3.5,   5],
// CHECK-NEXT: [6.75,   8.5]]
// dL/dxs
// CHECK:      [1.75,   1.75],
// CHECK-NEXT: [1.5,   1.5],
// CHECK-NEXT: [1,   1]]
// dL/dw
// CHECK:      [5,  8]
