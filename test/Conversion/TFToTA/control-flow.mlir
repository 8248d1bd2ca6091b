// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf %s | FileCheck %s
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf %s | ta-opt --allow-unregistered-dialect --verify-roundtrip > /dev/null

// TensorArray handles and flows carried through TensorFlow's control flow,
// in the forms its exporter prints (tf.function, default pipeline): a
// tf.While whose body writes through its handle argument, a tf.If whose
// branches read it, a call with handle and flow arguments, the region forms,
// and a tf_executor graph.

!R = tensor<2x!tf_type.resource<tensor<2xf32>>>
!U = tensor<2x!tf_type.resource>

// CHECK-LABEL: func.func @while_loop(
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create %{{.*}} : !ta.handle<3, tensor<2xf32>>
// CHECK: %[[L:.*]]:3 = scf.while (%[[I:.*]] = %{{.*}}, %[[LF:.*]] = %[[F]], %[[LH:.*]] = %[[H]]) : (tensor<i32>, !ta.flow, !ta.handle<3, tensor<2xf32>>) -> (tensor<i32>, !ta.flow, !ta.handle<3, tensor<2xf32>>)
// CHECK: "tf.Less"
// CHECK: %[[C:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: scf.condition(%[[C]])
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %[[BF:.*]]: !ta.flow, %[[BH:.*]]: !ta.handle<3, tensor<2xf32>>):
// CHECK: %[[W:.*]] = ta.write %[[BH]][%{{.*}}], %{{.*}}, %[[BF]]
// CHECK: scf.yield %{{.*}}, %[[W]], %[[BH]] : tensor<i32>, !ta.flow, !ta.handle<3, tensor<2xf32>>
// CHECK: ta.gather %[[H]][%{{.*}}], %[[L]]#1
// The body and cond functions are inlined and gone.
// CHECK-NOT: func.func private @while_
func.func @while_loop(%x: tensor<2xf32>) -> tensor<3x2xf32> {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%n) <{clear_after_read = true, dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<2>, identical_element_shapes = true, tensor_array_name = ""}> : (tensor<i32>) -> (!R, tensor<f32>)
  %r:3 = "tf.While"(%zero, %f, %h) <{body = @while_body, cond = @while_cond, is_stateless = false, parallel_iterations = 10 : i64, shape_invariant}> : (tensor<i32>, tensor<f32>, !R) -> (tensor<i32>, tensor<f32>, !R)
  %all = "tf.Const"() <{value = dense<[0, 1, 2]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %g = "tf.TensorArrayGatherV3"(%h, %all, %r#1) <{element_shape = #tf_type.shape<2>}> : (!R, tensor<3xi32>, tensor<f32>) -> tensor<3x2xf32>
  return %g : tensor<3x2xf32>
}
func.func private @while_body(%i: tensor<i32>, %f: tensor<f32>, %h: !R) -> (tensor<i32>, tensor<f32>, !R) {
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %v = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %w = "tf.TensorArrayWriteV3"(%h, %i, %v, %f) : (!R, tensor<i32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %wi = "tf.Identity"(%w) : (tensor<f32>) -> tensor<f32>
  return %next, %wi, %h : tensor<i32>, tensor<f32>, !R
}
func.func private @while_cond(%i: tensor<i32>, %f: tensor<f32>, %h: !R) -> tensor<i1> {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %c : tensor<i1>
}

// CHECK-LABEL: func.func @branch_and_call(
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create %{{.*}} : !ta.handle<2, tensor<2xf32>>
// CHECK: %[[W:.*]] = ta.write %[[H]]
// CHECK: scf.if %{{.*}} -> (tensor<2xf32>) {
// CHECK: ta.read %[[H]][%{{.*}}], %[[W]]
// CHECK: } else {
// CHECK: %[[R:.*]] = func.call @reader(%[[H]], %[[W]]) : (!ta.handle<2, tensor<2xf32>>, !ta.flow) -> tensor<2xf32>
// CHECK: func.func private @reader(%[[AH:.*]]: !ta.handle<2, tensor<2xf32>>, %[[AF:.*]]: !ta.flow) -> tensor<2xf32>
// CHECK: ta.read %[[AH]][%{{.*}}], %[[AF]]
func.func @branch_and_call(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %n = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%n) <{clear_after_read = false, dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<2>, identical_element_shapes = true, tensor_array_name = ""}> : (tensor<i32>) -> (!R, tensor<f32>)
  %w = "tf.TensorArrayWriteV3"(%h, %zero, %x, %f) : (!R, tensor<i32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %r = "tf.If"(%p, %h, %w) <{else_branch = @else_branch, then_branch = @then_branch, is_stateless = false}> : (tensor<i1>, !R, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @then_branch(%h: !U, %f: tensor<f32>) -> tensor<2xf32> {
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %r = "tf.TensorArrayReadV3"(%h, %zero, %f) {dtype = f32} : (!U, tensor<i32>, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @else_branch(%h: !U, %f: tensor<f32>) -> tensor<2xf32> {
  %r = "tf.StatefulPartitionedCall"(%h, %f) <{config = "", config_proto = "", executor_type = "", f = @reader}> : (!U, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @reader(%h: !U, %f: tensor<f32>) -> tensor<2xf32> {
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %r = "tf.TensorArrayReadV3"(%h, %zero, %f) {dtype = f32} : (!U, tensor<i32>, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// The region forms, and an element shape known only from the writes.
// CHECK-LABEL: func.func @regions(
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create %{{.*}} {dynamic_size = true} : !ta.handle<?, tensor<2xf32>>
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[F]]) : (tensor<i32>, !ta.flow) -> (tensor<i32>, !ta.flow)
// CHECK: ta.write %[[H]]
// CHECK: scf.if
// CHECK: ta.size %[[H]]
func.func @regions(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<i32> {
  %n = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%n) <{clear_after_read = true, dtype = f32, dynamic_size = true, element_shape = #tf_type.shape<*>, identical_element_shapes = false, tensor_array_name = ""}> : (tensor<i32>) -> (!U, tensor<f32>)
  %r:2 = "tf.WhileRegion"(%n, %f) <{is_stateless = false, parallel_iterations = 10 : i64}> ({
  ^bb0(%i: tensor<i32>, %lf: tensor<f32>):
    %four = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
    %c = "tf.Less"(%i, %four) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %lf: tensor<f32>):
    %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %w = "tf.TensorArrayWriteV3"(%h, %i, %x, %lf) : (!U, tensor<i32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%next, %w) : (tensor<i32>, tensor<f32>) -> ()
  }) : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  %s = "tf.IfRegion"(%p) <{is_stateless = false}> ({
    %size = "tf.TensorArraySizeV3"(%h, %r#1) : (!U, tensor<f32>) -> tensor<i32>
    "tf.Yield"(%size) : (tensor<i32>) -> ()
  }, {
    "tf.Yield"(%n) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %s : tensor<i32>
}

// A tf_executor graph (pass_pipeline='tf-shape-inference'): the islands
// become straight-line code in token order.
// CHECK-LABEL: func.func @graph(
// CHECK-NOT: tf_executor
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create
// CHECK: %[[W:.*]] = ta.scatter %[[H]]
// CHECK: %[[G:.*]] = ta.gather %[[H]][%{{.*}}], %[[W]]
// CHECK: return
func.func @graph(%x: tensor<3x2xf32>) -> tensor<*xf32> {
  %0 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.Const"() <{value = dense<[2, 0]> : tensor<2xi32>}> {device = ""} : () -> tensor<2xi32>
    %outputs_0, %control_1 = tf_executor.island wraps "tf.Const"() <{value = dense<3> : tensor<i32>}> {device = ""} : () -> tensor<i32>
    %outputs_2:2, %control_3 = tf_executor.island wraps "tf.TensorArrayV3"(%outputs_0) <{clear_after_read = true, dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<*>, identical_element_shapes = false, tensor_array_name = ""}> {device = ""} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
    %outputs_10, %control_11 = tf_executor.island wraps "tf.Const"() <{value = dense<[0, 1, 2]> : tensor<3xi32>}> {device = ""} : () -> tensor<3xi32>
    %outputs_12, %control_13 = tf_executor.island wraps "tf.TensorArrayScatterV3"(%outputs_2#0, %outputs_10, %x, %outputs_2#1) {device = ""} : (tensor<2x!tf_type.resource>, tensor<3xi32>, tensor<3x2xf32>, tensor<f32>) -> tensor<f32>
    %outputs_14, %control_15 = tf_executor.island(%control_13) wraps "tf.TensorArrayGatherV3"(%outputs_2#0, %outputs, %outputs_12) <{element_shape = #tf_type.shape<*>}> {device = ""} : (tensor<2x!tf_type.resource>, tensor<2xi32>, tensor<f32>) -> tensor<*xf32>
    %control_16 = tf_executor.island(%control_3, %control_13, %control_15) wraps "tf.NoOp"() {device = ""} : () -> ()
    %outputs_17, %control_18 = tf_executor.island(%control_16) wraps "tf.Identity"(%outputs_14) {device = ""} : (tensor<*xf32>) -> tensor<*xf32>
    tf_executor.fetch %outputs_17, %control_3, %control_13, %control_15 : tensor<*xf32>, !tf_executor.control, !tf_executor.control, !tf_executor.control
  }
  return %0 : tensor<*xf32>
}

// A loop value that grows (`shape_invariant`): carried with the least
// refined of its types, the operand cast in.
// CHECK-LABEL: func.func @growing_loop(
// CHECK: %[[C:.*]] = tensor.cast %{{.*}} : tensor<1xf32> to tensor<?xf32>
// CHECK: scf.while (%{{.*}} = %[[C]], %{{.*}} = %{{.*}}) : (tensor<?xf32>, tensor<i32>) -> (tensor<?xf32>, tensor<i32>)
// CHECK: "tf.ConcatV2"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<?xf32>, tensor<?xf32>, tensor<i32>) -> tensor<?xf32>
func.func @growing_loop(%x: tensor<1xf32>, %n: tensor<i32>) -> tensor<?xf32> {
  %r:2 = "tf.While"(%x, %n) <{body = @grow_body, cond = @grow_cond, is_stateless = true, parallel_iterations = 10 : i64, shape_invariant}> : (tensor<1xf32>, tensor<i32>) -> (tensor<?xf32>, tensor<i32>)
  return %r#0 : tensor<?xf32>
}
func.func private @grow_cond(%a: tensor<?xf32>, %n: tensor<i32>) -> tensor<i1> {
  %c = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %b = "tf.Greater"(%n, %c) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %b : tensor<i1>
}
func.func private @grow_body(%a: tensor<?xf32>, %n: tensor<i32>) -> (tensor<?xf32>, tensor<i32>) {
  %ax = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %c = "tf.ConcatV2"(%a, %a, %ax) : (tensor<?xf32>, tensor<?xf32>, tensor<i32>) -> tensor<?xf32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %m = "tf.Sub"(%n, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %c, %m : tensor<?xf32>, tensor<i32>
}

// A branch function whose signature is less refined than the operand: the
// argument is cast to the function's type, so the call inside it is typed.
// CHECK-LABEL: func.func @branch_signature(
// CHECK: scf.if %{{.*}} -> (tensor<?xf32>) {
// CHECK: %[[A:.*]] = tensor.cast %{{.*}} : tensor<2xf32> to tensor<?xf32>
// CHECK: func.call @sig_callee(%[[A]]) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK: } else {
// CHECK: %[[B:.*]] = tensor.cast %{{.*}} : tensor<2xf32> to tensor<?xf32>
// CHECK: scf.yield %[[B]] : tensor<?xf32>
func.func @branch_signature(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<?xf32> {
  %r = "tf.If"(%p, %x) <{then_branch = @sig_then, else_branch = @sig_else, is_stateless = true}> : (tensor<i1>, tensor<2xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func private @sig_callee(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
func.func private @sig_then(%a: tensor<?xf32>) -> tensor<?xf32> {
  %r = "tf.PartitionedCall"(%a) <{f = @sig_callee, config = "", config_proto = "", executor_type = ""}> : (tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func private @sig_else(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

// tf.Case (tf.switch_case): an scf.index_switch on the branch index, every
// branch but the last a case and the last the default (TensorFlow runs it
// for an index out of range); a handle and its flow passed to the branches.
// CHECK-LABEL: func.func @switch_case(
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create %{{.*}} : !ta.handle<2, tensor<2xf32>>
// CHECK: %[[W:.*]] = ta.write %[[H]]
// CHECK: %[[K:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[I:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK: scf.index_switch %[[I]] -> tensor<2xf32>
// CHECK: case 0 {
// CHECK: ta.read %[[H]][%{{.*}}], %[[W]]
// CHECK: case 1 {
// CHECK: "tf.Neg"
// CHECK: default {
// CHECK: "tf.Square"
// CHECK-NOT: tf.Case
func.func @switch_case(%k: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %n = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%n) <{clear_after_read = false, dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<2>, identical_element_shapes = true, tensor_array_name = ""}> : (tensor<i32>) -> (!R, tensor<f32>)
  %w = "tf.TensorArrayWriteV3"(%h, %zero, %x, %f) : (!R, tensor<i32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %r = "tf.Case"(%k, %h, %w, %x) <{branches = [@case_read, @case_neg, @case_square], is_stateless = false}> : (tensor<i32>, !R, tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @case_read(%h: !U, %f: tensor<f32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %r = "tf.TensorArrayReadV3"(%h, %zero, %f) {dtype = f32} : (!U, tensor<i32>, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @case_neg(%h: !U, %f: tensor<f32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tf.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @case_square(%h: !U, %f: tensor<f32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "tf.Square"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
