// Growable arrays (dynamic_size) whose first use is a loop writing slots
// [lb, ub) at its induction variable get the capacity for ub before the
// loop (FilledArrays::reservingLoop), and a scatter into one the capacity
// for its largest index first: one buffer instead of a growth at every
// doubling. Capacity is not observable: the arrays read back what was
// written, zeros from every other slot (the initial ones, those of an empty
// loop, those a later write past the reserved range grows over), and their
// size is what the writes made it. Both checks modes; elements of 16 B
// (zeroed when allocated) and of 64 B (zeroed lazily, through the slot
// state); each array created where an earlier one left its memory full of
// 7s. Where the reservation cannot be had, the loop fails with its own
// error, not an allocation's (oom.mlir, reserve_fails).
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e values %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e values %t.none.mlir | FileCheck %s
// A loop from -1: the first write fails with TensorFlow's text (strict),
// nothing reserved.
// RUN: not %run_cpu -e negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// A scatter into a growable array gets the capacity for its largest index
// first (where none is negative): the same values as growth gives.
// RUN: %run_cpu -e scatters %t.strict.mlir | FileCheck %s --check-prefix=SCATTER
// RUN: %run_cpu -e scatters %t.none.mlir | FileCheck %s --check-prefix=SCATTER
// A negative index among them: nothing reserved, the writes before it are
// made, its write fails with TensorFlow's text (strict).
// RUN: not %run_cpu -e scatter_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SNEG

!G = !ta.handle<?, tensor<4xf32>>
!W = !ta.handle<?, tensor<16xf32>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

// Row k of n, w columns: [k, k + 0.25, ..., k + (w - 1) / 4].
func.func @rows(%n: index, %w: index) -> tensor<?x?xf32> {
  %t = tensor.generate %n, %w {
  ^bb0(%k: index, %j: index):
    %ki = arith.index_cast %k : index to i64
    %ji = arith.index_cast %j : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %jf = arith.sitofp %ji : i64 to f32
    %q = arith.constant 0.25 : f32
    %jq = arith.mulf %jf, %q : f32
    %x = arith.addf %kf, %jq : f32
    tensor.yield %x : f32
  } : tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}
func.func @sevens(%n: index, %w: index) -> tensor<?x?xf32> {
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty(%n, %w) : tensor<?x?xf32>
  %t = linalg.fill ins(%seven : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}

// A growable array of `size` slots; a loop writes rows [lb, ub) of `rows`
// (its first use), then a write of row x at slot x; prints the size and
// the rows of `pick`.
func.func @narrow(%rows: tensor<?x?xf32>, %size: index, %lb: index, %ub: index, %x: index, %pick: tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h, %f = ta.create %size {dynamic_size = true, clear_after_read = false} : !G
  %fw = scf.for %k = %lb to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %rows[%k, 0] [1, 4] [1, 1] : tensor<?x?xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !G, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  %last = tensor.extract_slice %rows[%x, 0] [1, 4] [1, 1] : tensor<?x?xf32> to tensor<4xf32>
  %f3 = ta.write %h[%x], %last, %fw : !G, tensor<4xf32>
  %s = ta.size %h, %f3 : !G
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  %v = ta.gather %h[%pick], %f3 : !G, tensor<4xi32>
  ta.close %h : !G
  %u = tensor.cast %v : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @wide(%rows: tensor<?x?xf32>, %size: index, %lb: index, %ub: index, %x: index, %pick: tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h, %f = ta.create %size {dynamic_size = true, clear_after_read = false} : !W
  %fw = scf.for %k = %lb to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %rows[%k, 0] [1, 16] [1, 1] : tensor<?x?xf32> to tensor<16xf32>
    %f2 = ta.write %h[%k], %row, %fl : !W, tensor<16xf32>
    scf.yield %f2 : !ta.flow
  }
  %last = tensor.extract_slice %rows[%x, 0] [1, 16] [1, 1] : tensor<?x?xf32> to tensor<16xf32>
  %f3 = ta.write %h[%x], %last, %fw : !W, tensor<16xf32>
  %s = ta.size %h, %f3 : !W
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  %v = ta.gather %h[%pick], %f3 : !W, tensor<4xi32>
  ta.close %h : !W
  %u = tensor.cast %v : tensor<4x16xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @values() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  %c300 = arith.constant 300 : index
  %c400 = arith.constant 400 : index
  %c401 = arith.constant 401 : index
  %rows = func.call @rows(%c401, %c16) : (index, index) -> tensor<?x?xf32>
  %sevens = func.call @sevens(%c401, %c16) : (index, index) -> tensor<?x?xf32>
  // From empty, slots [2, 300) reserved, then slot 400 past them.
  %p1 = arith.constant dense<[1, 299, 350, 400]> : tensor<4xi32>
  func.call @narrow(%sevens, %c0, %c0, %c300, %c400, %p1) : (tensor<?x?xf32>, index, index, index, index, tensor<4xi32>) -> ()
  // CHECK: {{^}}401{{$}}
  // CHECK: {{^}}401{{$}}
  // CHECK-NEXT: sizes = [4, 4] strides = [4, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0,   0,   0],
  // CHECK-NEXT: [299,   299.25,   299.5,   299.75],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [400,   400.25,   400.5,   400.75]]
  func.call @narrow(%rows, %c0, %c2, %c300, %c400, %p1) : (tensor<?x?xf32>, index, index, index, index, tensor<4xi32>) -> ()
  // Of 5 slots (zeros), slots [3, 10) written, then slot 10.
  %p2 = arith.constant dense<[2, 3, 9, 10]> : tensor<4xi32>
  func.call @narrow(%sevens, %c0, %c0, %c300, %c400, %p1) : (tensor<?x?xf32>, index, index, index, index, tensor<4xi32>) -> ()
  // CHECK: {{^}}401{{$}}
  // CHECK: {{^}}11{{$}}
  // CHECK-NEXT: sizes = [4, 4] strides = [4, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0,   0,   0],
  // CHECK-NEXT: [3,   3.25,   3.5,   3.75],
  // CHECK-NEXT: [9,   9.25,   9.5,   9.75],
  // CHECK-NEXT: [10,   10.25,   10.5,   10.75]]
  func.call @narrow(%rows, %c5, %c3, %c10, %c10, %p2) : (tensor<?x?xf32>, index, index, index, index, tensor<4xi32>) -> ()
  // Of 2 slots, an empty loop [5, 3), then slot 3: growth alone.
  %p3 = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  func.call @narrow(%sevens, %c0, %c0, %c300, %c400, %p1) : (tensor<?x?xf32>, index, index, index, index, tensor<4xi32>) -> ()
  // CHECK: {{^}}401{{$}}
  // CHECK: {{^}}4{{$}}
  // CHECK-NEXT: sizes = [4, 4] strides = [4, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [3,   3.25,   3.5,   3.75]]
  func.call @narrow(%rows, %c2, %c5, %c3, %c3, %p3) : (tensor<?x?xf32>, index, index, index, index, tensor<4xi32>) -> ()
  // Elements of 64 B, from empty: slots [2, 300), then slot 400.
  func.call @wide(%sevens, %c0, %c0, %c300, %c400, %p1) : (tensor<?x?xf32>, index, index, index, index, tensor<4xi32>) -> ()
  // CHECK: {{^}}401{{$}}
  // CHECK: {{^}}401{{$}}
  // CHECK-NEXT: sizes = [4, 16] strides = [16, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
  // CHECK-NEXT: [299,   299.25,   299.5,   299.75,   300,   300.25,   300.5,   300.75,   301,   301.25,   301.5,   301.75,   302,   302.25,   302.5,   302.75],
  // CHECK-NEXT: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
  // CHECK-NEXT: [400,   400.25,   400.5,   400.75,   401,   401.25,   401.5,   401.75,   402,   402.25,   402.5,   402.75,   403,   403.25,   403.5,   403.75]]
  func.call @wide(%rows, %c0, %c2, %c300, %c400, %p1) : (tensor<?x?xf32>, index, index, index, index, tensor<4xi32>) -> ()
  return
}

// NEG: ta runtime error: TensorArray ta: Tried to write to index -1 but array is not resizeable and size is: 0
func.func @negative() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %c3 = arith.constant 3 : index
  %row = arith.constant dense<1.0> : tensor<4xf32>
  %h, %f = ta.create %c0 {dynamic_size = true} : !G
  %fw = scf.for %k = %cm1 to %c3 step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %row, %fl : !G, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  %s = ta.size %h, %fw : !G
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// Rows for indices: row k is [i, i + 0.25, ...] for i = idx[k], w columns.
func.func @rows_at(%idx: tensor<4xi32>, %w: index) -> tensor<4x?xf32> {
  %t = tensor.generate %w {
  ^bb0(%k: index, %j: index):
    %i = tensor.extract %idx[%k] : tensor<4xi32>
    %ii = arith.sitofp %i : i32 to f32
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f32
    %q = arith.constant 0.25 : f32
    %jq = arith.mulf %jf, %q : f32
    %x = arith.addf %ii, %jq : f32
    tensor.yield %x : f32
  } : tensor<4x?xf32>
  return %t : tensor<4x?xf32>
}
// Scatters `v` at `idx` into an empty growable array; prints the size and
// the rows of `pick`.
func.func @scatter_narrow(%v: tensor<4x?xf32>, %idx: tensor<4xi32>, %pick: tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %rows = tensor.cast %v : tensor<4x?xf32> to tensor<4x4xf32>
  %h, %f = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !G
  %f1 = ta.scatter %h[%idx], %rows, %f : !G, tensor<4xi32>, tensor<4x4xf32>
  %s = ta.size %h, %f1 : !G
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  %g = ta.gather %h[%pick], %f1 : !G, tensor<4xi32>
  ta.close %h : !G
  %u = tensor.cast %g : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @scatter_wide(%v: tensor<4x?xf32>, %idx: tensor<4xi32>, %pick: tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %rows = tensor.cast %v : tensor<4x?xf32> to tensor<4x16xf32>
  %h, %f = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !W
  %f1 = ta.scatter %h[%idx], %rows, %f : !W, tensor<4xi32>, tensor<4x16xf32>
  %s = ta.size %h, %f1 : !W
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  %g = ta.gather %h[%pick], %f1 : !W, tensor<4xi32>
  ta.close %h : !W
  %u = tensor.cast %g : tensor<4x16xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @scatters() {
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %idx = arith.constant dense<[5, 0, 300, 2]> : tensor<4xi32>
  %pick = arith.constant dense<[0, 1, 300, 299]> : tensor<4xi32>
  %seven = arith.constant 7.0 : f32
  %e4 = tensor.empty() : tensor<4x4xf32>
  %s4 = linalg.fill ins(%seven : f32) outs(%e4 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %j4 = tensor.cast %s4 : tensor<4x4xf32> to tensor<4x?xf32>
  %all = arith.constant dense<[0, 1, 299, 300]> : tensor<4xi32>
  func.call @scatter_narrow(%j4, %all, %pick) : (tensor<4x?xf32>, tensor<4xi32>, tensor<4xi32>) -> ()
  // SCATTER: {{^}}301{{$}}
  // SCATTER: {{^}}301{{$}}
  // SCATTER-NEXT: sizes = [4, 4] strides = [4, 1] data =
  // SCATTER-NEXT: {{\[}}[0,   0.25,   0.5,   0.75],
  // SCATTER-NEXT: [0,   0,   0,   0],
  // SCATTER-NEXT: [300,   300.25,   300.5,   300.75],
  // SCATTER-NEXT: [0,   0,   0,   0]]
  %v4 = func.call @rows_at(%idx, %c4) : (tensor<4xi32>, index) -> tensor<4x?xf32>
  func.call @scatter_narrow(%v4, %idx, %pick) : (tensor<4x?xf32>, tensor<4xi32>, tensor<4xi32>) -> ()
  %e16 = tensor.empty() : tensor<4x16xf32>
  %s16 = linalg.fill ins(%seven : f32) outs(%e16 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %j16 = tensor.cast %s16 : tensor<4x16xf32> to tensor<4x?xf32>
  func.call @scatter_wide(%j16, %all, %pick) : (tensor<4x?xf32>, tensor<4xi32>, tensor<4xi32>) -> ()
  // SCATTER: {{^}}301{{$}}
  // SCATTER: {{^}}301{{$}}
  // SCATTER-NEXT: sizes = [4, 16] strides = [16, 1] data =
  // SCATTER-NEXT: {{\[}}[0,   0.25,   0.5,   0.75,   1,   1.25,   1.5,   1.75,   2,   2.25,   2.5,   2.75,   3,   3.25,   3.5,   3.75],
  // SCATTER-NEXT: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
  // SCATTER-NEXT: [300,   300.25,   300.5,   300.75,   301,   301.25,   301.5,   301.75,   302,   302.25,   302.5,   302.75,   303,   303.25,   303.5,   303.75],
  // SCATTER-NEXT: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0]]
  %v16 = func.call @rows_at(%idx, %c16) : (tensor<4xi32>, index) -> tensor<4x?xf32>
  func.call @scatter_wide(%v16, %idx, %pick) : (tensor<4x?xf32>, tensor<4xi32>, tensor<4xi32>) -> ()
  return
}

// SNEG: ta runtime error: TensorArray ta: Tried to write to index -1 but array is not resizeable and size is: 301
func.func @scatter_negative() {
  %c4 = arith.constant 4 : index
  %idx = arith.constant dense<[5, 300, -1, 2]> : tensor<4xi32>
  %pick = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %v4 = func.call @rows_at(%idx, %c4) : (tensor<4xi32>, index) -> tensor<4x?xf32>
  func.call @scatter_narrow(%v4, %idx, %pick) : (tensor<4x?xf32>, tensor<4xi32>, tensor<4xi32>) -> ()
  return
}
