// Run-time errors of arrays whose element type is unranked, with
// TensorFlow's messages (its shape's DebugString of an unknown rank is
// "<unknown>"), in both checks modes (the runtime that keeps such arrays
// checks in both): exit status 1, never a crash. Ranks past 32 are ta's
// limit for the shapes the runtime keeps (TensorFlow's is 254).
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: not %run_cpu -e scatter_scalar %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SCSCALAR
// RUN: not %run_cpu -e scatter_scalar %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SCSCALAR
// RUN: not %run_cpu -e split_scalar %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SPSCALAR
// RUN: not %run_cpu -e split_scalar %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SPSCALAR
// RUN: not %run_cpu -e cast_rank %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CASTRANK
// RUN: not %run_cpu -e cast_rank %t.none.mlir 2>&1 | FileCheck %s --check-prefix=CASTRANK
// RUN: not %run_cpu -e read_unknown %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RUNKNOWN
// RUN: not %run_cpu -e read_unknown %t.none.mlir 2>&1 | FileCheck %s --check-prefix=RUNKNOWN
// RUN: not %run_cpu -e gather_ranks %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GRANK
// RUN: not %run_cpu -e gather_ranks %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GRANK
// RUN: not %run_cpu -e concat_scalar %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CSCALAR
// RUN: not %run_cpu -e concat_scalar %t.none.mlir 2>&1 | FileCheck %s --check-prefix=CSCALAR
// RUN: not %run_cpu -e concat_ranks %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CRANK
// RUN: not %run_cpu -e concat_ranks %t.none.mlir 2>&1 | FileCheck %s --check-prefix=CRANK
// RUN: not %run_cpu -e identical_rank %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=IDENT
// RUN: not %run_cpu -e identical_rank %t.none.mlir 2>&1 | FileCheck %s --check-prefix=IDENT
// RUN: not %run_cpu -e gather_zero %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GZERO
// RUN: not %run_cpu -e gather_zero %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GZERO
// RUN: not %run_cpu -e concat_zero %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CZERO
// RUN: not %run_cpu -e concat_zero %t.none.mlir 2>&1 | FileCheck %s --check-prefix=CZERO
// RUN: not %run_cpu -e grad_read_unknown %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GRUNKNOWN
// RUN: not %run_cpu -e grad_read_unknown %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GRUNKNOWN
// RUN: not %run_cpu -e rank_limit %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not %run_cpu -e rank_limit %t.none.mlir 2>&1 | FileCheck %s --check-prefix=RANK

!U = !ta.handle<2, tensor<*xf32>>

// RUNKNOWN: ta runtime error: TensorArray ta: Could not read from TensorArray index 0.  Furthermore, the element shape is not fully defined: <unknown>.
func.func @read_unknown() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U
  %r = ta.read %h[%c0], %f : !U
  return
}

// GRANK: ta runtime error: TensorArray has inconsistent shapes.  Index 0 has shape: [1,2] but index 1 has shape: []
func.func @gather_ranks() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U
  %f1 = ta.write %h[%c0], %a, %f : !U, tensor<*xf32>
  %f2 = ta.write %h[%c1], %s, %f1 : !U, tensor<*xf32>
  %i = arith.constant dense<[0, 1]> : tensor<2xi32>
  %g = ta.gather %h[%i], %f2 : !U, tensor<2xi32>
  return
}

// CSCALAR: ta runtime error: Concat saw a scalar shape at index 1 but requires at least vectors.  Did you mean to call pack?
func.func @concat_scalar() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U
  %f1 = ta.write %h[%c0], %a, %f : !U, tensor<*xf32>
  %f2 = ta.write %h[%c1], %s, %f1 : !U, tensor<*xf32>
  %cv, %l = ta.concat %h, %f2 : !U
  return
}

// CRANK: ta runtime error: TensorArray has inconsistent shapes.  Index 0 has (excepting dimension 0) shape: [2] but index 1 has (excepting dimension 0) shape: []
func.func @concat_ranks() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U
  %f1 = ta.write %h[%c0], %a, %f : !U, tensor<*xf32>
  %f2 = ta.write %h[%c1], %v, %f1 : !U, tensor<*xf32>
  %c, %l = ta.concat %h, %f2 : !U
  return
}

// IDENT: ta runtime error: TensorArray ta: Could not write to TensorArray index 1 because the value shape is [1,2] which is incompatible with the TensorArray's inferred element shape: [2] (consider setting infer_shape=False).
func.func @identical_rank() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 {identical_element_shapes = true} : !U
  %f1 = ta.write %h[%c0], %v, %f : !U, tensor<*xf32>
  %f2 = ta.write %h[%c1], %a, %f1 : !U, tensor<*xf32>
  return
}

// GZERO: ta runtime error: TensorArray has size zero, but element shape <unknown> is not fully defined. Currently only static shapes are supported when packing zero-size TensorArrays.
func.func @gather_zero() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c0 : !ta.handle<0, tensor<*xf32>>
  %i = arith.constant dense<> : tensor<0xi32>
  %g = ta.gather %h[%i], %f : !ta.handle<0, tensor<*xf32>>, tensor<0xi32>
  return
}

// CZERO: ta runtime error: TensorArray has size zero, but element_shape_except0 <unknown> is not fully defined. Currently only static shapes are supported when concatenating zero-size TensorArrays.
func.func @concat_zero() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c0 : !ta.handle<0, tensor<*xf32>>
  %c, %l = ta.concat %h, %f : !ta.handle<0, tensor<*xf32>>
  return
}

// GRUNKNOWN: ta runtime error: TensorArray ta@gradients: Could not read from TensorArray index 1.  Furthermore, the element shape is not fully defined: <unknown>.
func.func @grad_read_unknown() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U
  %f1 = ta.write %h[%c0], %v, %f : !U, tensor<*xf32>
  %g, %gf = ta.grad %h, %f1 source "gradients" : !U
  %r = ta.read %g[%c1], %gf : !ta.handle<2, tensor<*xf32>, grad>
  return
}

// RANK: ta runtime error: ta supports element ranks up to 32, got 33
func.func @rank_limit() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U
  %big0 = arith.constant dense<1.0> : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  %big = tensor.cast %big0 : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> to tensor<*xf32>
  %f1 = ta.write %h[%c0], %big, %f : !U, tensor<*xf32>
  return
}

// A read whose casts give it a rank (made ranked: unranked.mlir @loop) of
// a slot of another rank: ta's error, before any dim is used.
// CASTRANK: ta runtime error: the value read has shape [2], which is not of rank 2, the rank of the program's type for it
func.func private @printMemrefF32(tensor<*xf32>)

func.func @cast_rank() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %v0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U
  %f1 = ta.write %h[%c0], %v, %f : !U, tensor<*xf32>
  %r = ta.read %h[%c0], %f1 : !U
  %rc = tensor.cast %r : tensor<*xf32> to tensor<1x2xf32>
  %u = tensor.cast %rc : tensor<1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// An unranked scatter or split value may be a scalar: TensorFlow's
// messages (no index, and lengths summing to 0, which a scalar's missing
// dim 0 must not pass for).
// SCSCALAR: ta runtime error: Input value for unpack must be at least a vector but received shape: []
func.func @scatter_scalar() {
  %c2 = arith.constant 2 : index
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U
  %i = arith.constant dense<> : tensor<0xi32>
  %f1 = ta.scatter %h[%i], %s, %f : !U, tensor<0xi32>, tensor<*xf32>
  return
}

// SPSCALAR: ta runtime error: Expected value to be at least a vector, but received shape: []
func.func @split_scalar() {
  %c2 = arith.constant 2 : index
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>
  %h, %f = ta.create %c2 : !U
  %l = arith.constant dense<[0, 0]> : tensor<2xi64>
  %f1 = ta.split %h, %s, %l, %f : !U, tensor<*xf32>, tensor<2xi64>
  return
}
