// Ragged lists: TensorListSplit into pieces of different lengths (what
// TensorArray.split makes with unequal lengths), then read: GetItem,
// ConcatV2, Length, through a call and a loop, in both checks modes.
// Expected values (TensorList rules): x = [[0,1],[2,3],...,[10,11]] split by
// [1, 3, 2] has 3 items, [[0,1]], [[2,3],[4,5],[6,7]] and [[8,9],[10,11]];
// concatenated they give x back and lengths [1, 3, 2]; a loop over the items
// sums their rows into a list of their own: [0,1], [12,15], [18,20]. An i8 vector [-1, 2, -3, 4]
// split by [0, 3, 1] (lengths known at run time) has an empty item 0 and
// item 1 [-1, 2, -3]; f64 rows [[0.5, -0.25]] split by [1, 0] give an empty
// item 1 of shape [0, 2].
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: %run_cpu -e narrow %t.strict.mlir | FileCheck %s --check-prefix=NARROW
// RUN: %run_cpu -e narrow %t.none.mlir | FileCheck %s --check-prefix=NARROW
// TensorFlow's errors (its texts): an item past the end, lengths that leave
// rows unused, a negative length, pieces past the tensor's end.
// RUN: not %run_cpu -e get_past_end %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GET
// RUN: not %run_cpu -e get_negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GETNEG
// RUN: not %run_cpu -e split_unused %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=UNUSED
// RUN: not %run_cpu -e split_negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %run_cpu -e split_past_end %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SLICE
// GET: ta runtime error: Trying to access element 3 in a list with 3 elements.
// GETNEG: ta runtime error: Trying to access element -1 in a list with 2 elements.
// UNUSED: ta runtime error: Unused values in tensor. Length of tensor: 6 Values used: 5
// NEG: ta runtime error: Invalid value in lengths: -1
// SLICE: ta runtime error: Attempting to slice [4, 7] from tensor with length 6

!R = tensor<!tf_type.variant<tensor<*xf32>>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @x() -> tensor<6x2xf32> {
  %x = "tf.Const"() <{value = dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0], [10.0, 11.0]]> : tensor<6x2xf32>}> : () -> tensor<6x2xf32>
  return %x : tensor<6x2xf32>
}

// A ragged list passed to a function, which reads an item.
func.func private @item(%l: !R, %i: tensor<i32>) -> tensor<*xf32> {
  %unknown = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %v = "tf.TensorListGetItem"(%l, %i, %unknown) : (!R, tensor<i32>, tensor<i32>) -> tensor<*xf32>
  return %v : tensor<*xf32>
}

func.func @main() {
  %unknown = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %lengths = "tf.Const"() <{value = dense<[1, 3, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %none = "tf.Const"() <{value = dense<> : tensor<0xi64>}> : () -> tensor<0xi64>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %axis0 = "tf.Const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %shape2 = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %x = "tf.StatefulPartitionedCall"() <{f = @x}> : () -> tensor<6x2xf32>
  %l = "tf.TensorListSplit"(%x, %unknown, %lengths) : (tensor<6x2xf32>, tensor<i32>, tensor<3xi64>) -> !R
  // CHECK: sizes = [1, 2]
  // CHECK-NEXT: {{\[}}[0,   1]]
  %i0 = "tf.StatefulPartitionedCall"(%l, %zero) <{f = @item}> : (!R, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%i0) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[2,   3],
  // CHECK-NEXT: [4,   5],
  // CHECK-NEXT: [6,   7]]
  %i1 = "tf.StatefulPartitionedCall"(%l, %one) <{f = @item}> : (!R, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%i1) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [6, 2]
  // CHECK-NEXT: {{\[}}[0,   1],
  // CHECK-NEXT: [2,   3],
  // CHECK-NEXT: [4,   5],
  // CHECK-NEXT: [6,   7],
  // CHECK-NEXT: [8,   9],
  // CHECK-NEXT: [10,   11]]
  // CHECK: sizes = [3]
  // CHECK-NEXT: [1,  3,  2]
  %t, %n = "tf.TensorListConcatV2"(%l, %shape2, %none) : (!R, tensor<1xi32>, tensor<0xi64>) -> (tensor<*xf32>, tensor<?xi64>)
  call @printMemrefF32(%t) : (tensor<*xf32>) -> ()
  %nc = "tf.Cast"(%n) : (tensor<?xi64>) -> tensor<*xi32>
  call @printMemrefI32(%nc) : (tensor<*xi32>) -> ()
  // The length, and each item's rows summed in a loop over it.
  // CHECK: sizes = []
  // CHECK-NEXT: [3]
  %len = "tf.TensorListLength"(%l) : (!R) -> tensor<i32>
  %lenp = "tf.AddV2"(%len, %zero) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %lenu = tensor.cast %lenp : tensor<i32> to tensor<*xi32>
  call @printMemrefI32(%lenu) : (tensor<*xi32>) -> ()
  %sums0 = "tf.TensorListReserve"(%shape2, %len) : (tensor<1xi32>, tensor<i32>) -> !R
  %r:3 = "tf.WhileRegion"(%zero, %sums0, %l) <{is_stateless = true}> ({
  ^bb0(%i: tensor<i32>, %s: !R, %ll: !R):
    %c = "tf.Less"(%i, %len) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %s: !R, %ll: !R):
    %v = "tf.TensorListGetItem"(%ll, %i, %unknown) : (!R, tensor<i32>, tensor<i32>) -> tensor<*xf32>
    %sum = "tf.Sum"(%v, %axis0) <{keep_dims = false}> : (tensor<*xf32>, tensor<1xi32>) -> tensor<*xf32>
    %s1 = "tf.TensorListSetItem"(%s, %i, %sum) : (!R, tensor<i32>, tensor<*xf32>) -> !R
    %i1n = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "tf.Yield"(%i1n, %s1, %ll) : (tensor<i32>, !R, !R) -> ()
  }) : (tensor<i32>, !R, !R) -> (tensor<i32>, !R, !R)
  %sums = "tf.TensorListStack"(%r#1, %shape2) : (!R, tensor<1xi32>) -> tensor<*xf32>
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[0,   1],
  // CHECK-NEXT: [12,   15],
  // CHECK-NEXT: [18,   20]]
  call @printMemrefF32(%sums) : (tensor<*xf32>) -> ()
  return
}

!N = tensor<!tf_type.variant<tensor<*xi8>>>
!D = tensor<!tf_type.variant<tensor<*xf64>>>

func.func @narrow_lengths() -> tensor<3xi32> {
  %lengths = "tf.Const"() <{value = dense<[0, 3, 1]> : tensor<3xi32>}> : () -> tensor<3xi32>
  return %lengths : tensor<3xi32>
}

func.func @narrow() {
  %unknown = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %x = "tf.Const"() <{value = dense<[-1, 2, -3, 4]> : tensor<4xi8>}> : () -> tensor<4xi8>
  %lengths = "tf.StatefulPartitionedCall"() <{f = @narrow_lengths}> : () -> tensor<3xi32>
  %l = "tf.TensorListSplit"(%x, %unknown, %lengths) : (tensor<4xi8>, tensor<i32>, tensor<3xi32>) -> !N
  // NARROW: sizes = [0]
  // NARROW: sizes = [3]
  // NARROW-NEXT: [-1, 2, -3]
  %i0 = "tf.TensorListGetItem"(%l, %zero, %unknown) : (!N, tensor<i32>, tensor<i32>) -> tensor<*xi8>
  %i0w = "tf.Cast"(%i0) : (tensor<*xi8>) -> tensor<*xi32>
  call @printMemrefI32(%i0w) : (tensor<*xi32>) -> ()
  %i1 = "tf.TensorListGetItem"(%l, %one, %unknown) : (!N, tensor<i32>, tensor<i32>) -> tensor<*xi8>
  %i1w = "tf.Cast"(%i1) : (tensor<*xi8>) -> tensor<*xi32>
  call @printMemrefI32(%i1w) : (tensor<*xi32>) -> ()
  // f64 rows split by [1, 0]: item 1 is empty, of shape [0, 2].
  // NARROW: sizes = [0, 2]
  %y = "tf.Const"() <{value = dense<[[0.5, -0.25]]> : tensor<1x2xf64>}> : () -> tensor<1x2xf64>
  %ylengths = "tf.Const"() <{value = dense<[1, 0]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %d = "tf.TensorListSplit"(%y, %unknown, %ylengths) : (tensor<1x2xf64>, tensor<i32>, tensor<2xi64>) -> !D
  %d1 = "tf.TensorListGetItem"(%d, %one, %unknown) : (!D, tensor<i32>, tensor<i32>) -> tensor<*xf64>
  call @printMemrefF64(%d1) : (tensor<*xf64>) -> ()
  // NARROW: sizes = [1, 2]
  // NARROW-NEXT: {{\[}}[0.5,   -0.25]]
  %none = "tf.Const"() <{value = dense<> : tensor<0xi64>}> : () -> tensor<0xi64>
  %dt, %dn = "tf.TensorListConcatV2"(%d, %unknown, %none) : (!D, tensor<i32>, tensor<0xi64>) -> (tensor<*xf64>, tensor<?xi64>)
  call @printMemrefF64(%dt) : (tensor<*xf64>) -> ()
  return
}

// The errors: each function splits x (6 rows) and reads or splits wrongly.
func.func @get_past_end() {
  %unknown = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %three = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %lengths = "tf.Const"() <{value = dense<[1, 3, 2]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %x = "tf.StatefulPartitionedCall"() <{f = @x}> : () -> tensor<6x2xf32>
  %l = "tf.TensorListSplit"(%x, %unknown, %lengths) : (tensor<6x2xf32>, tensor<i32>, tensor<3xi64>) -> !R
  %v = "tf.StatefulPartitionedCall"(%l, %three) <{f = @item}> : (!R, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}

func.func @get_negative() {
  %unknown = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %lengths = "tf.Const"() <{value = dense<[5, 1]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %x = "tf.StatefulPartitionedCall"() <{f = @x}> : () -> tensor<6x2xf32>
  %l = "tf.TensorListSplit"(%x, %unknown, %lengths) : (tensor<6x2xf32>, tensor<i32>, tensor<2xi64>) -> !R
  %v = "tf.StatefulPartitionedCall"(%l, %unknown) <{f = @item}> : (!R, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}

func.func @split_with(%lengths: tensor<3xi64>) {
  %unknown = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %x = "tf.StatefulPartitionedCall"() <{f = @x}> : () -> tensor<6x2xf32>
  %l = "tf.TensorListSplit"(%x, %unknown, %lengths) : (tensor<6x2xf32>, tensor<i32>, tensor<3xi64>) -> !R
  %v = "tf.StatefulPartitionedCall"(%l, %zero) <{f = @item}> : (!R, tensor<i32>) -> tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}

func.func @split_unused() {
  %lengths = "tf.Const"() <{value = dense<[1, 3, 1]> : tensor<3xi64>}> : () -> tensor<3xi64>
  "tf.StatefulPartitionedCall"(%lengths) <{f = @split_with}> : (tensor<3xi64>) -> ()
  return
}

func.func @split_negative() {
  %lengths = "tf.Const"() <{value = dense<[1, -1, 6]> : tensor<3xi64>}> : () -> tensor<3xi64>
  "tf.StatefulPartitionedCall"(%lengths) <{f = @split_with}> : (tensor<3xi64>) -> ()
  return
}

func.func @split_past_end() {
  %lengths = "tf.Const"() <{value = dense<[1, 3, 3]> : tensor<3xi64>}> : () -> tensor<3xi64>
  "tf.StatefulPartitionedCall"(%lengths) <{f = @split_with}> : (tensor<3xi64>) -> ()
  return
}
