// Arrays that live in their function's frame (FrameArrays): block-local,
// created in the function's entry block with a constant size and no
// dynamic_size, a buffer of at most 4 KiB (16 KiB per function), every use
// of the handle a ta op. Their buffer and box are memref.alloca; ta.close
// marks the header closed in place; the block's end frees only the
// accumulators. Everything else stays on the heap (release.mlir), as do all
// arrays with frame-arrays=false (the GPU pipeline's setting).
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=frame-arrays=false -split-input-file | FileCheck %s --check-prefix=HEAP

!T = !ta.handle<4, tensor<64xf32>>
!G = !ta.handle<4, tensor<64xf32>, grad>

// 4 slots of 256 B: 64 B of header, the state padded to 64 B, 1 KiB of
// data (checks=none has the state too: elements of 64 B or more).
// CHECK-LABEL: func.func @frame
// CHECK: %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1152xi8>
// CHECK: %[[DYN:.*]] = memref.cast %[[BUF]] : memref<1152xi8> to memref<?xi8>
// CHECK: %[[BOX:.*]] = memref.alloca() : memref<2xmemref<?xi8>>
// CHECK: memref.store %[[DYN]], %[[BOX]]
// The accumulator is the heap's.
// CHECK: memref.alloc({{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// ta.close: the closed flag (1) and capacity 0 in the header, no new buffer.
// CHECK: %[[OLD:.*]] = memref.load %{{.*}}[%c2{{.*}}] : memref<8xi64>
// CHECK: %[[CLOSED:.*]] = arith.ori %[[OLD]], %c1_i64
// CHECK: memref.store %[[CLOSED]], %{{.*}}[%c2{{.*}}] : memref<8xi64>
// CHECK: memref.store %c0_i64{{.*}}, %{{.*}}[%c1{{.*}}] : memref<8xi64>
// CHECK-NOT: memref.alloc(
// The block's end: the accumulator, if made, and nothing else.
// CHECK: %[[ACC:.*]] = memref.load %[[BOX]][%c1{{.*}}]
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[ACC]]
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: return
// HEAP-LABEL: func.func @frame
// HEAP-NOT: memref.alloca
// HEAP: memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// HEAP: memref.alloc() {bufferization.manual_deallocation} : memref<2xmemref<?xi8>>
// HEAP: return
func.func @frame(%v: tensor<64xf32>) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {clear_after_read = false} : !T
  %f1 = ta.write %h[%c0], %v, %f : !T, tensor<64xf32>
  %r = ta.read %h[%c0], %f1 : !T
  %g, %gf = ta.grad %h, %f1 source "s" : !T
  %g1 = ta.write %g[%c0], %v, %gf : !G, tensor<64xf32>
  ta.close %h : !T
  return %r : tensor<64xf32>
}

// -----

!T = !ta.handle<4, tensor<64xf32>>
!S = !ta.handle<16, tensor<64xf32>>
!D = !ta.handle<?, tensor<64xf32>>

func.func private @take(!T)

// Each of these stays on the heap: a buffer over 4 KiB (16 slots of 256 B),
// a run-time size, dynamic_size, a create inside a loop, a handle a loop
// carries, a handle passed to a call.
// CHECK-LABEL: func.func @heap
// CHECK-NOT: memref.alloca() {alignment
// CHECK: return
func.func @heap(%n: index, %v: tensor<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %big, %f0 = ta.create %c16 : !S
  %f1 = ta.write %big[%c0], %v, %f0 : !S, tensor<64xf32>
  %run, %f2 = ta.create %n : !T
  %grow, %f3 = ta.create %c4 {dynamic_size = true} : !D
  scf.for %i = %c0 to %n step %c1 {
    %inner, %f4 = ta.create %c4 : !T
    %f5 = ta.write %inner[%c0], %v, %f4 : !T, tensor<64xf32>
  }
  %carried, %f6 = ta.create %c4 : !T
  %out = scf.for %i = %c0 to %n step %c1 iter_args(%h = %carried) -> (!T) {
    scf.yield %h : !T
  }
  %passed, %f7 = ta.create %c4 : !T
  func.call @take(%passed) : (!T) -> ()
  return
}

// -----

!T = !ta.handle<14, tensor<64xf32>>

// Five arrays of 3,712 B (64 + 64 + 3,584): four fit in a function's
// 16 KiB, the fifth goes to the heap.
// CHECK-LABEL: func.func @budget
// CHECK-COUNT-4: memref.alloca() {alignment = 64 : i64} : memref<3712xi8>
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
  %w = ta.write %h4[%c0], %v, %f4 : !T, tensor<64xf32>
  return
}
