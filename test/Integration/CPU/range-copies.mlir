// Loops that write row k of a tensor to slot k, or read slot k into row k
// (which ta-version-access-loops turns into one copy of the range where the
// claim holds; with run-time bounds too, since the eleventh session): TensorFlow's values, the rows read
// independent of the array afterwards (its memory freed and reused), and,
// where the claim fails, the loop as it was with TensorFlow's error at the
// element it fails at.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.mlir
// RUN: %run_cpu -e main %t.mlir | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e main | FileCheck %s
// RUN: %run_cpu -e run_time_bounds %t.mlir | FileCheck %s --check-prefix=DYN
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e run_time_bounds | FileCheck %s --check-prefix=DYN
// RUN: not %run_cpu -e write_again_run_time %t.mlir 2>&1 | FileCheck %s --check-prefix=DYNAGAIN
// RUN: not %run_cpu -e write_again %t.mlir 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: not %run_cpu -e write_past_end %t.mlir 2>&1 | FileCheck %s --check-prefix=PASTEND
// RUN: not %run_cpu -e read_cleared %t.mlir 2>&1 | FileCheck %s --check-prefix=CLEARED

!T = !ta.handle<8, tensor<4xf32>>
!S = !ta.handle<4, tensor<4xf32>>

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @show(%t: tensor<8x4xf32>) {
  %m = bufferization.to_buffer %t : tensor<8x4xf32> to memref<8x4xf32>
  %u = memref.cast %m : memref<8x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// Row k: [10 k, 10 k + 1, 10 k + 2, 10 k + 3] + `plus`.
func.func @rows(%plus: f32) -> tensor<8x4xf32> {
  %t = tensor.generate {
  ^bb0(%k: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %k, %c10 : index
    %b = arith.addi %a, %j : index
    %i = arith.index_cast %b : index to i64
    %x = arith.sitofp %i : i64 to f32
    %y = arith.addf %x, %plus : f32
    tensor.yield %y : f32
  } : tensor<8x4xf32>
  return %t : tensor<8x4xf32>
}

// Slots [2, 6) from rows [2, 6) of `src`.
func.func @write_middle(%h: !T, %src: tensor<8x4xf32>, %f: !ta.flow) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %fw = scf.for %k = %c2 to %c6 step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %src[%k, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
func.func @write_all(%h: !T, %src: tensor<8x4xf32>, %f: !ta.flow) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %fw = scf.for %k = %c0 to %c8 step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %src[%k, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// Slots [2, 6) into rows [2, 6) of a tensor of -1.
func.func @read_middle(%h: !T, %f: !ta.flow) -> tensor<8x4xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %m1 = arith.constant -1.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %init = linalg.fill ins(%m1 : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %out = scf.for %k = %c2 to %c6 step %c1 iter_args(%o = %init) -> (tensor<8x4xf32>) {
    %r = ta.read %h[%k], %f : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x4xf32>
    scf.yield %o2 : tensor<8x4xf32>
  }
  return %out : tensor<8x4xf32>
}
func.func @read_all(%h: !T, %f: !ta.flow) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %init = tensor.empty() : tensor<8x4xf32>
  %out = scf.for %k = %c0 to %c8 step %c1 iter_args(%o = %init) -> (tensor<8x4xf32>) {
    %r = ta.read %h[%k], %f : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x4xf32>
    scf.yield %o2 : tensor<8x4xf32>
  }
  return %out : tensor<8x4xf32>
}

func.func @main() {
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %seven = arith.constant 700.0 : f32
  %src = func.call @rows(%zero) : (f32) -> tensor<8x4xf32>
  %junk = func.call @rows(%seven) : (f32) -> tensor<8x4xf32>
  // Slots [2, 6) written and read (both claims hold); the array closed, and
  // another of its size written everywhere (its memory, maybe this one's)
  // and closed: the rows read are still the rows written.
  %h, %f = ta.create %c8 {clear_after_read = false} : !T
  %f1 = func.call @write_middle(%h, %src, %f) : (!T, tensor<8x4xf32>, !ta.flow) -> !ta.flow
  %a = func.call @read_middle(%h, %f1) : (!T, !ta.flow) -> tensor<8x4xf32>
  ta.close %h : !T
  %j, %jf = ta.create %c8 {clear_after_read = false} : !T
  %jf1 = func.call @write_all(%j, %junk, %jf) : (!T, tensor<8x4xf32>, !ta.flow) -> !ta.flow
  ta.close %j : !T
  // CHECK: [-1,   -1,   -1,   -1]
  // CHECK-NEXT: [-1,   -1,   -1,   -1]
  // CHECK-NEXT: [20,   21,   22,   23]
  // CHECK-NEXT: [30,   31,   32,   33]
  // CHECK-NEXT: [40,   41,   42,   43]
  // CHECK-NEXT: [50,   51,   52,   53]
  // CHECK-NEXT: [-1,   -1,   -1,   -1]
  // CHECK-NEXT: [-1,   -1,   -1,   -1]
  call @show(%a) : (tensor<8x4xf32>) -> ()

  // Slots [2, 6) written; a read of all eight finds unwritten slots (the
  // claim fails) and reads them as zeros; all eight written, it holds.
  %p, %pf = ta.create %c8 {clear_after_read = false} : !T
  %pf1 = func.call @write_middle(%p, %src, %pf) : (!T, tensor<8x4xf32>, !ta.flow) -> !ta.flow
  %b = func.call @read_all(%p, %pf1) : (!T, !ta.flow) -> tensor<8x4xf32>
  // CHECK: [0,   0,   0,   0]
  // CHECK-NEXT: [0,   0,   0,   0]
  // CHECK-NEXT: [20,   21,   22,   23]
  // CHECK-NEXT: [30,   31,   32,   33]
  // CHECK-NEXT: [40,   41,   42,   43]
  // CHECK-NEXT: [50,   51,   52,   53]
  // CHECK-NEXT: [0,   0,   0,   0]
  // CHECK-NEXT: [0,   0,   0,   0]
  call @show(%b) : (tensor<8x4xf32>) -> ()
  ta.close %p : !T
  %q, %qf = ta.create %c8 {clear_after_read = false} : !T
  %qf1 = func.call @write_all(%q, %src, %qf) : (!T, tensor<8x4xf32>, !ta.flow) -> !ta.flow
  %c = func.call @read_all(%q, %qf1) : (!T, !ta.flow) -> tensor<8x4xf32>
  // CHECK: [0,   1,   2,   3]
  // CHECK-NEXT: [10,   11,   12,   13]
  // CHECK-NEXT: [20,   21,   22,   23]
  // CHECK-NEXT: [30,   31,   32,   33]
  // CHECK-NEXT: [40,   41,   42,   43]
  // CHECK-NEXT: [50,   51,   52,   53]
  // CHECK-NEXT: [60,   61,   62,   63]
  // CHECK-NEXT: [70,   71,   72,   73]
  call @show(%c) : (tensor<8x4xf32>) -> ()
  ta.close %q : !T
  return
}

// Slots [lb, ub) from rows [lb, ub) of `src`, and back into rows [lb, ub)
// of a tensor of -1, with bounds known at run time only.
func.func @write_range(%h: !T, %src: tensor<8x4xf32>, %lb: index, %ub: index,
                       %f: !ta.flow) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %fw = scf.for %k = %lb to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %src[%k, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
func.func @read_range(%h: !T, %lb: index, %ub: index, %f: !ta.flow) -> tensor<8x4xf32> {
  %c1 = arith.constant 1 : index
  %m1 = arith.constant -1.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %init = linalg.fill ins(%m1 : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %out = scf.for %k = %lb to %ub step %c1 iter_args(%o = %init) -> (tensor<8x4xf32>) {
    %r = ta.read %h[%k], %f : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x4xf32>
    scf.yield %o2 : tensor<8x4xf32>
  }
  return %out : tensor<8x4xf32>
}

func.func @run_time_bounds() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %src = func.call @rows(%zero) : (f32) -> tensor<8x4xf32>
  %lb = func.call @opaque(%c1) : (index) -> index
  %ub = func.call @opaque(%c7) : (index) -> index
  %mid = func.call @opaque(%c3) : (index) -> index
  %all = func.call @opaque(%c8) : (index) -> index
  %none = func.call @opaque(%c0) : (index) -> index
  // Slots [1, 7) written (the claim holds: one copy of six rows), read back
  // as [1, 3) and [3, 7) (two claimed copies, clear_after_read = false), and
  // an empty range [3, 3) (no claim: the loop runs no iteration).
  %h, %f = ta.create %c8 {clear_after_read = false} : !T
  %f1 = func.call @write_range(%h, %src, %lb, %ub, %f) : (!T, tensor<8x4xf32>, index, index, !ta.flow) -> !ta.flow
  %f2 = func.call @write_range(%h, %src, %mid, %mid, %f1) : (!T, tensor<8x4xf32>, index, index, !ta.flow) -> !ta.flow
  %a = func.call @read_range(%h, %lb, %mid, %f2) : (!T, index, index, !ta.flow) -> tensor<8x4xf32>
  %b = func.call @read_range(%h, %mid, %ub, %f2) : (!T, index, index, !ta.flow) -> tensor<8x4xf32>
  // DYN: [-1,   -1,   -1,   -1]
  // DYN-NEXT: [10,   11,   12,   13]
  // DYN-NEXT: [20,   21,   22,   23]
  // DYN-NEXT: [-1,   -1,   -1,   -1]
  // DYN-NEXT: [-1,   -1,   -1,   -1]
  // DYN-NEXT: [-1,   -1,   -1,   -1]
  // DYN-NEXT: [-1,   -1,   -1,   -1]
  // DYN-NEXT: [-1,   -1,   -1,   -1]
  call @show(%a) : (tensor<8x4xf32>) -> ()
  // DYN: [-1,   -1,   -1,   -1]
  // DYN-NEXT: [-1,   -1,   -1,   -1]
  // DYN-NEXT: [-1,   -1,   -1,   -1]
  // DYN-NEXT: [30,   31,   32,   33]
  // DYN-NEXT: [40,   41,   42,   43]
  // DYN-NEXT: [50,   51,   52,   53]
  // DYN-NEXT: [60,   61,   62,   63]
  // DYN-NEXT: [-1,   -1,   -1,   -1]
  call @show(%b) : (tensor<8x4xf32>) -> ()
  // All eight read: slots 0 and 7 were never written (the claim fails; the
  // reads give zeros).
  %c = func.call @read_range(%h, %none, %all, %f2) : (!T, index, index, !ta.flow) -> tensor<8x4xf32>
  // DYN: [0,   0,   0,   0]
  // DYN-NEXT: [10,   11,   12,   13]
  // DYN-NEXT: [20,   21,   22,   23]
  // DYN-NEXT: [30,   31,   32,   33]
  // DYN-NEXT: [40,   41,   42,   43]
  // DYN-NEXT: [50,   51,   52,   53]
  // DYN-NEXT: [60,   61,   62,   63]
  // DYN-NEXT: [0,   0,   0,   0]
  call @show(%c) : (tensor<8x4xf32>) -> ()
  ta.close %h : !T
  return
}

// Slots [1, 7), then [3, 8): the second claim fails, and the loop fails at
// slot 3.
// DYNAGAIN: ta runtime error: TensorArray a: Could not write to TensorArray index 3 because it has already been written to.
func.func @write_again_run_time() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %src = func.call @rows(%zero) : (f32) -> tensor<8x4xf32>
  %lb = func.call @opaque(%c1) : (index) -> index
  %ub = func.call @opaque(%c7) : (index) -> index
  %mid = func.call @opaque(%c3) : (index) -> index
  %all = func.call @opaque(%c8) : (index) -> index
  %h, %f = ta.create %c8 {name = "a"} : !T
  %f1 = func.call @write_range(%h, %src, %lb, %ub, %f) : (!T, tensor<8x4xf32>, index, index, !ta.flow) -> !ta.flow
  %f2 = func.call @write_range(%h, %src, %mid, %all, %f1) : (!T, tensor<8x4xf32>, index, index, !ta.flow) -> !ta.flow
  return
}

// Hides a constant from the folders.
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}

// The second loop writes slots [2, 6) again: its claim fails, and the loop
// fails at slot 2.
// AGAIN: ta runtime error: TensorArray a: Could not write to TensorArray index 2 because it has already been written to.
func.func @write_again() {
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %src = func.call @rows(%zero) : (f32) -> tensor<8x4xf32>
  %h, %f = ta.create %c8 {name = "a"} : !T
  %f1 = func.call @write_middle(%h, %src, %f) : (!T, tensor<8x4xf32>, !ta.flow) -> !ta.flow
  %f2 = func.call @write_middle(%h, %src, %f1) : (!T, tensor<8x4xf32>, !ta.flow) -> !ta.flow
  return
}

// Rows [0, 8) into an array of 4: the claim fails, slots 0 to 3 are
// written and slot 4 fails.
// PASTEND: ta runtime error: TensorArray a: Tried to write to index 4 but array is not resizeable and size is: 4
func.func @write_past_end() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %src = func.call @rows(%zero) : (f32) -> tensor<8x4xf32>
  %h, %f = ta.create %c4 {name = "a"} : !S
  %fw = scf.for %k = %c0 to %c8 step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %src[%k, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !S, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return
}

// clear_after_read: the first read of [2, 6) is claimed (and clears the
// slots), the second fails at slot 2.
// CLEARED: ta runtime error: TensorArray a: Could not read index 2 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @read_cleared() {
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %src = func.call @rows(%zero) : (f32) -> tensor<8x4xf32>
  %h, %f = ta.create %c8 {name = "a"} : !T
  %f1 = func.call @write_middle(%h, %src, %f) : (!T, tensor<8x4xf32>, !ta.flow) -> !ta.flow
  %a = func.call @read_middle(%h, %f1) : (!T, !ta.flow) -> tensor<8x4xf32>
  %b = func.call @read_middle(%h, %f1) : (!T, !ta.flow) -> tensor<8x4xf32>
  return
}
