// RUN: ta-opt --allow-unregistered-dialect --ta-tf-convert-tensor-arrays %s -split-input-file -verify-diagnostics | FileCheck %s

// ta-tf-convert-tensor-arrays alone, on TensorArray ops whose handles and
// flows carry their ta types already (as ta-tf-type-resources leaves them):
// each becomes its ta op, constant int32 indices and sizes index constants,
// tf.Const arith.constant; what is not a TensorArray op (tf.Identity) stays.

// CHECK-LABEL: func.func @write_read(
// CHECK-SAME: %[[X:.*]]: tensor<3xf32>
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create %[[C4]] {identical_element_shapes = true, name = "xs"} : !ta.handle<4, tensor<3xf32>>
// CHECK: %[[ID:.*]] = "tf.Identity"(%[[H]])
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[W:.*]] = ta.write %[[ID]][%[[C1]]], %[[X]], %[[F]] : !ta.handle<4, tensor<3xf32>>, tensor<3xf32>
// CHECK: %[[R:.*]] = ta.read %[[H]][%{{.*}}], %[[W]] : !ta.handle<4, tensor<3xf32>>
// CHECK: %[[N:.*]] = ta.size %[[H]], %[[W]] : !ta.handle<4, tensor<3xf32>>
// CHECK: %[[N32:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK: %[[NT:.*]] = tensor.from_elements %[[N32]] : tensor<i32>
// CHECK: return %[[R]], %[[NT]] : tensor<3xf32>, tensor<i32>
// CHECK-NOT: tf.TensorArray
func.func @write_read(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>) {
  %size = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %at = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%size) {clear_after_read = true, dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<3>, identical_element_shapes = true, tensor_array_name = "xs"} : (tensor<i32>) -> (!ta.handle<4, tensor<3xf32>>, !ta.flow)
  %id = "tf.Identity"(%h) : (!ta.handle<4, tensor<3xf32>>) -> !ta.handle<4, tensor<3xf32>>
  %f1 = "tf.TensorArrayWriteV3"(%id, %at, %x, %f) : (!ta.handle<4, tensor<3xf32>>, tensor<i32>, tensor<3xf32>, !ta.flow) -> !ta.flow
  %y = "tf.TensorArrayReadV3"(%h, %at, %f1) {dtype = f32} : (!ta.handle<4, tensor<3xf32>>, tensor<i32>, !ta.flow) -> tensor<3xf32>
  %n = "tf.TensorArraySizeV3"(%h, %f1) : (!ta.handle<4, tensor<3xf32>>, !ta.flow) -> tensor<i32>
  return %y, %n : tensor<3xf32>, tensor<i32>
}

// -----

// A write of another element type than the handle's fails the ta op's
// verifier.
func.func @bad_write(%x: tensor<2xf32>) {
  %size = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %at = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%size) {dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (!ta.handle<4, tensor<3xf32>>, !ta.flow)
  // expected-error @+1 {{'ta.write' op value type 'tensor<2xf32>' is incompatible with the TensorArray element type 'tensor<3xf32>'}}
  %f1 = "tf.TensorArrayWriteV3"(%h, %at, %x, %f) : (!ta.handle<4, tensor<3xf32>>, tensor<i32>, tensor<2xf32>, !ta.flow) -> !ta.flow
  return
}
