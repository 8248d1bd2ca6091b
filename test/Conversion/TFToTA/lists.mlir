// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf %s | FileCheck %s

// TensorFlow 2's tf.TensorArray in a tf.function, as the exporter prints it
// (abridged): a TensorList of fixed length carried through a tf.While
// becomes the tensor [3] ++ element it stands for, SetItem an insert_slice
// (after TensorFlow's bounds check), Stack the tensor itself.

!L = tensor<!tf_type.variant<tensor<2xf32>>>

// CHECK-LABEL: func.func @f(
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK: %[[W:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[Z]]) : (tensor<i32>, tensor<3x2xf32>) -> (tensor<i32>, tensor<3x2xf32>)
// CHECK: call @_ta_rt_fail
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<3x2xf32>
// CHECK: return %[[W]]#1 : tensor<3x2xf32>
// CHECK-NOT: func.func private @body
func.func @f(%x: tensor<2xf32>) -> tensor<3x2xf32> {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> !L
  %r:2 = "tf.While"(%zero, %l) <{body = @body, cond = @cond, is_stateless = true, parallel_iterations = 10 : i64, shape_invariant}> : (tensor<i32>, !L) -> (tensor<i32>, !L)
  %s = "tf.TensorListStack"(%r#1, %shape) <{num_elements = 3 : i64}> : (!L, tensor<1xi32>) -> tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}
func.func private @body(%i: tensor<i32>, %l: !L) -> (tensor<i32>, !L) {
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %v = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l1 = "tf.TensorListSetItem"(%l, %i, %v) <{resize_if_index_out_of_bounds = false}> : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %next, %l1 : tensor<i32>, !L
}
func.func private @cond(%i: tensor<i32>, %l: !L) -> tensor<i1> {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %c : tensor<i1>
}

// A list whose length changes (EmptyTensorList, PushBack in a loop, then
// PopBack and Resize, as the gradient tape's accumulators use them) has a
// dynamic length: a push grows the tensor by one (zeros, the old elements
// copied in, the item inserted), a pop takes the prefix and the last element
// after TensorFlow's empty-list check, Resize the prefix grown to the size.
// CHECK-LABEL: func.func @stack(
// CHECK: %[[E:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x2xf32>) -> tensor<?x2xf32>
// CHECK: %[[W:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[E]]) : (tensor<i32>, tensor<?x2xf32>) -> (tensor<i32>, tensor<?x2xf32>)
// CHECK: %[[G:.*]] = scf.if %{{.*}} -> (tensor<?x2xf32>) {
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [%{{.*}}, 2] [1, 1] : tensor<?x2xf32> into tensor<?x2xf32>
// CHECK: tensor.insert_slice %{{.*}} into %[[G]][%{{.*}}, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<?x2xf32>
// CHECK: call @_ta_rt_fail(%c27_i32,
// CHECK: tensor.extract_slice %[[W]]#1[0, 0] [%{{.*}}, 2] [1, 1] : tensor<?x2xf32> to tensor<?x2xf32>
// CHECK: tensor.extract_slice %[[W]]#1[%{{.*}}, 0] [1, 2] [1, 1] : tensor<?x2xf32> to tensor<2xf32>
// CHECK: call @_ta_rt_fail(%c28_i32,
func.func @stack(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %four = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !L
  %r:2 = "tf.While"(%zero, %l) <{body = @push_body, cond = @push_cond, is_stateless = true, parallel_iterations = 10 : i64, shape_invariant}> : (tensor<i32>, !L) -> (tensor<i32>, !L)
  %popped, %item = "tf.TensorListPopBack"(%r#1, %shape) : (!L, tensor<1xi32>) -> (!L, tensor<2xf32>)
  %resized = "tf.TensorListResize"(%popped, %four) : (!L, tensor<i32>) -> !L
  %s = "tf.TensorListStack"(%resized, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  return %item, %s : tensor<2xf32>, tensor<?x2xf32>
}
func.func private @push_body(%i: tensor<i32>, %l: !L) -> (tensor<i32>, !L) {
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %v = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l1 = "tf.TensorListPushBack"(%l, %v) : (!L, tensor<2xf32>) -> !L
  %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %next, %l1 : tensor<i32>, !L
}
func.func private @push_cond(%i: tensor<i32>, %l: !L) -> tensor<i1> {
  %three = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %c = "tf.Less"(%i, %three) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %c : tensor<i1>
}

// tf.TensorArray(tf.float32, size=3) with TensorFlow's defaults: the list
// is made with an unknown element shape (`tensor<*xf32>`, element_shape -1)
// and the items set in the loop body (through the tf.While's carried value)
// fix it: the list is the tensor 3x2; TensorListElementShape still gives
// what the list was made with (TensorFlow keeps it: -1, a shape of unknown
// rank).
!U = tensor<!tf_type.variant<tensor<*xf32>>>
// CHECK-LABEL: func.func @unknown_element(
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (tensor<i32>, tensor<3x2xf32>) -> (tensor<i32>, tensor<3x2xf32>)
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<3x2xf32>
// CHECK: %[[SHAPE:.*]] = arith.constant dense<-1> : tensor<i32>
// CHECK: return %{{.*}}, %[[SHAPE]] : tensor<3x2xf32>, tensor<i32>
func.func @unknown_element(%x: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<i32>) {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<i32>, tensor<i32>) -> !U
  %r:2 = "tf.While"(%zero, %l) <{body = @unknown_body, cond = @unknown_cond, is_stateless = true, parallel_iterations = 10 : i64, shape_invariant}> : (tensor<i32>, !U) -> (tensor<i32>, !U)
  %s = "tf.TensorListStack"(%r#1, %shape) <{num_elements = 3 : i64}> : (!U, tensor<i32>) -> tensor<*xf32>
  %e = "tf.TensorListElementShape"(%r#1) : (!U) -> tensor<i32>
  %c = "tf.Cast"(%s) : (tensor<*xf32>) -> tensor<3x2xf32>
  return %c, %e : tensor<3x2xf32>, tensor<i32>
}
func.func private @unknown_body(%i: tensor<i32>, %l: !U) -> (tensor<i32>, !U) {
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %v = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l1 = "tf.TensorListSetItem"(%l, %i, %v) <{resize_if_index_out_of_bounds = false}> : (!U, tensor<i32>, tensor<2xf32>) -> !U
  %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %next, %l1 : tensor<i32>, !U
}
func.func private @unknown_cond(%i: tensor<i32>, %l: !U) -> tensor<i1> {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %c : tensor<i1>
}

// element_shape=[None, 2]: the dim left open is fixed by the item read
// (its type, from TensorFlow's shape inference) and ElementShape gives
// [-1, 2], as TensorFlow's list keeps it.
!P = tensor<!tf_type.variant<tensor<?x2xf32>>>
// CHECK-LABEL: func.func @partial_element(
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x3x2xf32>) -> tensor<4x3x2xf32>
// CHECK: %[[SHAPE:.*]] = arith.constant dense<[-1, 2]> : tensor<2xi32>
// CHECK: return %{{.*}}, %[[SHAPE]] : tensor<3x2xf32>, tensor<2xi32>
func.func @partial_element(%i: tensor<i32>) -> (tensor<3x2xf32>, tensor<2xi32>) {
  %shape = "tf.Const"() <{value = dense<[-1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %n = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<2xi32>, tensor<i32>) -> !P
  %item = "tf.TensorListGetItem"(%l, %i, %shape) : (!P, tensor<i32>, tensor<2xi32>) -> tensor<3x2xf32>
  %e = "tf.TensorListElementShape"(%l) : (!P) -> tensor<2xi32>
  return %item, %e : tensor<3x2xf32>, tensor<2xi32>
}

// tf.TensorArray.split then .concat (a split's gradient is a concat): a
// split into constant, equal lengths fixes the rows of the list's
// elements; the split regroups the tensor's rows (expand_shape, after
// TensorFlow's checks of the lengths), the concat ungroups them
// (collapse_shape) and its lengths are the elements' rows.
// CHECK-LABEL: func.func @split_concat(
// CHECK: scf.for
// CHECK: %[[L:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [%{{.*}}, 2, 3] : tensor<?x3xf32> into tensor<?x2x3xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x2x3xf32> into tensor<4x3xf32>
// CHECK: %[[N:.*]] = linalg.fill ins(%{{.*}} : i64) outs(%{{.*}} : tensor<2xi64>) -> tensor<2xi64>
// CHECK: return %[[C]], %[[N]] : tensor<4x3xf32>, tensor<2xi64>
func.func @split_concat(%x: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<2xi64>) {
  %shape = "tf.Const"() <{value = dense<[-1, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %lengths = "tf.Const"() <{value = dense<2> : tensor<2xi64>}> : () -> tensor<2xi64>
  %l = "tf.TensorListSplit"(%x, %shape, %lengths) : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi64>) -> tensor<!tf_type.variant<tensor<?x3xf32>>>
  %none = "tf.Const"() <{value = dense<> : tensor<0xi64>}> : () -> tensor<0xi64>
  %c, %n = "tf.TensorListConcatV2"(%l, %shape, %none) : (tensor<!tf_type.variant<tensor<?x3xf32>>>, tensor<2xi32>, tensor<0xi64>) -> (tensor<4x3xf32>, tensor<2xi64>)
  return %c, %n : tensor<4x3xf32>, tensor<2xi64>
}

// tf.TensorArray.scatter and .gather with TensorFlow's default (unknown)
// element shape: the scattered rows fix it; each index is checked and
// each row set in a loop.
// CHECK-LABEL: func.func @scatter_gather(
// CHECK: scf.for
// CHECK: call @_ta_rt_fail
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x2xf32>) -> tensor<?x2xf32>
// CHECK: scf.for {{.*}} -> (tensor<?x2xf32>)
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<?x2xf32>
// CHECK: scf.for {{.*}} -> (tensor<3x2xf32>)
// CHECK: return %{{.*}} : tensor<3x2xf32>
func.func @scatter_gather(%x: tensor<2x2xf32>, %at: tensor<2xi32>, %from: tensor<3xi32>) -> tensor<3x2xf32> {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListScatterV2"(%x, %at, %shape, %n) : (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  %g = "tf.TensorListGather"(%l, %from, %shape) : (tensor<!tf_type.variant<tensor<*xf32>>>, tensor<3xi32>, tensor<i32>) -> tensor<3x2xf32>
  return %g : tensor<3x2xf32>
}
