// RUN: ta-opt --allow-unregistered-dialect --ta-tf-refine-types %s | FileCheck %s

// ta-tf-refine-types alone: the unranked results of a TensorFlow 1 graph get
// the types TensorFlow's shape functions give them: the reshape's [3, -1] of
// a 2x3 tensor is 3x2, the loop carries what enters it (the counter a scalar,
// the state 3x2, which tanh keeps), comparisons and arithmetic the
// broadcast of their operands. What reads a refined value with its old type
// (the return) gets a tensor.cast.

// CHECK-LABEL: func.func @loop(
// CHECK: %[[R:.*]] = "tf.Reshape"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
// CHECK: %[[W:.*]]:2 = "tf.WhileRegion"(%{{.*}}, %[[R]])
// CHECK: ^bb0(%[[I:.*]]: tensor<i32>, %{{.*}}: tensor<3x2xf32>):
// CHECK: "tf.Greater"(%[[I]], %{{.*}}) : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: "tf.Yield"(%{{.*}}) : (tensor<i1>) -> ()
// CHECK: ^bb0(%[[J:.*]]: tensor<i32>, %[[V:.*]]: tensor<3x2xf32>):
// CHECK: %[[NEXT:.*]] = "tf.Sub"(%[[J]], %{{.*}}) : (tensor<i32>, tensor<i32>) -> tensor<i32>
// CHECK: %[[T:.*]] = "tf.Tanh"(%[[V]]) : (tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK: "tf.Yield"(%[[NEXT]], %[[T]]) : (tensor<i32>, tensor<3x2xf32>) -> ()
// CHECK: }) : (tensor<i32>, tensor<3x2xf32>) -> (tensor<i32>, tensor<3x2xf32>)
// CHECK: %[[OUT:.*]] = tensor.cast %[[W]]#1 : tensor<3x2xf32> to tensor<*xf32>
// CHECK: return %[[OUT]] : tensor<*xf32>
func.func @loop(%x: tensor<2x3xf32>, %n: tensor<i32>) -> tensor<*xf32> {
  %shape = "tf.Const"() <{value = dense<[3, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %t = "tf.Reshape"(%x, %shape) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  %r:2 = "tf.WhileRegion"(%n, %t) <{is_stateless = true, parallel_iterations = 10 : i64}> ({
  ^bb0(%i: tensor<*xi32>, %v: tensor<*xf32>):
    %z = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %c = "tf.Greater"(%i, %z) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
    "tf.Yield"(%c) : (tensor<*xi1>) -> ()
  }, {
  ^bb0(%i: tensor<*xi32>, %v: tensor<*xf32>):
    %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %j = "tf.Sub"(%i, %one) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
    %w = "tf.Tanh"(%v) : (tensor<*xf32>) -> tensor<*xf32>
    "tf.Yield"(%j, %w) : (tensor<*xi32>, tensor<*xf32>) -> ()
  }) : (tensor<i32>, tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>)
  return %r#1 : tensor<*xf32>
}
