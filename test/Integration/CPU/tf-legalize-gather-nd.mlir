// tf.GatherV2 of indices of rank 2 (an embedding lookup of [batch, time]
// ids): the params' rows (axis 0) or columns (axis 1) at every index, the
// gathered axis in the indices' shape; an index out of range stops with
// TensorFlow's text, naming its position ("indices[1,0] = 12 is not in
// [0, 4)"), in both checks modes (TensorFlow's CPU kernel checks always).
//
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e out_of_range %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: not %run_cpu -e out_of_range %t.none.mlir 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: not %run_cpu -e negative_column %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// OUT: ta runtime error: indices[1,0] = 12 is not in [0, 4)
// NEG: ta runtime error: indices[0,2] = -1 is not in [0, 2)

func.func private @printMemrefF32(tensor<*xf32>)

func.func @rows(%ids: tensor<3x2xi32>) {
  %p = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  %axis = arith.constant dense<0> : tensor<i32>
  %g = "tf.GatherV2"(%p, %ids, %axis) {batch_dims = 0 : i64} : (tensor<4x2xf32>, tensor<3x2xi32>, tensor<i32>) -> tensor<3x2x2xf32>
  %u = tensor.cast %g : tensor<3x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @columns(%ids: tensor<1x3xi32>) {
  %p = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  %axis = arith.constant dense<1> : tensor<i32>
  %g = "tf.GatherV2"(%p, %ids, %axis) {batch_dims = 0 : i64} : (tensor<4x2xf32>, tensor<1x3xi32>, tensor<i32>) -> tensor<4x1x3xf32>
  %u = tensor.cast %g : tensor<4x1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // Rows [3, 0], [1, 2], [2, 2] of p.
  // CHECK: {{\[}}{{\[}}[6,   7],
  // CHECK-NEXT: [0,   1]],
  // CHECK-NEXT: {{\[}}[2,   3],
  // CHECK-NEXT: [4,   5]],
  // CHECK-NEXT: {{\[}}[4,   5],
  // CHECK-NEXT: [4,   5]]]
  %ids = arith.constant dense<[[3, 0], [1, 2], [2, 2]]> : tensor<3x2xi32>
  call @rows(%ids) : (tensor<3x2xi32>) -> ()
  // Columns [1, 0, 1] of every row.
  // CHECK: {{\[}}{{\[}}[1,   0,   1]],
  // CHECK-NEXT: {{\[}}[3,   2,   3]],
  // CHECK-NEXT: {{\[}}[5,   4,   5]],
  // CHECK-NEXT: {{\[}}[7,   6,   7]]]
  %cols = arith.constant dense<[[1, 0, 1]]> : tensor<1x3xi32>
  call @columns(%cols) : (tensor<1x3xi32>) -> ()
  return
}

func.func @out_of_range() {
  %ids = arith.constant dense<[[3, 0], [12, 2], [2, 2]]> : tensor<3x2xi32>
  call @rows(%ids) : (tensor<3x2xi32>) -> ()
  return
}

func.func @negative_column() {
  %cols = arith.constant dense<[[1, 0, -1]]> : tensor<1x3xi32>
  call @columns(%cols) : (tensor<1x3xi32>) -> ()
  return
}
