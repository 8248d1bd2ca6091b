// RUN: ta-opt --allow-unregistered-dialect --ta-tf-read-variables %s -split-input-file -verify-diagnostics

// A variable assigned in a called function (or a loop body, a branch):
// its value would have to come back out of the call.

func.func @written_in_callee(%w: tensor<!tf_type.resource<tensor<3xf32>>>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %v = "tf.ReadVariableOp"(%w) : (tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<3xf32>
  "tf.StatefulPartitionedCall"(%w, %x) <{f = @assign}> : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  return %v : tensor<3xf32>
}
func.func private @assign(%w: tensor<!tf_type.resource<tensor<3xf32>>>, %x: tensor<3xf32>) {
  // expected-error @+1 {{'tf.AssignVariableOp' op assigns a variable the program takes as argument #0 inside a loop, branch or called function; ta-import-tf takes assignments in the function's own body}}
  "tf.AssignVariableOp"(%w, %x) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  return
}

// -----

// A value of another shape than the variable's.

func.func @assign_other_shape(%w: tensor<!tf_type.resource<tensor<3xf32>>>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'tf.AssignVariableOp' op assigns a value of type 'tensor<4xf32>' to a variable of type 'tensor<3xf32>'; ta-import-tf takes values of the variable's type, their dims checked at run time}}
  "tf.AssignVariableOp"(%w, %x) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<4xf32>) -> ()
  return
}

// -----

// Other ops on an assigned variable.

func.func @assigned_and_destroyed(%w: tensor<!tf_type.resource<tensor<3xf32>>>, %x: tensor<3xf32>) {
  "tf.AssignVariableOp"(%w, %x) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  // expected-error @+1 {{'tf.DestroyResourceOp' op uses a variable the program takes as argument #0; ta-import-tf imports variables a program reads and assigns (ReadVariableOp, VariableShape, ResourceGather, AssignVariableOp, AssignAddVariableOp, AssignSubVariableOp)}}
  "tf.DestroyResourceOp"(%w) : (tensor<!tf_type.resource<tensor<3xf32>>>) -> ()
  return
}

// -----

// A variable whose value's type the argument does not name.

// expected-error @+1 {{variable argument #0 needs the static type of its value, of integers or floats: its resource type's (`tensor<!tf_type.resource<tensor<4x3xf32>>>`) or its `ta.variable_type` attribute's (ta.from_tensorflow writes it)}}
func.func @untyped(%w: tensor<*x!tf_type.resource>) -> tensor<*xf32> {
  %v = "tf.ReadVariableOp"(%w) : (tensor<*x!tf_type.resource>) -> tensor<*xf32>
  return %v : tensor<*xf32>
}

// -----

// An assigned variable passed to an op that is neither a read, an
// assignment nor a carrier.

func.func @assigned_and_used(%w: tensor<!tf_type.resource<tensor<3xf32>>>, %x: tensor<3xf32>) {
  "tf.AssignVariableOp"(%w, %x) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  // expected-error @+1 {{'tf.Mystery' op uses a variable the program takes as argument #0; ta-import-tf imports variables a program reads and assigns (ReadVariableOp, VariableShape, ResourceGather, AssignVariableOp, AssignAddVariableOp, AssignSubVariableOp)}}
  "tf.Mystery"(%x, %w) : (tensor<3xf32>, tensor<!tf_type.resource<tensor<3xf32>>>) -> ()
  return
}

// -----

// An assigned variable in a body that does not end in a return (an
// unregistered op is not known to be no terminator, so it verifies): its
// value has nowhere to go.

// expected-error @+1 {{'func.func' op assigns a variable the program takes as argument #0 but its body does not end in 'func.return'}}
func.func @no_return(%w: tensor<!tf_type.resource<tensor<3xf32>>>, %x: tensor<3xf32>) {
  "tf.AssignVariableOp"(%w, %x) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  "tf.Mystery"(%x) : (tensor<3xf32>) -> ()
}
