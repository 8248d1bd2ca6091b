// Arrays that live in their function's frame (FrameArrays): block-local,
// created in the function's entry block with a constant size and no
// dynamic_size, a buffer of at most 4 KiB (16 KiB per function), every use
// of the handle a ta op. Their buffer and box are memref.alloca; ta.close
// marks the header closed in place. So are their accumulators where every
// gradient op of a source gives the same static type and only ta ops take
// the accumulator's handle: ta.create reserves the buffer in the frame (a box
// slot after the sources'), the gradient op takes it. The block's end frees
// only the accumulators on the heap. Everything else stays on the heap
// (release.mlir), as do all arrays with frame-arrays=false (the GPU
// pipeline's setting).
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=frame-arrays=false -split-input-file | FileCheck %s --check-prefix=HEAP

!T = !ta.handle<4, tensor<64xf32>>
!G = !ta.handle<4, tensor<64xf32>, grad>

// 4 slots of 256 B: 64 B of header, 1 KiB of data, a state byte per slot
// (checks=none has the state too: elements of 64 B or more). The
// accumulator's buffer is the same size, reserved in box slot 2 (after the
// array's and the one source's).
// CHECK-LABEL: func.func @frame
// CHECK: %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1092xi8>
// CHECK: %[[DYN:.*]] = memref.cast %[[BUF]] : memref<1092xi8> to memref<?xi8>
// CHECK: %[[BOX:.*]] = memref.alloca() : memref<3xmemref<?xi8>>
// CHECK: memref.store %[[DYN]], %[[BOX]][%c0{{.*}}]
// CHECK: %[[ACCBUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1092xi8>
// CHECK: %[[ACCDYN:.*]] = memref.cast %[[ACCBUF]] : memref<1092xi8> to memref<?xi8>
// CHECK: memref.store %[[ACCDYN]], %[[BOX]][%c2{{.*}}]
// CHECK-NOT: memref.alloc(
// ta.grad: the accumulator, when made, is the reserved buffer, stored in
// the source's slot 1.
// CHECK: scf.if
// CHECK: } else {
// CHECK: %[[RES:.*]] = memref.load %{{.*}}[%c2{{.*}}] : memref<?xmemref<?xi8>
// CHECK-NOT: memref.alloc(
// CHECK: memref.store %[[RES]], %{{.*}}[%c1{{.*}}] : memref<?xmemref<?xi8>
// ta.close: the closed flag (1) and capacity 0 in the header, no new buffer.
// CHECK: %[[OLD:.*]] = memref.load %{{.*}}[%c2{{.*}}] : memref<8xi64>
// CHECK: %[[CLOSED:.*]] = arith.ori %[[OLD]], %c1_i64
// CHECK: memref.store %[[CLOSED]], %{{.*}}[%c2{{.*}}] : memref<8xi64>
// CHECK: memref.store %c0_i64{{.*}}, %{{.*}}[%c1{{.*}}] : memref<8xi64>
// The block's end frees the accumulator only if it grew (a gradient array
// grows as a dynamic one does) and so left the frame: flag 32 clear.
// CHECK-NOT: memref.alloc(
// CHECK-NOT: memref.dealloc
// CHECK: %[[ACC:.*]] = memref.load %[[BOX]][%c1{{.*}}]
// CHECK: scf.if
// CHECK: %[[FLAGS:.*]] = memref.load %{{.*}}[%c2{{.*}}] : memref<8xi64>
// CHECK: %[[BIT:.*]] = arith.andi %[[FLAGS]], %c32_i64
// CHECK: %[[IN:.*]] = arith.cmpi ne, %[[BIT]]
// CHECK: scf.if %[[IN]] {
// CHECK-NEXT: } else {
// CHECK-NEXT: memref.dealloc %[[ACC]]
// CHECK-NOT: memref.dealloc
// CHECK: return
// HEAP-LABEL: func.func @frame
// HEAP-NOT: memref.alloca
// HEAP: memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// HEAP: memref.alloc() {bufferization.manual_deallocation} : memref<2xmemref<?xi8>>
// HEAP: memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// HEAP: return
func.func @frame(%v: tensor<64xf32>) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {clear_after_read = false} : !T
  %f1 = ta.write %h[%c0], %v, %f : !T, tensor<64xf32>
  %r = ta.read %h[%c0], %f1 : !T
  %g, %gf = ta.grad %h, %f1 source "s" : !T
  %g1 = ta.write %g[%c0], %v, %gf : !G, tensor<64xf32>
  ta.close %g : !G
  ta.close %h : !T
  return %r : tensor<64xf32>
}

// -----

!T = !ta.handle<4, tensor<64xf32>>
!G = !ta.handle<4, tensor<64xf32>, grad>

// Uses its argument's handle in no way that lets the array escape.
func.func @take(%g: !G) {
  return
}

// An array in the frame and its accumulators, one source at a time (ids in
// sorted order): "a" passes its accumulator's handle to a call and "c" has
// an open element shape (the runtime's): on the heap; "b" (shape [1] in
// front) and "d" in the frame. The box: the array, four sources, four
// reserved slots; the block's end frees the accumulators of slots 1 and 3
// if made (the runtime releases one it keeps first).
// CHECK-LABEL: func.func @heap_accumulators
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<1092xi8>
// CHECK: %[[BOX:.*]] = memref.alloca() : memref<9xmemref<?xi8>>
// CHECK: %[[B:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1092xi8>
// CHECK: %[[BD:.*]] = memref.cast %[[B]]
// CHECK: memref.store %[[BD]], %[[BOX]][%c6{{.*}}]
// CHECK: %[[D:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1092xi8>
// CHECK: %[[DD:.*]] = memref.cast %[[D]]
// CHECK: memref.store %[[DD]], %[[BOX]][%c8{{.*}}]
// CHECK-NOT: memref.alloca() {alignment
// CHECK: %[[A:.*]] = memref.load %{{.*}}[%c1{{.*}}] : memref<9xmemref<?xi8>>
// CHECK: memref.dealloc %[[A]]
// CHECK: %[[C:.*]] = memref.load %{{.*}}[%c3{{.*}}] : memref<9xmemref<?xi8>>
// CHECK: call @_ta_rt_dyn_release
// CHECK: memref.dealloc %[[C]]
// CHECK: %[[D:.*]] = memref.load %{{.*}}[%c4{{.*}}] : memref<9xmemref<?xi8>>
// CHECK: } else {
// CHECK-NEXT: memref.dealloc %[[D]]
// CHECK: return
func.func @heap_accumulators(%v: tensor<64xf32>, %p: tensor<1xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %r = ta.read %h[%c0], %f : !T
  %ga, %fa = ta.grad %h, %f source "a" : !T
  func.call @take(%ga) : (!G) -> ()
  %s1 = arith.constant dense<1> : tensor<1xi32>
  %gb, %fb = ta.grad_with_shape %h, %f, %s1 source "b" : !T, tensor<1xi32>
  %gc, %fc = ta.grad_with_shape %h, %f, %p source "c" : !T, tensor<1xi32>
  %gd, %fd = ta.grad %h, %f source "d" : !T
  %w = ta.write %gd[%c0], %v, %fd : !G, tensor<64xf32>
  return
}

// -----

!T = !ta.handle<14, tensor<64xf32>>

// Five arrays of 3,712 B (64 + 64 + 3,584): four fit in a function's
// 16 KiB, the fifth goes to the heap.
// CHECK-LABEL: func.func @budget
// CHECK-COUNT-4: memref.alloca() {alignment = 64 : i64} : memref<3662xi8>
// CHECK-NOT: memref.alloca() {alignment
// CHECK: memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: return
func.func @budget(%v: tensor<64xf32>) {
  %c0 = arith.constant 0 : index
  %c14 = arith.constant 14 : index
  %h0, %f0 = ta.create %c14 : !T
  %h1, %f1 = ta.create %c14 : !T
  %h2, %f2 = ta.create %c14 : !T
  %h3, %f3 = ta.create %c14 : !T
  %h4, %f4 = ta.create %c14 : !T
  %w0 = ta.write %h0[%c0], %v, %f0 : !T, tensor<64xf32>
  %w1 = ta.write %h1[%c0], %v, %f1 : !T, tensor<64xf32>
  %w2 = ta.write %h2[%c0], %v, %f2 : !T, tensor<64xf32>
  %w3 = ta.write %h3[%c0], %v, %f3 : !T, tensor<64xf32>
  %w = ta.write %h4[%c0], %v, %f4 : !T, tensor<64xf32>
  return
}

// -----

!T = !ta.handle<14, tensor<64xf32>>
!S = !ta.handle<4, tensor<64xf32>>

// Accumulators count in the budget: two arrays of 3,662 B and their
// accumulators take 14,648 B; a third array of 1,092 B fits, its
// accumulator does not and goes to the heap.
// CHECK-LABEL: func.func @accumulator_budget
// CHECK-COUNT-4: memref.alloca() {alignment = 64 : i64} : memref<3662xi8>
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<1092xi8>
// CHECK-NOT: memref.alloca() {alignment
// CHECK: memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: return
func.func @accumulator_budget() {
  %c4 = arith.constant 4 : index
  %c14 = arith.constant 14 : index
  %c0 = arith.constant 0 : index
  %h0, %f0 = ta.create %c14 : !T
  %r0 = ta.read %h0[%c0], %f0 : !T
  %g0, %gf0 = ta.grad %h0, %f0 source "s" : !T
  %h1, %f1 = ta.create %c14 : !T
  %r1 = ta.read %h1[%c0], %f1 : !T
  %g1, %gf1 = ta.grad %h1, %f1 source "s" : !T
  %h2, %f2 = ta.create %c4 : !S
  %r2 = ta.read %h2[%c0], %f2 : !S
  %g2, %gf2 = ta.grad %h2, %f2 source "s" : !S
  return
}
