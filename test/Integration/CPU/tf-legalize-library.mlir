// ta-legalize-tf on the ops TensorFlow's sequence library and Keras emit
// around the arrays (expand_dims, reduce_mean, argmax, cumsum, relu,
// floordiv/floormod in autograph loops, tf.slice, one_hot), run in both
// checks modes (softmax: tf-legalize-softmax.mlir). Expected values are TensorFlow 2.21's (tf.raw_ops on
// this machine):
//   ExpandDims of [[1,2,3],[4,5,7]] at axis 1: [[[1,2,3]],[[4,5,7]]];
//   Mean over axis 0: [2.5,3.5,5]; over both, kept: [[3.6666667]]; int32
//   [[1,2],[4,-7]] over axis 1: [1,-1] (integer division, truncating);
//   Min of [[nan,1,2],[3,-0,0]] over axis 1: [nan,0] (NaN propagates; the
//   later of equal values); Prod over axis 0: [4,10,21];
//   ArgMax of [[1,nan,3,3],[nan,1,nan,0],[nan,nan,nan,nan]] along 1:
//   [2,1,0] (int64); ArgMin of [[3,1],[1,1],[nan,0]] along 0: [1,2] (int32);
//   Cumsum along 1: [[1,3,6],[4,9,16]]; exclusive and reverse along 0:
//   [[4,5,7],[0,0,0]]; Cumprod exclusive along 1: [[1,1,2],[1,4,20]];
//   Relu of [-0,nan,-1,2]: [-0,nan,0,2]; ReluGrad of gradients
//   [inf,-1,2,3] at features [-1,0,2,nan]: [nan,-0,2,0];
//   FloorDiv of int32 [7,-7,7,-7,INT_MIN] by [2,2,-2,-2,-1]:
//   [3,-4,-4,3,INT_MIN], FloorMod: [1,1,-1,-1,0]; of f32 [7,-7,7,-7,0,-0]
//   by [2,2,-2,-2,-3,3]: [3,-4,-4,3,-0,-0] and [1,1,-1,-1,0,-0]; FloorMod
//   of [5.5,-5.5,1,1] by [2,2,inf,-inf]: [1.5,0.5,1,-inf]; Div and
//   TruncateDiv of the int32s: [3,-3,-3,3,INT_MIN] (toward zero), and
//   TruncateDiv of the f32s: [3,-3,-3,3,-0,-0]; an int32 FloorDiv or Div
//   by 0 fails with "Integer division by zero";
//   Slice of arange(12) as 3x4 at begin [1,1] size [2,-1]:
//   [[5,6,7],[9,10,11]]; begin [4,0] fails with "Expected begin[0] in
//   [0, 3], but got 4", begin [1,0] size [3,1] with "Expected size[0] in
//   [0, 2], but got 3";
//   OneHot of [0,3,-1,2], depth 3, on 5, off -1: [[5,-1,-1],[-1,-1,-1],
//   [-1,-1,-1],[-1,-1,5]]; of int32 [0,2] along axis 0 (on 1, off 0):
//   [[1,0],[0,0],[0,1]];
//   SquaredDifference of [1.5,-2,nan] and 0.5 (broadcast): [1,6.25,nan];
//   Square of int32 [-3,46341]: [9,-2147479015] (wraps); Abs of
//   [-0,-2.5,nan] f32: [0,2.5,nan], of int32 [-7,INT_MIN]: [7,INT_MIN];
//   Sqrt of [2,-1,-0,inf]: [1.4142135,nan,-0,inf]; Reciprocal of
//   [3,-0,0.5]: [0.33333334,-inf,2]; LeakyRelu(alpha 0.25) of
//   [-2,3,-0,nan]: [-0.5,3,-0,nan], (alpha 2) of [-2,3]: [-4,3];
//   BroadcastTo of [[1],[2]] to [3,2,2]: [[1,1],[2,2]] three times;
//   Mean of int32 [[INT_MAX, INT_MAX]] over axis 1: [INT_MAX] (summed in
//   int64); FloorDiv of empty int32 vectors: empty, no error;
//   Tile of [[1.5]] by the tf.Shape of a 2x3 value whose type a cast
//   erased to ?x3 (the tape's gradient of a sum of a stacked array):
//   2x3 of 1.5.
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e divide_by_zero %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not %run_cpu -e divide_by_zero %t.none.mlir 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not %run_cpu -e truncating_divide_by_zero %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=DIV
// DIV: ta runtime error: Integer division by zero
// RUN: not %run_cpu -e slice_begin %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=BEGIN
// BEGIN: ta runtime error: Expected begin[0] in [0, 3], but got 4
// RUN: not %run_cpu -e slice_size %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: ta runtime error: Expected size[0] in [0, 2], but got 3
// A slice of sizes known at run time into a result of static dims: checked.
// RUN: not %run_cpu -e slice_typed %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=TYPED
// TYPED: ta runtime error: a result has 1 elements in dimension 1 where its type says 2

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @tile_by_shape() {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %xd = tensor.cast %x : tensor<2x3xf32> to tensor<?x3xf32>
  %s = "tf.Shape"(%xd) : (tensor<?x3xf32>) -> tensor<2xi32>
  %one = "tf.Const"() <{value = dense<1.5> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
  %t = "tf.Tile"(%one, %s) : (tensor<1x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  // CHECK: {{\[}}[1.5,   1.5,   1.5],
  // CHECK-NEXT: [1.5,   1.5,   1.5]]
  call @tile_by_shape() : () -> ()
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]]> : tensor<2x3xf32>
  %ax0 = arith.constant dense<0> : tensor<i32>
  %ax1 = arith.constant dense<1> : tensor<i32>
  %axes = arith.constant dense<[0, 1]> : tensor<2xi32>

  // CHECK: rank = 3 offset = 0 sizes = [2, 1, 3]
  // CHECK: {{\[}}{{\[}}[1,    2,    3]],
  // CHECK: {{\[}}[4,    5,    7]]]
  %e = "tf.ExpandDims"(%x, %ax1) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x1x3xf32>
  %eu = tensor.cast %e : tensor<2x1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%eu) : (tensor<*xf32>) -> ()

  // CHECK: [2.5,  3.5,  5]
  %mean = "tf.Mean"(%x, %ax0) {keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
  %meanu = tensor.cast %mean : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%meanu) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[3.66667]]
  %all = "tf.Mean"(%x, %axes) {keep_dims = true} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<1x1xf32>
  %allu = tensor.cast %all : tensor<1x1xf32> to tensor<*xf32>
  call @printMemrefF32(%allu) : (tensor<*xf32>) -> ()
  // CHECK: [1,  -1]
  %xi = arith.constant dense<[[1, 2], [4, -7]]> : tensor<2x2xi32>
  %meani = "tf.Mean"(%xi, %ax1) {keep_dims = false} : (tensor<2x2xi32>, tensor<i32>) -> tensor<2xi32>
  %meaniu = tensor.cast %meani : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%meaniu) : (tensor<*xi32>) -> ()

  // CHECK: [nan,  0]
  %xm = arith.constant dense<[[0x7FC00000, 1.0, 2.0], [3.0, -0.0, 0.0]]> : tensor<2x3xf32>
  %min = "tf.Min"(%xm, %ax1) {keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xf32>
  %minu = tensor.cast %min : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%minu) : (tensor<*xf32>) -> ()
  // CHECK: [4,  10,  21]
  %prod = "tf.Prod"(%x, %ax0) {keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
  %produ = tensor.cast %prod : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%produ) : (tensor<*xf32>) -> ()

  // CHECK: [2,  1,  0]
  %xa = arith.constant dense<[[1.0, 0x7FC00000, 3.0, 3.0], [0x7FC00000, 1.0, 0x7FC00000, 0.0], [0x7FC00000, 0x7FC00000, 0x7FC00000, 0x7FC00000]]> : tensor<3x4xf32>
  %amax = "tf.ArgMax"(%xa, %ax1) : (tensor<3x4xf32>, tensor<i32>) -> tensor<3xi64>
  %amaxu = tensor.cast %amax : tensor<3xi64> to tensor<*xi64>
  call @printMemrefI64(%amaxu) : (tensor<*xi64>) -> ()
  // CHECK: [1,  2]
  %xb = arith.constant dense<[[3.0, 1.0], [1.0, 1.0], [0x7FC00000, 0.0]]> : tensor<3x2xf32>
  %amin = "tf.ArgMin"(%xb, %ax0) : (tensor<3x2xf32>, tensor<i32>) -> tensor<2xi32>
  %aminu = tensor.cast %amin : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%aminu) : (tensor<*xi32>) -> ()

  // CHECK: {{\[}}[1,   3,   6],
  // CHECK-NEXT: [4,   9,   16]]
  %cs = "tf.Cumsum"(%x, %ax1) {exclusive = false, reverse = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  %csu = tensor.cast %cs : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%csu) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[4,   5,   7],
  // CHECK-NEXT: [0,   0,   0]]
  %csr = "tf.Cumsum"(%x, %ax0) {exclusive = true, reverse = true} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  %csru = tensor.cast %csr : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%csru) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[1,   1,   2],
  // CHECK-NEXT: [1,   4,   20]]
  %cp = "tf.Cumprod"(%x, %ax1) {exclusive = true, reverse = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  %cpu = tensor.cast %cp : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%cpu) : (tensor<*xf32>) -> ()

  // CHECK: [-0,  nan,  0,  2]
  %r = arith.constant dense<[-0.0, 0x7FC00000, -1.0, 2.0]> : tensor<4xf32>
  %relu = "tf.Relu"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %reluu = tensor.cast %relu : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%reluu) : (tensor<*xf32>) -> ()
  // CHECK: [{{-?}}nan,  -0,  2,  0]
  %g = arith.constant dense<[0x7F800000, -1.0, 2.0, 3.0]> : tensor<4xf32>
  %f = arith.constant dense<[-1.0, 0.0, 2.0, 0x7FC00000]> : tensor<4xf32>
  %rg = "tf.ReluGrad"(%g, %f) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %rgu = tensor.cast %rg : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%rgu) : (tensor<*xf32>) -> ()


  // CHECK: [3,  -4,  -4,  3,  -2147483648]
  // CHECK: [1,  1,  -1,  -1,  0]
  %ni = arith.constant dense<[7, -7, 7, -7, -2147483648]> : tensor<5xi32>
  %di = arith.constant dense<[2, 2, -2, -2, -1]> : tensor<5xi32>
  %fdi = "tf.FloorDiv"(%ni, %di) : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  %fdiu = tensor.cast %fdi : tensor<5xi32> to tensor<*xi32>
  call @printMemrefI32(%fdiu) : (tensor<*xi32>) -> ()
  %fmi = "tf.FloorMod"(%ni, %di) : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  %fmiu = tensor.cast %fmi : tensor<5xi32> to tensor<*xi32>
  call @printMemrefI32(%fmiu) : (tensor<*xi32>) -> ()
  // tf.Div and tf.TruncateDiv of integers round toward zero.
  // CHECK: [3,  -3,  -3,  3,  -2147483648]
  // CHECK: [3,  -3,  -3,  3,  -2147483648]
  %tdi = "tf.Div"(%ni, %di) : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  %tdiu = tensor.cast %tdi : tensor<5xi32> to tensor<*xi32>
  call @printMemrefI32(%tdiu) : (tensor<*xi32>) -> ()
  %tti = "tf.TruncateDiv"(%ni, %di) : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  %ttiu = tensor.cast %tti : tensor<5xi32> to tensor<*xi32>
  call @printMemrefI32(%ttiu) : (tensor<*xi32>) -> ()
  // CHECK: [3,  -3,  -3,  3,  -0,  -0]
  %nf3 = arith.constant dense<[7.0, -7.0, 7.0, -7.0, 0.0, -0.0]> : tensor<6xf32>
  %df3 = arith.constant dense<[2.0, 2.0, -2.0, -2.0, -3.0, 3.0]> : tensor<6xf32>
  %ttf = "tf.TruncateDiv"(%nf3, %df3) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %ttfu = tensor.cast %ttf : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%ttfu) : (tensor<*xf32>) -> ()
  // CHECK: [3,  -4,  -4,  3,  -0,  -0]
  // CHECK: [1,  1,  -1,  -1,  0,  -0]
  %nf = arith.constant dense<[7.0, -7.0, 7.0, -7.0, 0.0, -0.0]> : tensor<6xf32>
  %df = arith.constant dense<[2.0, 2.0, -2.0, -2.0, -3.0, 3.0]> : tensor<6xf32>
  %fdf = "tf.FloorDiv"(%nf, %df) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %fdfu = tensor.cast %fdf : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%fdfu) : (tensor<*xf32>) -> ()
  %fmf = "tf.FloorMod"(%nf, %df) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %fmfu = tensor.cast %fmf : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%fmfu) : (tensor<*xf32>) -> ()
  // CHECK: [1.5,  0.5,  1,  -inf]
  %nf2 = arith.constant dense<[5.5, -5.5, 1.0, 1.0]> : tensor<4xf32>
  %df2 = arith.constant dense<[2.0, 2.0, 0x7F800000, 0xFF800000]> : tensor<4xf32>
  %fmf2 = "tf.FloorMod"(%nf2, %df2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %fmf2u = tensor.cast %fmf2 : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%fmf2u) : (tensor<*xf32>) -> ()

  // CHECK: {{\[}}[5,   6,   7],
  // CHECK-NEXT: [9,   10,   11]]
  %begin = arith.constant dense<[1, 1]> : tensor<2xi32>
  %size = arith.constant dense<[2, -1]> : tensor<2xi32>
  call @slice(%begin, %size) : (tensor<2xi32>, tensor<2xi32>) -> ()

  // CHECK: {{\[}}[5,   -1,   -1],
  // CHECK-NEXT: [-1,   -1,   -1],
  // CHECK-NEXT: [-1,   -1,   -1],
  // CHECK-NEXT: [-1,   -1,   5]]
  %idx = arith.constant dense<[0, 3, -1, 2]> : tensor<4xi32>
  %depth = arith.constant dense<3> : tensor<i32>
  %on = arith.constant dense<5.0> : tensor<f32>
  %off = arith.constant dense<-1.0> : tensor<f32>
  %oh = "tf.OneHot"(%idx, %depth, %on, %off) {axis = -1 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x3xf32>
  %ohu = tensor.cast %oh : tensor<4x3xf32> to tensor<*xf32>
  call @printMemrefF32(%ohu) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[1,   0],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [0,   1]]
  %idx2 = arith.constant dense<[0, 2]> : tensor<2xi64>
  %on1 = arith.constant dense<1> : tensor<i32>
  %off0 = arith.constant dense<0> : tensor<i32>
  %oh0 = "tf.OneHot"(%idx2, %depth, %on1, %off0) {axis = 0 : i64} : (tensor<2xi64>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3x2xi32>
  %oh0u = tensor.cast %oh0 : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%oh0u) : (tensor<*xi32>) -> ()

  // CHECK: [1,  6.25,  nan]
  %sq = arith.constant dense<[1.5, -2.0, 0x7FC00000]> : tensor<3xf32>
  %half = arith.constant dense<0.5> : tensor<f32>
  %sd = "tf.SquaredDifference"(%sq, %half) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %sdu = tensor.cast %sd : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%sdu) : (tensor<*xf32>) -> ()
  // CHECK: [9,  -2147479015]
  %si = arith.constant dense<[-3, 46341]> : tensor<2xi32>
  %sqi = "tf.Square"(%si) : (tensor<2xi32>) -> tensor<2xi32>
  %sqiu = tensor.cast %sqi : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%sqiu) : (tensor<*xi32>) -> ()
  // CHECK: [0,  2.5,  nan]
  %af = arith.constant dense<[-0.0, -2.5, 0x7FC00000]> : tensor<3xf32>
  %abf = "tf.Abs"(%af) : (tensor<3xf32>) -> tensor<3xf32>
  %abfu = tensor.cast %abf : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%abfu) : (tensor<*xf32>) -> ()
  // CHECK: [7,  -2147483648]
  %ai = arith.constant dense<[-7, -2147483648]> : tensor<2xi32>
  %abi = "tf.Abs"(%ai) : (tensor<2xi32>) -> tensor<2xi32>
  %abiu = tensor.cast %abi : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%abiu) : (tensor<*xi32>) -> ()

  // CHECK: [1.41421,  {{-?}}nan,  -0,  inf]
  %qx = arith.constant dense<[2.0, -1.0, -0.0, 0x7F800000]> : tensor<4xf32>
  %sqrt = "tf.Sqrt"(%qx) : (tensor<4xf32>) -> tensor<4xf32>
  %sqrtu = tensor.cast %sqrt : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%sqrtu) : (tensor<*xf32>) -> ()
  // CHECK: [0.333333,  -inf,  2]
  %rx = arith.constant dense<[3.0, -0.0, 0.5]> : tensor<3xf32>
  %rec = "tf.Reciprocal"(%rx) : (tensor<3xf32>) -> tensor<3xf32>
  %recu = tensor.cast %rec : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%recu) : (tensor<*xf32>) -> ()
  // CHECK: [-0.5,  3,  -0,  nan]
  // CHECK: [-4,  3]
  %lx = arith.constant dense<[-2.0, 3.0, -0.0, 0x7FC00000]> : tensor<4xf32>
  %lr = "tf.LeakyRelu"(%lx) {alpha = 2.500000e-01 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %lru = tensor.cast %lr : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%lru) : (tensor<*xf32>) -> ()
  %lx2 = arith.constant dense<[-2.0, 3.0]> : tensor<2xf32>
  %lr2 = "tf.LeakyRelu"(%lx2) {alpha = 2.000000e+00 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  %lr2u = tensor.cast %lr2 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%lr2u) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [3, 2, 2]
  // CHECK-COUNT-3: {{\[}}[1,     1],
  %bx = arith.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %bshape = arith.constant dense<[3, 2, 2]> : tensor<3xi32>
  %bc = "tf.BroadcastTo"(%bx, %bshape) : (tensor<2x1xf32>, tensor<3xi32>) -> tensor<3x2x2xf32>
  %bcu = tensor.cast %bc : tensor<3x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%bcu) : (tensor<*xf32>) -> ()

  // CHECK: [2147483647]
  %big = arith.constant dense<[[2147483647, 2147483647]]> : tensor<1x2xi32>
  %bigmean = "tf.Mean"(%big, %ax1) {keep_dims = false} : (tensor<1x2xi32>, tensor<i32>) -> tensor<1xi32>
  %bigmeanu = tensor.cast %bigmean : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%bigmeanu) : (tensor<*xi32>) -> ()
  // CHECK: rank = 1 offset = 0 sizes = [0]
  %none = arith.constant dense<0> : tensor<0xi32>
  %nonediv = "tf.FloorDiv"(%none, %none) : (tensor<0xi32>, tensor<0xi32>) -> tensor<0xi32>
  %nonedivu = tensor.cast %nonediv : tensor<0xi32> to tensor<*xi32>
  call @printMemrefI32(%nonedivu) : (tensor<*xi32>) -> ()
  return
}

// tf.slice(arange(12) as 3x4, begin, size), begin and size known at run time.
func.func @slice(%begin: tensor<2xi32>, %size: tensor<2xi32>) {
  %r = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %s = "tf.Slice"(%r, %begin, %size) : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %su = tensor.cast %s : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @slice_begin() {
  %begin = arith.constant dense<[4, 0]> : tensor<2xi32>
  %size = arith.constant dense<[1, 1]> : tensor<2xi32>
  call @slice(%begin, %size) : (tensor<2xi32>, tensor<2xi32>) -> ()
  return
}

func.func @slice_size() {
  %begin = arith.constant dense<[1, 0]> : tensor<2xi32>
  %size = arith.constant dense<[3, 1]> : tensor<2xi32>
  call @slice(%begin, %size) : (tensor<2xi32>, tensor<2xi32>) -> ()
  return
}

func.func @slice_typed() {
  %r = arith.constant dense<1.0> : tensor<3x4xf32>
  %begin = arith.constant dense<[0, 1]> : tensor<2xi32>
  %size = arith.constant dense<[1, 1]> : tensor<2xi32>
  %bd = tensor.cast %begin : tensor<2xi32> to tensor<?xi32>
  %b2 = tensor.cast %bd : tensor<?xi32> to tensor<2xi32>
  call @slice_to_1x2(%r, %b2, %size) : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> ()
  return
}

func.func @slice_to_1x2(%r: tensor<3x4xf32>, %begin: tensor<2xi32>, %size: tensor<2xi32>) {
  %s = "tf.Slice"(%r, %begin, %size) : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x2xf32>
  %su = tensor.cast %s : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @truncating_divide_by_zero() {
  %n = arith.constant dense<[7, -7]> : tensor<2xi32>
  %d = arith.constant dense<[2, 0]> : tensor<2xi32>
  %q = "tf.Div"(%n, %d) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %qu = tensor.cast %q : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%qu) : (tensor<*xi32>) -> ()
  return
}

func.func @divide_by_zero() {
  %n = arith.constant dense<[7, -7]> : tensor<2xi32>
  %d = arith.constant dense<[0, 2]> : tensor<2xi32>
  %q = "tf.FloorDiv"(%n, %d) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %qu = tensor.cast %q : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%qu) : (tensor<*xi32>) -> ()
  return
}
