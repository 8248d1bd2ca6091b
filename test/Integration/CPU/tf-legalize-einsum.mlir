// tf.Einsum with ellipses, in both checks modes.
// Expected values are TensorFlow 2.21's (tf.einsum on this machine), a =
// arange(6) - 2 as 2x3, b = arange(12) - 5 as 3x4, c = arange(6) - 1 as
// 1x2x3, d = arange(24) * 0.5 as 2x3x4:
//   "...j,jk->...k" of a, b: [[11,8,5,2],[2,8,14,20]];
//   "...ij,...jk->...ik" of c, d (c's ellipsis dim of 1 broadcast):
//   [[[4,4,4,4],[22,26.5,31,35.5]],[[4,4,4,4],[76,80.5,85,89.5]]];
//   "i...->..." of a's transpose: [-3, 6].
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %a = arith.constant dense<[[-2.0, -1.0, 0.0], [1.0, 2.0, 3.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[-5.0, -4.0, -3.0, -2.0], [-1.0, 0.0, 1.0, 2.0], [3.0, 4.0, 5.0, 6.0]]> : tensor<3x4xf32>
  %c = arith.constant dense<[[[-1.0, 0.0, 1.0], [2.0, 3.0, 4.0]]]> : tensor<1x2x3xf32>
  %d = arith.constant dense<[[[0.0, 0.5, 1.0, 1.5], [2.0, 2.5, 3.0, 3.5], [4.0, 4.5, 5.0, 5.5]], [[6.0, 6.5, 7.0, 7.5], [8.0, 8.5, 9.0, 9.5], [10.0, 10.5, 11.0, 11.5]]]> : tensor<2x3x4xf32>
  %e1 = "tf.Einsum"(%a, %b) {equation = "...j,jk->...k"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  // CHECK: {{\[}}[11,   8,   5,   2],
  // CHECK-NEXT: [2,   8,   14,   20]]
  %u1 = tensor.cast %e1 : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %e2 = "tf.Einsum"(%c, %d) {equation = "...ij,...jk->...ik"} : (tensor<1x2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  // CHECK: {{\[}}{{\[}}[4,    4,    4,    4],
  // CHECK-NEXT: [22,    26.5,    31,    35.5]],
  // CHECK-NEXT: {{\[}}[4,    4,    4,    4],
  // CHECK-NEXT: [76,    80.5,    85,    89.5]]]
  %u2 = tensor.cast %e2 : tensor<2x2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %at = arith.constant dense<[[-2.0, 1.0], [-1.0, 2.0], [0.0, 3.0]]> : tensor<3x2xf32>
  %e4 = "tf.Einsum"(%at) {equation = "i...->..."} : (tensor<3x2xf32>) -> tensor<2xf32>
  // CHECK: [-3,  6]
  %u4 = tensor.cast %e4 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  return
}
