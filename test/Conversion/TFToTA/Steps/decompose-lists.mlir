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

// -----

// A list of lists (a nested loop's accumulator) is a tensor of i64 rows:
// the pushed list's items, each [2]-f32 item's bits widened to two lanes,
// then a trailer row [its length, the list of lists' length after the
// push]. The pop reads the last trailer and takes the record off.

// CHECK-LABEL: func.func @list_of_lists(
// CHECK-SAME: %[[X:.*]]: tensor<2xf32>) -> tensor<?x2xf32>
// CHECK: linalg.fill {{.*}} -> tensor<?x2xi64>
// CHECK: %[[TRAILER:.*]] = tensor.from_elements %{{.*}}, %{{.*}} : tensor<1x2xi64>
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : tensor<?x2xf32> to tensor<?x2xi32>
// CHECK: %[[WIDE:.*]] = arith.extui %[[BITS]] : tensor<?x2xi32> to tensor<?x2xi64>
// CHECK: tensor.insert_slice %[[WIDE]]
// CHECK: tensor.insert_slice %[[TRAILER]]
// CHECK: scf.if %{{.*}} -> (tensor<?x2xi64>, tensor<?x2xf32>)
// CHECK: arith.trunci %{{.*}} : tensor<?x2xi64> to tensor<?x2xi32>
// CHECK: arith.bitcast %{{.*}} : tensor<?x2xi32> to tensor<?x2xf32>
// CHECK-NOT: tf.TensorList
// CHECK-NOT: tf.EmptyTensorList
!I = tensor<!tf_type.variant<tensor<2xf32>>>
!O = tensor<!tf_type.variant<tensor<!tf_type.variant>>>
!V = tensor<!tf_type.variant>
func.func @list_of_lists(%x: tensor<2xf32>) -> !V {
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %e = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !I
  %l = "tf.TensorListPushBack"(%e, %x) : (!I, tensor<2xf32>) -> !I
  %o = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  %o1 = "tf.TensorListPushBack"(%o, %l) : (!O, !I) -> !O
  %o2, %p = "tf.TensorListPopBack"(%o1, %unbounded) : (!O, tensor<i32>) -> (!O, !V)
  return %p : !V
}

// -----

// Lists of lists take EmptyTensorList, PushBack, PopBack and Length only.
!I = tensor<!tf_type.variant<tensor<2xf32>>>
!O = tensor<!tf_type.variant<tensor<!tf_type.variant>>>
!V = tensor<!tf_type.variant>
func.func @get_list(%i: tensor<i32>, %x: tensor<2xf32>) -> !V {
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %e = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !I
  %l0 = "tf.TensorListPushBack"(%e, %x) : (!I, tensor<2xf32>) -> !I
  %o0 = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  %o = "tf.TensorListPushBack"(%o0, %l0) : (!O, !I) -> !O
  // expected-error @+1 {{'tf.TensorListGetItem' op takes a list of lists: ta-import-tf takes those as TensorFlow's gradients of nested loops make them, with EmptyTensorList, TensorListPushBack, TensorListPopBack and TensorListLength}}
  %l = "tf.TensorListGetItem"(%o, %i, %scalar) : (!O, tensor<i32>, tensor<0xi32>) -> !V
  return %l : !V
}

// -----

!O = tensor<!tf_type.variant<tensor<!tf_type.variant>>>
func.func @reserve_lists() -> !O {
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %n = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'tf.TensorListReserve' op takes a list of lists: ta-import-tf takes those as TensorFlow's gradients of nested loops make them, with EmptyTensorList, TensorListPushBack, TensorListPopBack and TensorListLength}}
  %o = "tf.TensorListReserve"(%scalar, %n) : (tensor<0xi32>, tensor<i32>) -> !O
  return %o : !O
}

// -----

// The lists a list of lists holds must be made in the module.
!I = tensor<!tf_type.variant<tensor<2xf32>>>
!O = tensor<!tf_type.variant<tensor<!tf_type.variant>>>
func.func @argument_list(%l: !I) -> !O {
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'tf.EmptyTensorList' op takes a list of lists holding lists that no TensorListReserve, TensorListFromTensor or EmptyTensorList in the module makes}}
  %o = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  %o1 = "tf.TensorListPushBack"(%o, %l) : (!O, !I) -> !O
  return %o1 : !O
}

// -----

!I = tensor<!tf_type.variant<tensor<2xf32>>>
!O = tensor<!tf_type.variant<tensor<!tf_type.variant>>>
func.func @add_lists_of_lists(%x: tensor<2xf32>) -> !O {
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %e = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !I
  %l = "tf.TensorListPushBack"(%e, %x) : (!I, tensor<2xf32>) -> !I
  %o = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  %o1 = "tf.TensorListPushBack"(%o, %l) : (!O, !I) -> !O
  // expected-error @+1 {{'tf.AddN' op adds or zeros lists of lists: ta-import-tf takes arithmetic on lists of tensors only}}
  %sum = "tf.AddN"(%o1, %o1) : (!O, !O) -> !O
  return %sum : !O
}

// -----

// A list of [2]-f32 elements and a list of lists passed to one function.
!I = tensor<!tf_type.variant<tensor<2xf32>>>
!O = tensor<!tf_type.variant<tensor<!tf_type.variant>>>
!V = tensor<!tf_type.variant>
func.func private @pass(%l: !V) -> !V {
  return %l : !V
}
func.func @list_or_lists(%x: tensor<2xf32>) -> (!V, !V) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %e = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !I
  %l = "tf.TensorListPushBack"(%e, %x) : (!I, tensor<2xf32>) -> !I
  %o = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  %o1 = "tf.TensorListPushBack"(%o, %l) : (!O, !I) -> !O
  // expected-error @+1 {{'tf.EmptyTensorList' op makes a list of 'tensor<2xf32>' elements where a list of lists flows into the same values}}
  %f = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !I
  %r1 = "tf.StatefulPartitionedCall"(%o1) <{f = @pass}> : (!O) -> !V
  %r2 = "tf.StatefulPartitionedCall"(%f) <{f = @pass}> : (!I) -> !V
  return %r1, %r2 : !V, !V
}

// -----

// Items wider than the rows' 64-bit lanes.
!I = tensor<!tf_type.variant<tensor<2xf128>>>
!O = tensor<!tf_type.variant<tensor<!tf_type.variant>>>
func.func @wide_items(%x: tensor<2xf128>) -> !O {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %e = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !I
  %l = "tf.TensorListPushBack"(%e, %x) : (!I, tensor<2xf128>) -> !I
  // expected-error @+1 {{'tf.EmptyTensorList' op takes a list of lists holding lists of 'f128' items; ta-import-tf keeps items of up to 64 bits in lists of lists}}
  %o = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  %o1 = "tf.TensorListPushBack"(%o, %l) : (!O, !I) -> !O
  return %o1 : !O
}

// -----

// A ragged list (a split into lengths that differ, then only read) is one
// tensor of i64 rows: the split tensor's rows widened (f32 by its bits),
// one row per piece with where it ends (after TensorFlow's checks of the
// lengths, codes 46-48), then the count. GetItem (after the index check,
// code 21) decodes its piece's rows.

// CHECK-LABEL: func.func @ragged(
// CHECK-SAME: %[[X:.*]]: tensor<6xf32>
// CHECK: %[[ENDS:.*]]:2 = scf.for {{.*}} -> (index, tensor<?x1xi64>)
// CHECK: arith.constant 46 : i32
// CHECK: arith.constant 47 : i32
// CHECK: arith.constant 48 : i32
// CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : tensor<?x1xf32> to tensor<?x1xi32>
// CHECK: %[[WIDE:.*]] = arith.extui %[[BITS]] : tensor<?x1xi32> to tensor<?x1xi64>
// CHECK: tensor.insert_slice %[[WIDE]]
// CHECK: tensor.insert_slice %[[ENDS]]#1
// CHECK: %[[ROWS:.*]] = tensor.insert_slice %{{.*}} : tensor<1x1xi64> into tensor<?x1xi64>
// CHECK: arith.constant 21 : i32
// CHECK: %[[ITEM:.*]] = scf.if %{{.*}} -> (tensor<?xf32>) {
// CHECK: tensor.extract_slice %[[ROWS]]
// CHECK: arith.trunci %{{.*}} : tensor<?x1xi64> to tensor<?x1xi32>
// CHECK: arith.bitcast %{{.*}} : tensor<?x1xi32> to tensor<?x1xf32>
// CHECK: return %[[ITEM]] : tensor<?xf32>
// CHECK-NOT: tf.TensorList
!R = tensor<!tf_type.variant<tensor<*xf32>>>
func.func @ragged(%x: tensor<6xf32>, %i: tensor<i32>) -> tensor<?xf32> {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %lengths = "tf.Const"() <{value = dense<[1, 3, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %l = "tf.TensorListSplit"(%x, %shape, %lengths) : (tensor<6xf32>, tensor<i32>, tensor<3xi64>) -> !R
  %v = "tf.TensorListGetItem"(%l, %i, %shape) : (!R, tensor<i32>, tensor<i32>) -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// -----

// A list whose items are read from a ragged list waits for a second round:
// the ragged list is decomposed, types refined (the sum of an item's rows is
// a [2]), then the list of sums is a tensor of [3] ++ [2].

// CHECK-LABEL: func.func @sums_of_ragged(
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}} : tensor<2xf32> into tensor<3x2xf32>
// CHECK-NOT: tf.TensorList
!R = tensor<!tf_type.variant<tensor<*xf32>>>
func.func @sums_of_ragged(%x: tensor<6x2xf32>) -> tensor<3x2xf32> {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %axis = "tf.Const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %lengths = "tf.Const"() <{value = dense<[1, 3, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %l = "tf.TensorListSplit"(%x, %shape, %lengths) : (tensor<6x2xf32>, tensor<i32>, tensor<3xi64>) -> !R
  %v = "tf.TensorListGetItem"(%l, %one, %shape) : (!R, tensor<i32>, tensor<i32>) -> tensor<*xf32>
  %sum = "tf.Sum"(%v, %axis) <{keep_dims = false}> : (tensor<*xf32>, tensor<1xi32>) -> tensor<*xf32>
  %s = "tf.TensorListReserve"(%shape, %n) : (tensor<i32>, tensor<i32>) -> !R
  %s1 = "tf.TensorListSetItem"(%s, %one, %sum) : (!R, tensor<i32>, tensor<*xf32>) -> !R
  %t = "tf.TensorListStack"(%s1, %shape) <{num_elements = 3 : i64}> : (!R, tensor<i32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// -----

// A list that no op of the module makes (a private function's argument that
// nothing passes a list to) is diagnosed, also when another list waits for
// a later round (the list of unknown element shape that nothing sets).
!L4 = tensor<!tf_type.variant<tensor<4xf32>>>
!O = tensor<!tf_type.variant<tensor<*xf32>>>
func.func @open_and_orphan(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %s4 = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  %open = "tf.TensorListReserve"(%shape, %n) : (tensor<i32>, tensor<i32>) -> !O
  %l = "tf.TensorListFromTensor"(%x, %s4) : (tensor<3x4xf32>, tensor<1xi32>) -> !L4
  %t = "tf.TensorListStack"(%l, %s4) <{num_elements = 3 : i64}> : (!L4, tensor<1xi32>) -> tensor<3x4xf32>
  "tf.Use"(%open) : (!O) -> ()
  return %t : tensor<3x4xf32>
}
// expected-error @+1 {{carries a TensorList that no TensorListReserve, TensorListFromTensor or EmptyTensorList in the module makes}}
func.func private @orphan(%a: !L4) -> tensor<4xf32> {
  %i = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %s4 = "tf.Const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  %v = "tf.TensorListGetItem"(%a, %i, %s4) : (!L4, tensor<i32>, tensor<1xi32>) -> tensor<4xf32>
  return %v : tensor<4xf32>
}
