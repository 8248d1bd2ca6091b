// Diagnostics of ta.create, ta.size and ta.close.
// RUN: ta-opt %s -split-input-file -verify-diagnostics

func.func @create_grad(%n: index) {
  // expected-error @+1 {{'ta.create' op result must be a forward TensorArray handle, not an accumulator; accumulators come from 'ta.grad' and 'ta.grad_with_shape'}}
  %h, %f = ta.create %n : !ta.handle<4, tensor<2xf32>, grad>
  return
}

// -----

func.func @dynamic_static_size(%n: index) {
  // expected-error @+1 {{'ta.create' op dynamic_size requires the handle SIZE to be '?', got 4}}
  %h, %f = ta.create %n {dynamic_size = true} : !ta.handle<4, tensor<2xf32>>
  return
}

// -----

func.func @negative_size() {
  %n = arith.constant -1 : index
  // expected-error @+1 {{'ta.create' op size must be non-negative, got -1}}
  %h, %f = ta.create %n : !ta.handle<?, tensor<2xf32>>
  return
}

// -----

func.func @size_mismatch() {
  %n = arith.constant 3 : index
  // expected-error @+1 {{'ta.create' op size 3 does not match the handle SIZE 4}}
  %h, %f = ta.create %n : !ta.handle<4, tensor<2xf32>>
  return
}

// -----

func.func @create_size_type(%n: i32) {
  // expected-error @+1 {{'ta.create' op operand #0 must be index, but got 'i32'}}
  %h:2 = "ta.create"(%n) : (i32) -> (!ta.handle<4, tensor<2xf32>>, !ta.flow)
  return
}

// -----

func.func @create_bad_attr(%n: index) {
  // expected-error @+1 {{'ta.create' op attribute 'dynamic_size' failed to satisfy constraint: bool attribute}}
  %h:2 = "ta.create"(%n) {dynamic_size = 1 : i32} : (index) -> (!ta.handle<?, tensor<2xf32>>, !ta.flow)
  return
}

// -----

func.func @create_flow_type(%n: index) {
  // expected-error @+1 {{'ta.create' op result #1 must be ordering token of TensorArray side effects, but got 'f32'}}
  %h:2 = "ta.create"(%n) : (index) -> (!ta.handle<4, tensor<2xf32>>, f32)
  return
}

// -----

func.func @size_not_handle(%h: tensor<4xf32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.size' op operand #0 must be handle of a TensorArray or of a gradient accumulator, but got 'tensor<4xf32>'}}
  %s = "ta.size"(%h, %f) : (tensor<4xf32>, !ta.flow) -> index
  return
}

// -----

func.func @size_flow_type(%h: !ta.handle<4, tensor<2xf32>>, %f: f32) {
  // expected-error @+1 {{'ta.size' op operand #1 must be ordering token of TensorArray side effects, but got 'f32'}}
  %s = "ta.size"(%h, %f) : (!ta.handle<4, tensor<2xf32>>, f32) -> index
  return
}

// -----

func.func @close_not_handle(%h: !ta.flow) {
  // expected-error @+1 {{'ta.close' op operand #0 must be handle of a TensorArray or of a gradient accumulator, but got '!ta.flow'}}
  "ta.close"(%h) : (!ta.flow) -> ()
  return
}
