// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf %s | FileCheck %s
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf %s | ta-opt --allow-unregistered-dialect --verify-roundtrip > /dev/null

// TensorFlow's generic form, as its MLIR exporter prints it: every
// TensorArray op becomes its ta op, constant int32 sizes and indices fold to
// index constants, flows become !ta.flow, TensorFlow result types that are
// less refined than ta's are kept through tensor.cast.

!R = tensor<2x!tf_type.resource<tensor<2xf32>>>

// CHECK-LABEL: func.func @forward(
// CHECK-SAME: %[[X:.*]]: tensor<3x2xf32>
// The tf.Const tensors that only fed folded sizes and indices are gone.
// CHECK-NOT: dense<3> : tensor<i32>
// CHECK-NOT: dense<1> : tensor<i32>
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create %[[C3]] {clear_after_read = false, identical_element_shapes = true, name = "xs"} : !ta.handle<3, tensor<2xf32>>
// CHECK: %[[IDX:.*]] = arith.constant dense<[2, 0, 1]> : tensor<3xi32>
// CHECK: %[[F1:.*]] = ta.scatter %[[H]][%[[IDX]]], %[[X]], %[[F]] : !ta.handle<3, tensor<2xf32>>, tensor<3xi32>, tensor<3x2xf32>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[R:.*]] = ta.read %[[H]][%[[C1]]], %[[F1]] : !ta.handle<3, tensor<2xf32>>
// CHECK: %[[N:.*]] = ta.size %[[H]], %[[F1]]
// CHECK: %[[N32:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK: %[[NT:.*]] = tensor.from_elements %[[N32]] : tensor<i32>
// CHECK: %[[V:.*]], %[[L:.*]] = ta.concat %[[H]], %[[F1]] : !ta.handle<3, tensor<2xf32>>
// CHECK: tensor.cast %[[V]] : tensor<6xf32> to tensor<?xf32>
// CHECK: ta.close %[[H]]
// The read has the element type TensorFlow's shape function gives it, cast
// back where the function returns it unranked.
// CHECK: %[[RC:.*]] = tensor.cast %[[R]] : tensor<2xf32> to tensor<*xf32>
// CHECK-NOT: "tf.
// CHECK: return %[[RC]], %[[NT]], %{{.*}}, %[[L]]
func.func @forward(%x: tensor<3x2xf32>) -> (tensor<*xf32>, tensor<i32>, tensor<?xf32>, tensor<?xi64>) {
  %size = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%size) {clear_after_read = false, device = "", dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<2>, identical_element_shapes = true, tensor_array_name = "xs"} : (tensor<i32>) -> (!R, tensor<f32>)
  %idx = "tf.Const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %f1 = "tf.TensorArrayScatterV3"(%h, %idx, %x, %f) {device = ""} : (!R, tensor<3xi32>, tensor<3x2xf32>, tensor<f32>) -> tensor<f32>
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %r = "tf.TensorArrayReadV3"(%h, %one, %f1) {device = "", dtype = f32} : (!R, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  %n = "tf.TensorArraySizeV3"(%h, %f1) {device = ""} : (!R, tensor<f32>) -> tensor<i32>
  %v, %l = "tf.TensorArrayConcatV3"(%h, %f1) {device = "", dtype = f32, element_shape_except0 = #tf_type.shape<*>} : (!R, tensor<f32>) -> (tensor<?xf32>, tensor<?xi64>)
  "tf.TensorArrayCloseV3"(%h) {device = ""} : (!R) -> ()
  return %r, %n, %v, %l : tensor<*xf32>, tensor<i32>, tensor<?xf32>, tensor<?xi64>
}

// Runtime sizes and indices are read from their tensors; dynamic_size and an
// unknown size give `?`; the element shape comes from the resource subtype
// when element_shape is unknown.
// CHECK-LABEL: func.func @runtime(
// CHECK-SAME: %[[N:[^:]*]]: tensor<i32>, %[[I:[^:]*]]: tensor<i32>, %[[V:[^:]*]]: tensor<4xi64>, %[[P:[^:]*]]: tensor<1xi32>
// CHECK: %[[NE:.*]] = tensor.extract %[[N]][] : tensor<i32>
// CHECK: %[[NI:.*]] = arith.index_cast %[[NE]] : i32 to index
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create %[[NI]] {dynamic_size = true} : !ta.handle<?, tensor<4xi64>>
// CHECK: %[[IE:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK: %[[II:.*]] = arith.index_cast %[[IE]] : i32 to index
// CHECK: %[[F1:.*]] = ta.write %[[H]][%[[II]]], %[[V]], %[[F]] : !ta.handle<?, tensor<4xi64>>, tensor<4xi64>
// CHECK: %[[G:.*]], %[[GF:.*]] = ta.grad %[[H]], %[[F1]] source "gradients" : !ta.handle<?, tensor<4xi64>>
// CHECK: %[[GF1:.*]] = ta.write %[[G]][%{{.*}}], %[[V]], %[[GF]] : !ta.handle<?, tensor<4xi64>, grad>, tensor<4xi64>
// CHECK: ta.grad_with_shape %[[H]], %[[F1]], %[[P]] source "pfor" : !ta.handle<?, tensor<4xi64>>, tensor<1xi32>
// TensorFlow's value for a flow read by another op: 0.0.
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: return %[[ZERO]]
func.func @runtime(%n: tensor<i32>, %i: tensor<i32>, %v: tensor<4xi64>, %p: tensor<1xi32>) -> tensor<f32> {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = i64, dynamic_size = true, element_shape = #tf_type.shape<*>, clear_after_read = true, identical_element_shapes = false, tensor_array_name = ""} : (tensor<i32>) -> (tensor<2x!tf_type.resource<tensor<4xi64>>>, tensor<f32>)
  %f1 = "tf.TensorArrayWriteV3"(%h, %i, %v, %f) : (tensor<2x!tf_type.resource<tensor<4xi64>>>, tensor<i32>, tensor<4xi64>, tensor<f32>) -> tensor<f32>
  %g, %gf = "tf.TensorArrayGradV3"(%h, %f1) {source = "gradients"} : (tensor<2x!tf_type.resource<tensor<4xi64>>>, tensor<f32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %gf1 = "tf.TensorArrayWriteV3"(%g, %i, %v, %gf) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<4xi64>, tensor<f32>) -> tensor<f32>
  %w, %wf = "tf.TensorArrayGradWithShape"(%h, %f1, %p) {source = "pfor"} : (tensor<2x!tf_type.resource<tensor<4xi64>>>, tensor<f32>, tensor<1xi32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  return %gf1 : tensor<f32>
}

// Gather, split, an unranked element shape, and UnbatchGrad.
// CHECK-LABEL: func.func @bulk(
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create %{{.*}} : !ta.handle<?, tensor<*xf32>>
// CHECK: ta.split %[[H]], %{{.*}}, %{{.*}}, %[[F]] : !ta.handle<?, tensor<*xf32>>, tensor<6xf32>, tensor<3xi64>
// CHECK: ta.gather %[[H]][%{{.*}}], %{{.*}} : !ta.handle<?, tensor<*xf32>>, tensor<2xi32>
// CHECK: %[[ID:.*]] = tensor.extract %{{.*}}[] : tensor<i64>
// CHECK: ta.unbatch_grad %{{.*}}, %{{.*}}, %{{.*}}, %[[ID]] {container = "c", shared_name = "s"} : tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>
func.func @bulk(%n: tensor<i32>, %flat: tensor<6xf32>, %lengths: tensor<3xi64>, %which: tensor<2xi32>, %orig: tensor<?x2xf32>, %bi: tensor<?x3xi64>, %grad: tensor<?x2xf32>, %id: tensor<i64>) -> (tensor<*xf32>, tensor<?x2xf32>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<*>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %f1 = "tf.TensorArraySplitV3"(%h, %flat, %lengths, %f) : (tensor<2x!tf_type.resource>, tensor<6xf32>, tensor<3xi64>, tensor<f32>) -> tensor<f32>
  %g = "tf.TensorArrayGatherV3"(%h, %which, %f1) {dtype = f32, element_shape = #tf_type.shape<*>} : (tensor<2x!tf_type.resource>, tensor<2xi32>, tensor<f32>) -> tensor<*xf32>
  %u = "tf.UnbatchGrad"(%orig, %bi, %grad, %id) {container = "c", shared_name = "s", T = f32} : (tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>, tensor<i64>) -> tensor<?x2xf32>
  return %g, %u : tensor<*xf32>, tensor<?x2xf32>
}

// Other TensorFlow ops are left alone.
// CHECK-LABEL: func.func @others(
// CHECK: "tf.AddV2"
func.func @others(%a: tensor<f32>) -> tensor<f32> {
  %b = "tf.AddV2"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %b : tensor<f32>
}

// A flow already typed `!ta.flow` before import and used where no flow can
// go is replaced by TensorFlow's value of every flow, 0.0.
// CHECK-LABEL: func.func private @typed_flow(
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: "tf.AddV2"(%[[Z]], %{{.*}}) : (tensor<f32>, tensor<f32>) -> tensor<f32>
func.func private @typed_flow(%f: !ta.flow, %x: tensor<f32>) -> tensor<f32> {
  %r = "tf.AddV2"(%f, %x) : (!ta.flow, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
