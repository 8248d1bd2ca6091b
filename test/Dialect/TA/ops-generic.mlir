// The generic form of the interface contract (design.md section 4), with
// attributes in a plain dictionary as other tools print them, parses and
// verifies; defaults apply to omitted attributes.
// RUN: ta-opt %s | FileCheck %s

// CHECK-LABEL: func.func @contract
func.func @contract(%n: index, %i: index, %v: tensor<2xf32>, %idx: tensor<2xi32>,
                    %rows: tensor<2x2xf32>, %flat: tensor<8xf32>,
                    %lengths: tensor<4xi64>, %p: tensor<1xi32>,
                    %o: tensor<?x2xf32>, %bi: tensor<?x3xi64>, %id: i64) {
  // CHECK: ta.create %{{.*}} {clear_after_read = false, name = "ta"} : !ta.handle<4, tensor<2xf32>>
  %h:2 = "ta.create"(%n) {dynamic_size = false, clear_after_read = false, identical_element_shapes = false, name = "ta"} : (index) -> (!ta.handle<4, tensor<2xf32>>, !ta.flow)
  // CHECK: ta.create %{{.*}} : !ta.handle<?, tensor<*xf32>>
  %d:2 = "ta.create"(%n) : (index) -> (!ta.handle<?, tensor<*xf32>>, !ta.flow)
  // CHECK: ta.write
  %f1 = "ta.write"(%h#0, %i, %v, %h#1) : (!ta.handle<4, tensor<2xf32>>, index, tensor<2xf32>, !ta.flow) -> !ta.flow
  // CHECK: ta.read
  %r = "ta.read"(%h#0, %i, %f1) : (!ta.handle<4, tensor<2xf32>>, index, !ta.flow) -> tensor<2xf32>
  // CHECK: ta.gather
  %g = "ta.gather"(%h#0, %idx, %f1) : (!ta.handle<4, tensor<2xf32>>, tensor<2xi32>, !ta.flow) -> tensor<2x2xf32>
  // CHECK: ta.scatter
  %f2 = "ta.scatter"(%h#0, %idx, %rows, %f1) : (!ta.handle<4, tensor<2xf32>>, tensor<2xi32>, tensor<2x2xf32>, !ta.flow) -> !ta.flow
  // CHECK: ta.concat
  %c:2 = "ta.concat"(%h#0, %f2) : (!ta.handle<4, tensor<2xf32>>, !ta.flow) -> (tensor<8xf32>, tensor<?xi64>)
  // CHECK: ta.split
  %f3 = "ta.split"(%h#0, %flat, %lengths, %f2) : (!ta.handle<4, tensor<2xf32>>, tensor<8xf32>, tensor<4xi64>, !ta.flow) -> !ta.flow
  // CHECK: ta.size
  %s = "ta.size"(%h#0, %f3) : (!ta.handle<4, tensor<2xf32>>, !ta.flow) -> index
  // CHECK: ta.grad %{{.*}}, %{{.*}} source "gradients"
  %gr:2 = "ta.grad"(%h#0, %f3) {source = "gradients"} : (!ta.handle<4, tensor<2xf32>>, !ta.flow) -> (!ta.handle<4, tensor<2xf32>, grad>, !ta.flow)
  // CHECK: ta.grad_with_shape %{{.*}}, %{{.*}}, %{{.*}} source "pfor"
  %gw:2 = "ta.grad_with_shape"(%h#0, %f3, %p) {source = "pfor"} : (!ta.handle<4, tensor<2xf32>>, !ta.flow, tensor<1xi32>) -> (!ta.handle<4, tensor<?x2xf32>, grad>, !ta.flow)
  // CHECK: ta.close
  "ta.close"(%h#0) : (!ta.handle<4, tensor<2xf32>>) -> ()
  // CHECK: ta.unbatch_grad %{{.*}} {shared_name = "u"} : tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>
  %u = "ta.unbatch_grad"(%o, %bi, %o, %id) {container = "", shared_name = "u"} : (tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>, i64) -> tensor<?x2xf32>
  return
}
