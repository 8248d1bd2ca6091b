// RUN: ta-opt --allow-unregistered-dialect --ta-tf-functionalize %s | FileCheck %s

// ta-tf-functionalize alone: a TensorFlow 1 dataflow loop becomes an island
// of tf.WhileRegion; the graph around it stays a graph (ta-tf-flatten-executor
// flattens it) and the loop's values keep TensorFlow's unranked types
// (ta-tf-refine-types refines them).

// CHECK-LABEL: func.func @count(
// CHECK: tf_executor.graph {
// CHECK: tf_executor.island
// CHECK: "tf.WhileRegion"(%{{.*}}) ({
// CHECK: ^bb0(%[[C:.*]]: tensor<*xi32>):
// CHECK: "tf.Less"(%[[C]], %{{.*}}) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
// CHECK: "tf.Yield"
// CHECK: ^bb0(%[[B:.*]]: tensor<*xi32>):
// CHECK: %[[NEXT:.*]] = "tf.AddV2"(%[[B]], %{{.*}})
// CHECK: "tf.Yield"(%[[NEXT]])
// CHECK: : (tensor<i32>) -> tensor<*xi32>
// CHECK: tf_executor.fetch
// CHECK-NOT: tf_executor.Enter
// CHECK-NOT: tf_executor.Merge
// CHECK-NOT: tf_executor.Switch
// CHECK-NOT: tf_executor.LoopCond
// CHECK-NOT: tf_executor.Exit
// CHECK-NOT: tf_executor.NextIteration
func.func @count() -> tensor<*xi32> {
  %0 = tf_executor.graph {
    %src, %tok, %sc = tf_executor.NextIteration.Source : tensor<*xi32>
    %i0, %ci0 = tf_executor.island wraps "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %e, %ce = tf_executor.Enter %i0 frame "count" : (tensor<i32>) -> (tensor<*xi32>, !tf_executor.control)
    %m, %vi, %cm = tf_executor.Merge %e, %src : tensor<*xi32>
    %p, %cp = tf_executor.island(%cm) {
      %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
      %l = "tf.Less"(%m, %n) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
      tf_executor.yield %l : tensor<*xi1>
    }
    %lc, %clc = tf_executor.LoopCond %p : tensor<*xi1>
    %f, %t, %cs = tf_executor.Switch %m, %lc : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>, !tf_executor.control)
    %x, %cx = tf_executor.Exit %f : tensor<*xi32>
    %next, %cn = tf_executor.island {
      %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %a = "tf.AddV2"(%t, %one) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
      tf_executor.yield %a : tensor<*xi32>
    }
    tf_executor.NextIteration.Sink[%tok] %next : tensor<*xi32>
    tf_executor.fetch %x : tensor<*xi32>
  }
  return %0 : tensor<*xi32>
}
