// RUN: ta-opt %s -canonicalize -split-input-file | FileCheck %s

// The size of a static-size forward array folds to a constant.
// CHECK-LABEL: func.func @size_static
// CHECK: %[[C:.*]] = arith.constant 4 : index
// CHECK-NOT: ta.size
// CHECK: return %[[C]]
func.func @size_static(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) -> index {
  %s = ta.size %h, %f : !ta.handle<4, tensor<2xf32>>
  return %s : index
}

// -----

// A zero-size array is valid and folds too.
// CHECK-LABEL: func.func @size_zero
// CHECK: %[[C:.*]] = arith.constant 0 : index
// CHECK: return %[[C]]
func.func @size_zero(%h: !ta.handle<0, tensor<2xf32>>, %f: !ta.flow) -> index {
  %s = ta.size %h, %f : !ta.handle<0, tensor<2xf32>>
  return %s : index
}

// -----

// Accumulators grow on reads past their size: never folded.
// CHECK-LABEL: func.func @size_grad
// CHECK: %[[S:.*]] = ta.size
// CHECK: return %[[S]]
func.func @size_grad(%h: !ta.handle<4, tensor<2xf32>, grad>, %f: !ta.flow) -> index {
  %s = ta.size %h, %f : !ta.handle<4, tensor<2xf32>, grad>
  return %s : index
}

// -----

// Unknown or growable sizes are not folded.
// CHECK-LABEL: func.func @size_dynamic
// CHECK: %[[S:.*]] = ta.size
// CHECK: return %[[S]]
func.func @size_dynamic(%h: !ta.handle<?, tensor<2xf32>>, %f: !ta.flow) -> index {
  %s = ta.size %h, %f : !ta.handle<?, tensor<2xf32>>
  return %s : index
}

// -----

// grad_with_shape with nothing to prepend is ta.grad (TensorFlow's GradV3).
// CHECK-LABEL: func.func @empty_prepend
// CHECK-SAME: (%[[H:.*]]: !ta.handle<4, tensor<2xf32>>, %[[F:.*]]: !ta.flow, %[[P:.*]]: tensor<0xi32>)
// CHECK: %[[G:.*]], %[[GF:.*]] = ta.grad %[[H]], %[[F]] source "s" : !ta.handle<4, tensor<2xf32>>
// CHECK-NOT: ta.grad_with_shape
// CHECK: return %[[G]], %[[GF]]
func.func @empty_prepend(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow,
                         %p: tensor<0xi32>)
    -> (!ta.handle<4, tensor<2xf32>, grad>, !ta.flow) {
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<0xi32>
  return %g, %gf : !ta.handle<4, tensor<2xf32>, grad>, !ta.flow
}

// -----

// A non-empty prepend stays.
// CHECK-LABEL: func.func @nonempty_prepend
// CHECK: ta.grad_with_shape
func.func @nonempty_prepend(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow,
                            %p: tensor<1xi32>)
    -> (!ta.handle<4, tensor<?x2xf32>, grad>, !ta.flow) {
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32>
  return %g, %gf : !ta.handle<4, tensor<?x2xf32>, grad>, !ta.flow
}

// -----

// A join of one flow is that flow.
// CHECK-LABEL: func.func @flow_join_one
// CHECK-SAME: (%[[A:.*]]: !ta.flow)
// CHECK-NEXT: return %[[A]]
func.func @flow_join_one(%a: !ta.flow) -> !ta.flow {
  %j = ta.flow_join(%a)
  return %j : !ta.flow
}

// -----

// Joins of joins are one join of their flows, each once; a fresh flow
// (a join of nothing) orders nothing and goes.
// CHECK-LABEL: func.func @flow_join_flatten
// CHECK-SAME: (%[[A:.*]]: !ta.flow, %[[B:.*]]: !ta.flow, %[[C:.*]]: !ta.flow)
// CHECK-NEXT: %[[J:.*]] = ta.flow_join(%[[A]], %[[B]], %[[C]]){{$}}
// CHECK-NEXT: %[[K:.*]] = ta.flow_join(%[[A]], %[[B]], %[[C]]){{$}}
// CHECK-NEXT: return %[[J]], %[[K]]
func.func @flow_join_flatten(%a: !ta.flow, %b: !ta.flow, %c: !ta.flow)
    -> (!ta.flow, !ta.flow) {
  %fresh = ta.flow_join()
  %ab = ta.flow_join(%a, %b)
  %j = ta.flow_join(%ab, %fresh, %c, %a)
  %k = ta.flow_join(%a, %b, %c, %c)
  return %j, %k : !ta.flow, !ta.flow
}

// -----

// A join nothing reads is dead (it is pure).
// CHECK-LABEL: func.func @flow_join_dead
// CHECK-NEXT: return
func.func @flow_join_dead(%a: !ta.flow) {
  %j = ta.flow_join(%a, %a)
  return
}
