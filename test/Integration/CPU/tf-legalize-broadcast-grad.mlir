// tf.BroadcastGradientArgs, as a broadcasting op's gradient uses it: of
// constant shapes (TensorFlow's gradients take them with tf.Shape of the
// operands, constants once their types are static) it is constants, the
// reduction indices TensorFlow 2.21 computes (tf.raw_ops on this machine;
// an empty result printed as its size 0):
//   [2,1,3] and [3]: [1] and [0,1];  [5,1] and [1,4]: [1] and [0];
//   [] and [2,3]: [0,1] and [];  equal shapes [1,1] and [1,1]: [] and [].
// The gradient of x + y for x: 2x2x3 ones, y: [3] sums the ones over y's
// reduction indices [0,1] and reshapes them to y's shape: [4,4,4].
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.mlir
// RUN: %run_cpu -e main %t.mlir | FileCheck %s
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf %s | FileCheck %s --check-prefix=FOLD
// FOLD-LABEL: func.func @main
// FOLD-NOT: tf.BroadcastGradientArgs
// FOLD-NOT: tf.Shape

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF32(tensor<*xf32>)

func.func private @print(%r: tensor<?xi32>) {
  %u = tensor.cast %r : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  %x = "tf.Const"() <{value = dense<1.0> : tensor<2x1x3xf32>}> : () -> tensor<2x1x3xf32>
  %y = "tf.Const"() <{value = dense<1.0> : tensor<3xf32>}> : () -> tensor<3xf32>
  %sx = "tf.Shape"(%x) : (tensor<2x1x3xf32>) -> tensor<3xi32>
  %sy = "tf.Shape"(%y) : (tensor<3xf32>) -> tensor<1xi32>
  %r0, %r1 = "tf.BroadcastGradientArgs"(%sx, %sy) : (tensor<3xi32>, tensor<1xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  // CHECK: sizes = [1] strides = [1] data =
  // CHECK-NEXT: [1]
  call @print(%r0) : (tensor<?xi32>) -> ()
  // CHECK: sizes = [2] strides = [1] data =
  // CHECK-NEXT: [0,  1]
  call @print(%r1) : (tensor<?xi32>) -> ()
  %a = "tf.Const"() <{value = dense<[5, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %b = "tf.Const"() <{value = dense<[1, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %q0, %q1 = "tf.BroadcastGradientArgs"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  // CHECK: sizes = [1] strides = [1] data =
  // CHECK-NEXT: [1]
  call @print(%q0) : (tensor<?xi32>) -> ()
  // CHECK: sizes = [1] strides = [1] data =
  // CHECK-NEXT: [0]
  call @print(%q1) : (tensor<?xi32>) -> ()
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %m = "tf.Const"() <{value = dense<[2, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %p0, %p1 = "tf.BroadcastGradientArgs"(%scalar, %m) : (tensor<0xi32>, tensor<2xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  // CHECK: sizes = [2] strides = [1] data =
  // CHECK-NEXT: [0,  1]
  call @print(%p0) : (tensor<?xi32>) -> ()
  // CHECK: sizes = [0] strides = [1] data =
  call @print(%p1) : (tensor<?xi32>) -> ()
  %ones = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %e0, %e1 = "tf.BroadcastGradientArgs"(%ones, %ones) : (tensor<2xi32>, tensor<2xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  // CHECK: sizes = [0] strides = [1] data =
  call @print(%e0) : (tensor<?xi32>) -> ()
  // CHECK: sizes = [0] strides = [1] data =
  call @print(%e1) : (tensor<?xi32>) -> ()
  // The gradient of x + y with respect to y: the ones summed over y's
  // reduction indices, reshaped to y's shape.
  %g = "tf.Const"() <{value = dense<1.0> : tensor<2x2x3xf32>}> : () -> tensor<2x2x3xf32>
  %x2 = "tf.Const"() <{value = dense<1.0> : tensor<2x2x3xf32>}> : () -> tensor<2x2x3xf32>
  %sx2 = "tf.Shape"(%x2) : (tensor<2x2x3xf32>) -> tensor<3xi32>
  %u0, %u1 = "tf.BroadcastGradientArgs"(%sx2, %sy) : (tensor<3xi32>, tensor<1xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  %sum = "tf.Sum"(%g, %u1) <{keep_dims = true}> : (tensor<2x2x3xf32>, tensor<?xi32>) -> tensor<*xf32>
  %gy = "tf.Reshape"(%sum, %sy) : (tensor<*xf32>, tensor<1xi32>) -> tensor<3xf32>
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [4,  4,  4]
  %gyu = tensor.cast %gy : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%gyu) : (tensor<*xf32>) -> ()
  return
}
