// RUN: ta-opt --allow-unregistered-dialect --ta-tf-decompose-optionals %s | FileCheck %s

// ta-tf-decompose-optionals alone, on the shape of TensorFlow's gradient of
// a tf.cond in a loop: the branch that computes an intermediate returns
// tf.OptionalFromValue of it, the other tf.OptionalNone; the conditional's
// optional results are pushed onto accumulators (one empty list starts
// both), popped and read with tf.OptionalGetValue. Each optional becomes its
// value (zeros where none), the branches and the conditional return
// (tensor<4xf32>, tensor<2xi32>), each accumulator is a list of its values
// made with an unknown element shape (-1) and an empty list of its own. The
// public function's results keep their types (casts of the values read).

// CHECK-LABEL: func.func @accumulate(
// CHECK-SAME: -> (tensor<*xf32>, tensor<*xi32>)
// CHECK-DAG: %[[L1:.*]] = "tf.EmptyTensorList"(%[[U1:.*]], %{{.*}}) : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<4xf32>>>
// CHECK-DAG: %[[L2:.*]] = "tf.EmptyTensorList"(%[[U2:.*]], %{{.*}}) : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xi32>>>
// CHECK-DAG: %[[U1]] = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
// CHECK-DAG: %[[U2]] = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
// CHECK: %[[O:.*]]:2 = "tf.If"(%{{.*}}, %{{.*}}, %{{.*}}) <{{.*}}> : (tensor<i1>, tensor<4xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>)
// CHECK: %[[P1:.*]] = "tf.TensorListPushBack"(%[[L1]], %[[O]]#0) : (tensor<!tf_type.variant<tensor<4xf32>>>, tensor<4xf32>) -> tensor<!tf_type.variant<tensor<4xf32>>>
// CHECK: %[[P2:.*]] = "tf.TensorListPushBack"(%[[L2]], %[[O]]#1) : (tensor<!tf_type.variant<tensor<2xi32>>>, tensor<2xi32>) -> tensor<!tf_type.variant<tensor<2xi32>>>
// CHECK: %{{.*}}:2 = "tf.TensorListPopBack"(%[[P1]], %{{.*}}) : (tensor<!tf_type.variant<tensor<4xf32>>>, tensor<0xi32>) -> (tensor<!tf_type.variant<tensor<4xf32>>>, tensor<4xf32>)
// CHECK-NOT: tf.Optional
// CHECK: return %{{.*}}, %{{.*}} : tensor<*xf32>, tensor<*xi32>
// CHECK-LABEL: func.func private @computes(
// CHECK-SAME: -> (tensor<4xf32>, tensor<2xi32>)
// CHECK: %[[T:.*]] = "tf.Tanh"
// CHECK-NEXT: return %[[T]], %{{.*}} : tensor<4xf32>, tensor<2xi32>
// CHECK-LABEL: func.func private @none(
// CHECK-SAME: -> (tensor<4xf32>, tensor<2xi32>)
// CHECK: %[[Z:.*]] = "tf.Const"() {value = dense<0.000000e+00> : tensor<4xf32>} : () -> tensor<4xf32>
// CHECK-NEXT: return %[[Z]], %{{.*}} : tensor<4xf32>, tensor<2xi32>
func.func @accumulate(%p: tensor<i1>, %x: tensor<4xf32>, %k: tensor<2xi32>) -> (tensor<*xf32>, tensor<*xi32>) {
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %max = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %empty = "tf.EmptyTensorList"(%scalar, %max) : (tensor<0xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<!tf_type.variant>>>
  %o:2 = "tf.If"(%p, %x, %k) <{else_branch = @none, then_branch = @computes, is_stateless = true}> : (tensor<i1>, tensor<4xf32>, tensor<2xi32>) -> (tensor<*x!tf_type.variant>, tensor<!tf_type.variant<tensor<2xi32>>>)
  %l1 = "tf.TensorListPushBack"(%empty, %o#0) : (tensor<!tf_type.variant<tensor<!tf_type.variant>>>, tensor<*x!tf_type.variant>) -> tensor<!tf_type.variant<tensor<!tf_type.variant>>>
  %l2 = "tf.TensorListPushBack"(%empty, %o#1) : (tensor<!tf_type.variant<tensor<!tf_type.variant>>>, tensor<!tf_type.variant<tensor<2xi32>>>) -> tensor<!tf_type.variant<tensor<!tf_type.variant>>>
  %l3, %i1 = "tf.TensorListPopBack"(%l1, %scalar) : (tensor<!tf_type.variant<tensor<!tf_type.variant>>>, tensor<0xi32>) -> (tensor<!tf_type.variant<tensor<!tf_type.variant>>>, tensor<!tf_type.variant>)
  %l4, %i2 = "tf.TensorListPopBack"(%l2, %scalar) : (tensor<!tf_type.variant<tensor<!tf_type.variant>>>, tensor<0xi32>) -> (tensor<!tf_type.variant<tensor<!tf_type.variant>>>, tensor<!tf_type.variant>)
  %v1 = "tf.OptionalGetValue"(%i1) : (tensor<!tf_type.variant>) -> tensor<*xf32>
  %v2 = "tf.OptionalGetValue"(%i2) : (tensor<!tf_type.variant>) -> tensor<*xi32>
  return %v1, %v2 : tensor<*xf32>, tensor<*xi32>
}
func.func private @computes(%x: tensor<4xf32>, %k: tensor<2xi32>) -> (tensor<!tf_type.variant<tensor<4xf32>>>, tensor<!tf_type.variant<tensor<2xi32>>>) {
  %t = "tf.Tanh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %o = "tf.OptionalFromValue"(%t) : (tensor<4xf32>) -> tensor<!tf_type.variant<tensor<4xf32>>>
  %ok = "tf.OptionalFromValue"(%k) : (tensor<2xi32>) -> tensor<!tf_type.variant<tensor<2xi32>>>
  return %o, %ok : tensor<!tf_type.variant<tensor<4xf32>>>, tensor<!tf_type.variant<tensor<2xi32>>>
}
func.func private @none(%x: tensor<4xf32>, %k: tensor<2xi32>) -> (tensor<!tf_type.variant>, tensor<!tf_type.variant<tensor<2xi32>>>) {
  %o = "tf.OptionalNone"() : () -> tensor<!tf_type.variant>
  %ok = "tf.OptionalFromValue"(%k) : (tensor<2xi32>) -> tensor<!tf_type.variant<tensor<2xi32>>>
  return %o, %ok : tensor<!tf_type.variant>, tensor<!tf_type.variant<tensor<2xi32>>>
}

// A result the branches share between values of different element types
// (a float row in one, an int32 slice bound in the other) is a union: each
// value's 32-bit words, flattened and padded with zeros to the longest
// (tensor<4xi32>), read back by the element type each read asks for.
// CHECK-LABEL: func.func @union(
// CHECK: %[[O:.*]] = "tf.If"({{.*}}) -> tensor<4xi32>
// CHECK: %[[F:.*]] = arith.bitcast %[[O]] : tensor<4xi32> to tensor<4xf32>
// CHECK: %[[I:.*]] = tensor.extract_slice %[[O]][0] [1] [1] : tensor<4xi32> to tensor<1xi32>
// CHECK: return %{{.*}}, %{{.*}}
// CHECK-LABEL: func.func private @row(
// CHECK-SAME: -> tensor<4xi32>
// CHECK: %[[B:.*]] = arith.bitcast %{{.*}} : tensor<4xf32> to tensor<4xi32>
// CHECK-NEXT: return %[[B]]
// CHECK-LABEL: func.func private @bound(
// CHECK-SAME: -> tensor<4xi32>
// CHECK: %[[Z:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK: %[[P:.*]] = tensor.insert_slice %{{.*}} into %[[Z]][0] [1] [1] : tensor<1xi32> into tensor<4xi32>
// CHECK-NEXT: return %[[P]]
func.func @union(%p: tensor<i1>, %x: tensor<4xf32>, %i: tensor<1xi32>) -> (tensor<*xf32>, tensor<*xi32>) {
  %o = "tf.If"(%p, %x, %i) <{else_branch = @bound, then_branch = @row, is_stateless = true}> : (tensor<i1>, tensor<4xf32>, tensor<1xi32>) -> tensor<*x!tf_type.variant>
  %f = "tf.OptionalGetValue"(%o) : (tensor<*x!tf_type.variant>) -> tensor<*xf32>
  %n = "tf.OptionalGetValue"(%o) : (tensor<*x!tf_type.variant>) -> tensor<*xi32>
  return %f, %n : tensor<*xf32>, tensor<*xi32>
}
func.func private @row(%x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<!tf_type.variant<tensor<4xf32>>> {
  %o = "tf.OptionalFromValue"(%x) : (tensor<4xf32>) -> tensor<!tf_type.variant<tensor<4xf32>>>
  return %o : tensor<!tf_type.variant<tensor<4xf32>>>
}
func.func private @bound(%x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<!tf_type.variant<tensor<1xi32>>> {
  %o = "tf.OptionalFromValue"(%i) : (tensor<1xi32>) -> tensor<!tf_type.variant<tensor<1xi32>>>
  return %o : tensor<!tf_type.variant<tensor<1xi32>>>
}
