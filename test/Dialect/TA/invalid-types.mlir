// RUN: ta-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{TensorArray size must be non-negative or '?', got -2}}
func.func @negative_size(%h: !ta.handle<-2, tensor<2xf32>>)

// -----

// expected-error @+1 {{expected a tensor type as TensorArray element, got 'f32'}}
func.func @not_a_tensor(%h: !ta.handle<4, f32>)

// -----

// expected-error @+1 {{expected a tensor type as TensorArray element, got 'memref<2xf32>'}}
func.func @memref_element(%h: !ta.handle<4, memref<2xf32>>)

// -----

// expected-error @+1 {{TensorArray element must be a tensor of integers or floats, got 'tensor<2xindex>'}}
func.func @index_element(%h: !ta.handle<4, tensor<2xindex>>)

// -----

// expected-error @+1 {{TensorArray element must be a tensor of integers or floats, got 'tensor<2xcomplex<f32>>'}}
func.func @complex_element(%h: !ta.handle<4, tensor<2xcomplex<f32>>>)

// -----

// expected-error @+1 {{expected 'grad'}}
func.func @bad_flag(%h: !ta.handle<4, tensor<2xf32>, growable>)

// -----

// expected-error @+1 {{expected integer value}}
func.func @bad_size(%h: !ta.handle<x, tensor<2xf32>>)

// -----

// expected-error @+1 {{expected '>'}}
func.func @trailing(%h: !ta.handle<4, tensor<2xf32>, grad, grad>)

// -----

// expected-error @+1 {{unknown  type `unknown_type` in dialect `ta`}}
func.func @unknown_type(%h: !ta.unknown_type)
