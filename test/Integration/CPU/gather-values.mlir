// ta.gather of arrays on the heap (their sizes are function arguments),
// which calls the gather function of the array's kind and the indices'
// type (an array in the function's frame has its gather written out in
// place): i32 and i64 indices, a result of static rows, a range (stack),
// and an accumulator's gathers, in bounds (one scan, then reads that cannot
// grow) and past its capacity (reads that grow), in both checks modes.
// Expected values (reference sections 1.0 Read and 1.4 Gather): one Read
// per index, in order; an unwritten slot reads as zeros; an accumulator
// sums its writes and reads as zeros past its size, growing to the index;
// strict mode's errors are TensorFlow's.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: grep -c "llvm.call @__ta_gather_" %t.strict.mlir | FileCheck %s --check-prefix=CALLS
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: grep -c "llvm.call @__ta_gather_" %t.none.mlir | FileCheck %s --check-prefix=CALLS
// CALLS: {{^9$}}
// RUN: %run_cpu -e all %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e all %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e gather_oob %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not %run_cpu -e gather_twice %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %run_cpu -e grad_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG

!T = !ta.handle<4, tensor<2xf32>>
!G = !ta.handle<4, tensor<2xf32>, grad>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<?x2xf32>) {
  %u = tensor.cast %t : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// A forward array of slots [0, 1], [10, 11], [20, 21] and slot 3 never
// written, which reads as zeros; clear_after_read = false: an index may
// repeat.
// CHECK:      sizes = [4, 2]
// CHECK-NEXT: {{\[}}[0,   0],
// CHECK-NEXT: [0,   1],
// CHECK-NEXT: [20,   21],
// CHECK-NEXT: [0,   1]]
// i64 indices, a result of static rows:
// CHECK:      sizes = [2, 2]
// CHECK-NEXT: {{\[}}[20,   21],
// CHECK-NEXT: [10,   11]]
// The stack of its 4 slots (a range of the size):
// CHECK:      sizes = [4, 2]
// CHECK-NEXT: {{\[}}[0,   1],
// CHECK-NEXT: [10,   11],
// CHECK-NEXT: [20,   21],
// CHECK-NEXT: [0,   0]]
func.func @forward(%size: index) {
  %h, %f = ta.create %size {name = "fwd", clear_after_read = false} : !T
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r0 = arith.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %r1 = arith.constant dense<[10.0, 11.0]> : tensor<2xf32>
  %r2 = arith.constant dense<[20.0, 21.0]> : tensor<2xf32>
  %f0 = ta.write %h[%c0], %r0, %f : !T, tensor<2xf32>
  %f1 = ta.write %h[%c1], %r1, %f0 : !T, tensor<2xf32>
  %f2 = ta.write %h[%c2], %r2, %f1 : !T, tensor<2xf32>
  %i = arith.constant dense<[3, 0, 2, 0]> : tensor<4xi32>
  %v = ta.gather %h[%i], %f2 : !T, tensor<4xi32>
  %vd = tensor.cast %v : tensor<4x2xf32> to tensor<?x2xf32>
  func.call @show(%vd) : (tensor<?x2xf32>) -> ()
  %j = arith.constant dense<[2, 1]> : tensor<2xi64>
  %w = ta.gather %h[%j], %f2 : !T, tensor<2xi64>
  %wd = tensor.cast %w : tensor<2x2xf32> to tensor<?x2xf32>
  func.call @show(%wd) : (tensor<?x2xf32>) -> ()
  %range = tensor.generate %size {
  ^bb0(%k: index):
    %e = arith.index_cast %k : index to i32
    tensor.yield %e : i32
  } : tensor<?xi32>
  %s = ta.gather %h[%range], %f2 : !T, tensor<?xi32>
  func.call @show(%s) : (tensor<?x2xf32>) -> ()
  ta.close %h : !T
  return
}

// An accumulator written at 0 ([1, 2]) and twice at 2 ([3, 4] + [10, 20]).
// Indices 2 and 0, below its capacity: its sums.
// CHECK:      sizes = [2, 2]
// CHECK-NEXT: {{\[}}[13,   24],
// CHECK-NEXT: [1,   2]]
// Indices 5 and 1: past the capacity (the read of 5 grows the accumulator
// to 6 slots), then a slot never written: zeros.
// CHECK:      sizes = [2, 2]
// CHECK-NEXT: {{\[}}[0,   0],
// CHECK-NEXT: [0,   0]]
// A second accumulator (source "t") written at 1 ([5, 6]), its first 3
// slots gathered as a range:
// CHECK:      sizes = [3, 2]
// CHECK-NEXT: {{\[}}[0,   0],
// CHECK-NEXT: [5,   6],
// CHECK-NEXT: [0,   0]]
func.func @accumulator(%size: index) {
  %h, %f = ta.create %size {name = "fwd"} : !T
  %g, %gf = ta.grad %h, %f source "s" : !T
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %c = arith.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %g0 = ta.write %g[%c0], %a, %gf : !G, tensor<2xf32>
  %g1 = ta.write %g[%c2], %b, %g0 : !G, tensor<2xf32>
  %g2 = ta.write %g[%c2], %c, %g1 : !G, tensor<2xf32>
  %i = arith.constant dense<[2, 0]> : tensor<2xi32>
  %v = ta.gather %g[%i], %g2 : !G, tensor<2xi32>
  %vd = tensor.cast %v : tensor<2x2xf32> to tensor<?x2xf32>
  func.call @show(%vd) : (tensor<?x2xf32>) -> ()
  %j = arith.constant dense<[5, 1]> : tensor<2xi32>
  %w = ta.gather %g[%j], %g2 : !G, tensor<2xi32>
  %wd = tensor.cast %w : tensor<2x2xf32> to tensor<?x2xf32>
  func.call @show(%wd) : (tensor<?x2xf32>) -> ()
  %t, %tf = ta.grad %h, %f source "t" : !T
  %d = arith.constant dense<[5.0, 6.0]> : tensor<2xf32>
  %t0 = ta.write %t[%c1], %d, %tf : !G, tensor<2xf32>
  %range = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %s = ta.gather %t[%range], %t0 : !G, tensor<3xi32>
  %sd = tensor.cast %s : tensor<3x2xf32> to tensor<?x2xf32>
  func.call @show(%sd) : (tensor<?x2xf32>) -> ()
  ta.close %h : !T
  return
}

func.func @opaque_size(%n: index) -> index attributes {llvm.noinline} {
  return %n : index
}

func.func @opaque_i32(%t: tensor<?xi32>) -> tensor<?xi32> attributes {llvm.noinline} {
  return %t : tensor<?xi32>
}

// OOB: ta runtime error: Tried to read from index 4 but array size is: 4
func.func @gather_oob() {
  %c4 = arith.constant 4 : index
  %size = func.call @opaque_size(%c4) : (index) -> index
  %h, %f = ta.create %size {name = "g"} : !T
  %i = arith.constant dense<[1, 4]> : tensor<2xi32>
  %id = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%id) : (tensor<?xi32>) -> tensor<?xi32>
  %v = ta.gather %h[%idx], %f : !T, tensor<?xi32>
  return
}

// TWICE: ta runtime error: TensorArray g: Could not read index 1 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @gather_twice() {
  %c4 = arith.constant 4 : index
  %size = func.call @opaque_size(%c4) : (index) -> index
  %h, %f = ta.create %size {name = "g"} : !T
  %c1 = arith.constant 1 : index
  %r = arith.constant dense<[10.0, 11.0]> : tensor<2xf32>
  %f0 = ta.write %h[%c1], %r, %f : !T, tensor<2xf32>
  %i = arith.constant dense<[1, 1]> : tensor<2xi32>
  %v = ta.gather %h[%i], %f0 : !T, tensor<2xi32>
  return
}

// NEG: ta runtime error: Tried to read from index -1 but array size is: 4
func.func @grad_negative() {
  %c4 = arith.constant 4 : index
  %size = func.call @opaque_size(%c4) : (index) -> index
  %h, %f = ta.create %size {name = "g"} : !T
  %g, %gf = ta.grad %h, %f source "s" : !T
  %i = arith.constant dense<[0, -1]> : tensor<2xi32>
  %id = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %idx = func.call @opaque_i32(%id) : (tensor<?xi32>) -> tensor<?xi32>
  %v = ta.gather %g[%idx], %gf : !G, tensor<?xi32>
  return
}

func.func @all() {
  %c4 = arith.constant 4 : index
  func.call @forward(%c4) : (index) -> ()
  func.call @accumulator(%c4) : (index) -> ()
  return
}
