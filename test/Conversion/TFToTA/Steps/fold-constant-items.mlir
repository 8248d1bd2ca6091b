// RUN: ta-opt --allow-unregistered-dialect --ta-tf-fold-constant-items %s | FileCheck %s

// ta-tf-fold-constant-items alone. tf.Shape of a static operand and
// tf.DynamicStitch of constants that assign every row fold to constants
// (rows: data[i] goes to indices[i], a later index winning), and what is
// computed from them is refined again (the reshape to [3, 1, 2]). A stitch
// that leaves a row unassigned, has a negative index or run-time data
// stays.

// CHECK-LABEL: func.func @shapes(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[Y:[^:]*]]: tensor<?x3xf32>
// CHECK-DAG: %[[S:.*]] = arith.constant dense<[2, 3]> : tensor<2xi32>
// CHECK-DAG: %[[L:.*]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-DAG: %[[LCAST:.*]] = tensor.cast %[[L]] : tensor<2xi64> to tensor<?xi64>
// CHECK-DAG: %[[D:.*]] = "tf.Shape"(%[[Y]])
// CHECK-DAG: %[[T:.*]] = arith.constant dense<[3, 1, 2]> : tensor<3xi32>
// CHECK: %[[R:.*]] = "tf.Reshape"(%[[X]], %[[T]]) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<3x1x2xf32>
// CHECK: %[[RCAST:.*]] = tensor.cast %[[R]] : tensor<3x1x2xf32> to tensor<*xf32>
// CHECK: return %[[S]], %[[LCAST]], %[[D]], %[[RCAST]]
// CHECK-NOT: tf.DynamicStitch

// CHECK-LABEL: func.func @stitch_later_wins(
// CHECK: %[[T:.*]] = arith.constant dense<[7, 9]> : tensor<2xi32>
// CHECK: return %[[T]]

// CHECK-LABEL: func.func @stitch_kept(
// CHECK-COUNT-3: "tf.DynamicStitch"
// CHECK-NOT: arith.constant

// Accumulators: one EmptyTensorList (TensorFlow's export shares it) starts
// two lists a loop pushes onto. Every push onto the first is the shape
// [2, 3]: its pop is that constant. The second's pushes pack the counter and
// 3: its pop is a tf.Pack of its entry 0, read at run time, and the
// constant 3. The pops stay (an empty list still fails).

// CHECK-LABEL: func.func @accumulators(
// CHECK: "tf.WhileRegion"
// CHECK: %[[POP_A:.*]]:2 = "tf.TensorListPopBack"
// CHECK: %[[A:.*]] = arith.constant dense<[2, 3]> : tensor<2xi32>
// CHECK: %[[POP_B:.*]]:2 = "tf.TensorListPopBack"
// CHECK: %[[ONE:.*]] = arith.constant dense<1> : tensor<1xi32>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : tensor<1xi32>
// CHECK: %[[END:.*]] = arith.constant dense<1> : tensor<1xi32>
// CHECK: %[[I:.*]] = "tf.StridedSlice"(%[[POP_B]]#1, %[[ZERO]], %[[END]], %[[ONE]]) {shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
// CHECK: %[[THREE:.*]] = arith.constant dense<3> : tensor<i32>
// CHECK: %[[B:.*]] = "tf.Pack"(%[[I]], %[[THREE]]) {axis = 0 : i64} : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
// CHECK: return %[[A]], %[[B]]

// Not one constant: branches push [1, 2] or [1, 3] (entry 0 is 1 in both,
// entry 1 is not known); a list TensorListReserve makes holds zeros where
// nothing was set, and is not followed.

// CHECK-LABEL: func.func @not_one_constant(
// CHECK: %[[POP:.*]]:2 = "tf.TensorListPopBack"
// CHECK-DAG: %[[FIRST:.*]] = arith.constant dense<1> : tensor<i32>
// CHECK-DAG: %[[K:.*]] = "tf.StridedSlice"(%[[POP]]#1,
// CHECK: %[[ITEM:.*]] = "tf.Pack"(%[[FIRST]], %[[K]])
// CHECK: %[[GOT:.*]] = "tf.TensorListGetItem"
// CHECK: return %[[ITEM]], %[[GOT]]

!L = tensor<!tf_type.variant<tensor<2xi32>>>

func.func @shapes(%x: tensor<2x3xf32>, %y: tensor<?x3xf32>) -> (tensor<2xi32>, tensor<?xi64>, tensor<2xi32>, tensor<*xf32>) {
  %s = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi32>
  %l = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<?xi64>
  %d = "tf.Shape"(%y) : (tensor<?x3xf32>) -> tensor<2xi32>
  %i0 = "tf.Const"() <{value = dense<[2, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %i1 = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %d1 = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %t = "tf.DynamicStitch"(%i0, %i1, %s, %d1) : (tensor<2xi32>, tensor<1xi32>, tensor<2xi32>, tensor<1xi32>) -> tensor<?xi32>
  %r = "tf.Reshape"(%x, %t) : (tensor<2x3xf32>, tensor<?xi32>) -> tensor<*xf32>
  return %s, %l, %d, %r : tensor<2xi32>, tensor<?xi64>, tensor<2xi32>, tensor<*xf32>
}

func.func @stitch_later_wins() -> tensor<2xi32> {
  %i0 = "tf.Const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %i1 = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %d0 = "tf.Const"() <{value = dense<[7, 8]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %d1 = "tf.Const"() <{value = dense<9> : tensor<1xi32>}> : () -> tensor<1xi32>
  %t = "tf.DynamicStitch"(%i0, %i1, %d0, %d1) : (tensor<2xi32>, tensor<1xi32>, tensor<2xi32>, tensor<1xi32>) -> tensor<2xi32>
  return %t : tensor<2xi32>
}

func.func @stitch_kept(%x: tensor<2xi32>) -> (tensor<3xi32>, tensor<2xi32>, tensor<2xi32>) {
  %i0 = "tf.Const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %i2 = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %neg = "tf.Const"() <{value = dense<[0, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %c = "tf.Const"() <{value = dense<[4, 5]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %gap = "tf.DynamicStitch"(%i0, %i2, %i2, %i0) : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %negative = "tf.DynamicStitch"(%neg, %c) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %runtime = "tf.DynamicStitch"(%neg, %x) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %gap, %negative, %runtime : tensor<3xi32>, tensor<2xi32>, tensor<2xi32>
}

func.func @accumulators(%x: tensor<2x3xf32>, %n: tensor<i32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %es = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %max = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %three = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %empty = "tf.EmptyTensorList"(%es, %max) : (tensor<1xi32>, tensor<i32>) -> !L
  %f:3 = "tf.WhileRegion"(%n, %empty, %empty) <{is_stateless = true, parallel_iterations = 10 : i64}> ({
  ^bb0(%i: tensor<i32>, %a: !L, %b: !L):
    %c = "tf.Greater"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %a: !L, %b: !L):
    %s = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi32>
    %p = "tf.Pack"(%i, %three) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
    %a2 = "tf.TensorListPushBack"(%a, %s) : (!L, tensor<2xi32>) -> !L
    %b2 = "tf.TensorListPushBack"(%b, %p) : (!L, tensor<2xi32>) -> !L
    %j = "tf.Sub"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%j, %a2, %b2) : (tensor<i32>, !L, !L) -> ()
  }) : (tensor<i32>, !L, !L) -> (tensor<i32>, !L, !L)
  %a3, %sa = "tf.TensorListPopBack"(%f#1, %es) : (!L, tensor<1xi32>) -> (!L, tensor<2xi32>)
  %b3, %pb = "tf.TensorListPopBack"(%f#2, %es) : (!L, tensor<1xi32>) -> (!L, tensor<2xi32>)
  return %sa, %pb : tensor<2xi32>, tensor<2xi32>
}

func.func @not_one_constant(%p: tensor<i1>, %k: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %es = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %max = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %u = "tf.Const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %v = "tf.Const"() <{value = dense<[1, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %empty = "tf.EmptyTensorList"(%es, %max) : (tensor<1xi32>, tensor<i32>) -> !L
  %l = "tf.IfRegion"(%p) <{is_stateless = true}> ({
    %a = "tf.TensorListPushBack"(%empty, %u) : (!L, tensor<2xi32>) -> !L
    "tf.Yield"(%a) : (!L) -> ()
  }, {
    %b = "tf.TensorListPushBack"(%empty, %v) : (!L, tensor<2xi32>) -> !L
    "tf.Yield"(%b) : (!L) -> ()
  }) : (tensor<i1>) -> !L
  %l2, %item = "tf.TensorListPopBack"(%l, %es) : (!L, tensor<1xi32>) -> (!L, tensor<2xi32>)
  %r = "tf.TensorListReserve"(%es, %two) : (tensor<1xi32>, tensor<i32>) -> !L
  %r2 = "tf.TensorListSetItem"(%r, %zero, %u) : (!L, tensor<i32>, tensor<2xi32>) -> !L
  %got = "tf.TensorListGetItem"(%r2, %zero, %es) : (!L, tensor<i32>, tensor<1xi32>) -> tensor<2xi32>
  return %item, %got : tensor<2xi32>, tensor<2xi32>
}
