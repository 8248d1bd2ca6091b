// tf.Where of one operand (tf.where(cond)), in both checks modes. Expected
// values are TensorFlow 2.21's (tf.where on this machine): the positions of
// the true (nonzero) elements, row-major:
//   of [[true,false,true],[false,false,true]]: [[0,0],[0,2],[1,2]];
//   of [0, -1.5, nan, -0, 2] (NaN is true, -0 false): [[1],[2],[4]];
//   of int32 [[0,3],[0,0]]: [[0,1]];
//   of [false, false]: no rows (shape [0, 1]).
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s

func.func private @printMemrefI64(tensor<*xi64>)

func.func private @print(%r: tensor<?x?xi64>) {
  %u = tensor.cast %r : tensor<?x?xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}

func.func @main() {
  %b = arith.constant dense<[[true, false, true], [false, false, true]]> : tensor<2x3xi1>
  %w1 = "tf.Where"(%b) : (tensor<2x3xi1>) -> tensor<?x2xi64>
  // CHECK: sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   2],
  // CHECK-NEXT: [1,   2]]
  %c1 = tensor.cast %w1 : tensor<?x2xi64> to tensor<?x?xi64>
  call @print(%c1) : (tensor<?x?xi64>) -> ()
  %f = arith.constant dense<[0.0, -1.5, 0x7FC00000, -0.0, 2.0]> : tensor<5xf32>
  %w2 = "tf.Where"(%f) : (tensor<5xf32>) -> tensor<?x1xi64>
  // CHECK: sizes = [3, 1] strides = [1, 1] data =
  // CHECK-NEXT: {{\[}}[1],
  // CHECK-NEXT: [2],
  // CHECK-NEXT: [4]]
  %c2 = tensor.cast %w2 : tensor<?x1xi64> to tensor<?x?xi64>
  call @print(%c2) : (tensor<?x?xi64>) -> ()
  %i = arith.constant dense<[[0, 3], [0, 0]]> : tensor<2x2xi32>
  %w3 = "tf.Where"(%i) : (tensor<2x2xi32>) -> tensor<?x2xi64>
  // CHECK: sizes = [1, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[}}[0,   1]]
  %c3 = tensor.cast %w3 : tensor<?x2xi64> to tensor<?x?xi64>
  call @print(%c3) : (tensor<?x?xi64>) -> ()
  %none = arith.constant dense<false> : tensor<2xi1>
  %w4 = "tf.Where"(%none) : (tensor<2xi1>) -> tensor<?x1xi64>
  // CHECK: sizes = [0, 1] strides = [1, 1] data =
  %c4 = tensor.cast %w4 : tensor<?x1xi64> to tensor<?x?xi64>
  call @print(%c4) : (tensor<?x?xi64>) -> ()
  return
}
