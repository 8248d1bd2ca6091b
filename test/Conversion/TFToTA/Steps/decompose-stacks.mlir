// RUN: ta-opt --allow-unregistered-dialect --ta-tf-decompose-stacks %s | FileCheck %s

// ta-tf-decompose-stacks alone: a stack becomes a TensorList of its pushes'
// element type (an EmptyTensorList of no bound), threaded through the
// tf.WhileRegion whose body pushes (through tf.Identity) and the tf.IfRegion
// whose branch pops, as an extra operand and result; the pop is marked as a
// stack's (its message when empty), and what it reads refined to the
// element type. The lists stay TensorList ops (ta-tf-decompose-lists makes
// them tensors).

// CHECK-LABEL: func.func @loop_and_branch(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2xf32>
// CHECK: %[[SHAPE:.*]] = "tf.Const"() {value = dense<2> : tensor<1xi32>}
// CHECK: %[[UNBOUNDED:.*]] = "tf.Const"() {value = dense<-1> : tensor<i32>}
// CHECK: %[[EMPTY:.*]] = "tf.EmptyTensorList"(%[[SHAPE]], %[[UNBOUNDED]]) {element_dtype = f32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant<tensor<2xf32>>>
// CHECK: %[[LOOP:.*]]:2 = "tf.WhileRegion"(%{{.*}}, %[[EMPTY]])
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %[[S:.*]]: tensor<!tf_type.variant<tensor<2xf32>>>):
// CHECK: %[[PUSHED:.*]] = "tf.TensorListPushBack"(%[[S]], %[[X]])
// CHECK: "tf.Yield"(%{{.*}}, %[[PUSHED]])
// CHECK: %[[IF:.*]]:2 = "tf.IfRegion"
// CHECK: %[[POP:.*]]:2 = "tf.TensorListPopBack"(%[[LOOP]]#1, %{{.*}}) {element_dtype = f32, ta.stack_pop} : (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<1xi32>) -> (tensor<!tf_type.variant<tensor<2xf32>>>, tensor<2xf32>)
// CHECK: "tf.Yield"(%[[POP]]#1, %[[POP]]#0)
// CHECK: "tf.Yield"(%[[X]], %[[LOOP]]#1)
// CHECK: -> (tensor<2xf32>, tensor<!tf_type.variant<tensor<2xf32>>>)
// CHECK: %[[OUT:.*]] = tensor.cast %[[IF]]#0 : tensor<2xf32> to tensor<*xf32>
// CHECK: return %[[OUT]]
// CHECK-NOT: tf.Stack
!R = tensor<2x!tf_type.resource>

func.func @loop_and_branch(%x: tensor<2xf32>, %n: tensor<i32>, %p: tensor<i1>) -> tensor<*xf32> {
  %max = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %s = "tf.StackV2"(%max) <{elem_type = f32, stack_name = ""}> : (tensor<i32>) -> !R
  %r = "tf.WhileRegion"(%n) <{is_stateless = false, parallel_iterations = 10 : i64}> ({
  ^bb0(%i: tensor<i32>):
    %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    %h = "tf.Identity"(%s) : (!R) -> !R
    %q = "tf.StackPushV2"(%h, %x) <{swap_memory = false}> : (!R, tensor<2xf32>) -> tensor<2xf32>
    "tf.Yield"(%i) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  %v = "tf.IfRegion"(%p) <{is_stateless = false}> ({
    %o = "tf.StackPopV2"(%s) : (!R) -> tensor<*xf32>
    "tf.Yield"(%o) : (tensor<*xf32>) -> ()
  }, {
    "tf.Yield"(%x) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<*xf32>
  "tf.StackCloseV2"(%s) : (!R) -> ()
  return %v : tensor<*xf32>
}
