// ta-uplift-counted-loops: an scf.while counting a signed integer by one up
// to a bound from outside the loop becomes an scf.for over index; its
// result in the counter's place is max(lb, bound), the value the while
// loop stops at. Anything else stays a while loop.
// RUN: ta-opt %s --ta-uplift-counted-loops -split-input-file -allow-unregistered-dialect | FileCheck %s

// TensorFlow's loop as ta-import-tf and ta-scalarize-0d-tensors leave it:
// i32 counter, a ta.write at its index_cast, a flow and a value carried.
// The write takes the index itself; the counter's other use its
// truncation; the result max(0, n).
// CHECK-LABEL: func.func @counted
// CHECK-SAME: (%[[N:.*]]: i32, %[[V:.*]]: tensor<2xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[H:.*]], %[[F:.*]] = ta.create
// CHECK: %[[LB:.*]] = arith.index_cast %[[C0]] : i32 to index
// CHECK: %[[UB:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[FOR:.*]]:2 = scf.for %[[K:.*]] = %[[LB]] to %[[UB]] step %[[ONE]] iter_args(%[[FL:.*]] = %[[F]], %[[X:.*]] = %[[V]])
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK-NOT: arith.addi
// CHECK: %[[W:.*]] = ta.write %[[H]][%[[K]]], %[[X]], %[[FL]]
// CHECK-NEXT: "test.use"(%[[I]]) : (i32) -> ()
// CHECK-NEXT: scf.yield %[[W]], %[[X]]
// CHECK: %[[LAST:.*]] = arith.maxsi %[[C0]], %[[N]] : i32
// CHECK: return %[[LAST]], %[[FOR]]#0
// CHECK-NOT: scf.while
func.func @counted(%n: i32, %v: tensor<2xf32>) -> (i32, !ta.flow) {
  %c0 = arith.constant 0 : i32
  %c0_index = arith.constant 0 : index
  %h, %f = ta.create %c0_index {dynamic_size = true} : !ta.handle<?, tensor<2xf32>>
  %r:3 = scf.while (%i = %c0, %fl = %f, %x = %v) : (i32, !ta.flow, tensor<2xf32>) -> (i32, !ta.flow, tensor<2xf32>) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %fl, %x : i32, !ta.flow, tensor<2xf32>
  } do {
  ^bb0(%i: i32, %fl: !ta.flow, %x: tensor<2xf32>):
    %one = arith.constant 1 : i32
    %next = arith.addi %i, %one : i32
    %k = arith.index_cast %i : i32 to index
    %w = ta.write %h[%k], %x, %fl : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
    "test.use"(%i) : (i32) -> ()
    scf.yield %next, %w, %x : i32, !ta.flow, tensor<2xf32>
  }
  return %r#0, %r#1 : i32, !ta.flow
}

// -----

// `bound > iv`, the bound a constant of `before` (moved out), the counter
// not the first argument, `1 + iv`, an index counter.
// CHECK-LABEL: func.func @constant_bound
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[LB:.*]] = arith.constant 2 : index
// CHECK: %[[FOR:.*]] = scf.for %[[K:.*]] = %[[LB]] to %[[C4]] step %{{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (f32)
// CHECK-NOT: arith.addi
// CHECK: "test.use"(%[[K]]) : (index) -> ()
// CHECK: %[[LAST:.*]] = arith.maxsi %[[LB]], %[[C4]] : index
// CHECK: return %[[FOR]], %[[LAST]]
func.func @constant_bound(%s0: f32) -> (f32, index) {
  %c2 = arith.constant 2 : index
  %r:2 = scf.while (%s = %s0, %i = %c2) : (f32, index) -> (f32, index) {
    %c4 = arith.constant 4 : index
    %c = arith.cmpi sgt, %c4, %i : index
    scf.condition(%c) %s, %i : f32, index
  } do {
  ^bb0(%s: f32, %i: index):
    %one = arith.constant 1 : index
    %next = arith.addi %one, %i : index
    "test.use"(%i) : (index) -> ()
    %t = arith.addf %s, %s : f32
    scf.yield %t, %next : f32, index
  }
  return %r#0, %r#1 : f32, index
}

// -----

// Not counted loops: step 2 (the i32 counter may wrap where an index does
// not), an unsigned compare, a bound carried by the loop, another op in
// `before`, the counter used in `before` beyond the compare, arguments
// passed on in another order.
// CHECK-LABEL: func.func @not_counted
// CHECK-COUNT-6: scf.while
// CHECK-NOT: scf.for
func.func @not_counted(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%i: i32):
    %next = arith.addi %i, %c2 : i32
    scf.yield %next : i32
  }
  %b = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi ult, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%i: i32):
    %next = arith.addi %i, %c1 : i32
    scf.yield %next : i32
  }
  %r:2 = scf.while (%i = %c0, %m = %n) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %m : i32
    scf.condition(%c) %i, %m : i32, i32
  } do {
  ^bb0(%i: i32, %m: i32):
    %next = arith.addi %i, %c1 : i32
    scf.yield %next, %m : i32, i32
  }
  %d = scf.while (%i = %c0) : (i32) -> i32 {
    "test.use"() : () -> ()
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%i: i32):
    %next = arith.addi %i, %c1 : i32
    scf.yield %next : i32
  }
  %e = scf.while (%i = %c0) : (i32) -> i32 {
    %j = arith.addi %i, %c1 : i32
    %c = arith.cmpi slt, %j, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%i: i32):
    %next = arith.addi %i, %c1 : i32
    scf.yield %next : i32
  }
  %f:2 = scf.while (%i = %c0, %j = %c0) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %j, %i : i32, i32
  } do {
  ^bb0(%i: i32, %j: i32):
    %next = arith.addi %j, %c1 : i32
    scf.yield %i, %next : i32, i32
  }
  "test.use"(%a, %b, %r#0, %d, %e, %f#0) : (i32, i32, i32, i32, i32, i32) -> ()
  return
}
