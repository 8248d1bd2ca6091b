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

// Element types TensorFlow has no dtype for, whose padded layout the
// lowering's byte sizes would miss.
// expected-error @+1 {{TensorArray element must have elements of 1, 8, 16, 32 or 64 bits (TensorFlow's dtypes), got 'tensor<2xi24>'}}
func.func @odd_width(%h: !ta.handle<4, tensor<2xi24>>)

// -----

// expected-error @+1 {{TensorArray element must have elements of 1, 8, 16, 32 or 64 bits (TensorFlow's dtypes), got 'tensor<f80>'}}
func.func @x87_float(%h: !ta.handle<4, tensor<f80>>)

// -----

// expected-error @+1 {{TensorArray element must have elements of 1, 8, 16, 32 or 64 bits (TensorFlow's dtypes), got 'tensor<3xi4>'}}
func.func @nibbles(%h: !ta.handle<4, tensor<3xi4>>)

// -----

// TensorFlow's 8-bit floats and bfloat16 are dtypes.
func.func private @small_floats(%a: !ta.handle<4, tensor<2xf8E4M3FN>>, %b: !ta.handle<4, tensor<2xbf16>>, %c: !ta.handle<4, tensor<2xui8>>)

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

// -----

// TensorShape's limit, in bytes: 2^64 values of a byte (TensorFlow: "would
// have more than 2**63 - 1 elements"); the byte size wraps to 0 otherwise.
// expected-error @+1 {{TensorArray element 'tensor<4294967296x4294967296xi8>' would have more than 2**63 - 1 bytes}}
func.func @too_many_values(%h: !ta.handle<4, tensor<4294967296x4294967296xi8>>)

// -----

// 2^61 values of 4 bytes: the values fit in an int64, their bytes do not.
// expected-error @+1 {{TensorArray element 'tensor<2305843009213693952xf32>' would have more than 2**63 - 1 bytes}}
func.func @too_many_bytes(%h: !ta.handle<?, tensor<2305843009213693952xf32>>)

// -----

// The largest element that fits: 2^63 - 1 bytes (an open dim does not count).
func.func private @largest(%h: !ta.handle<?, tensor<9223372036854775807xi8>>,
                           %g: !ta.handle<?, tensor<?x1152921504606846975xf64>>)
