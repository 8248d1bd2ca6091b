// ta-legalize-tf where TensorFlow's kernels are particular, run in both
// checks modes. Expected values are TensorFlow 2.21's (its CPU kernels;
// checked with tf.raw_ops on this machine):
//   broadcasting of dims known only at run time: [1,2,3] + [10] and
//   [10] + [1,2,3] = [11,12,13], also where the other operand is static
//   ([100] as tensor<?> + [1,2,3] = [101,102,103]); [[1,2,3],[4,5,6]] + [[10],[20]] =
//   [[11,12,13],[24,25,26]];
//   tf.Maximum/Minimum propagate NaN and return the first operand on ties:
//   max and min of [nan,1,-0,0] and [1,nan,0,-0] are both [nan,nan,-0,0];
//   tf.Cast of [nan,inf,-inf,3e9,-3e9,2.7,-2.7,-0] f32 to int32 =
//   [INT_MIN x5, 2, -2, 0] (x86's cvttss2si), to int8 = [0,0,0,0,0,2,-2,0],
//   to bool = [1,1,1,1,1,1,1,0] (x != 0; NaN is true); [nan,300,-300,200]
//   to int8 = [0,44,-44,-56] (int32's low byte); [nan,1e30,-1e30] to int64
//   = INT64_MIN x3; bfloat16 [1e-8,65520,3e38] to half = [0,inf,inf]
//   (through float); x[1] with stride 2 (TensorFlow ignores a positive
//   stride on a shrunk axis) of [[1,2],[3,4],[5,6]] = [3,4];
//   tf.StridedSliceGrad of x[i] (shape [3,2], dy [7,8]): i = -1 gives
//   [[0,0],[0,0],[7,8]], i = 1 [[0,0],[7,8],[0,0]]; of a vector (shape
//   [3], dy 5, i = 2): [0,0,5]; i = 3 fails with "slice index 3 of
//   dimension 0 out of bounds.";
//   tf.AddN sums in its kernel's groups: 1e8 + -1e8 + 1 = 1 (from the
//   left), and of 11 inputs, ones but for 1e8 and -1e8 at inputs 2 and 3, 0
//   and 1, 8 and 9 (one lane each): [0, 9, 12] (the first 3 inputs, then the
//   other 8 summed and added; a left fold would give [7, 9, 12]);
//   tf.AddN of inputs of shape [?,2] known only at run time:
//   [[1,2],[3,4]] + [[10,20],[30,40]] + [[100,200],[300,400]] =
//   [[111,222],[333,444]]; of shapes [4,2], [4,2], [3,2] it fails with
//   "Inputs to operation AddN of type AddN must have the same size and
//   shape.  Input 0: [4,2] != input 2: [3,2]"; of a [?,2] input and a
//   [2,2] one (types ta-import-tf refined apart): [[1,2],[3,4]] +
//   [[10,20],[30,40]] = [[11,22],[33,44]], and a [4,2] input 0 fails with
//   "Input 0: [4,2] != input 1: [2,2]";
//   tf.Shape of a [3,?] tensor holding 3x2 is [3,2]; tf.Fill of dims [2,3]
//   known at run time with 1.5 is a 2x3 tensor of 1.5; of dims [2,-1] it
//   fails with "Dimension -1 must be >= 0";
//   tf.GatherV2 of [[0,1],[2,3],[4,5],[6,7]] at 2 (axis 0) is [4,5], at
//   [3,0] is [[6,7],[0,1]], along axis 1 at [1,1,0] is
//   [[1,1,0],[3,3,2],[5,5,4],[7,7,6]]; at 7 it fails with "indices = 7 is
//   not in [0, 4)", at [1,5] with "indices[1] = 5 is not in [0, 4)";
//   slices of constant bounds of x = arange(20) as 4x5: x[1:3, ::2] =
//   [[5,7,9],[10,12,14]], x[:, 3] = [3,8,13,18], x[-2:] = rows 2 and 3;
//   tf.StridedSliceGrad of x[1:3, ::2] with ones: ones at rows 1 and 2,
//   columns 0, 2 and 4, zeros elsewhere.
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// Shapes that do not broadcast, known only at run time: TensorFlow's text.
// RUN: not %run_cpu -e broadcast_1d %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=B1
// RUN: not %run_cpu -e broadcast_2d %t.none.mlir 2>&1 | FileCheck %s --check-prefix=B2
// B1: ta runtime error: Incompatible shapes: [2] vs. [3]
// B2: ta runtime error: Incompatible shapes: [2,3] vs. [4,3]
// A result whose static type the run-time broadcast contradicts.
// RUN: not %run_cpu -e result_dim %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=DIM
// DIM: ta runtime error: a result has 3 elements in dimension 0 where its type says 2
// x[-4] of 3 rows: TensorFlow names the index counted from the start.
// RUN: not %run_cpu -e slice_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: ta runtime error: slice index -1 of dimension 0 out of bounds.
// RUN: not %run_cpu -e slice_grad_out_of_range %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GRAD
// GRAD: ta runtime error: slice index 3 of dimension 0 out of bounds.
// RUN: not %run_cpu -e addn_shapes %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=ADDN
// RUN: not %run_cpu -e addn_shapes %t.none.mlir 2>&1 | FileCheck %s --check-prefix=ADDN
// RUN: not %run_cpu -e addn_mixed_shapes %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=ADDNM
// RUN: not %run_cpu -e fill_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=FILL
// FILL: ta runtime error: Dimension -1 must be >= 0
// RUN: not %run_cpu -e gather_scalar_out %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GSCALAR
// RUN: not %run_cpu -e gather_vector_out %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GVECTOR
// GSCALAR: ta runtime error: indices = 7 is not in [0, 4)
// GVECTOR: ta runtime error: indices[1] = 5 is not in [0, 4)
// ADDN: ta runtime error: Inputs to operation AddN of type AddN must have the same size and shape.  Input 0: [4,2] != input 2: [3,2]
// ADDNM: ta runtime error: Inputs to operation AddN of type AddN must have the same size and shape.  Input 0: [4,2] != input 1: [2,2]

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @showF(%t: tensor<?xf32>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @showI(%t: tensor<?xi32>) {
  %u = tensor.cast %t : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

// Operands as arguments: no folding sees their sizes.
func.func @add_1d(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %s = "tf.AddV2"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  call @showF(%s) : (tensor<?xf32>) -> ()
  return
}

func.func @add_static(%a: tensor<?xf32>, %b: tensor<3xf32>) {
  %s = "tf.AddV2"(%a, %b) : (tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
  %sd = tensor.cast %s : tensor<3xf32> to tensor<?xf32>
  call @showF(%sd) : (tensor<?xf32>) -> ()
  return
}

func.func @add_2d(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) {
  %s = "tf.AddV2"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %su = tensor.cast %s : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @addn_rows(%a: tensor<?x2xf32>, %b: tensor<?x2xf32>, %c: tensor<?x2xf32>) {
  %s = "tf.AddN"(%a, %b, %c) : (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  %su = tensor.cast %s : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @addn_mixed(%a: tensor<?x2xf32>, %b: tensor<2x2xf32>) {
  %s = "tf.AddN"(%a, %b) : (tensor<?x2xf32>, tensor<2x2xf32>) -> tensor<?x2xf32>
  %su = tensor.cast %s : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @addn_mixed_shapes() {
  %a = arith.constant dense<1.0> : tensor<4x2xf32>
  %b = arith.constant dense<2.0> : tensor<2x2xf32>
  %ad = tensor.cast %a : tensor<4x2xf32> to tensor<?x2xf32>
  call @addn_mixed(%ad, %b) : (tensor<?x2xf32>, tensor<2x2xf32>) -> ()
  return
}

func.func @shape_fill(%x: tensor<3x?xf32>, %dims: tensor<2xi32>) {
  %s = "tf.Shape"(%x) : (tensor<3x?xf32>) -> tensor<2xi32>
  %su = tensor.cast %s : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%su) : (tensor<*xi32>) -> ()
  %v = arith.constant dense<1.5> : tensor<f32>
  %f = "tf.Fill"(%dims, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<?x?xf32>
  %fu = tensor.cast %f : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%fu) : (tensor<*xf32>) -> ()
  return
}

func.func @gather_at(%i: tensor<i32>, %v: tensor<?xi32>) {
  %p = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  %axis0 = arith.constant dense<0> : tensor<i32>
  %axis1 = arith.constant dense<1> : tensor<i32>
  %row = "tf.GatherV2"(%p, %i, %axis0) {batch_dims = 0 : i64} : (tensor<4x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
  %rowd = tensor.cast %row : tensor<2xf32> to tensor<?xf32>
  call @showF(%rowd) : (tensor<?xf32>) -> ()
  %rows = "tf.GatherV2"(%p, %v, %axis0) {batch_dims = 0 : i64} : (tensor<4x2xf32>, tensor<?xi32>, tensor<i32>) -> tensor<?x2xf32>
  %rowsu = tensor.cast %rows : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%rowsu) : (tensor<*xf32>) -> ()
  return
}

func.func @gather_scalar_out() {
  %i = arith.constant dense<7> : tensor<i32>
  %v = arith.constant dense<[0]> : tensor<1xi32>
  %vd = tensor.cast %v : tensor<1xi32> to tensor<?xi32>
  call @gather_at(%i, %vd) : (tensor<i32>, tensor<?xi32>) -> ()
  return
}

func.func @gather_vector_out() {
  %i = arith.constant dense<0> : tensor<i32>
  %v = arith.constant dense<[1, 5]> : tensor<2xi32>
  %vd = tensor.cast %v : tensor<2xi32> to tensor<?xi32>
  call @gather_at(%i, %vd) : (tensor<i32>, tensor<?xi32>) -> ()
  return
}

func.func @fill_negative() {
  %x = arith.constant dense<1.0> : tensor<3x2xf32>
  %xd = tensor.cast %x : tensor<3x2xf32> to tensor<3x?xf32>
  %dims = arith.constant dense<[2, -1]> : tensor<2xi32>
  call @shape_fill(%xd, %dims) : (tensor<3x?xf32>, tensor<2xi32>) -> ()
  return
}

func.func @addn_shapes() {
  %a = arith.constant dense<1.0> : tensor<4x2xf32>
  %c = arith.constant dense<2.0> : tensor<3x2xf32>
  %ad = tensor.cast %a : tensor<4x2xf32> to tensor<?x2xf32>
  %cd = tensor.cast %c : tensor<3x2xf32> to tensor<?x2xf32>
  call @addn_rows(%ad, %ad, %cd) : (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>) -> ()
  return
}

func.func @main() {
  // CHECK: [11,  12,  13]
  // CHECK: [11,  12,  13]
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = arith.constant dense<[10.0]> : tensor<1xf32>
  %ad = tensor.cast %a : tensor<3xf32> to tensor<?xf32>
  %bd = tensor.cast %b : tensor<1xf32> to tensor<?xf32>
  call @add_1d(%ad, %bd) : (tensor<?xf32>, tensor<?xf32>) -> ()
  call @add_1d(%bd, %ad) : (tensor<?xf32>, tensor<?xf32>) -> ()
  // CHECK: [101,  102,  103]
  %hundred = arith.constant dense<[100.0]> : tensor<1xf32>
  %hd = tensor.cast %hundred : tensor<1xf32> to tensor<?xf32>
  call @add_static(%hd, %a) : (tensor<?xf32>, tensor<3xf32>) -> ()
  // CHECK: {{\[}}[11,   12,   13],
  // CHECK-NEXT: [24,   25,   26]]
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %c = arith.constant dense<[[10.0], [20.0]]> : tensor<2x1xf32>
  %md = tensor.cast %m : tensor<2x3xf32> to tensor<?x?xf32>
  %cd = tensor.cast %c : tensor<2x1xf32> to tensor<?x?xf32>
  call @add_2d(%md, %cd) : (tensor<?x?xf32>, tensor<?x?xf32>) -> ()

  // CHECK: [nan,  nan,  -0,  0]
  // CHECK: [nan,  nan,  -0,  0]
  %x = arith.constant dense<[0x7FC00000, 1.0, -0.0, 0.0]> : tensor<4xf32>
  %y = arith.constant dense<[1.0, 0x7FC00000, 0.0, -0.0]> : tensor<4xf32>
  %max = "tf.Maximum"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %maxd = tensor.cast %max : tensor<4xf32> to tensor<?xf32>
  call @showF(%maxd) : (tensor<?xf32>) -> ()
  %min = "tf.Minimum"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %mind = tensor.cast %min : tensor<4xf32> to tensor<?xf32>
  call @showF(%mind) : (tensor<?xf32>) -> ()

  // CHECK: [-2147483648,  -2147483648,  -2147483648,  -2147483648,  -2147483648,  2,  -2,  0]
  // CHECK: [0,  0,  0,  0,  0,  2,  -2,  0]
  // CHECK: [1,  1,  1,  1,  1,  1,  1,  0]
  %f = arith.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 3.0e9, -3.0e9, 2.7, -2.7, -0.0]> : tensor<8xf32>
  %i32 = "tf.Cast"(%f) {Truncate = false} : (tensor<8xf32>) -> tensor<8xi32>
  %i32d = tensor.cast %i32 : tensor<8xi32> to tensor<?xi32>
  call @showI(%i32d) : (tensor<?xi32>) -> ()
  %i8 = "tf.Cast"(%f) {Truncate = false} : (tensor<8xf32>) -> tensor<8xi8>
  %i8w = "tf.Cast"(%i8) {Truncate = false} : (tensor<8xi8>) -> tensor<8xi32>
  %i8d = tensor.cast %i8w : tensor<8xi32> to tensor<?xi32>
  call @showI(%i8d) : (tensor<?xi32>) -> ()
  %bool = "tf.Cast"(%f) {Truncate = false} : (tensor<8xf32>) -> tensor<8xi1>
  %boolw = "tf.Cast"(%bool) {Truncate = false} : (tensor<8xi1>) -> tensor<8xi32>
  %boold = tensor.cast %boolw : tensor<8xi32> to tensor<?xi32>
  call @showI(%boold) : (tensor<?xi32>) -> ()
  // CHECK: [0,  44,  -44,  -56]
  %g = arith.constant dense<[0x7FC00000, 300.0, -300.0, 200.0]> : tensor<4xf32>
  %g8 = "tf.Cast"(%g) {Truncate = false} : (tensor<4xf32>) -> tensor<4xi8>
  %g8w = "tf.Cast"(%g8) {Truncate = false} : (tensor<4xi8>) -> tensor<4xi32>
  %g8d = tensor.cast %g8w : tensor<4xi32> to tensor<?xi32>
  call @showI(%g8d) : (tensor<?xi32>) -> ()
  // CHECK: [-9223372036854775808,  -9223372036854775808,  -9223372036854775808]
  %h = arith.constant dense<[0x7FC00000, 1.0e30, -1.0e30]> : tensor<3xf32>
  %h64 = "tf.Cast"(%h) {Truncate = false} : (tensor<3xf32>) -> tensor<3xi64>
  %h64u = tensor.cast %h64 : tensor<3xi64> to tensor<*xi64>
  call @printMemrefI64(%h64u) : (tensor<*xi64>) -> ()
  // CHECK: [1]
  %big = arith.constant dense<1.0e8> : tensor<1xf32>
  %mbig = arith.constant dense<-1.0e8> : tensor<1xf32>
  %unit = arith.constant dense<1.0> : tensor<1xf32>
  %sum3 = "tf.AddN"(%big, %mbig, %unit) : (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %sum3d = tensor.cast %sum3 : tensor<1xf32> to tensor<?xf32>
  call @showF(%sum3d) : (tensor<?xf32>) -> ()
  // CHECK: [0,  9,  12]
  %o = arith.constant dense<1.0> : tensor<3xf32>
  %n0 = arith.constant dense<[1.0, 1.0e8, 1.0]> : tensor<3xf32>
  %n1 = arith.constant dense<[1.0, -1.0e8, 1.0]> : tensor<3xf32>
  %n2 = arith.constant dense<[1.0e8, 1.0, 1.0]> : tensor<3xf32>
  %n3 = arith.constant dense<[-1.0e8, 1.0, 1.0]> : tensor<3xf32>
  %n8 = arith.constant dense<[1.0, 1.0, 1.0e8]> : tensor<3xf32>
  %n9 = arith.constant dense<[1.0, 1.0, -1.0e8]> : tensor<3xf32>
  %sum11 = "tf.AddN"(%n0, %n1, %n2, %n3, %o, %o, %o, %o, %n8, %n9, %o) : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %sum11d = tensor.cast %sum11 : tensor<3xf32> to tensor<?xf32>
  call @showF(%sum11d) : (tensor<?xf32>) -> ()
  // CHECK: {{\[}}[111,   222],
  // CHECK-NEXT: [333,   444]]
  %r1 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %r2 = arith.constant dense<[[10.0, 20.0], [30.0, 40.0]]> : tensor<2x2xf32>
  %r3 = arith.constant dense<[[100.0, 200.0], [300.0, 400.0]]> : tensor<2x2xf32>
  %r1d = tensor.cast %r1 : tensor<2x2xf32> to tensor<?x2xf32>
  %r2d = tensor.cast %r2 : tensor<2x2xf32> to tensor<?x2xf32>
  %r3d = tensor.cast %r3 : tensor<2x2xf32> to tensor<?x2xf32>
  call @addn_rows(%r1d, %r2d, %r3d) : (tensor<?x2xf32>, tensor<?x2xf32>, tensor<?x2xf32>) -> ()
  // CHECK: {{\[}}[11,   22],
  // CHECK-NEXT: [33,   44]]
  call @addn_mixed(%r1d, %r2) : (tensor<?x2xf32>, tensor<2x2xf32>) -> ()
  // CHECK: [3,  2]
  // CHECK: {{\[}}[1.5,   1.5,   1.5],
  // CHECK-NEXT: [1.5,   1.5,   1.5]]
  %x32 = arith.constant dense<1.0> : tensor<3x2xf32>
  %x32d = tensor.cast %x32 : tensor<3x2xf32> to tensor<3x?xf32>
  %dims23 = arith.constant dense<[2, 3]> : tensor<2xi32>
  call @shape_fill(%x32d, %dims23) : (tensor<3x?xf32>, tensor<2xi32>) -> ()
  // CHECK: [4,  5]
  // CHECK: {{\[}}[6,   7],
  // CHECK-NEXT: [0,   1]]
  %gi = arith.constant dense<2> : tensor<i32>
  %gv = arith.constant dense<[3, 0]> : tensor<2xi32>
  %gvd = tensor.cast %gv : tensor<2xi32> to tensor<?xi32>
  call @gather_at(%gi, %gvd) : (tensor<i32>, tensor<?xi32>) -> ()
  // CHECK: {{\[}}[1,   1,   0],
  // CHECK-NEXT: [3,   3,   2],
  // CHECK-NEXT: [5,   5,   4],
  // CHECK-NEXT: [7,   7,   6]]
  %gp = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  %gcols = arith.constant dense<[1, 1, 0]> : tensor<3xi64>
  %gaxis = arith.constant dense<-1> : tensor<i32>
  %gc = "tf.GatherV2"(%gp, %gcols, %gaxis) {batch_dims = 0 : i64} : (tensor<4x2xf32>, tensor<3xi64>, tensor<i32>) -> tensor<4x3xf32>
  %gcu = tensor.cast %gc : tensor<4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%gcu) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[5,   7,   9],
  // CHECK-NEXT: [10,   12,   14]]
  // CHECK: [3,  8,  13,  18]
  // CHECK: {{\[}}[10,   11,   12,   13,   14],
  // CHECK-NEXT: [15,   16,   17,   18,   19]]
  // CHECK: {{\[}}[0,   0,   0,   0,   0],
  // CHECK-NEXT: [1,   0,   1,   0,   1],
  // CHECK-NEXT: [1,   0,   1,   0,   1],
  // CHECK-NEXT: [0,   0,   0,   0,   0]]
  %rsx = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0], [15.0, 16.0, 17.0, 18.0, 19.0]]> : tensor<4x5xf32>
  %rsb = arith.constant dense<[1, 0]> : tensor<2xi32>
  %rse = arith.constant dense<[3, 0]> : tensor<2xi32>
  %rss = arith.constant dense<[1, 2]> : tensor<2xi32>
  %rs1 = "tf.StridedSlice"(%rsx, %rsb, %rse, %rss) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 2 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  %rs1u = tensor.cast %rs1 : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%rs1u) : (tensor<*xf32>) -> ()
  %rcb = arith.constant dense<[0, 3]> : tensor<2xi32>
  %rce = arith.constant dense<[0, 4]> : tensor<2xi32>
  %rcs = arith.constant dense<1> : tensor<2xi32>
  %rs2 = "tf.StridedSlice"(%rsx, %rcb, %rce, %rcs) {begin_mask = 1 : i64, ellipsis_mask = 0 : i64, end_mask = 1 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32>
  %rs2d = tensor.cast %rs2 : tensor<4xf32> to tensor<?xf32>
  call @showF(%rs2d) : (tensor<?xf32>) -> ()
  %rlb = arith.constant dense<-2> : tensor<1xi32>
  %rle = arith.constant dense<0> : tensor<1xi32>
  %rls = arith.constant dense<1> : tensor<1xi32>
  %rs3 = "tf.StridedSlice"(%rsx, %rlb, %rle, %rls) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 1 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2x5xf32>
  %rs3u = tensor.cast %rs3 : tensor<2x5xf32> to tensor<*xf32>
  call @printMemrefF32(%rs3u) : (tensor<*xf32>) -> ()
  %rgshape = arith.constant dense<[4, 5]> : tensor<2xi32>
  %rgdy = arith.constant dense<1.0> : tensor<2x3xf32>
  %rg1 = "tf.StridedSliceGrad"(%rgshape, %rsb, %rse, %rss, %rgdy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 2 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<4x5xf32>
  %rg1u = tensor.cast %rg1 : tensor<4x5xf32> to tensor<*xf32>
  call @printMemrefF32(%rg1u) : (tensor<*xf32>) -> ()
  // CHECK: [3,  4]
  %rows = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %sb = arith.constant dense<1> : tensor<1xi32>
  %se = arith.constant dense<2> : tensor<1xi32>
  %ss = arith.constant dense<2> : tensor<1xi32>
  %row1 = "tf.StridedSlice"(%rows, %sb, %se, %ss) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<3x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  %row1d = tensor.cast %row1 : tensor<2xf32> to tensor<?xf32>
  call @showF(%row1d) : (tensor<?xf32>) -> ()
  // CHECK: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [7,   8]]
  // CHECK: {{\[}}[0,   0],
  // CHECK-NEXT: [7,   8],
  // CHECK-NEXT: [0,   0]]
  // CHECK: [0,  0,  5]
  %gshape = arith.constant dense<[3, 2]> : tensor<2xi32>
  %gdy = arith.constant dense<[7.0, 8.0]> : tensor<2xf32>
  %gone = arith.constant dense<1> : tensor<1xi32>
  %gm1 = arith.constant dense<-1> : tensor<1xi32>
  %g0 = arith.constant dense<0> : tensor<1xi32>
  %g2 = arith.constant dense<2> : tensor<1xi32>
  %glast = "tf.StridedSliceGrad"(%gshape, %gm1, %g0, %gone, %gdy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<2xf32>) -> tensor<3x2xf32>
  %glastu = tensor.cast %glast : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%glastu) : (tensor<*xf32>) -> ()
  %grow1 = "tf.StridedSliceGrad"(%gshape, %gone, %g2, %gone, %gdy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<2xf32>) -> tensor<3x2xf32>
  %grow1u = tensor.cast %grow1 : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%grow1u) : (tensor<*xf32>) -> ()
  %vshape = arith.constant dense<3> : tensor<1xi32>
  %vdy = arith.constant dense<5.0> : tensor<f32>
  %g3 = arith.constant dense<3> : tensor<1xi32>
  %gvec = "tf.StridedSliceGrad"(%vshape, %g2, %g3, %gone, %vdy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<f32>) -> tensor<3xf32>
  %gvecd = tensor.cast %gvec : tensor<3xf32> to tensor<?xf32>
  call @showF(%gvecd) : (tensor<?xf32>) -> ()
  // CHECK: [0,  inf,  inf]
  %k = arith.constant dense<[1.0e-8, 65520.0, 3.0e38]> : tensor<3xbf16>
  %k16 = "tf.Cast"(%k) {Truncate = false} : (tensor<3xbf16>) -> tensor<3xf16>
  %k32 = "tf.Cast"(%k16) {Truncate = false} : (tensor<3xf16>) -> tensor<3xf32>
  %k32d = tensor.cast %k32 : tensor<3xf32> to tensor<?xf32>
  call @showF(%k32d) : (tensor<?xf32>) -> ()
  return
}

func.func @broadcast_1d() {
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %ad = tensor.cast %a : tensor<2xf32> to tensor<?xf32>
  %bd = tensor.cast %b : tensor<3xf32> to tensor<?xf32>
  call @add_1d(%ad, %bd) : (tensor<?xf32>, tensor<?xf32>) -> ()
  return
}

func.func @broadcast_2d() {
  %a = arith.constant dense<1.0> : tensor<2x3xf32>
  %b = arith.constant dense<2.0> : tensor<4x3xf32>
  %ad = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  %bd = tensor.cast %b : tensor<4x3xf32> to tensor<?x3xf32>
  call @mul_2d(%ad, %bd) : (tensor<?x3xf32>, tensor<?x3xf32>) -> ()
  return
}

// Sizes the callee's types do not know (ta-import-tf reads through a cast
// in the same function, and these would not broadcast at compile time).
func.func @mul_2d(%ad: tensor<?x3xf32>, %bd: tensor<?x3xf32>) {
  %s = "tf.Mul"(%ad, %bd) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %su = tensor.cast %s : tensor<?x3xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

// The operands come as arguments, so that no folding sees their sizes.
func.func @result_dim() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = arith.constant dense<[10.0]> : tensor<1xf32>
  %ad = tensor.cast %a : tensor<3xf32> to tensor<?xf32>
  %bd = tensor.cast %b : tensor<1xf32> to tensor<?xf32>
  call @add_typed_2(%ad, %bd) : (tensor<?xf32>, tensor<?xf32>) -> ()
  return
}

func.func @add_typed_2(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %s = "tf.AddV2"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<2xf32>
  %sd = tensor.cast %s : tensor<2xf32> to tensor<?xf32>
  call @showF(%sd) : (tensor<?xf32>) -> ()
  return
}

func.func @slice_negative() {
  %x = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %b = arith.constant dense<-4> : tensor<1xi32>
  %e = arith.constant dense<-3> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<3x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  %rd = tensor.cast %r : tensor<2xf32> to tensor<?xf32>
  call @showF(%rd) : (tensor<?xf32>) -> ()
  return
}

func.func @slice_grad_out_of_range() {
  %shape = arith.constant dense<[3, 2]> : tensor<2xi32>
  %dy = arith.constant dense<[7.0, 8.0]> : tensor<2xf32>
  %b = arith.constant dense<3> : tensor<1xi32>
  %e = arith.constant dense<4> : tensor<1xi32>
  %s = arith.constant dense<1> : tensor<1xi32>
  %r = "tf.StridedSliceGrad"(%shape, %b, %e, %s, %dy) {begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<2xf32>) -> tensor<3x2xf32>
  %ru = tensor.cast %r : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  return
}
