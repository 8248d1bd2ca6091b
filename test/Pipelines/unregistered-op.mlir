// An op of an unregistered dialect left in the module (a TensorFlow op no
// pass lowered) stops the pipeline with a diagnostic naming it, not a crash.
// RUN: not ta-opt --allow-unregistered-dialect --ta-lower-to-llvm %s 2>&1 | FileCheck %s
// RUN: not ta-opt --allow-unregistered-dialect --ta-lower-to-llvm=checks=none %s 2>&1 | FileCheck %s

// CHECK: error: op was not bufferized
// CHECK: "tf.Lgamma"
func.func @f(%a: tensor<2xf32>, %n: index) -> tensor<2xf32> {
  %h, %flow = ta.create %n {dynamic_size = true} : !ta.handle<?, tensor<2xf32>>
  %0 = "tf.Lgamma"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
