// RUN: ta-opt --allow-unregistered-dialect --ta-tf-decompose-optionals %s -verify-diagnostics -o /dev/null

// One result of a conditional whose branches put values of different
// types into it (TensorFlow shares an optional result between the
// branches' intermediates) is not imported.

func.func @mixed(%p: tensor<i1>, %x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<*x!tf_type.variant> {
  %o = "tf.If"(%p, %x, %i) <{else_branch = @ints, then_branch = @floats, is_stateless = true}> : (tensor<i1>, tensor<4xf32>, tensor<1xi32>) -> tensor<*x!tf_type.variant>
  return %o : tensor<*x!tf_type.variant>
}
func.func private @floats(%x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<!tf_type.variant<tensor<4xf32>>> {
  %o = "tf.OptionalFromValue"(%x) : (tensor<4xf32>) -> tensor<!tf_type.variant<tensor<4xf32>>>
  return %o : tensor<!tf_type.variant<tensor<4xf32>>>
}
func.func private @ints(%x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<!tf_type.variant<tensor<1xi32>>> {
  // expected-error @+1 {{'tf.OptionalFromValue' op puts a value of type 'tensor<1xi32>' into an optional that others carried with it give type 'tensor<4xf32>': ta-import-tf imports the optionals of one type (TensorFlow shares a conditional's optional result among its branches' intermediates of different types)}}
  %o = "tf.OptionalFromValue"(%i) : (tensor<1xi32>) -> tensor<!tf_type.variant<tensor<1xi32>>>
  return %o : tensor<!tf_type.variant<tensor<1xi32>>>
}
