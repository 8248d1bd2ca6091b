// RUN: ta-opt --allow-unregistered-dialect --ta-tf-decompose-lists %s -split-input-file -verify-diagnostics | FileCheck %s

// ta-tf-decompose-lists alone: a TensorList made with TensorFlow's default
// (unknown) element shape takes the shape of the item set into it and
// becomes the zero-filled tensor [3] ++ [2]; the set is an insert after
// TensorFlow's index check (code 22), the stack the tensor after its length
// check (code 23, num_elements = 3).

// CHECK-LABEL: func.func @set_stack(
// CHECK-SAME: %[[X:.*]]: tensor<2xf32>, %[[I:.*]]: tensor<i32>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[LIST:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK: %[[AT32:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK: %[[AT:.*]] = arith.index_cast %[[AT32]] : i32 to index
// CHECK: %[[IN:.*]] = arith.andi
// CHECK: %[[C22:.*]] = arith.constant 22 : i32
// CHECK: func.call @_ta_rt_fail(%[[C22]]
// CHECK: %[[SET:.*]] = scf.if %[[IN]] -> (tensor<3x2xf32>) {
// CHECK: tensor.insert_slice %[[X]] into %[[LIST]][%[[AT]], 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<3x2xf32>
// CHECK: %[[C23:.*]] = arith.constant 23 : i32
// CHECK: func.call @_ta_rt_fail(%[[C23]]
// CHECK: return %[[SET]] : tensor<3x2xf32>
// CHECK-NOT: tf.TensorList
!L = tensor<!tf_type.variant<tensor<*xf32>>>
func.func @set_stack(%x: tensor<2xf32>, %i: tensor<i32>) -> tensor<3x2xf32> {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) {element_dtype = f32} : (tensor<i32>, tensor<i32>) -> !L
  %l1 = "tf.TensorListSetItem"(%l, %i, %x) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %s = "tf.TensorListStack"(%l1, %shape) {element_dtype = f32, num_elements = 3 : i64} : (!L, tensor<i32>) -> tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}

// -----

// The run-time checks call _ta_rt_fail: a module that has the name as
// something else is rejected before a list is rewritten.
// expected-error @+1 {{'func.func' op is named '_ta_rt_fail', the runtime function of type '(i32, i64, i64, i64, i64) -> ()' that lowered ta code calls}}
func.func private @_ta_rt_fail(i64)

// -----

// Items of two shapes in one list are diagnosed where the second is set.
!L = tensor<!tf_type.variant<tensor<*xf32>>>
func.func @two_shapes(%x: tensor<2xf32>, %y: tensor<3xf32>, %i: tensor<i32>) {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) {element_dtype = f32} : (tensor<i32>, tensor<i32>) -> !L
  %l1 = "tf.TensorListSetItem"(%l, %i, %x) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  // expected-error @+1 {{'tf.TensorListSetItem' op sets an item of type 'tensor<3xf32>' where the list's elements are 'tensor<2xf32>'}}
  %l2 = "tf.TensorListSetItem"(%l1, %i, %y) : (!L, tensor<i32>, tensor<3xf32>) -> !L
  return
}
