// tf.UnsortedSegmentSum and tf.UnsortedSegmentProd, in both checks modes.
// Expected values are TensorFlow 2.21's (tf.math.unsorted_segment_sum /
// _prod on this machine):
//   sum([[1,2],[3,4],[5,6],[7,8]], [0,2,0,-1], 3): [[6,8],[0,0],[3,4]]
//     (ids below 0 dropped, a segment no id names 0);
//   sum(arange(12) as 2x2x3, [[1,0],[1,1]], 2): [[3,4,5],[15,18,21]];
//   prod([2,3,4,5], [1,1,0,1], 3): [4,30,1];
//   sum of i32 [1,2,3], [0,0,0], 1: [6];
//   sum([1,2,3], [1,-1,1], n) with n = 2 known at run time: [0,4];
//   sum([5,6], 1, 2) (a scalar id): [[0,0],[5,6]];
//   sum([1,1e8,-1e8], [0,0,0], 1): [0] (rows added in index order, as
//     TensorFlow's kernel does: 1 + 1e8 rounds to 1e8).
// An id out of range stops with TensorFlow's text, the first in order
// (every id is checked before any row is added), in both modes; so does a
// negative num_segments, constant or known at run time.
//
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e id_out %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=ID
// RUN: not %run_cpu -e id_out %t.none.mlir 2>&1 | FileCheck %s --check-prefix=ID
// RUN: not %run_cpu -e id_out_2d %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=ID2
// RUN: not %run_cpu -e negative_count %t.none.mlir 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not %run_cpu -e negative_constant_count %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=COUNT
// ID: ta runtime error: segment_ids[1] = 5 is out of range [0, 4)
// ID2: ta runtime error: segment_ids[1,1] = 7 is out of range [0, 4)
// COUNT: ta runtime error: Input num_segments == -2 must not be negative.

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func private @runtime_count(%n: tensor<i32>) -> tensor<?xf32> {
  %d = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %ids = arith.constant dense<[1, -1, 1]> : tensor<3xi32>
  %r = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<3xf32>, tensor<3xi32>, tensor<i32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @main() {
  %d1 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %ids1 = arith.constant dense<[0, 2, 0, -1]> : tensor<4xi32>
  %n3 = arith.constant dense<3> : tensor<i32>
  %r1 = "tf.UnsortedSegmentSum"(%d1, %ids1, %n3) : (tensor<4x2xf32>, tensor<4xi32>, tensor<i32>) -> tensor<3x2xf32>
  // CHECK: {{\[}}[6,   8],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [3,   4]]
  %u1 = tensor.cast %r1 : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()

  %d2 = arith.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]]> : tensor<2x2x3xf32>
  %ids2 = arith.constant dense<[[1, 0], [1, 1]]> : tensor<2x2xi64>
  %n2 = arith.constant dense<2> : tensor<i64>
  %r2 = "tf.UnsortedSegmentSum"(%d2, %ids2, %n2) : (tensor<2x2x3xf32>, tensor<2x2xi64>, tensor<i64>) -> tensor<2x3xf32>
  // CHECK: {{\[}}[3,   4,   5],
  // CHECK-NEXT: [15,   18,   21]]
  %u2 = tensor.cast %r2 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()

  %d3 = arith.constant dense<[2.0, 3.0, 4.0, 5.0]> : tensor<4xf32>
  %ids3 = arith.constant dense<[1, 1, 0, 1]> : tensor<4xi32>
  %r3 = "tf.UnsortedSegmentProd"(%d3, %ids3, %n3) : (tensor<4xf32>, tensor<4xi32>, tensor<i32>) -> tensor<3xf32>
  // CHECK: [4,  30,  1]
  %u3 = tensor.cast %r3 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()

  %d4 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %ids4 = arith.constant dense<0> : tensor<3xi32>
  %n1 = arith.constant dense<1> : tensor<i32>
  %r4 = "tf.UnsortedSegmentSum"(%d4, %ids4, %n1) : (tensor<3xi32>, tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
  // CHECK: [6]
  %u4 = tensor.cast %r4 : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%u4) : (tensor<*xi32>) -> ()

  %two = arith.constant dense<2> : tensor<i32>
  %r5 = call @runtime_count(%two) : (tensor<i32>) -> tensor<?xf32>
  // CHECK: [0,  4]
  %u5 = tensor.cast %r5 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()

  %d6 = arith.constant dense<[5.0, 6.0]> : tensor<2xf32>
  %id6 = arith.constant dense<1> : tensor<i32>
  %r6 = "tf.UnsortedSegmentSum"(%d6, %id6, %two) : (tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  // CHECK: {{\[}}[0,   0],
  // CHECK-NEXT: [5,   6]]
  %u6 = tensor.cast %r6 : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u6) : (tensor<*xf32>) -> ()

  %d7 = arith.constant dense<[1.0, 1.0e8, -1.0e8]> : tensor<3xf32>
  %r7 = "tf.UnsortedSegmentSum"(%d7, %ids4, %n1) : (tensor<3xf32>, tensor<3xi32>, tensor<i32>) -> tensor<1xf32>
  // CHECK: [0]
  %u7 = tensor.cast %r7 : tensor<1xf32> to tensor<*xf32>
  call @printMemrefF32(%u7) : (tensor<*xf32>) -> ()
  return
}

func.func @id_out() {
  %d = arith.constant dense<1.0> : tensor<3x2xf32>
  %ids = arith.constant dense<[0, 5, 9]> : tensor<3xi32>
  %n = arith.constant dense<4> : tensor<i32>
  %r = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<4x2xf32>
  %u = tensor.cast %r : tensor<4x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @id_out_2d() {
  %d = arith.constant dense<1.0> : tensor<2x2x3xf32>
  %ids = arith.constant dense<[[0, 1], [-1, 7]]> : tensor<2x2xi32>
  %n = arith.constant dense<4> : tensor<i32>
  %r = "tf.UnsortedSegmentProd"(%d, %ids, %n) : (tensor<2x2x3xf32>, tensor<2x2xi32>, tensor<i32>) -> tensor<4x3xf32>
  %u = tensor.cast %r : tensor<4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @negative_constant_count() {
  %d = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %ids = arith.constant dense<[1, -1, 1]> : tensor<3xi32>
  %n = arith.constant dense<-2> : tensor<i32>
  %r = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<3xf32>, tensor<3xi32>, tensor<i32>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @negative_count() {
  %n = arith.constant dense<-2> : tensor<i32>
  %r = call @runtime_count(%n) : (tensor<i32>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
