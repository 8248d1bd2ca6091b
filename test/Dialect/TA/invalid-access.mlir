// Diagnostics of ta.write and ta.read.
// RUN: ta-opt %s -split-input-file -verify-diagnostics

func.func @write_element_type(%h: !ta.handle<4, tensor<2xf32>>, %i: index,
                              %v: tensor<2xi32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.write' op value element type 'i32' does not match the TensorArray element type 'f32'}}
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<2xi32>
  return
}

// -----

func.func @write_shape(%h: !ta.handle<4, tensor<2xf32>>, %i: index,
                       %v: tensor<3xf32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.write' op value type 'tensor<3xf32>' is incompatible with the TensorArray element type 'tensor<2xf32>'}}
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<3xf32>
  return
}

// -----

func.func @write_rank(%h: !ta.handle<4, tensor<?xf32>>, %i: index,
                      %v: tensor<2x2xf32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.write' op value type 'tensor<2x2xf32>' is incompatible with the TensorArray element type 'tensor<?xf32>'}}
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<4, tensor<?xf32>>, tensor<2x2xf32>
  return
}

// -----

// An accumulator's writes must match its (prepended) element shape, which is
// the shape of every soft-written slot.
func.func @write_grad_shape(%h: !ta.handle<4, tensor<5x2xf32>, grad>,
                            %i: index, %v: tensor<2xf32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.write' op value type 'tensor<2xf32>' is incompatible with the TensorArray element type 'tensor<5x2xf32>'}}
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<4, tensor<5x2xf32>, grad>, tensor<2xf32>
  return
}

// -----

func.func @write_negative_index(%h: !ta.handle<?, tensor<2xf32>>,
                                %v: tensor<2xf32>, %f: !ta.flow) {
  %i = arith.constant -1 : index
  // expected-error @+1 {{'ta.write' op index -1 is negative; TensorArray indices start at 0}}
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
  return
}

// -----

func.func @write_out_of_bounds(%h: !ta.handle<4, tensor<2xf32>>,
                               %v: tensor<2xf32>, %f: !ta.flow) {
  %i = arith.constant 4 : index
  // expected-error @+1 {{'ta.write' op index 4 is out of bounds of a TensorArray of size 4}}
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<2xf32>
  return
}

// -----

func.func @write_index_type(%h: !ta.handle<4, tensor<2xf32>>, %i: i32,
                            %v: tensor<2xf32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.write' op operand #1 must be index, but got 'i32'}}
  %f1 = "ta.write"(%h, %i, %v, %f) : (!ta.handle<4, tensor<2xf32>>, i32, tensor<2xf32>, !ta.flow) -> !ta.flow
  return
}

// -----

func.func @write_value_not_tensor(%h: !ta.handle<4, tensor<2xf32>>, %i: index,
                                  %v: f32, %f: !ta.flow) {
  // expected-error @+1 {{'ta.write' op operand #2 must be tensor of any type values, but got 'f32'}}
  %f1 = "ta.write"(%h, %i, %v, %f) : (!ta.handle<4, tensor<2xf32>>, index, f32, !ta.flow) -> !ta.flow
  return
}

// -----

func.func @read_negative_index(%h: !ta.handle<4, tensor<2xf32>, grad>,
                               %f: !ta.flow) {
  %i = arith.constant -3 : index
  // expected-error @+1 {{'ta.read' op index -3 is negative; TensorArray indices start at 0}}
  %v = ta.read %h[%i], %f : !ta.handle<4, tensor<2xf32>, grad>
  return
}

// -----

func.func @read_out_of_bounds(%h: !ta.handle<2, tensor<2xf32>>, %f: !ta.flow) {
  %i = arith.constant 7 : index
  // expected-error @+1 {{'ta.read' op index 7 is out of bounds of a TensorArray of size 2}}
  %v = ta.read %h[%i], %f : !ta.handle<2, tensor<2xf32>>
  return
}

// -----

// Reads past an accumulator's size are valid: they return zeros and grow it.
func.func @read_past_grad_size(%h: !ta.handle<2, tensor<2xf32>, grad>,
                               %f: !ta.flow) -> tensor<2xf32> {
  %i = arith.constant 7 : index
  %v = ta.read %h[%i], %f : !ta.handle<2, tensor<2xf32>, grad>
  return %v : tensor<2xf32>
}

// -----

func.func @read_result_type(%h: !ta.handle<4, tensor<2xf32>>, %i: index,
                            %f: !ta.flow) {
  // expected-error @+2 {{'ta.read' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<?xf32>'}}
  // expected-error @+1 {{'ta.read' op failed to infer returned types}}
  %v = "ta.read"(%h, %i, %f) : (!ta.handle<4, tensor<2xf32>>, index, !ta.flow) -> tensor<?xf32>
  return
}
