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
