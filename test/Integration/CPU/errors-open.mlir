// Run-time errors of arrays whose element shape is open, with
// TensorFlow's messages, in both checks modes (the runtime that keeps such
// arrays checks in both): exit status 1, never a crash.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: not %run_cpu -e read_unknown %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RUNKNOWN
// RUN: not %run_cpu -e read_unknown %t.none.mlir 2>&1 | FileCheck %s --check-prefix=RUNKNOWN
// RUN: not %run_cpu -e gather_inconsistent %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GINC
// RUN: not %run_cpu -e gather_inconsistent %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GINC
// RUN: not %run_cpu -e concat_inconsistent %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CINC
// RUN: not %run_cpu -e concat_inconsistent %t.none.mlir 2>&1 | FileCheck %s --check-prefix=CINC
// RUN: not %run_cpu -e identical_mismatch %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=IDENT
// RUN: not %run_cpu -e identical_mismatch %t.none.mlir 2>&1 | FileCheck %s --check-prefix=IDENT
// RUN: not %run_cpu -e gather_zero %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GZERO
// RUN: not %run_cpu -e gather_zero %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GZERO
// RUN: not %run_cpu -e concat_zero %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CZERO
// RUN: not %run_cpu -e concat_zero %t.none.mlir 2>&1 | FileCheck %s --check-prefix=CZERO
// RUN: not %run_cpu -e split_sum %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SSUM
// RUN: not %run_cpu -e split_sum %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SSUM
// RUN: not %run_cpu -e split_size %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SSIZE
// RUN: not %run_cpu -e split_size %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SSIZE
// RUN: not %run_cpu -e split_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SNEG
// RUN: not %run_cpu -e split_negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SNEG
// RUN: not %run_cpu -e split_overflow %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SOVER
// RUN: not %run_cpu -e split_overflow %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SOVER
// RUN: not %run_cpu -e scatter_length %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SCLEN
// RUN: not %run_cpu -e scatter_length %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SCLEN
// RUN: not %run_cpu -e scatter_max %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SCMAX
// RUN: not %run_cpu -e scatter_max %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SCMAX
// RUN: not %run_cpu -e double_write %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=DOUBLE
// RUN: not %run_cpu -e double_write %t.none.mlir 2>&1 | FileCheck %s --check-prefix=DOUBLE
// RUN: not %run_cpu -e write_after_read %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=WAR
// RUN: not %run_cpu -e write_after_read %t.none.mlir 2>&1 | FileCheck %s --check-prefix=WAR
// RUN: not %run_cpu -e read_cleared %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CLEARED
// RUN: not %run_cpu -e read_cleared %t.none.mlir 2>&1 | FileCheck %s --check-prefix=CLEARED
// RUN: not %run_cpu -e write_oob %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=WOOB
// RUN: not %run_cpu -e write_oob %t.none.mlir 2>&1 | FileCheck %s --check-prefix=WOOB
// RUN: not %run_cpu -e read_oob %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=ROOB
// RUN: not %run_cpu -e read_oob %t.none.mlir 2>&1 | FileCheck %s --check-prefix=ROOB
// RUN: not %run_cpu -e closed %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CLOSED
// RUN: not %run_cpu -e closed %t.none.mlir 2>&1 | FileCheck %s --check-prefix=CLOSED
// RUN: not %run_cpu -e negative_size %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEGSIZE
// RUN: not %run_cpu -e negative_size %t.none.mlir 2>&1 | FileCheck %s --check-prefix=NEGSIZE
// RUN: not %run_cpu -e aggregate_shape %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=AGGSHAPE
// RUN: not %run_cpu -e aggregate_shape %t.none.mlir 2>&1 | FileCheck %s --check-prefix=AGGSHAPE
// RUN: not %run_cpu -e aggregate_bool %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=AGGBOOL
// RUN: not %run_cpu -e aggregate_bool %t.none.mlir 2>&1 | FileCheck %s --check-prefix=AGGBOOL
// RUN: not %run_cpu -e grad_read_unknown %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GRUNKNOWN
// RUN: not %run_cpu -e grad_read_unknown %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GRUNKNOWN
// RUN: not %run_cpu -e grad_closed %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GCLOSED
// RUN: not %run_cpu -e grad_closed %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GCLOSED
// RUN: not %run_cpu -e grad_locks_size %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GLOCK
// RUN: not %run_cpu -e grad_locks_size %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GLOCK
// RUN: not %run_cpu -e prepend_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=PNEG
// RUN: not %run_cpu -e prepend_negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=PNEG

!V = !ta.handle<2, tensor<?xf32>>
!M = !ta.handle<2, tensor<?x?xf32>>

func.func private @printI64(i64)

// Keep values from being folded into the ops (their checks stay at run
// time).
func.func private @opaque(%i: index) -> index {
  return %i : index
}
func.func private @opaque_lengths(%l: tensor<2xi64>) -> tensor<2xi64> {
  return %l : tensor<2xi64>
}
func.func private @opaque_indices(%i: tensor<2xi32>) -> tensor<2xi32> {
  return %i : tensor<2xi32>
}
func.func private @opaque_prepend(%p: tensor<1xi32>) -> tensor<1xi32> {
  return %p : tensor<1xi32>
}

// RUNKNOWN: ta runtime error: TensorArray ta: Could not read from TensorArray index 0.  Furthermore, the element shape is not fully defined: [?].  It is possible you are working with a resizeable TensorArray and stop_gradients is not allowing the gradients to be written.  If you set the full element_shape property on the forward TensorArray, the proper all-zeros tensor will be returned instead of incurring this error.
func.func @read_unknown() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %r = ta.read %h[%c0], %f : !V
  return
}

// GINC: ta runtime error: TensorArray has inconsistent shapes.  Index 0 has shape: [1] but index 1 has shape: [2]
func.func @gather_inconsistent() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %f1 = ta.write %h[%c0], %one, %f : !V, tensor<?xf32>
  %f2 = ta.write %h[%c1], %two, %f1 : !V, tensor<?xf32>
  %i = arith.constant dense<[0, 1]> : tensor<2xi32>
  %g = ta.gather %h[%i], %f2 : !V, tensor<2xi32>
  return
}

// CINC: ta runtime error: TensorArray has inconsistent shapes.  Index 0 has (excepting dimension 0) shape: [1] but index 1 has (excepting dimension 0) shape: [2]
func.func @concat_inconsistent() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !M
  %a = arith.constant dense<[[1.0]]> : tensor<1x1xf32>
  %b = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %ad = tensor.cast %a : tensor<1x1xf32> to tensor<?x?xf32>
  %bd = tensor.cast %b : tensor<1x2xf32> to tensor<?x?xf32>
  %f1 = ta.write %h[%c0], %ad, %f : !M, tensor<?x?xf32>
  %f2 = ta.write %h[%c1], %bd, %f1 : !M, tensor<?x?xf32>
  %v, %l = ta.concat %h, %f2 : !M
  return
}

// IDENT: ta runtime error: TensorArray ta: Could not write to TensorArray index 1 because the value shape is [2] which is incompatible with the TensorArray's inferred element shape: [1] (consider setting infer_shape=False).
func.func @identical_mismatch() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 {identical_element_shapes = true} : !V
  %f1 = ta.write %h[%c0], %one, %f : !V, tensor<?xf32>
  %f2 = ta.write %h[%c1], %two, %f1 : !V, tensor<?xf32>
  return
}

// GZERO: ta runtime error: TensorArray has size zero, but element shape [?] is not fully defined. Currently only static shapes are supported when packing zero-size TensorArrays.
func.func @gather_zero() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c0 : !ta.handle<?, tensor<?xf32>>
  %i = arith.constant dense<> : tensor<0xi32>
  %g = ta.gather %h[%i], %f : !ta.handle<?, tensor<?xf32>>, tensor<0xi32>
  return
}

// CZERO: ta runtime error: TensorArray has size zero, but element_shape_except0 [?] is not fully defined. Currently only static shapes are supported when concatenating zero-size TensorArrays.
func.func @concat_zero() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c0 : !ta.handle<?, tensor<?x?xf32>>
  %v, %l = ta.concat %h, %f : !ta.handle<?, tensor<?x?xf32>>
  return
}

// SSUM: ta runtime error: Expected sum of lengths to be equal to values.shape[0], but sum of lengths is 2 and value's shape is: [3]
func.func @split_sum() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %v = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %l = arith.constant dense<[1, 1]> : tensor<2xi64>
  %o = func.call @opaque_lengths(%l) : (tensor<2xi64>) -> tensor<2xi64>
  %f1 = ta.split %h, %v, %o, %f : !V, tensor<3xf32>, tensor<2xi64>
  return
}

// SSIZE: ta runtime error: TensorArray's size is not equal to the size of lengths (2 vs. 3), and the TensorArray is not marked as dynamically resizeable
func.func @split_size() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !ta.handle<?, tensor<?xf32>>
  %v = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %l = arith.constant dense<[1, 1, 1]> : tensor<3xi64>
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<?, tensor<?xf32>>, tensor<3xf32>, tensor<3xi64>
  return
}

// SNEG: ta runtime error: Expected lengths to be non-negative, but lengths[0] is -1
// Lengths whose int64 sum wraps to the value's rows (2 x (2^63 - 1) + 3
// wraps to 1): TensorFlow's check passes and its kernel
// reads past the value; ta's is an error (found by ta-exec-fuzz under
// UBSan: the runtime's sum overflowed).
// SOVER: ta runtime error: Expected sum of lengths to be equal to values.shape[0], but sum of lengths is more than 2**63 - 1 and value's shape is: [1]
func.func @split_overflow() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !ta.handle<?, tensor<?xf32>>
  %v = arith.constant dense<[1.0]> : tensor<1xf32>
  %l = arith.constant dense<[9223372036854775807, 9223372036854775807, 3]> : tensor<3xi64>
  %o = func.call @opaque_lengths3(%l) : (tensor<3xi64>) -> tensor<3xi64>
  %f1 = ta.split %h, %v, %o, %f : !ta.handle<?, tensor<?xf32>>, tensor<1xf32>, tensor<3xi64>
  return
}

func.func private @opaque_lengths3(%l: tensor<3xi64>) -> tensor<3xi64> attributes {no_inline} {
  return %l : tensor<3xi64>
}

func.func @split_negative() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %v = arith.constant dense<[1.0]> : tensor<1xf32>
  %l = arith.constant dense<[-1, 2]> : tensor<2xi64>
  %o = func.call @opaque_lengths(%l) : (tensor<2xi64>) -> tensor<2xi64>
  %f1 = ta.split %h, %v, %o, %f : !V, tensor<1xf32>, tensor<2xi64>
  return
}

// SCLEN: ta runtime error: Expected len(indices) == values.shape[0], but saw: 1 vs. 2
func.func @scatter_length() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %v = arith.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %vd = tensor.cast %v : tensor<2x1xf32> to tensor<?x?xf32>
  %i = arith.constant dense<[0]> : tensor<1xi32>
  %f1 = ta.scatter %h[%i], %vd, %f : !V, tensor<1xi32>, tensor<?x?xf32>
  return
}

// SCMAX: ta runtime error: Max scatter index must be < array size (2 vs. 2)
func.func @scatter_max() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %v = arith.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %i = arith.constant dense<[0, 2]> : tensor<2xi32>
  %o = func.call @opaque_indices(%i) : (tensor<2xi32>) -> tensor<2xi32>
  %f1 = ta.scatter %h[%o], %v, %f : !V, tensor<2xi32>, tensor<2x1xf32>
  return
}

// DOUBLE: ta runtime error: TensorArray ta: Could not write to TensorArray index 0 because it has already been written to.
func.func @double_write() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %f1 = ta.write %h[%c0], %one, %f : !V, tensor<?xf32>
  %f2 = ta.write %h[%c0], %one, %f1 : !V, tensor<?xf32>
  return
}

// WAR: ta runtime error: TensorArray ta: Could not write to TensorArray index 0 because it has already been read.
func.func @write_after_read() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %f1 = ta.write %h[%c0], %one, %f : !V, tensor<?xf32>
  %r = ta.read %h[%c0], %f1 : !V
  %f2 = ta.write %h[%c0], %one, %f1 : !V, tensor<?xf32>
  return
}

// CLEARED: ta runtime error: TensorArray ta: Could not read index 0 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @read_cleared() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %f1 = ta.write %h[%c0], %one, %f : !V, tensor<?xf32>
  %r = ta.read %h[%c0], %f1 : !V
  %r2 = ta.read %h[%c0], %f1 : !V
  return
}

// WOOB: ta runtime error: TensorArray ta: Tried to write to index 2 but array is not resizeable and size is: 2
func.func @write_oob() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %i = func.call @opaque(%c2) : (index) -> index
  %f1 = ta.write %h[%i], %one, %f : !V, tensor<?xf32>
  return
}

// ROOB: ta runtime error: Tried to read from index -1 but array size is: 2
func.func @read_oob() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %m = arith.constant -1 : index
  %i = func.call @opaque(%m) : (index) -> index
  %r = ta.read %h[%i], %f : !V
  return
}

// CLOSED: ta runtime error: TensorArray a has already been closed.
func.func @closed() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 {name = "a"} : !ta.handle<?, tensor<?xf32>>
  ta.close %h : !ta.handle<?, tensor<?xf32>>
  %n = ta.size %h, %f : !ta.handle<?, tensor<?xf32>>
  %n64 = arith.index_cast %n : index to i64
  func.call @printI64(%n64) : (i64) -> ()
  return
}

// NEGSIZE: ta runtime error: Size should be >= 0.
func.func @negative_size() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %m = arith.constant -1 : index
  %o = func.call @opaque(%m) : (index) -> index
  %h, %f = ta.create %o : !ta.handle<?, tensor<?xf32>>
  return
}

// AGGSHAPE: ta runtime error: TensorArray ta@gradients: Could not aggregate to TensorArray index 0 because the existing shape is [1] but the new input shape is [2].
func.func @aggregate_shape() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %f1 = ta.write %h[%c0], %one, %f : !V, tensor<?xf32>
  %g, %gf = ta.grad %h, %f1 source "gradients" : !V
  %gf1 = ta.write %g[%c0], %two, %gf : !ta.handle<2, tensor<?xf32>, grad>, tensor<?xf32>
  return
}

// AGGBOOL: ta runtime error: tensor_array::AddToTensor type not supported: bool
func.func @aggregate_bool() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !ta.handle<2, tensor<?xi1>>
  %g, %gf = ta.grad %h, %f source "gradients" : !ta.handle<2, tensor<?xi1>>
  %t0 = arith.constant dense<[true]> : tensor<1xi1>
  %t = tensor.cast %t0 : tensor<1xi1> to tensor<?xi1>
  %gf1 = ta.write %g[%c0], %t, %gf : !ta.handle<2, tensor<?xi1>, grad>, tensor<?xi1>
  %gf2 = ta.write %g[%c0], %t, %gf1 : !ta.handle<2, tensor<?xi1>, grad>, tensor<?xi1>
  return
}

// GRUNKNOWN: ta runtime error: TensorArray ta@gradients: Could not read from TensorArray index 5.  Furthermore, the element shape is not fully defined: [?].
func.func @grad_read_unknown() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %g, %gf = ta.grad %h, %f source "gradients" : !V
  %c5 = arith.constant 5 : index
  %r = ta.read %g[%c5], %gf : !ta.handle<2, tensor<?xf32>, grad>
  return
}

// GCLOSED: ta runtime error: TensorArray a has already been closed.
func.func @grad_closed() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 {name = "a"} : !V
  ta.close %h : !V
  %g, %gf = ta.grad %h, %f source "gradients" : !V
  return
}

// GLOCK: ta runtime error: TensorArray ta: Tried to write to index 2 but array is not resizeable and size is: 2
func.func @grad_locks_size() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 {dynamic_size = true} : !ta.handle<?, tensor<?xf32>>
  %g, %gf = ta.grad %h, %f source "gradients" : !ta.handle<?, tensor<?xf32>>
  %f1 = ta.write %h[%c2], %one, %gf : !ta.handle<?, tensor<?xf32>>, tensor<?xf32>
  return
}

// PNEG: ta runtime error: Dimension -1 must be >= 0
func.func @prepend_negative() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one0 = arith.constant dense<[1.0]> : tensor<1xf32>
  %two0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %one = tensor.cast %one0 : tensor<1xf32> to tensor<?xf32>
  %two = tensor.cast %two0 : tensor<2xf32> to tensor<?xf32>
  %h, %f = ta.create %c2 : !V
  %p0 = arith.constant dense<[-1]> : tensor<1xi32>
  %p = func.call @opaque_prepend(%p0) : (tensor<1xi32>) -> tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "gradients" : !V, tensor<1xi32>
  return
}
