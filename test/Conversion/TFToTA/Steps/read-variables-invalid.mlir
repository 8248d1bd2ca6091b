// RUN: ta-opt --allow-unregistered-dialect --ta-tf-read-variables %s -split-input-file -verify-diagnostics

// A variable the program writes is not a value the caller can pass.

func.func @written(%w: tensor<!tf_type.resource<tensor<3xf32>>>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %v = "tf.ReadVariableOp"(%w) : (tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<3xf32>
  // expected-error @+1 {{'tf.AssignVariableOp' op uses a variable the program takes as argument #0; ta-import-tf imports variables a program only reads (ReadVariableOp, VariableShape, ResourceGather)}}
  "tf.AssignVariableOp"(%w, %x) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  return %v : tensor<3xf32>
}

// -----

// A variable whose value's type the argument does not name.

// expected-error @+1 {{variable argument #0 needs the static type of its value, of integers or floats: its resource type's (`tensor<!tf_type.resource<tensor<4x3xf32>>>`) or its `ta.variable_type` attribute's (ta.from_tensorflow writes it)}}
func.func @untyped(%w: tensor<*x!tf_type.resource>) -> tensor<*xf32> {
  %v = "tf.ReadVariableOp"(%w) : (tensor<*x!tf_type.resource>) -> tensor<*xf32>
  return %v : tensor<*xf32>
}
