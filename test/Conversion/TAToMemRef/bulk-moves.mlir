// bulk-moves (the GPU pipeline's form): a gather or scatter does the
// per-slot work of every index first, moving no data, then moves its rows
// in one scf.parallel over rows and the elements of a row, which reads the
// indices itself. Rows of a whole number of 16 bytes move as vector<4xf32>
// (aligned 16: the slots are, the gather's result is allocated so, a
// scatter's value is checked at run time); others element by element. An
// accumulator's scatter (a store or a sum per slot, by its state) keeps its
// per-slot copies.
// RUN: ta-opt %s --ta-lower-to-memref="outline-accesses=false bulk-moves=true" --canonicalize | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref="outline-accesses=false bulk-moves=true checks=none" --canonicalize | FileCheck %s

!A = !ta.handle<8, tensor<2x3xf32>>
!W = !ta.handle<8, tensor<2x4xf32>>
!G = !ta.handle<8, tensor<2x3xf32>, grad>

// CHECK-LABEL: func.func @gather
// CHECK-SAME: %[[IDX:[^:]*]]: tensor<?xi32>
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}) {alignment = 16 : i64} : memref<?x2x3xf32>
// CHECK-NOT: memref.copy
// CHECK: %[[DATA:.*]] = memref.view %{{.*}}[%c64][%{{.*}}] : memref<?xi8> to memref<?x2x3xf32>
// CHECK: %[[SLOTS:.*]] = memref.collapse_shape %[[DATA]] {{\[}}[0], [1, 2]] : memref<?x2x3xf32> into memref<?x6xf32>
// CHECK: %[[ROWS:.*]] = memref.collapse_shape %[[OUT]] {{\[}}[0], [1, 2]] : memref<?x2x3xf32> into memref<?x6xf32>
// CHECK: scf.parallel (%[[K:.*]], %[[J:.*]]) = (%c0, %c0) to (%{{.*}}, %c6) step (%c1, %c1) {
// CHECK:   %[[I:.*]] = tensor.extract %[[IDX]][%[[K]]] : tensor<?xi32>
// CHECK:   %[[S:.*]] = arith.andi %{{.*}}, %c9223372036854775807 : index
// CHECK:   %[[V:.*]] = memref.load %[[SLOTS]][%[[S]], %[[J]]] : memref<?x6xf32>
// CHECK:   memref.store %[[V]], %[[ROWS]][%[[K]], %[[J]]] : memref<?x6xf32>
// CHECK-NOT: memref.copy
// CHECK: return
func.func @gather(%h: !A, %idx: tensor<?xi32>, %f: !ta.flow) -> tensor<?x2x3xf32> {
  %g = ta.gather %h[%idx], %f : !A, tensor<?xi32>
  return %g : tensor<?x2x3xf32>
}

// CHECK-LABEL: func.func @gather_wide
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 16 : i64} : memref<3x2x4xf32>
// CHECK: scf.parallel (%[[K:.*]], %[[J:.*]]) = (%c0, %c0) to (%c3, %c2) step (%c1, %c1) {
// CHECK:   %[[E:.*]] = arith.muli %[[J]], %c4 : index
// CHECK:   %[[V:.*]] = vector.load %{{.*}}[%{{.*}}, %[[E]]] {alignment = 16 : i64} : memref<?x8xf32>, vector<4xf32>
// CHECK:   vector.store %[[V]], %{{.*}}[%[[K]], %[[E]]] {alignment = 16 : i64} : memref<3x8xf32>, vector<4xf32>
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @gather_wide(%h: !W, %f: !ta.flow) -> tensor<3x2x4xf32> {
  %idx = arith.constant dense<[5, 0, 5]> : tensor<3xi64>
  %g = ta.gather %h[%idx], %f : !W, tensor<3xi64>
  return %g : tensor<3x2x4xf32>
}

// A scatter's value may start anywhere: 16-byte accesses where its address
// is a multiple of 16, else element by element.
// CHECK-LABEL: func.func @scatter_wide
// CHECK-NOT: memref.copy
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %{{.*}}:3, %{{.*}}:3 = memref.extract_strided_metadata %[[VALUE:.*]] :
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[VALUE]]
// CHECK: %[[B:.*]] = arith.muli %[[OFF]], %c4 : index
// CHECK: %[[A:.*]] = arith.addi %[[P]], %[[B]] : index
// CHECK: %[[M:.*]] = arith.andi %[[A]], %c15 : index
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[M]], %c0 : index
// CHECK: scf.if %[[OK]] {
// CHECK:   scf.parallel
// CHECK:     %[[V:.*]] = vector.load %{{.*}} {alignment = 16 : i64} : memref<4x8xf32, strided<[8, 1], offset: ?>>, vector<4xf32>
// CHECK:     vector.store %[[V]], %{{.*}} {alignment = 16 : i64} : memref<?x8xf32>, vector<4xf32>
// CHECK: } else {
// CHECK:   scf.parallel
// CHECK:     %[[S:.*]] = memref.load %{{.*}} : memref<4x8xf32, strided<[8, 1], offset: ?>>
// CHECK:     memref.store %[[S]], %{{.*}} : memref<?x8xf32>
// CHECK: }
// CHECK: return
func.func @scatter_wide(%h: !W, %idx: tensor<4xi64>, %v: tensor<4x2x4xf32>, %f: !ta.flow) -> !ta.flow {
  %s = ta.scatter %h[%idx], %v, %f : !W, tensor<4xi64>, tensor<4x2x4xf32>
  return %s : !ta.flow
}

// CHECK-LABEL: func.func @scatter_grad
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @scatter_grad(%h: !A, %idx: tensor<4xi64>, %v: tensor<4x2x3xf32>, %f: !ta.flow) -> !ta.flow {
  %g, %gf = ta.grad %h, %f source "s" : !A
  %s = ta.scatter %g[%idx], %v, %gf : !G, tensor<4xi64>, tensor<4x2x3xf32>
  return %s : !ta.flow
}
