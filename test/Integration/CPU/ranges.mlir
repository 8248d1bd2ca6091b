// Gathers and scatters of the range 0, 1, ..., n - 1 (TensorArray.stack()
// and .unstack(): tf.Range(0, n, 1) as ta-legalize-tf gives it, a
// tensor.generate of index_cast(k) sized by an i32, or a dense constant)
// lower without materializing or scanning the indices (IndexVectors.h); a
// range scatter into a growable array reserves its slots without zeroing
// their data, which it overwrites. The values are TensorFlow's: the rows
// written read back, slots past them that a later write grows over read as
// zeros, the size is what the writes made it; each array is created where
// an earlier one left its memory full of 7s. Both checks modes; elements of
// 16 B (zeroed when allocated) and 64 B (zeroed lazily).
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e values %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e values %t.none.mlir | FileCheck %s
// The lowered code has what the ranges are for: the 16 B unstacks reserve
// without zeroing (the 64 B ones zero lazily: the plain reservation), the
// range scatters and stacks are claimed loops (one check of the slots).
// RUN: FileCheck %s --check-prefix=IR < %t.strict.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.none.mlir
// IR-DAG: llvm.func internal @__ta_reserve_overwritten_{{strict|none}}_16(
// IR-DAG: llvm.func internal @__ta_reserve_{{strict|none}}_64(
// IR-DAG: llvm.func internal @__ta_write_loop_claim_growable_{{strict|none}}_4xf32(
// IR-DAG: llvm.func internal @__ta_read_loop_claim_array_{{strict|none}}_4xf32(
// TensorFlow's errors, found where the indices are a range as elsewhere:
// a slot of the range written before (its write fails after the ones
// before it), a stack past the size, gathers of a closed array (a range, a
// vector of indices).
// RUN: not %run_cpu -e unstack_over_written %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=WRITTEN
// RUN: not %run_cpu -e stack_past_size %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not %run_cpu -e stack_closed %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CLOSED
// RUN: not %run_cpu -e gather_closed %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CLOSED
// 130 entries index_cast to i8 are not a range (128 and 129 wrap to -128
// and -127): the scatter writes 0..127, then fails at -128.
// RUN: not %run_cpu -e wrapped_i8 %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=WRAP

!N = !ta.handle<?, tensor<4xf32>>
!W = !ta.handle<?, tensor<16xf32>>
!F = !ta.handle<5, tensor<4xf32>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

// n rows of w columns: row k is [k, k + 0.25, ..., k + (w - 1) / 4].
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
func.func @show(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @showSize(%s: index) {
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// An empty growable array: unstack of the first n rows (n an i32, as
// TensorFlow's sizes are), a write of row x at slot x, then its size and
// its stack (a gather of range(0, size)).
func.func @unstack(%rows: tensor<?x?xf32>, %n: i32, %x: index) {
  %c0 = arith.constant 0 : index
  %nn = arith.index_cast %n : i32 to index
  %range = tensor.generate %nn {
  ^bb0(%k: index):
    %i = arith.index_cast %k : index to i32
    tensor.yield %i : i32
  } : tensor<?xi32>
  %h, %f = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !N
  %v = tensor.extract_slice %rows[0, 0] [%nn, 4] [1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
  %f1 = ta.scatter %h[%range], %v, %f : !N, tensor<?xi32>, tensor<?x4xf32>
  %last = tensor.extract_slice %rows[%x, 0] [1, 4] [1, 1] : tensor<?x?xf32> to tensor<4xf32>
  %f2 = ta.write %h[%x], %last, %f1 : !N, tensor<4xf32>
  %s = ta.size %h, %f2 : !N
  func.call @showSize(%s) : (index) -> ()
  %s32 = arith.index_cast %s : index to i32
  %sn = arith.index_cast %s32 : i32 to index
  %stack = tensor.generate %sn {
  ^bb0(%k: index):
    %i = arith.index_cast %k : index to i32
    tensor.yield %i : i32
  } : tensor<?xi32>
  %all = ta.gather %h[%stack], %f2 : !N, tensor<?xi32>
  ta.close %h : !N
  %a = tensor.cast %all : tensor<?x4xf32> to tensor<?x?xf32>
  func.call @show(%a) : (tensor<?x?xf32>) -> ()
  return
}
func.func @unstack_wide(%rows: tensor<?x?xf32>, %n: i32, %x: index) {
  %c0 = arith.constant 0 : index
  %nn = arith.index_cast %n : i32 to index
  %range = tensor.generate %nn {
  ^bb0(%k: index):
    %i = arith.index_cast %k : index to i32
    tensor.yield %i : i32
  } : tensor<?xi32>
  %h, %f = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !W
  %v = tensor.extract_slice %rows[0, 0] [%nn, 16] [1, 1] : tensor<?x?xf32> to tensor<?x16xf32>
  %f1 = ta.scatter %h[%range], %v, %f : !W, tensor<?xi32>, tensor<?x16xf32>
  %last = tensor.extract_slice %rows[%x, 0] [1, 16] [1, 1] : tensor<?x?xf32> to tensor<16xf32>
  %f2 = ta.write %h[%x], %last, %f1 : !W, tensor<16xf32>
  %s = ta.size %h, %f2 : !W
  func.call @showSize(%s) : (index) -> ()
  // The stack of the first three slots (a dense constant range).
  %stack = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %all = ta.gather %h[%stack], %f2 : !W, tensor<3xi32>
  ta.close %h : !W
  %a = tensor.cast %all : tensor<3x16xf32> to tensor<?x?xf32>
  func.call @show(%a) : (tensor<?x?xf32>) -> ()
  return
}

// A fixed array of 5 slots: unstack of a dense constant range, a gather of
// the slots reversed.
func.func @fixed(%rows: tensor<?x?xf32>) {
  %c5 = arith.constant 5 : index
  %h, %f = ta.create %c5 {clear_after_read = false} : !F
  %range = arith.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi32>
  %v = tensor.extract_slice %rows[0, 0] [5, 4] [1, 1] : tensor<?x?xf32> to tensor<5x4xf32>
  %f1 = ta.scatter %h[%range], %v, %f : !F, tensor<5xi32>, tensor<5x4xf32>
  %back = arith.constant dense<[4, 3, 2, 1, 0]> : tensor<5xi32>
  %all = ta.gather %h[%back], %f1 : !F, tensor<5xi32>
  ta.close %h : !F
  %a = tensor.cast %all : tensor<5x4xf32> to tensor<?x?xf32>
  func.call @show(%a) : (tensor<?x?xf32>) -> ()
  return
}

func.func @values() {
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %n5 = arith.constant 5 : i32
  %n0 = arith.constant 0 : i32
  %sevens = func.call @sevens(%c8, %c16) : (index, index) -> tensor<?x?xf32>
  %rows = func.call @rows(%c8, %c16) : (index, index) -> tensor<?x?xf32>
  func.call @unstack(%sevens, %n5, %c7) : (tensor<?x?xf32>, i32, index) -> ()
  // CHECK: {{^}}8{{$}}
  // CHECK: {{^}}8{{$}}
  // CHECK-NEXT: sizes = [8, 4] strides = [4, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0.25,   0.5,   0.75],
  // CHECK-NEXT: [1,   1.25,   1.5,   1.75],
  // CHECK-NEXT: [2,   2.25,   2.5,   2.75],
  // CHECK-NEXT: [3,   3.25,   3.5,   3.75],
  // CHECK-NEXT: [4,   4.25,   4.5,   4.75],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [7,   7.25,   7.5,   7.75]]
  func.call @unstack(%rows, %n5, %c7) : (tensor<?x?xf32>, i32, index) -> ()
  // An empty range: nothing written, the size is the write's.
  // CHECK: {{^}}3{{$}}
  // CHECK-NEXT: sizes = [3, 4] strides = [4, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0,   0,   0],
  // CHECK-NEXT: [0,   0,   0,   0],
  // CHECK-NEXT: [2,   2.25,   2.5,   2.75]]
  func.call @unstack(%rows, %n0, %c2) : (tensor<?x?xf32>, i32, index) -> ()
  func.call @unstack_wide(%sevens, %n5, %c7) : (tensor<?x?xf32>, i32, index) -> ()
  // CHECK: {{^}}8{{$}}
  // CHECK: {{^}}8{{$}}
  // CHECK-NEXT: sizes = [3, 16] strides = [16, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0.25,   0.5,   0.75,   1,   1.25,   1.5,   1.75,   2,   2.25,   2.5,   2.75,   3,   3.25,   3.5,   3.75],
  // CHECK-NEXT: [1,   1.25,   1.5,   1.75,   2,   2.25,   2.5,   2.75,   3,   3.25,   3.5,   3.75,   4,   4.25,   4.5,   4.75],
  // CHECK-NEXT: [2,   2.25,   2.5,   2.75,   3,   3.25,   3.5,   3.75,   4,   4.25,   4.5,   4.75,   5,   5.25,   5.5,   5.75]]
  func.call @unstack_wide(%rows, %n5, %c7) : (tensor<?x?xf32>, i32, index) -> ()
  // CHECK: sizes = [5, 4] strides = [4, 1] data =
  // CHECK-NEXT: {{\[}}[4,   4.25,   4.5,   4.75],
  // CHECK-NEXT: [3,   3.25,   3.5,   3.75],
  // CHECK-NEXT: [2,   2.25,   2.5,   2.75],
  // CHECK-NEXT: [1,   1.25,   1.5,   1.75],
  // CHECK-NEXT: [0,   0.25,   0.5,   0.75]]
  func.call @fixed(%rows) : (tensor<?x?xf32>) -> ()
  // A gather of no index from a closed array reads nothing: no error.
  // CHECK: sizes = [0, 4]
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c4 {clear_after_read = false} : !N
  ta.close %h : !N
  %none = arith.constant dense<> : tensor<0xi32>
  %g = ta.gather %h[%none], %f : !N, tensor<0xi32>
  %gd = tensor.cast %g : tensor<0x4xf32> to tensor<?x?xf32>
  func.call @show(%gd) : (tensor<?x?xf32>) -> ()
  return
}

// WRITTEN: ta runtime error: TensorArray ta: Could not write to TensorArray index 1 because it has already been written to.
func.func @unstack_over_written() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !N
  %row = arith.constant dense<9.0> : tensor<4xf32>
  %f1 = ta.write %h[%c1], %row, %f : !N, tensor<4xf32>
  %range = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %v = arith.constant dense<1.0> : tensor<3x4xf32>
  %f2 = ta.scatter %h[%range], %v, %f1 : !N, tensor<3xi32>, tensor<3x4xf32>
  %s = ta.size %h, %f2 : !N
  func.call @showSize(%s) : (index) -> ()
  return
}

// PAST: ta runtime error: Tried to read from index 3 but array size is: 3
func.func @stack_past_size() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {clear_after_read = false} : !N
  %range = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %v = arith.constant dense<1.0> : tensor<3x4xf32>
  %f1 = ta.scatter %h[%range], %v, %f : !N, tensor<3xi32>, tensor<3x4xf32>
  %four = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %g = ta.gather %h[%four], %f1 : !N, tensor<4xi32>
  %gd = tensor.cast %g : tensor<4x4xf32> to tensor<?x?xf32>
  func.call @show(%gd) : (tensor<?x?xf32>) -> ()
  return
}

// CLOSED: ta runtime error: TensorArray ta has already been closed.
func.func @stack_closed() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {clear_after_read = false} : !N
  %range = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %v = arith.constant dense<1.0> : tensor<3x4xf32>
  %f1 = ta.scatter %h[%range], %v, %f : !N, tensor<3xi32>, tensor<3x4xf32>
  ta.close %h : !N
  %g = ta.gather %h[%range], %f1 : !N, tensor<3xi32>
  %gd = tensor.cast %g : tensor<3x4xf32> to tensor<?x?xf32>
  func.call @show(%gd) : (tensor<?x?xf32>) -> ()
  return
}
func.func @gather_closed() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 {clear_after_read = false} : !N
  %range = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %v = arith.constant dense<1.0> : tensor<3x4xf32>
  %f1 = ta.scatter %h[%range], %v, %f : !N, tensor<3xi32>, tensor<3x4xf32>
  ta.close %h : !N
  %some = arith.constant dense<[2, 0]> : tensor<2xi32>
  %g = ta.gather %h[%some], %f1 : !N, tensor<2xi32>
  %gd = tensor.cast %g : tensor<2x4xf32> to tensor<?x?xf32>
  func.call @show(%gd) : (tensor<?x?xf32>) -> ()
  return
}

// WRAP: ta runtime error: TensorArray ta: Tried to write to index -128 but array is not resizeable and size is: 128
func.func @wrapped_i8() {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !N
  %idx = tensor.generate {
  ^bb0(%k: index):
    %i = arith.index_cast %k : index to i8
    tensor.yield %i : i8
  } : tensor<130xi8>
  %v = arith.constant dense<1.0> : tensor<130x4xf32>
  %f1 = ta.scatter %h[%idx], %v, %f : !N, tensor<130xi8>, tensor<130x4xf32>
  %s = ta.size %h, %f1 : !N
  func.call @showSize(%s) : (index) -> ()
  return
}
