// RUN: ta-opt --allow-unregistered-dialect --ta-tf-drop-session-initializers %s -split-input-file -verify-diagnostics | FileCheck %s

// ta-tf-drop-session-initializers alone: a SavedModel import's session
// initializer whose functions are all empty is erased; the functions and
// the program are left as they are.

// CHECK-NOT: session_initializer
// CHECK-LABEL: func.func @init(
// CHECK-NEXT: return
// CHECK-LABEL: func.func @main(
// CHECK: "tf.Neg"
"tf_saved_model.session_initializer"() <{initializers = [@init]}> : () -> ()
func.func @init() attributes {tf_saved_model.exported_names = ["init"]} {
  return
}
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %y = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// An initializer that does work (restores variables, fills tables) would not
// run: diagnosed.
func.func @restore() {
  "tf.NoOp"() : () -> ()
  return
}
// expected-error @+1 {{'tf_saved_model.session_initializer' op runs session initializers that do something @restore (variables, tables); ta-import-tf imports programs whose initializers are empty}}
"tf_saved_model.session_initializer"() <{initializers = [@restore]}> : () -> ()
