// Arrays whose handle cannot escape the block of their ta.create are freed
// at the end of that block: the buffer (or the header ta.close left), each
// accumulator that was created, the box. Handles that escape (returned,
// yielded out, passed to an external or recursive function) are not.
// Heap arrays: frame-arrays=false keeps the small fixed arrays below off the
// stack (frame-arrays.mlir).
// RUN: ta-opt %s --ta-lower-to-memref="checks=none frame-arrays=false" -split-input-file | FileCheck %s

!T = !ta.handle<2, tensor<3xf32>>

// ta.close is a call of __ta_close, which frees the data and leaves a
// header-only buffer in the box (below).
// CHECK-LABEL: func.func @local
// CHECK: %[[BOX:.*]] = memref.alloc() {bufferization.manual_deallocation} : memref<1xmemref<?xi8>>
// CHECK: call @__ta_close(
// CHECK: %[[LAST:.*]] = memref.load %[[BOX]][%{{.*}}] : memref<1xmemref<?xi8>>
// CHECK-NEXT: memref.dealloc %[[LAST]] {bufferization.manual_deallocation} : memref<?xi8>
// CHECK-NEXT: memref.dealloc %[[BOX]] {bufferization.manual_deallocation} : memref<1xmemref<?xi8>>
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @__ta_close(
// CHECK-SAME: %[[FBOX:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>)
// CHECK: %[[DATA:.*]] = memref.load %[[FBOX]]
// CHECK: %[[HEADER:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: memref.copy
// CHECK: memref.dealloc %[[DATA]] {bufferization.manual_deallocation} : memref<?xi8>
// CHECK: memref.store %[[HEADER]], %[[FBOX]]
func.func @local(%v: tensor<3xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !T
  %f1 = ta.write %h[%c0], %v, %f : !T, tensor<3xf32>
  ta.close %h : !T
  return
}

// -----

!T = !ta.handle<2, tensor<3xf32>>

// Created in a loop body: freed at the end of every iteration. Never
// closed: the data buffer itself is freed.
// CHECK-LABEL: func.func @per_iteration
// CHECK: scf.for
// CHECK: %[[BOX:.*]] = memref.alloc() {bufferization.manual_deallocation}
// CHECK: %[[BUF:.*]] = memref.load %[[BOX]]
// CHECK-NEXT: memref.dealloc %[[BUF]]
// CHECK-NEXT: memref.dealloc %[[BOX]]
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: return
func.func @per_iteration(%v: tensor<3xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c1 {
    %h, %f = ta.create %c2 : !T
    %f1 = ta.write %h[%c0], %v, %f : !T, tensor<3xf32>
  }
  return
}

// -----

!T = !ta.handle<2, tensor<3xf32>>
!G = !ta.handle<2, tensor<3xf32>, grad>

// Accumulators of the module's two sources: each freed when it was created
// (a slot still holding the empty view has size 0), then the box.
// CHECK-LABEL: func.func @with_grads
// CHECK: %[[BOX:.*]] = memref.alloc() {bufferization.manual_deallocation} : memref<3xmemref<?xi8>>
// CHECK: memref.dealloc %{{.*}} {bufferization.manual_deallocation} : memref<?xi8>
// CHECK: %[[A:.*]] = memref.load %[[BOX]][%c1{{.*}}]
// CHECK: %[[AD:.*]] = memref.dim %[[A]], %c0
// CHECK: %[[ANZ:.*]] = arith.cmpi ne, %[[AD]], %c0
// CHECK: scf.if %[[ANZ]] {
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: %[[B:.*]] = memref.load %[[BOX]][%c2{{.*}}]
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK: memref.dealloc %[[BOX]]
// CHECK-NEXT: return
func.func @with_grads(%v: tensor<3xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !T
  %g, %gf = ta.grad %h, %f source "a" : !T
  %g1 = ta.write %g[%c0], %v, %gf : !G, tensor<3xf32>
  %k, %kf = ta.grad %h, %f source "b" : !T
  return
}

// -----

!T = !ta.handle<2, tensor<3xf32>>

// A helper that only uses the handle keeps it local; the array is freed in
// the caller, not in the helper.
// CHECK-LABEL: func.func @helper
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @helper(%h: !T, %v: tensor<3xf32>, %f: !ta.flow) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %f1 = ta.write %h[%c1], %v, %f : !T, tensor<3xf32>
  return %f1 : !ta.flow
}
// CHECK-LABEL: func.func @calls_helper
// CHECK: call @helper
// CHECK: memref.dealloc
// CHECK: memref.dealloc
// CHECK-NEXT: return
func.func @calls_helper(%v: tensor<3xf32>) {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !T
  %f1 = func.call @helper(%h, %v, %f) : (!T, tensor<3xf32>, !ta.flow) -> !ta.flow
  return
}

// -----

!T = !ta.handle<2, tensor<3xf32>>

// Escaping handles: returned, yielded out of their block, passed to an
// external function or through a recursive one. None is freed.
// CHECK-LABEL: func.func @returned
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @returned() -> !T {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !T
  return %h : !T
}
// CHECK-LABEL: func.func @yielded
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @yielded(%b: i1) -> !T {
  %c2 = arith.constant 2 : index
  %r = scf.if %b -> !T {
    %h, %f = ta.create %c2 : !T
    scf.yield %h : !T
  } else {
    %h, %f = ta.create %c2 : !T
    scf.yield %h : !T
  }
  return %r : !T
}
func.func private @external(!T)
// CHECK-LABEL: func.func @to_external
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @to_external() {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !T
  func.call @external(%h) : (!T) -> ()
  return
}
// CHECK-LABEL: func.func @recursive
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @recursive(%h: !T, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %n, %c0 : index
  scf.if %more {
    %m = arith.subi %n, %c1 : index
    func.call @recursive(%h, %m) : (!T, index) -> ()
  }
  return
}
// CHECK-LABEL: func.func @to_recursive
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @to_recursive(%n: index) {
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !T
  func.call @recursive(%h, %n) : (!T, index) -> ()
  return
}
