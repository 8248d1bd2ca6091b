// Strict-mode runtime errors of accumulators: TensorFlow's message (an
// accumulator is named <array>@<source>) and exit status 1. One entry point
// per error.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.mlir
// RUN: not %run_cpu -e write_oob %t.mlir 2>&1 | FileCheck %s --check-prefix=WOOB
// RUN: not %run_cpu -e read_negative %t.mlir 2>&1 | FileCheck %s --check-prefix=RNEG
// RUN: not %run_cpu -e gather_negative %t.mlir 2>&1 | FileCheck %s --check-prefix=GNEG
// RUN: not %run_cpu -e gather_closed %t.mlir 2>&1 | FileCheck %s --check-prefix=GATHERCLOSED
// RUN: not %run_cpu -e gather_cleared_first %t.mlir 2>&1 | FileCheck %s --check-prefix=GCLEARED
// RUN: not %run_cpu -e gather_twice_in_bounds %t.mlir 2>&1 | FileCheck %s --check-prefix=GTWICE
// RUN: not %run_cpu -e scatter_after_gather %t.mlir 2>&1 | FileCheck %s --check-prefix=SAFTERG
// RUN: not %run_cpu -e scatter_negative %t.mlir 2>&1 | FileCheck %s --check-prefix=SNEG
// RUN: not %run_cpu -e read_twice %t.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %run_cpu -e write_after_read %t.mlir 2>&1 | FileCheck %s --check-prefix=WAR
// RUN: not %run_cpu -e locked %t.mlir 2>&1 | FileCheck %s --check-prefix=LOCK
// RUN: not %run_cpu -e grad_of_closed %t.mlir 2>&1 | FileCheck %s --check-prefix=GCLOSED
// RUN: not %run_cpu -e closed_accumulator %t.mlir 2>&1 | FileCheck %s --check-prefix=ACLOSED
// RUN: not %run_cpu -e two_shapes %t.mlir 2>&1 | FileCheck %s --check-prefix=SHAPES
// RUN: not %run_cpu -e aggregate_bool %t.mlir 2>&1 | FileCheck %s --check-prefix=BOOL
// Closing the forward array leaves its accumulator usable.
// RUN: %run_cpu -e close_forward_only %t.mlir 2>&1 | FileCheck %s --check-prefix=FWDCLOSED

!T = !ta.handle<3, tensor<2xf32>>
!G = !ta.handle<3, tensor<2xf32>, grad>

// WOOB: ta runtime error: TensorArray a@g: Tried to write to index 3 but array is not resizeable and size is: 3
func.func @write_oob() {
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %i = func.call @opaque(%c3) : (index) -> index
  %g1 = ta.write %g[%i], %v, %gf : !G, tensor<2xf32>
  return
}

// An accumulator allows reads past its size, but not negative ones.
// RNEG: ta runtime error: Tried to read from index -1 but array size is: 3
func.func @read_negative() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %m = arith.subi %c1, %c3 : index
  %n = arith.addi %m, %c1 : index
  %i = func.call @opaque(%n) : (index) -> index
  %r = ta.read %g[%i], %gf : !G
  return
}

// A gather's Reads grow the accumulator one by one: index 5 makes the size
// 6 before index -1 fails (not 8, as growing to the largest index first
// would).
// GNEG: ta runtime error: Tried to read from index -1 but array size is: 6
func.func @gather_negative() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %five = arith.constant 5 : i32
  %seven = arith.constant 7 : i32
  %c1 = arith.constant 1 : index
  %m = arith.subi %c1, %c3 : index
  %n = arith.addi %m, %c1 : index
  %i = func.call @opaque(%n) : (index) -> index
  %neg = arith.index_cast %i : index to i32
  %idx = tensor.from_elements %five, %neg, %seven : tensor<3xi32>
  %v = ta.gather %g[%idx], %gf : !G, tensor<3xi32>
  return
}

// The second read of slot 0 fails before index 2^62 would grow the
// accumulator past any memory (found by ta-exec-fuzz: growing to the
// largest index first gave the OOM error instead).
// GCLEARED: ta runtime error: TensorArray a@g: Could not read index 0 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @gather_cleared_first() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %idx = arith.constant dense<[0, 1, 0, 4611686018427387904]> : tensor<4xi64>
  %v = ta.gather %g[%idx], %gf : !G, tensor<4xi64>
  return
}

// Every index below the capacity: the gather reads in bounds (its state
// tests alone), which still find the second read of slot 0.
// GTWICE: ta runtime error: TensorArray a@g: Could not read index 0 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @gather_twice_in_bounds() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %idx_c = arith.constant dense<[0, 1, 0]> : tensor<3xi64>
  %idx_d = tensor.cast %idx_c : tensor<3xi64> to tensor<?xi64>
  %idx = func.call @opaque_i64(%idx_d) : (tensor<?xi64>) -> tensor<?xi64>
  %v = ta.gather %g[%idx], %gf : !G, tensor<?xi64>
  return
}

// Gather and scatter both in bounds: slot 0 was not read and takes its
// write, slot 2 was and fails the scatter's second write.
// SAFTERG: ta runtime error: TensorArray a@g: Could not write to TensorArray index 2 because it has already been read.
func.func @scatter_after_gather() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %pick_c = arith.constant dense<[1, 2]> : tensor<2xi64>
  %pick_d = tensor.cast %pick_c : tensor<2xi64> to tensor<?xi64>
  %pick = func.call @opaque_i64(%pick_d) : (tensor<?xi64>) -> tensor<?xi64>
  %v = ta.gather %g[%pick], %gf : !G, tensor<?xi64>
  %idx_c = arith.constant dense<[0, 2]> : tensor<2xi64>
  %idx_d = tensor.cast %idx_c : tensor<2xi64> to tensor<?xi64>
  %idx = func.call @opaque_i64(%idx_d) : (tensor<?xi64>) -> tensor<?xi64>
  %rows = arith.constant dense<1.0> : tensor<2x2xf32>
  %g1 = ta.scatter %g[%idx], %rows, %gf : !G, tensor<?xi64>, tensor<2x2xf32>
  return
}

// A negative index: the scatter writes one by one, index 0 first, and its
// Write of index -1 fails as TensorFlow's does.
// SNEG: ta runtime error: TensorArray a@g: Tried to write to index -1 but array is not resizeable and size is: 3
func.func @scatter_negative() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %idx_c = arith.constant dense<[0, -1]> : tensor<2xi64>
  %idx_d = tensor.cast %idx_c : tensor<2xi64> to tensor<?xi64>
  %idx = func.call @opaque_i64(%idx_d) : (tensor<?xi64>) -> tensor<?xi64>
  %rows = arith.constant dense<1.0> : tensor<2x2xf32>
  %g1 = ta.scatter %g[%idx], %rows, %gf : !G, tensor<?xi64>, tensor<2x2xf32>
  return
}

// GATHERCLOSED: ta runtime error: TensorArray a@g has already been closed.
func.func @gather_closed() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  ta.close %g : !G
  %idx = arith.constant dense<[4]> : tensor<1xi32>
  %v = ta.gather %g[%idx], %gf : !G, tensor<1xi32>
  return
}

// Accumulators are always clear_after_read.
// TWICE: ta runtime error: TensorArray a@g: Could not read index 0 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @read_twice() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a", clear_after_read = false} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %r = ta.read %g[%c0], %gf : !G
  %s = ta.read %g[%c0], %gf : !G
  return
}

// WAR: ta runtime error: TensorArray a@g: Could not write to TensorArray index 0 because it has already been read.
func.func @write_after_read() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %r = ta.read %g[%c0], %gf : !G
  %g1 = ta.write %g[%c0], %v, %gf : !G, tensor<2xf32>
  return
}

// Creating a gradient locks a growable array's size.
// LOCK: ta runtime error: TensorArray e: Tried to write to index 3 but array is not resizeable and size is: 3
func.func @locked() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c0 {name = "e", dynamic_size = true} : !ta.handle<?, tensor<2xf32>>
  %fw = scf.for %i = %c0 to %c3 step %c1 iter_args(%fi = %f) -> (!ta.flow) {
    %fo = ta.write %h[%i], %v, %fi : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
    scf.yield %fo : !ta.flow
  }
  %g, %gf = ta.grad %h, %fw source "g" : !ta.handle<?, tensor<2xf32>>
  %f4 = ta.write %h[%c3], %v, %gf : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
  return
}

// GCLOSED: ta runtime error: TensorArray a has already been closed.
func.func @grad_of_closed() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  ta.close %h : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  return
}

// ACLOSED: ta runtime error: TensorArray a@g has already been closed.
func.func @closed_accumulator() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  ta.close %g : !G
  %r = ta.read %g[%c0], %gf : !G
  return
}

// FWDCLOSED: [5,  5]
func.func private @printMemrefF32(tensor<*xf32>)
func.func @close_forward_only() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<5.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  ta.close %h : !T
  %g1 = ta.write %g[%c0], %v, %gf : !G, tensor<2xf32>
  %r = ta.read %g[%c0], %g1 : !G
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Two gradients of one array and source with different prepend shapes,
// out of the verifier's sight (different functions): TensorFlow would hand
// the second the first's accumulator; ta stops.
// SHAPES: ta runtime error: TensorArray a@s: the gradient accumulator exists with element shape [2,2], but this gradient asks for element shape [3,2] (TensorFlow would hand back the existing accumulator)
func.func private @prepend2(%h: !T, %f: !ta.flow) {
  %p = arith.constant dense<[2]> : tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !T, tensor<1xi32>
  return
}
func.func private @prepend3(%h: !T, %f: !ta.flow) {
  %p = arith.constant dense<[3]> : tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !T, tensor<1xi32>
  return
}
func.func @two_shapes() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !T
  func.call @prepend2(%h, %f) : (!T, !ta.flow) -> ()
  func.call @prepend3(%h, %f) : (!T, !ta.flow) -> ()
  return
}

// TensorFlow has no AddToTensor kernel for bool: the second write fails.
// BOOL: ta runtime error: tensor_array::AddToTensor type not supported: bool
func.func @aggregate_bool() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<true> : tensor<2xi1>
  %h, %f = ta.create %c3 {name = "a"} : !ta.handle<3, tensor<2xi1>>
  %g, %gf = ta.grad %h, %f source "g" : !ta.handle<3, tensor<2xi1>>
  %g1 = ta.write %g[%c0], %v, %gf : !ta.handle<3, tensor<2xi1>, grad>, tensor<2xi1>
  %g2 = ta.write %g[%c0], %v, %g1 : !ta.handle<3, tensor<2xi1>, grad>, tensor<2xi1>
  return
}

// Hides a constant from the verifier and the folders.
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}
func.func private @opaque_i64(%t: tensor<?xi64>) -> tensor<?xi64> attributes {no_inline} {
  return %t : tensor<?xi64>
}
