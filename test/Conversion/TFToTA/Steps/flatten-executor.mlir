// RUN: ta-opt --allow-unregistered-dialect --ta-tf-flatten-executor %s -split-input-file -verify-diagnostics | FileCheck %s

// ta-tf-flatten-executor alone: a graph of islands becomes the ops of its
// islands, in an order that respects data and control tokens (here the
// island printed first runs last: it waits for the others' controls), and
// the graph's results are what it fetched.

// CHECK-LABEL: func.func @order(
// CHECK-SAME: %[[X:.*]]: tensor<2xf32>
// CHECK: %[[A:.*]] = "tf.Neg"(%[[X]])
// CHECK: %[[B:.*]] = "tf.AddV2"(%[[A]], %[[X]])
// CHECK: "tf.Print"(%[[B]])
// CHECK: return %[[B]] : tensor<2xf32>
// CHECK-NOT: tf_executor
func.func @order(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tf_executor.graph {
    %p, %cp = tf_executor.island(%cb) wraps "tf.Print"(%b) : (tensor<2xf32>) -> tensor<2xf32>
    %a, %ca = tf_executor.island wraps "tf.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    %b, %cb = tf_executor.island(%ca) wraps "tf.AddV2"(%a, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    tf_executor.fetch %b, %cp : tensor<2xf32>, !tf_executor.control
  }
  return %0 : tensor<2xf32>
}

// -----

// Islands that wait on each other's controls form a cycle: diagnosed, not
// ordered.
func.func @cycle(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'tf_executor.graph' op has a cycle (TensorFlow 1 dataflow loop): ta-import-tf takes functional control flow (tf.While, tf.If)}}
  %0 = tf_executor.graph {
    %a, %ca = tf_executor.island(%cb) wraps "tf.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    %b, %cb = tf_executor.island(%ca) wraps "tf.Neg"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    tf_executor.fetch %b : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}

// -----

// A dataflow op left in the graph (ta-tf-functionalize not run) is diagnosed.
func.func @dataflow(%x: tensor<i32>) -> tensor<*xi32> {
  %0 = tf_executor.graph {
    // expected-error @+1 {{'tf_executor.Enter' op is not an island: ta-import-tf takes graphs of islands with functional control flow}}
    %e, %ce = tf_executor.Enter %x frame "f" : (tensor<i32>) -> (tensor<*xi32>, !tf_executor.control)
    tf_executor.fetch %e : tensor<*xi32>
  }
  return %0 : tensor<*xi32>
}
