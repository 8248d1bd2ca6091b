// tf.SparseSoftmaxCrossEntropyWithLogits (Keras's sparse categorical cross
// entropy from logits): for logits of equal entries in a row of n classes,
// softmax is 1/n everywhere, the loss log(n) and the backprop 1/n - 1 at the
// label, 1/n elsewhere: two classes give loss log 2 = 0.693147 and
// backprop [-0.5, 0.5] (label 0), [0.5, -0.5] (label 1); three classes
// (int64 labels 2, 0) log 3 = 1.09861 and [1/3, 1/3, -2/3],
// [-2/3, 1/3, 1/3]. A label out of range stops with TensorFlow's text,
// naming the smallest label if one is negative, else the largest, and
// listing them all, in both checks modes (TensorFlow's kernel checks
// always).
// GPU-BUNDLE: cpu-only (kernels cannot call the host's expf and logf:
// TensorFlow's exp on the GPU is not lowered yet)
//
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e too_large %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: not %run_cpu -e too_large %t.none.mlir 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: not %run_cpu -e negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %run_cpu -e both %t.none.mlir 2>&1 | FileCheck %s --check-prefix=BOTH
// LARGE: ta runtime error: Received a label value of 5 which is outside the valid range of [0, 2).  Label values: 0 5 1
// NEG: ta runtime error: Received a label value of -2 which is outside the valid range of [0, 2).  Label values: 1 -2 0
// BOTH: ta runtime error: Received a label value of -1 which is outside the valid range of [0, 3).  Label values: 7 -1

func.func private @printMemrefF32(tensor<*xf32>)

func.func @two(%labels: tensor<3xi32>) {
  %l = arith.constant dense<0.0> : tensor<3x2xf32>
  %r:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%l, %labels) : (tensor<3x2xf32>, tensor<3xi32>) -> (tensor<3xf32>, tensor<3x2xf32>)
  %loss = tensor.cast %r#0 : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%loss) : (tensor<*xf32>) -> ()
  %grad = tensor.cast %r#1 : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%grad) : (tensor<*xf32>) -> ()
  return
}

func.func @three(%labels: tensor<2xi64>) {
  %l = arith.constant dense<[[2.5, 2.5, 2.5], [-4.0, -4.0, -4.0]]> : tensor<2x3xf32>
  %r:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%l, %labels) : (tensor<2x3xf32>, tensor<2xi64>) -> (tensor<2xf32>, tensor<2x3xf32>)
  %loss = tensor.cast %r#0 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%loss) : (tensor<*xf32>) -> ()
  %grad = tensor.cast %r#1 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%grad) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // CHECK: [0.693147,  0.693147,  0.693147]
  // CHECK: {{\[}}[-0.5,   0.5],
  // CHECK-NEXT: [0.5,   -0.5],
  // CHECK-NEXT: [-0.5,   0.5]]
  %labels = arith.constant dense<[0, 1, 0]> : tensor<3xi32>
  call @two(%labels) : (tensor<3xi32>) -> ()
  // CHECK: [1.09861,  1.09861]
  // CHECK: {{\[}}[0.333333,   0.333333,   -0.666667],
  // CHECK-NEXT: [-0.666667,   0.333333,   0.333333]]
  %labels3 = arith.constant dense<[2, 0]> : tensor<2xi64>
  call @three(%labels3) : (tensor<2xi64>) -> ()
  return
}

func.func @too_large() {
  %labels = arith.constant dense<[0, 5, 1]> : tensor<3xi32>
  call @two(%labels) : (tensor<3xi32>) -> ()
  return
}

func.func @negative() {
  %labels = arith.constant dense<[1, -2, 0]> : tensor<3xi32>
  call @two(%labels) : (tensor<3xi32>) -> ()
  return
}

func.func @both() {
  %labels = arith.constant dense<[7, -1]> : tensor<2xi64>
  call @three(%labels) : (tensor<2xi64>) -> ()
  return
}
