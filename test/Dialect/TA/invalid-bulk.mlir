// Diagnostics of ta.gather, ta.scatter, ta.concat and ta.split.
// RUN: ta-opt %s -split-input-file -verify-diagnostics

func.func @gather_out_of_bounds(%h: !ta.handle<4, tensor<2xf32>>,
                                %f: !ta.flow) {
  %idx = arith.constant dense<[0, 4]> : tensor<2xi32>
  // expected-error @+1 {{'ta.gather' op indices[1] = 4 is out of bounds of a TensorArray of size 4}}
  %v = ta.gather %h[%idx], %f : !ta.handle<4, tensor<2xf32>>, tensor<2xi32>
  return
}

// -----

func.func @gather_negative(%h: !ta.handle<?, tensor<2xf32>>, %f: !ta.flow) {
  %idx = arith.constant dense<[-1]> : tensor<1xi64>
  // expected-error @+1 {{'ta.gather' op indices[0] = -1 is negative; TensorArray indices start at 0}}
  %v = ta.gather %h[%idx], %f : !ta.handle<?, tensor<2xf32>>, tensor<1xi64>
  return
}

// -----

func.func @gather_indices_rank(%h: !ta.handle<4, tensor<2xf32>>,
                               %idx: tensor<2x2xi32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.gather' op operand #1 must be 1D tensor of signless integer of at most 64 bits values, but got 'tensor<2x2xi32>'}}
  %v = "ta.gather"(%h, %idx, %f) : (!ta.handle<4, tensor<2xf32>>, tensor<2x2xi32>, !ta.flow) -> tensor<2x2x2xf32>
  return
}

// -----

func.func @gather_result_type(%h: !ta.handle<4, tensor<2xf32>>,
                              %idx: tensor<3xi32>, %f: !ta.flow) {
  // expected-error @+2 {{'ta.gather' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{'ta.gather' op failed to infer returned types}}
  %v = "ta.gather"(%h, %idx, %f) : (!ta.handle<4, tensor<2xf32>>, tensor<3xi32>, !ta.flow) -> tensor<2x3xf32>
  return
}

// -----

func.func @scatter_scalar(%h: !ta.handle<4, tensor<f32>>, %idx: tensor<1xi32>,
                          %v: tensor<f32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.scatter' op value must have rank >= 1, got 'tensor<f32>'}}
  %f1 = ta.scatter %h[%idx], %v, %f : !ta.handle<4, tensor<f32>>, tensor<1xi32>, tensor<f32>
  return
}

// -----

func.func @scatter_element_type(%h: !ta.handle<4, tensor<2xf32>>,
                                %idx: tensor<1xi32>, %v: tensor<1x2xf16>,
                                %f: !ta.flow) {
  // expected-error @+1 {{'ta.scatter' op value element type 'f16' does not match the TensorArray element type 'f32'}}
  %f1 = ta.scatter %h[%idx], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<1xi32>, tensor<1x2xf16>
  return
}

// -----

func.func @scatter_length(%h: !ta.handle<4, tensor<2xf32>>, %idx: tensor<2xi32>,
                          %v: tensor<3x2xf32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.scatter' op value dim 0 (3) does not match the number of indices (2)}}
  %f1 = ta.scatter %h[%idx], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<2xi32>, tensor<3x2xf32>
  return
}

// -----

func.func @scatter_row_shape(%h: !ta.handle<4, tensor<2xf32>>,
                             %idx: tensor<2xi32>, %v: tensor<2x3xf32>,
                             %f: !ta.flow) {
  // expected-error @+1 {{'ta.scatter' op value row type 'tensor<3xf32>' is incompatible with the TensorArray element type 'tensor<2xf32>'}}
  %f1 = ta.scatter %h[%idx], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<2xi32>, tensor<2x3xf32>
  return
}

// -----

func.func @scatter_out_of_bounds(%h: !ta.handle<4, tensor<2xf32>>,
                                 %v: tensor<2x2xf32>, %f: !ta.flow) {
  %idx = arith.constant dense<[1, 9]> : tensor<2xi32>
  // expected-error @+1 {{'ta.scatter' op indices[1] = 9 is out of bounds of a TensorArray of size 4}}
  %f1 = ta.scatter %h[%idx], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<2xi32>, tensor<2x2xf32>
  return
}

// -----

func.func @scatter_duplicate(%h: !ta.handle<4, tensor<2xf32>>,
                             %v: tensor<3x2xf32>, %f: !ta.flow) {
  %idx = arith.constant dense<[1, 2, 1]> : tensor<3xi32>
  // expected-error @+1 {{'ta.scatter' op indices[2] = 1 repeats indices[0]; a slot of a forward TensorArray can be written once}}
  %f1 = ta.scatter %h[%idx], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<3xi32>, tensor<3x2xf32>
  return
}

// -----

// Duplicate indices into an accumulator sum: valid.
func.func @scatter_duplicate_grad(%h: !ta.handle<4, tensor<2xf32>, grad>,
                                  %v: tensor<3x2xf32>, %f: !ta.flow) {
  %idx = arith.constant dense<[1, 2, 1]> : tensor<3xi32>
  %f1 = ta.scatter %h[%idx], %v, %f : !ta.handle<4, tensor<2xf32>, grad>, tensor<3xi32>, tensor<3x2xf32>
  return
}

// -----

func.func @concat_scalars(%h: !ta.handle<4, tensor<f32>>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.concat' op cannot concat a TensorArray of scalar elements 'tensor<f32>'}}
  %v, %l = ta.concat %h, %f : !ta.handle<4, tensor<f32>>
  return
}

// -----

func.func @concat_result_type(%h: !ta.handle<4, tensor<2x3xf32>>, %f: !ta.flow) {
  // expected-error @+2 {{'ta.concat' op inferred type(s) 'tensor<8x3xf32>', 'tensor<?xi64>' are incompatible with return type(s) of operation 'tensor<?x3xf32>', 'tensor<?xi64>'}}
  // expected-error @+1 {{'ta.concat' op failed to infer returned types}}
  %v:2 = "ta.concat"(%h, %f) : (!ta.handle<4, tensor<2x3xf32>>, !ta.flow) -> (tensor<?x3xf32>, tensor<?xi64>)
  return
}

// -----

func.func @split_scalars(%h: !ta.handle<4, tensor<f32>>, %v: tensor<4xf32>,
                         %l: tensor<4xi64>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.split' op cannot split into a TensorArray of scalar elements 'tensor<f32>'}}
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<4, tensor<f32>>, tensor<4xf32>, tensor<4xi64>
  return
}

// -----

func.func @split_scalar_value(%h: !ta.handle<4, tensor<?xf32>>, %v: tensor<f32>,
                              %l: tensor<4xi64>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.split' op value must have rank >= 1, got 'tensor<f32>'}}
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<4, tensor<?xf32>>, tensor<f32>, tensor<4xi64>
  return
}

// -----

func.func @split_element_type(%h: !ta.handle<4, tensor<?xf32>>, %v: tensor<8xi32>,
                              %l: tensor<4xi64>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.split' op value element type 'i32' does not match the TensorArray element type 'f32'}}
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<4, tensor<?xf32>>, tensor<8xi32>, tensor<4xi64>
  return
}

// -----

func.func @split_rank(%h: !ta.handle<4, tensor<2xf32>>, %v: tensor<8x2xf32>,
                      %l: tensor<4xi64>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.split' op value type 'tensor<8x2xf32>' is incompatible with the TensorArray element type 'tensor<2xf32>' beyond dim 0}}
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<4, tensor<2xf32>>, tensor<8x2xf32>, tensor<4xi64>
  return
}

// -----

func.func @split_trailing(%h: !ta.handle<4, tensor<2x3xf32>>, %v: tensor<8x4xf32>,
                          %l: tensor<4xi64>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.split' op value type 'tensor<8x4xf32>' is incompatible with the TensorArray element type 'tensor<2x3xf32>' beyond dim 0}}
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<4, tensor<2x3xf32>>, tensor<8x4xf32>, tensor<4xi64>
  return
}

// -----

func.func @split_count(%h: !ta.handle<4, tensor<?xf32>>, %v: tensor<8xf32>,
                       %l: tensor<3xi64>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.split' op number of lengths (3) does not match the TensorArray size 4}}
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<4, tensor<?xf32>>, tensor<8xf32>, tensor<3xi64>
  return
}

// -----

func.func @split_negative_length(%h: !ta.handle<?, tensor<?xf32>>,
                                 %v: tensor<8xf32>, %f: !ta.flow) {
  %l = arith.constant dense<[9, -1]> : tensor<2xi64>
  // expected-error @+1 {{'ta.split' op lengths[1] = -1 is negative}}
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<?, tensor<?xf32>>, tensor<8xf32>, tensor<2xi64>
  return
}

// -----

func.func @split_piece_shape(%h: !ta.handle<?, tensor<2xf32>>,
                             %v: tensor<8xf32>, %f: !ta.flow) {
  %l = arith.constant dense<[2, 3, 3]> : tensor<3xi64>
  // expected-error @+1 {{'ta.split' op lengths[1] = 3 does not match the element dim 0 (2)}}
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<?, tensor<2xf32>>, tensor<8xf32>, tensor<3xi64>
  return
}

// -----

func.func @split_sum(%h: !ta.handle<?, tensor<?xf32>>, %v: tensor<8xf32>,
                     %f: !ta.flow) {
  %l = arith.constant dense<[2, 5]> : tensor<2xi64>
  // expected-error @+1 {{'ta.split' op sum of lengths (7) does not match value dim 0 (8)}}
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<?, tensor<?xf32>>, tensor<8xf32>, tensor<2xi64>
  return
}

// -----

func.func @split_lengths_type(%h: !ta.handle<4, tensor<2xf32>>, %v: tensor<8xf32>,
                              %l: tensor<4xi32>, %f: !ta.flow) {
  // expected-error @+1 {{'ta.split' op operand #2 must be 1D tensor of 64-bit signless integer values, but got 'tensor<4xi32>'}}
  %f1 = "ta.split"(%h, %v, %l, %f) : (!ta.handle<4, tensor<2xf32>>, tensor<8xf32>, tensor<4xi32>, !ta.flow) -> !ta.flow
  return
}

// -----

// Indices wider than 64 bits: each is read as an int64.
func.func @gather_wide_indices(%h: !ta.handle<3, tensor<2xf32>>, %i: tensor<3xi128>, %f: !ta.flow) -> tensor<3x2xf32> {
  // expected-error @+1 {{'ta.gather' op operand #1 must be 1D tensor of signless integer of at most 64 bits values, but got 'tensor<3xi128>'}}
  %v = ta.gather %h[%i], %f : !ta.handle<3, tensor<2xf32>>, tensor<3xi128>
  return %v : tensor<3x2xf32>
}

// -----

func.func @scatter_wide_indices(%h: !ta.handle<3, tensor<2xf32>>, %i: tensor<3xi65>, %v: tensor<3x2xf32>, %f: !ta.flow) -> !ta.flow {
  // expected-error @+1 {{'ta.scatter' op operand #1 must be 1D tensor of signless integer of at most 64 bits values, but got 'tensor<3xi65>'}}
  %f1 = ta.scatter %h[%i], %v, %f : !ta.handle<3, tensor<2xf32>>, tensor<3xi65>, tensor<3x2xf32>
  return %f1 : !ta.flow
}
