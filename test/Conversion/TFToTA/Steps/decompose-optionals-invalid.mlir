// RUN: ta-opt --allow-unregistered-dialect --ta-tf-decompose-optionals %s -split-input-file -verify-diagnostics -o /dev/null

// One result of a conditional whose branches put values of different
// element types into it (TensorFlow shares an optional result between the
// branches' intermediates) is a union of 32-bit words: values of f64 are
// not imported.

func.func @mixed(%p: tensor<i1>, %x: tensor<4xf64>, %i: tensor<1xi32>) -> tensor<*x!tf_type.variant> {
  %o = "tf.If"(%p, %x, %i) <{else_branch = @ints, then_branch = @floats, is_stateless = true}> : (tensor<i1>, tensor<4xf64>, tensor<1xi32>) -> tensor<*x!tf_type.variant>
  return %o : tensor<*x!tf_type.variant>
}
func.func private @floats(%x: tensor<4xf64>, %i: tensor<1xi32>) -> tensor<!tf_type.variant<tensor<4xf64>>> {
  // expected-error @+1 {{'tf.OptionalFromValue' op puts a value of type 'tensor<4xf64>' into an optional that others carried with it give another type: ta-import-tf imports optionals of one type, or of static types of 32-bit elements (TensorFlow shares a conditional's optional result among its branches' intermediates)}}
  %o = "tf.OptionalFromValue"(%x) : (tensor<4xf64>) -> tensor<!tf_type.variant<tensor<4xf64>>>
  return %o : tensor<!tf_type.variant<tensor<4xf64>>>
}
func.func private @ints(%x: tensor<4xf64>, %i: tensor<1xi32>) -> tensor<!tf_type.variant<tensor<1xi32>>> {
  %o = "tf.OptionalFromValue"(%i) : (tensor<1xi32>) -> tensor<!tf_type.variant<tensor<1xi32>>>
  return %o : tensor<!tf_type.variant<tensor<1xi32>>>
}

// -----

// A union read as an element type no value put in has.

func.func @read_other(%p: tensor<i1>, %x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<*xi64> {
  %o = "tf.If"(%p, %x, %i) <{else_branch = @ints, then_branch = @floats, is_stateless = true}> : (tensor<i1>, tensor<4xf32>, tensor<1xi32>) -> tensor<*x!tf_type.variant>
  // expected-error @+1 {{'tf.OptionalGetValue' op reads a value of element type 'i64' from an optional that holds none}}
  %v = "tf.OptionalGetValue"(%o) : (tensor<*x!tf_type.variant>) -> tensor<*xi64>
  return %v : tensor<*xi64>
}
func.func private @floats(%x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<!tf_type.variant<tensor<4xf32>>> {
  %o = "tf.OptionalFromValue"(%x) : (tensor<4xf32>) -> tensor<!tf_type.variant<tensor<4xf32>>>
  return %o : tensor<!tf_type.variant<tensor<4xf32>>>
}
func.func private @ints(%x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<!tf_type.variant<tensor<1xi32>>> {
  %o = "tf.OptionalFromValue"(%i) : (tensor<1xi32>) -> tensor<!tf_type.variant<tensor<1xi32>>>
  return %o : tensor<!tf_type.variant<tensor<1xi32>>>
}
