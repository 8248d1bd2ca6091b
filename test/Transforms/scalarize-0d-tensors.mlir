// ta-scalarize-0d-tensors: in loops, 0-d linalg.generic ops become their
// bodies on scalars, and an scf.while that carries 0-d tensors carries
// their elements (a loop as ta-import-tf brings TensorFlow's in: counter,
// limit and carried scalars in tensor<i32>); ops on tensors of rank 1 or
// more and straight-line code stay.
// RUN: ta-opt %s --ta-scalarize-0d-tensors -split-input-file -allow-unregistered-dialect | FileCheck %s

#map = affine_map<() -> ()>

// In a loop (an scf.for, which keeps carrying its tensor<i32>): the body
// on the elements; the result a from_elements; a scalar operand taken as
// it is; the unused init (tensor.empty) gone.
// CHECK-LABEL: func.func @generic
// CHECK-SAME: (%[[A:.*]]: tensor<i32>, %[[B:.*]]: i32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[A]]) -> (tensor<i32>)
// CHECK-NEXT: %[[X:.*]] = tensor.extract %[[ACC]][] : tensor<i32>
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[X]], %[[B]] : i32
// CHECK-NEXT: %[[T:.*]] = tensor.from_elements %[[SUM]] : tensor<i32>
// CHECK-NEXT: scf.yield %[[T]]
// CHECK-NOT: linalg.generic
func.func @generic(%a: tensor<i32>, %b: i32, %n: index) -> tensor<i32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<i32>) {
    %e = tensor.empty() : tensor<i32>
    %g = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = []}
        ins(%acc, %b : tensor<i32>, i32) outs(%e : tensor<i32>) {
    ^bb0(%x: i32, %y: i32, %out: i32):
      %s = arith.addi %x, %y : i32
      linalg.yield %s : i32
    } -> tensor<i32>
    scf.yield %g : tensor<i32>
  }
  return %r : tensor<i32>
}

// Straight-line code is left as it is: one buffer per op, not per
// iteration.
// CHECK-LABEL: func.func @straight_line
// CHECK: tensor.empty
// CHECK: linalg.generic
func.func @straight_line(%a: tensor<i32>, %b: i32) -> tensor<i32> {
  %e = tensor.empty() : tensor<i32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = []}
      ins(%a, %b : tensor<i32>, i32) outs(%e : tensor<i32>) {
  ^bb0(%x: i32, %y: i32, %out: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  return %r : tensor<i32>
}

// -----

// A body that reads its init (a 0-d reduction's accumulator) gets the
// init's element.
// CHECK-LABEL: func.func @reads_init
// CHECK-SAME: (%[[A:.*]]: tensor<f32>, %[[INIT:.*]]: tensor<f32>
// CHECK: scf.for
// CHECK-DAG: %[[X:.*]] = tensor.extract %[[A]][] : tensor<f32>
// CHECK-DAG: %[[ACC:.*]] = tensor.extract %[[INIT]][] : tensor<f32>
// CHECK: %[[SUM:.*]] = arith.addf %[[X]], %[[ACC]] : f32
// CHECK: tensor.from_elements %[[SUM]] : tensor<f32>
#map = affine_map<() -> ()>
func.func @reads_init(%a: tensor<f32>, %init: tensor<f32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = []}
        ins(%a : tensor<f32>) outs(%init : tensor<f32>) {
    ^bb0(%x: f32, %acc: f32):
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    "test.use"(%r) : (tensor<f32>) -> ()
  }
  return
}

// -----

// Left alone in a loop: a generic with a loop of its own (rank 1), and one
// on memrefs.
// CHECK-LABEL: func.func @not_zero_dim
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK-LABEL: func.func @buffers
// CHECK: scf.for
// CHECK: linalg.generic
#map1 = affine_map<(d0) -> (d0)>
func.func @not_zero_dim(%a: tensor<4xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %e = tensor.empty() : tensor<4xi32>
    %r = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]}
        ins(%a : tensor<4xi32>) outs(%e : tensor<4xi32>) {
    ^bb0(%x: i32, %out: i32):
      %s = arith.addi %x, %x : i32
      linalg.yield %s : i32
    }  -> tensor<4xi32>
    "test.use"(%r) : (tensor<4xi32>) -> ()
  }
  return
}
#map = affine_map<() -> ()>
func.func @buffers(%a: memref<i32>, %o: memref<i32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    linalg.generic {indexing_maps = [#map, #map], iterator_types = []}
        ins(%a : memref<i32>) outs(%o : memref<i32>) {
    ^bb0(%x: i32, %out: i32):
      linalg.yield %x : i32
    }
  }
  return
}

// -----

// TensorFlow's counted loop as imported: counter, limit and step in
// tensor<i32>, a 0-d comparison and increment, a row vector carried along.
// After the pass the loop carries an i32 counter and the vector; the limit,
// which the loop passes on unchanged, and the unused step are no longer
// carried; no 0-d tensor is left in the loop.
// CHECK-LABEL: func.func @counted_loop
// CHECK-SAME: (%[[N:.*]]: tensor<i32>, %[[V:.*]]: tensor<2xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[LIMIT:.*]] = tensor.extract %[[N]][] : tensor<i32>
// CHECK: %[[LOOP:.*]]:2 = scf.while (%[[I:.*]] = %[[ZERO]], %[[ROW:.*]] = %[[V]]) : (i32, tensor<2xf32>) -> (i32, tensor<2xf32>) {
// CHECK-NOT: tensor<i
// CHECK: %[[LESS:.*]] = arith.cmpi slt, %[[I]], %[[LIMIT]] : i32
// CHECK: scf.condition(%[[LESS]]) %[[I]], %[[ROW]] : i32, tensor<2xf32>
// CHECK: } do {
// CHECK: ^bb0(%[[I2:.*]]: i32, %[[ROW2:.*]]: tensor<2xf32>):
// CHECK-NOT: tensor<i
// CHECK: %[[NEXT:.*]] = arith.addi %[[I2]], %{{.*}} : i32
// CHECK: scf.yield %[[NEXT]], %{{.*}} : i32, tensor<2xf32>
// CHECK: %[[OUT:.*]] = tensor.from_elements %[[LOOP]]#0 : tensor<i32>
// CHECK: return %[[OUT]], %[[LOOP]]#1
#map = affine_map<() -> ()>
#map1 = affine_map<(d0) -> (d0)>
func.func @counted_loop(%n: tensor<i32>, %v: tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) {
  %zero = arith.constant dense<0> : tensor<i32>
  %step = arith.constant dense<1> : tensor<i32>
  %r:4 = scf.while (%i = %zero, %lim = %n, %s = %step, %row = %v)
      : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2xf32>) {
    %e = tensor.empty() : tensor<i1>
    %c = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = []}
        ins(%i, %lim : tensor<i32>, tensor<i32>) outs(%e : tensor<i1>) {
    ^bb0(%a: i32, %b: i32, %out: i1):
      %lt = arith.cmpi slt, %a, %b : i32
      linalg.yield %lt : i1
    } -> tensor<i1>
    %cond = tensor.extract %c[] : tensor<i1>
    scf.condition(%cond) %i, %lim, %s, %row : tensor<i32>, tensor<i32>, tensor<i32>, tensor<2xf32>
  } do {
  ^bb0(%i: tensor<i32>, %lim: tensor<i32>, %s: tensor<i32>, %row: tensor<2xf32>):
    %one = arith.constant dense<1> : tensor<i32>
    %e = tensor.empty() : tensor<i32>
    %next = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = []}
        ins(%i, %one : tensor<i32>, tensor<i32>) outs(%e : tensor<i32>) {
    ^bb0(%a: i32, %b: i32, %out: i32):
      %sum = arith.addi %a, %b : i32
      linalg.yield %sum : i32
    } -> tensor<i32>
    %e2 = tensor.empty() : tensor<2xf32>
    %twice = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]}
        ins(%row : tensor<2xf32>) outs(%e2 : tensor<2xf32>) {
    ^bb0(%x: f32, %out: f32):
      %d = arith.addf %x, %x : f32
      linalg.yield %d : f32
    } -> tensor<2xf32>
    scf.yield %next, %lim, %s, %twice : tensor<i32>, tensor<i32>, tensor<i32>, tensor<2xf32>
  }
  return %r#0, %r#3 : tensor<i32>, tensor<2xf32>
}

// -----

// In a loop, the element of a 0-d constant is a scalar constant; one of
// complex type, which arith.constant cannot hold, stays an extract.
// CHECK-LABEL: func.func @constants
// CHECK: scf.for
// CHECK-NEXT: %[[SEVEN:.*]] = arith.constant 7 : i32
// CHECK-NEXT: %[[C:.*]] = tensor.extract %{{.*}}[] : tensor<complex<f32>>
// CHECK-NEXT: "test.use"(%[[SEVEN]], %[[C]])
func.func @constants(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant dense<7> : tensor<i32>
  %complex = arith.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  scf.for %k = %c0 to %n step %c1 {
    %s = tensor.extract %seven[] : tensor<i32>
    %c = tensor.extract %complex[] : tensor<complex<f32>>
    "test.use"(%s, %c) : (i32, complex<f32>) -> ()
  }
  return
}
