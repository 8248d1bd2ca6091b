// Diagnostics of ta.grad and ta.grad_with_shape.
// RUN: ta-opt %s -split-input-file -verify-diagnostics

func.func @grad_of_grad(%h: !ta.handle<4, tensor<2xf32>, grad>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.grad' op cannot take the gradient of a gradient accumulator (TensorFlow: "Wrong input container.")}}
  %g, %gf = ta.grad %h, %f source "gradients" : !ta.handle<4, tensor<2xf32>, grad>
  return
}

// -----

func.func @grad_empty_source(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.grad' op source must not be empty}}
  %g, %gf = ta.grad %h, %f source "" : !ta.handle<4, tensor<2xf32>>
  return
}

// -----

func.func @grad_missing_source(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.grad' op requires attribute 'source'}}
  %g:2 = "ta.grad"(%h, %f) : (!ta.handle<4, tensor<2xf32>>, !ta.flow) -> (!ta.handle<4, tensor<2xf32>, grad>, !ta.flow)
  return
}

// -----

func.func @grad_result_type(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  // expected-error @+2 {{'ta.grad' op inferred type(s) '!ta.handle<4, tensor<2xf32>, grad>', '!ta.flow' are incompatible with return type(s) of operation '!ta.handle<4, tensor<2xf32>>', '!ta.flow'}}
  // expected-error @+1 {{'ta.grad' op failed to infer returned types}}
  %g:2 = "ta.grad"(%h, %f) {source = "s"} : (!ta.handle<4, tensor<2xf32>>, !ta.flow) -> (!ta.handle<4, tensor<2xf32>>, !ta.flow)
  return
}

// -----

func.func @gws_of_grad(%h: !ta.handle<4, tensor<2xf32>, grad>, %f: !ta.flow,
                       %p: tensor<1xi32>) {
  // expected-error @+1 {{'ta.grad_with_shape' op cannot take the gradient of a gradient accumulator (TensorFlow: "Wrong input container.")}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>, grad>, tensor<1xi32>
  return
}

// -----

func.func @gws_empty_source(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow,
                            %p: tensor<1xi32>) {
  // expected-error @+1 {{'ta.grad_with_shape' op source must not be empty}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32>
  return
}

// -----

func.func @gws_negative_dim(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  %p = arith.constant dense<[3, -1]> : tensor<2xi32>
  // expected-error @+1 {{'ta.grad_with_shape' op shape_to_prepend[1] = -1 is negative}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<2xi32> -> !ta.handle<4, tensor<?x?x2xf32>, grad>
  return
}

// -----

// The same when the result type is inferred while parsing.
func.func @gws_negative_dim_inferred(%h: !ta.handle<4, tensor<2xf32>>,
                                     %f: !ta.flow) {
  %p = arith.constant dense<[-4]> : tensor<1xi32>
  // expected-error @+1 {{'ta.grad_with_shape' op shape_to_prepend[0] = -4 is negative}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32>
  return
}

// -----

func.func @gws_wrong_prepend(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  %p = arith.constant dense<[3]> : tensor<1xi32>
  // expected-error @+1 {{'ta.grad_with_shape' op result type '!ta.handle<4, tensor<5x2xf32>, grad>' does not match the accumulator type '!ta.handle<4, tensor<3x2xf32>, grad>' (element shape = shape_to_prepend ++ forward element shape)}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32> -> !ta.handle<4, tensor<5x2xf32>, grad>
  return
}

// -----

// A non-constant shape_to_prepend gives `?` dims: a static one is a claim
// that the operands do not support.
func.func @gws_static_for_dynamic(%h: !ta.handle<4, tensor<2xf32>>,
                                  %f: !ta.flow, %p: tensor<1xi32>) {
  // expected-error @+1 {{'ta.grad_with_shape' op result type '!ta.handle<4, tensor<3x2xf32>, grad>' does not match the accumulator type '!ta.handle<4, tensor<?x2xf32>, grad>'}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32> -> !ta.handle<4, tensor<3x2xf32>, grad>
  return
}

// -----

func.func @gws_wrong_suffix(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow,
                            %p: tensor<1xi32>) {
  // expected-error @+1 {{'ta.grad_with_shape' op result type '!ta.handle<4, tensor<?x?xf32>, grad>' does not match the accumulator type '!ta.handle<4, tensor<?x2xf32>, grad>'}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32> -> !ta.handle<4, tensor<?x?xf32>, grad>
  return
}

// -----

func.func @gws_wrong_size(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow,
                          %p: tensor<1xi32>) {
  // expected-error @+1 {{'ta.grad_with_shape' op result type '!ta.handle<5, tensor<?x2xf32>, grad>' does not match the accumulator type '!ta.handle<4, tensor<?x2xf32>, grad>'}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32> -> !ta.handle<5, tensor<?x2xf32>, grad>
  return
}

// -----

func.func @gws_not_grad(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow,
                        %p: tensor<1xi32>) {
  // expected-error @+1 {{'ta.grad_with_shape' op result type '!ta.handle<4, tensor<?x2xf32>>' does not match the accumulator type '!ta.handle<4, tensor<?x2xf32>, grad>'}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32> -> !ta.handle<4, tensor<?x2xf32>>
  return
}

// -----

func.func @gws_cannot_infer(%h: tensor<4xf32>, %f: !ta.flow,
                            %p: tensor<1xi32>) {
  // expected-error @+1 {{cannot infer the accumulator type; expected '!ta.handle' and a 1-D 'tensor' of 'i32'}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : tensor<4xf32>, tensor<1xi32>
  return
}

// -----

func.func @gws_shape_type(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow,
                          %p: tensor<1xi64>) {
  // expected-error @+1 {{'ta.grad_with_shape' op operand #2 must be 1D tensor of 32-bit signless integer values, but got 'tensor<1xi64>'}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi64> -> !ta.handle<4, tensor<?x2xf32>, grad>
  return
}

// -----

// One accumulator per (array, source): TensorFlow would hand the second
// gradient the first one's [2]-prepended accumulator.
func.func @two_prepend_shapes(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  %p2 = arith.constant dense<[2]> : tensor<1xi32>
  %p3 = arith.constant dense<[3]> : tensor<1xi32>
  // expected-note @+1 {{the other gradient}}
  %g, %gf = ta.grad_with_shape %h, %f, %p2 source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32>
  // expected-error @+1 {{'ta.grad_with_shape' op asks for accumulator elements 'tensor<3x2xf32>' but another gradient of the same array with source "s" has 'tensor<2x2xf32>' (one accumulator per array and source)}}
  %k, %kf = ta.grad_with_shape %h, %f, %p3 source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32>
  return
}

// -----

func.func @grad_then_prepend(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  %p = arith.constant dense<[2]> : tensor<1xi32>
  // expected-note @+1 {{the other gradient}}
  %g, %gf = ta.grad %h, %f source "s" : !ta.handle<4, tensor<2xf32>>
  // expected-error @+1 {{'ta.grad_with_shape' op asks for accumulator elements 'tensor<2x2xf32>' but another gradient of the same array with source "s" has 'tensor<2xf32>' (one accumulator per array and source)}}
  %k, %kf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32>
  return
}

// -----

func.func @prepend_then_grad(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  %p = arith.constant dense<[1, 2]> : tensor<2xi32>
  // expected-note @+1 {{the other gradient}}
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<2xi32>
  // expected-error @+1 {{'ta.grad' op asks for accumulator elements 'tensor<2xf32>' but another gradient of the same array with source "s" has 'tensor<1x2x2xf32>' (one accumulator per array and source)}}
  %k, %kf = ta.grad %h, %f source "s" : !ta.handle<4, tensor<2xf32>>
  return
}
