// RUN: ta-opt --allow-unregistered-dialect --ta-tf-read-variables %s -split-input-file | FileCheck %s

// ta-tf-read-variables alone: the entry function's variable arguments (their
// value's type named in the resource type, or by `ta.variable_type` as
// ta.from_tensorflow writes it) become value arguments; the loop
// carrying the handles carries the values; ReadVariableOp is the value,
// VariableShape its tf.Shape, ResourceGather a tf.GatherV2 along axis 0.

// CHECK-LABEL: func.func @entry(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x4xf32>, %[[W:[^:]*]]: tensor<4x3xf32>, %[[E:[^:]*]]: tensor<5x3xf32> {ta.variable_type = tensor<5x3xf32>}
// CHECK: %[[LOOP:.*]]:3 = "tf.While"(%{{.*}}, %[[W]], %[[E]]) <{body = @body, cond = @cond, is_stateless = false}> : (tensor<i32>, tensor<4x3xf32>, tensor<5x3xf32>) -> (tensor<i32>, tensor<4x3xf32>, tensor<5x3xf32>)
// CHECK: %[[S:.*]] = "tf.Shape"(%[[LOOP]]#1) : (tensor<4x3xf32>) -> tensor<?xi32>
// CHECK: %[[Y:.*]] = "tf.MatMul"(%[[X]], %[[W]])
// CHECK: return %[[Y]], %[[S]]
// CHECK-LABEL: func.func private @body(
// CHECK-SAME: %{{[^:]*}}: tensor<i32>, %[[BW:[^:]*]]: tensor<4x3xf32>, %[[BE:[^:]*]]: tensor<5x3xf32>) -> (tensor<i32>, tensor<4x3xf32>, tensor<5x3xf32>)
// CHECK: %[[AXIS:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK: "tf.GatherV2"(%[[BE]], %{{.*}}, %[[AXIS]]) {batch_dims = 0 : i64} : (tensor<5x3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2x3xf32>
// CHECK: "tf.Sum"(%[[BW]],
// CHECK: return %{{.*}}, %[[BW]], %[[BE]]
// CHECK-LABEL: func.func private @cond(
// CHECK-SAME: tensor<4x3xf32>, %{{[^:]*}}: tensor<5x3xf32>)
!R = tensor<*x!tf_type.resource>
func.func @entry(%x: tensor<2x4xf32>, %w: tensor<!tf_type.resource<tensor<4x3xf32>>>, %e: !R {ta.variable_type = tensor<5x3xf32>}) -> (tensor<*xf32>, tensor<?xi32>) {
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %r:3 = "tf.While"(%zero, %w, %e) <{body = @body, cond = @cond, is_stateless = false}> : (tensor<i32>, tensor<!tf_type.resource<tensor<4x3xf32>>>, !R) -> (tensor<i32>, !R, !R)
  %s = "tf.VariableShape"(%r#1) : (!R) -> tensor<?xi32>
  %v = "tf.ReadVariableOp"(%w) : (tensor<!tf_type.resource<tensor<4x3xf32>>>) -> tensor<4x3xf32>
  %y = "tf.MatMul"(%x, %v) <{transpose_a = false, transpose_b = false}> : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<*xf32>
  return %y, %s : tensor<*xf32>, tensor<?xi32>
}
func.func private @body(%i: tensor<i32>, %w: !R, %e: !R) -> (tensor<i32>, !R, !R) {
  %ids = "tf.Const"() <{value = dense<[4, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %rows = "tf.ResourceGather"(%e, %ids) <{batch_dims = 0 : i64}> {dtype = f32} : (!R, tensor<2xi32>) -> tensor<2x3xf32>
  %v = "tf.ReadVariableOp"(%w) : (!R) -> tensor<*xf32>
  %axes = "tf.Const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %t = "tf.Sum"(%v, %axes) <{keep_dims = false}> : (tensor<*xf32>, tensor<2xi32>) -> tensor<f32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %j = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %j, %w, %e : tensor<i32>, !R, !R
}
func.func private @cond(%i: tensor<i32>, %w: !R, %e: !R) -> tensor<i1> {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %c : tensor<i1>
}

// -----

// A variable the function assigns in its own body (a stateful layer's
// state, a counter): threaded in program order, each read the value last
// assigned (a call the value at its point), AssignAdd an add; the last value
// returned after the function's results, its argument number in
// ta.assigned_variables.
// CHECK-LABEL: func.func @assigned(
// CHECK-SAME: %[[W:[^:]*]]: tensor<3xf32>, %[[X:[^:]*]]: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-SAME: attributes {ta.assigned_variables = [0]}
// CHECK: %[[C:.*]] = "tf.StatefulPartitionedCall"(%[[X]]) <{f = @reader}>
// CHECK: %[[S:.*]] = "tf.AddV2"(%[[X]], %[[C]])
// CHECK: return %[[W]], %[[C]], %[[S]] : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
func.func @assigned(%w: tensor<!tf_type.resource<tensor<3xf32>>>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %before = "tf.ReadVariableOp"(%w) : (tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<3xf32>
  "tf.AssignVariableOp"(%w, %x) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  %called = "tf.StatefulPartitionedCall"(%w) <{f = @reader}> : (tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<3xf32>
  "tf.AssignAddVariableOp"(%w, %called) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  return %before, %called : tensor<3xf32>, tensor<3xf32>
}
func.func private @reader(%w: tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<3xf32> {
  %v = "tf.ReadVariableOp"(%w) : (tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// -----

// Two assigned variables: their values follow the results in the order of
// their arguments; a read nested in a branch region sees the value at the
// branch.
// CHECK-LABEL: func.func @two_assigned(
// CHECK-SAME: %[[A:[^:]*]]: tensor<2xf32>, %[[B:[^:]*]]: tensor<2xf32>, %[[C:[^:]*]]: tensor<i1>, %[[X:[^:]*]]: tensor<2xf32>
// CHECK-SAME: attributes {ta.assigned_variables = [0, 1]}
// CHECK: %[[R:.*]] = "tf.IfRegion"(%[[C]])
// CHECK: "tf.Yield"(%[[X]])
// CHECK: "tf.Yield"(%[[A]])
// CHECK: return %[[R]], %[[R]], %[[X]]
func.func @two_assigned(%a: tensor<!tf_type.resource<tensor<2xf32>>>, %b: tensor<!tf_type.resource<tensor<2xf32>>>, %c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  "tf.AssignVariableOp"(%b, %x) : (tensor<!tf_type.resource<tensor<2xf32>>>, tensor<2xf32>) -> ()
  %r = "tf.IfRegion"(%c) ({
    %v = "tf.ReadVariableOp"(%b) : (tensor<!tf_type.resource<tensor<2xf32>>>) -> tensor<2xf32>
    "tf.Yield"(%v) : (tensor<2xf32>) -> ()
  }, {
    %w = "tf.ReadVariableOp"(%a) : (tensor<!tf_type.resource<tensor<2xf32>>>) -> tensor<2xf32>
    "tf.Yield"(%w) : (tensor<2xf32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<2xf32>
  "tf.AssignVariableOp"(%a, %r) : (tensor<!tf_type.resource<tensor<2xf32>>>, tensor<2xf32>) -> ()
  return %r : tensor<2xf32>
}

// -----

// A value TensorFlow's exporter left unranked (its shape inference knew
// it) is assigned after a run-time check of its rank and dims (code 68,
// TensorFlow's "Trying to assign to variable with tensor with wrong
// shape"), which fold once types are refined.
// CHECK-LABEL: func.func @assign_unranked(
// CHECK: %[[RANK:.*]] = tensor.rank %{{.*}} : tensor<*xf32>
// CHECK: arith.cmpi eq, %[[RANK]], %c1
// CHECK: %[[C68:.*]] = arith.constant 68 : i32
// CHECK: func.call @_ta_rt_fail(%[[C68]]
// CHECK: %[[R:.*]] = tensor.cast %{{.*}} : tensor<*xf32> to tensor<?xf32>
// CHECK: tensor.dim %[[R]], %c0
// CHECK: func.call @_ta_rt_fail
// CHECK: %[[V:.*]] = tensor.cast %[[R]] : tensor<?xf32> to tensor<3xf32>
// CHECK: return %[[V]]
func.func @assign_unranked(%w: tensor<!tf_type.resource<tensor<3xf32>>>, %x: tensor<*xf32>) {
  "tf.AssignVariableOp"(%w, %x) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<*xf32>) -> ()
  return
}
