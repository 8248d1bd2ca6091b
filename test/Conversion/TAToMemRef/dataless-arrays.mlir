// Arrays whose data nothing reads or writes (DatalessArrays): every use of
// the ta.create's handle is a ta.grad, ta.grad_with_shape, ta.size or
// ta.close. Their buffer is the header and the slot states: no
// capacity x element bytes are allocated or zeroed. Any other use, or a
// handle that a loop carries, keeps the data.
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s --check-prefix=NONE

!T = !ta.handle<?, tensor<4xf32>>

// Strict: 64 B of header and the state rounded up to 64 B, no data; with
// checks=none (16-byte elements: no state) the header alone.
// CHECK-LABEL: func.func @heap
// CHECK-NOT: arith.muli
// CHECK: %[[END:.*]] = arith.addi %arg0, %c63
// CHECK: %[[STATE:.*]] = arith.andi %[[END]], %c9223372036854775744
// CHECK: %[[BYTES:.*]] = arith.addi %c64{{.*}}, %[[STATE]] overflow<nsw, nuw>
// CHECK: %[[BUF:.*]] = memref.alloc(%[[BYTES]]) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK-NOT: arith.muli
// CHECK: call @__ta_fresh_buffer_is_zero
// CHECK: linalg.fill ins(%c0_i8 : i8) outs(%[[BUF]] : memref<?xi8>)
// NONE-LABEL: func.func @heap
// NONE-NOT: arith.muli
// NONE: %[[BUF:.*]] = memref.alloc(%c64) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// NONE: linalg.fill ins(%c0_i8 : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @heap(%n: index) -> index {
  %h, %f = ta.create %n : !T
  %g, %gf = ta.grad %h, %f source "s" : !T
  %s = ta.size %h, %f : !T
  ta.close %h : !T
  return %s : index
}

// -----

!F = !ta.handle<4, tensor<64xf32>>

// In the frame: 64 B of header and 64 B of state instead of 1152 B; the
// accumulator, which ta.grad_with_shape's users write, keeps its data
// (4 slots of 2 x 64 floats: 2048 B more).
// CHECK-LABEL: func.func @frame
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<2176xi8>
// NONE-LABEL: func.func @frame
// NONE: memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// NONE: memref.alloca() {alignment = 64 : i64} : memref<2176xi8>
func.func @frame(%v: tensor<2x64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %p = arith.constant dense<[2]> : tensor<1xi32>
  %h, %f = ta.create %c4 : !F
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !F, tensor<1xi32>
  %g1 = ta.write %g[%c0], %v, %gf : !ta.handle<4, tensor<2x64xf32>, grad>, tensor<2x64xf32>
  ta.close %h : !F
  return
}

// -----

!T = !ta.handle<?, tensor<4xf32>>

// A write, or a loop carrying the handle, keeps the data: 16 B per slot.
// CHECK-LABEL: func.func @written
// CHECK: arith.muli %arg0, %c16
// CHECK: memref.alloc
// CHECK-LABEL: func.func @carried
// CHECK: arith.muli %arg0, %c16
// CHECK: memref.alloc
// NONE-LABEL: func.func @written
// NONE: arith.muli %arg0, %c16
// NONE: memref.alloc
// NONE-LABEL: func.func @carried
// NONE: arith.muli %arg0, %c16
// NONE: memref.alloc
func.func @written(%n: index, %v: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %n : !T
  %f1 = ta.write %h[%c0], %v, %f : !T, tensor<4xf32>
  %g, %gf = ta.grad %h, %f1 source "s" : !T
  ta.close %h : !T
  return
}
func.func @carried(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h, %f = ta.create %n : !T
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %h) -> (!T) {
    scf.yield %a : !T
  }
  ta.close %r : !T
  return
}

// -----

!T = !ta.handle<14, tensor<64xf32>>

// Dataless arrays count in a function's frame budget (16 KiB) without their
// data: five of 128 B fit where five of 3,712 B would not (frame-arrays.mlir
// @budget).
// CHECK-LABEL: func.func @budget
// CHECK-COUNT-5: memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// CHECK-NOT: memref.alloc(
// CHECK: return
// NONE-LABEL: func.func @budget
// NONE-COUNT-5: memref.alloca() {alignment = 64 : i64} : memref<128xi8>
// NONE-NOT: memref.alloc(
// NONE: return
func.func @budget() {
  %c14 = arith.constant 14 : index
  %h0, %f0 = ta.create %c14 : !T
  %h1, %f1 = ta.create %c14 : !T
  %h2, %f2 = ta.create %c14 : !T
  %h3, %f3 = ta.create %c14 : !T
  %h4, %f4 = ta.create %c14 : !T
  return
}
