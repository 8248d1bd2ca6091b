// tf.GatherNd and tf.GatherV2 with batch_dims, in both checks modes.
// Expected values are TensorFlow 2.21's (tf.gather_nd, tf.gather on this
// machine), p = arange(12) as 3x4, x = arange(24) as 2x3x4:
//   gather_nd(p, [[1], [2]]): [[4,5,6,7],[8,9,10,11]];
//   gather_nd(p, [[0, 1], [2, 3]]): [1, 11]; gather_nd(p, [2, 1]) (int64): 9;
//   gather(x, [[2, 0], [1, 1]], axis=1, batch_dims=1):
//   [[[8..11],[0..3]],[[16..19],[16..19]]];
//   gather(x, [[3, 0], [1, 1]], axis=2, batch_dims=-1, i.e. 1):
//   [[[3,0],[7,4],[11,8]],[[13,13],[17,17],[21,21]]];
// an index out of range stops with TensorFlow's text (TensorFlow's CPU
// kernels check always):
//   gather_nd(p, [[0, 1], [5, 0]]): "indices[1] = [5, 0] does not index into
//   param shape [3,4]"; of [[[0, 1], [2, 7]]]: "indices[0,1] = [2, 7] ...";
//   of [5, 0]: "indices = [5, 0] ..."; the batched gather of
//   [[2, 0], [1, 3]]: "indices[1,1] = 3 is not in [0, 3)".
//
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e nd_row %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=ROW
// RUN: not %run_cpu -e nd_row %t.none.mlir 2>&1 | FileCheck %s --check-prefix=ROW
// RUN: not %run_cpu -e nd_rows2 %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=ROWS2
// RUN: not %run_cpu -e nd_single %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SINGLE
// RUN: not %run_cpu -e batched_out %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=BATCHED
// ROW: ta runtime error: indices[1] = [5, 0] does not index into param shape [3,4]
// ROWS2: ta runtime error: indices[0,1] = [2, 7] does not index into param shape [3,4]
// SINGLE: ta runtime error: indices = [5, 0] does not index into param shape [3,4]
// BATCHED: ta runtime error: indices[1,1] = 3 is not in [0, 3)

func.func private @printMemrefF32(tensor<*xf32>)

func.func private @p() -> tensor<3x4xf32> {
  %p = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  return %p : tensor<3x4xf32>
}

func.func private @x() -> tensor<2x3x4xf32> {
  %x = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  return %x : tensor<2x3x4xf32>
}

func.func @rows(%i: tensor<2x1xi32>) {
  %p = call @p() : () -> tensor<3x4xf32>
  %g = "tf.GatherNd"(%p, %i) : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  %u = tensor.cast %g : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @elements(%i: tensor<2x2xi32>) {
  %p = call @p() : () -> tensor<3x4xf32>
  %g = "tf.GatherNd"(%p, %i) : (tensor<3x4xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  %u = tensor.cast %g : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @elements2(%i: tensor<1x2x2xi32>) {
  %p = call @p() : () -> tensor<3x4xf32>
  %g = "tf.GatherNd"(%p, %i) : (tensor<3x4xf32>, tensor<1x2x2xi32>) -> tensor<1x2xf32>
  %u = tensor.cast %g : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @single(%i: tensor<2xi64>) {
  %p = call @p() : () -> tensor<3x4xf32>
  %g = "tf.GatherNd"(%p, %i) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<f32>
  %u = tensor.cast %g : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @batched(%i: tensor<2x2xi32>) {
  %x = call @x() : () -> tensor<2x3x4xf32>
  %axis = arith.constant dense<1> : tensor<i32>
  %g = "tf.GatherV2"(%x, %i, %axis) {batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x2xi32>, tensor<i32>) -> tensor<2x2x4xf32>
  %u = tensor.cast %g : tensor<2x2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @batched_last(%i: tensor<2x2xi32>) {
  %x = call @x() : () -> tensor<2x3x4xf32>
  %axis = arith.constant dense<2> : tensor<i32>
  %g = "tf.GatherV2"(%x, %i, %axis) {batch_dims = -1 : i64} : (tensor<2x3x4xf32>, tensor<2x2xi32>, tensor<i32>) -> tensor<2x3x2xf32>
  %u = tensor.cast %g : tensor<2x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // CHECK: {{\[}}[4,   5,   6,   7],
  // CHECK-NEXT: [8,   9,   10,   11]]
  %r = arith.constant dense<[[1], [2]]> : tensor<2x1xi32>
  call @rows(%r) : (tensor<2x1xi32>) -> ()
  // CHECK: [1,  11]
  %e = arith.constant dense<[[0, 1], [2, 3]]> : tensor<2x2xi32>
  call @elements(%e) : (tensor<2x2xi32>) -> ()
  // CHECK: [9]
  %s = arith.constant dense<[2, 1]> : tensor<2xi64>
  call @single(%s) : (tensor<2xi64>) -> ()
  // CHECK: {{\[}}{{\[}}[8,   9,   10,   11],
  // CHECK-NEXT: [0,   1,   2,   3]],
  // CHECK-NEXT: {{\[}}[16,   17,   18,   19],
  // CHECK-NEXT: [16,   17,   18,   19]]]
  %b = arith.constant dense<[[2, 0], [1, 1]]> : tensor<2x2xi32>
  call @batched(%b) : (tensor<2x2xi32>) -> ()
  // CHECK: {{\[}}{{\[}}[3,   0],
  // CHECK-NEXT: [7,   4],
  // CHECK-NEXT: [11,   8]],
  // CHECK-NEXT: {{\[}}[13,   13],
  // CHECK-NEXT: [17,   17],
  // CHECK-NEXT: [21,   21]]]
  %b2 = arith.constant dense<[[3, 0], [1, 1]]> : tensor<2x2xi32>
  call @batched_last(%b2) : (tensor<2x2xi32>) -> ()
  return
}

func.func @nd_row() {
  %e = arith.constant dense<[[0, 1], [5, 0]]> : tensor<2x2xi32>
  call @elements(%e) : (tensor<2x2xi32>) -> ()
  return
}

func.func @nd_rows2() {
  %e = arith.constant dense<[[[0, 1], [2, 7]]]> : tensor<1x2x2xi32>
  call @elements2(%e) : (tensor<1x2x2xi32>) -> ()
  return
}

func.func @nd_single() {
  %s = arith.constant dense<[5, 0]> : tensor<2xi64>
  call @single(%s) : (tensor<2xi64>) -> ()
  return
}

func.func @batched_out() {
  %b = arith.constant dense<[[2, 0], [1, 3]]> : tensor<2x2xi32>
  call @batched(%b) : (tensor<2x2xi32>) -> ()
  return
}
