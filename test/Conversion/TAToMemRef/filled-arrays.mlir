// Arrays whose first operation writes every slot (FilledArrays): a create
// of constant size N whose handle is first taken by a scatter of N indices
// or a split of N lengths. Only the header (and, strict, the state) is
// zeroed at creation; the data is not, since the scatter or split writes
// every slot before anything can read one (in a valid program; in strict
// mode an invalid one fails first). Any other first use, fewer indices or
// a growable array: the whole buffer is zeroed, as for any array.
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s --check-prefixes=CHECK,NONE
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s --check-prefixes=CHECK,STRICT

!T = !ta.handle<4, tensor<4xf32>>

// CHECK-LABEL: func.func @scatter_first
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// NONE: %[[HEAD:.*]] = memref.view %[[BUF]][%c0{{.*}}][%c64{{.*}}] : memref<?xi8> to memref<?xi8>
// STRICT: %[[HEAD:.*]] = memref.view %[[BUF]][%c0{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[HEAD]] : memref<?xi8>)
// CHECK-NOT: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
// CHECK: return
func.func @scatter_first(%i: tensor<4xi32>, %v: tensor<4x4xf32>) -> !ta.flow {
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %f1 = ta.scatter %h[%i], %v, %f : !T, tensor<4xi32>, tensor<4x4xf32>
  return %f1 : !ta.flow
}

// On the heap (past the frame's budget) the same, where a fresh buffer is
// not zero already.
// CHECK-LABEL: func.func @heap
// CHECK: %[[ALLOC:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xi8>
// CHECK: %[[HEAD:.*]] = memref.view %[[ALLOC]]
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[HEAD]] : memref<?xi8>)
// CHECK-NOT: linalg.fill ins(%{{.*}} : i8) outs(%[[ALLOC]] : memref<?xi8>)
// CHECK: return
func.func @heap(%i: tensor<300xi32>, %v: tensor<300x4xf32>) -> !ta.flow {
  %c300 = arith.constant 300 : index
  %h, %f = ta.create %c300 : !ta.handle<300, tensor<4xf32>>
  %f1 = ta.scatter %h[%i], %v, %f : !ta.handle<300, tensor<4xf32>>, tensor<300xi32>, tensor<300x4xf32>
  return %f1 : !ta.flow
}

// Other operations between the two that do not take the handle are fine.
// CHECK-LABEL: func.func @split_first
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: %[[HEAD:.*]] = memref.view %[[BUF]]
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[HEAD]] : memref<?xi8>)
// CHECK-NOT: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
// CHECK: return
func.func @split_first(%l: tensor<4xi64>, %v: tensor<16xf32>) -> !ta.flow {
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %w = arith.addf %v, %v : tensor<16xf32>
  %f1 = ta.split %h, %w, %l, %f : !T, tensor<16xf32>, tensor<4xi64>
  return %f1 : !ta.flow
}

// -----

!T = !ta.handle<4, tensor<4xf32>>

// Not filled: a read first; three indices of four; a loop that takes the
// handle before the scatter; a growable array. Each zeroes its whole
// buffer.
// CHECK-LABEL: func.func @read_first
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @read_first(%i: tensor<4xi32>, %v: tensor<4x4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %r = ta.read %h[%c0], %f : !T
  %f1 = ta.scatter %h[%i], %v, %f : !T, tensor<4xi32>, tensor<4x4xf32>
  return %r : tensor<4xf32>
}
// CHECK-LABEL: func.func @fewer_indices
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @fewer_indices(%i: tensor<3xi32>, %v: tensor<3x4xf32>) -> !ta.flow {
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %f1 = ta.scatter %h[%i], %v, %f : !T, tensor<3xi32>, tensor<3x4xf32>
  return %f1 : !ta.flow
}
// CHECK-LABEL: func.func @loop_first
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @loop_first(%i: tensor<4xi32>, %v: tensor<4x4xf32>, %n: index) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %fl = scf.for %k = %c0 to %n step %c1 iter_args(%fk = %f) -> (!ta.flow) {
    %s = ta.size %h, %fk : !T
    scf.yield %fk : !ta.flow
  }
  %f1 = ta.scatter %h[%i], %v, %fl : !T, tensor<4xi32>, tensor<4x4xf32>
  return %f1 : !ta.flow
}
// CHECK-LABEL: func.func @growable
// CHECK: %[[ALLOC:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[ALLOC]] : memref<?xi8>)
func.func @growable(%i: tensor<4xi32>, %v: tensor<4x4xf32>) -> !ta.flow {
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {dynamic_size = true} : !ta.handle<?, tensor<4xf32>>
  %f1 = ta.scatter %h[%i], %v, %f : !ta.handle<?, tensor<4xf32>>, tensor<4xi32>, tensor<4x4xf32>
  return %f1 : !ta.flow
}
