// Runtime errors of the unbatch_grad rendezvous: TensorFlow's texts (and
// ta's own where TensorFlow has none), prefixed with the resource and the
// id of the failing call, and exit status 1. The rendezvous checks itself
// in both checks modes. One entry point per error; the errors that need two
// owners waiting at once are in unbatch-threads.test.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: not %run_cpu -e two_runs %t.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %run_cpu -e two_runs %t.none.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %run_cpu -e empty_index %t.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %run_cpu -e duplicate_row %t.mlir 2>&1 | FileCheck %s --check-prefix=DUP
// RUN: not %run_cpu -e ranks %t.mlir 2>&1 | FileCheck %s --check-prefix=RANKS
// RUN: not %run_cpu -e dims %t.mlir 2>&1 | FileCheck %s --check-prefix=DIMS
// RUN: not %run_cpu -e types %t.mlir 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: not %run_cpu -e misfit %t.mlir 2>&1 | FileCheck %s --check-prefix=MISFIT
// RUN: not %run_cpu -e timeout %t.mlir 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// RUN: not %run_cpu -e timeout %t.none.mlir 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// The runtime default, from the environment, for ops without timeout_micros.
// RUN: env TA_UNBATCH_GRAD_TIMEOUT_MICROS=2000 not %run_cpu -e timeout_default %t.mlir 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env TA_UNBATCH_GRAD_TIMEOUT_MICROS=2ms not %run_cpu -e timeout_default %t.mlir 2>&1 | FileCheck %s --check-prefix=BADENV

!F = tensor<?x2xf32>
!BI = tensor<?x3xi64>

func.func @no_batch() -> (!F, !BI) {
  %e = tensor.empty() : tensor<0x2xf32>
  %ec = tensor.cast %e : tensor<0x2xf32> to !F
  %b = tensor.empty() : tensor<0x3xi64>
  %bc = tensor.cast %b : tensor<0x3xi64> to !BI
  return %ec, %bc : !F, !BI
}

func.func @orig() -> !F {
  %o = arith.constant dense<1.0> : tensor<2x2xf32>
  %oc = tensor.cast %o : tensor<2x2xf32> to !F
  return %oc : !F
}

// TWICE: ta runtime error: UnbatchGrad "u" (id 1): Two runs with the same batch key.
func.func @two_runs() {
  %e, %b = call @no_batch() : () -> (!F, !BI)
  %g = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %gc = tensor.cast %g : tensor<1x2xf32> to !F
  %c1 = arith.constant 1 : i64
  %r1 = ta.unbatch_grad %e, %b, %gc, %c1 {shared_name = "u"} : !F, !BI, !F
  %r2 = ta.unbatch_grad %e, %b, %gc, %c1 {shared_name = "u"} : !F, !BI, !F
  return
}

// EMPTY: ta runtime error: UnbatchGrad "u" in container "c" (id 4): batch_index is empty while the tensor isn't.
func.func @empty_index() {
  %e, %b = call @no_batch() : () -> (!F, !BI)
  %o = call @orig() : () -> !F
  %g = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %gc = tensor.cast %g : tensor<1x2xf32> to !F
  %c4 = arith.constant 4 : i64
  %r = ta.unbatch_grad %o, %b, %gc, %c4 {container = "c", shared_name = "u"} : !F, !BI, !F
  return
}

// An id twice in batch_index: its grad is taken by the first row.
// DUP: ta runtime error: UnbatchGrad "u" (id 1): bad bookkeeping of available tensors.
func.func @duplicate_row() {
  %o = call @orig() : () -> !F
  %g = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %gc = tensor.cast %g : tensor<1x2xf32> to !F
  %bi = arith.constant dense<[[1, 0, 1], [1, 1, 2]]> : tensor<2x3xi64>
  %bic = tensor.cast %bi : tensor<2x3xi64> to !BI
  %c1 = arith.constant 1 : i64
  %r = ta.unbatch_grad %o, %bic, %gc, %c1 {shared_name = "u"} : !F, !BI, !F
  return
}

// Grads of two call sites of one rendezvous that do not concatenate
// (TensorFlow's batching Concat texts).
// RANKS: ta runtime error: UnbatchGrad "u" (id 2): Ranks of all input tensors should match: shape[0] = [1,2,1] vs. shape[1] = [1,2]
func.func @ranks() {
  %e = tensor.empty() : tensor<0x2x1xf32>
  %b = tensor.empty() : tensor<0x3xi64>
  %bc = tensor.cast %b : tensor<0x3xi64> to !BI
  %g1 = arith.constant dense<[[[1.0], [2.0]]]> : tensor<1x2x1xf32>
  %c1 = arith.constant 1 : i64
  %r1 = ta.unbatch_grad %e, %bc, %g1, %c1 {shared_name = "u"} : tensor<0x2x1xf32>, !BI, tensor<1x2x1xf32>
  %o = call @orig() : () -> !F
  %g2 = arith.constant dense<[[3.0, 4.0]]> : tensor<1x2xf32>
  %g2c = tensor.cast %g2 : tensor<1x2xf32> to !F
  %bi = arith.constant dense<[[1, 0, 1], [2, 1, 2]]> : tensor<2x3xi64>
  %bic = tensor.cast %bi : tensor<2x3xi64> to !BI
  %c2 = arith.constant 2 : i64
  %r2 = ta.unbatch_grad %o, %bic, %g2c, %c2 {shared_name = "u"} : !F, !BI, !F
  return
}

// DIMS: ta runtime error: UnbatchGrad "u" (id 2): Dimensions of inputs should match: shape[0] = [1,3] vs. shape[1] = [1,2]
func.func @dims() {
  %e = tensor.empty() : tensor<0x3xf32>
  %ec = tensor.cast %e : tensor<0x3xf32> to tensor<?x?xf32>
  %b = tensor.empty() : tensor<0x3xi64>
  %bc = tensor.cast %b : tensor<0x3xi64> to !BI
  %g1 = arith.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %g1c = tensor.cast %g1 : tensor<1x3xf32> to tensor<?x?xf32>
  %c1 = arith.constant 1 : i64
  %r1 = ta.unbatch_grad %ec, %bc, %g1c, %c1 {shared_name = "u"} : tensor<?x?xf32>, !BI, tensor<?x?xf32>
  %o = arith.constant dense<1.0> : tensor<2x2xf32>
  %oc = tensor.cast %o : tensor<2x2xf32> to tensor<?x?xf32>
  %g2 = arith.constant dense<[[3.0, 4.0]]> : tensor<1x2xf32>
  %g2c = tensor.cast %g2 : tensor<1x2xf32> to tensor<?x?xf32>
  %bi = arith.constant dense<[[1, 0, 1], [2, 1, 2]]> : tensor<2x3xi64>
  %bic = tensor.cast %bi : tensor<2x3xi64> to !BI
  %c2 = arith.constant 2 : i64
  %r2 = ta.unbatch_grad %oc, %bic, %g2c, %c2 {shared_name = "u"} : tensor<?x?xf32>, !BI, tensor<?x?xf32>
  return
}

// TensorFlow would reinterpret the bytes; ta stops.
// TYPES: ta runtime error: UnbatchGrad "u" (id 2): the batch's grads have different element types: i32 (shape[0]) vs. f32 (shape[1])
func.func @types() {
  %e = tensor.empty() : tensor<0x2xi32>
  %b = tensor.empty() : tensor<0x3xi64>
  %bc = tensor.cast %b : tensor<0x3xi64> to !BI
  %g1 = arith.constant dense<[[1, 2]]> : tensor<1x2xi32>
  %c1 = arith.constant 1 : i64
  %r1 = ta.unbatch_grad %e, %bc, %g1, %c1 {shared_name = "u"} : tensor<0x2xi32>, !BI, tensor<1x2xi32>
  %o = call @orig() : () -> !F
  %g2 = arith.constant dense<[[3.0, 4.0]]> : tensor<1x2xf32>
  %g2c = tensor.cast %g2 : tensor<1x2xf32> to !F
  %bi = arith.constant dense<[[1, 0, 1], [2, 1, 2]]> : tensor<2x3xi64>
  %bic = tensor.cast %bi : tensor<2x3xi64> to !BI
  %c2 = arith.constant 2 : i64
  %r2 = ta.unbatch_grad %o, %bic, %g2c, %c2 {shared_name = "u"} : !F, !BI, !F
  return
}

// The batch concatenates, but not into the owner's result type.
// MISFIT: ta runtime error: UnbatchGrad "u" (id 2): the batch's grads (f32, shape [1,3]) do not fit this call's result: grad f32, shape [1,2] (dims past 0 must agree)
func.func @misfit() {
  %e = tensor.empty() : tensor<0x3xf32>
  %b = tensor.empty() : tensor<0x3xi64>
  %bc = tensor.cast %b : tensor<0x3xi64> to !BI
  %g1 = arith.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %c1 = arith.constant 1 : i64
  %r1 = ta.unbatch_grad %e, %bc, %g1, %c1 {shared_name = "u"} : tensor<0x3xf32>, !BI, tensor<1x3xf32>
  %o = call @orig() : () -> !F
  %g2 = arith.constant dense<[[3.0, 4.0]]> : tensor<1x2xf32>
  %g2c = tensor.cast %g2 : tensor<1x2xf32> to !F
  %bi = arith.constant dense<[[1, 0, 1]]> : tensor<1x3xi64>
  %bic = tensor.cast %bi : tensor<1x3xi64> to !BI
  %c2 = arith.constant 2 : i64
  %r2 = ta.unbatch_grad %o, %bic, %g2c, %c2 {shared_name = "u"} : !F, !BI, !F
  return
}

// An owner whose peers never come: TensorFlow waits forever; with a
// timeout ta stops and names the missing ids.
// TIMEOUT: ta runtime error: UnbatchGrad "u" (id 1): Batched data did not arrive within timeout window: waited 1000 microseconds for the grads of ids [2, 3]
func.func @timeout() {
  %o = call @orig() : () -> !F
  %g = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %gc = tensor.cast %g : tensor<1x2xf32> to !F
  %bi = arith.constant dense<[[3, 0, 1], [1, 1, 2], [2, 2, 3]]> : tensor<3x3xi64>
  %bic = tensor.cast %bi : tensor<3x3xi64> to !BI
  %c1 = arith.constant 1 : i64
  %r = ta.unbatch_grad %o, %bic, %gc, %c1 {shared_name = "u", timeout_micros = 1000} : !F, !BI, !F
  return
}

// DEFAULT: ta runtime error: UnbatchGrad "v" (id 1): Batched data did not arrive within timeout window: waited 2000 microseconds for the grads of ids [2]
// BADENV: ta runtime error: TA_UNBATCH_GRAD_TIMEOUT_MICROS must be a number of microseconds, got '2ms'
func.func @timeout_default() {
  %o = call @orig() : () -> !F
  %g = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %gc = tensor.cast %g : tensor<1x2xf32> to !F
  %bi = arith.constant dense<[[1, 0, 1], [2, 1, 2]]> : tensor<2x3xi64>
  %bic = tensor.cast %bi : tensor<2x3xi64> to !BI
  %c1 = arith.constant 1 : i64
  %r = ta.unbatch_grad %o, %bic, %gc, %c1 {shared_name = "v"} : !F, !BI, !F
  return
}
