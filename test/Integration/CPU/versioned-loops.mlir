// Loops of writes and reads at their induction variable (which
// ta-version-access-loops runs behind one claim of the range in strict
// mode): the values and the state they leave are TensorFlow's whether the
// claim holds (fresh slots, written slots) or not (a slot written before,
// unwritten slots read as zeros, growth, out of bounds), and the errors
// come at the element TensorFlow fails at. Loop bounds go through an opaque
// call, so that LLVM cannot decide the claim at compile time.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.mlir
// RUN: %run_cpu -e main %t.mlir | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e main | FileCheck %s
// RUN: not %run_cpu -e write_again %t.mlir 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: not %run_cpu -e write_over_one %t.mlir 2>&1 | FileCheck %s --check-prefix=OVERONE
// RUN: not %run_cpu -e write_past_end %t.mlir 2>&1 | FileCheck %s --check-prefix=PASTEND
// RUN: not %run_cpu -e write_negative %t.mlir 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not %run_cpu -e write_closed %t.mlir 2>&1 | FileCheck %s --check-prefix=CLOSED
// RUN: not %run_cpu -e write_after_loop %t.mlir 2>&1 | FileCheck %s --check-prefix=AFTERWRITE
// RUN: not %run_cpu -e write_after_read_loop %t.mlir 2>&1 | FileCheck %s --check-prefix=AFTERREAD
// RUN: not %run_cpu -e read_cleared %t.mlir 2>&1 | FileCheck %s --check-prefix=CLEARED
// RUN: not %run_cpu -e read_loop_cleared %t.mlir 2>&1 | FileCheck %s --check-prefix=LOOPCLEARED
// RUN: not %run_cpu -e read_past_end %t.mlir 2>&1 | FileCheck %s --check-prefix=READPAST
// RUN: not %run_cpu -e close_in_read_loop %t.mlir 2>&1 | FileCheck %s --check-prefix=CLOSEREAD
// RUN: not %run_cpu -e close_in_write_loop %t.mlir 2>&1 | FileCheck %s --check-prefix=CLOSEWRITE

!T = !ta.handle<4, tensor<2xf32>>
!D = !ta.handle<?, tensor<2xf32>>

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @show(%t: tensor<4x2xf32>) {
  %m = bufferization.to_buffer %t : tensor<4x2xf32> to memref<4x2xf32>
  %u = memref.cast %m : memref<4x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}

// Row k: [k, 10 k + 1].
func.func @row(%k: index) -> tensor<2xf32> {
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  %t = arith.muli %k, %c10 : index
  %u = arith.addi %t, %c1 : index
  %a = arith.index_cast %k : index to i64
  %b = arith.index_cast %u : index to i64
  %fa = arith.sitofp %a : i64 to f32
  %fb = arith.sitofp %b : i64 to f32
  %r = tensor.from_elements %fa, %fb : tensor<2xf32>
  return %r : tensor<2xf32>
}

// Writes rows [lb, ub) of a static or growable array.
func.func @write_rows(%h: !T, %lb: index, %ub: index, %f: !ta.flow) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %l = func.call @opaque(%lb) : (index) -> index
  %u = func.call @opaque(%ub) : (index) -> index
  %fw = scf.for %k = %l to %u step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    // Row k, computed in the loop (a call would keep it as it is).
    %t = arith.muli %k, %c10 : index
    %s = arith.addi %t, %c1 : index
    %a = arith.index_cast %k : index to i64
    %b = arith.index_cast %s : index to i64
    %fa = arith.sitofp %a : i64 to f32
    %fb = arith.sitofp %b : i64 to f32
    %v = tensor.from_elements %fa, %fb : tensor<2xf32>
    %f2 = ta.write %h[%k], %v, %fl : !T, tensor<2xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
func.func @write_rows_d(%h: !D, %lb: index, %ub: index, %f: !ta.flow) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %l = func.call @opaque(%lb) : (index) -> index
  %u = func.call @opaque(%ub) : (index) -> index
  %fw = scf.for %k = %l to %u step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    // Row k, computed in the loop (a call would keep it as it is).
    %t = arith.muli %k, %c10 : index
    %s = arith.addi %t, %c1 : index
    %a = arith.index_cast %k : index to i64
    %b = arith.index_cast %s : index to i64
    %fa = arith.sitofp %a : i64 to f32
    %fb = arith.sitofp %b : i64 to f32
    %v = tensor.from_elements %fa, %fb : tensor<2xf32>
    %f2 = ta.write %h[%k], %v, %fl : !D, tensor<2xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// Reads slots [lb, ub) into rows [lb, ub) of a 4 x 2 tensor of -1.
func.func @read_rows(%h: !T, %lb: index, %ub: index, %f: !ta.flow) -> tensor<4x2xf32> {
  %c1 = arith.constant 1 : index
  %l = func.call @opaque(%lb) : (index) -> index
  %u = func.call @opaque(%ub) : (index) -> index
  %m1 = arith.constant -1.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %init = linalg.fill ins(%m1 : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %out = scf.for %k = %l to %u step %c1 iter_args(%o = %init) -> (tensor<4x2xf32>) {
    %r = ta.read %h[%k], %f : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<4x2xf32>
    scf.yield %o2 : tensor<4x2xf32>
  }
  return %out : tensor<4x2xf32>
}
func.func @read_rows_d(%h: !D, %lb: index, %ub: index, %f: !ta.flow) -> tensor<4x2xf32> {
  %c1 = arith.constant 1 : index
  %l = func.call @opaque(%lb) : (index) -> index
  %u = func.call @opaque(%ub) : (index) -> index
  %m1 = arith.constant -1.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %init = linalg.fill ins(%m1 : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %out = scf.for %k = %l to %u step %c1 iter_args(%o = %init) -> (tensor<4x2xf32>) {
    %r = ta.read %h[%k], %f : !D
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<4x2xf32>
    scf.yield %o2 : tensor<4x2xf32>
  }
  return %out : tensor<4x2xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // Every slot written, then read twice (clear_after_read = false): the
  // claims hold.
  %h, %f = ta.create %c4 {clear_after_read = false} : !T
  %f1 = func.call @write_rows(%h, %c0, %c4, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  %a = func.call @read_rows(%h, %c0, %c4, %f1) : (!T, index, index, !ta.flow) -> tensor<4x2xf32>
  // CHECK: [0,   1]
  // CHECK-NEXT: [1,   11]
  // CHECK-NEXT: [2,   21]
  // CHECK-NEXT: [3,   31]
  call @show(%a) : (tensor<4x2xf32>) -> ()
  %b = func.call @read_rows(%h, %c1, %c3, %f1) : (!T, index, index, !ta.flow) -> tensor<4x2xf32>
  // CHECK: [-1,   -1]
  // CHECK-NEXT: [1,   11]
  // CHECK-NEXT: [2,   21]
  // CHECK-NEXT: [-1,   -1]
  call @show(%b) : (tensor<4x2xf32>) -> ()
  ta.close %h : !T

  // Slots 1 and 2 written: a read of [0, 4) finds unwritten slots (the
  // claim fails) and reads them as zeros; a second read of them (written
  // by the first, not materialized) does so again.
  %p, %pf = ta.create %c4 {clear_after_read = false} : !T
  %pf1 = func.call @write_rows(%p, %c1, %c3, %pf) : (!T, index, index, !ta.flow) -> !ta.flow
  %c = func.call @read_rows(%p, %c0, %c4, %pf1) : (!T, index, index, !ta.flow) -> tensor<4x2xf32>
  // CHECK: [0,   0]
  // CHECK-NEXT: [1,   11]
  // CHECK-NEXT: [2,   21]
  // CHECK-NEXT: [0,   0]
  call @show(%c) : (tensor<4x2xf32>) -> ()
  %d = func.call @read_rows(%p, %c0, %c4, %pf1) : (!T, index, index, !ta.flow) -> tensor<4x2xf32>
  // CHECK: [0,   0]
  // CHECK-NEXT: [1,   11]
  // CHECK-NEXT: [2,   21]
  // CHECK-NEXT: [0,   0]
  call @show(%d) : (tensor<4x2xf32>) -> ()
  ta.close %p : !T

  // A growable array: writes past its size grow it (the claim fails), then
  // a read of what was written holds.
  %g, %gf = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !D
  %gf1 = func.call @write_rows_d(%g, %c0, %c2, %gf) : (!D, index, index, !ta.flow) -> !ta.flow
  %gf2 = func.call @write_rows_d(%g, %c2, %c4, %gf1) : (!D, index, index, !ta.flow) -> !ta.flow
  %e = func.call @read_rows_d(%g, %c0, %c4, %gf2) : (!D, index, index, !ta.flow) -> tensor<4x2xf32>
  // CHECK: [0,   1]
  // CHECK-NEXT: [1,   11]
  // CHECK-NEXT: [2,   21]
  // CHECK-NEXT: [3,   31]
  call @show(%e) : (tensor<4x2xf32>) -> ()
  ta.close %g : !D

  // An empty range of a closed array: no access, no error.
  %z, %zf = ta.create %c4 : !T
  ta.close %z : !T
  %zf1 = func.call @write_rows(%z, %c3, %c1, %zf) : (!T, index, index, !ta.flow) -> !ta.flow
  %y = func.call @read_rows(%z, %c2, %c2, %zf1) : (!T, index, index, !ta.flow) -> tensor<4x2xf32>
  // CHECK: [-1,   -1]
  call @show(%y) : (tensor<4x2xf32>) -> ()
  return
}

// The loop writes slot 0 again.
// AGAIN: ta runtime error: TensorArray a: Could not write to TensorArray index 0 because it has already been written to.
func.func @write_again() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {name = "a"} : !T
  %f1 = func.call @write_rows(%h, %c0, %c4, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  %f2 = func.call @write_rows(%h, %c0, %c4, %f1) : (!T, index, index, !ta.flow) -> !ta.flow
  return
}

// Slot 2 was written before: slots 0 and 1 are written, 2 fails.
// OVERONE: ta runtime error: TensorArray a: Could not write to TensorArray index 2 because it has already been written to.
func.func @write_over_one() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {name = "a"} : !T
  %f1 = func.call @write_rows(%h, %c2, %c3, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  %f2 = func.call @write_rows(%h, %c0, %c4, %f1) : (!T, index, index, !ta.flow) -> !ta.flow
  return
}

// PASTEND: ta runtime error: TensorArray a: Tried to write to index 4 but array is not resizeable and size is: 4
func.func @write_past_end() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %h, %f = ta.create %c4 {name = "a"} : !T
  %f1 = func.call @write_rows(%h, %c1, %c5, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  return
}

// NEGATIVE: ta runtime error: TensorArray a: Tried to write to index -1 but array is not resizeable and size is: 4
func.func @write_negative() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %m1 = arith.subi %c1, %c2 : index
  %h, %f = ta.create %c4 {name = "a"} : !T
  %f1 = func.call @write_rows(%h, %m1, %c2, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  return
}

// CLOSED: ta runtime error: TensorArray c has already been closed.
func.func @write_closed() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {name = "c"} : !T
  ta.close %h : !T
  %f1 = func.call @write_rows(%h, %c0, %c2, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  return
}

// The state a claimed loop of writes leaves: its slots are written.
// AFTERWRITE: ta runtime error: TensorArray a: Could not write to TensorArray index 3 because it has already been written to.
func.func @write_after_loop() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {name = "a"} : !T
  %f1 = func.call @write_rows(%h, %c0, %c4, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  %i = func.call @opaque(%c3) : (index) -> index
  %v = func.call @row(%i) : (index) -> tensor<2xf32>
  %f2 = ta.write %h[%i], %v, %f1 : !T, tensor<2xf32>
  return
}

// And of reads: its slots are read.
// AFTERREAD: ta runtime error: TensorArray a: Could not write to TensorArray index 2 because it has already been read.
func.func @write_after_read_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {name = "a", clear_after_read = false} : !T
  %f1 = func.call @write_rows(%h, %c1, %c3, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  %r = func.call @read_rows(%h, %c1, %c3, %f1) : (!T, index, index, !ta.flow) -> tensor<4x2xf32>
  %i = func.call @opaque(%c2) : (index) -> index
  %v = func.call @row(%i) : (index) -> tensor<2xf32>
  %f2 = ta.write %h[%i], %v, %f1 : !T, tensor<2xf32>
  return
}

// With clear_after_read, a claimed loop of reads clears its slots.
// CLEARED: ta runtime error: TensorArray a: Could not read index 1 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @read_cleared() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {name = "a"} : !T
  %f1 = func.call @write_rows(%h, %c0, %c4, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  %r = func.call @read_rows(%h, %c0, %c4, %f1) : (!T, index, index, !ta.flow) -> tensor<4x2xf32>
  %i = func.call @opaque(%c1) : (index) -> index
  %s = ta.read %h[%i], %f1 : !T
  return
}

// Slot 2 read (and cleared) before: the loop reads 0 and 1, 2 fails.
// LOOPCLEARED: ta runtime error: TensorArray a: Could not read index 2 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @read_loop_cleared() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {name = "a"} : !T
  %f1 = func.call @write_rows(%h, %c0, %c4, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  %i = func.call @opaque(%c2) : (index) -> index
  %s = ta.read %h[%i], %f1 : !T
  %r = func.call @read_rows(%h, %c0, %c4, %f1) : (!T, index, index, !ta.flow) -> tensor<4x2xf32>
  return
}

// READPAST: ta runtime error: Tried to read from index 4 but array size is: 4
func.func @read_past_end() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %h, %f = ta.create %c4 {name = "a", clear_after_read = false} : !T
  %f1 = func.call @write_rows(%h, %c0, %c4, %f) : (!T, index, index, !ta.flow) -> !ta.flow
  %r = func.call @read_rows(%h, %c3, %c5, %f1) : (!T, index, index, !ta.flow) -> tensor<4x2xf32>
  return
}

// An array in the frame closed inside a loop of its reads: its close marks
// the header in place, so the loop is not one the claim checks once (it
// was: the reads after the close ran unchecked and the program printed
// their sum). TensorFlow fails at the second read.
// CLOSEREAD: ta runtime error: TensorArray f has already been closed.
func.func @close_in_read_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant dense<0.0> : tensor<2xf32>
  %v = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %idx = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %h, %f = ta.create %c3 {name = "f"} : !ta.handle<3, tensor<2xf32>>
  %f1 = ta.scatter %h[%idx], %v, %f : !ta.handle<3, tensor<2xf32>>, tensor<3xi32>, tensor<3x2xf32>
  %n = func.call @opaque(%c3) : (index) -> index
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<2xf32>) {
    %r = ta.read %h[%k], %f1 : !ta.handle<3, tensor<2xf32>>
    ta.close %h : !ta.handle<3, tensor<2xf32>>
    %a = arith.addf %acc, %r : tensor<2xf32>
    scf.yield %a : tensor<2xf32>
  }
  %m = bufferization.to_buffer %s : tensor<2xf32> to memref<2xf32>
  %u = memref.cast %m : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// The same with a loop of writes: the second write fails.
// CLOSEWRITE: ta runtime error: TensorArray g has already been closed.
func.func @close_in_write_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "g"} : !ta.handle<3, tensor<2xf32>>
  %n = func.call @opaque(%c3) : (index) -> index
  %fw = scf.for %k = %c0 to %n step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !ta.handle<3, tensor<2xf32>>, tensor<2xf32>
    ta.close %h : !ta.handle<3, tensor<2xf32>>
    scf.yield %f2 : !ta.flow
  }
  return
}

