// ta.concat of arrays on the heap (their sizes are function arguments),
// which calls the count function of the array's kind (the array opened,
// its size), allocates the result and calls the concat function (an array
// in the function's frame has its concat written out in place): a forward
// array with a slot never written, of small elements and of elements of
// 64 bytes (lazy zeroing: a scan of the state, then reads one by one), a
// growable array, an accumulator of a split forward array and one whose
// forward array was never split; in both checks modes. Expected values
// (reference sections 1.0 Read and 1.6 Concat): ReadMany of slots
// [0, N), N the forward array's size or the accumulator's marked size (-1,
// nothing, where the forward array was never split); an unwritten slot
// reads as zeros; lengths are each element's dim 0; strict mode's errors
// are TensorFlow's.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: grep -c "llvm.call @__ta_concat_count_" %t.strict.mlir | FileCheck %s --check-prefix=CALLS
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: grep -c "llvm.call @__ta_concat_count_" %t.none.mlir | FileCheck %s --check-prefix=CALLS
// CALLS: {{^13$}}
// RUN: %run_cpu -e all %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e all %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e concat_closed %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CLOSED
// RUN: not %run_cpu -e concat_twice %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %run_cpu -e concat_twice_lazy %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=TWICELAZY
// RUN: not %run_cpu -e concat_wraps %t.none.mlir 2>&1 | FileCheck %s --check-prefix=WRAPS

!T = !ta.handle<3, tensor<2xf32>>
!D = !ta.handle<?, tensor<2xf32>>
!L = !ta.handle<2, tensor<16xf32>>
!G = !ta.handle<3, tensor<2xf32>, grad>
!GD = !ta.handle<?, tensor<2xf32>, grad>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @show(%t: tensor<?xf32>, %l: tensor<?xi64>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  %lu = tensor.cast %l : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%lu) : (tensor<*xi64>) -> ()
  return
}

// A forward array of slots [1, 2], never written, [5, 6];
// clear_after_read = false: a second concat reads the same.
// CHECK:      sizes = [6]
// CHECK-NEXT: [1,  2,  0,  0,  5,  6]
// CHECK:      sizes = [3]
// CHECK-NEXT: [2,  2,  2]
// CHECK:      sizes = [6]
// CHECK-NEXT: [1,  2,  0,  0,  5,  6]
func.func @forward(%size: index) {
  %h, %f = ta.create %size {name = "fwd", clear_after_read = false} : !T
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[5.0, 6.0]> : tensor<2xf32>
  %f0 = ta.write %h[%c0], %a, %f : !T, tensor<2xf32>
  %f1 = ta.write %h[%c2], %b, %f0 : !T, tensor<2xf32>
  %v, %l = ta.concat %h, %f1 : !T
  %vd = tensor.cast %v : tensor<6xf32> to tensor<?xf32>
  func.call @show(%vd, %l) : (tensor<?xf32>, tensor<?xi64>) -> ()
  %w, %m = ta.concat %h, %f1 : !T
  %u = tensor.cast %w : tensor<6xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  ta.close %h : !T
  return
}

// Elements of 64 bytes (16 floats): slot 0 all 1, slot 1 never written
// (zeros, through the reads one by one).
// CHECK:      sizes = [32]
// CHECK-NEXT: [1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
// CHECK:      sizes = [2]
// CHECK-NEXT: [16,  16]
// Both written (7 and 8): the one copy.
// CHECK:      sizes = [32]
// CHECK-NEXT: [7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8]
func.func @lazy(%size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ones = arith.constant dense<1.0> : tensor<16xf32>
  %sevens = arith.constant dense<7.0> : tensor<16xf32>
  %eights = arith.constant dense<8.0> : tensor<16xf32>
  %h, %f = ta.create %size {name = "lazy"} : !L
  %f0 = ta.write %h[%c0], %ones, %f : !L, tensor<16xf32>
  %v, %l = ta.concat %h, %f0 : !L
  %vd = tensor.cast %v : tensor<32xf32> to tensor<?xf32>
  func.call @show(%vd, %l) : (tensor<?xf32>, tensor<?xi64>) -> ()
  ta.close %h : !L
  %k, %kf = ta.create %size {name = "full"} : !L
  %k0 = ta.write %k[%c0], %sevens, %kf : !L, tensor<16xf32>
  %k1 = ta.write %k[%c1], %eights, %k0 : !L, tensor<16xf32>
  %w, %m = ta.concat %k, %k1 : !L
  %u = tensor.cast %w : tensor<32xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  ta.close %k : !L
  return
}

// A growable array (dynamic_size) of size 0 written at 0 and 1: size 2.
// CHECK:      sizes = [4]
// CHECK-NEXT: [3,  4,  9,  10]
// CHECK:      sizes = [2]
// CHECK-NEXT: [2,  2]
func.func @growable(%size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %b = arith.constant dense<[9.0, 10.0]> : tensor<2xf32>
  %h, %f = ta.create %size {name = "grow", dynamic_size = true} : !D
  %f0 = ta.write %h[%c0], %a, %f : !D, tensor<2xf32>
  %f1 = ta.write %h[%c1], %b, %f0 : !D, tensor<2xf32>
  %v, %l = ta.concat %h, %f1 : !D
  func.call @show(%v, %l) : (tensor<?xf32>, tensor<?xi64>) -> ()
  ta.close %h : !D
  return
}

// An accumulator of a forward array split into 3 elements (marked size 3),
// written twice at 1 ([10, 20] + [1, 1]): slots 0 and 2 read as zeros.
// CHECK:      sizes = [6]
// CHECK-NEXT: [0,  0,  11,  21,  0,  0]
// CHECK:      sizes = [3]
// CHECK-NEXT: [2,  2,  2]
// An accumulator of a forward array never split (marked size -1): nothing
// (printMemref prints a stray element of an empty memref: sizes only).
// CHECK:      sizes = [0]
// CHECK:      sizes = [0]
func.func @accumulator(%size: index) {
  %h, %f = ta.create %size {name = "fwd"} : !T
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %lengths = arith.constant dense<2> : tensor<3xi64>
  %ld = tensor.cast %lengths : tensor<3xi64> to tensor<?xi64>
  %f0 = ta.split %h, %x, %ld, %f : !T, tensor<6xf32>, tensor<?xi64>
  %g, %gf = ta.grad %h, %f0 source "s" : !T
  %c1 = arith.constant 1 : index
  %a = arith.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %b = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %g0 = ta.write %g[%c1], %a, %gf : !G, tensor<2xf32>
  %g1 = ta.write %g[%c1], %b, %g0 : !G, tensor<2xf32>
  %v, %l = ta.concat %g, %g1 : !G
  func.call @show(%v, %l) : (tensor<?xf32>, tensor<?xi64>) -> ()
  ta.close %h : !T
  %k, %kf = ta.create %size {name = "unsplit"} : !T
  %kg, %kgf = ta.grad %k, %kf source "s" : !T
  %w, %m = ta.concat %kg, %kgf : !G
  func.call @show(%w, %m) : (tensor<?xf32>, tensor<?xi64>) -> ()
  ta.close %k : !T
  return
}

func.func @opaque_size(%n: index) -> index attributes {llvm.noinline} {
  return %n : index
}

// CLOSED: ta runtime error: TensorArray c has already been closed.
func.func @concat_closed() {
  %c3 = arith.constant 3 : index
  %size = func.call @opaque_size(%c3) : (index) -> index
  %h, %f = ta.create %size {name = "c"} : !T
  ta.close %h : !T
  %v, %l = ta.concat %h, %f : !T
  return
}

// TWICE: ta runtime error: TensorArray t: Could not read index 0 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @concat_twice() {
  %c3 = arith.constant 3 : index
  %size = func.call @opaque_size(%c3) : (index) -> index
  %h, %f = ta.create %size {name = "t"} : !T
  %v, %l = ta.concat %h, %f : !T
  %w, %m = ta.concat %h, %f : !T
  return
}

// TWICELAZY: ta runtime error: TensorArray z: Could not read index 0 twice because it was cleared after a previous read (perhaps try setting clear_after_read = false?).
func.func @concat_twice_lazy() {
  %c2 = arith.constant 2 : index
  %size = func.call @opaque_size(%c2) : (index) -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ones = arith.constant dense<1.0> : tensor<16xf32>
  %h, %f = ta.create %size {name = "z"} : !L
  %f0 = ta.write %h[%c0], %ones, %f : !L, tensor<16xf32>
  %f1 = ta.write %h[%c1], %ones, %f0 : !L, tensor<16xf32>
  %v, %l = ta.concat %h, %f1 : !L
  %w, %m = ta.concat %h, %f1 : !L
  return
}

// checks=none: a split of 2^40 lengths (never read: the value, of the
// wrong rank, writes no row) marks that count on a forward array of size
// 3; an accumulator of elements of 2^24 bytes (shape_to_prepend [2^21])
// then concats 2^40 of them: 2^64 bytes, which the concat count function
// refuses with TensorFlow's OOM message (an allocation of the wrapped size,
// 0 bytes, would have been written past).
// WRAPS: ta runtime error: OOM when allocating tensor: more than 2**63 - 1 bytes
!W = !ta.handle<3, tensor<2097152x2xf32>, grad>
func.func @concat_wraps() {
  %c3 = arith.constant 3 : index
  %size = func.call @opaque_size(%c3) : (index) -> index
  %h, %f = ta.create %size {name = "w"} : !T
  %v0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v = tensor.cast %v0 : tensor<1x2xf32> to tensor<*xf32>
  %big = arith.constant 1099511627776 : index
  %n = func.call @opaque_size(%big) : (index) -> index
  %l = tensor.empty(%n) : tensor<?xi64>
  %f1 = ta.split %h, %v, %l, %f : !T, tensor<*xf32>, tensor<?xi64>
  %p = arith.constant dense<[2097152]> : tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f1, %p source "s" : !T, tensor<1xi32>
  %c, %cl = ta.concat %g, %gf : !W
  %c0 = arith.constant 0 : index
  %x = tensor.extract %c[%c0, %c0] : tensor<?x2xf32>
  return
}

func.func @all() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  func.call @forward(%c3) : (index) -> ()
  func.call @lazy(%c2) : (index) -> ()
  func.call @growable(%c0) : (index) -> ()
  func.call @accumulator(%c3) : (index) -> ()
  return
}
