// Strict-mode runtime errors of gather, scatter, concat and split, and of
// values whose shape only the run time knows: TensorFlow's message and exit
// status 1. One entry point per error.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.mlir
// RUN: not %run_cpu -e scatter_length %t.mlir 2>&1 | FileCheck %s --check-prefix=SLEN
// RUN: not %run_cpu -e scatter_length_closed %t.mlir 2>&1 | FileCheck %s --check-prefix=SLENCLOSED
// RUN: not %run_cpu -e scatter_max_index %t.mlir 2>&1 | FileCheck %s --check-prefix=SMAX
// RUN: not %run_cpu -e scatter_negative %t.mlir 2>&1 | FileCheck %s --check-prefix=SNEG
// RUN: not %run_cpu -e scatter_duplicate %t.mlir 2>&1 | FileCheck %s --check-prefix=SDUP
// RUN: not %run_cpu -e scatter_row_shape %t.mlir 2>&1 | FileCheck %s --check-prefix=SROW
// RUN: not %run_cpu -e split_sum %t.mlir 2>&1 | FileCheck %s --check-prefix=SPSUM
// RUN: not %run_cpu -e split_sum_uniform %t.mlir 2>&1 | FileCheck %s --check-prefix=SPSUMU
// RUN: not %run_cpu -e split_size %t.mlir 2>&1 | FileCheck %s --check-prefix=SPSIZE
// RUN: not %run_cpu -e split_length %t.mlir 2>&1 | FileCheck %s --check-prefix=SPLEN
// RUN: not %run_cpu -e split_negative %t.mlir 2>&1 | FileCheck %s --check-prefix=SPNEG
// RUN: not %run_cpu -e split_negative_wrap %t.mlir 2>&1 | FileCheck %s --check-prefix=SPNEGWRAP
// RUN: not %run_cpu -e split_sum_overflow %t.mlir 2>&1 | FileCheck %s --check-prefix=SPOVER
// RUN: not %run_cpu -e split_uniform_overflow %t.mlir 2>&1 | FileCheck %s --check-prefix=SPOVERU
// RUN: not %run_cpu -e gather_duplicate %t.mlir 2>&1 | FileCheck %s --check-prefix=GDUP
// RUN: not %run_cpu -e gather_oob %t.mlir 2>&1 | FileCheck %s --check-prefix=GOOB
// RUN: not %run_cpu -e concat_closed %t.mlir 2>&1 | FileCheck %s --check-prefix=CCLOSED
// RUN: not %run_cpu -e concat_twice %t.mlir 2>&1 | FileCheck %s --check-prefix=CTWICE
// RUN: not %run_cpu -e split_written %t.mlir 2>&1 | FileCheck %s --check-prefix=SPWRITTEN
// RUN: not %run_cpu -e split_after_read %t.mlir 2>&1 | FileCheck %s --check-prefix=SPREAD
// RUN: not %run_cpu -e write_after_split %t.mlir 2>&1 | FileCheck %s --check-prefix=WSPLIT
// RUN: not %run_cpu -e concat_cleared_later %t.mlir 2>&1 | FileCheck %s --check-prefix=CLATER
// RUN: not %run_cpu -e read_after_concat %t.mlir 2>&1 | FileCheck %s --check-prefix=RCONCAT
// RUN: not %run_cpu -e write_shape %t.mlir 2>&1 | FileCheck %s --check-prefix=WSHAPE
// RUN: not %run_cpu -e write_rank %t.mlir 2>&1 | FileCheck %s --check-prefix=WRANK

!T = !ta.handle<3, tensor<2xf32>>
!S = !ta.handle<2, tensor<2xf32>>

// SLEN: ta runtime error: Expected len(indices) == values.shape[0], but saw: 3 vs. 2
func.func @scatter_length() {
  %c3 = arith.constant 3 : index
  %i = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %v = arith.constant dense<1.0> : tensor<2x2xf32>
  %idx_d = tensor.cast %i : tensor<3xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%idx_d) : (tensor<?xi32>) -> tensor<?xi32>
  %h, %f = ta.create %c3 {name = "x"} : !T
  %f1 = ta.scatter %h[%idx], %v, %f : !T, tensor<?xi32>, tensor<2x2xf32>
  return
}

// TensorFlow's scatter asks the array's size, which fails on a closed array,
// before it compares the lengths (found by utils/difftest/tforacle.py).
// SLENCLOSED: ta runtime error: TensorArray x has already been closed.
func.func @scatter_length_closed() {
  %c3 = arith.constant 3 : index
  %i = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %v = arith.constant dense<1.0> : tensor<2x2xf32>
  %idx_d = tensor.cast %i : tensor<3xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%idx_d) : (tensor<?xi32>) -> tensor<?xi32>
  %h, %f = ta.create %c3 {name = "x"} : !T
  ta.close %h : !T
  %f1 = ta.scatter %h[%idx], %v, %f : !T, tensor<?xi32>, tensor<2x2xf32>
  return
}

// SMAX: ta runtime error: Max scatter index must be < array size (3 vs. 3)
func.func @scatter_max_index() {
  %c3 = arith.constant 3 : index
  %i = arith.constant dense<[0, 3]> : tensor<2xi32>
  %v = arith.constant dense<1.0> : tensor<2x2xf32>
  %idx_d = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%idx_d) : (tensor<?xi32>) -> tensor<?xi32>
  %h, %f = ta.create %c3 {name = "x"} : !T
  %f1 = ta.scatter %h[%idx], %v, %f : !T, tensor<?xi32>, tensor<2x2xf32>
  return
}

// A negative index fails in the write path, after the writes before it.
// SNEG: ta runtime error: TensorArray x: Tried to write to index -1 but array is not resizeable and size is: 3
func.func @scatter_negative() {
  %c3 = arith.constant 3 : index
  %i = arith.constant dense<[0, -1]> : tensor<2xi32>
  %v = arith.constant dense<1.0> : tensor<2x2xf32>
  %idx_d = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%idx_d) : (tensor<?xi32>) -> tensor<?xi32>
  %h, %f = ta.create %c3 {name = "x"} : !T
  %f1 = ta.scatter %h[%idx], %v, %f : !T, tensor<?xi32>, tensor<2x2xf32>
  return
}

// SDUP: ta runtime error: TensorArray x: Could not write to TensorArray index 1 because it has already been written to.
func.func @scatter_duplicate() {
  %c3 = arith.constant 3 : index
  %i = arith.constant dense<[1, 1]> : tensor<2xi32>
  %v = arith.constant dense<1.0> : tensor<2x2xf32>
  %idx_d = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%idx_d) : (tensor<?xi32>) -> tensor<?xi32>
  %h, %f = ta.create %c3 {name = "x"} : !T
  %f1 = ta.scatter %h[%idx], %v, %f : !T, tensor<?xi32>, tensor<2x2xf32>
  return
}

// Rows of shape [3] for elements of shape [2]: the first write fails.
// SROW: ta runtime error: TensorArray x: Could not write to TensorArray index 2 because the value shape is [3] which is incompatible with the TensorArray's inferred element shape: [2] (consider setting infer_shape=False).
func.func @scatter_row_shape() {
  %c3 = arith.constant 3 : index
  %i = arith.constant dense<[2, 0]> : tensor<2xi32>
  %v = arith.constant dense<1.0> : tensor<2x3xf32>
  %rows_d = tensor.cast %v : tensor<2x3xf32> to tensor<?x?xf32>
  %rows = func.call @opaque_rows(%rows_d) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %h, %f = ta.create %c3 {name = "x"} : !T
  %f1 = ta.scatter %h[%i], %rows, %f : !T, tensor<2xi32>, tensor<?x?xf32>
  return
}

// SPSUM: ta runtime error: Expected sum of lengths to be equal to values.shape[0], but sum of lengths is 5 and value's shape is: [6]
func.func @split_sum() {
  %c3 = arith.constant 3 : index
  %l = arith.constant dense<[2, 2, 1]> : tensor<3xi64>
  %v = arith.constant dense<1.0> : tensor<6xf32>
  %lengths_d = tensor.cast %l : tensor<3xi64> to tensor<?xi64>
  %lengths = func.call @opaque_i64(%lengths_d) : (tensor<?xi64>) -> tensor<?xi64>
  %h, %f = ta.create %c3 {name = "s"} : !T
  %f1 = ta.split %h, %v, %lengths, %f : !T, tensor<6xf32>, tensor<?xi64>
  return
}

// Every length is the element's dim 0 (one scan finds that; the sum is then
// their number times it): the sum is still not the value's rows.
// SPSUMU: ta runtime error: Expected sum of lengths to be equal to values.shape[0], but sum of lengths is 6 and value's shape is: [4]
func.func @split_sum_uniform() {
  %c3 = arith.constant 3 : index
  %l = arith.constant dense<2> : tensor<3xi64>
  %v = arith.constant dense<1.0> : tensor<4xf32>
  %lengths_d = tensor.cast %l : tensor<3xi64> to tensor<?xi64>
  %lengths = func.call @opaque_i64(%lengths_d) : (tensor<?xi64>) -> tensor<?xi64>
  %h, %f = ta.create %c3 {name = "s"} : !T
  %f1 = ta.split %h, %v, %lengths, %f : !T, tensor<4xf32>, tensor<?xi64>
  return
}

// SPSIZE: ta runtime error: TensorArray's size is not equal to the size of lengths (3 vs. 2), and the TensorArray is not marked as dynamically resizeable
func.func @split_size() {
  %c3 = arith.constant 3 : index
  %l = arith.constant dense<[2, 2]> : tensor<2xi64>
  %v = arith.constant dense<1.0> : tensor<4xf32>
  %lengths_d = tensor.cast %l : tensor<2xi64> to tensor<?xi64>
  %lengths = func.call @opaque_i64(%lengths_d) : (tensor<?xi64>) -> tensor<?xi64>
  %h, %f = ta.create %c3 {name = "s"} : !T
  %f1 = ta.split %h, %v, %lengths, %f : !T, tensor<4xf32>, tensor<?xi64>
  return
}

// Element 0 gets shape [lengths[0]] = [1], not the element shape [2].
// SPLEN: ta runtime error: TensorArray s: Could not write to TensorArray index 0 because the value shape is [1] which is incompatible with the TensorArray's inferred element shape: [2] (consider setting infer_shape=False).
func.func @split_length() {
  %c3 = arith.constant 3 : index
  %l = arith.constant dense<[1, 3, 2]> : tensor<3xi64>
  %v = arith.constant dense<1.0> : tensor<6xf32>
  %lengths_d = tensor.cast %l : tensor<3xi64> to tensor<?xi64>
  %lengths = func.call @opaque_i64(%lengths_d) : (tensor<?xi64>) -> tensor<?xi64>
  %h, %f = ta.create %c3 {name = "s"} : !T
  %f1 = ta.split %h, %v, %lengths, %f : !T, tensor<6xf32>, tensor<?xi64>
  return
}

// A negative length, whose sum with the others is right: TensorFlow's
// kernel aborts the process (a failed CHECK in TensorShape::set_dim); ta
// fails, first, with the error of its runtime's split of open element
// shapes. The first negative length is named.
// SPNEG: ta runtime error: Expected lengths to be non-negative, but lengths[1] is -2
func.func @split_negative() {
  %c3 = arith.constant 3 : index
  %l = arith.constant dense<[4, -2, -1]> : tensor<3xi64>
  %v = arith.constant dense<1.0> : tensor<1xf32>
  %lengths_d = tensor.cast %l : tensor<3xi64> to tensor<?xi64>
  %lengths = func.call @opaque_i64(%lengths_d) : (tensor<?xi64>) -> tensor<?xi64>
  %h, %f = ta.create %c3 {name = "s"} : !T
  %f1 = ta.split %h, %v, %lengths, %f : !T, tensor<1xf32>, tensor<?xi64>
  return
}

// Lengths whose int64 sum wraps to the value's 0 rows (found by
// ta-exec-fuzz: the error named a value shape of [?]).
// SPNEGWRAP: ta runtime error: Expected lengths to be non-negative, but lengths[0] is -9223372036854775808
func.func @split_negative_wrap() {
  %c3 = arith.constant 3 : index
  %l = arith.constant dense<[-9223372036854775808, -9223372036854775808, 0]> : tensor<3xi64>
  %v = arith.constant dense<1.0> : tensor<0xf32>
  %lengths_d = tensor.cast %l : tensor<3xi64> to tensor<?xi64>
  %lengths = func.call @opaque_i64(%lengths_d) : (tensor<?xi64>) -> tensor<?xi64>
  %h, %f = ta.create %c3 {name = "s"} : !T
  %f1 = ta.split %h, %v, %lengths, %f : !T, tensor<0xf32>, tensor<?xi64>
  return
}

// Lengths whose int64 sum wraps to the value's 0 rows (2 + 2 x (2^63 - 1)
// = 2^64): TensorFlow's check passes and its kernel then copies element 0's
// two rows from a value of none; ta fails (found by ta-exec-fuzz: its
// model read past the value, as the compiled code would have).
// SPOVER: ta runtime error: Expected sum of lengths to be equal to values.shape[0], but sum of lengths is more than 2**63 - 1 and value's shape is: [0]
func.func @split_sum_overflow() {
  %c3 = arith.constant 3 : index
  %l = arith.constant dense<[2, 9223372036854775807, 9223372036854775807]> : tensor<3xi64>
  %v = arith.constant dense<1.0> : tensor<0xf32>
  %lengths_d = tensor.cast %l : tensor<3xi64> to tensor<?xi64>
  %lengths = func.call @opaque_i64(%lengths_d) : (tensor<?xi64>) -> tensor<?xi64>
  %h, %f = ta.create %c3 {name = "s"} : !T
  %f1 = ta.split %h, %v, %lengths, %f : !T, tensor<0xf32>, tensor<?xi64>
  return
}

// Four lengths of 2^62, each the element's dim 0: their sum, 2^64, wraps
// to the value's 0 rows; the test of the product, not the product, finds it
// (with the product alone, the growth to four such slots fails instead).
// SPOVERU: ta runtime error: Expected sum of lengths to be equal to values.shape[0], but sum of lengths is more than 2**63 - 1 and value's shape is: [0]
func.func @split_uniform_overflow() {
  %c0 = arith.constant 0 : index
  %l = arith.constant dense<4611686018427387904> : tensor<4xi64>
  %v = arith.constant dense<1> : tensor<0xi8>
  %lengths_d = tensor.cast %l : tensor<4xi64> to tensor<?xi64>
  %lengths = func.call @opaque_i64(%lengths_d) : (tensor<?xi64>) -> tensor<?xi64>
  %h, %f = ta.create %c0 {name = "s", dynamic_size = true} : !ta.handle<?, tensor<4611686018427387904xi8>>
  %f1 = ta.split %h, %v, %lengths, %f : !ta.handle<?, tensor<4611686018427387904xi8>>, tensor<0xi8>, tensor<?xi64>
  return
}

// Gather reads: a duplicate index of a clear_after_read array fails.
// GDUP: ta runtime error: TensorArray g: Could not read index 1 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @gather_duplicate() {
  %c3 = arith.constant 3 : index
  %i = arith.constant dense<[1, 1]> : tensor<2xi32>
  %h, %f = ta.create %c3 {name = "g"} : !T
  %v = ta.gather %h[%i], %f : !T, tensor<2xi32>
  return
}

// GOOB: ta runtime error: Tried to read from index 3 but array size is: 3
func.func @gather_oob() {
  %c3 = arith.constant 3 : index
  %i = arith.constant dense<[0, 3]> : tensor<2xi32>
  %idx_d = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%idx_d) : (tensor<?xi32>) -> tensor<?xi32>
  %h, %f = ta.create %c3 {name = "g"} : !T
  %v = ta.gather %h[%idx], %f : !T, tensor<?xi32>
  return
}

// CCLOSED: ta runtime error: TensorArray c has already been closed.
func.func @concat_closed() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "c"} : !T
  ta.close %h : !T
  %v, %l = ta.concat %h, %f : !T
  return
}

// CTWICE: ta runtime error: TensorArray c: Could not read index 0 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @concat_twice() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "c"} : !T
  %v, %l = ta.concat %h, %f : !T
  %w, %k = ta.concat %h, %f : !T
  return
}

// WSHAPE: ta runtime error: TensorArray w: Could not write to TensorArray index 0 because the value shape is [3] which is incompatible with the TensorArray's inferred element shape: [2] (consider setting infer_shape=False).
func.func @write_shape() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<3xf32>
  %d_d = tensor.cast %v : tensor<3xf32> to tensor<?xf32>
  %d = func.call @opaque_f32(%d_d) : (tensor<?xf32>) -> tensor<?xf32>
  %h, %f = ta.create %c3 {name = "w"} : !T
  %f1 = ta.write %h[%c0], %d, %f : !T, tensor<?xf32>
  return
}

// WRANK: ta runtime error: TensorArray w: Could not write to TensorArray index 1 because the value shape is [1,2] which is incompatible with the TensorArray's inferred element shape: [2] (consider setting infer_shape=False).
func.func @write_rank() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<1x2xf32>
  %u_d = tensor.cast %v : tensor<1x2xf32> to tensor<*xf32>
  %u = func.call @opaque_unranked(%u_d) : (tensor<*xf32>) -> tensor<*xf32>
  %h, %f = ta.create %c3 {name = "w"} : !T
  %f1 = ta.write %h[%c1], %u, %f : !T, tensor<*xf32>
  return
}

// Hide shapes and constants from the verifier and the folders.
func.func private @opaque_i32(%t: tensor<?xi32>) -> tensor<?xi32> attributes {no_inline} {
  return %t : tensor<?xi32>
}
func.func private @opaque_i64(%t: tensor<?xi64>) -> tensor<?xi64> attributes {no_inline} {
  return %t : tensor<?xi64>
}
func.func private @opaque_f32(%t: tensor<?xf32>) -> tensor<?xf32> attributes {no_inline} {
  return %t : tensor<?xf32>
}
func.func private @opaque_rows(%t: tensor<?x?xf32>) -> tensor<?x?xf32> attributes {no_inline} {
  return %t : tensor<?x?xf32>
}
func.func private @opaque_unranked(%t: tensor<*xf32>) -> tensor<*xf32> attributes {no_inline} {
  return %t : tensor<*xf32>
}

// Split and concat check the state in one scan and copy all elements at
// once when nothing fails; otherwise they write or read one element after
// the other and fail at the element TensorFlow fails at, and the one scan
// leaves every slot as the element-wise operation would.

// Element 1 was written before the split (element 0 is written first).
// SPWRITTEN: ta runtime error: TensorArray s: Could not write to TensorArray index 1 because it has already been written to.
func.func @split_written() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %row = arith.constant dense<5.0> : tensor<2xf32>
  %l = arith.constant dense<[2, 2]> : tensor<2xi64>
  %v = arith.constant dense<1.0> : tensor<4xf32>
  %h, %f = ta.create %c2 {name = "s"} : !S
  %f1 = ta.write %h[%c1], %row, %f : !S, tensor<2xf32>
  %f2 = ta.split %h, %v, %l, %f1 : !S, tensor<4xf32>, tensor<2xi64>
  return
}

// Slot 0 was read (as zeros) before the split.
// SPREAD: ta runtime error: TensorArray s: Could not write to TensorArray index 0 because it has already been read.
func.func @split_after_read() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %l = arith.constant dense<[2, 2]> : tensor<2xi64>
  %v = arith.constant dense<1.0> : tensor<4xf32>
  %h, %f = ta.create %c2 {name = "s"} : !S
  %r = ta.read %h[%c0], %f : !S
  %f2 = ta.split %h, %v, %l, %f : !S, tensor<4xf32>, tensor<2xi64>
  return
}

// A split marks every slot written: writing one again fails.
// WSPLIT: ta runtime error: TensorArray s: Could not write to TensorArray index 1 because it has already been written to.
func.func @write_after_split() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %row = arith.constant dense<5.0> : tensor<2xf32>
  %l = arith.constant dense<[2, 2]> : tensor<2xi64>
  %v = arith.constant dense<1.0> : tensor<4xf32>
  %h, %f = ta.create %c2 {name = "s"} : !S
  %f1 = ta.split %h, %v, %l, %f : !S, tensor<4xf32>, tensor<2xi64>
  %f2 = ta.write %h[%c1], %row, %f1 : !S, tensor<2xf32>
  return
}

// Slot 2 was read (and so cleared) before the concat, which reads slots 0
// and 1 first.
// CLATER: ta runtime error: TensorArray c: Could not read index 2 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @concat_cleared_later() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "c"} : !T
  %r = ta.read %h[%c2], %f : !T
  %v, %l = ta.concat %h, %f : !T
  return
}

// A concat of a clear_after_read array clears every slot: reading one
// again fails.
// RCONCAT: ta runtime error: TensorArray c: Could not read index 1 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @read_after_concat() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "c"} : !T
  %v, %l = ta.concat %h, %f : !T
  %r = ta.read %h[%c1], %f : !T
  return
}
