// TensorFlow 2's tf.TensorArray.gather, .scatter, .concat and .split (and
// their gradients') TensorList ops, imported as tensor ops, run in both
// checks modes. Expected values and texts are TensorFlow 2.21's (list_ops
// run eagerly on this machine):
//   a list of 3 [2]-elements with [1,2] at 1, gathered at [1,0,1]:
//   [[1,2],[0,0],[1,2]];
//   TensorListScatterV2 of [[1,2],[3,4]] at [3,0] (num_elements -1):
//   [[3,4],[0,0],[0,0],[1,2]]; at [1,0] with num_elements 4:
//   [[3,4],[1,2],[0,0],[0,0]]; at [1,1] (the later row wins): [[0,0],[3,4]];
//   TensorListScatterIntoExistingList of [[1,2],[3,4]] into that list at
//   [2,0]: [[3,4],[1,2],[1,2]]; at [5,0] it grows to 6 elements, and
//   TensorFlow's GetItem reads [3,4], [1,2], [0,0] and [1,2] at 0, 1, 2 and
//   5, but 0-element tensors at 3 and 4 (its growth appends empty tensors,
//   not unset elements, and its stack then shifts row 5 up to 3): ta reads
//   3 and 4 as unset elements, zeros, as every other list op does:
//   [[3,4],[1,2],[0,0],[0,0],[0,0],[1,2]];
//   TensorListConcatV2 of 2 [2,3]-elements, element 1 all ones:
//   [[0,0,0],[0,0,0],[1,1,1],[1,1,1]], lengths [2,2];
//   TensorListSplit of [[1,2],[3,4],[5,6],[7,8]] into lengths [2,2],
//   stacked: [[[1,2],[3,4]],[[5,6],[7,8]]];
//   a list made with an unknown element shape words the gather's index
//   check otherwise ("Trying to gather element 3 in a list with 3
//   elements.") and refuses to gather nothing ("Tried to gather 0-elements
//   from a list with non-fully-defined shape: <unknown>");
//   ScatterIntoExistingList of no rows leaves the list: [[0,0],[1,2],[0,0]].
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// TensorFlow's run-time errors, with its texts (its typo included).
// RUN: not %run_cpu -e gather_out_of_range %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: not %run_cpu -e gather_negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GATHERNEG
// RUN: not %run_cpu -e scatter_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %run_cpu -e scatter_rows %t.none.mlir 2>&1 | FileCheck %s --check-prefix=ROWS
// RUN: not %run_cpu -e scatter_past_count %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not %run_cpu -e scatter_count %t.none.mlir 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not %run_cpu -e scatter_into_rows %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=INTOROWS
// RUN: not %run_cpu -e scatter_into_negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %run_cpu -e concat_scalars %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SCALARS
// RUN: not %run_cpu -e split_unused %t.none.mlir 2>&1 | FileCheck %s --check-prefix=UNUSED
// RUN: not %run_cpu -e split_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SPLITNEG
// RUN: not %run_cpu -e split_past_end %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SLICE
// A split TensorFlow takes (pieces of 1 and 3 rows) but ta cannot hold in
// a list of one static element shape: ta's text.
// RUN: not %run_cpu -e split_ragged %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RAGGED
// RUN: not %run_cpu -e gather_unknown_out_of_range %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GATHERAT
// RUN: not %run_cpu -e gather_unknown_nothing %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GATHEREMPTY
// GATHERAT: ta runtime error: Trying to gather element 3 in a list with 3 elements.
// GATHEREMPTY: ta runtime error: Tried to gather 0-elements from a list with non-fully-defined shape: <unknown>
// A result type the exporter got wrong (3 rows where 2 are gathered).
// RUN: not %run_cpu -e gather_result_dim %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RESULTDIM
// RESULTDIM: ta runtime error: a result has 2 elements in dimension 0 where its type says 3
// GATHER: ta runtime error: Index 3 out o range; list only has 3 elements.
// GATHERNEG: ta runtime error: Index -1 out o range; list only has 3 elements.
// NEG: ta runtime error: Indices in TensorListScatter must all be non-negative.
// ROWS: ta runtime error: Invalid number of rows in input tensor. Expected: 3 Actual: 2
// PAST: ta runtime error: TensorListScatter: Trying to scatter at index 2 in list with size 2
// COUNT: ta runtime error: TensorListScatter expects num_elements >= -1, found: -2
// INTOROWS: ta runtime error: Expected len(indices) == tensor.shape[0], but saw: 1 vs. 2
// SCALARS: ta runtime error: Concat requires elements to be at least vectors, found scalars instead.
// UNUSED: ta runtime error: Unused values in tensor. Length of tensor: 4 Values used: 3
// SPLITNEG: ta runtime error: Invalid value in lengths: -1
// SLICE: ta runtime error: Attempting to slice [2, 5] from tensor with length 4
// RAGGED: ta runtime error: TensorListSplit of a piece of length 1 into a list whose elements have 2 rows: ta-import-tf takes lists whose items have one static shape

!L = tensor<!tf_type.variant<tensor<2xf32>>>
!U = tensor<!tf_type.variant<tensor<*xf32>>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @show(%t: tensor<?x2xf32>) {
  %u = tensor.cast %t : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// A list of 3 [2]-elements with [1,2] at 1.
func.func @three() -> !L {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %i1 = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %x = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> !L
  %l1 = "tf.TensorListSetItem"(%l, %i1, %x) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  return %l1 : !L
}

// TensorFlow's default element shape (unknown): the items fix it.
func.func @scatter(%t: tensor<2x2xf32>, %at: tensor<2xi32>, %num: tensor<i32>) -> tensor<?x2xf32> {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListScatterV2"(%t, %at, %shape, %num) : (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>) -> !U
  %s = "tf.TensorListStack"(%l, %shape) <{num_elements = -1 : i64}> : (!U, tensor<i32>) -> tensor<?x2xf32>
  return %s : tensor<?x2xf32>
}

func.func @scatter_into(%t: tensor<2x2xf32>, %at: tensor<2xi32>) -> tensor<?x2xf32> {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %l = "tf.StatefulPartitionedCall"() <{f = @three}> : () -> !L
  %l1 = "tf.TensorListScatterIntoExistingList"(%l, %t, %at) : (!L, tensor<2x2xf32>, tensor<2xi32>) -> !L
  %s = "tf.TensorListStack"(%l1, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  return %s : tensor<?x2xf32>
}

func.func @gather(%at: tensor<?xi32>) -> tensor<?x2xf32> {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %l = "tf.StatefulPartitionedCall"() <{f = @three}> : () -> !L
  %g = "tf.TensorListGather"(%l, %at, %shape) : (!L, tensor<?xi32>, tensor<1xi32>) -> tensor<?x2xf32>
  return %g : tensor<?x2xf32>
}

// Lengths known at run time only: a later stack fixes the element shape.
func.func @split(%t: tensor<4x2xf32>, %lengths: tensor<?xi64>) -> tensor<?x2x2xf32> {
  %shape = "tf.Const"() <{value = dense<[-1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %l = "tf.TensorListSplit"(%t, %shape, %lengths) : (tensor<4x2xf32>, tensor<2xi32>, tensor<?xi64>) -> tensor<!tf_type.variant<tensor<?x2xf32>>>
  %s = "tf.TensorListStack"(%l, %shape) <{num_elements = -1 : i64}> : (tensor<!tf_type.variant<tensor<?x2xf32>>>, tensor<2xi32>) -> tensor<?x2x2xf32>
  return %s : tensor<?x2x2xf32>
}

func.func @main() {
  %a = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %m1 = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %four = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %at30 = "tf.Const"() <{value = dense<[3, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %at10 = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %at11 = "tf.Const"() <{value = dense<[1, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %at20 = "tf.Const"() <{value = dense<[2, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %at50 = "tf.Const"() <{value = dense<[5, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %at101 = "tf.Const"() <{value = dense<[1, 0, 1]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %at101d = "tf.Cast"(%at101) {Truncate = false} : (tensor<3xi32>) -> tensor<?xi32>
  // CHECK: {{\[}}[1,   2],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [1,   2]]
  %g = "tf.StatefulPartitionedCall"(%at101d) <{f = @gather}> : (tensor<?xi32>) -> tensor<?x2xf32>
  call @show(%g) : (tensor<?x2xf32>) -> ()
  // CHECK: {{\[}}[3,   4],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [1,   2]]
  %s1 = "tf.StatefulPartitionedCall"(%a, %at30, %m1) <{f = @scatter}> : (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<?x2xf32>
  call @show(%s1) : (tensor<?x2xf32>) -> ()
  // CHECK: {{\[}}[3,   4],
  // CHECK-NEXT: [1,   2],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [0,   0]]
  %s2 = "tf.StatefulPartitionedCall"(%a, %at10, %four) <{f = @scatter}> : (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<?x2xf32>
  call @show(%s2) : (tensor<?x2xf32>) -> ()
  // CHECK: {{\[}}[0,   0],
  // CHECK-NEXT: [3,   4]]
  %s3 = "tf.StatefulPartitionedCall"(%a, %at11, %m1) <{f = @scatter}> : (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<?x2xf32>
  call @show(%s3) : (tensor<?x2xf32>) -> ()
  // CHECK: {{\[}}[3,   4],
  // CHECK-NEXT: [1,   2],
  // CHECK-NEXT: [1,   2]]
  %s4 = "tf.StatefulPartitionedCall"(%a, %at20) <{f = @scatter_into}> : (tensor<2x2xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  call @show(%s4) : (tensor<?x2xf32>) -> ()
  // CHECK: {{\[}}[3,   4],
  // CHECK-NEXT: [1,   2],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [1,   2]]
  %s5 = "tf.StatefulPartitionedCall"(%a, %at50) <{f = @scatter_into}> : (tensor<2x2xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  call @show(%s5) : (tensor<?x2xf32>) -> ()
  // CHECK: {{\[}}[0,   0,   0],
  // CHECK-NEXT: [0,   0,   0],
  // CHECK-NEXT: [1,   1,   1],
  // CHECK-NEXT: [1,   1,   1]]
  // CHECK: [2,  2]
  %shape23 = "tf.Const"() <{value = dense<[2, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %i1 = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %ones = "tf.Const"() <{value = dense<1.0> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %none = "tf.Const"() <{value = dense<> : tensor<0xi64>}> : () -> tensor<0xi64>
  %c = "tf.TensorListReserve"(%shape23, %two) : (tensor<2xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2x3xf32>>>
  %c1 = "tf.TensorListSetItem"(%c, %i1, %ones) : (tensor<!tf_type.variant<tensor<2x3xf32>>>, tensor<i32>, tensor<2x3xf32>) -> tensor<!tf_type.variant<tensor<2x3xf32>>>
  %cat, %lengths = "tf.TensorListConcatV2"(%c1, %shape23, %none) : (tensor<!tf_type.variant<tensor<2x3xf32>>>, tensor<2xi32>, tensor<0xi64>) -> (tensor<?x3xf32>, tensor<?xi64>)
  %catu = tensor.cast %cat : tensor<?x3xf32> to tensor<*xf32>
  call @printMemrefF32(%catu) : (tensor<*xf32>) -> ()
  %lengthsu = tensor.cast %lengths : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%lengthsu) : (tensor<*xi64>) -> ()
  // CHECK: {{\[}}{{\[}}[1,    2],
  // CHECK-NEXT: {{^}}  [3,    4]],
  // CHECK-NEXT: {{^}} {{\[}}[5,    6],
  // CHECK-NEXT: {{^}}  [7,    8]]]
  %rows = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>}> : () -> tensor<4x2xf32>
  %l22 = "tf.Const"() <{value = dense<[2, 2]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %l22d = "tf.Cast"(%l22) {Truncate = false} : (tensor<2xi64>) -> tensor<?xi64>
  %sp = "tf.StatefulPartitionedCall"(%rows, %l22d) <{f = @split}> : (tensor<4x2xf32>, tensor<?xi64>) -> tensor<?x2x2xf32>
  %spu = tensor.cast %sp : tensor<?x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%spu) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[0,   0],
  // CHECK-NEXT: [1,   2],
  // CHECK-NEXT: [0,   0]]
  %nothing = "tf.Const"() <{value = dense<> : tensor<0x2xf32>}> : () -> tensor<0x2xf32>
  %noidx = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %shape2 = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %l3 = "tf.StatefulPartitionedCall"() <{f = @three}> : () -> !L
  %l4 = "tf.TensorListScatterIntoExistingList"(%l3, %nothing, %noidx) : (!L, tensor<0x2xf32>, tensor<0xi32>) -> !L
  %st = "tf.TensorListStack"(%l4, %shape2) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  call @show(%st) : (tensor<?x2xf32>) -> ()
  return
}

func.func @gather_unknown(%at: tensor<?xi32>) -> tensor<?x2xf32> {
  %shape = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %i1 = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %x = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<i32>, tensor<i32>) -> !U
  %l1 = "tf.TensorListSetItem"(%l, %i1, %x) : (!U, tensor<i32>, tensor<2xf32>) -> !U
  %g = "tf.TensorListGather"(%l1, %at, %shape) : (!U, tensor<?xi32>, tensor<i32>) -> tensor<?x2xf32>
  return %g : tensor<?x2xf32>
}

func.func @gather_unknown_out_of_range() {
  %at = "tf.Const"() <{value = dense<[1, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %atd = "tf.Cast"(%at) {Truncate = false} : (tensor<2xi32>) -> tensor<?xi32>
  %g = "tf.StatefulPartitionedCall"(%atd) <{f = @gather_unknown}> : (tensor<?xi32>) -> tensor<?x2xf32>
  call @show(%g) : (tensor<?x2xf32>) -> ()
  return
}

func.func @gather_unknown_nothing() {
  %at = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %atd = "tf.Cast"(%at) {Truncate = false} : (tensor<0xi32>) -> tensor<?xi32>
  %g = "tf.StatefulPartitionedCall"(%atd) <{f = @gather_unknown}> : (tensor<?xi32>) -> tensor<?x2xf32>
  call @show(%g) : (tensor<?x2xf32>) -> ()
  return
}

func.func @gather_three(%at: tensor<?xi32>) -> tensor<3x2xf32> {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %l = "tf.StatefulPartitionedCall"() <{f = @three}> : () -> !L
  %g = "tf.TensorListGather"(%l, %at, %shape) : (!L, tensor<?xi32>, tensor<1xi32>) -> tensor<3x2xf32>
  return %g : tensor<3x2xf32>
}

func.func @gather_result_dim() {
  %at = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %atd = "tf.Cast"(%at) {Truncate = false} : (tensor<2xi32>) -> tensor<?xi32>
  %g = "tf.StatefulPartitionedCall"(%atd) <{f = @gather_three}> : (tensor<?xi32>) -> tensor<3x2xf32>
  %gd = tensor.cast %g : tensor<3x2xf32> to tensor<?x2xf32>
  call @show(%gd) : (tensor<?x2xf32>) -> ()
  return
}

func.func @gather_out_of_range() {
  %at = "tf.Const"() <{value = dense<[1, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %atd = "tf.Cast"(%at) {Truncate = false} : (tensor<2xi32>) -> tensor<?xi32>
  %g = "tf.StatefulPartitionedCall"(%atd) <{f = @gather}> : (tensor<?xi32>) -> tensor<?x2xf32>
  call @show(%g) : (tensor<?x2xf32>) -> ()
  return
}

func.func @gather_negative() {
  %at = "tf.Const"() <{value = dense<[-1]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %atd = "tf.Cast"(%at) {Truncate = false} : (tensor<1xi32>) -> tensor<?xi32>
  %g = "tf.StatefulPartitionedCall"(%atd) <{f = @gather}> : (tensor<?xi32>) -> tensor<?x2xf32>
  call @show(%g) : (tensor<?x2xf32>) -> ()
  return
}

func.func @scatter_negative() {
  %a = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %at = "tf.Const"() <{value = dense<[-1, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %m1 = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %s = "tf.StatefulPartitionedCall"(%a, %at, %m1) <{f = @scatter}> : (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<?x2xf32>
  call @show(%s) : (tensor<?x2xf32>) -> ()
  return
}

func.func @scatter_rows() {
  %a = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %at = "tf.Const"() <{value = dense<[0, 1, 2]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %m1 = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListScatterV2"(%a, %at, %shape, %m1) : (tensor<2x2xf32>, tensor<3xi32>, tensor<1xi32>, tensor<i32>) -> !L
  %s = "tf.TensorListStack"(%l, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  call @show(%s) : (tensor<?x2xf32>) -> ()
  return
}

func.func @scatter_past_count() {
  %a = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %at = "tf.Const"() <{value = dense<[2, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %s = "tf.StatefulPartitionedCall"(%a, %at, %two) <{f = @scatter}> : (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<?x2xf32>
  call @show(%s) : (tensor<?x2xf32>) -> ()
  return
}

func.func @scatter_count() {
  %a = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %at = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %m2 = "tf.Const"() <{value = dense<-2> : tensor<i32>}> : () -> tensor<i32>
  %s = "tf.StatefulPartitionedCall"(%a, %at, %m2) <{f = @scatter}> : (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>) -> tensor<?x2xf32>
  call @show(%s) : (tensor<?x2xf32>) -> ()
  return
}

func.func @scatter_into_rows() {
  %a = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %at = "tf.Const"() <{value = dense<[0]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %l = "tf.StatefulPartitionedCall"() <{f = @three}> : () -> !L
  %l1 = "tf.TensorListScatterIntoExistingList"(%l, %a, %at) : (!L, tensor<2x2xf32>, tensor<1xi32>) -> !L
  %s = "tf.TensorListStack"(%l1, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  call @show(%s) : (tensor<?x2xf32>) -> ()
  return
}

// TensorFlow 2.21 crashes (SIGSEGV) here; ta stops with ScatterV2's text.
func.func @scatter_into_negative() {
  %a = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %at = "tf.Const"() <{value = dense<[-1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tf.StatefulPartitionedCall"(%a, %at) <{f = @scatter_into}> : (tensor<2x2xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  call @show(%s) : (tensor<?x2xf32>) -> ()
  return
}

func.func @concat_scalars() {
  %shape = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %none = "tf.Const"() <{value = dense<> : tensor<0xi64>}> : () -> tensor<0xi64>
  %c = "tf.TensorListReserve"(%shape, %two) : (tensor<0xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<f32>>>
  %cat, %lengths = "tf.TensorListConcatV2"(%c, %shape, %none) : (tensor<!tf_type.variant<tensor<f32>>>, tensor<0xi32>, tensor<0xi64>) -> (tensor<?xf32>, tensor<?xi64>)
  %catu = tensor.cast %cat : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%catu) : (tensor<*xf32>) -> ()
  return
}

func.func @split_with(%lengths: tensor<?xi64>) {
  %rows = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>}> : () -> tensor<4x2xf32>
  %sp = "tf.StatefulPartitionedCall"(%rows, %lengths) <{f = @split}> : (tensor<4x2xf32>, tensor<?xi64>) -> tensor<?x2x2xf32>
  %spu = tensor.cast %sp : tensor<?x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%spu) : (tensor<*xf32>) -> ()
  return
}

func.func @split_unused() {
  %l = "tf.Const"() <{value = dense<[2, 1]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %ld = "tf.Cast"(%l) {Truncate = false} : (tensor<2xi64>) -> tensor<?xi64>
  call @split_with(%ld) : (tensor<?xi64>) -> ()
  return
}

func.func @split_negative() {
  %l = "tf.Const"() <{value = dense<[2, -1, 3]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %ld = "tf.Cast"(%l) {Truncate = false} : (tensor<3xi64>) -> tensor<?xi64>
  call @split_with(%ld) : (tensor<?xi64>) -> ()
  return
}

func.func @split_past_end() {
  %l = "tf.Const"() <{value = dense<[2, 3]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %ld = "tf.Cast"(%l) {Truncate = false} : (tensor<2xi64>) -> tensor<?xi64>
  call @split_with(%ld) : (tensor<?xi64>) -> ()
  return
}

func.func @split_ragged() {
  %l = "tf.Const"() <{value = dense<[1, 3]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %ld = "tf.Cast"(%l) {Truncate = false} : (tensor<2xi64>) -> tensor<?xi64>
  call @split_with(%ld) : (tensor<?xi64>) -> ()
  return
}
