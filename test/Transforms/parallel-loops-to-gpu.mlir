// ta-parallel-loops-to-gpu: an outermost scf.parallel becomes one
// grid-stride gpu.launch over its iteration space linearized to one
// dimension; the induction variables are recovered from the linear index
// (innermost fastest, so consecutive threads take consecutive elements).
// RUN: ta-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(ta-parallel-loops-to-gpu{block-size=128 max-blocks=1000}))" | FileCheck %s
// RUN: not ta-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(ta-parallel-loops-to-gpu{block-size=2048}))" 2>&1 | FileCheck %s --check-prefix=BADBLOCK
// RUN: not ta-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(ta-parallel-loops-to-gpu{max-blocks=0}))" 2>&1 | FileCheck %s --check-prefix=BADMAX
// BADBLOCK: block-size must be in [1, 1024], got 2048
// BADMAX: max-blocks must be in [1, 2147483647], got 0

// CHECK-LABEL: func.func @copy(
// CHECK-SAME: %[[N:[^:]*]]: index, %[[A:[^:]*]]: memref<?x1048576xf32>, %[[B:[^:]*]]: memref<?x1048576xf32>
// CHECK-DAG: %[[C1000:.*]] = arith.constant 1000 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[E:.*]] = arith.constant 1048576 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[ROWS:.*]] = arith.maxsi %[[N]], %[[C0]]
// CHECK: %[[TOTAL:.*]] = arith.muli %[[ROWS]], %[[E]]
// CHECK: %[[CEIL:.*]] = arith.ceildivsi %[[TOTAL]], %[[C128]]
// CHECK: %[[CLAMP:.*]] = arith.minsi %[[CEIL]], %[[C1000]]
// CHECK: %[[GRID:.*]] = arith.maxsi %[[CLAMP]], %[[C1]]
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%[[GX:.*]] = %[[GRID]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C128]], %{{.*}} = %[[C1]], %{{.*}} = %[[C1]])
// CHECK:   %[[BASE:.*]] = arith.muli %[[BX]], %[[C128]]
// CHECK:   %[[START:.*]] = arith.addi %[[BASE]], %[[TX]]
// CHECK:   %[[STRIDE:.*]] = arith.muli %[[GX]], %[[C128]]
// CHECK:   scf.for %[[L:.*]] = %[[START]] to %[[TOTAL]] step %[[STRIDE]] {
// CHECK:     %[[J:.*]] = arith.remui %[[L]], %[[E]]
// CHECK:     %[[I:.*]] = arith.divui %[[L]], %[[E]]
// CHECK:     %[[X:.*]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK:     memref.store %[[X]], %[[B]][%[[I]], %[[J]]]
// CHECK:   }
// CHECK:   gpu.terminator
// CHECK-NOT: scf.parallel
func.func @copy(%n: index, %a: memref<?x1048576xf32>, %b: memref<?x1048576xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = arith.constant 1048576 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %e) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<?x1048576xf32>
    memref.store %x, %b[%i, %j] : memref<?x1048576xf32>
    scf.reduce
  }
  return
}

// -----

// Reductions stay loops (ta's data movement has none).
// CHECK-LABEL: func.func @sum(
// CHECK-NOT: gpu.launch
// CHECK: scf.parallel
func.func @sum(%a: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%zero) -> f32 {
    %x = memref.load %a[%i] : memref<8xf32>
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  return %s : f32
}
