// ta-legalize-tf's tf.StridedSliceGrad of general slices (what the tape
// emits for autograph's `x[:, t, :]`), in both checks modes: zeros of the
// shape with dy at the slice, new axes of dy dropped and indexed dims
// restored. Expected values are TensorFlow 2.21's
// (tf.raw_ops.StridedSliceGrad on this machine), shape [2, 3, 4]:
//   x[:, 1, :] with dy = [[1,2,3,4],[5,6,7,8]]: rows [0,1,:] and [1,1,:];
//   x[1, :, None, 1:3] with dy = 1..6 as 3x1x2: [1, k, 1:3] = dy[k, 0];
//   x[1, 2, 3] with dy = 5: one 5 at [1, 2, 3];
//   index 3 of dim 1 fails with "slice index 3 of dimension 1 out of
//   bounds.", index -4 with "slice index -1 of dimension 1 out of bounds.".
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e past_the_end %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=END
// END: ta runtime error: slice index 3 of dimension 1 out of bounds.
// RUN: not %run_cpu -e before_the_start %t.none.mlir 2>&1 | FileCheck %s --check-prefix=START
// START: ta runtime error: slice index -1 of dimension 1 out of bounds.

func.func private @printMemrefF32(tensor<*xf32>)

// The gradient of x[:, t, :].
func.func private @middle(%dy: tensor<2x4xf32>, %t: tensor<i32>) -> tensor<*xf32> {
  %shape = "tf.Const"() <{value = dense<[2, 3, 4]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %z = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %t1 = "tf.AddV2"(%t, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %b = "tf.Pack"(%z, %t, %z) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %e = "tf.Pack"(%z, %t1, %z) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<3xi32>}> : () -> tensor<3xi32>
  %r = "tf.StridedSliceGrad"(%shape, %b, %e, %s, %dy) <{begin_mask = 5 : i64, ellipsis_mask = 0 : i64, end_mask = 5 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64}> : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<2x4xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// The gradient of x[t, :, None, 1:3].
func.func private @mixed(%dy: tensor<3x1x2xf32>, %t: tensor<i32>) -> tensor<*xf32> {
  %shape = "tf.Const"() <{value = dense<[2, 3, 4]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %z = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %three = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %t1 = "tf.AddV2"(%t, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %b = "tf.Pack"(%t, %z, %z, %one) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  %e = "tf.Pack"(%t1, %z, %z, %three) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<4xi32>}> : () -> tensor<4xi32>
  %r = "tf.StridedSliceGrad"(%shape, %b, %e, %s, %dy) <{begin_mask = 2 : i64, ellipsis_mask = 0 : i64, end_mask = 2 : i64, new_axis_mask = 4 : i64, shrink_axis_mask = 1 : i64}> : (tensor<3xi64>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<3x1x2xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// The gradient of x[t, 2, 3].
func.func private @element(%dy: tensor<f32>, %t: tensor<i32>) -> tensor<*xf32> {
  %shape = "tf.Const"() <{value = dense<[2, 3, 4]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %three = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %b = "tf.Pack"(%t, %two, %three) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<3xi32>}> : () -> tensor<3xi32>
  %r = "tf.StridedSliceGrad"(%shape, %b, %b, %s, %dy) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 7 : i64}> : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<f32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

func.func @main() {
  %c1 = arith.constant dense<1> : tensor<i32>

  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 4]
  // CHECK-NEXT: {{\[}}{{\[}}[0,   0,   0,   0],
  // CHECK-NEXT: [1,   2,   3,   4],
  // CHECK-NEXT: [0,   0,   0,   0]],
  // CHECK-NEXT: {{\[}}[0,   0,   0,   0],
  // CHECK-NEXT: [5,   6,   7,   8],
  // CHECK-NEXT: [0,   0,   0,   0]]]
  %dy = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %a = call @middle(%dy, %c1) : (tensor<2x4xf32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()

  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 4]
  // CHECK-NEXT: {{\[}}{{\[}}[0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   0]],
  // CHECK-NEXT: {{\[}}[0,   1,   2,   0],
  // CHECK-NEXT: [0,   3,   4,   0],
  // CHECK-NEXT: [0,   5,   6,   0]]]
  %dm = arith.constant dense<[[[1.0, 2.0]], [[3.0, 4.0]], [[5.0, 6.0]]]> : tensor<3x1x2xf32>
  %m = call @mixed(%dm, %c1) : (tensor<3x1x2xf32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%m) : (tensor<*xf32>) -> ()

  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 4]
  // CHECK-NEXT: {{\[}}{{\[}}[0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   0]],
  // CHECK-NEXT: {{\[}}[0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   5]]]
  %d5 = arith.constant dense<5.0> : tensor<f32>
  %el = call @element(%d5, %c1) : (tensor<f32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%el) : (tensor<*xf32>) -> ()
  return
}

func.func @past_the_end() {
  %dy = arith.constant dense<1.0> : tensor<2x4xf32>
  %t = arith.constant dense<3> : tensor<i32>
  %a = call @middle(%dy, %t) : (tensor<2x4xf32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()
  return
}

func.func @before_the_start() {
  %dy = arith.constant dense<1.0> : tensor<2x4xf32>
  %t = arith.constant dense<-4> : tensor<i32>
  %a = call @middle(%dy, %t) : (tensor<2x4xf32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()
  return
}
