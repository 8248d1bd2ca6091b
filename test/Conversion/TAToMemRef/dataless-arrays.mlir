// Arrays whose slots nothing reads or writes (DatalessArrays): every use of
// the ta.create's handle is a ta.grad, ta.grad_with_shape, ta.size or
// ta.close. Their buffer is the 64-byte header alone, of capacity 0: no
// state or data is allocated or zeroed, ta.grad copies no written bits from
// it, and ta.close marks it closed in place. Any other use, or a handle that
// a loop carries, keeps the slots.
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s --check-prefix=NONE

!T = !ta.handle<?, tensor<4xf32>>

// ta.create: a call of the create function of dataless arrays (below).
// CHECK-LABEL: func.func @heap
// CHECK: call @__ta_create_dataless_array_strict_4xf32(
// ta.grad: a call of the gradient function for a dataless forward array
// (below).
// CHECK: call @__ta_grad_strict_4xf32_of_4xf32_dataless(
// ta.close: the closed flag in place, no new buffer.
// CHECK-NOT: memref.alloc
// CHECK: arith.ori %{{.*}}, %c1_i64
// CHECK-NOT: memref.alloc
// CHECK: return
// The create function: a 64-byte header, zeroed, its capacity 0.
// CHECK-LABEL: func.func private @__ta_create_dataless_array_strict_4xf32(
// CHECK: %[[ALLOC:.*]] = memref.alloc() {alignment = 64 : i64, bufferization.manual_deallocation} : memref<64xi8>
// CHECK: %[[BUF:.*]] = memref.cast %[[ALLOC]] : memref<64xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%c0_i8 : i8) outs(%[[BUF]] : memref<?xi8>)
// CHECK: %[[HDR:.*]] = memref.view %[[BUF]]
// CHECK: memref.store %{{.*}}, %[[HDR]][%c0{{.*}}] : memref<8xi64>
// CHECK: memref.store %c0_i64{{.*}}, %[[HDR]][%c1{{.*}}] : memref<8xi64>
// CHECK: return
// That function makes the accumulator's buffer, with no loop over the
// forward state.
// CHECK-LABEL: func.func private @__ta_grad_strict_4xf32_of_4xf32_dataless(
// CHECK: scf.if
// CHECK: } else {
// CHECK: memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK-NOT: scf.for
// CHECK: memref.store %{{.*}}, %arg1[%c0{{.*}}] : memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK-NEXT: }
// NONE-LABEL: func.func @heap
// NONE: call @__ta_create_dataless_array_none_4xf32(
// NONE: call @__ta_grad_none_4xf32_of_4xf32(
// NONE: return
// NONE-LABEL: func.func private @__ta_create_dataless_array_none_4xf32(
// NONE: memref.alloc() {alignment = 64 : i64, bufferization.manual_deallocation} : memref<64xi8>
// NONE-LABEL: func.func private @__ta_grad_none_4xf32_of_4xf32(
// NONE-NOT: scf.for
// NONE: return
func.func @heap(%n: index) -> index {
  %h, %f = ta.create %n : !T
  %g, %gf = ta.grad %h, %f source "s" : !T
  %s = ta.size %h, %f : !T
  ta.close %h : !T
  return %s : index
}

// -----

// A run-time shape_to_prepend: libta_runtime makes the accumulator, given no
// forward state (0) in both modes.
// CHECK-LABEL: func.func @runtime_prepend
// CHECK: call @_ta_rt_dyn_grad_static(%{{.*}}, %c0_i64{{.*}}, %{{.*}}, %c4_i64{{.*}}, %c1_i64{{.*}}, %{{.*}}, %{{.*}})
// NONE-LABEL: func.func @runtime_prepend
// NONE: call @_ta_rt_dyn_grad_static(%{{.*}}, %c0_i64{{.*}}, %{{.*}}, %c4_i64{{.*}}, %c1_i64{{.*}}, %{{.*}}, %{{.*}})
func.func @runtime_prepend(%p: tensor<1xi32>, %n: index) {
  %h, %f = ta.create %n : !ta.handle<?, tensor<2xf32>>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !ta.handle<?, tensor<2xf32>>, tensor<1xi32>
  return
}

// -----

!F = !ta.handle<4, tensor<64xf32>>

// In the frame: 64 B of header instead of 1092 B; the accumulator, which
// is written, keeps its slots (64 B of header, 4 slots of 2 x 64 floats,
// 4 B of state).
// CHECK-LABEL: func.func @frame
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<2116xi8>
// NONE-LABEL: func.func @frame
// NONE: memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// NONE: memref.alloca() {alignment = 64 : i64} : memref<2116xi8>
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

// A write, or a loop carrying the handle, keeps the data: 16 B per slot
// (the create function of arrays with data).
// CHECK-LABEL: func.func @written
// CHECK: call @__ta_create_zeroed_array_strict_4xf32(
// CHECK-LABEL: func.func @carried
// CHECK: call @__ta_create_zeroed_array_strict_4xf32(
// CHECK-LABEL: func.func private @__ta_create_zeroed_array_strict_4xf32(
// CHECK: arith.muli %arg1, %c16
// CHECK: memref.alloc
// NONE-LABEL: func.func @written
// NONE: call @__ta_create_zeroed_array_none_4xf32(
// NONE-LABEL: func.func @carried
// NONE: call @__ta_create_zeroed_array_none_4xf32(
// NONE-LABEL: func.func private @__ta_create_zeroed_array_none_4xf32(
// NONE: arith.muli %arg1, %c16
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

// Dataless arrays count in a function's frame budget (16 KiB) as their
// header: five of 64 B fit where five of 3,712 B would not (frame-arrays.mlir
// @budget).
// CHECK-LABEL: func.func @budget
// CHECK-COUNT-5: memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NOT: memref.alloc(
// CHECK: return
// NONE-LABEL: func.func @budget
// NONE-COUNT-5: memref.alloca() {alignment = 64 : i64} : memref<64xi8>
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
