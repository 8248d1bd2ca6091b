// The TensorFlow compute ops ta-legalize-tf lowers, run in both checks modes,
// with the values TensorFlow gives (worked out by hand, TensorFlow's rules):
//   broadcasting: [[1,2],[3,4]] + [10,20] = [[11,22],[13,24]];
//   [[1,2],[3,4]] * 2 = [[2,4],[6,8]]; max([1,-2], 0) = [1,0];
//   [1,5] < [3,3] = [true,false] (cast to int32: [1,0]);
//   Range(2, 8, 2) = [2,4,6]; Range(7, 0, -3) = [7,4,1] (size from the
//   operands at run time); Range(0, 4, 1) = [0,1,2,3] and Range(0, 0, 1) =
//   [] (stack's and unstack's form: the size is the limit); Fill([2,2], 7) = [[7,7],[7,7]];
//   Pack(3, 4) = [3,4]; Cast([1.9,-1.9] f32 -> int32) = [1,-1] (truncates);
//   x[1] and x[-1] of [[1,2],[3,4],[5,6]] = [3,4] and [5,6];
//   MatMul([[1,2],[3,4]], [[5,6],[7,8]]) = [[19,22],[43,50]];
//   Reshape([[1,2],[3,4]] to [4]) = [1,2,3,4], and back from a tensor<?>
//   to [2,2]; Neg([1,-2]) = [-1,2].
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// x[3] of a 3-row tensor: TensorFlow fails; so does the lowered program.
// RUN: not %run_cpu -e slice_out_of_bounds %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: ta runtime error: slice index 3 of dimension 0 out of bounds.
// A reshape of a tensor whose size is known only at run time, checked then.
// RUN: not %run_cpu -e reshape_mismatch %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RESHAPE: ta runtime error: Input to reshape is a tensor with 5 values, but the requested shape has 6
// tf.Range's own checks, with TensorFlow's texts.
// RUN: not %run_cpu -e range_delta_zero %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=DELTA
// DELTA: ta runtime error: Requires delta != 0: 0
// RUN: not %run_cpu -e range_wrong_way %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=WAY
// WAY: ta runtime error: Requires start <= limit when delta > 0: 5/2
// RUN: not %run_cpu -e range_iota_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=IOTA
// IOTA: ta runtime error: Requires start <= limit when delta > 0: 0/-2

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @show(%t: tensor<*xf32>) {
  call @printMemrefF32(%t) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %m = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %row = "tf.Const"() <{value = dense<[10.0, 20.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %two = "tf.Const"() <{value = dense<2.0> : tensor<f32>}> : () -> tensor<f32>
  %zero = "tf.Const"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  // CHECK: {{\[}}[11,   22],
  // CHECK-NEXT: [13,   24]]
  %add = "tf.AddV2"(%m, %row) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %a = tensor.cast %add : tensor<2x2xf32> to tensor<*xf32>
  call @show(%a) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[2,   4],
  // CHECK-NEXT: [6,   8]]
  %mul = "tf.Mul"(%m, %two) : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  %b = tensor.cast %mul : tensor<2x2xf32> to tensor<*xf32>
  call @show(%b) : (tensor<*xf32>) -> ()
  // CHECK: [1,  0]
  %v = "tf.Const"() <{value = dense<[1.0, -2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %relu = "tf.Maximum"(%v, %zero) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %c = tensor.cast %relu : tensor<2xf32> to tensor<*xf32>
  call @show(%c) : (tensor<*xf32>) -> ()
  // CHECK: [1,  0]
  %l = "tf.Const"() <{value = dense<[1, 5]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "tf.Const"() <{value = dense<[3, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %less = "tf.Less"(%l, %r) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %li = "tf.Cast"(%less) {Truncate = false} : (tensor<2xi1>) -> tensor<2xi32>
  %d = tensor.cast %li : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%d) : (tensor<*xi32>) -> ()
  // CHECK: [2,  4,  6]
  %s = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %e8 = "tf.Const"() <{value = dense<8> : tensor<i32>}> : () -> tensor<i32>
  %range = "tf.Range"(%s, %e8, %s) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %e = tensor.cast %range : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%e) : (tensor<*xi32>) -> ()
  // CHECK: [7,  4,  1]
  %r7 = "tf.Const"() <{value = dense<7> : tensor<i32>}> : () -> tensor<i32>
  %r0 = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %rm3 = "tf.Const"() <{value = dense<-3> : tensor<i32>}> : () -> tensor<i32>
  %down = "tf.Range"(%r7, %r0, %rm3) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %dn = tensor.cast %down : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%dn) : (tensor<*xi32>) -> ()
  // CHECK: [0,  1,  2,  3]
  %i0 = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %i1 = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %i4 = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %iota = "tf.Range"(%i0, %i4, %i1) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %io = tensor.cast %iota : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%io) : (tensor<*xi32>) -> ()
  // CHECK: sizes = [0]
  %none = "tf.Range"(%i0, %i0, %i1) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %no = tensor.cast %none : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%no) : (tensor<*xi32>) -> ()
  // CHECK: {{\[}}[7,   7],
  // CHECK-NEXT: [7,   7]]
  %dims = "tf.Const"() <{value = dense<[2, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %seven = "tf.Const"() <{value = dense<7.0> : tensor<f32>}> : () -> tensor<f32>
  %fill = "tf.Fill"(%dims, %seven) : (tensor<2xi32>, tensor<f32>) -> tensor<2x2xf32>
  %f = tensor.cast %fill : tensor<2x2xf32> to tensor<*xf32>
  call @show(%f) : (tensor<*xf32>) -> ()
  // CHECK: [3,  4]
  %three = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %four = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %pack = "tf.Pack"(%three, %four) {axis = 0 : i64} : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %g = tensor.cast %pack : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%g) : (tensor<*xi32>) -> ()
  // CHECK: [1,  -1]
  %fr = "tf.Const"() <{value = dense<[1.9, -1.9]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %trunc = "tf.Cast"(%fr) {Truncate = false} : (tensor<2xf32>) -> tensor<2xi32>
  %h = tensor.cast %trunc : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%h) : (tensor<*xi32>) -> ()
  // CHECK: [3,  4]
  // CHECK: [5,  6]
  %x = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>}> : () -> tensor<3x2xf32>
  %one = "tf.Const"() <{value = dense<[1]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %two1 = "tf.Const"() <{value = dense<[2]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %m1 = "tf.Const"() <{value = dense<[-1]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %z1 = "tf.Const"() <{value = dense<[0]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %x1 = "tf.StridedSlice"(%x, %one, %two1, %one) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64}> : (tensor<3x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  %i = tensor.cast %x1 : tensor<2xf32> to tensor<*xf32>
  call @show(%i) : (tensor<*xf32>) -> ()
  %xl = "tf.StridedSlice"(%x, %m1, %z1, %one) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64}> : (tensor<3x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  %j = tensor.cast %xl : tensor<2xf32> to tensor<*xf32>
  call @show(%j) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[19,   22],
  // CHECK-NEXT: [43,   50]]
  %n = "tf.Const"() <{value = dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %mm = "tf.MatMul"(%m, %n) {transpose_a = false, transpose_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %k = tensor.cast %mm : tensor<2x2xf32> to tensor<*xf32>
  call @show(%k) : (tensor<*xf32>) -> ()
  // CHECK: [1,  2,  3,  4]
  %shape = "tf.Const"() <{value = dense<[4]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %flat = "tf.Reshape"(%m, %shape) : (tensor<2x2xf32>, tensor<1xi32>) -> tensor<4xf32>
  %o = tensor.cast %flat : tensor<4xf32> to tensor<*xf32>
  call @show(%o) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4]]
  %flat4 = "tf.Const"() <{value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %dyn = tensor.cast %flat4 : tensor<4xf32> to tensor<?xf32>
  %shape22 = "tf.Const"() <{value = dense<[2, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %back = "tf.Reshape"(%dyn, %shape22) : (tensor<?xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  %q = tensor.cast %back : tensor<2x2xf32> to tensor<*xf32>
  call @show(%q) : (tensor<*xf32>) -> ()
  // CHECK: [-1,  2]
  %neg = "tf.Neg"(%v) : (tensor<2xf32>) -> tensor<2xf32>
  %p = tensor.cast %neg : tensor<2xf32> to tensor<*xf32>
  call @show(%p) : (tensor<*xf32>) -> ()
  return
}

func.func @slice_out_of_bounds() {
  %x = "tf.Const"() <{value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>}> : () -> tensor<3x2xf32>
  %three = "tf.Const"() <{value = dense<[3]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %four = "tf.Const"() <{value = dense<[4]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %one = "tf.Const"() <{value = dense<[1]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %x3 = "tf.StridedSlice"(%x, %three, %four, %one) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64}> : (tensor<3x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  %i = tensor.cast %x3 : tensor<2xf32> to tensor<*xf32>
  call @show(%i) : (tensor<*xf32>) -> ()
  return
}

func.func @reshape_mismatch() {
  %five = "tf.Const"() <{value = dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>}> : () -> tensor<5xf32>
  %dyn = tensor.cast %five : tensor<5xf32> to tensor<?xf32>
  call @reshape_3x2(%dyn) : (tensor<?xf32>) -> ()
  return
}

// A size the callee's type does not know (ta-import-tf reads through a
// cast in the same function, and this reshape would fail at compile time).
func.func @reshape_3x2(%dyn: tensor<?xf32>) {
  %shape = "tf.Const"() <{value = dense<[3, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "tf.Reshape"(%dyn, %shape) : (tensor<?xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %u = tensor.cast %r : tensor<3x2xf32> to tensor<*xf32>
  call @show(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @range_delta_zero() {
  %s = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.Const"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
  %r = "tf.Range"(%s, %l, %s) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %u = tensor.cast %r : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @range_iota_negative() {
  %s = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.Const"() <{value = dense<-2> : tensor<i32>}> : () -> tensor<i32>
  %d = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %r = "tf.Range"(%s, %l, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %u = tensor.cast %r : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @range_wrong_way() {
  %s = "tf.Const"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %d = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %r = "tf.Range"(%s, %l, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %u = tensor.cast %r : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
