// ta.scatter into arrays on the heap (their sizes are function arguments),
// which calls the scatter function of the array's kind and the indices'
// type with the value's rows in place (an array in the function's frame
// has its scatter written out): a slice of a larger tensor, i32 and i64
// indices, a growable array (reserved for its largest index), a range
// (unstack), an accumulator (its writes add), in both checks modes, and
// strict mode's errors from inside the function. Expected values
// (reference sections 1.0 Write and 1.5 Scatter): one Write per index, in
// order; slots never written read as zeros; an accumulator sums its
// writes.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: grep -c "llvm.call @__ta_scatter_" %t.strict.mlir | FileCheck %s --check-prefix=CALLS
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: grep -c "llvm.call @__ta_scatter_" %t.none.mlir | FileCheck %s --check-prefix=CALLS
// CALLS: {{^10$}}
// RUN: %run_cpu -e all %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e all %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e scatter_length %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=LEN
// RUN: not %run_cpu -e scatter_max_index %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=MAX
// RUN: not %run_cpu -e scatter_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %run_cpu -e scatter_duplicate %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=DUP
// RUN: not %run_cpu -e unstack_written %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=UNSTACK

!T = !ta.handle<4, tensor<2xf32>>
!D = !ta.handle<?, tensor<2xf32>>
!G = !ta.handle<4, tensor<2xf32>, grad>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<?x2xf32>) {
  %u = tensor.cast %t : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Rows [0, 1], [2, 3], ..., [8, 9].
func.func @big() -> tensor<5x2xf32> {
  %big = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0],
      [8.0, 9.0]]> : tensor<5x2xf32>
  return %big : tensor<5x2xf32>
}

// Rows 2..3 of @big ([4, 5], [6, 7]) scattered to slots 2 and 0 of a
// fixed array, then its stack:
// CHECK:      sizes = [4, 2]
// CHECK-NEXT: {{\[}}[6,   7],
// CHECK-NEXT: [0,   0],
// CHECK-NEXT: [4,   5],
// CHECK-NEXT: [0,   0]]
func.func @forward(%size: index) {
  %big = func.call @big() : () -> tensor<5x2xf32>
  %rows = tensor.extract_slice %big[2, 0] [2, 2] [1, 1]
      : tensor<5x2xf32> to tensor<2x2xf32>
  %h, %f = ta.create %size {name = "fwd"} : !T
  %i = arith.constant dense<[2, 0]> : tensor<2xi32>
  %f1 = ta.scatter %h[%i], %rows, %f : !T, tensor<2xi32>, tensor<2x2xf32>
  %range = tensor.generate %size {
  ^bb0(%k: index):
    %e = arith.index_cast %k : index to i32
    tensor.yield %e : i32
  } : tensor<?xi32>
  %v = ta.gather %h[%range], %f1 : !T, tensor<?xi32>
  func.call @show(%v) : (tensor<?x2xf32>) -> ()
  ta.close %h : !T
  return
}

// A growable array, empty, scattered [1, 2] to slot 3 and [3, 4] to slot
// 1 (i64 indices): it grows to 4 slots.
// CHECK:      sizes = [4, 2]
// CHECK-NEXT: {{\[}}[0,   0],
// CHECK-NEXT: [3,   4],
// CHECK-NEXT: [0,   0],
// CHECK-NEXT: [1,   2]]
// Another, unstacked from rows 0..2 of @big (a range of 3):
// CHECK:      sizes = [3, 2]
// CHECK-NEXT: {{\[}}[0,   1],
// CHECK-NEXT: [2,   3],
// CHECK-NEXT: [4,   5]]
func.func @growable(%zero: index) {
  %h, %f = ta.create %zero {name = "grow", dynamic_size = true} : !D
  %i = arith.constant dense<[3, 1]> : tensor<2xi64>
  %rows = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %f1 = ta.scatter %h[%i], %rows, %f : !D, tensor<2xi64>, tensor<2x2xf32>
  %n = ta.size %h, %f1 : !D
  %all = tensor.generate %n {
  ^bb0(%k: index):
    %e = arith.index_cast %k : index to i32
    tensor.yield %e : i32
  } : tensor<?xi32>
  %v = ta.gather %h[%all], %f1 : !D, tensor<?xi32>
  func.call @show(%v) : (tensor<?x2xf32>) -> ()
  ta.close %h : !D
  %big = func.call @big() : () -> tensor<5x2xf32>
  %first = tensor.extract_slice %big[0, 0] [3, 2] [1, 1]
      : tensor<5x2xf32> to tensor<3x2xf32>
  %u, %uf = ta.create %zero {name = "unstack", dynamic_size = true} : !D
  %three = tensor.generate {
  ^bb0(%k: index):
    %e = arith.index_cast %k : index to i32
    tensor.yield %e : i32
  } : tensor<3xi32>
  %uf1 = ta.scatter %u[%three], %first, %uf : !D, tensor<3xi32>, tensor<3x2xf32>
  %w = ta.gather %u[%three], %uf1 : !D, tensor<3xi32>
  %wd = tensor.cast %w : tensor<3x2xf32> to tensor<?x2xf32>
  func.call @show(%wd) : (tensor<?x2xf32>) -> ()
  ta.close %u : !D
  return
}

// An accumulator scattered [1, 2], [10, 20], [5, 5] at 1, 1, 0 (its
// writes to slot 1 add), then [1, 1] at 0:
// CHECK:      sizes = [2, 2]
// CHECK-NEXT: {{\[}}[6,   6],
// CHECK-NEXT: [11,   22]]
func.func @accumulator(%size: index) {
  %h, %f = ta.create %size {name = "fwd"} : !T
  %g, %gf = ta.grad %h, %f source "s" : !T
  %i = arith.constant dense<[1, 1, 0]> : tensor<3xi32>
  %rows = arith.constant dense<[[1.0, 2.0], [10.0, 20.0], [5.0, 5.0]]> : tensor<3x2xf32>
  %g1 = ta.scatter %g[%i], %rows, %gf : !G, tensor<3xi32>, tensor<3x2xf32>
  %j = arith.constant dense<[0]> : tensor<1xi32>
  %one = arith.constant dense<1.0> : tensor<1x2xf32>
  %g2 = ta.scatter %g[%j], %one, %g1 : !G, tensor<1xi32>, tensor<1x2xf32>
  %k = arith.constant dense<[0, 1]> : tensor<2xi32>
  %v = ta.gather %g[%k], %g2 : !G, tensor<2xi32>
  %vd = tensor.cast %v : tensor<2x2xf32> to tensor<?x2xf32>
  func.call @show(%vd) : (tensor<?x2xf32>) -> ()
  ta.close %h : !T
  return
}

func.func @opaque_size(%n: index) -> index attributes {llvm.noinline} {
  return %n : index
}

func.func @opaque_i32(%t: tensor<?xi32>) -> tensor<?xi32> attributes {llvm.noinline} {
  return %t : tensor<?xi32>
}

func.func @heap_array() -> (!T, !ta.flow) {
  %c4 = arith.constant 4 : index
  %size = func.call @opaque_size(%c4) : (index) -> index
  %h, %f = ta.create %size {name = "x"} : !T
  return %h, %f : !T, !ta.flow
}

// LEN: ta runtime error: Expected len(indices) == values.shape[0], but saw: 3 vs. 2
func.func @scatter_length() {
  %h, %f = func.call @heap_array() : () -> (!T, !ta.flow)
  %i = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %id = tensor.cast %i : tensor<3xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%id) : (tensor<?xi32>) -> tensor<?xi32>
  %rows = arith.constant dense<1.0> : tensor<2x2xf32>
  %f1 = ta.scatter %h[%idx], %rows, %f : !T, tensor<?xi32>, tensor<2x2xf32>
  return
}

// MAX: ta runtime error: Max scatter index must be < array size (4 vs. 4)
func.func @scatter_max_index() {
  %h, %f = func.call @heap_array() : () -> (!T, !ta.flow)
  %i = arith.constant dense<[0, 4]> : tensor<2xi32>
  %id = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%id) : (tensor<?xi32>) -> tensor<?xi32>
  %rows = arith.constant dense<1.0> : tensor<2x2xf32>
  %f1 = ta.scatter %h[%idx], %rows, %f : !T, tensor<?xi32>, tensor<2x2xf32>
  return
}

// NEG: ta runtime error: TensorArray x: Tried to write to index -1 but array is not resizeable and size is: 4
func.func @scatter_negative() {
  %h, %f = func.call @heap_array() : () -> (!T, !ta.flow)
  %i = arith.constant dense<[0, -1]> : tensor<2xi32>
  %id = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%id) : (tensor<?xi32>) -> tensor<?xi32>
  %rows = arith.constant dense<1.0> : tensor<2x2xf32>
  %f1 = ta.scatter %h[%idx], %rows, %f : !T, tensor<?xi32>, tensor<2x2xf32>
  return
}

// DUP: ta runtime error: TensorArray x: Could not write to TensorArray index 1 because it has already been written to.
func.func @scatter_duplicate() {
  %h, %f = func.call @heap_array() : () -> (!T, !ta.flow)
  %i = arith.constant dense<[1, 1]> : tensor<2xi32>
  %id = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%id) : (tensor<?xi32>) -> tensor<?xi32>
  %rows = arith.constant dense<1.0> : tensor<2x2xf32>
  %f1 = ta.scatter %h[%idx], %rows, %f : !T, tensor<?xi32>, tensor<2x2xf32>
  return
}

// An unstack (a range) into an array whose slot 1 was written: the loop's
// claim fails, and the Writes one by one fail at index 1.
// UNSTACK: ta runtime error: TensorArray x: Could not write to TensorArray index 1 because it has already been written to.
func.func @unstack_written() {
  %h, %f = func.call @heap_array() : () -> (!T, !ta.flow)
  %c1 = arith.constant 1 : index
  %r = arith.constant dense<1.0> : tensor<2xf32>
  %f0 = ta.write %h[%c1], %r, %f : !T, tensor<2xf32>
  %three = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %rows = arith.constant dense<2.0> : tensor<3x2xf32>
  %f1 = ta.scatter %h[%three], %rows, %f0 : !T, tensor<3xi32>, tensor<3x2xf32>
  return
}

func.func @all() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  func.call @forward(%c4) : (index) -> ()
  func.call @growable(%c0) : (index) -> ()
  func.call @accumulator(%c4) : (index) -> ()
  return
}
