// ta.grad_with_shape with a run-time shape_to_prepend on an array of static
// element shape (pfor's rewrite of TensorArrayGradV3, whose loop length is a
// run-time value): the accumulator's element shape, prepend ++ [2], is known
// only at run time, so libta_runtime keeps it, its header in the forward
// array's box. TensorFlow's CopyShapesFrom soft-writes the slots the forward
// array wrote (read as zeros of prepend ++ their shape); later writes add;
// the same source gives the same accumulator. Both checks modes; the errors
// the runtime checks in both, the static array's checks in strict mode.
// Expected values are TensorFlow's, from its kernels (tensor_array.cc,
// tensor_array_ops.cc) as ../shared/reference/tensorarray-semantics.md
// §1.10-1.11 states them.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e values %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e values %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e closed %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CLOSED
// RUN: not %run_cpu -e negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %run_cpu -e negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %run_cpu -e static_first %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SFIRST
// RUN: not %run_cpu -e static_first %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SFIRST
// RUN: not %run_cpu -e runtime_first %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RFIRST
// RUN: not %run_cpu -e write_shape %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=WSHAPE
// RUN: not %run_cpu -e write_shape %t.none.mlir 2>&1 | FileCheck %s --check-prefix=WSHAPE
// RUN: not %run_cpu -e locked %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=LOCKED
// RUN: not %run_cpu -e rank %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not %run_cpu -e rank %t.none.mlir 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not %run_cpu -e prepend_overflow %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=POVER
// RUN: not %run_cpu -e prepend_overflow %t.none.mlir 2>&1 | FileCheck %s --check-prefix=POVER
// RUN: not %run_cpu -e element_overflow %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=EOVER
// RUN: not %run_cpu -e element_overflow %t.none.mlir 2>&1 | FileCheck %s --check-prefix=EOVER
// RUN: not %run_cpu -e prepend_overflow_zero %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=POVERZ

!A = !ta.handle<3, tensor<2xf32>>
!D = !ta.handle<?, tensor<2xf32>>
!G = !ta.handle<3, tensor<?x2xf32>, grad>
!U = !ta.handle<3, tensor<*xf32>, grad>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%t: tensor<?x2xf32>) {
  %u = tensor.cast %t : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @show_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// Keeps shape_to_prepend a run-time value.
func.func private @opaque(%t: tensor<1xi32>) -> tensor<1xi32> {
  return %t : tensor<1xi32>
}

func.func private @opaque_any(%t: tensor<2xi32>) -> tensor<?xi32> {
  %u = tensor.cast %t : tensor<2xi32> to tensor<?xi32>
  return %u : tensor<?xi32>
}

func.func @values() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %x = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = arith.constant dense<[5.0, 6.0]> : tensor<2xf32>
  // Forward slots 0 and 2 written, slot 1 not.
  %h, %f = ta.create %c3 : !A
  %f1 = ta.write %h[%c0], %x, %f : !A, tensor<2xf32>
  %f2 = ta.write %h[%c2], %y, %f1 : !A, tensor<2xf32>
  %p0 = arith.constant dense<[2]> : tensor<1xi32>
  %p = func.call @opaque(%p0) : (tensor<1xi32>) -> tensor<1xi32>

  // The accumulator has the forward size.
  // CHECK: 3
  %g, %gf = ta.grad_with_shape %h, %f2, %p source "pfor" : !A, tensor<1xi32>
  %n = ta.size %g, %gf : !G
  call @show_index(%n) : (index) -> ()

  // Two writes to slot 0 add, the second through the handle the same source
  // gives again.
  // CHECK-NEXT: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[11,   11],
  // CHECK-NEXT: [22,   22]]
  %a0 = arith.constant dense<[[1.0, 1.0], [2.0, 2.0]]> : tensor<2x2xf32>
  %b0 = arith.constant dense<[[10.0, 10.0], [20.0, 20.0]]> : tensor<2x2xf32>
  %a = tensor.cast %a0 : tensor<2x2xf32> to tensor<?x2xf32>
  %b = tensor.cast %b0 : tensor<2x2xf32> to tensor<?x2xf32>
  %gf1 = ta.write %g[%c0], %a, %gf : !G, tensor<?x2xf32>
  %g2, %g2f = ta.grad_with_shape %h, %f2, %p source "pfor" : !A, tensor<1xi32>
  %gf2 = ta.write %g2[%c0], %b, %gf1 : !G, tensor<?x2xf32>
  %r0 = ta.read %g[%c0], %gf2 : !G
  call @show(%r0) : (tensor<?x2xf32>) -> ()

  // Slot 1 (never written: the element shape [2, 2] is fully defined) and
  // slot 2 (soft written by CopyShapesFrom) read as zeros.
  // CHECK-NEXT: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   0]]
  // CHECK-NEXT: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   0]]
  %r1 = ta.read %g[%c1], %gf2 : !G
  call @show(%r1) : (tensor<?x2xf32>) -> ()
  %r2 = ta.read %g[%c2], %gf2 : !G
  call @show(%r2) : (tensor<?x2xf32>) -> ()

  // A read past the size grows the accumulator.
  // CHECK-NEXT: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   0]]
  // CHECK-NEXT: 5
  %r4 = ta.read %g[%c4], %gf2 : !G
  call @show(%r4) : (tensor<?x2xf32>) -> ()
  %n4 = ta.size %g, %gf2 : !G
  call @show_index(%n4) : (index) -> ()

  // Another source, prepend [0]: elements of shape [0, 2]; a gather of the
  // three slots has shape [3, 0, 2].
  // CHECK-NEXT: 3
  // CHECK-NEXT: 0
  // CHECK-NEXT: 2
  %z0 = arith.constant dense<[0]> : tensor<1xi32>
  %z = func.call @opaque(%z0) : (tensor<1xi32>) -> tensor<1xi32>
  %k, %kf = ta.grad_with_shape %h, %f2, %z source "zero" : !A, tensor<1xi32>
  %idx = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %kv = ta.gather %k[%idx], %kf : !G, tensor<3xi32>
  %d0 = tensor.dim %kv, %c0 : tensor<3x?x2xf32>
  %d1 = tensor.dim %kv, %c1 : tensor<3x?x2xf32>
  %d2 = tensor.dim %kv, %c2 : tensor<3x?x2xf32>
  call @show_index(%d0) : (index) -> ()
  call @show_index(%d1) : (index) -> ()
  call @show_index(%d2) : (index) -> ()

  // A prepend of run-time length: an accumulator of unranked elements,
  // here [1, 3] ++ [2]. Slot 1 takes a write; the gather of slots 1 and 0
  // (soft written) has shape [2, 1, 3, 2].
  // CHECK-NEXT: rank = 4 offset = 0 sizes = [2, 1, 3, 2]
  // CHECK-NEXT: {{\[}}[{{\[}}[1,    2],
  // CHECK-NEXT: [3,    4],
  // CHECK-NEXT: [5,    6]]],
  // CHECK-NEXT: {{\[}}{{\[}}[0,    0],
  // CHECK-NEXT: [0,    0],
  // CHECK-NEXT: [0,    0]]]]
  %q0 = arith.constant dense<[1, 3]> : tensor<2xi32>
  %q = func.call @opaque_any(%q0) : (tensor<2xi32>) -> tensor<?xi32>
  %m, %mf = ta.grad_with_shape %h, %f2, %q source "any" : !A, tensor<?xi32>
  %v0 = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]]> : tensor<1x3x2xf32>
  %v = tensor.cast %v0 : tensor<1x3x2xf32> to tensor<*xf32>
  %mf1 = ta.write %m[%c1], %v, %mf : !U, tensor<*xf32>
  %mi = arith.constant dense<[1, 0]> : tensor<2xi32>
  %mv = ta.gather %m[%mi], %mf1 : !U, tensor<2xi32>
  call @printMemrefF32(%mv) : (tensor<*xf32>) -> ()
  return
}

// CLOSED: ta runtime error: TensorArray ta has already been closed.
func.func @closed() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !A
  ta.close %h : !A
  %p0 = arith.constant dense<[2]> : tensor<1xi32>
  %p = func.call @opaque(%p0) : (tensor<1xi32>) -> tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !A, tensor<1xi32>
  return
}

// NEG: ta runtime error: Dimension -1 must be >= 0
func.func @negative() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !A
  %p0 = arith.constant dense<[-1]> : tensor<1xi32>
  %p = func.call @opaque(%p0) : (tensor<1xi32>) -> tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !A, tensor<1xi32>
  return
}

// TensorFlow hands back the accumulator a gradient op of the same source
// made; one of another element shape is ta's error (the handle's type
// could not hold it), in both modes where the runtime keeps it. (Where
// both ops see the same handle, the verifier rejects the pair; here they
// are in functions of their own.)
func.func private @grad_static(%h: !A, %f: !ta.flow) {
  %s, %sf = ta.grad %h, %f source "pfor" : !A
  return
}

func.func private @grad_runtime(%h: !A, %f: !ta.flow) {
  %p0 = arith.constant dense<[2]> : tensor<1xi32>
  %p = func.call @opaque(%p0) : (tensor<1xi32>) -> tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !A, tensor<1xi32>
  return
}

// SFIRST: ta runtime error: TensorArray ta@pfor: the gradient accumulator exists with element shape [2], but this gradient asks for element shape [?,2] (TensorFlow would hand back the existing accumulator)
func.func @static_first() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !A
  call @grad_static(%h, %f) : (!A, !ta.flow) -> ()
  call @grad_runtime(%h, %f) : (!A, !ta.flow) -> ()
  return
}

// RFIRST: ta runtime error: TensorArray ta@pfor: the gradient accumulator exists with element shape [?,2], but this gradient asks for element shape [2] (TensorFlow would hand back the existing accumulator)
func.func @runtime_first() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !A
  call @grad_runtime(%h, %f) : (!A, !ta.flow) -> ()
  call @grad_static(%h, %f) : (!A, !ta.flow) -> ()
  return
}

// WSHAPE: ta runtime error: TensorArray ta@pfor: Could not write to TensorArray index 0 because the value shape is [3,2] which is incompatible with the TensorArray's inferred element shape: [2,2] (consider setting infer_shape=False).
func.func @write_shape() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !A
  %p0 = arith.constant dense<[2]> : tensor<1xi32>
  %p = func.call @opaque(%p0) : (tensor<1xi32>) -> tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !A, tensor<1xi32>
  %v0 = arith.constant dense<1.0> : tensor<3x2xf32>
  %v = tensor.cast %v0 : tensor<3x2xf32> to tensor<?x2xf32>
  %gf1 = ta.write %g[%c0], %v, %gf : !G, tensor<?x2xf32>
  return
}

// The gradient locks the size of a growable forward array (DisableDynamicSize).
// LOCKED: ta runtime error: TensorArray ta: Tried to write to index 1 but array is not resizeable and size is: 1
func.func @locked() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %h, %f = ta.create %c0 {dynamic_size = true} : !D
  %f1 = ta.write %h[%c0], %x, %f : !D, tensor<2xf32>
  %p0 = arith.constant dense<[2]> : tensor<1xi32>
  %p = func.call @opaque(%p0) : (tensor<1xi32>) -> tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f1, %p source "pfor" : !D, tensor<1xi32>
  %f2 = ta.write %h[%c1], %x, %gf : !D, tensor<2xf32>
  return
}

// A prepend of 32 dims: elements of rank 33, past ta's limit.
// RANK: ta runtime error: ta supports element ranks up to 32, got 33
func.func @rank() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !A
  %p0 = arith.constant dense<1> : tensor<32xi32>
  %p1 = tensor.cast %p0 : tensor<32xi32> to tensor<?xi32>
  %p = func.call @opaque_rank(%p1) : (tensor<?xi32>) -> tensor<?xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !A, tensor<?xi32>
  return
}

func.func private @opaque_rank(%t: tensor<?xi32>) -> tensor<?xi32> {
  return %t : tensor<?xi32>
}

// A prepend of 2^64 elements: TensorFlow's MakeShape of shape_to_prepend
// fails counting them (before, ta handed out the shape and a gather's
// result of a wrapped size).
// POVER: ta runtime error: Encountered overflow when multiplying 281474976710656 with 65536, result: -1
func.func @prepend_overflow() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !A
  %p0 = arith.constant dense<65536> : tensor<4xi32>
  %p1 = tensor.cast %p0 : tensor<4xi32> to tensor<?xi32>
  %p = func.call @opaque_rank(%p1) : (tensor<?xi32>) -> tensor<?xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !A, tensor<?xi32>
  return
}

// A prepend of 2^61 elements, whose accumulator elements (prepend ++ [2],
// f32: 2^62 of them) would be 2^64 bytes: the accumulator is refused as it
// is made, not at the first read of it.
// EOVER: ta runtime error: OOM when allocating tensor: more than 2**63 - 1 bytes (4611686018427387904 x 4 bytes)
func.func @element_overflow() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !A
  %p0 = arith.constant dense<[1073741824, 1073741824, 2]> : tensor<3xi32>
  %p1 = tensor.cast %p0 : tensor<3xi32> to tensor<?xi32>
  %p = func.call @opaque_rank(%p1) : (tensor<?xi32>) -> tensor<?xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !A, tensor<?xi32>
  return
}

// TensorShape counts dim by dim: a product past 2^63 - 1 fails even where a
// later dim is 0 (the shape would have no element).
// POVERZ: ta runtime error: Encountered overflow when multiplying 4611686014132420609 with 2147483647, result: -1
func.func @prepend_overflow_zero() {
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !A
  %p0 = arith.constant dense<[2147483647, 2147483647, 2147483647, 0]> : tensor<4xi32>
  %p1 = tensor.cast %p0 : tensor<4xi32> to tensor<?xi32>
  %p = func.call @opaque_rank(%p1) : (tensor<?xi32>) -> tensor<?xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !A, tensor<?xi32>
  return
}

