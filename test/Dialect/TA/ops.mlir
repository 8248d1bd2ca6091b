// Every ta op round-trips in custom form, in generic form and through
// bytecode, with the inferred result types checked.
// RUN: ta-opt %s | ta-opt | FileCheck %s
// RUN: ta-opt %s --mlir-print-op-generic | ta-opt | FileCheck %s
// RUN: ta-opt %s -emit-bytecode | ta-opt | FileCheck %s
// RUN: ta-opt %s --verify-roundtrip -o /dev/null
// The generic printout carries every contract attribute, defaults included.
// RUN: ta-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

!T = !ta.handle<4, tensor<2x3xf32>>

// CHECK-LABEL: func.func @lifecycle
// CHECK-SAME: (%[[N:.*]]: index)
func.func @lifecycle(%n: index) -> index {
  // CHECK: %[[H:.*]], %[[F:.*]] = ta.create %[[N]] : !ta.handle<4, tensor<2x3xf32>>
  // GENERIC: "ta.create"(%{{.*}}) <{clear_after_read = true, dynamic_size = false, identical_element_shapes = false, name = ""}> : (index) -> (!ta.handle<4, tensor<2x3xf32>>, !ta.flow)
  %h, %f = ta.create %n : !T
  // CHECK: %[[S:.*]] = ta.size %[[H]], %[[F]] : !ta.handle<4, tensor<2x3xf32>>
  %s = ta.size %h, %f : !T
  // CHECK: ta.close %[[H]] : !ta.handle<4, tensor<2x3xf32>>
  ta.close %h : !T
  // CHECK: return %[[S]]
  return %s : index
}

// CHECK-LABEL: func.func @flow_join
// CHECK-SAME: (%[[A:.*]]: !ta.flow, %[[B:.*]]: !ta.flow)
func.func @flow_join(%a: !ta.flow, %b: !ta.flow) -> (!ta.flow, !ta.flow) {
  // CHECK: %[[J:.*]] = ta.flow_join(%[[A]], %[[B]]){{$}}
  // GENERIC: "ta.flow_join"(%{{.*}}, %{{.*}}) : (!ta.flow, !ta.flow) -> !ta.flow
  %j = ta.flow_join(%a, %b)
  // CHECK: %[[F:.*]] = ta.flow_join(){{$}}
  // GENERIC: "ta.flow_join"() : () -> !ta.flow
  %f = ta.flow_join()
  // CHECK: return %[[J]], %[[F]]
  return %j, %f : !ta.flow, !ta.flow
}

// CHECK-LABEL: func.func @create_attributes
func.func @create_attributes(%n: index) {
  // CHECK: ta.create %{{.*}} {clear_after_read = false, dynamic_size = true, identical_element_shapes = true, name = "steps"} : !ta.handle<?, tensor<?x3xf32>>
  // GENERIC: <{clear_after_read = false, dynamic_size = true, identical_element_shapes = true, name = "steps"}>
  %h, %f = ta.create %n {dynamic_size = true, clear_after_read = false,
                         identical_element_shapes = true, name = "steps"}
      : !ta.handle<?, tensor<?x3xf32>>
  // CHECK: ta.create %{{.*}} : !ta.handle<?, tensor<*xi32>>
  %h2, %f2 = ta.create %n : !ta.handle<?, tensor<*xi32>>
  return
}

// CHECK-LABEL: func.func @element_access
// CHECK-SAME: (%[[H:.*]]: !ta.handle<4, tensor<2x3xf32>>, %[[I:.*]]: index, %[[V:.*]]: tensor<2x3xf32>, %[[F:.*]]: !ta.flow)
func.func @element_access(%h: !T, %i: index, %v: tensor<2x3xf32>,
                          %f: !ta.flow) -> tensor<2x3xf32> {
  // CHECK: %[[F1:.*]] = ta.write %[[H]][%[[I]]], %[[V]], %[[F]] : !ta.handle<4, tensor<2x3xf32>>, tensor<2x3xf32>
  %f1 = ta.write %h[%i], %v, %f : !T, tensor<2x3xf32>
  // CHECK: %[[R:.*]] = ta.read %[[H]][%[[I]]], %[[F1]] : !ta.handle<4, tensor<2x3xf32>>
  // GENERIC: "ta.read"(%{{.*}}, %{{.*}}, %{{.*}}) : (!ta.handle<4, tensor<2x3xf32>>, index, !ta.flow) -> tensor<2x3xf32>
  %r = ta.read %h[%i], %f1 : !T
  // CHECK: return %[[R]] : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// A value of a more static shape than a `?` element is storable.
// CHECK-LABEL: func.func @refined_write
func.func @refined_write(%h: !ta.handle<?, tensor<?x3xf32>>, %i: index,
                         %v: tensor<5x3xf32>, %u: tensor<*xf32>,
                         %f: !ta.flow) -> tensor<?x3xf32> {
  // CHECK: ta.write %{{.*}}, %{{.*}}, %{{.*}} : !ta.handle<?, tensor<?x3xf32>>, tensor<5x3xf32>
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<?, tensor<?x3xf32>>, tensor<5x3xf32>
  // CHECK: ta.write %{{.*}}, %{{.*}}, %{{.*}} : !ta.handle<?, tensor<?x3xf32>>, tensor<*xf32>
  %f2 = ta.write %h[%i], %u, %f1 : !ta.handle<?, tensor<?x3xf32>>, tensor<*xf32>
  // CHECK: %[[R:.*]] = ta.read
  // CHECK: return %[[R]] : tensor<?x3xf32>
  %r = ta.read %h[%i], %f2 : !ta.handle<?, tensor<?x3xf32>>
  return %r : tensor<?x3xf32>
}

// CHECK-LABEL: func.func @bulk
func.func @bulk(%h: !T, %idx: tensor<3xi32>, %idx64: tensor<?xi64>,
                %rows: tensor<3x2x3xf32>, %flat: tensor<8x3xf32>,
                %lengths: tensor<4xi64>, %f: !ta.flow)
    -> (tensor<3x2x3xf32>, tensor<?x2x3xf32>, tensor<8x3xf32>, tensor<?xi64>) {
  // CHECK: %[[G:.*]] = ta.gather %{{.*}}[%{{.*}}], %{{.*}} : !ta.handle<4, tensor<2x3xf32>>, tensor<3xi32>
  %g = ta.gather %h[%idx], %f : !T, tensor<3xi32>
  // CHECK: %[[G2:.*]] = ta.gather %{{.*}}[%{{.*}}], %{{.*}} : !ta.handle<4, tensor<2x3xf32>>, tensor<?xi64>
  // GENERIC: "ta.gather"({{.*}}) : (!ta.handle<4, tensor<2x3xf32>>, tensor<?xi64>, !ta.flow) -> tensor<?x2x3xf32>
  %g2 = ta.gather %h[%idx64], %f : !T, tensor<?xi64>
  // CHECK: ta.scatter %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : !ta.handle<4, tensor<2x3xf32>>, tensor<3xi32>, tensor<3x2x3xf32>
  %f1 = ta.scatter %h[%idx], %rows, %f : !T, tensor<3xi32>, tensor<3x2x3xf32>
  // CHECK: %[[C:.*]], %[[L:.*]] = ta.concat %{{.*}}, %{{.*}} : !ta.handle<4, tensor<2x3xf32>>
  // GENERIC: "ta.concat"({{.*}}) : (!ta.handle<4, tensor<2x3xf32>>, !ta.flow) -> (tensor<8x3xf32>, tensor<?xi64>)
  %c, %l = ta.concat %h, %f1 : !T
  // CHECK: ta.split %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ta.handle<4, tensor<2x3xf32>>, tensor<8x3xf32>, tensor<4xi64>
  %f2 = ta.split %h, %flat, %lengths, %f1 : !T, tensor<8x3xf32>, tensor<4xi64>
  // CHECK: return %[[G]], %[[G2]], %[[C]], %[[L]] : tensor<3x2x3xf32>, tensor<?x2x3xf32>, tensor<8x3xf32>, tensor<?xi64>
  return %g, %g2, %c, %l
      : tensor<3x2x3xf32>, tensor<?x2x3xf32>, tensor<8x3xf32>, tensor<?xi64>
}

// Concat of arrays whose total length types cannot know.
// CHECK-LABEL: func.func @concat_dynamic
func.func @concat_dynamic(%d: !ta.handle<?, tensor<2xf32>>,
                          %e: !ta.handle<4, tensor<?xf32>>,
                          %g: !ta.handle<4, tensor<2xf32>, grad>,
                          %u: !ta.handle<4, tensor<*xf32>>, %f: !ta.flow) {
  // GENERIC: "ta.concat"({{.*}}) : (!ta.handle<?, tensor<2xf32>>, !ta.flow) -> (tensor<?xf32>, tensor<?xi64>)
  // GENERIC: "ta.concat"({{.*}}) : (!ta.handle<4, tensor<?xf32>>, !ta.flow) -> (tensor<?xf32>, tensor<?xi64>)
  // GENERIC: "ta.concat"({{.*}}) : (!ta.handle<4, tensor<2xf32>, grad>, !ta.flow) -> (tensor<?xf32>, tensor<?xi64>)
  // GENERIC: "ta.concat"({{.*}}) : (!ta.handle<4, tensor<*xf32>>, !ta.flow) -> (tensor<*xf32>, tensor<?xi64>)
  %c1, %l1 = ta.concat %d, %f : !ta.handle<?, tensor<2xf32>>
  %c2, %l2 = ta.concat %e, %f : !ta.handle<4, tensor<?xf32>>
  %c3, %l3 = ta.concat %g, %f : !ta.handle<4, tensor<2xf32>, grad>
  %c4, %l4 = ta.concat %u, %f : !ta.handle<4, tensor<*xf32>>
  return
}

// CHECK-LABEL: func.func @gradients
// CHECK-SAME: (%[[H:.*]]: !ta.handle<4, tensor<2x3xf32>>, %[[F:.*]]: !ta.flow, %[[P:.*]]: tensor<2xi32>, %[[Q:.*]]: tensor<?xi32>)
func.func @gradients(%h: !T, %f: !ta.flow, %p: tensor<2xi32>,
                     %q: tensor<?xi32>) {
  // CHECK: %[[G:.*]], %[[GF:.*]] = ta.grad %[[H]], %[[F]] source "gradients" : !ta.handle<4, tensor<2x3xf32>>
  // GENERIC: "ta.grad"({{.*}}) <{source = "gradients"}> : (!ta.handle<4, tensor<2x3xf32>>, !ta.flow) -> (!ta.handle<4, tensor<2x3xf32>, grad>, !ta.flow)
  %g, %gf = ta.grad %h, %f source "gradients" : !T
  // CHECK: ta.write %[[G]]{{.*}} : !ta.handle<4, tensor<2x3xf32>, grad>, tensor<2x3xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant dense<1.0> : tensor<2x3xf32>
  %gf1 = ta.write %g[%c0], %v, %gf : !ta.handle<4, tensor<2x3xf32>, grad>, tensor<2x3xf32>

  %c5 = arith.constant dense<[5]> : tensor<1xi32>
  // CHECK: ta.grad_with_shape %[[H]], %[[F]], %{{.*}} source "s1" : !ta.handle<4, tensor<2x3xf32>>, tensor<1xi32>{{$}}
  // GENERIC: "ta.grad_with_shape"({{.*}}) <{source = "s1"}> : (!ta.handle<4, tensor<2x3xf32>>, !ta.flow, tensor<1xi32>) -> (!ta.handle<4, tensor<5x2x3xf32>, grad>, !ta.flow)
  %g1, %g1f = ta.grad_with_shape %h, %f, %c5 source "s1" : !T, tensor<1xi32>
  // Non-constant prepend of static length: `?` dims.
  // CHECK: ta.grad_with_shape %[[H]], %[[F]], %[[P]] source "s2" : !ta.handle<4, tensor<2x3xf32>>, tensor<2xi32>{{$}}
  // GENERIC: "ta.grad_with_shape"({{.*}}) <{source = "s2"}> : (!ta.handle<4, tensor<2x3xf32>>, !ta.flow, tensor<2xi32>) -> (!ta.handle<4, tensor<?x?x2x3xf32>, grad>, !ta.flow)
  %g2, %g2f = ta.grad_with_shape %h, %f, %p source "s2" : !T, tensor<2xi32>
  // Prepend of unknown length: unranked elements.
  // GENERIC: "ta.grad_with_shape"({{.*}}) <{source = "s3"}> : (!ta.handle<4, tensor<2x3xf32>>, !ta.flow, tensor<?xi32>) -> (!ta.handle<4, tensor<*xf32>, grad>, !ta.flow)
  %g3, %g3f = ta.grad_with_shape %h, %f, %q source "s3" : !T, tensor<?xi32>
  // A spelled-out, less refined type is kept and printed.
  // CHECK: ta.grad_with_shape %[[H]], %[[F]], %{{.*}} source "s4" {note = "kept"} : !ta.handle<4, tensor<2x3xf32>>, tensor<1xi32> -> !ta.handle<4, tensor<?x2x3xf32>, grad>
  %g4, %g4f = ta.grad_with_shape %h, %f, %c5 source "s4" {note = "kept"}
      : !T, tensor<1xi32> -> !ta.handle<4, tensor<?x2x3xf32>, grad>
  // A spelled-out type equal to the inferred one is not printed.
  // CHECK: ta.grad_with_shape %[[H]], %[[F]], %{{.*}} source "s5" : !ta.handle<4, tensor<2x3xf32>>, tensor<1xi32>{{$}}
  %g5, %g5f = ta.grad_with_shape %h, %f, %c5 source "s5"
      : !T, tensor<1xi32> -> !ta.handle<4, tensor<5x2x3xf32>, grad>
  // CHECK: ta.read %{{.*}} : !ta.handle<4, tensor<5x2x3xf32>, grad>
  %r = ta.read %g5[%c0], %g5f : !ta.handle<4, tensor<5x2x3xf32>, grad>
  // The same source again with the same (or a compatible) element shape is
  // the same accumulator: valid.
  // CHECK: ta.grad %[[H]], %[[F]] source "gradients"
  %g6, %g6f = ta.grad %h, %f source "gradients" : !T
  // CHECK: ta.grad_with_shape %[[H]], %[[F]], %{{.*}} source "s1" : !ta.handle<4, tensor<2x3xf32>>, tensor<1xi32> -> !ta.handle<4, tensor<?x2x3xf32>, grad>
  %g7, %g7f = ta.grad_with_shape %h, %f, %c5 source "s1" : !T, tensor<1xi32>
      -> !ta.handle<4, tensor<?x2x3xf32>, grad>
  return
}

// CHECK-LABEL: func.func @unbatch
func.func @unbatch(%o: tensor<?x2xf32>, %bi: tensor<?x3xi64>, %g: tensor<3x2xf32>,
                   %id: i64, %uo: tensor<*xf32>, %ug: tensor<*xf32>)
    -> (tensor<?x2xf32>, tensor<*xf32>) {
  // CHECK: %[[R:.*]] = ta.unbatch_grad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {container = "c", shared_name = "s"} : tensor<?x2xf32>, tensor<?x3xi64>, tensor<3x2xf32>
  // GENERIC: "ta.unbatch_grad"({{.*}}) <{container = "c", shared_name = "s"}> : (tensor<?x2xf32>, tensor<?x3xi64>, tensor<3x2xf32>, i64) -> tensor<?x2xf32>
  %r = ta.unbatch_grad %o, %bi, %g, %id {container = "c", shared_name = "s"}
      : tensor<?x2xf32>, tensor<?x3xi64>, tensor<3x2xf32>
  // CHECK: ta.unbatch_grad {{.*}} : tensor<*xf32>, tensor<?x3xi64>, tensor<*xf32>
  %u = ta.unbatch_grad %uo, %bi, %ug, %id : tensor<*xf32>, tensor<?x3xi64>, tensor<*xf32>
  // CHECK: ta.unbatch_grad {{.*}} {shared_name = "t", timeout_micros = 5000 : i64} : tensor<?x2xf32>, tensor<?x3xi64>, tensor<3x2xf32>
  // GENERIC: "ta.unbatch_grad"({{.*}}) <{container = "", shared_name = "t", timeout_micros = 5000 : i64}>
  %t = ta.unbatch_grad %o, %bi, %g, %id {shared_name = "t", timeout_micros = 5000}
      : tensor<?x2xf32>, tensor<?x3xi64>, tensor<3x2xf32>
  return %r, %u : tensor<?x2xf32>, tensor<*xf32>
}

// Handles and flows cross control flow and calls.
// CHECK-LABEL: func.func @control_flow
func.func @control_flow(%h: !T, %f: !ta.flow, %v: tensor<2x3xf32>,
                        %cond: i1) -> (!T, !ta.flow) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!ta.flow)
  %out = scf.for %i = %c0 to %c4 step %c1 iter_args(%fi = %f) -> (!ta.flow) {
    %fo = ta.write %h[%i], %v, %fi : !T, tensor<2x3xf32>
    scf.yield %fo : !ta.flow
  }
  // CHECK: scf.if {{.*}} -> (!ta.handle<4, tensor<2x3xf32>>, !ta.flow)
  %rh, %rf = scf.if %cond -> (!T, !ta.flow) {
    scf.yield %h, %out : !T, !ta.flow
  } else {
    %n = ta.size %h, %out : !T
    %h2, %f2 = ta.create %n : !T
    scf.yield %h2, %f2 : !T, !ta.flow
  }
  // CHECK: call @control_flow
  %ch, %cf = func.call @control_flow(%rh, %rf, %v, %cond)
      : (!T, !ta.flow, tensor<2x3xf32>, i1) -> (!T, !ta.flow)
  return %ch, %cf : !T, !ta.flow
}
