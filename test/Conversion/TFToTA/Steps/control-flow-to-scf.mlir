// RUN: ta-opt --allow-unregistered-dialect --ta-tf-control-flow-to-scf %s -split-input-file -verify-diagnostics | FileCheck %s

// ta-tf-control-flow-to-scf alone: tf.While's cond and body functions are
// cloned into an scf.while (the predicate tensor extracted), tf.IfRegion
// becomes scf.if, tf.PartitionedCall func.call; @cond and @body, no longer
// referenced, are erased, @twice (still called) stays. The compute ops stay
// TensorFlow's (ta-legalize-tf lowers them).

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[N:.*]]: tensor<i32>, %[[P:.*]]: tensor<i1>
// CHECK: %[[LOOP:.*]]:2 = scf.while (%[[I:.*]] = %{{.*}}, %[[M:.*]] = %[[N]]) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) {
// CHECK: %[[LESS:.*]] = "tf.Less"(%[[I]], %[[M]])
// CHECK: %[[C:.*]] = tensor.extract %[[LESS]][] : tensor<i1>
// CHECK: scf.condition(%[[C]]) %[[I]], %[[M]]
// CHECK: } do {
// CHECK: ^bb0(%[[BI:.*]]: tensor<i32>, %[[BM:.*]]: tensor<i32>):
// CHECK: %[[NEXT:.*]] = "tf.AddV2"(%[[BI]], %{{.*}})
// CHECK: scf.yield %[[NEXT]], %[[BM]]
// CHECK: %[[PRED:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: %[[IF:.*]] = scf.if %[[PRED]] -> (tensor<i32>) {
// CHECK: %[[CALL:.*]] = func.call @twice(%[[LOOP]]#0)
// CHECK: scf.yield %[[CALL]]
// CHECK: } else {
// CHECK: scf.yield %[[LOOP]]#0
// CHECK: return %[[IF]]
// CHECK-NOT: @cond
// CHECK-NOT: @body
// CHECK: func.func private @twice(
// CHECK-NOT: tf.While
// CHECK-NOT: tf.IfRegion
// CHECK-NOT: tf.PartitionedCall
func.func @main(%n: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
  %zero = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %r:2 = "tf.While"(%zero, %n) <{body = @body, cond = @cond, is_stateless = true, parallel_iterations = 10 : i64}> : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %v = "tf.IfRegion"(%p) <{is_stateless = true}> ({
    %c = "tf.PartitionedCall"(%r#0) <{config = "", config_proto = "", executor_type = "", f = @twice}> : (tensor<i32>) -> tensor<i32>
    "tf.Yield"(%c) : (tensor<i32>) -> ()
  }, {
    "tf.Yield"(%r#0) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %v : tensor<i32>
}
func.func private @cond(%i: tensor<i32>, %n: tensor<i32>) -> tensor<i1> {
  %c = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %c : tensor<i1>
}
func.func private @body(%i: tensor<i32>, %n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %j = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %j, %n : tensor<i32>, tensor<i32>
}
func.func private @twice(%x: tensor<i32>) -> tensor<i32> {
  %y = "tf.AddV2"(%x, %x) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %y : tensor<i32>
}

// -----

func.func @int_predicate(%p: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'tf.IfRegion' op has a predicate of type 'tensor<i32>'; ta-import-tf takes scalar bool tensors}}
  %v = "tf.IfRegion"(%p) <{is_stateless = true}> ({
    "tf.Yield"(%x) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%x) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %v : tensor<f32>
}
