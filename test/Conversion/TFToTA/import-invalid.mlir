// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf %s -split-input-file -verify-diagnostics

// Every form ta-import-tf does not import gets a diagnostic naming the op.

// A handle that comes in as an argument of a public function has no
// TensorArray op behind it.
func.func @handle_argument(%h: tensor<2x!tf_type.resource>, %f: tensor<f32>, %i: tensor<i32>) -> tensor<*xf32> {
  // expected-error @+1 {{'tf.TensorArrayReadV3' op reads a handle that no TensorArray op makes (or one ta-import-tf cannot follow)}}
  %r = "tf.TensorArrayReadV3"(%h, %i, %f) {dtype = f32} : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

// expected-error @+1 {{'func.func' op is public and returns a TensorArray handle as result 0}}
func.func @handle_escapes(%n: tensor<i32>) -> tensor<2x!tf_type.resource> {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  return %h : tensor<2x!tf_type.resource>
}

// -----

func.func @handle_to_other_op(%n: tensor<i32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'tf.Shape' op uses a TensorArray handle; ta-import-tf imports handles used by TensorArray ops, control flow, calls and tf.Identity}}
  %i = "tf.Shape"(%h) : (tensor<2x!tf_type.resource>) -> tensor<1xi32>
  return
}

// -----

func.func @no_dtype(%n: tensor<i32>) {
  // expected-error @+1 {{'tf.TensorArrayV3' op needs a `dtype` attribute of an integer or float type}}
  %h, %f = "tf.TensorArrayV3"(%n) {element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  return
}

// -----

func.func @string_dtype(%n: tensor<i32>) {
  // expected-error @+1 {{'tf.TensorArrayV3' op needs a `dtype` attribute of an integer or float type}}
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = !tf_type.string, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  return
}

// -----

func.func @bad_shape(%n: tensor<i32>) {
  // expected-error @+1 {{'tf.TensorArrayV3' op has an `element_shape` that is not a #tf_type.shape}}
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2xbanana>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  return
}

// -----

func.func @shape_not_tf(%n: tensor<i32>) {
  // expected-error @+1 {{'tf.TensorArrayV3' op has an `element_shape` that is not a #tf_type.shape}}
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = [2]} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  return
}

// -----

func.func @not_a_resource(%n: tensor<i32>) {
  // expected-error @+1 {{'tf.TensorArrayV3' op result 0 is not a !tf_type.resource tensor}}
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2xi32>, tensor<f32>)
  return
}

// -----

func.func @create_arity(%n: tensor<i32>) {
  // expected-error @+1 {{'tf.TensorArrayV3' op expects 1 operand (size) and 2 results}}
  %h = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> tensor<2x!tf_type.resource>
  return
}

// -----

func.func @write_arity(%n: tensor<i32>, %i: tensor<i32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'tf.TensorArrayWriteV3' op expects 4 operands and 1 results}}
  %f1 = "tf.TensorArrayWriteV3"(%h, %i, %f) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @unbatch_arity(%a: tensor<?x2xf32>, %b: tensor<?x3xi64>) {
  // expected-error @+1 {{'tf.UnbatchGrad' op expects 4 operands and 1 tensor result}}
  %u = "tf.UnbatchGrad"(%a, %b, %a) {container = "", shared_name = ""} : (tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>) -> tensor<?x2xf32>
  return
}

// -----

func.func @opaque_const() {
  // expected-error @+1 {{'tf.Const' op ta-import-tf imports only builtin elements attributes as `value`}}
  %c = "tf.Const"() {value = #tf_type<tensor_proto : "0x0A">} : () -> tensor<!tf_type.string>
  return
}

// -----

// The imported ops are verified as ta ops: a write of a value whose shape
// contradicts the element shape is ta's verifier error.
func.func @wrong_value(%n: tensor<i32>, %i: tensor<i32>, %v: tensor<3xf32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'ta.write' op}}
  %f1 = "tf.TensorArrayWriteV3"(%h, %i, %v, %f) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<3xf32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @grad_results(%n: tensor<i32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'tf.TensorArrayGradV3' op expects 2 operands and 2 results}}
  %g = "tf.TensorArrayGradV3"(%h, %f) {source = "g"} : (tensor<2x!tf_type.resource>, tensor<f32>) -> tensor<2x!tf_type.resource>
  return
}

// -----

func.func @vector_size(%n: tensor<1xi32>) {
  // expected-error @+1 {{'tf.TensorArrayV3' op expects its size as a scalar integer tensor, got 'tensor<1xi32>'}}
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<1xi32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  return
}

// -----

func.func @float_index(%n: tensor<i32>, %i: tensor<f32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'tf.TensorArrayReadV3' op expects its index as a scalar integer tensor, got 'tensor<f32>'}}
  %r = "tf.TensorArrayReadV3"(%h, %i, %f) {dtype = f32} : (tensor<2x!tf_type.resource>, tensor<f32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @size_result(%n: tensor<i32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'tf.TensorArraySizeV3' op expects its result as a scalar integer tensor, got 'i32'}}
  %s = "tf.TensorArraySizeV3"(%h, %f) : (tensor<2x!tf_type.resource>, tensor<f32>) -> i32
  return
}

// -----

func.func @scalar_id(%a: tensor<?x2xf32>, %b: tensor<?x3xi64>, %id: i64) {
  // expected-error @+1 {{'tf.UnbatchGrad' op expects its id as a scalar integer tensor, got 'i64'}}
  %u = "tf.UnbatchGrad"(%a, %b, %a, %id) {container = "", shared_name = ""} : (tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>, i64) -> tensor<?x2xf32>
  return
}

// -----

// One private function given arrays of two types.
func.func @two_types(%n: tensor<i32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  // expected-error @+1 {{'tf.TensorArrayV3' op makes a TensorArray of type '!ta.handle<?, tensor<3xf32>>' where another of type '!ta.handle<?, tensor<2xf32>>' flows into the same values}}
  %h2, %f2 = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  "tf.StatefulPartitionedCall"(%h, %f) <{f = @close}> : (tensor<2x!tf_type.resource>, tensor<f32>) -> ()
  "tf.StatefulPartitionedCall"(%h2, %f2) <{f = @close}> : (tensor<2x!tf_type.resource>, tensor<f32>) -> ()
  return
}
func.func private @close(%h: tensor<2x!tf_type.resource>, %f: tensor<f32>) {
  "tf.TensorArrayCloseV3"(%h) : (tensor<2x!tf_type.resource>) -> ()
  return
}

// -----

func.func @public_callee(%n: tensor<i32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  "tf.StatefulPartitionedCall"(%h, %f) <{f = @close_public}> : (tensor<2x!tf_type.resource>, tensor<f32>) -> ()
  return
}
// expected-error @+2 {{'func.func' op is public and takes a TensorArray handle as argument 0; ta-import-tf keeps TensorArrays inside the module (make the function private)}}
// expected-error @+1 {{'func.func' op is public and takes a TensorArray flow as argument 1; ta-import-tf keeps TensorArrays inside the module (make the function private)}}
func.func @close_public(%h: tensor<2x!tf_type.resource>, %f: tensor<f32>) {
  "tf.TensorArrayCloseV3"(%h) : (tensor<2x!tf_type.resource>) -> ()
  return
}

// -----

func.func @missing_body(%i: tensor<i32>) {
  // expected-error @+1 {{'tf.While' op needs `body` to name a function of the module}}
  %r = "tf.While"(%i) <{body = @nowhere, cond = @cond, is_stateless = true}> : (tensor<i32>) -> tensor<i32>
  return
}
func.func private @cond(%i: tensor<i32>) -> tensor<i1> {
  %c = "tf.Less"(%i, %i) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %c : tensor<i1>
}

// -----

func.func @int_predicate(%p: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'tf.IfRegion' op has a predicate of type 'tensor<i32>'; ta-import-tf takes scalar bool tensors}}
  %r = "tf.IfRegion"(%p) <{is_stateless = true}> ({
    "tf.Yield"(%p) : (tensor<i32>) -> ()
  }, {
    "tf.Yield"(%p) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}

// -----

func.func @not_an_island(%x: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    // expected-error @+1 {{'tf.Enter' op is not an island: ta-import-tf takes graphs of islands with functional control flow (TensorFlow 1 dataflow loops are not imported: export a tf.function, or functionalize the graph so that loops are tf.While)}}
    %e = "tf.Enter"(%x) : (tensor<f32>) -> tensor<f32>
    tf_executor.fetch %e : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @dataflow_loop(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'tf_executor.graph' op has a cycle (TensorFlow 1 dataflow loop): ta-import-tf takes functional control flow (tf.While, tf.If)}}
  %0 = tf_executor.graph {
    %a, %ca = tf_executor.island wraps "tf.AddV2"(%x, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %b, %cb = tf_executor.island wraps "tf.AddV2"(%a, %x) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    tf_executor.fetch %b : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// A list's capacity (max_num_elements) is a constant (or passed unchanged
// from one)...
func.func @dynamic_capacity(%x: tensor<2xf32>, %n: tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>> {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.EmptyTensorList' op needs a constant max_num_elements (made where it is, or passed to it unchanged)}}
  %l = "tf.EmptyTensorList"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  %l2 = "tf.TensorListPushBack"(%l, %x) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<2xf32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  return %l2 : tensor<!tf_type.variant<tensor<2xf32>>>
}

// -----

// A function making the list called with two capacities: no constant.
!L2 = tensor<!tf_type.variant<tensor<2xf32>>>
func.func private @empty_of(%n: tensor<i32>) -> !L2 {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.EmptyTensorList' op needs a constant max_num_elements (made where it is, or passed to it unchanged)}}
  %l = "tf.EmptyTensorList"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> !L2
  return %l : !L2
}
func.func @two_callers() -> (!L2, !L2) {
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %three = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.StatefulPartitionedCall"(%two) <{f = @empty_of}> : (tensor<i32>) -> !L2
  %b = "tf.StatefulPartitionedCall"(%three) <{f = @empty_of}> : (tensor<i32>) -> !L2
  return %a, %b : !L2, !L2
}

// -----

// ... and one per value: a push checks the capacity of the list it gets.
func.func @two_capacities(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<!tf_type.variant<tensor<2xf32>>> {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %three = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.IfRegion"(%p) <{is_stateless = false}> ({
    %a = "tf.EmptyTensorList"(%shape, %two) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
    "tf.Yield"(%a) : (tensor<!tf_type.variant<tensor<2xf32>>>) -> ()
  }, {
    // expected-error @+1 {{'tf.EmptyTensorList' op makes a list of max_num_elements 3 where a list of max_num_elements 2 flows into the same values}}
    %b = "tf.EmptyTensorList"(%shape, %three) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
    "tf.Yield"(%b) : (tensor<!tf_type.variant<tensor<2xf32>>>) -> ()
  }) : (tensor<i1>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  %l2 = "tf.TensorListPushBack"(%l, %x) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<2xf32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  return %l2 : tensor<!tf_type.variant<tensor<2xf32>>>
}

// -----

func.func @unknown_list_op(%x: tensor<2xf32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListConcatLists' op is not imported: ta-import-tf imports TensorListReserve, TensorListFromTensor, EmptyTensorList, TensorListScatterV2, TensorListSplit, SetItem, GetItem, Stack, Gather, ConcatV2, ScatterIntoExistingList, Length, ElementShape, PushBack, PopBack and Resize}}
  %c = "tf.TensorListConcatLists"(%l, %l) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<!tf_type.variant<tensor<2xf32>>>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  return
}

// -----

func.func @push_wrong_item(%x: tensor<3xf32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.EmptyTensorList"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListPushBack' op pushes an item of type 'tensor<3xf32>' where the list's elements are 'tensor<2xf32>'}}
  %l2 = "tf.TensorListPushBack"(%l, %x) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<3xf32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  return
}

// -----

func.func @pop_arity(%x: tensor<2xf32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.EmptyTensorList"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListPopBack' op needs 2 operands and 2 results, as TensorFlow defines it}}
  %l2 = "tf.TensorListPopBack"(%l, %shape) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<1xi32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  return
}

// -----

func.func @unknown_elements(%n: tensor<i32>) {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.TensorListReserve' op makes a list whose element shape is 'tensor<?xf32>' after every op on its items: ta-import-tf imports lists whose items fix one static element shape}}
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<?xf32>>>
  return
}

// -----

func.func @wrong_item(%x: tensor<3xf32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %i = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListSetItem' op sets an item of type 'tensor<3xf32>' where the list's elements are 'tensor<2xf32>'}}
  %l2 = "tf.TensorListSetItem"(%l, %i, %x) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<i32>, tensor<3xf32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  return
}

// -----

func.func @while_region_arguments(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'tf.WhileRegion' op needs as many results, cond and body arguments and body results as operands (1)}}
  %r = "tf.WhileRegion"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = "tf.Less"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "tf.AddV2"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%s) : (tensor<i32>) -> ()
  }) {is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}

// -----

func.func @if_region_arguments(%p: tensor<i1>, %x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'tf.IfRegion' op has a region or function of 1 arguments for 0 values}}
  %r = "tf.IfRegion"(%p) ({
  ^bb0(%a: tensor<i32>):
    "tf.Yield"(%a) : (tensor<i32>) -> ()
  }, {
    "tf.Yield"(%x) : (tensor<i32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> tensor<i32>
  return %r : tensor<i32>
}

// -----

func.func @while_types(%x: tensor<2xf32>) -> tensor<2xi32> {
  // expected-error @+1 {{'tf.While' op carries loop value #0 with types no tensor.cast joins}}
  %r = "tf.While"(%x) <{body = @types_body, cond = @types_cond, is_stateless = true, parallel_iterations = 10 : i64}> : (tensor<2xf32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}
func.func private @types_cond(%a: tensor<2xf32>) -> tensor<i1> {
  %c = "tf.Const"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
  return %c : tensor<i1>
}
func.func private @types_body(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}

// -----

func.func @list_arity() -> tensor<i32> {
  // expected-error @+1 {{'tf.TensorListLength' op needs 1 operand and 1 result, as TensorFlow defines it}}
  %l = "tf.TensorListLength"() : () -> tensor<i32>
  return %l : tensor<i32>
}

// -----

func.func @list_index(%x: tensor<2xf32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<2> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.TensorListReserve' op needs a scalar integer tensor as operand #1, not 'tensor<2xi32>'}}
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<2xi32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  return
}

// -----

func.func @list_strings() {
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %s = "tf.Const"() <{value = dense<[]> : tensor<0xi32>}> : () -> tensor<0xi32>
  // expected-error @+1 {{'tf.TensorListReserve' op makes a list of '!tf_type.string' elements; ta-import-tf imports lists of integer and floating-point elements}}
  %l = "tf.TensorListReserve"(%s, %n) : (tensor<0xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<!tf_type.string>>>
  return
}

// -----

func.func @const_type() -> tensor<1xi32> {
  // expected-error @+1 {{'tf.Const' op needs one result of its `value`'s type 'tensor<8xi32>' and no operands}}
  %p = "tf.Const"() {value = dense<[5, 6, 7, 8, 9, 10, 11, 12]> : tensor<8xi32>} : () -> tensor<1xi32>
  return %p : tensor<1xi32>
}

// -----

func.func @list_not_a_list(%x: tensor<*xf32>, %i: tensor<i32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.TensorListGetItem' op needs a TensorList as operand #0, not 'tensor<*xf32>'}}
  %v = "tf.TensorListGetItem"(%x, %i, %shape) : (tensor<*xf32>, tensor<i32>, tensor<1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @list_result_type() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListStack' op has result #0 of type 'tensor<4x2xf32>' where the list gives 'tensor<3x2xf32>'}}
  %s = "tf.TensorListStack"(%l, %shape) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<1xi32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @list_from_scalar(%x: tensor<f32>) {
  %shape = "tf.Const"() <{value = dense<[]> : tensor<0xi32>}> : () -> tensor<0xi32>
  // expected-error @+1 {{'tf.TensorListFromTensor' op needs a tensor of rank >= 1 as operand #0 to take items of its rows, not 'tensor<f32>'}}
  %l = "tf.TensorListFromTensor"(%x, %shape) : (tensor<f32>, tensor<0xi32>) -> tensor<!tf_type.variant<tensor<f32>>>
  return
}

// -----

// expected-error @+1 {{'tf_saved_model.session_initializer' op needs no operands, results or regions, as TensorFlow defines it}}
%x = "tf_saved_model.session_initializer"() <{initializers = []}> : () -> i32
"foo.use"(%x) : (i32) -> ()

// -----

func.func @empty_initializer() {
  return
}
func.func @busy_initializer() {
  "tf.NoOp"() : () -> ()
  return
}
// expected-error @+1 {{'tf_saved_model.session_initializer' op runs session initializers that do something @busy_initializer (variables, tables); ta-import-tf imports programs whose initializers are empty}}
"tf_saved_model.session_initializer"() <{initializers = [@empty_initializer, @busy_initializer]}> : () -> ()

// -----

// The run-time checks of imported ops call libta_runtime's _ta_rt_fail: a
// module that has the name as something else is rejected by the first step
// that would call it (ta-tf-convert-tensor-arrays), before it rewrites
// anything (it used to get a second, conflicting declaration).
// expected-error @+1 {{'func.func' op is named '_ta_rt_fail', the runtime function of type '(i32, i64, i64, i64, i64) -> ()' that lowered ta code calls}}
func.func private @_ta_rt_fail(i64)

func.func @list_pop() -> tensor<f32> {
  %shape = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %n = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %l = "tf.EmptyTensorList"(%shape, %n) : (tensor<0xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<f32>>>
  %popped, %v = "tf.TensorListPopBack"(%l, %shape) : (tensor<!tf_type.variant<tensor<f32>>>, tensor<0xi32>) -> (tensor<!tf_type.variant<tensor<f32>>>, tensor<f32>)
  return %v : tensor<f32>
}

// -----

// A list made with TensorFlow's default (unknown) element shape takes the
// items' shape; two items that disagree are diagnosed where the second is set.
func.func @scatter_scalar(%x: tensor<f32>, %at: tensor<1xi32>) {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'tf.TensorListScatterV2' op needs a tensor of rank >= 1 as operand #0 to take items of its rows, not 'tensor<f32>'}}
  %l = "tf.TensorListScatterV2"(%x, %at, %shape, %n) : (tensor<f32>, tensor<1xi32>, tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  return
}

// -----

func.func @gather_matrix_indices(%at: tensor<1x2xi32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListGather' op needs a 1-D integer tensor as operand #1, not 'tensor<1x2xi32>'}}
  %g = "tf.TensorListGather"(%l, %at, %shape) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<1x2xi32>, tensor<1xi32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @gather_bool_indices(%at: tensor<2xi1>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListGather' op needs a 1-D integer tensor as operand #1, not 'tensor<2xi1>'}}
  %g = "tf.TensorListGather"(%l, %at, %shape) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<2xi1>, tensor<1xi32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @split_lengths_float(%x: tensor<4x2xf32>, %lengths: tensor<2xf32>) {
  %shape = "tf.Const"() <{value = dense<[2, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.TensorListSplit' op needs a 1-D integer tensor as operand #2, not 'tensor<2xf32>'}}
  %l = "tf.TensorListSplit"(%x, %shape, %lengths) : (tensor<4x2xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<!tf_type.variant<tensor<2x2xf32>>>
  return
}

// -----

// Rows of a dim known at run time only, scattered into a list of [2]s.
func.func @scatter_open_rows(%x: tensor<2x?xf32>, %at: tensor<2xi32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListScatterIntoExistingList' op takes the rows of 'tensor<2x?xf32>' for a list of 'tensor<2xf32>' elements; ta-import-tf takes items of the list's static element type}}
  %l1 = "tf.TensorListScatterIntoExistingList"(%l, %x, %at) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<2x?xf32>, tensor<2xi32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  return
}

// -----

func.func @gather_disagrees(%at: tensor<2xi32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListGather' op gathers items of type 'tensor<3xf32>' where the list's elements are 'tensor<2xf32>'}}
  %g = "tf.TensorListGather"(%l, %at, %shape) : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<2xi32>, tensor<1xi32>) -> tensor<2x3xf32>
  return
}

// -----

// A split into lengths known at run time only (items of different
// lengths: a ragged list) whose items are then set: nothing fixes the rows
// of the list's elements, and a ragged list is only read.
func.func @split_open_set(%x: tensor<4x2xf32>, %lengths: tensor<2xi64>, %y: tensor<?x2xf32>) -> tensor<!tf_type.variant<tensor<?x2xf32>>> {
  %shape = "tf.Const"() <{value = dense<[-1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %i = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'tf.TensorListSplit' op makes a list whose element shape is 'tensor<?x2xf32>' after every op on its items}}
  %l = "tf.TensorListSplit"(%x, %shape, %lengths) : (tensor<4x2xf32>, tensor<2xi32>, tensor<2xi64>) -> tensor<!tf_type.variant<tensor<?x2xf32>>>
  %l1 = "tf.TensorListSetItem"(%l, %i, %y) : (tensor<!tf_type.variant<tensor<?x2xf32>>>, tensor<i32>, tensor<?x2xf32>) -> tensor<!tf_type.variant<tensor<?x2xf32>>>
  return %l1 : tensor<!tf_type.variant<tensor<?x2xf32>>>
}

// -----

// The tensor a list is split from, of unknown rank as the function takes
// it: never refined.
func.func @split_unranked_argument(%x: tensor<*xf32>, %lengths: tensor<2xi64>) -> tensor<?x2xf32> {
  %shape = "tf.Const"() <{value = dense<[-1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %leading = "tf.Const"() <{value = dense<> : tensor<0xi64>}> : () -> tensor<0xi64>
  // expected-error @+1 {{'tf.TensorListSplit' op needs a tensor of rank >= 1 as operand #0 to take items of its rows, not 'tensor<*xf32>'}}
  %l = "tf.TensorListSplit"(%x, %shape, %lengths) : (tensor<*xf32>, tensor<2xi32>, tensor<2xi64>) -> tensor<!tf_type.variant<tensor<?x2xf32>>>
  %t, %n = "tf.TensorListConcatV2"(%l, %shape, %leading) : (tensor<!tf_type.variant<tensor<?x2xf32>>>, tensor<2xi32>, tensor<0xi64>) -> (tensor<?x2xf32>, tensor<?xi64>)
  return %t : tensor<?x2xf32>
}

// -----

func.func @items_disagree(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %i = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  %l1 = "tf.TensorListSetItem"(%l, %i, %x) : (tensor<!tf_type.variant<tensor<*xf32>>>, tensor<i32>, tensor<2xf32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  // expected-error @+1 {{'tf.TensorListSetItem' op sets an item of type 'tensor<3xf32>' where the list's elements are 'tensor<2xf32>'}}
  %l2 = "tf.TensorListSetItem"(%l1, %i, %y) : (tensor<!tf_type.variant<tensor<*xf32>>>, tensor<i32>, tensor<3xf32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  return
}

// -----

// Items that leave a dim open fix no static shape.
func.func @items_open(%x: tensor<?xf32>) {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %i = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'tf.TensorListReserve' op makes a list whose element shape is 'tensor<?xf32>' after every op on its items: ta-import-tf imports lists whose items fix one static element shape}}
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  %l1 = "tf.TensorListSetItem"(%l, %i, %x) : (tensor<!tf_type.variant<tensor<*xf32>>>, tensor<i32>, tensor<?xf32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  return
}

// -----

// An item of unknown rank set into a list whose elements another item
// fixed: ta takes items of the list's element type, or of dims it checks at
// run time, not of unknown rank.
func.func @item_unranked_in_fixed_list(%x: tensor<2xf32>, %y: tensor<*xf32>) {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %i = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  %l1 = "tf.TensorListSetItem"(%l, %i, %x) : (tensor<!tf_type.variant<tensor<*xf32>>>, tensor<i32>, tensor<2xf32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  // expected-error @+1 {{'tf.TensorListSetItem' op sets an item of type 'tensor<*xf32>' in a list of 'tensor<2xf32>' elements; ta-import-tf takes items of the elements' rank, their dims checked at run time}}
  %l2 = "tf.TensorListSetItem"(%l1, %i, %y) : (tensor<!tf_type.variant<tensor<*xf32>>>, tensor<i32>, tensor<*xf32>) -> tensor<!tf_type.variant<tensor<*xf32>>>
  return
}

// -----

// Two lists of different element shapes flowing into one value.
func.func @makers_disagree(%c: tensor<i1>) {
  %s2 = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s3 = "tf.Const"() <{value = dense<3> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.TensorListReserve"(%s2, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  // expected-error @+1 {{'tf.TensorListReserve' op makes a list of 'tensor<3xf32>' elements where a list of 'tensor<2xf32>' elements flows into the same values}}
  %b = "tf.TensorListReserve"(%s3, %n) : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<3xf32>>>
  %r = "tf.If"(%c, %a, %b) <{else_branch = @second, is_stateless = true, then_branch = @first}> : (tensor<i1>, tensor<!tf_type.variant<tensor<2xf32>>>, tensor<!tf_type.variant<tensor<3xf32>>>) -> tensor<!tf_type.variant<tensor<2xf32>>>
  return
}
func.func private @first(%a: tensor<!tf_type.variant<tensor<2xf32>>>, %b: tensor<!tf_type.variant<tensor<3xf32>>>) -> tensor<!tf_type.variant<tensor<2xf32>>> {
  return %a : tensor<!tf_type.variant<tensor<2xf32>>>
}
func.func private @second(%a: tensor<!tf_type.variant<tensor<2xf32>>>, %b: tensor<!tf_type.variant<tensor<3xf32>>>) -> tensor<!tf_type.variant<tensor<3xf32>>> {
  return %b : tensor<!tf_type.variant<tensor<3xf32>>>
}

// -----

// A list whose variant names no element type.
func.func @untyped_list(%n: tensor<i32>) {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  // expected-error @+1 {{'tf.TensorListReserve' op makes a list of unknown element type 'tensor<!tf_type.variant>'}}
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant>
  return
}

// -----

func.func @case_without_branches(%k: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'tf.Case' op needs a branch index and a nonempty `branches`}}
  %r = "tf.Case"(%k, %x) <{branches = [], is_stateless = true}> : (tensor<i32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @case_missing_branch(%k: tensor<i32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'tf.Case' op needs `branches` to name a function of the module}}
  %r = "tf.Case"(%k, %x) <{branches = [@nowhere], is_stateless = true}> : (tensor<i32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @case_float_index(%k: tensor<f32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'tf.Case' op has a branch index of type 'tensor<f32>'; ta-import-tf takes scalar int32 tensors}}
  %r = "tf.Case"(%k, %x) <{branches = [@identity_branch], is_stateless = true}> : (tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @identity_branch(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// A public function's argument is no constant, whatever the module's own
// calls pass it: its callers outside pass anything.
!L3 = tensor<!tf_type.variant<tensor<2xf32>>>
func.func @public_maker(%n: tensor<i32>) -> !L3 {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.EmptyTensorList' op needs a constant max_num_elements (made where it is, or passed to it unchanged)}}
  %l = "tf.EmptyTensorList"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> !L3
  return %l : !L3
}
func.func @calls_public_maker() -> !L3 {
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.StatefulPartitionedCall"(%two) <{f = @public_maker}> : (tensor<i32>) -> !L3
  return %l : !L3
}
