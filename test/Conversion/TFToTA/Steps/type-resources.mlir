// RUN: ta-opt --allow-unregistered-dialect --ta-tf-type-resources %s -split-input-file -verify-diagnostics | FileCheck %s

// ta-tf-type-resources alone: the handle and flow a tf.TensorArrayV3 makes,
// and every value they flow into (here through tf.Identity), take their ta
// types; the ops stay TensorFlow's (ta-tf-convert-tensor-arrays rewrites
// them). The flow a public function returns is TensorFlow's value for it,
// 0.0.

!R = tensor<2x!tf_type.resource<tensor<*xf32>>>

// CHECK-LABEL: func.func @write_read(
// CHECK: %[[TA:.*]]:2 = "tf.TensorArrayV3"(%{{.*}}) {{.*}} : (tensor<i32>) -> (!ta.handle<4, tensor<3xf32>>, !ta.flow)
// CHECK: %[[ID:.*]] = "tf.Identity"(%[[TA]]#0) : (!ta.handle<4, tensor<3xf32>>) -> !ta.handle<4, tensor<3xf32>>
// CHECK: %[[W:.*]] = "tf.TensorArrayWriteV3"(%[[ID]], %{{.*}}, %{{.*}}, %[[TA]]#1) : (!ta.handle<4, tensor<3xf32>>, tensor<i32>, tensor<3xf32>, !ta.flow) -> !ta.flow
// CHECK: %[[R:.*]] = "tf.TensorArrayReadV3"(%[[TA]]#0, %{{.*}}, %[[W]]) {{.*}} : (!ta.handle<4, tensor<3xf32>>, tensor<i32>, !ta.flow) -> tensor<3xf32>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: return %[[R]], %[[ZERO]] : tensor<3xf32>, tensor<f32>
func.func @write_read(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>) {
  %size = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %at = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%size) {clear_after_read = true, dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<3>, identical_element_shapes = true, tensor_array_name = "xs"} : (tensor<i32>) -> (!R, tensor<f32>)
  %id = "tf.Identity"(%h) : (!R) -> !R
  %f1 = "tf.TensorArrayWriteV3"(%id, %at, %x, %f) : (!R, tensor<i32>, tensor<3xf32>, tensor<f32>) -> tensor<f32>
  %y = "tf.TensorArrayReadV3"(%h, %at, %f1) {dtype = f32} : (!R, tensor<i32>, tensor<f32>) -> tensor<3xf32>
  return %y, %f1 : tensor<3xf32>, tensor<f32>
}

// -----

// Its checks of the TensorArray ops come first.
func.func @size_not_scalar(%n: tensor<1xi32>) {
  // expected-error @+1 {{'tf.TensorArrayV3' op expects its size as a scalar integer tensor, got 'tensor<1xi32>'}}
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<1xi32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  return
}

// -----

func.func @handle_to_other_op(%n: tensor<i32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'tf.Shape' op uses a TensorArray handle; ta-import-tf imports handles used by TensorArray ops, control flow, calls and tf.Identity}}
  %s = "tf.Shape"(%h) : (tensor<2x!tf_type.resource>) -> tensor<1xi32>
  return
}
