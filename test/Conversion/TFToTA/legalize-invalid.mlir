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
  // expected-error @+1 {{'tf.Sin' op is not lowered by ta-legalize-tf (TensorFlow's own legalizations, or a pattern added to lib/Conversion/TFToTA/LegalizeTF*.cpp, must lower it)}}
  %0 = "tf.Sin"(%a) : (tensor<2xf32>) -> tensor<2xf32>
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
  // expected-error @+1 {{'tf.RealDiv' op divides integers; ta-legalize-tf lowers tf.RealDiv on floats}}
  %0 = "tf.RealDiv"(%a, %a) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
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
  // expected-error @+1 {{'tf.Neg' op negates bools, for which TensorFlow has no kernel}}
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

func.func @pack_vectors(%a: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Pack' op needs scalar operands and a 1-D result of them (ta-legalize-tf packs scalars)}}
  %0 = "tf.Pack"(%a, %a) {axis = 0 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reshape_dynamic(%a: tensor<4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Reshape' op needs a static result shape}}
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

func.func @slice_range(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op has a mask of the ranges form; ta-legalize-tf lowers x[i]}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 1 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?x5xf32>
  return
}

// -----

func.func @slice_no_shrink(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op needs shrink_axis_mask = 1: ta-legalize-tf lowers x[i]}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {shrink_axis_mask = 2 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_two_indices(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<[1, 0]> : tensor<2xi32>
  %e = arith.constant dense<[2, 2]> : tensor<2xi32>
  %s = arith.constant dense<[1, 1]> : tensor<2xi32>
  // expected-error @+1 {{'tf.StridedSlice' op needs begin, end and strides of one integer each (x[i])}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_dynamic_stride(%x: tensor<4x5xf32>, %s: tensor<1xi32>) {
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op needs constant strides}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_stride(%x: tensor<4x5xf32>) {
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<-1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op has a stride that is not positive, which TensorFlow rejects (only stride 1 allowed on non-range indexing)}}
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

func.func @transposed(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'tf.MatMul' op transposes an operand; ta-legalize-tf lowers plain products}}
  %0 = "tf.MatMul"(%a, %a) {transpose_a = true, transpose_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
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

func.func @addn_shapes(%a: tensor<2xf32>, %b: tensor<?xf32>) {
  // expected-error @+1 {{'tf.AddN' op needs operands of its result's type}}
  %0 = "tf.AddN"(%a, %b) : (tensor<2xf32>, tensor<?xf32>) -> tensor<2xf32>
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

func.func @slice_grad_range(%dy: tensor<1x2xf32>) {
  %shape = arith.constant dense<[3, 2]> : tensor<2xi32>
  %b = arith.constant dense<1> : tensor<1xi32>
  %e = arith.constant dense<2> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSliceGrad' op needs shrink_axis_mask = 1: ta-legalize-tf lowers x[i]}}
  %0 = "tf.StridedSliceGrad"(%shape, %b, %e, %s, %dy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  return
}
