// tf.Softmax as ta-legalize-tf lowers it (TensorFlow's kernel: exp of the
// shifted logits through Eigen's exp, whose scalar tail calls the C
// library's expf, times 1 / sum), run in both checks modes. Expected values
// are TensorFlow 2.21's (tf.raw_ops.Softmax on this machine): of
// [[0,0,0,0],[1,1,1,1],[-1e30,0,-1e30,0]]: [[0.25 x4],[0.25 x4],
// [0,0.5,0,0.5]]. The TensorFlow corpus checks it on values that round
// (test/TF/keras_rnn_softmax.mlir, tf_map_fn_softmax.mlir).
// GPU-BUNDLE: cpu-only (kernels cannot call the host's expf: TensorFlow's
// exp on the GPU is not lowered yet)
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  // CHECK: {{\[}}[0.25,   0.25,   0.25,   0.25],
  // CHECK-NEXT: [0.25,   0.25,   0.25,   0.25],
  // CHECK-NEXT: [0,   0.5,   0,   0.5]]
  %l = arith.constant dense<[[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0], [-1.0e30, 0.0, -1.0e30, 0.0]]> : tensor<3x4xf32>
  %sm = "tf.Softmax"(%l) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %smu = tensor.cast %sm : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%smu) : (tensor<*xf32>) -> ()
  return
}
