// Unranked scatter and split values (tensor<*xf32>) into arrays of static
// element shape, which ta lays out itself: the value is used as a ranked
// one where its rank is the one the element shape asks for. In strict mode
// a scalar fails first with TensorFlow's text, and a value of another rank
// fails where TensorFlow's first write does (after the count, index and sum
// checks), with the element's shape in the message; with checks=none such
// an (invalid) program writes nothing and must not crash. Expected values
// and texts are TensorFlow's (tensor_array_ops.cc, tensor_array.h).
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e values %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e values %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e scatter_scalar %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SCSCALAR
// RUN: not %run_cpu -e scatter_rank %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SCRANK
// RUN: not %run_cpu -e split_scalar %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SPSCALAR
// RUN: not %run_cpu -e split_rank %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SPRANK
// RUN: %run_cpu -e scatter_rank %t.none.mlir
// RUN: not %run_cpu -e write_cast %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=WCAST
// RUN: not %run_cpu -e write_cast_open %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=WCASTO
// RUN: %run_cpu -e split_rank %t.none.mlir

!S = !ta.handle<2, tensor<3xf32>>
!P = !ta.handle<2, tensor<1x3xf32>>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<2x3xf32>) {
  %u = tensor.cast %t : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Scatter [[1, 2, 3], [4, 5, 6]] to slots 1 and 0; split the same rows,
// lengths [1, 1], into elements [1, 3]; a scatter of a value of another
// rank with no index writes nothing (valid); a scatter of a strided value
// (columns 1-3 of a 2x4) writes its elements.
// CHECK: {{\[}}[4,   5,   6],
// CHECK-NEXT: [1,   2,   3]]
// CHECK: {{\[}}[1,   2,   3],
// CHECK-NEXT: [4,   5,   6]]
// CHECK: {{\[}}[0,   0,   0],
// CHECK-NEXT: [0,   0,   0]]
// CHECK: {{\[}}[12,   13,   14],
// CHECK-NEXT: [16,   17,   18]]
func.func @values() {
  %rows0 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %rows = tensor.cast %rows0 : tensor<2x3xf32> to tensor<*xf32>
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 {clear_after_read = false} : !S
  %back = arith.constant dense<[1, 0]> : tensor<2xi32>
  %f1 = ta.scatter %h[%back], %rows, %f : !S, tensor<2xi32>, tensor<*xf32>
  %both = arith.constant dense<[0, 1]> : tensor<2xi32>
  %g = ta.gather %h[%both], %f1 : !S, tensor<2xi32>
  call @show(%g) : (tensor<2x3xf32>) -> ()

  %p, %pf = ta.create %c2 : !P
  %lengths = arith.constant dense<[1, 1]> : tensor<2xi64>
  %pf1 = ta.split %p, %rows, %lengths, %pf : !P, tensor<*xf32>, tensor<2xi64>
  %v, %l = ta.concat %p, %pf1 : !P
  %vc = tensor.cast %v : tensor<2x3xf32> to tensor<2x3xf32>
  call @show(%vc) : (tensor<2x3xf32>) -> ()

  %none0 = arith.constant dense<> : tensor<0xf32>
  %none = tensor.cast %none0 : tensor<0xf32> to tensor<*xf32>
  %q, %qf = ta.create %c2 : !S
  %noindex = arith.constant dense<> : tensor<0xi32>
  %qf1 = ta.scatter %q[%noindex], %none, %qf : !S, tensor<0xi32>, tensor<*xf32>
  %qg = ta.gather %q[%both], %qf1 : !S, tensor<2xi32>
  call @show(%qg) : (tensor<2x3xf32>) -> ()

  %w0 = arith.constant dense<[[11.0, 12.0, 13.0, 14.0], [15.0, 16.0, 17.0, 18.0]]> : tensor<2x4xf32>
  %w = call @opaque(%w0) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %cols = tensor.extract_slice %w[0, 1] [2, 3] [1, 1] : tensor<2x4xf32> to tensor<2x3xf32>
  %colsu = tensor.cast %cols : tensor<2x3xf32> to tensor<*xf32>
  %t, %tf = ta.create %c2 {clear_after_read = false} : !S
  %tf1 = ta.scatter %t[%both], %colsu, %tf : !S, tensor<2xi32>, tensor<*xf32>
  %tg = ta.gather %t[%both], %tf1 : !S, tensor<2xi32>
  call @show(%tg) : (tensor<2x3xf32>) -> ()
  return
}

func.func @opaque(%m: tensor<2x4xf32>) -> tensor<2x4xf32> {
  return %m : tensor<2x4xf32>
}

// SCSCALAR: ta runtime error: Input value for unpack must be at least a vector but received shape: []
func.func @scatter_scalar() {
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !S
  %i = arith.constant dense<[0]> : tensor<1xi32>
  %f1 = ta.scatter %h[%i], %s, %f : !S, tensor<1xi32>, tensor<*xf32>
  return
}

// Rows of rank 0 for elements [3]: the first write fails.
// SCRANK: ta runtime error: TensorArray ta: Could not write to TensorArray index 0 because the value shape is [] which is incompatible with the TensorArray's inferred element shape: [3] (consider setting infer_shape=False).
func.func @scatter_rank() {
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !S
  %i = arith.constant dense<[0, 1]> : tensor<2xi32>
  %f1 = ta.scatter %h[%i], %v, %f : !S, tensor<2xi32>, tensor<*xf32>
  return
}

// SPSCALAR: ta runtime error: Expected value to be at least a vector, but received shape: []
func.func @split_scalar() {
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !P
  %l = arith.constant dense<[1, 1]> : tensor<2xi64>
  %f1 = ta.split %h, %s, %l, %f : !P, tensor<*xf32>, tensor<2xi64>
  return
}

// A value of rank 1 for elements [1, 3]: element 0 would be [1].
// SPRANK: ta runtime error: TensorArray ta: Could not write to TensorArray index 0 because the value shape is [1] which is incompatible with the TensorArray's inferred element shape: [1,3] (consider setting infer_shape=False).
func.func @split_rank() {
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !P
  %l = arith.constant dense<[1, 1]> : tensor<2xi64>
  %f1 = ta.split %h, %v, %l, %f : !P, tensor<*xf32>, tensor<2xi64>
  return
}

// A write of a value whose type, through casts, is statically another shape
// (tensor<3xf32> as tensor<*xf32> or tensor<?xf32>) compiles (the casts
// must not fold into a copy of memref<3xf32> to memref<2xf32>: found by the
// differential generator) and fails with TensorFlow's write error.
// WCAST: ta runtime error: TensorArray ta: Could not write to TensorArray index 0 because the value shape is [3] which is incompatible with the TensorArray's inferred element shape: [2] (consider setting infer_shape=False).
func.func @write_cast() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !ta.handle<2, tensor<2xf32>>
  %t = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %u = tensor.cast %t : tensor<3xf32> to tensor<*xf32>
  %f1 = ta.write %h[%c0], %u, %f : !ta.handle<2, tensor<2xf32>>, tensor<*xf32>
  return
}

// WCASTO: ta runtime error: TensorArray ta@g: Could not write to TensorArray index 1 because the value shape is [3] which is incompatible with the TensorArray's inferred element shape: [2] (consider setting infer_shape=False).
func.func @write_cast_open() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !ta.handle<2, tensor<2xf32>>
  %g, %gf = ta.grad %h, %f source "g" : !ta.handle<2, tensor<2xf32>>
  %t = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %u = tensor.cast %t : tensor<3xf32> to tensor<?xf32>
  %gf1 = ta.write %g[%c1], %u, %gf : !ta.handle<2, tensor<2xf32>, grad>, tensor<?xf32>
  return
}
