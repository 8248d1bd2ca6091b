// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf %s -split-input-file -verify-diagnostics

// Every TensorFlow op ta-legalize-tf does not lower is named, with the
// reason: no lowering for the op, or what its lowering's check found (the
// ops are unregistered: arity, types and attributes are checked here).

func.func @unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'tf.AddV2' op has unranked tensor types, which ta-legalize-tf does not lower (export with TensorFlow's shape inference: pass_pipeline='tf-standard-pipeline' or 'tf-shape-inference')}}
  %0 = "tf.AddV2"(%a, %a) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @unknown(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Lgamma' op is not lowered by ta-legalize-tf (TensorFlow's own legalizations, or a pattern added to lib/Conversion/TFToTA/LegalizeTF*.cpp, must lower it)}}
  %0 = "tf.Lgamma"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @arity(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.AddV2' op needs 2 operands and 1 result, as TensorFlow defines it}}
  %0 = "tf.AddV2"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @not_tensor(%a: f32) {
  // expected-error @+1 {{'tf.AddV2' op has the non-tensor type 'f32'}}
  %0 = "tf.AddV2"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @unsigned(%a: tensor<2xui8>) {
  // expected-error @+1 {{'tf.AddV2' op has elements of type 'ui8', which ta-legalize-tf does not lower (it lowers bool, signless integers, f16, bf16, f32, f64)}}
  %0 = "tf.AddV2"(%a, %a) : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  return
}

// -----

func.func @complex(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'tf.ZerosLike' op has elements of type 'complex<f32>', which ta-legalize-tf does not lower (it lowers bool, signless integers, f16, bf16, f32, f64)}}
  %0 = "tf.ZerosLike"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @mixed(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'tf.AddV2' op has operands of two element types}}
  %0 = "tf.AddV2"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return
}

// -----

func.func @compare_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Less' op has a result element type TensorFlow does not give it}}
  %0 = "tf.Less"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @logical_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.LogicalAnd' op needs bool operands}}
  %0 = "tf.LogicalAnd"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @bool_add(%a: tensor<2xi1>) {
  // expected-error @+1 {{'tf.AddV2' op has bool operands, for which TensorFlow has no kernel of this op}}
  %0 = "tf.AddV2"(%a, %a) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @int_div(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tf.RealDiv' op divides integers; ta-legalize-tf lowers tf.RealDiv on floats (tf.Div and tf.TruncateDiv divide integers)}}
  %0 = "tf.RealDiv"(%a, %a) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @xent_f64(%l: tensor<2x3xf64>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'tf.SparseSoftmaxCrossEntropyWithLogits' op needs static f32 logits [batch, classes] (ta-legalize-tf computes TensorFlow's f32 kernel)}}
  %0:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%l, %y) : (tensor<2x3xf64>, tensor<2xi32>) -> (tensor<2xf64>, tensor<2x3xf64>)
  return
}

// -----

func.func @xent_dynamic(%l: tensor<?x3xf32>, %y: tensor<?xi32>) {
  // expected-error @+1 {{'tf.SparseSoftmaxCrossEntropyWithLogits' op needs static f32 logits [batch, classes] (ta-legalize-tf computes TensorFlow's f32 kernel)}}
  %0:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%l, %y) : (tensor<?x3xf32>, tensor<?xi32>) -> (tensor<?xf32>, tensor<?x3xf32>)
  return
}

// -----

func.func @xent_float_labels(%l: tensor<2x3xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'tf.SparseSoftmaxCrossEntropyWithLogits' op needs int32 or int64 labels}}
  %0:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%l, %y) : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @xent_batch(%l: tensor<2x3xf32>, %y: tensor<3xi32>) {
  // expected-error @+1 {{'tf.SparseSoftmaxCrossEntropyWithLogits' op needs labels [batch] of the logits' batch (TensorFlow: logits and labels must have the same first dimension)}}
  %0:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%l, %y) : (tensor<2x3xf32>, tensor<3xi32>) -> (tensor<2xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @xent_no_class(%l: tensor<2x0xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'tf.SparseSoftmaxCrossEntropyWithLogits' op needs logits of at least one class (TensorFlow: Must have at least one class)}}
  %0:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%l, %y) : (tensor<2x0xf32>, tensor<2xi32>) -> (tensor<2xf32>, tensor<2x0xf32>)
  return
}

// -----

func.func @xent_results(%l: tensor<2x3xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'tf.SparseSoftmaxCrossEntropyWithLogits' op needs results [batch] and [batch, classes] of the logits' type}}
  %0:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%l, %y) : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<3xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @low_rank(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'tf.AddV2' op has a result whose rank is not its operands' broadcast rank}}
  %0 = "tf.AddV2"(%a, %a) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @no_broadcast(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tf.AddV2' op has operands whose shapes do not broadcast}}
  %0 = "tf.AddV2"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @wrong_result(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Mul' op has a result type whose shape is not the operands' broadcast}}
  %0 = "tf.Mul"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @neg_shape(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Neg' op has a result whose shape is not its operand's}}
  %0 = "tf.Neg"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @neg_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Neg' op has a result element type TensorFlow does not give it}}
  %0 = "tf.Neg"(%a) : (tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

func.func @neg_bool(%a: tensor<2xi1>) {
  // expected-error @+1 {{'tf.Neg' op has a bool operand, for which TensorFlow has no kernel of this op}}
  %0 = "tf.Neg"(%a) : (tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @identity_arity(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Identity' op needs 1 operand and 1 result, as TensorFlow defines it}}
  %0:2 = "tf.Identity"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

func.func @identityn_arity(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.IdentityN' op needs as many results as operands}}
  %0 = "tf.IdentityN"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @identity_type(%a: !ta.flow) {
  // expected-error @+1 {{'tf.Identity' op passes a value of another type than its result's}}
  %0 = "tf.Identity"(%a) : (!ta.flow) -> tensor<f32>
  return
}

// -----

func.func @noop(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.NoOp' op needs 0 operands and 0 results, as TensorFlow defines it}}
  "tf.NoOp"(%a) : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @like_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.OnesLike' op has a result whose type is not its operand's}}
  %0 = "tf.OnesLike"(%a) : (tensor<2xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @fill_value(%a: tensor<2xf32>) {
  %d = arith.constant dense<2> : tensor<1xi32>
  // expected-error @+1 {{'tf.Fill' op needs a scalar value of the result's element type}}
  %0 = "tf.Fill"(%d, %a) : (tensor<1xi32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @fill_dims(%v: tensor<f32>) {
  %d = arith.constant dense<3> : tensor<1xi32>
  // expected-error @+1 {{'tf.Fill' op has constant dims that are not its result's shape}}
  %0 = "tf.Fill"(%d, %v) : (tensor<1xi32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @shape_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Shape' op needs a 1-D int32 or int64 result with one element per dim of its operand}}
  %0 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<3xi32>
  return
}

// -----

func.func @fill_rank(%d: tensor<2xi32>, %v: tensor<f32>) {
  // expected-error @+1 {{'tf.Fill' op needs integer dims, one per dim of its result}}
  %0 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<?xf32>
  return
}

// -----

func.func @range_float(%a: tensor<f32>) {
  // expected-error @+1 {{'tf.Range' op needs scalar integer operands and a 1-D result of their type (ta-legalize-tf lowers integer ranges)}}
  %0 = "tf.Range"(%a, %a, %a) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  return
}

// -----

func.func @pack_shapes(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tf.Pack' op needs values of one shape and element type}}
  %0 = "tf.Pack"(%a, %b) {axis = 0 : i64} : (tensor<2xf32>, tensor<3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @pack_dynamic(%a: tensor<?xf32>) {
  // expected-error @+1 {{'tf.Pack' op needs values of a static shape}}
  %0 = "tf.Pack"(%a, %a) {axis = 0 : i64} : (tensor<?xf32>, tensor<?xf32>) -> tensor<2x?xf32>
  return
}

// -----

func.func @pack_axis(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Pack' op needs an axis in [-rank - 1, rank] of its values}}
  %0 = "tf.Pack"(%a, %a) {axis = 2 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @pack_result(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Pack' op has a result whose type is not its values stacked}}
  %0 = "tf.Pack"(%a, %a) {axis = 1 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @unpack_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Unpack' op needs an axis within its operand's rank}}
  %0:2 = "tf.Unpack"(%a) {axis = 2 : i64, num = 2 : i64} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @unpack_count(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Unpack' op needs a static operand with one result per entry along its axis}}
  %0:3 = "tf.Unpack"(%a) {axis = 0 : i64, num = 3 : i64} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @unpack_result(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Unpack' op has a result whose type is not a slice of its operand}}
  %0:2 = "tf.Unpack"(%a) {axis = 0 : i64, num = 2 : i64} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<3xf32>)
  return
}

// -----

func.func @split_v_sizes(%a: tensor<5x3xf32>) {
  %sizes = arith.constant dense<[2, 2]> : tensor<2xi32>
  %axis = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.SplitV' op needs constant size_splits, one per result, that add up to its operand's dim along the axis (one of them may be -1)}}
  %0:2 = "tf.SplitV"(%a, %sizes, %axis) : (tensor<5x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @split_v_axis(%a: tensor<5x3xf32>, %axis: tensor<i32>) {
  %sizes = arith.constant dense<[2, 3]> : tensor<2xi32>
  // expected-error @+1 {{'tf.SplitV' op needs a constant axis within its operand's rank}}
  %0:2 = "tf.SplitV"(%a, %sizes, %axis) : (tensor<5x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<3x3xf32>)
  return
}

// -----

func.func @split_v_dynamic(%a: tensor<?x3xf32>) {
  %sizes = arith.constant dense<[2, 3]> : tensor<2xi32>
  %axis = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.SplitV' op needs a static operand}}
  %0:2 = "tf.SplitV"(%a, %sizes, %axis) : (tensor<?x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<3x3xf32>)
  return
}

// -----

func.func @split_v_result(%a: tensor<5x3xf32>) {
  %sizes = arith.constant dense<[2, -1]> : tensor<2xi32>
  %axis = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.SplitV' op has a result whose type is not a piece of its operand}}
  %0:2 = "tf.SplitV"(%a, %sizes, %axis) : (tensor<5x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @batch_matmul_dynamic(%a: tensor<?x2x3xf32>, %b: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'tf.BatchMatMulV2' op needs static operands}}
  %0 = "tf.BatchMatMulV2"(%a, %b) {adj_x = false, adj_y = false} : (tensor<?x2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @batch_matmul_types(%a: tensor<2x2x3xf32>, %b: tensor<2x3x4xf64>) {
  // expected-error @+1 {{'tf.BatchMatMulV2' op needs operands and result of one numeric element type}}
  %0 = "tf.BatchMatMulV2"(%a, %b) {adj_x = false, adj_y = false} : (tensor<2x2x3xf32>, tensor<2x3x4xf64>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @batch_matmul_shapes(%a: tensor<2x2x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'tf.BatchMatMulV2' op needs operands of rank >= 2 whose matrices multiply and whose batch dims broadcast}}
  %0 = "tf.BatchMatMulV2"(%a, %b) {adj_x = false, adj_y = false} : (tensor<2x2x3xf32>, tensor<3x3x4xf32>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @batch_matmul_no_broadcast(%a: tensor<1x2x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'tf.BatchMatMul' op needs operands of rank >= 2 whose matrices multiply and whose batch dims broadcast}}
  %0 = "tf.BatchMatMul"(%a, %b) {adj_x = false, adj_y = false} : (tensor<1x2x3xf32>, tensor<3x3x4xf32>) -> tensor<3x2x4xf32>
  return
}

// -----

func.func @batch_matmul_result(%a: tensor<1x2x3xf32>, %b: tensor<3x4x3xf32>) {
  // expected-error @+1 {{'tf.BatchMatMulV2' op has a result whose type is not its operands' product}}
  %0 = "tf.BatchMatMulV2"(%a, %b) {adj_x = false, adj_y = true} : (tensor<1x2x3xf32>, tensor<3x4x3xf32>) -> tensor<3x2x3xf32>
  return
}

// -----

func.func @reshape_dynamic(%a: tensor<4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Reshape' op needs a static result shape, or the shape of another value (tf.Shape)}}
  %0 = "tf.Reshape"(%a, %s) : (tensor<4xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  return
}

// -----

func.func @reshape_count(%a: tensor<4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Reshape' op has a result of another number of elements than its operand}}
  %0 = "tf.Reshape"(%a, %s) : (tensor<4xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return
}

// -----

// The gradient of a range whose bounds are known at run time only.
func.func @slice_grad_run_time_range(%dy: tensor<?x5xf32>, %t: tensor<1xi32>) {
  %shape = arith.constant dense<[4, 5]> : tensor<2xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSliceGrad' op is the gradient of a slice whose range bounds or extent are known at run time only (`x[t:t + 2]`), which ta-legalize-tf does not lower}}
  %0 = "tf.StridedSliceGrad"(%shape, %t, %t, %s, %dy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<?x5xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @slice_no_shrink(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op has a result or gradient whose type is not the slice's}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {shrink_axis_mask = 2 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_two_indices(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<[1, 0]> : tensor<2xi32>
  %e = arith.constant dense<[2, 2]> : tensor<2xi32>
  %s = arith.constant dense<[1, 1]> : tensor<2xi32>
  // expected-error @+1 {{'tf.StridedSlice' op has a result or gradient whose type is not the slice's}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_dynamic_stride(%x: tensor<4x5xf32>, %s: tensor<1xi32>) {
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op is neither x[i] nor a slice of ranges, indices and new axes (positive constant strides; constant indices in range)}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_stride(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<-1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op is neither x[i] nor a slice of ranges, indices and new axes (positive constant strides; constant indices in range)}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_result(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op has a result that is not an element of its operand's first dimension}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xf32>
  return
}

// -----

// [2,3]^T x [2,3] is [3,3], not [2,2].
func.func @transposed(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.MatMul' op has shapes that do not multiply}}
  %0 = "tf.MatMul"(%a, %a) {transpose_a = true, transpose_b = false} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @transpose_perm(%a: tensor<2x3xf32>, %p: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Transpose' op needs a constant permutation of its operand's dims}}
  %0 = "tf.Transpose"(%a, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_result(%a: tensor<2x3xf32>) {
  %p = arith.constant dense<[1, 0]> : tensor<2xi32>
  // expected-error @+1 {{'tf.Transpose' op has a result whose type is not its operand's, permuted}}
  %0 = "tf.Transpose"(%a, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @invert_permutation_matrix(%p: tensor<2x2xi32>) {
  // expected-error @+1 {{'tf.InvertPermutation' op needs a 1-D int32 or int64 operand (TensorFlow: "invert_permutation expects a 1D vector.")}}
  %0 = "tf.InvertPermutation"(%p) : (tensor<2x2xi32>) -> tensor<2x2xi32>
  return
}

// -----

// Index elements are no TensorFlow type: not folded, not lowered.
func.func @invert_permutation_index(%a: tensor<2x3xf32>) {
  %p = arith.constant dense<[1, 0]> : tensor<2xindex>
  // expected-error @+1 {{'tf.InvertPermutation' op has elements of type 'index', which ta-legalize-tf does not lower}}
  %inv = "tf.InvertPermutation"(%p) : (tensor<2xindex>) -> tensor<2xindex>
  // expected-error @+1 {{'tf.Transpose' op has elements of type 'index', which ta-legalize-tf does not lower}}
  %0 = "tf.Transpose"(%a, %inv) : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  return
}

// -----

func.func @invert_permutation_result(%p: tensor<3xi32>) {
  // expected-error @+1 {{'tf.InvertPermutation' op has a result whose type is not its operand's}}
  %0 = "tf.InvertPermutation"(%p) : (tensor<3xi32>) -> tensor<3xi64>
  return
}

// -----

// A constant that is not a permutation fails as TensorFlow's kernel would,
// when the op is lowered.
func.func @invert_permutation_range() {
  %p = arith.constant dense<[0, 3, 1]> : tensor<3xi32>
  // expected-error @+1 {{'tf.InvertPermutation' op inverts a constant that is not a permutation: 3 is not between 0 and 3}}
  %0 = "tf.InvertPermutation"(%p) : (tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @invert_permutation_duplicate() {
  %p = arith.constant dense<[1, 0, 1]> : tensor<3xi64>
  // expected-error @+1 {{'tf.InvertPermutation' op inverts a constant that is not a permutation: 1 is duplicated in the input}}
  %0 = "tf.InvertPermutation"(%p) : (tensor<3xi64>) -> tensor<3xi64>
  return
}

// -----

// The transpose of such an inverse has no constant permutation.
func.func @transpose_by_no_permutation(%a: tensor<2x3xf32>) {
  %p = arith.constant dense<[1, 1]> : tensor<2xi32>
  // expected-error @+1 {{'tf.InvertPermutation' op inverts a constant that is not a permutation: 1 is duplicated in the input}}
  %inv = "tf.InvertPermutation"(%p) : (tensor<2xi32>) -> tensor<2xi32>
  // expected-error @+1 {{'tf.Transpose' op needs a constant permutation of its operand's dims}}
  %0 = "tf.Transpose"(%a, %inv) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @split_uneven(%a: tensor<2x5xf32>) {
  %axis = arith.constant dense<1> : tensor<i32>
  // expected-error @+1 {{'tf.Split' op needs a static dim along its axis that its result count divides}}
  %0:2 = "tf.Split"(%axis, %a) : (tensor<i32>, tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @split_axis(%a: tensor<2x4xf32>) {
  %axis = arith.constant dense<2> : tensor<i32>
  // expected-error @+1 {{'tf.Split' op needs a constant axis within its operand's rank}}
  %0:2 = "tf.Split"(%axis, %a) : (tensor<i32>, tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return
}

// -----

func.func @split_result(%a: tensor<2x4xf32>) {
  %axis = arith.constant dense<1> : tensor<i32>
  // expected-error @+1 {{'tf.Split' op has a result whose type is not a piece of its operand}}
  %0:2 = "tf.Split"(%axis, %a) : (tensor<i32>, tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>)
  return
}

// -----

func.func @concat_dims(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) {
  %axis = arith.constant dense<1> : tensor<i32>
  // expected-error @+1 {{'tf.ConcatV2' op needs values whose dims off its axis are static and equal}}
  %0 = "tf.ConcatV2"(%a, %b, %axis) : (tensor<2x3xf32>, tensor<3x3xf32>, tensor<i32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concat_axis(%a: tensor<2x3xf32>, %axis: tensor<i32>) {
  // expected-error @+1 {{'tf.ConcatV2' op needs a constant axis within its values' rank}}
  %0 = "tf.ConcatV2"(%a, %a, %axis) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concat_result(%a: tensor<2x3xf32>) {
  %axis = arith.constant dense<-1> : tensor<i32>
  // expected-error @+1 {{'tf.ConcatV2' op has a result whose type is not its values' concatenation}}
  %0 = "tf.ConcatV2"(%a, %a, %axis) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concat_ranks(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  %axis = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.ConcatV2' op needs values of one rank and element type}}
  %0 = "tf.ConcatV2"(%a, %b, %axis) : (tensor<2x3xf32>, tensor<3xf32>, tensor<i32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @concat_nothing(%axis: tensor<i32>) {
  // expected-error @+1 {{'tf.ConcatV2' op needs at least one value and an axis}}
  %0 = "tf.ConcatV2"(%axis) : (tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @squeeze_not_one(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Squeeze' op needs squeeze_dims that name static dims of 1}}
  %0 = "tf.Squeeze"(%a) {squeeze_dims = [0]} : (tensor<2x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @squeeze_result(%a: tensor<1x3xf32>) {
  // expected-error @+1 {{'tf.Squeeze' op has a result whose type is not its operand's, squeezed}}
  %0 = "tf.Squeeze"(%a) {squeeze_dims = []} : (tensor<1x3xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @bias_nchw(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tf.BiasAdd' op has data_format 'NCHW'; ta-legalize-tf lowers NHWC (the bias along the last dim)}}
  %0 = "tf.BiasAdd"(%a, %b) {data_format = "NCHW"} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @bias_size(%a: tensor<2x4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tf.BiasAdd' op needs as many biases as the last dim of its value, both static}}
  %0 = "tf.BiasAdd"(%a, %b) {data_format = "NHWC"} : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @bias_types(%a: tensor<2x3xi32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'tf.BiasAdd' op needs a float value of rank >= 2, a 1-D bias of its element type and a result of the value's type}}
  %0 = "tf.BiasAdd"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return
}

// -----

func.func @bias_grad_vector(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tf.BiasAddGrad' op needs a float operand of rank >= 2 and a result of its last dim}}
  %0 = "tf.BiasAddGrad"(%a) : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @bias_grad_nchw(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.BiasAddGrad' op has data_format 'NCHW'; ta-legalize-tf lowers NHWC (the bias along the last dim)}}
  %0 = "tf.BiasAddGrad"(%a) {data_format = "NCHW"} : (tensor<2x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @tanh_grad_f64(%y: tensor<2xf64>) {
  // expected-error @+1 {{'tf.TanhGrad' op needs f32 operands and result of one type (ta-legalize-tf computes TensorFlow's f32 kernels)}}
  %0 = "tf.TanhGrad"(%y, %y) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
  return
}

// -----

func.func @sigmoid_grad_types(%y: tensor<2xf32>, %dy: tensor<3xf32>) {
  // expected-error @+1 {{'tf.SigmoidGrad' op needs f32 operands and result of one type (ta-legalize-tf computes TensorFlow's f32 kernels)}}
  %0 = "tf.SigmoidGrad"(%y, %dy) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @sum_axes(%a: tensor<2x3xf32>, %axes: tensor<1xi32>) {
  // expected-error @+1 {{'tf.Sum' op needs constant axes within its operand's rank}}
  %0 = "tf.Sum"(%a, %axes) {keep_dims = false} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @max_result(%a: tensor<2x3xf32>) {
  %axes = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.Max' op has a result whose type is not its operand's, reduced}}
  %0 = "tf.Max"(%a, %axes) {keep_dims = true} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @sum_bools(%a: tensor<2xi1>) {
  %axes = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.Sum' op reduces elements of a type ta-legalize-tf does not reduce}}
  %0 = "tf.Sum"(%a, %axes) {keep_dims = false} : (tensor<2xi1>, tensor<i32>) -> tensor<i1>
  return
}

// -----

func.func @matmul_dynamic(%a: tensor<?x2xf32>) {
  // expected-error @+1 {{'tf.MatMul' op needs static 2-D types}}
  %0 = "tf.MatMul"(%a, %a) : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  return
}

// -----

func.func @matmul_shapes(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.MatMul' op has shapes that do not multiply}}
  %0 = "tf.MatMul"(%a, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @tanh_f64(%a: tensor<2xf64>) {
  // expected-error @+1 {{'tf.Tanh' op needs an f32 operand and result of one type (ta-legalize-tf computes TensorFlow's f32 kernels)}}
  %0 = "tf.Tanh"(%a) : (tensor<2xf64>) -> tensor<2xf64>
  return
}

// -----

func.func @addn_shapes(%a: tensor<3xf32>, %b: tensor<?xf32>) {
  // expected-error @+1 {{'tf.AddN' op needs operands of its result's type}}
  %0 = "tf.AddN"(%a, %b) : (tensor<3xf32>, tensor<?xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @addn_unknown(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  // A static result no operand's type gives.
  // expected-error @+1 {{'tf.AddN' op needs operands of its result's type}}
  %0 = "tf.AddN"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @addn_bools(%a: tensor<2xi1>) {
  // expected-error @+1 {{'tf.AddN' op adds bools, for which TensorFlow has no kernel}}
  %0 = "tf.AddN"(%a, %a) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @static_broadcast_result(%a: tensor<1xf32>) {
  // expected-error @+1 {{'tf.AddV2' op has a result whose rank is not its operands' broadcast rank}}
  %0 = "tf.AddV2"(%a, %a) : (tensor<1xf32>, tensor<1xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @ones_broadcast_result(%a: tensor<1xf32>) {
  // expected-error @+1 {{'tf.AddV2' op has a result type whose shape is not the operands' broadcast}}
  %0 = "tf.AddV2"(%a, %a) : (tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @slice_grad_shape(%shape: tensor<2xi32>, %dy: tensor<2xf32>) {
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSliceGrad' op needs a constant shape of rank >= 1 that is its result's static type}}
  %0 = "tf.StridedSliceGrad"(%shape, %b, %e, %s, %dy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @slice_grad_dy(%dy: tensor<3xf32>) {
  %shape = arith.constant dense<[3, 2]> : tensor<2xi32>
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSliceGrad' op has a gradient that is not an element of its shape's first dimension}}
  %0 = "tf.StridedSliceGrad"(%shape, %b, %e, %s, %dy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<3xf32>) -> tensor<3x2xf32>
  return
}

// -----

// x[1:2] of a [3, 2] is [1, 2]: a gradient of [2, 2] is not its.
func.func @slice_grad_range(%dy: tensor<2x2xf32>) {
  %shape = arith.constant dense<[3, 2]> : tensor<2xi32>
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSliceGrad' op has a result or gradient whose type is not the slice's}}
  %0 = "tf.StridedSliceGrad"(%shape, %b, %e, %s, %dy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @gather_batch(%p: tensor<4x2xf32>, %i: tensor<2xi32>) {
  %axis = arith.constant dense<0> : tensor<i32>
  // batch_dims above the axis (TensorFlow: batch_dims must be less than or
  // equal to axis).
  // expected-error @+1 {{'tf.GatherV2' op needs a constant axis and batch_dims with batch_dims <= axis, batch_dims <= rank(indices), and the batch dims the same in params and indices}}
  %0 = "tf.GatherV2"(%p, %i, %axis) {batch_dims = 1 : i64} : (tensor<4x2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @gather_dynamic_matrix(%p: tensor<4x2xf32>, %i: tensor<?x2xi32>) {
  %axis = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.GatherV2' op needs integer indices: a scalar, a vector, or of a static shape}}
  %0 = "tf.GatherV2"(%p, %i, %axis) : (tensor<4x2xf32>, tensor<?x2xi32>, tensor<i32>) -> tensor<?x2x2xf32>
  return
}

// -----

func.func @gather_axis(%p: tensor<4x2xf32>, %i: tensor<2xi32>, %axis: tensor<i32>) {
  // expected-error @+1 {{'tf.GatherV2' op needs a constant axis within its params' rank}}
  %0 = "tf.GatherV2"(%p, %i, %axis) : (tensor<4x2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @gather_result(%p: tensor<4x2xf32>, %i: tensor<3xi32>) {
  %axis = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.GatherV2' op has a result whose type is not the params gathered}}
  %0 = "tf.GatherV2"(%p, %i, %axis) : (tensor<4x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reverse_dynamic(%x: tensor<?x3xf32>) {
  %axis = arith.constant dense<0> : tensor<1xi32>
  // expected-error @+1 {{'tf.ReverseV2' op needs a static operand and a result of its type}}
  %0 = "tf.ReverseV2"(%x, %axis) : (tensor<?x3xf32>, tensor<1xi32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @reverse_axis(%x: tensor<2x3xf32>) {
  %axis = arith.constant dense<2> : tensor<1xi32>
  // expected-error @+1 {{'tf.ReverseV2' op needs constant axes within its operand's rank}}
  %0 = "tf.ReverseV2"(%x, %axis) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @tile_multiples(%x: tensor<2x3xf32>, %m: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Tile' op needs a static operand and constant, non-negative multiples, one per dim}}
  %0 = "tf.Tile"(%x, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @tile_result(%x: tensor<2x3xf32>) {
  %m = arith.constant dense<[2, 1]> : tensor<2xi32>
  // expected-error @+1 {{'tf.Tile' op has a result whose type is not its operand's, tiled}}
  %0 = "tf.Tile"(%x, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @select_condition(%c: tensor<3xf32>, %x: tensor<3xf32>) {
  // expected-error @+1 {{'tf.SelectV2' op needs a bool condition}}
  %0 = "tf.SelectV2"(%c, %x, %x) : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @select_broadcast(%c: tensor<2xi1>, %x: tensor<3xf32>) {
  // expected-error @+1 {{'tf.SelectV2' op needs static operands that broadcast to its static result}}
  %0 = "tf.SelectV2"(%c, %x, %x) : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @select_larger(%c: tensor<3xi1>, %x: tensor<3xf32>) {
  // expected-error @+1 {{'tf.SelectV2' op has a result larger than its operands' broadcast shape}}
  %0 = "tf.SelectV2"(%c, %x, %x) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @select_values(%c: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<3xi32>) {
  // expected-error @+1 {{'tf.SelectV2' op needs values of its result's element type}}
  %0 = "tf.SelectV2"(%c, %x, %y) : (tensor<3xi1>, tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
  return
}

// -----

// x[5] of 4 rows, constant: out of range where the index is known.
func.func @slice_constant_out_of_range(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<[0, 5]> : tensor<2xi32>
  %e = arith.constant dense<[0, 6]> : tensor<2xi32>
  %s = arith.constant dense<1> : tensor<2xi32>
  // expected-error @+1 {{'tf.StridedSlice' op is neither x[i] nor a slice of ranges, indices and new axes (positive constant strides; constant indices in range)}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 1 : i64, end_mask = 1 : i64, shrink_axis_mask = 2 : i64} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @expand_dims_axis(%x: tensor<2x3xf32>, %a: tensor<i32>) {
  // expected-error @+1 {{'tf.ExpandDims' op needs a constant axis in [-rank - 1, rank]}}
  %0 = "tf.ExpandDims"(%x, %a) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x1x3xf32>
  return
}

// -----

func.func @expand_dims_result(%x: tensor<2x3xf32>) {
  %a = arith.constant dense<1> : tensor<i32>
  // expected-error @+1 {{'tf.ExpandDims' op has a result whose type is not its operand's with a dim of 1 inserted}}
  %0 = "tf.ExpandDims"(%x, %a) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x1xf32>
  return
}

// -----

// An integer mean over a dim that may be empty: TensorFlow divides by zero.
func.func @mean_integers(%x: tensor<?x3xi32>) {
  %a = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.Mean' op averages integers over dims not known to be non-empty (TensorFlow divides by zero)}}
  %0 = "tf.Mean"(%x, %a) {keep_dims = false} : (tensor<?x3xi32>, tensor<i32>) -> tensor<3xi32>
  return
}

// -----

func.func @mean_axes(%x: tensor<2x3xf32>, %a: tensor<i32>) {
  // expected-error @+1 {{'tf.Mean' op needs constant axes within its operand's rank}}
  %0 = "tf.Mean"(%x, %a) {keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
  return
}

// -----

func.func @argmax_extent(%x: tensor<?x3xf32>) {
  %a = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.ArgMax' op needs a static, non-empty extent along its axis}}
  %0 = "tf.ArgMax"(%x, %a) : (tensor<?x3xf32>, tensor<i32>) -> tensor<3xi64>
  return
}

// -----

func.func @argmin_result(%x: tensor<2x3xf32>) {
  %a = arith.constant dense<1> : tensor<i32>
  // expected-error @+1 {{'tf.ArgMin' op needs an int32 or int64 result of its operand's shape without the axis}}
  %0 = "tf.ArgMin"(%x, %a) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @argmax_axis(%x: tensor<2x3xf32>, %a: tensor<i32>) {
  // expected-error @+1 {{'tf.ArgMax' op needs a constant axis within its operand's rank}}
  %0 = "tf.ArgMax"(%x, %a) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xi64>
  return
}

// -----

func.func @cumsum_axis(%x: tensor<2x3xf32>, %a: tensor<i32>) {
  // expected-error @+1 {{'tf.Cumsum' op needs a constant axis within its operand's rank}}
  %0 = "tf.Cumsum"(%x, %a) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @cumprod_bools(%x: tensor<3xi1>) {
  %a = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.Cumprod' op needs a numeric operand of rank >= 1}}
  %0 = "tf.Cumprod"(%x, %a) : (tensor<3xi1>, tensor<i32>) -> tensor<3xi1>
  return
}

// -----

func.func @relu_bools(%x: tensor<3xi1>) {
  // expected-error @+1 {{'tf.Relu' op needs a numeric operand and a result of its type}}
  %0 = "tf.Relu"(%x) : (tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @relu_grad_types(%g: tensor<3xf32>, %f: tensor<4xf32>) {
  // expected-error @+1 {{'tf.ReluGrad' op needs numeric gradients, features and result of one static type}}
  %0 = "tf.ReluGrad"(%g, %f) : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @softmax_f64(%x: tensor<2x3xf64>) {
  // expected-error @+1 {{'tf.Softmax' op needs an f32 operand of rank >= 1 and a result of its type (ta-legalize-tf computes TensorFlow's f32 kernel)}}
  %0 = "tf.Softmax"(%x) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  return
}

// -----

func.func @floor_div_bools(%x: tensor<3xi1>) {
  // expected-error @+1 {{'tf.FloorDiv' op has bool operands, for which TensorFlow has no kernel of this op}}
  %0 = "tf.FloorDiv"(%x, %x) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @slice_bounds(%x: tensor<3x4xf32>, %b: tensor<3xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Slice' op needs begin and size as integer vectors of its operand's rank}}
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<3x4xf32>, tensor<3xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @slice_result(%x: tensor<3x4xf32>, %b: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Slice' op has a result whose type is not a slice of its operand's}}
  %0 = "tf.Slice"(%x, %b, %b) : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @one_hot_depth(%i: tensor<4xi32>, %d: tensor<i32>, %v: tensor<f32>) {
  // expected-error @+1 {{'tf.OneHot' op needs a constant depth}}
  %0 = "tf.OneHot"(%i, %d, %v, %v) {axis = -1 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x?xf32>
  return
}

// -----

func.func @one_hot_negative(%i: tensor<4xi32>, %v: tensor<f32>) {
  %d = arith.constant dense<-1> : tensor<i32>
  // expected-error @+1 {{'tf.OneHot' op has depth -1, which TensorFlow rejects: depth must be non-negative}}
  %0 = "tf.OneHot"(%i, %d, %v, %v) {axis = -1 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x?xf32>
  return
}

// -----

func.func @one_hot_values(%i: tensor<4xi32>, %v: tensor<2xf32>) {
  %d = arith.constant dense<3> : tensor<i32>
  // expected-error @+1 {{'tf.OneHot' op needs on_value and off_value as scalars of its result's type}}
  %0 = "tf.OneHot"(%i, %d, %v, %v) {axis = -1 : i64} : (tensor<4xi32>, tensor<i32>, tensor<2xf32>, tensor<2xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @one_hot_axis(%i: tensor<4xi32>, %v: tensor<f32>) {
  %d = arith.constant dense<3> : tensor<i32>
  // expected-error @+1 {{'tf.OneHot' op needs an axis in [-1, rank of indices]}}
  %0 = "tf.OneHot"(%i, %d, %v, %v) {axis = 2 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @sqrt_integers(%x: tensor<3xi32>) {
  // expected-error @+1 {{'tf.Sqrt' op needs a float operand (TensorFlow's kernel of this op is on floats)}}
  %0 = "tf.Sqrt"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @broadcast_to_shape(%x: tensor<2x3xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{'tf.BroadcastTo' op needs a static operand and a constant shape}}
  %0 = "tf.BroadcastTo"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_to_mismatch(%x: tensor<2x3xf32>) {
  %s = arith.constant dense<[4, 3]> : tensor<2xi32>
  // expected-error @+1 {{'tf.BroadcastTo' op needs an operand that broadcasts to its shape, and a result of that shape}}
  %0 = "tf.BroadcastTo"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @cumsum_result(%x: tensor<3xf32>) {
  %a = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.Cumsum' op has a result whose type is not its operand's}}
  %0 = "tf.Cumsum"(%x, %a) : (tensor<3xf32>, tensor<i32>) -> tensor<3xi32>
  return
}

// -----

func.func @broadcast_to_negative(%x: tensor<1xf32>) {
  %s = arith.constant dense<[-1]> : tensor<1xi32>
  // expected-error @+1 {{'tf.BroadcastTo' op needs a static operand and a constant shape}}
  %0 = "tf.BroadcastTo"(%x, %s) : (tensor<1xf32>, tensor<1xi32>) -> tensor<?xf32>
  return
}

// -----

func.func @slice_constant_result(%x: tensor<4xf32>) {
  %b = arith.constant dense<[0]> : tensor<1xi32>
  %s = arith.constant dense<[2]> : tensor<1xi32>
  // expected-error @+1 {{'tf.Slice' op has a result whose type is not a slice of its operand's}}
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @sum_duplicate_axes(%x: tensor<2x2xf32>) {
  %a = arith.constant dense<[0, 0]> : tensor<2xi32>
  // expected-error @+1 {{'tf.Sum' op names an axis twice, which TensorFlow rejects (axes contains a duplicate dimension)}}
  %0 = "tf.Sum"(%x, %a) {keep_dims = false} : (tensor<2x2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @mean_half(%x: tensor<2x2xf16>) {
  %a = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.Mean' op sums or multiplies 16-bit floats, which TensorFlow accumulates in another precision (not lowered)}}
  %0 = "tf.Mean"(%x, %a) {keep_dims = false} : (tensor<2x2xf16>, tensor<i32>) -> tensor<2xf16>
  return
}

// -----

func.func @one_hot_depth_vector(%i: tensor<4xi32>, %v: tensor<f32>) {
  %d = arith.constant dense<[3]> : tensor<1xi32>
  // expected-error @+1 {{'tf.OneHot' op needs a constant depth}}
  %0 = "tf.OneHot"(%i, %d, %v, %v) {axis = -1 : i64} : (tensor<4xi32>, tensor<1xi32>, tensor<f32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @any_of_floats(%a: tensor<2x3xf32>) {
  %ax = arith.constant dense<1> : tensor<i32>
  // expected-error @+1 {{'tf.Any' op needs a bool operand (TensorFlow's Any and All reduce bools)}}
  %0 = "tf.Any"(%a, %ax) <{keep_dims = false}> : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @not_of_ints(%a: tensor<2xi32>) {
  // expected-error @+1 {{'tf.LogicalNot' op needs a bool operand and result}}
  %0 = "tf.LogicalNot"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @select_columns(%c: tensor<3xi1>, %t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Select' op needs a condition of its values' shape, a scalar, or a vector as long as their first dim}}
  %0 = "tf.Select"(%c, %t, %t) : (tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// A general slice (an index and a new axis) whose result is not its type.
func.func @slice_new_axis_result(%x: tensor<4x5xf32>, %b: tensor<2xi32>) {
  %s = arith.constant dense<1> : tensor<2xi32>
  // expected-error @+1 {{'tf.StridedSlice' op has a result whose type is not the slice's}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %s) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_grad_general_dy(%dy: tensor<2x3xf32>, %t: tensor<i32>) {
  %shape = arith.constant dense<[2, 3, 4]> : tensor<3xi32>
  %z = arith.constant dense<0> : tensor<i32>
  %b = "tf.Pack"(%z, %t, %z) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %s = arith.constant dense<1> : tensor<3xi32>
  // expected-error @+1 {{'tf.StridedSliceGrad' op has a gradient whose type is not the slice's}}
  %0 = "tf.StridedSliceGrad"(%shape, %b, %b, %s, %dy) <{begin_mask = 5 : i64, ellipsis_mask = 0 : i64, end_mask = 5 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64}> : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<2x3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @slice_grad_general_stride(%dy: tensor<2x4xf32>, %t: tensor<i32>) {
  %shape = arith.constant dense<[2, 3, 4]> : tensor<3xi32>
  %z = arith.constant dense<0> : tensor<i32>
  %b = "tf.Pack"(%z, %t, %z) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %s = arith.constant dense<[1, -1, 1]> : tensor<3xi32>
  // expected-error @+1 {{'tf.StridedSliceGrad' op is neither x[i] nor a slice of ranges, indices and new axes (positive constant strides; constant indices in range)}}
  %0 = "tf.StridedSliceGrad"(%shape, %b, %b, %s, %dy) <{begin_mask = 5 : i64, ellipsis_mask = 0 : i64, end_mask = 5 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64}> : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<2x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @reverse_sequence_dynamic(%x: tensor<?x3xf32>, %l: tensor<3xi32>) {
  // expected-error @+1 {{'tf.ReverseSequence' op needs a static operand and a result of its type}}
  %0 = "tf.ReverseSequence"(%x, %l) <{batch_dim = 1 : i64, seq_dim = 0 : i64}> : (tensor<?x3xf32>, tensor<3xi32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @reverse_sequence_dims(%x: tensor<4x3xf32>, %l: tensor<3xi32>) {
  // expected-error @+1 {{'tf.ReverseSequence' op needs seq_dim and batch_dim as two distinct dims of its operand}}
  %0 = "tf.ReverseSequence"(%x, %l) <{batch_dim = 1 : i64, seq_dim = 1 : i64}> : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @reverse_sequence_lengths(%x: tensor<4x3xf32>, %l: tensor<4xi32>) {
  // expected-error @+1 {{'tf.ReverseSequence' op needs seq_lengths as an integer vector of one length per batch entry}}
  %0 = "tf.ReverseSequence"(%x, %l) <{batch_dim = 1 : i64, seq_dim = 0 : i64}> : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @activation_types(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Relu6' op needs an operand and a result of one type}}
  %0 = "tf.Relu6"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @activation_grad_dynamic(%g: tensor<?xf32>, %x: tensor<?xf32>) {
  // expected-error @+1 {{'tf.EluGrad' op needs operands and a result of one static type}}
  %0 = "tf.EluGrad"(%g, %x) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @activation_f64(%x: tensor<2xf64>) {
  // expected-error @+1 {{'tf.Softplus' op needs f32 tensors (ta-legalize-tf computes TensorFlow's f32 kernel of this op)}}
  %0 = "tf.Softplus"(%x) : (tensor<2xf64>) -> tensor<2xf64>
  return
}

// -----

func.func @activation_integers(%x: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Relu6' op needs float tensors}}
  %0 = "tf.Relu6"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @is_finite_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tf.IsFinite' op needs a bool result of its operand's shape}}
  %0 = "tf.IsFinite"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @sign_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Sign' op needs an operand and a result of one type}}
  %0 = "tf.Sign"(%x) : (tensor<2xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @sign_bools(%x: tensor<2xi1>) {
  // expected-error @+1 {{'tf.Sign' op needs a numeric operand}}
  %0 = "tf.Sign"(%x) : (tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @sin_integers(%x: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Sin' op needs a float operand (TensorFlow's kernel of this op is on floats)}}
  %0 = "tf.Sin"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @pow_integers(%x: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Pow' op raises integers; ta-legalize-tf lowers tf.Pow on floats}}
  %0 = "tf.Pow"(%x, %x) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @erf_f64(%x: tensor<2xf64>) {
  // expected-error @+1 {{'tf.Erf' op needs an f32 operand (ta-legalize-tf calls the C library's f32 function)}}
  %0 = "tf.Erf"(%x) : (tensor<2xf64>) -> tensor<2xf64>
  return
}

// -----

// Ellipsis dims of 2 and 5: neither broadcasts (TensorFlow fails too).
func.func @einsum_ellipsis(%a: tensor<2x3xf32>, %b: tensor<5x3x4xf32>) {
  // expected-error @+1 {{'tf.Einsum' op needs an equation of one or two operands' labels (letters, and an ellipsis of dims equal where they repeat), each label once per operand, the output's labels among the operands' and of equal sizes where they repeat, an ellipsis in the output where the operands have one}}
  %0 = "tf.Einsum"(%a, %b) {equation = "...j,...jk->...k"} : (tensor<2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x4xf32>
  return
}

// -----

// No output (TensorFlow's kernel needs one; tf.einsum writes it), and an
// ellipsis the output leaves out (TensorFlow: "Output contains 0
// broadcasting dimension(s) but no ellipsis").
func.func @einsum_no_output(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tf.Einsum' op needs an equation of one or two operands' labels (letters, and an ellipsis of dims equal where they repeat), each label once per operand, the output's labels among the operands' and of equal sizes where they repeat, an ellipsis in the output where the operands have one}}
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @einsum_ellipsis_dropped(%a: tensor<5x2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tf.Einsum' op needs an equation of one or two operands' labels (letters, and an ellipsis of dims equal where they repeat), each label once per operand, the output's labels among the operands' and of equal sizes where they repeat, an ellipsis in the output where the operands have one}}
  %0 = "tf.Einsum"(%a, %b) {equation = "...ij,jk->ik"} : (tensor<5x2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// A named label of size 1 against 4: TensorFlow broadcasts ellipsis dims
// only.
func.func @einsum_named_broadcast(%a: tensor<2x1xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tf.Einsum' op needs an equation of one or two operands' labels (letters, and an ellipsis of dims equal where they repeat), each label once per operand, the output's labels among the operands' and of equal sizes where they repeat, an ellipsis in the output where the operands have one}}
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<2x1xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @einsum_trace(%a: tensor<3x3xf32>) {
  // A label twice in one operand (a diagonal).
  // expected-error @+1 {{'tf.Einsum' op needs an equation of one or two operands' labels (letters, and an ellipsis of dims equal where they repeat), each label once per operand, the output's labels among the operands' and of equal sizes where they repeat, an ellipsis in the output where the operands have one}}
  %0 = "tf.Einsum"(%a) {equation = "ii->"} : (tensor<3x3xf32>) -> tensor<f32>
  return
}

// -----

func.func @einsum_sizes(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tf.Einsum' op needs an equation of one or two operands' labels (letters, and an ellipsis of dims equal where they repeat), each label once per operand, the output's labels among the operands' and of equal sizes where they repeat, an ellipsis in the output where the operands have one}}
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @einsum_bools(%a: tensor<2x3xi1>, %b: tensor<3x4xi1>) {
  // expected-error @+1 {{'tf.Einsum' op needs operands of one float or integer element type}}
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<2x3xi1>, tensor<3x4xi1>) -> tensor<2x4xi1>
  return
}

// -----

func.func @einsum_result(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tf.Einsum' op has a result whose type is not the equation's}}
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @gather_nd_dynamic(%p: tensor<?x4xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'tf.GatherNd' op needs static params of rank >= 1}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<?x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_nd_float_indices(%p: tensor<3x4xf32>, %i: tensor<2x1xf32>) {
  // expected-error @+1 {{'tf.GatherNd' op needs integer indices of a static shape, rank >= 1}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<3x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_nd_long_rows(%p: tensor<3x4xf32>, %i: tensor<2x3xi32>) {
  // expected-error @+1 {{'tf.GatherNd' op needs index rows of 1 to rank(params) entries (TensorFlow: index innermost dimension length must be <= params rank)}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<3x4xf32>, tensor<2x3xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_result(%p: tensor<3x4xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'tf.GatherNd' op has a result whose type is not the params gathered}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_batch_above_axis(%x: tensor<2x3x4xf32>, %i: tensor<2x2xi32>) {
  %axis = arith.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'tf.GatherV2' op needs a constant axis and batch_dims with batch_dims <= axis, batch_dims <= rank(indices), and the batch dims the same in params and indices}}
  %0 = "tf.GatherV2"(%x, %i, %axis) {batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x2xi32>, tensor<i32>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @gather_batch_mismatch(%x: tensor<2x3x4xf32>, %i: tensor<3x2xi32>) {
  %axis = arith.constant dense<1> : tensor<i32>
  // expected-error @+1 {{'tf.GatherV2' op needs a constant axis and batch_dims with batch_dims <= axis, batch_dims <= rank(indices), and the batch dims the same in params and indices}}
  %0 = "tf.GatherV2"(%x, %i, %axis) {batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<3x2xi32>, tensor<i32>) -> tensor<2x3x2x4xf32>
  return
}

// -----

func.func @gather_batch_dynamic(%x: tensor<?x3x4xf32>, %i: tensor<2x2xi32>) {
  %axis = arith.constant dense<1> : tensor<i32>
  // expected-error @+1 {{'tf.GatherV2' op needs static params and integer indices of a static shape}}
  %0 = "tf.GatherV2"(%x, %i, %axis) {batch_dims = 1 : i64} : (tensor<?x3x4xf32>, tensor<2x2xi32>, tensor<i32>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @top_k_too_many(%x: tensor<2x7xf32>) {
  %k = arith.constant dense<8> : tensor<i32>
  // expected-error @+1 {{'tf.TopKV2' op has k = 8 of 7 columns (TensorFlow: input must have at least k columns)}}
  %v, %i = "tf.TopKV2"(%x, %k) : (tensor<2x7xf32>, tensor<i32>) -> (tensor<2x8xf32>, tensor<2x8xi32>)
  return
}

// -----

func.func @top_k_run_time_k(%x: tensor<2x7xf32>, %k: tensor<i32>) {
  // expected-error @+1 {{'tf.TopKV2' op needs a constant, non-negative k}}
  %v, %i = "tf.TopKV2"(%x, %k) : (tensor<2x7xf32>, tensor<i32>) -> (tensor<2x?xf32>, tensor<2x?xi32>)
  return
}

// -----

func.func @top_k_unsorted(%x: tensor<2x7xf32>) {
  %k = arith.constant dense<2> : tensor<i32>
  // expected-error @+1 {{'tf.TopKV2' op has sorted = false, whose order TensorFlow leaves to its kernel}}
  %v, %i = "tf.TopKV2"(%x, %k) {sorted = false} : (tensor<2x7xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return
}

// -----

func.func @top_k_dynamic(%x: tensor<?x7xf32>) {
  %k = arith.constant dense<2> : tensor<i32>
  // expected-error @+1 {{'tf.TopKV2' op needs a static input of rank >= 1, of floats or integers}}
  %v, %i = "tf.TopKV2"(%x, %k) : (tensor<?x7xf32>, tensor<i32>) -> (tensor<?x2xf32>, tensor<?x2xi32>)
  return
}

// -----

func.func @top_k_results(%x: tensor<2x7xf32>) {
  %k = arith.constant dense<2> : tensor<i32>
  // expected-error @+1 {{'tf.TopKV2' op needs results of the input's values and integer indices, [..., k]}}
  %v, %i = "tf.TopKV2"(%x, %k) : (tensor<2x7xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return
}

// -----

func.func @segment_sum_dynamic(%d: tensor<?x2xf32>, %ids: tensor<3xi32>) {
  %n = arith.constant dense<4> : tensor<i32>
  // expected-error @+1 {{'tf.UnsortedSegmentSum' op needs data and segment_ids of static shapes}}
  %0 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<?x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @segment_sum_float_ids(%d: tensor<3x2xf32>, %ids: tensor<3xf32>) {
  %n = arith.constant dense<4> : tensor<i32>
  // expected-error @+1 {{'tf.UnsortedSegmentSum' op needs integer segment_ids}}
  %0 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xf32>, tensor<i32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @segment_sum_vector_count(%d: tensor<3x2xf32>, %ids: tensor<3xi32>, %n: tensor<1xi32>) {
  // expected-error @+1 {{'tf.UnsortedSegmentSum' op needs a scalar integer num_segments}}
  %0 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xi32>, tensor<1xi32>) -> tensor<?x2xf32>
  return
}

// -----

func.func @segment_sum_ids_shape(%d: tensor<1x3xf32>, %ids: tensor<2xi32>) {
  %n = arith.constant dense<2> : tensor<i32>
  // expected-error @+1 {{'tf.UnsortedSegmentSum' op needs data whose shape starts with segment_ids' shape (TensorFlow: data.shape does not start with segment_ids.shape)}}
  %0 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<1x3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @segment_prod_result(%d: tensor<3x2xf32>, %ids: tensor<3xi32>) {
  %n = arith.constant dense<4> : tensor<i32>
  // expected-error @+1 {{'tf.UnsortedSegmentProd' op has a result whose type is not num_segments rows of data's}}
  %0 = "tf.UnsortedSegmentProd"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x2xf32>
  return
}

// -----

// Shapes known at run time only: TensorFlow's gradients have static ones.
func.func @broadcast_gradient_args_dynamic(%a: tensor<2xi32>, %b: tensor<2xi32>) -> (tensor<?xi32>, tensor<?xi32>) {
  // expected-error @+1 {{'tf.BroadcastGradientArgs' op needs shapes that broadcast, constant where the reduction indices it gives depend on them (TensorFlow's gradients compute these from static shapes)}}
  %r0, %r1 = "tf.BroadcastGradientArgs"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  return %r0, %r1 : tensor<?xi32>, tensor<?xi32>
}

// -----

// Shapes that do not broadcast (TensorFlow: "Incompatible shapes").
func.func @broadcast_gradient_args_incompatible() -> tensor<?xi32> {
  %a = arith.constant dense<[2, 3]> : tensor<2xi32>
  %b = arith.constant dense<[4, 3]> : tensor<2xi32>
  // expected-error @+1 {{'tf.BroadcastGradientArgs' op needs shapes that broadcast, constant where the reduction indices it gives depend on them (TensorFlow's gradients compute these from static shapes)}}
  %r0, %r1 = "tf.BroadcastGradientArgs"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  return %r0 : tensor<?xi32>
}

// -----

// A scalar condition (TensorFlow: "WhereOp : Unhandled input dimensions: 0").
func.func @where_scalar(%c: tensor<i1>) {
  // expected-error @+1 {{'tf.Where' op needs an operand of a static shape, rank >= 1 (TensorFlow: WhereOp : Unhandled input dimensions: 0)}}
  %0 = "tf.Where"(%c) : (tensor<i1>) -> tensor<?x0xi64>
  return
}

// -----

func.func @where_int32(%c: tensor<3xi1>) {
  // expected-error @+1 {{'tf.Where' op needs an int64 result of one row per true element and one column per dim of its operand}}
  %0 = "tf.Where"(%c) : (tensor<3xi1>) -> tensor<?x1xi32>
  return
}
