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

// -----

// A flow is what TensorArray ops read as one, whatever computed it:
// tf.gradients' backward loop starts a flow from 0.0, sums into it the flows
// of the writes it makes, and passes the sum to the next op. The constant
// and the sum are flow sources: the loop and the TensorArray ops read
// ta.flow_join of the flows they read instead (of none for the constant),
// and the arithmetic nothing else reads is gone.
// CHECK-LABEL: func.func @flow_arithmetic(
// CHECK-NOT: tf.Const"() <{value = dense<0.0
// CHECK-NOT: tf.AddV2
// CHECK: %[[FRESH:.*]] = ta.flow_join(){{$}}
// CHECK: %[[TA:.*]]:2 = "tf.TensorArrayV3"
// CHECK: %[[LOOP:.*]]:2 = "tf.WhileRegion"(%{{.*}}, %[[FRESH]])
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %[[ACC:.*]]: !ta.flow):
// CHECK: %[[W:.*]] = "tf.TensorArrayWriteV3"(%[[TA]]#0, %{{.*}}, %{{.*}}, %[[TA]]#1) : {{.*}} -> !ta.flow
// CHECK: %[[SUM:.*]] = ta.flow_join(%[[ACC]], %[[W]]){{$}}
// CHECK: "tf.Yield"(%{{.*}}, %[[SUM]]) : (tensor<i32>, !ta.flow) -> ()
// CHECK: "tf.TensorArrayGatherV3"(%[[TA]]#0, %{{.*}}, %[[LOOP]]#1) {{.*}} -> tensor<3x2xf32>
func.func @flow_arithmetic(%x: tensor<2xf32>) -> tensor<3x2xf32> {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %i0 = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %idx = "tf.Const"() <{value = dense<[0, 1, 2]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<f32>)
  %r:2 = "tf.WhileRegion"(%i0, %zero) ({
  ^bb0(%i: tensor<i32>, %acc: tensor<f32>):
    %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %acc: tensor<f32>):
    %w = "tf.TensorArrayWriteV3"(%h, %i, %x, %f) : (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<i32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %sum = "tf.AddV2"(%acc, %w) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%next, %sum) : (tensor<i32>, tensor<f32>) -> ()
  }) {is_stateless = false} : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  %g = "tf.TensorArrayGatherV3"(%h, %idx, %r#1) {element_shape = #tf_type.shape<2>} : (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<3xi32>, tensor<f32>) -> tensor<3x2xf32>
  return %g : tensor<3x2xf32>
}

// -----

// A flow source others read too keeps its value for them: only the
// TensorArray op reads the join (a float scalar constant is copied for each
// use first). A public function's argument read as a flow is a source as
// well (a fresh flow).
// CHECK-LABEL: func.func @flow_source_shared(
// CHECK-SAME: %[[X:.*]]: tensor<2xf32>, %[[ARG:.*]]: tensor<f32>)
// CHECK: %[[FRESH:.*]] = ta.flow_join(){{$}}
// CHECK: %[[RET:.*]] = "tf.Const"() <{value = dense<1.000000e+00> : tensor<f32>}>
// CHECK: %[[ONE:.*]] = "tf.Const"() <{value = dense<1.000000e+00> : tensor<f32>}>
// CHECK: %[[JOIN:.*]] = ta.flow_join(){{$}}
// CHECK: %[[TA:.*]]:2 = "tf.TensorArrayV3"
// CHECK: %[[W:.*]] = "tf.TensorArrayWriteV3"(%[[TA]]#0, %{{.*}}, %[[X]], %[[JOIN]])
// CHECK: "tf.TensorArrayReadV3"(%[[TA]]#0, %{{.*}}, %[[FRESH]])
// CHECK: "tf.Mul"(%[[ONE]], %[[ARG]])
// CHECK: return %{{.*}}, %[[RET]], %{{.*}} :
func.func @flow_source_shared(%x: tensor<2xf32>, %flow: tensor<f32>) -> (tensor<2xf32>, tensor<f32>, tensor<f32>) {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>
  %i = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<f32>)
  %w = "tf.TensorArrayWriteV3"(%h, %i, %x, %one) : (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<i32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %y = "tf.TensorArrayReadV3"(%h, %i, %flow) {dtype = f32} : (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<i32>, tensor<f32>) -> tensor<2xf32>
  %m = "tf.Mul"(%one, %flow) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %y, %one, %m : tensor<2xf32>, tensor<f32>, tensor<f32>
}

// -----

func.func @handle_as_flow(%n: tensor<i32>, %i: tensor<i32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'tf.TensorArrayReadV3' op reads a TensorArray handle as its flow}}
  %r = "tf.TensorArrayReadV3"(%h, %i, %h) {dtype = f32} : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<2x!tf_type.resource>) -> tensor<*xf32>
  return
}

// -----

// TensorFlow's exporter merges equal constants: one 0.0 starts both a flow
// and a sum of data. Each use gets its own constant, so the data slot keeps
// its values; a chain of sums joins every flow it sums.
// CHECK-LABEL: func.func @shared_constant(
// CHECK: %[[DATA0:.*]] = "tf.Const"() <{value = dense<0.000000e+00> : tensor<f32>}>
// CHECK: %[[FRESH:.*]] = ta.flow_join(){{$}}
// CHECK: "tf.WhileRegion"(%{{.*}}, %[[FRESH]], %[[DATA0]])
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %[[ACC:.*]]: !ta.flow, %[[DATA:.*]]: tensor<f32>):
// CHECK: %[[W1:.*]] = "tf.TensorArrayWriteV3"
// CHECK: %[[S1:.*]] = ta.flow_join(%[[ACC]], %[[W1]]){{$}}
// CHECK: %[[W2:.*]] = "tf.TensorArrayWriteV3"
// CHECK: %[[S2:.*]] = ta.flow_join(%[[S1]], %[[W2]]){{$}}
// CHECK: %[[SUM:.*]] = "tf.AddV2"(%[[DATA]], %{{.*}}) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK: "tf.Yield"(%{{.*}}, %[[S2]], %[[SUM]]) : (tensor<i32>, !ta.flow, tensor<f32>) -> ()
func.func @shared_constant(%x: tensor<2xf32>, %v: tensor<f32>) -> (tensor<3x2xf32>, tensor<f32>) {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %i0 = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %idx = "tf.Const"() <{value = dense<[0, 1, 2]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>, dynamic_size = true} : (tensor<i32>) -> (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<f32>)
  %r:3 = "tf.WhileRegion"(%i0, %zero, %zero) ({
  ^bb0(%i: tensor<i32>, %acc: tensor<f32>, %data: tensor<f32>):
    %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %acc: tensor<f32>, %data: tensor<f32>):
    %w1 = "tf.TensorArrayWriteV3"(%h, %i, %x, %f) : (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<i32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %s1 = "tf.AddV2"(%acc, %w1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %j = "tf.AddV2"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %w2 = "tf.TensorArrayWriteV3"(%h, %j, %x, %s1) : (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<i32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %s2 = "tf.AddV2"(%s1, %w2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %sum = "tf.AddV2"(%data, %v) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %next = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%next, %s2, %sum) : (tensor<i32>, tensor<f32>, tensor<f32>) -> ()
  }) {is_stateless = false} : (tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<i32>, tensor<f32>, tensor<f32>)
  %g = "tf.TensorArrayGatherV3"(%h, %idx, %r#1) {element_shape = #tf_type.shape<2>} : (tensor<2x!tf_type.resource<tensor<2xf32>>>, tensor<3xi32>, tensor<f32>) -> tensor<3x2xf32>
  return %g, %r#2 : tensor<3x2xf32>, tensor<f32>
}

// -----

// A flow source a public function returns keeps its value there; an
// argument of a block no carrier enters is a source too.
// CHECK-LABEL: func.func @source_returned(
// CHECK: %[[ONE:.*]] = "tf.Const"() <{value = dense<1.000000e+00> : tensor<f32>}>
// CHECK: return %{{.*}}, %[[ONE]] : tensor<2xf32>, tensor<f32>
func.func @source_returned(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<f32>) {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>
  %i = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %w = "tf.TensorArrayWriteV3"(%h, %i, %x, %one) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %y = "tf.TensorArrayReadV3"(%h, %i, %w) {dtype = f32} : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<2xf32>
  return %y, %one : tensor<2xf32>, tensor<f32>
}
// CHECK-LABEL: func.func private @block_argument(
// CHECK: ^bb1(%[[ARG:.*]]: tensor<f32>):
// CHECK-NEXT: %[[FRESH:.*]] = ta.flow_join(){{$}}
// CHECK-NEXT: "tf.TensorArrayReadV3"(%{{.*}}, %{{.*}}, %[[FRESH]])
func.func private @block_argument(%n: tensor<i32>, %i: tensor<i32>, %f: tensor<f32>) -> tensor<2xf32> {
  %h, %f0 = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  cf.br ^bb1(%f : tensor<f32>)
^bb1(%g: tensor<f32>):
  %y = "tf.TensorArrayReadV3"(%h, %i, %g) {dtype = f32} : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// A flow operand that is no float32 scalar is no TensorFlow program (the
// same value as the index here, a loop counter below).
func.func @flow_is_index(%n: tensor<i32>, %i: tensor<i32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'tf.TensorArrayReadV3' op reads a flow of type 'tensor<i32>' (TensorFlow's flows are float32 scalars)}}
  %r = "tf.TensorArrayReadV3"(%h, %i, %i) {dtype = f32} : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

func.func @flow_joins_data(%n: tensor<i32>, %x: tensor<2xf32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{a TensorArray flow flows into a value of type 'tensor<2xf32>' (TensorFlow's flows are float32 scalars)}}
  %id = "tf.Identity"(%f) : (tensor<f32>) -> tensor<2xf32>
  return
}
