// Strict mode stops with TensorFlow's message and exit status 1 (never a
// crash, never an out-of-bounds access). One entry point per error.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.mlir
// RUN: not %run_cpu -e negative_size %t.mlir 2>&1 | FileCheck %s --check-prefix=NEGSIZE
// RUN: not %run_cpu -e write_oob %t.mlir 2>&1 | FileCheck %s --check-prefix=WOOB
// RUN: not %run_cpu -e write_negative_dynamic %t.mlir 2>&1 | FileCheck %s --check-prefix=WNEG
// RUN: not %run_cpu -e write_past_fixed_unknown_size %t.mlir 2>&1 | FileCheck %s --check-prefix=WFIX
// RUN: not %run_cpu -e double_write %t.mlir 2>&1 | FileCheck %s --check-prefix=DOUBLE
// RUN: not %run_cpu -e write_after_read %t.mlir 2>&1 | FileCheck %s --check-prefix=WAR
// RUN: not %run_cpu -e read_oob %t.mlir 2>&1 | FileCheck %s --check-prefix=ROOB
// RUN: not %run_cpu -e read_negative %t.mlir 2>&1 | FileCheck %s --check-prefix=RNEG
// RUN: not %run_cpu -e read_cleared %t.mlir 2>&1 | FileCheck %s --check-prefix=CLEARED
// RUN: not %run_cpu -e write_closed %t.mlir 2>&1 | FileCheck %s --check-prefix=WCLOSED
// RUN: not %run_cpu -e read_closed %t.mlir 2>&1 | FileCheck %s --check-prefix=RCLOSED
// RUN: not %run_cpu -e size_closed %t.mlir 2>&1 | FileCheck %s --check-prefix=SCLOSED
// A slot both written and read: TensorFlow tests "read" first.
// RUN: not %run_cpu -e write_after_written_read %t.mlir 2>&1 | FileCheck %s --check-prefix=WARW
// The same errors with elements of 64 bytes (lazily zeroed: one test of the
// state on the common path, the errors behind it).
// RUN: not %run_cpu -e double_write_lazy %t.mlir 2>&1 | FileCheck %s --check-prefix=DOUBLE
// RUN: not %run_cpu -e write_after_written_read_lazy %t.mlir 2>&1 | FileCheck %s --check-prefix=WARW
// RUN: not %run_cpu -e read_cleared_lazy %t.mlir 2>&1 | FileCheck %s --check-prefix=CLEARED
// RUN: not %run_cpu -e read_cleared_unwritten_lazy %t.mlir 2>&1 | FileCheck %s --check-prefix=CLEARED
// Closing twice is allowed (TensorFlow's Close does not check).
// RUN: %run_cpu -e close_twice %t.mlir 2>&1 | FileCheck %s --check-prefix=TWICE --allow-empty
// The closed arrays on the heap (frame-arrays=false), where ta.close is a
// call of __ta_close (one whose slots nothing touches is closed in place):
// RUN: ta-opt %s --ta-lower-to-memref=frame-arrays=false --ta-lower-to-llvm > %t.heap.mlir
// RUN: grep -c "llvm.call @__ta_close(" %t.heap.mlir | FileCheck %s --check-prefix=CLOSECALLS
// CLOSECALLS: {{^[1-9][0-9]*$}}
// RUN: not %run_cpu -e write_closed %t.heap.mlir 2>&1 | FileCheck %s --check-prefix=WCLOSED
// RUN: not %run_cpu -e read_closed %t.heap.mlir 2>&1 | FileCheck %s --check-prefix=RCLOSED
// RUN: not %run_cpu -e size_closed %t.heap.mlir 2>&1 | FileCheck %s --check-prefix=SCLOSED
// RUN: %run_cpu -e close_twice %t.heap.mlir 2>&1 | FileCheck %s --check-prefix=TWICE --allow-empty

!T = !ta.handle<3, tensor<2xf32>>
!U = !ta.handle<?, tensor<2xf32>>

// NEGSIZE: ta runtime error: Size should be >= 0.
func.func @negative_size() {
  %n = arith.constant 1 : index
  %m = arith.constant 3 : index
  %neg = arith.subi %n, %m : index
  %h, %f = ta.create %neg : !U
  return
}

// WOOB: ta runtime error: TensorArray a: Tried to write to index 3 but array is not resizeable and size is: 3
func.func @write_oob() {
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "a"} : !T
  %i = func.call @opaque(%c3) : (index) -> index
  %f1 = ta.write %h[%i], %v, %f : !T, tensor<2xf32>
  return
}

// A negative index gets the "not resizeable" message even on a growable
// array.
// WNEG: ta runtime error: TensorArray g: Tried to write to index -1 but array is not resizeable and size is: 0
func.func @write_negative_dynamic() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c0 {dynamic_size = true, name = "g"} : !U
  %i = arith.subi %c0, %c1 : index
  %j = func.call @opaque(%i) : (index) -> index
  %f1 = ta.write %h[%j], %v, %f : !U, tensor<2xf32>
  return
}

// SIZE `?` without dynamic_size is a fixed size known at run time.
// WFIX: ta runtime error: TensorArray u: Tried to write to index 2 but array is not resizeable and size is: 2
func.func @write_past_fixed_unknown_size() {
  %c2 = arith.constant 2 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c2 {name = "u"} : !U
  %f1 = ta.write %h[%c2], %v, %f : !U, tensor<2xf32>
  return
}

// DOUBLE: ta runtime error: TensorArray a: Could not write to TensorArray index 1 because it has already been written to.
func.func @double_write() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "a"} : !T
  %f1 = ta.write %h[%c1], %v, %f : !T, tensor<2xf32>
  %f2 = ta.write %h[%c1], %v, %f1 : !T, tensor<2xf32>
  return
}

// Reading marks the slot read, even an unwritten one.
// WAR: ta runtime error: TensorArray a: Could not write to TensorArray index 2 because it has already been read.
func.func @write_after_read() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "a"} : !T
  %r = ta.read %h[%c2], %f : !T
  %f1 = ta.write %h[%c2], %v, %f : !T, tensor<2xf32>
  return
}

// WARW: ta runtime error: TensorArray a: Could not write to TensorArray index 0 because it has already been read.
func.func @write_after_written_read() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "a"} : !T
  %f1 = ta.write %h[%c0], %v, %f : !T, tensor<2xf32>
  %r = ta.read %h[%c0], %f1 : !T
  %f2 = ta.write %h[%c0], %v, %f1 : !T, tensor<2xf32>
  return
}

!L = !ta.handle<3, tensor<16xf32>>
func.func @double_write_lazy() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<16xf32>
  %h, %f = ta.create %c3 {name = "a"} : !L
  %f1 = ta.write %h[%c1], %v, %f : !L, tensor<16xf32>
  %f2 = ta.write %h[%c1], %v, %f1 : !L, tensor<16xf32>
  return
}
func.func @write_after_written_read_lazy() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<16xf32>
  %h, %f = ta.create %c3 {name = "a"} : !L
  %f1 = ta.write %h[%c0], %v, %f : !L, tensor<16xf32>
  %r = ta.read %h[%c0], %f1 : !L
  %f2 = ta.write %h[%c0], %v, %f1 : !L, tensor<16xf32>
  return
}
func.func @read_cleared_lazy() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<16xf32>
  %h, %f = ta.create %c3 {name = "a"} : !L
  %f1 = ta.write %h[%c0], %v, %f : !L, tensor<16xf32>
  %r = ta.read %h[%c0], %f1 : !L
  %r2 = ta.read %h[%c0], %f1 : !L
  return
}
// A slot never written reads as zeros, and is cleared all the same.
func.func @read_cleared_unwritten_lazy() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "a"} : !L
  %r = ta.read %h[%c0], %f : !L
  %r2 = ta.read %h[%c0], %f : !L
  return
}

// ROOB: ta runtime error: Tried to read from index 5 but array size is: 3
func.func @read_oob() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %h, %f = ta.create %c3 : !U
  %r = ta.read %h[%c5], %f : !U
  return
}

// RNEG: ta runtime error: Tried to read from index -2 but array size is: 3
func.func @read_negative() {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %h, %f = ta.create %c3 : !T
  %i = arith.subi %c3, %c5 : index
  %j = func.call @opaque(%i) : (index) -> index
  %r = ta.read %h[%j], %f : !T
  return
}

// CLEARED: ta runtime error: TensorArray a: Could not read index 0 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @read_cleared() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "a"} : !T
  %f1 = ta.write %h[%c0], %v, %f : !T, tensor<2xf32>
  %r = ta.read %h[%c0], %f1 : !T
  %r2 = ta.read %h[%c0], %f1 : !T
  return
}

// WCLOSED: ta runtime error: TensorArray c has already been closed.
// WCLOSED-NOT: Tried
func.func @write_closed() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "c"} : !T
  ta.close %h : !T
  %f1 = ta.write %h[%c0], %v, %f : !T, tensor<2xf32>
  return
}

// RCLOSED: ta runtime error: TensorArray c has already been closed.
func.func @read_closed() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "c"} : !T
  ta.close %h : !T
  %r = ta.read %h[%c0], %f : !T
  return
}

// SCLOSED: ta runtime error: TensorArray c has already been closed.
func.func @size_closed() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "c"} : !U
  ta.close %h : !U
  %s = ta.size %h, %f : !U
  return
}

// TWICE-NOT: error
func.func @close_twice() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {name = "c"} : !T
  ta.close %h : !T
  ta.close %h : !T
  return
}

// Hides a constant from the verifier and the folders.
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}
