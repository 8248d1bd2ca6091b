// ta-lower-to-gpu: every element move (memref.copy) becomes linalg.copy,
// which the GPU pipeline maps onto kernels; nothing else changes.
// RUN: ta-opt %s --ta-lower-to-gpu | FileCheck %s

// CHECK-LABEL: func.func @moves
// CHECK-SAME: (%[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>, %[[S:.*]]: memref<?x2xi8, strided<[?, 1], offset: ?>>, %[[T:.*]]: memref<?x2xi8>)
// CHECK: linalg.copy ins(%[[A]] : memref<4xf32>) outs(%[[B]] : memref<4xf32>)
// CHECK-NEXT: linalg.copy ins(%[[S]] : memref<?x2xi8, strided<[?, 1], offset: ?>>) outs(%[[T]] : memref<?x2xi8>)
// CHECK-NEXT: linalg.fill
// CHECK-NOT: memref.copy
// CHECK: return
func.func @moves(%a: memref<4xf32>, %b: memref<4xf32>,
                 %s: memref<?x2xi8, strided<[?, 1], offset: ?>>,
                 %t: memref<?x2xi8>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.copy %s, %t : memref<?x2xi8, strided<[?, 1], offset: ?>> to memref<?x2xi8>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%b : memref<4xf32>)
  return
}

// A copy of unranked memrefs (an open array's value into a buffer of its
// own) stays a memref.copy: linalg takes ranked memrefs only, and the host
// copies the managed memory.
// CHECK-LABEL: func.func @unranked
// CHECK-SAME: (%[[U:.*]]: memref<*xf32>, %[[V:.*]]: memref<*xf32>)
// CHECK-NEXT: memref.copy %[[U]], %[[V]] : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: return
func.func @unranked(%u: memref<*xf32>, %v: memref<*xf32>) {
  memref.copy %u, %v : memref<*xf32> to memref<*xf32>
  return
}
