// Shapes known at run time only, as TensorFlow's gradients use them on a
// value whose rows are counted when it runs (a ragged list's concatenation,
// a loop's stack): x is [[1,2],[3,4],[5,6]] typed tensor<?x2xf32>.
// - tf.Rank of a ranked value is its rank, tf.Range of constants a constant:
//   tf.Sum(x, Range(0, Rank(x))) sums every dim: 21.
// - tf.Fill and tf.Reshape to tf.Shape(x) take x's dims at run time.
// - tf.BroadcastGradientArgs of Shape(x) and [1, 2] gives for x the
//   indices [] whatever x's rows (TensorFlow's BCastList: x's dims are 1 only
//   where its shape is the other's); the one for [1, 2] depends on them and
//   is unread. So the gradient of y = x * [[1, -2]] for x is the ones times
//   [[1, -2]], summed over no dims and reshaped to x's shape:
//   [[1,-2],[1,-2],[1,-2]].
// - A reshape to the shape of a value of another size fails with
//   TensorFlow's text.
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e reshape_other %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf %s | FileCheck %s --check-prefix=FOLD
// RESHAPE: ta runtime error: Input to reshape is a tensor with 6 values, but the requested shape has 4
// FOLD-LABEL: func.func @main
// FOLD-NOT: tf.BroadcastGradientArgs
// FOLD-NOT: tf.Rank
// FOLD-NOT: tf.Range

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func private @rows() -> tensor<?x2xf32> {
  %x = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %c = tensor.cast %x : tensor<3x2xf32> to tensor<?x2xf32>
  return %c : tensor<?x2xf32>
}

func.func private @square(%n: tensor<i32>) -> tensor<?x?xf32> {
  %x = arith.constant dense<1.0> : tensor<2x2xf32>
  %c = tensor.cast %x : tensor<2x2xf32> to tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

func.func @main() {
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %x = "tf.StatefulPartitionedCall"() <{f = @rows}> : () -> tensor<?x2xf32>
  %rank = "tf.Rank"(%x) : (tensor<?x2xf32>) -> tensor<i32>
  %all = "tf.Range"(%zero, %rank, %one) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %total = "tf.Sum"(%x, %all) <{keep_dims = false}> : (tensor<?x2xf32>, tensor<?xi32>) -> tensor<*xf32>
  // CHECK: sizes = []
  // CHECK-NEXT: [21]
  call @printMemrefF32(%total) : (tensor<*xf32>) -> ()
  %c = "tf.Const"() <{value = dense<[[1.0, -2.0]]> : tensor<1x2xf32>}> : () -> tensor<1x2xf32>
  %y = "tf.Mul"(%x, %c) : (tensor<?x2xf32>, tensor<1x2xf32>) -> tensor<?x2xf32>
  %sx = "tf.Shape"(%x) : (tensor<?x2xf32>) -> tensor<2xi32>
  %sc = "tf.Shape"(%c) : (tensor<1x2xf32>) -> tensor<2xi32>
  %r0, %r1 = "tf.BroadcastGradientArgs"(%sx, %sc) : (tensor<2xi32>, tensor<2xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  %sy = "tf.Shape"(%y) : (tensor<?x2xf32>) -> tensor<2xi32>
  %ones = "tf.Const"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>
  %dy = "tf.Fill"(%sy, %ones) : (tensor<2xi32>, tensor<f32>) -> tensor<*xf32>
  %m = "tf.Mul"(%dy, %c) : (tensor<*xf32>, tensor<1x2xf32>) -> tensor<*xf32>
  %s = "tf.Sum"(%m, %r0) <{keep_dims = true}> : (tensor<*xf32>, tensor<?xi32>) -> tensor<*xf32>
  %dx = "tf.Reshape"(%s, %sx) : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[1,   -2],
  // CHECK-NEXT: [1,   -2],
  // CHECK-NEXT: [1,   -2]]
  call @printMemrefF32(%dx) : (tensor<*xf32>) -> ()
  return
}

func.func @reshape_other() {
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %x = "tf.StatefulPartitionedCall"() <{f = @rows}> : () -> tensor<?x2xf32>
  %sq = "tf.StatefulPartitionedCall"(%zero) <{f = @square}> : (tensor<i32>) -> tensor<?x?xf32>
  %s = "tf.Shape"(%sq) : (tensor<?x?xf32>) -> tensor<2xi32>
  %r = "tf.Reshape"(%x, %s) : (tensor<?x2xf32>, tensor<2xi32>) -> tensor<*xf32>
  call @printMemrefF32(%r) : (tensor<*xf32>) -> ()
  return
}
