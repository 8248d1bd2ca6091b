// The README's example program parses, verifies and canonicalizes.
// RUN: ta-opt %ta_src_root/examples/rnn_grad.mlir -canonicalize | FileCheck %s
// CHECK-LABEL: func.func @rnn
// CHECK: ta.create %{{.*}} {name = "inputs"} : !ta.handle<3, tensor<2xf32>>
// CHECK: ta.create %{{.*}} {clear_after_read = false, name = "states"}
// CHECK: ta.grad %{{.*}} source "gradients" : !ta.handle<3, tensor<2xf32>>
// CHECK: ta.read %{{.*}} : !ta.handle<3, tensor<2xf32>, grad>
// CHECK: ta.gather %{{.*}} : !ta.handle<3, tensor<2xf32>, grad>, tensor<3xi32>
