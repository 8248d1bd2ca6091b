// RUN: ta-opt --allow-unregistered-dialect --ta-tf-refine-types %s | FileCheck %s

// ta-tf-refine-types alone: the unranked results of a TensorFlow 1 graph get
// the types TensorFlow's shape functions give them: the reshape's [3, -1] of
// a 2x3 tensor is 3x2, the loop carries what enters it (the counter a scalar,
// the state 3x2, which tanh keeps), comparisons and arithmetic the
// broadcast of their operands. What reads a refined value with its old type
// (the return) gets a tensor.cast.

// CHECK-LABEL: func.func @loop(
// CHECK: %[[R:.*]] = "tf.Reshape"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
// CHECK: %[[W:.*]]:2 = "tf.WhileRegion"(%{{.*}}, %[[R]])
// CHECK: ^bb0(%[[I:.*]]: tensor<i32>, %{{.*}}: tensor<3x2xf32>):
// CHECK: "tf.Greater"(%[[I]], %{{.*}}) : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: "tf.Yield"(%{{.*}}) : (tensor<i1>) -> ()
// CHECK: ^bb0(%[[J:.*]]: tensor<i32>, %[[V:.*]]: tensor<3x2xf32>):
// CHECK: %[[NEXT:.*]] = "tf.Sub"(%[[J]], %{{.*}}) : (tensor<i32>, tensor<i32>) -> tensor<i32>
// CHECK: %[[T:.*]] = "tf.Tanh"(%[[V]]) : (tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK: "tf.Yield"(%[[NEXT]], %[[T]]) : (tensor<i32>, tensor<3x2xf32>) -> ()
// CHECK: }) : (tensor<i32>, tensor<3x2xf32>) -> (tensor<i32>, tensor<3x2xf32>)
// CHECK: %[[OUT:.*]] = tensor.cast %[[W]]#1 : tensor<3x2xf32> to tensor<*xf32>
// CHECK: return %[[OUT]] : tensor<*xf32>
func.func @loop(%x: tensor<2x3xf32>, %n: tensor<i32>) -> tensor<*xf32> {
  %shape = "tf.Const"() <{value = dense<[3, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %t = "tf.Reshape"(%x, %shape) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  %r:2 = "tf.WhileRegion"(%n, %t) <{is_stateless = true, parallel_iterations = 10 : i64}> ({
  ^bb0(%i: tensor<*xi32>, %v: tensor<*xf32>):
    %z = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %c = "tf.Greater"(%i, %z) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
    "tf.Yield"(%c) : (tensor<*xi1>) -> ()
  }, {
  ^bb0(%i: tensor<*xi32>, %v: tensor<*xf32>):
    %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %j = "tf.Sub"(%i, %one) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
    %w = "tf.Tanh"(%v) : (tensor<*xf32>) -> tensor<*xf32>
    "tf.Yield"(%j, %w) : (tensor<*xi32>, tensor<*xf32>) -> ()
  }) : (tensor<i32>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>)
  return %r#1 : tensor<*xf32>
}

// Every op ta-legalize-tf lowers has TensorFlow's shape function: results
// left unranked (as in a TensorFlow 1 graph) get the shape TensorFlow gives
// them from the operands' shapes and constant operands.
// CHECK-LABEL: func.func @ops(
// CHECK: "tf.Transpose"{{.*}} -> tensor<3x2xf32>
// CHECK: "tf.ConcatV2"{{.*}} -> tensor<2x6xf32>
// CHECK: "tf.Split"{{.*}} -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
// CHECK: "tf.Squeeze"{{.*}} -> tensor<2xi1>
// CHECK: "tf.ExpandDims"{{.*}} -> tensor<4x1xf32>
// CHECK: "tf.Sum"{{.*}} -> tensor<2xf32>
// CHECK: "tf.Max"{{.*}} -> tensor<1x1xf32>
// CHECK: "tf.ArgMax"{{.*}} -> tensor<3xi64>
// CHECK: "tf.BiasAdd"{{.*}} -> tensor<2x3xf32>
// CHECK: "tf.BiasAddGrad"{{.*}} -> tensor<3xf32>
// CHECK: "tf.TanhGrad"{{.*}} -> tensor<2x3xf32>
// CHECK: "tf.Softmax"{{.*}} -> tensor<2x3xf32>
// CHECK: "tf.Cumsum"{{.*}} -> tensor<2x3xf32>
// CHECK: "tf.ReverseV2"{{.*}} -> tensor<2x3xf32>
// CHECK: "tf.Tile"{{.*}} -> tensor<4x3xf32>
// CHECK: "tf.Slice"{{.*}} -> tensor<1x2xf32>
// CHECK: "tf.BroadcastTo"{{.*}} -> tensor<4x2x3xf32>
// CHECK: "tf.GatherV2"{{.*}} -> tensor<2x5xf32>
// CHECK: "tf.OneHot"{{.*}} -> tensor<6x5xf32>
// range(1, 10, 3) = [1, 4, 7]
// CHECK: "tf.Range"{{.*}} -> tensor<3xi32>
// CHECK: "tf.Shape"{{.*}} -> tensor<2xi32>
// CHECK: "tf.SelectV2"{{.*}} -> tensor<2x3xf32>
// x[0:2, 0:3:2]
// CHECK: "tf.StridedSlice"{{.*}} -> tensor<2x2xf32>
// x[1, 0:] (dim 0 shrunk, dim 1's end masked)
// CHECK: "tf.StridedSlice"{{.*}} -> tensor<3xf32>
// CHECK: "tf.IdentityN"{{.*}} -> (tensor<2x3xf32>, tensor<4xf32>)
// CHECK: "tf.MatMul"{{.*}} -> tensor<3x3xf32>
func.func @ops(%x: tensor<2x3xf32>, %v: tensor<4xf32>, %i: tensor<5xi32>, %b: tensor<3xf32>, %c: tensor<2x1xi1>) {
  %perm = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %axis0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %axis1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %axisn = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %axes = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %mult = "tf.Const"() {value = dense<[2, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %begin = "tf.Const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %size = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %shape = "tf.Const"() {value = dense<[4, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %depth = "tf.Const"() {value = dense<6> : tensor<i32>} : () -> tensor<i32>
  %on = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %off = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %start = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %limit = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %delta = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %sb = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %se = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %ss = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %ss1 = "tf.Const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %sb2 = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %se2 = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %xt = "tf.Transpose"(%x, %perm) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  %cat = "tf.ConcatV2"(%x, %x, %axis1) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>) -> tensor<*xf32>
  %sp:3 = "tf.Split"(%axis1, %x) {num_split = 3 : i64} : (tensor<i32>, tensor<2x3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %sq = "tf.Squeeze"(%c) {squeeze_dims = [-1]} : (tensor<2x1xi1>) -> tensor<*xi1>
  %ed = "tf.ExpandDims"(%v, %axisn) : (tensor<4xf32>, tensor<i32>) -> tensor<*xf32>
  %sum = "tf.Sum"(%x, %axis1) {keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<*xf32>
  %max = "tf.Max"(%x, %axes) {keep_dims = true} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  %am = "tf.ArgMax"(%x, %axis0) : (tensor<2x3xf32>, tensor<i32>) -> tensor<*xi64>
  %ba = "tf.BiasAdd"(%x, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  %bg = "tf.BiasAddGrad"(%x) : (tensor<2x3xf32>) -> tensor<*xf32>
  %tg = "tf.TanhGrad"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  %sm = "tf.Softmax"(%x) : (tensor<2x3xf32>) -> tensor<*xf32>
  %cs = "tf.Cumsum"(%x, %axis1) : (tensor<2x3xf32>, tensor<i32>) -> tensor<*xf32>
  %rv = "tf.ReverseV2"(%x, %axis0) : (tensor<2x3xf32>, tensor<i32>) -> tensor<*xf32>
  %tl = "tf.Tile"(%x, %mult) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  %sl = "tf.Slice"(%x, %begin, %size) : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  %bt = "tf.BroadcastTo"(%x, %shape) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<*xf32>
  %g = "tf.GatherV2"(%x, %i, %axis1) {batch_dims = 0 : i64} : (tensor<2x3xf32>, tensor<5xi32>, tensor<i32>) -> tensor<*xf32>
  %oh = "tf.OneHot"(%i, %depth, %on, %off) {axis = 0 : i64} : (tensor<5xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
  %rg = "tf.Range"(%start, %limit, %delta) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<*xi32>
  %sh = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<*xi32>
  %sel = "tf.SelectV2"(%c, %x, %b) : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  %st = "tf.StridedSlice"(%x, %sb, %se, %ss) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  %st2 = "tf.StridedSlice"(%x, %sb2, %se2, %ss1) {begin_mask = 0 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  %idn:2 = "tf.IdentityN"(%x, %v) : (tensor<2x3xf32>, tensor<4xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %mm = "tf.MatMul"(%x, %x) {transpose_a = true, transpose_b = false} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  "tf.Use"(%xt, %cat, %sp#0, %sp#2, %sq, %ed, %sum, %max, %am, %ba, %bg, %tg, %sm, %cs, %rv, %tl, %sl, %bt, %g, %oh, %rg, %sh, %sel, %st, %st2, %idn#0, %idn#1, %mm) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xi1>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xi64>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xi32>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  return
}

// TensorFlow's broadcast: a dim unknown against a known one > 1 is that
// one (the unknown must be 1 or equal, checked at run time); against 1 it
// stays unknown. A TensorArray's read has the element shape its
// tf.TensorArrayV3 states.
// CHECK-LABEL: func.func @broadcast_and_read(
// CHECK: "tf.AddV2"{{.*}} -> tensor<2x3xf32>
// CHECK: "tf.Mul"{{.*}} -> tensor<?x3xf32>
// CHECK: "tf.TensorArrayReadV3"{{.*}} -> tensor<2x4xf32>
func.func @broadcast_and_read(%a: tensor<?x3xf32>, %b: tensor<2x3xf32>, %c: tensor<1x3xf32>, %n: tensor<i32>) {
  %s = "tf.AddV2"(%a, %b) : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  %p = "tf.Mul"(%a, %c) : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<*xf32>
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2x4>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %id = "tf.Identity"(%h) : (tensor<2x!tf_type.resource>) -> tensor<2x!tf_type.resource>
  %r = "tf.TensorArrayReadV3"(%id, %n, %f) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  "tf.Use"(%s, %p, %r) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  return
}

// An array made without an element shape (TensorFlow 1's tf.map_fn and
// tf.scan unstack their input into one) has the shape its writes and
// scatters agree on, partial element shapes included; reads of arrays
// whose writes disagree, whose split may make pieces of any length, or
// whose handle a loop carries away stay unranked.
// CHECK-LABEL: func.func @read_written(
// CHECK: "tf.TensorArrayReadV3"(%{{.*}}) : {{.*}} -> tensor<4xf32>
// CHECK: "tf.TensorArrayReadV3"(%{{.*}}) : {{.*}} -> tensor<2x3xf32>
// CHECK: "tf.TensorArrayReadV3"(%{{.*}}) : {{.*}} -> tensor<*xf32>
// CHECK: "tf.TensorArrayReadV3"(%{{.*}}) : {{.*}} -> tensor<*xf32>
// CHECK: "tf.TensorArrayReadV3"(%{{.*}}) : {{.*}} -> tensor<*xf32>
func.func @read_written(%x: tensor<3x4xf32>, %y: tensor<2x3xf32>, %z: tensor<3x3xf32>, %n: tensor<i32>, %i: tensor<3xi32>, %len: tensor<2xi64>) {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<*>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %f1 = "tf.TensorArrayScatterV3"(%h, %i, %x, %f) : (tensor<2x!tf_type.resource>, tensor<3xi32>, tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
  %r = "tf.TensorArrayReadV3"(%h, %n, %f1) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  %h2, %f2 = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<?x3>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %id2 = "tf.Identity"(%h2) : (tensor<2x!tf_type.resource>) -> tensor<2x!tf_type.resource>
  %f3 = "tf.TensorArrayWriteV3"(%id2, %n, %y, %f2) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %r2 = "tf.TensorArrayReadV3"(%h2, %n, %f3) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  %h3, %f4 = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<*>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %f5 = "tf.TensorArrayWriteV3"(%h3, %n, %y, %f4) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %f6 = "tf.TensorArrayScatterV3"(%h3, %i, %z, %f5) : (tensor<2x!tf_type.resource>, tensor<3xi32>, tensor<3x3xf32>, tensor<f32>) -> tensor<f32>
  %r3 = "tf.TensorArrayReadV3"(%h3, %n, %f6) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  %h4, %f7 = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<*>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %f8 = "tf.TensorArraySplitV3"(%h4, %z, %len, %f7) : (tensor<2x!tf_type.resource>, tensor<3x3xf32>, tensor<2xi64>, tensor<f32>) -> tensor<f32>
  %r4 = "tf.TensorArrayReadV3"(%h4, %n, %f8) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  %h5, %f9 = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<*>} : (tensor<i32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %f10 = "tf.TensorArrayWriteV3"(%h5, %n, %y, %f9) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %l:2 = "tf.WhileRegion"(%h5, %f10) ({
  ^bb0(%a: tensor<2x!tf_type.resource>, %b: tensor<f32>):
    %c = "tf.Const"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<2x!tf_type.resource>, %b: tensor<f32>):
    "tf.Yield"(%a, %b) : (tensor<2x!tf_type.resource>, tensor<f32>) -> ()
  }) {is_stateless = false} : (tensor<2x!tf_type.resource>, tensor<f32>) -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %r5 = "tf.TensorArrayReadV3"(%h5, %n, %f10) : (tensor<2x!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  "tf.Use"(%r, %r2, %r3, %r4, %r5) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  return
}

// Bounds TensorFlow rejects give no shape (the lowering diagnoses them);
// sizes whose arithmetic would overflow int64 are computed without it:
// range(0, 10, INT64_MAX) and x[0:3:INT64_MAX] have one element each.
// CHECK-LABEL: func.func @edges(
// CHECK: "tf.Slice"{{.*}} -> tensor<*xf32>
// CHECK: "tf.Range"{{.*}} -> tensor<1xi64>
// CHECK: "tf.StridedSlice"{{.*}} -> tensor<1xf32>
func.func @edges(%x: tensor<4x3xf32>, %v: tensor<4xf32>) {
  %b1 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %s2 = "tf.Const"() {value = dense<[-1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %sl = "tf.Slice"(%x, %b1, %s2) : (tensor<4x3xf32>, tensor<1xi32>, tensor<2xi32>) -> tensor<*xf32>
  %zero = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %ten = "tf.Const"() {value = dense<10> : tensor<i64>} : () -> tensor<i64>
  %big = "tf.Const"() {value = dense<9223372036854775807> : tensor<i64>} : () -> tensor<i64>
  %rg = "tf.Range"(%zero, %ten, %big) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<*xi64>
  %begin = "tf.Const"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %end = "tf.Const"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  %stride = "tf.Const"() {value = dense<9223372036854775807> : tensor<1xi64>} : () -> tensor<1xi64>
  %st = "tf.StridedSlice"(%v, %begin, %end, %stride) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>
  "tf.Use"(%sl, %rg, %st) : (tensor<*xf32>, tensor<*xi64>, tensor<*xf32>) -> ()
  return
}

// A cast that only forgets dims (a loop's result typed as TensorFlow
// declared it, ?x2x3 where the loop carries 5x2x3) is read through: the
// TensorFlow ops after it get the static shapes, what is not a TensorFlow
// op keeps reading the cast.
// CHECK-LABEL: func.func @read_through_cast(
// CHECK-SAME: %[[X:.*]]: tensor<5x2x3xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<5x2x3xf32> to tensor<?x2x3xf32>
// CHECK: %[[T:.*]] = "tf.Transpose"(%[[X]], %{{.*}}) : (tensor<5x2x3xf32>, tensor<3xi32>) -> tensor<2x5x3xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[T]] : tensor<2x5x3xf32> to tensor<2x?x3xf32>
// CHECK: return %[[R]], %[[C]]
func.func @read_through_cast(%x: tensor<5x2x3xf32>) -> (tensor<2x?x3xf32>, tensor<?x2x3xf32>) {
  %perm = "tf.Const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %c = tensor.cast %x : tensor<5x2x3xf32> to tensor<?x2x3xf32>
  %t = "tf.Transpose"(%c, %perm) : (tensor<?x2x3xf32>, tensor<3xi32>) -> tensor<2x?x3xf32>
  return %t, %c : tensor<2x?x3xf32>, tensor<?x2x3xf32>
}

// tf.UnsortedSegmentSum (a gather's gradient made dense): num_segments
// rows of data's dims past the ids' rank; a count known at run time only
// leaves the rows open. tf.Where of one operand: a row per true element (a
// count known at run time) of one coordinate per dim.
// CHECK-LABEL: func.func @segments(
// CHECK: "tf.UnsortedSegmentSum"{{.*}} -> tensor<5x3xf32>
// CHECK: "tf.UnsortedSegmentProd"{{.*}} -> tensor<?x3xf32>
// CHECK: "tf.Where"{{.*}} -> tensor<?x3xi64>
func.func @segments(%d: tensor<2x2x3xf32>, %ids: tensor<2x2xi32>, %m: tensor<i32>) {
  %n = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %s = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<2x2x3xf32>, tensor<2x2xi32>, tensor<i32>) -> tensor<*xf32>
  %p = "tf.UnsortedSegmentProd"(%d, %ids, %m) : (tensor<2x2x3xf32>, tensor<2x2xi32>, tensor<i32>) -> tensor<*xf32>
  %w = "tf.Where"(%d) : (tensor<2x2x3xf32>) -> tensor<*xi64>
  "tf.Use"(%s, %p, %w) : (tensor<*xf32>, tensor<*xf32>, tensor<*xi64>) -> ()
  return
}

// Shapes known at run time: tf.Fill and tf.Reshape to tf.Shape of a value
// take its type's dims (?x2); tf.Rank of a ranked value and tf.Range of
// constants fold, so a tf.Sum over Range(0, Rank(x)) reduces every dim.
// CHECK-LABEL: func.func @shape_of(
// CHECK: "tf.Fill"{{.*}} -> tensor<?x2xf32>
// CHECK: "tf.Reshape"{{.*}} -> tensor<?x2xf32>
// CHECK: "tf.Sum"{{.*}} -> tensor<f32>
func.func @shape_of(%x: tensor<?x2xf32>, %y: tensor<2x?xf32>) {
  %s = "tf.Shape"(%x) : (tensor<?x2xf32>) -> tensor<2xi32>
  %one = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %f = "tf.Fill"(%s, %one) : (tensor<2xi32>, tensor<f32>) -> tensor<*xf32>
  %r = "tf.Reshape"(%y, %s) : (tensor<2x?xf32>, tensor<2xi32>) -> tensor<*xf32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %d = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %rank = "tf.Rank"(%x) : (tensor<?x2xf32>) -> tensor<i32>
  %all = "tf.Range"(%z, %rank, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %sum = "tf.Sum"(%x, %all) <{keep_dims = false}> : (tensor<?x2xf32>, tensor<?xi32>) -> tensor<*xf32>
  "tf.Use"(%f, %r, %sum) : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> ()
  return
}

// A tf.Const whose value is not of its type (nothing has verified it yet)
// is no constant: the slice's end and strides are unknown, its type the one
// the index it takes (the shrink mask) gives.
// CHECK-LABEL: func.func @mistyped_constant(
// CHECK: "tf.StridedSlice"{{.*}} -> tensor<f32>
func.func @mistyped_constant(%x: tensor<2xf32>) -> tensor<*xf32> {
  %strides = "tf.Const"() <{value = dense<1> : tensor<0xi32>}> : () -> tensor<1xi32>
  %begin = "tf.Const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tf.StridedSlice"(%x, %begin, %strides, %strides) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64}> : (tensor<2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xf32>
  return %s : tensor<*xf32>
}
