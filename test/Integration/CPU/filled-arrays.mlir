// Arrays whose first operation writes every slot (FilledArrays: a scatter
// of N indices or a split of N lengths into a fresh array of size N) keep
// their data unzeroed at creation. Executed in both checks modes, on the
// heap (300 slots of 16 B) and in the frame (4 slots), each array created
// where an earlier one left its memory full of 7s: the filled arrays read
// back exactly what was scattered or split, and arrays that are not filled
// (a scatter of fewer indices) still read zeros from their unwritten slots.
// Arrays filled by a loop (its first use, writing slots [lb, ub) at its
// induction variable, of run-time bounds) read zeros from the slots outside
// that range, all of them where it is empty.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e all %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e all %t.none.mlir | FileCheck %s
// RUN: %run_cpu -e loops %t.strict.mlir | FileCheck %s --check-prefix=LOOP
// RUN: %run_cpu -e loops %t.none.mlir | FileCheck %s --check-prefix=LOOP
// A duplicate index: the scatter fails (strict) before anything reads the
// array's unzeroed data.
// RUN: not %run_cpu -e duplicate %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=DUP
// A loop past the end: its slots in the array are written, the zeroing
// before it stays in the buffer (the range is clamped), and the write past
// the end fails.
// RUN: not %run_cpu -e past_end %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=PAST

!H = !ta.handle<300, tensor<4xf32>>
!F = !ta.handle<4, tensor<4xf32>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func @show(%t: tensor<4x4xf32>) {
  %u = tensor.cast %t : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Row k of n: [k, k + 0.25, k + 0.5, k + 0.75].
func.func @rows(%n: index) -> tensor<?x4xf32> {
  %t = tensor.generate %n {
  ^bb0(%k: index, %j: index):
    %ki = arith.index_cast %k : index to i64
    %ji = arith.index_cast %j : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %jf = arith.sitofp %ji : i64 to f32
    %q = arith.constant 0.25 : f32
    %jq = arith.mulf %jf, %q : f32
    %x = arith.addf %kf, %jq : f32
    tensor.yield %x : f32
  } : tensor<?x4xf32>
  return %t : tensor<?x4xf32>
}
// Indices (7 k) mod n: a permutation where 7 does not divide n.
func.func @perm(%n: index) -> tensor<?xi32> {
  %t = tensor.generate %n {
  ^bb0(%k: index):
    %c7 = arith.constant 7 : index
    %a = arith.muli %k, %c7 : index
    %b = arith.remui %a, %n : index
    %i = arith.index_cast %b : index to i32
    tensor.yield %i : i32
  } : tensor<?xi32>
  return %t : tensor<?xi32>
}
func.func @sevens(%n: index) -> tensor<?x4xf32> {
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %t = linalg.fill ins(%seven : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %t : tensor<?x4xf32>
}

// Scatters rows (filled: a scatter of all 300 indices), gathers `pick`.
func.func @heap_filled(%rows: tensor<?x4xf32>, %pick: tensor<4xi32>) -> tensor<4x4xf32> {
  %c300 = arith.constant 300 : index
  %r = tensor.cast %rows : tensor<?x4xf32> to tensor<300x4xf32>
  %p = func.call @perm(%c300) : (index) -> tensor<?xi32>
  %pc = tensor.cast %p : tensor<?xi32> to tensor<300xi32>
  %h, %f = ta.create %c300 {clear_after_read = false} : !H
  %f1 = ta.scatter %h[%pc], %r, %f : !H, tensor<300xi32>, tensor<300x4xf32>
  %v = ta.gather %h[%pick], %f1 : !H, tensor<4xi32>
  ta.close %h : !H
  return %v : tensor<4x4xf32>
}
// The first 299 indices of the permutation only (not filled): slot 293
// (7 x 299 mod 300) stays unwritten.
func.func @heap_partial(%rows: tensor<?x4xf32>, %pick: tensor<4xi32>) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %c300 = arith.constant 300 : index
  %p = func.call @perm(%c300) : (index) -> tensor<?xi32>
  %p299 = tensor.extract_slice %p[0] [299] [1] : tensor<?xi32> to tensor<299xi32>
  %r299 = tensor.extract_slice %rows[0, 0] [299, 4] [1, 1] : tensor<?x4xf32> to tensor<299x4xf32>
  %h, %f = ta.create %c300 {clear_after_read = false} : !H
  %f1 = ta.scatter %h[%p299], %r299, %f : !H, tensor<299xi32>, tensor<299x4xf32>
  %v = ta.gather %h[%pick], %f1 : !H, tensor<4xi32>
  ta.close %h : !H
  return %v : tensor<4x4xf32>
}
// In the frame: split (filled) or a scatter of three indices (not).
func.func @frame_sevens() {
  %c4 = arith.constant 4 : index
  %s = func.call @sevens(%c4) : (index) -> tensor<?x4xf32>
  %flat = tensor.collapse_shape %s [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %lengths = arith.constant dense<4> : tensor<4xi64>
  %h, %f = ta.create %c4 : !F
  %f1 = ta.split %h, %flat, %lengths, %f : !F, tensor<?xf32>, tensor<4xi64>
  ta.close %h : !F
  return
}
func.func @frame_split(%rows: tensor<?x4xf32>) -> tensor<4x4xf32> {
  %c4 = arith.constant 4 : index
  %r4 = tensor.extract_slice %rows[0, 0] [4, 4] [1, 1] : tensor<?x4xf32> to tensor<4x4xf32>
  %flat = tensor.collapse_shape %r4 [[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
  %lengths = arith.constant dense<4> : tensor<4xi64>
  %h, %f = ta.create %c4 : !F
  %f1 = ta.split %h, %flat, %lengths, %f : !F, tensor<16xf32>, tensor<4xi64>
  %v, %l = ta.concat %h, %f1 : !F
  %out = tensor.expand_shape %v [[0, 1]] output_shape [4, 4] : tensor<16xf32> into tensor<4x4xf32>
  return %out : tensor<4x4xf32>
}
func.func @frame_partial(%rows: tensor<?x4xf32>) -> tensor<4x4xf32> {
  %c4 = arith.constant 4 : index
  %r3 = tensor.extract_slice %rows[0, 0] [3, 4] [1, 1] : tensor<?x4xf32> to tensor<3x4xf32>
  %i = arith.constant dense<[3, 0, 1]> : tensor<3xi32>
  %all = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %h, %f = ta.create %c4 : !F
  %f1 = ta.scatter %h[%i], %r3, %f : !F, tensor<3xi32>, tensor<3x4xf32>
  %v = ta.gather %h[%all], %f1 : !F, tensor<4xi32>
  return %v : tensor<4x4xf32>
}

// Writes rows [lb, ub) of `rows` in a loop (the array's first use),
// gathers `pick`.
func.func @heap_loop(%rows: tensor<?x4xf32>, %lb: index, %ub: index, %pick: tensor<4xi32>) -> tensor<4x4xf32> {
  %c1 = arith.constant 1 : index
  %c300 = arith.constant 300 : index
  %h, %f = ta.create %c300 {clear_after_read = false} : !H
  %fw = scf.for %k = %lb to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %rows[%k, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !H, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  %v = ta.gather %h[%pick], %fw : !H, tensor<4xi32>
  ta.close %h : !H
  return %v : tensor<4x4xf32>
}
func.func @frame_loop(%rows: tensor<?x4xf32>, %lb: index, %ub: index) -> tensor<4x4xf32> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %all = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %h, %f = ta.create %c4 : !F
  %fw = scf.for %k = %lb to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %rows[%k, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !F, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  %v = ta.gather %h[%all], %fw : !F, tensor<4xi32>
  return %v : tensor<4x4xf32>
}

func.func @loops() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c298 = arith.constant 298 : index
  %c300 = arith.constant 300 : index
  %rows = func.call @rows(%c300) : (index) -> tensor<?x4xf32>
  %sevens = func.call @sevens(%c300) : (index) -> tensor<?x4xf32>
  %pick = arith.constant dense<[1, 2, 297, 298]> : tensor<4xi32>
  %junk = func.call @heap_loop(%sevens, %c0, %c300, %pick) : (tensor<?x4xf32>, index, index, tensor<4xi32>) -> tensor<4x4xf32>
  %a = func.call @heap_loop(%rows, %c2, %c298, %pick) : (tensor<?x4xf32>, index, index, tensor<4xi32>) -> tensor<4x4xf32>
  // LOOP: sizes = [4, 4] strides = [4, 1] data =
  // LOOP-NEXT: {{\[}}[0,   0,   0,   0],
  // LOOP-NEXT: [2,   2.25,   2.5,   2.75],
  // LOOP-NEXT: [297,   297.25,   297.5,   297.75],
  // LOOP-NEXT: [0,   0,   0,   0]]
  call @show(%a) : (tensor<4x4xf32>) -> ()
  %junk2 = func.call @heap_loop(%sevens, %c0, %c300, %pick) : (tensor<?x4xf32>, index, index, tensor<4xi32>) -> tensor<4x4xf32>
  %b = func.call @heap_loop(%rows, %c5, %c3, %pick) : (tensor<?x4xf32>, index, index, tensor<4xi32>) -> tensor<4x4xf32>
  // LOOP: sizes = [4, 4] strides = [4, 1] data =
  // LOOP-NEXT: {{\[}}[0,   0,   0,   0],
  // LOOP-NEXT: [0,   0,   0,   0],
  // LOOP-NEXT: [0,   0,   0,   0],
  // LOOP-NEXT: [0,   0,   0,   0]]
  call @show(%b) : (tensor<4x4xf32>) -> ()
  %junk3 = func.call @frame_loop(%sevens, %c0, %c4) : (tensor<?x4xf32>, index, index) -> tensor<4x4xf32>
  %c = func.call @frame_loop(%rows, %c1, %c3) : (tensor<?x4xf32>, index, index) -> tensor<4x4xf32>
  // LOOP: sizes = [4, 4] strides = [4, 1] data =
  // LOOP-NEXT: {{\[}}[0,   0,   0,   0],
  // LOOP-NEXT: [1,   1.25,   1.5,   1.75],
  // LOOP-NEXT: [2,   2.25,   2.5,   2.75],
  // LOOP-NEXT: [0,   0,   0,   0]]
  call @show(%c) : (tensor<4x4xf32>) -> ()
  return
}

// PAST: ta runtime error: TensorArray ta: Tried to write to index 4 but array is not resizeable and size is: 4
func.func @past_end() {
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %rows = func.call @rows(%c6) : (index) -> tensor<?x4xf32>
  %v = func.call @frame_loop(%rows, %c2, %c6) : (tensor<?x4xf32>, index, index) -> tensor<4x4xf32>
  return
}

func.func @all() {
  %c300 = arith.constant 300 : index
  %rows = func.call @rows(%c300) : (index) -> tensor<?x4xf32>
  %sevens = func.call @sevens(%c300) : (index) -> tensor<?x4xf32>
  %pick = arith.constant dense<[0, 1, 293, 299]> : tensor<4xi32>
  // An array of 7s, closed (its memory freed), then the filled one.
  %junk = func.call @heap_filled(%sevens, %pick) : (tensor<?x4xf32>, tensor<4xi32>) -> tensor<4x4xf32>
  %a = func.call @heap_filled(%rows, %pick) : (tensor<?x4xf32>, tensor<4xi32>) -> tensor<4x4xf32>
  // Slot k holds row j where 7 j = k mod 300: slot 0 row 0, slot 1 row 43,
  // slot 293 row 299, slot 299 row 257.
  // CHECK:      [0,   0.25,   0.5,   0.75],
  // CHECK-NEXT: [43,   43.25,   43.5,   43.75],
  // CHECK-NEXT: [299,   299.25,   299.5,   299.75],
  // CHECK-NEXT: [257,   257.25,   257.5,   257.75]]
  call @show(%a) : (tensor<4x4xf32>) -> ()
  %junk2 = func.call @heap_filled(%sevens, %pick) : (tensor<?x4xf32>, tensor<4xi32>) -> tensor<4x4xf32>
  %b = func.call @heap_partial(%rows, %pick) : (tensor<?x4xf32>, tensor<4xi32>) -> tensor<4x4xf32>
  // CHECK:      [0,   0.25,   0.5,   0.75],
  // CHECK-NEXT: [43,   43.25,   43.5,   43.75],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [257,   257.25,   257.5,   257.75]]
  call @show(%b) : (tensor<4x4xf32>) -> ()
  func.call @frame_sevens() : () -> ()
  %c = func.call @frame_split(%rows) : (tensor<?x4xf32>) -> tensor<4x4xf32>
  // CHECK:      [0,   0.25,   0.5,   0.75],
  // CHECK-NEXT: [1,   1.25,   1.5,   1.75],
  // CHECK-NEXT: [2,   2.25,   2.5,   2.75],
  // CHECK-NEXT: [3,   3.25,   3.5,   3.75]]
  call @show(%c) : (tensor<4x4xf32>) -> ()
  func.call @frame_sevens() : () -> ()
  %d = func.call @frame_partial(%rows) : (tensor<?x4xf32>) -> tensor<4x4xf32>
  // CHECK:      [1,   1.25,   1.5,   1.75],
  // CHECK-NEXT: [2,   2.25,   2.5,   2.75],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [0,   0.25,   0.5,   0.75]]
  call @show(%d) : (tensor<4x4xf32>) -> ()
  return
}

// DUP: ta runtime error: TensorArray d: Could not write to TensorArray index 1 because it has already been written to.
func.func @duplicate() {
  %c4 = arith.constant 4 : index
  %v = arith.constant dense<1.0> : tensor<4x4xf32>
  %ic = arith.constant dense<[0, 1, 1, 2]> : tensor<4xi32>
  %i = func.call @opaque_i32(%ic) : (tensor<4xi32>) -> tensor<4xi32>
  %h, %f = ta.create %c4 {name = "d"} : !F
  %f1 = ta.scatter %h[%i], %v, %f : !F, tensor<4xi32>, tensor<4x4xf32>
  %r = ta.gather %h[%i], %f1 : !F, tensor<4xi32>
  return
}

// Hides a constant from the verifier and the folders.
func.func private @opaque_i32(%t: tensor<4xi32>) -> tensor<4xi32> attributes {no_inline} {
  return %t : tensor<4xi32>
}
