// Diagnostics of ta.unbatch_grad.
// RUN: ta-opt %s -split-input-file -verify-diagnostics

func.func @batch_index_columns(%o: tensor<?x2xf32>, %bi: tensor<?x2xi64>,
                               %g: tensor<?x2xf32>, %id: i64) {
  // expected-error @+1 {{'ta.unbatch_grad' op batch_index must have shape [?, 3], got 'tensor<?x2xi64>'}}
  %r = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x2xf32>, tensor<?x2xi64>, tensor<?x2xf32>
  return
}

// -----

func.func @batch_index_rank(%o: tensor<?x2xf32>, %bi: tensor<3xi64>,
                            %g: tensor<?x2xf32>, %id: i64) {
  // expected-error @+1 {{'ta.unbatch_grad' op operand #1 must be 2D tensor of 64-bit signless integer values, but got 'tensor<3xi64>'}}
  %r = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x2xf32>, tensor<3xi64>, tensor<?x2xf32>
  return
}

// -----

func.func @batch_index_type(%o: tensor<?x2xf32>, %bi: tensor<?x3xi32>,
                            %g: tensor<?x2xf32>, %id: i64) {
  // expected-error @+1 {{'ta.unbatch_grad' op operand #1 must be 2D tensor of 64-bit signless integer values, but got 'tensor<?x3xi32>'}}
  %r = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x2xf32>, tensor<?x3xi32>, tensor<?x2xf32>
  return
}

// -----

func.func @scalar_grad(%o: tensor<f32>, %bi: tensor<?x3xi64>, %g: tensor<f32>,
                       %id: i64) {
  // expected-error @+1 {{'ta.unbatch_grad' op grad must have rank >= 1 (the result is [?] ++ grad.shape[1:]), got 'tensor<f32>'}}
  %r = ta.unbatch_grad %o, %bi, %g, %id : tensor<f32>, tensor<?x3xi64>, tensor<f32>
  return
}

// -----

func.func @grad_dtype(%o: tensor<?x2xindex>, %bi: tensor<?x3xi64>,
                      %g: tensor<?x2xindex>, %id: i64) {
  // expected-error @+1 {{'ta.unbatch_grad' op grad must be a tensor of integers or floats, got 'tensor<?x2xindex>'}}
  %r = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x2xindex>, tensor<?x3xi64>, tensor<?x2xindex>
  return
}

// -----

func.func @element_types(%o: tensor<?x2xi32>, %bi: tensor<?x3xi64>,
                         %g: tensor<?x2xf32>, %id: i64) {
  // expected-error @+1 {{'ta.unbatch_grad' op original_input element type 'i32' does not match the grad element type 'f32'}}
  %r = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x2xi32>, tensor<?x3xi64>, tensor<?x2xf32>
  return
}

// -----

func.func @ranks(%o: tensor<?xf32>, %bi: tensor<?x3xi64>, %g: tensor<?x2xf32>,
                 %id: i64) {
  // expected-error @+1 {{'ta.unbatch_grad' op original_input rank 1 does not match the grad rank 2}}
  %r = ta.unbatch_grad %o, %bi, %g, %id : tensor<?xf32>, tensor<?x3xi64>, tensor<?x2xf32>
  return
}

// -----

func.func @trailing_dims(%o: tensor<?x3xf32>, %bi: tensor<?x3xi64>,
                         %g: tensor<?x4xf32>, %id: i64) {
  // expected-error @+1 {{'ta.unbatch_grad' op original_input type 'tensor<?x3xf32>' and grad type 'tensor<?x4xf32>' differ beyond dim 0}}
  %r = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x3xf32>, tensor<?x3xi64>, tensor<?x4xf32>
  return
}

// -----

func.func @id_type(%o: tensor<?x2xf32>, %bi: tensor<?x3xi64>,
                   %g: tensor<?x2xf32>, %id: i32) {
  // expected-error @+1 {{'ta.unbatch_grad' op operand #3 must be 64-bit signless integer, but got 'i32'}}
  %r = "ta.unbatch_grad"(%o, %bi, %g, %id) : (tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>, i32) -> tensor<?x2xf32>
  return
}

// -----

func.func @result_type(%o: tensor<?x2xf32>, %bi: tensor<?x3xi64>,
                       %g: tensor<3x2xf32>, %id: i64) {
  // expected-error @+2 {{'ta.unbatch_grad' op inferred type(s) 'tensor<?x2xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{'ta.unbatch_grad' op failed to infer returned types}}
  %r = "ta.unbatch_grad"(%o, %bi, %g, %id) : (tensor<?x2xf32>, tensor<?x3xi64>, tensor<3x2xf32>, i64) -> tensor<3x2xf32>
  return
}

// -----

func.func @timeout(%o: tensor<?x2xf32>, %bi: tensor<?x3xi64>,
                   %g: tensor<?x2xf32>, %id: i64) {
  // expected-error @+1 {{'ta.unbatch_grad' op attribute 'timeout_micros' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %r = ta.unbatch_grad %o, %bi, %g, %id {timeout_micros = 0} : tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>
  return
}
