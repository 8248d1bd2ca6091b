// ta-legalize-tf's general tf.StridedSlice, in both checks modes: indices
// known at run time on any axis (autograph's `x[:, t, :]`, `x[t, k]`), new
// axes (`x[:, None]`), an ellipsis (`x[..., 2]`) and ranges of constant
// bounds mixed with them. Expected values are TensorFlow 2.21's
// (tf.raw_ops.StridedSlice on this machine), x = arange(24) as 2x3x4:
//   x[:, 1, :]: [[4,5,6,7],[16,17,18,19]]; x[1, 2]: [20,21,22,23];
//   x[:, None]: x as 2x1x3x4; x[..., 2]: [[2,6,10],[14,18,22]];
//   x[1, :, None, 1:3]: [[[13,14]],[[17,18]],[[21,22]]];
//   x[:, -1, :]: [[8,9,10,11],[20,21,22,23]];
//   x[:, 3, :] fails with "slice index 3 of dimension 1 out of bounds.",
//   x[:, -4, :] with "slice index -1 of dimension 1 out of bounds.".
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e past_the_end %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=END
// END: ta runtime error: slice index 3 of dimension 1 out of bounds.
// RUN: not %run_cpu -e before_the_start %t.none.mlir 2>&1 | FileCheck %s --check-prefix=START
// START: ta runtime error: slice index -1 of dimension 1 out of bounds.

func.func private @printMemrefF32(tensor<*xf32>)

// x[:, t, :]
func.func private @middle(%x: tensor<2x3x4xf32>, %t: tensor<i32>) -> tensor<*xf32> {
  %z = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %t1 = "tf.AddV2"(%t, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %b = "tf.Pack"(%z, %t, %z) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %e = "tf.Pack"(%z, %t1, %z) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<3xi32>}> : () -> tensor<3xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 5 : i64, ellipsis_mask = 0 : i64, end_mask = 5 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64}> : (tensor<2x3x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// x[t, k]
func.func private @two(%x: tensor<2x3x4xf32>, %t: tensor<i32>, %k: tensor<i32>) -> tensor<*xf32> {
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %t1 = "tf.AddV2"(%t, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %k1 = "tf.AddV2"(%k, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %b = "tf.Pack"(%t, %k) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %e = "tf.Pack"(%t1, %k1) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 3 : i64}> : (tensor<2x3x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// x[t, :, None, 1:3]
func.func private @mixed(%x: tensor<2x3x4xf32>, %t: tensor<i32>) -> tensor<*xf32> {
  %z = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %three = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %t1 = "tf.AddV2"(%t, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %b = "tf.Pack"(%t, %z, %z, %one) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  %e = "tf.Pack"(%t1, %z, %z, %three) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<4xi32>}> : () -> tensor<4xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 2 : i64, ellipsis_mask = 0 : i64, end_mask = 2 : i64, new_axis_mask = 4 : i64, shrink_axis_mask = 1 : i64}> : (tensor<2x3x4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

func.func @main() {
  %x = arith.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]],
                             [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %c1 = arith.constant dense<1> : tensor<i32>
  %c2 = arith.constant dense<2> : tensor<i32>
  %cm1 = arith.constant dense<-1> : tensor<i32>

  // CHECK: rank = 2 offset = 0 sizes = [2, 4]
  // CHECK-NEXT: {{\[}}[4,   5,   6,   7],
  // CHECK-NEXT: [16,   17,   18,   19]]
  %a = call @middle(%x, %c1) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()

  // CHECK: rank = 1 offset = 0 sizes = [4]
  // CHECK-NEXT: [20,  21,  22,  23]
  %b = call @two(%x, %c1, %c2) : (tensor<2x3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%b) : (tensor<*xf32>) -> ()

  // CHECK: rank = 4 offset = 0 sizes = [2, 1, 3, 4]
  // CHECK-NEXT: {{\[}}{{\[}}{{\[}}[0,   1,   2,   3],
  %za = arith.constant dense<0> : tensor<2xi32>
  %so = arith.constant dense<1> : tensor<2xi32>
  %n = "tf.StridedSlice"(%x, %za, %za, %so) <{begin_mask = 1 : i64, ellipsis_mask = 0 : i64, end_mask = 1 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 0 : i64}> : (tensor<2x3x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  call @printMemrefF32(%n) : (tensor<*xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[2,   6,   10],
  // CHECK-NEXT: [14,   18,   22]]
  %eb = arith.constant dense<[0, 2]> : tensor<2xi32>
  %ee = arith.constant dense<[0, 3]> : tensor<2xi32>
  %el = "tf.StridedSlice"(%x, %eb, %ee, %so) <{begin_mask = 0 : i64, ellipsis_mask = 1 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64}> : (tensor<2x3x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  call @printMemrefF32(%el) : (tensor<*xf32>) -> ()

  // CHECK: rank = 3 offset = 0 sizes = [3, 1, 2]
  // CHECK-NEXT: {{\[}}{{\[}}[13,   14]],
  // CHECK-NEXT: {{\[}}[17,   18]],
  // CHECK-NEXT: {{\[}}[21,   22]]]
  %m = call @mixed(%x, %c1) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%m) : (tensor<*xf32>) -> ()

  // CHECK: rank = 2 offset = 0 sizes = [2, 4]
  // CHECK-NEXT: {{\[}}[8,   9,   10,   11],
  // CHECK-NEXT: [20,   21,   22,   23]]
  %w = call @middle(%x, %cm1) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%w) : (tensor<*xf32>) -> ()
  return
}

func.func @past_the_end() {
  %x = arith.constant dense<1.0> : tensor<2x3x4xf32>
  %t = arith.constant dense<3> : tensor<i32>
  %a = call @middle(%x, %t) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()
  return
}

func.func @before_the_start() {
  %x = arith.constant dense<1.0> : tensor<2x3x4xf32>
  %t = arith.constant dense<-4> : tensor<i32>
  %a = call @middle(%x, %t) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()
  return
}
