// tf.Case (tf.switch_case) imported and run, in both checks modes. Expected
// values are TensorFlow 2.21's (tf.switch_case(k, [x + 1, x * x, -x]) of
// x = [2, 3] in a tf.function on this machine): k = 0: [3, 4]; 1: [4, 9];
// 2: [-2, -3]; an index out of range runs the last branch: 5 and -1 give
// [-2, -3].
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func private @switch(%k: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tf.Case"(%k, %x) <{branches = [@plus_one, @square, @negate], is_stateless = true}> : (tensor<i32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @plus_one(%x: tensor<2xf32>) -> tensor<2xf32> {
  %one = "tf.Const"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>
  %r = "tf.AddV2"(%x, %one) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @square(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tf.Mul"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @negate(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tf.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func private @run(%k: tensor<i32>) {
  %x = "tf.Const"() <{value = dense<[2.0, 3.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %r = "tf.StatefulPartitionedCall"(%k, %x) <{f = @switch}> : (tensor<i32>, tensor<2xf32>) -> tensor<2xf32>
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // CHECK: [3,  4]
  %k0 = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  call @run(%k0) : (tensor<i32>) -> ()
  // CHECK: [4,  9]
  %k1 = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  call @run(%k1) : (tensor<i32>) -> ()
  // CHECK: [-2,  -3]
  %k2 = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  call @run(%k2) : (tensor<i32>) -> ()
  // CHECK: [-2,  -3]
  %k5 = "tf.Const"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  call @run(%k5) : (tensor<i32>) -> ()
  // CHECK: [-2,  -3]
  %km = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  call @run(%km) : (tensor<i32>) -> ()
  return
}
