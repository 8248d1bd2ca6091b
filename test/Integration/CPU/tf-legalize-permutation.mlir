// ta-legalize-tf's tf.InvertPermutation, in both checks modes: of a
// constant it is a constant (TensorFlow folds it; the gradient of a
// transpose transposes by one), otherwise a loop with TensorFlow's two
// checks. Expected values are TensorFlow 2.21's (tf.raw_ops on this
// machine):
//   InvertPermutation of int32 [2,0,3,1]: [1,3,0,2]; of int64 [3,0,1,2]:
//   [1,2,3,0]; Transpose of arange(6) as 1x2x3 by the inverse of [2,0,1]:
//   [[[0],[1],[2]],[[3],[4],[5]]];
//   of [0,3,1] it fails with "3 is not between 0 and 3", of [-1,0] with
//   "-1 is not between 0 and 2", of [1,0,1] with "1 is duplicated in the
//   input.".
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e past_the_end %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=END
// RUN: not %run_cpu -e past_the_end %t.none.mlir 2>&1 | FileCheck %s --check-prefix=END
// END: ta runtime error: 3 is not between 0 and 3
// RUN: not %run_cpu -e negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: ta runtime error: -1 is not between 0 and 2
// RUN: not %run_cpu -e duplicate %t.none.mlir 2>&1 | FileCheck %s --check-prefix=DUP
// DUP: ta runtime error: 1 is duplicated in the input.
// The constant inverse is folded: no loop, no check.
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf %s | FileCheck %s --check-prefix=FOLD
// FOLD-LABEL: func.func @transpose_by_inverse
// FOLD-NOT: scf.for
// FOLD: linalg.transpose ins(%{{.*}} : tensor<1x2x3xf32>) outs(%{{.*}} : tensor<2x3x1xf32>) permutation = [1, 2, 0]
// FOLD-NOT: scf.for
// FOLD: return

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefI64(tensor<*xi64>)

// The permutation goes through tf.Identity: not a constant to the
// lowering, which inverts it at run time.
func.func private @invert(%p: tensor<?xi32>) -> tensor<?xi32> {
  %q = "tf.Identity"(%p) : (tensor<?xi32>) -> tensor<?xi32>
  %y = "tf.InvertPermutation"(%q) : (tensor<?xi32>) -> tensor<?xi32>
  return %y : tensor<?xi32>
}

func.func @transpose_by_inverse(%x: tensor<1x2x3xf32>) -> tensor<2x3x1xf32> {
  %p = "tf.Const"() <{value = dense<[2, 0, 1]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %inv = "tf.InvertPermutation"(%p) : (tensor<3xi32>) -> tensor<3xi32>
  %t = "tf.Transpose"(%x, %inv) : (tensor<1x2x3xf32>, tensor<3xi32>) -> tensor<2x3x1xf32>
  return %t : tensor<2x3x1xf32>
}

func.func @main() {
  // CHECK: rank = 1 offset = 0 sizes = [4] strides = [1] data =
  // CHECK-NEXT: [1,  3,  0,  2]
  %p = arith.constant dense<[2, 0, 3, 1]> : tensor<4xi32>
  %pd = tensor.cast %p : tensor<4xi32> to tensor<?xi32>
  %y = call @invert(%pd) : (tensor<?xi32>) -> tensor<?xi32>
  %yu = tensor.cast %y : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%yu) : (tensor<*xi32>) -> ()

  // CHECK: rank = 1 offset = 0 sizes = [4] strides = [1] data =
  // CHECK-NEXT: [1,  2,  3,  0]
  %p64 = arith.constant dense<[3, 0, 1, 2]> : tensor<4xi64>
  %q64 = "tf.Identity"(%p64) : (tensor<4xi64>) -> tensor<4xi64>
  %y64 = "tf.InvertPermutation"(%q64) : (tensor<4xi64>) -> tensor<4xi64>
  %y64u = tensor.cast %y64 : tensor<4xi64> to tensor<*xi64>
  call @printMemrefI64(%y64u) : (tensor<*xi64>) -> ()

  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 1] strides = [3, 1, 1] data =
  // CHECK-NEXT: {{\[}}{{\[}}[0],
  // CHECK-NEXT: [1],
  // CHECK-NEXT: [2]],
  // CHECK-NEXT: {{\[}}[3],
  // CHECK-NEXT: [4],
  // CHECK-NEXT: [5]]]
  %x = arith.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]]> : tensor<1x2x3xf32>
  %t = call @transpose_by_inverse(%x) : (tensor<1x2x3xf32>) -> tensor<2x3x1xf32>
  %tu = tensor.cast %t : tensor<2x3x1xf32> to tensor<*xf32>
  call @printMemrefF32(%tu) : (tensor<*xf32>) -> ()
  return
}

func.func @past_the_end() {
  %p = arith.constant dense<[0, 3, 1]> : tensor<3xi32>
  %pd = tensor.cast %p : tensor<3xi32> to tensor<?xi32>
  %y = call @invert(%pd) : (tensor<?xi32>) -> tensor<?xi32>
  return
}

func.func @negative() {
  %p = arith.constant dense<[-1, 0]> : tensor<2xi32>
  %pd = tensor.cast %p : tensor<2xi32> to tensor<?xi32>
  %y = call @invert(%pd) : (tensor<?xi32>) -> tensor<?xi32>
  return
}

func.func @duplicate() {
  %p = arith.constant dense<[1, 0, 1]> : tensor<3xi32>
  %pd = tensor.cast %p : tensor<3xi32> to tensor<?xi32>
  %y = call @invert(%pd) : (tensor<?xi32>) -> tensor<?xi32>
  return
}
