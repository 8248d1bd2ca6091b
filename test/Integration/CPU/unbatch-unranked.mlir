// ta.unbatch_grad with an unranked grad (tensor<*xf32>), in both checks
// modes: its shape goes to the rendezvous on the heap, and its result is
// unranked ([rows] ++ grad.shape[1:], a flat allocation reshaped), or,
// where every use casts the result to one rank, made ranked (the grad must
// have that rank: ta's own error otherwise). A scalar grad has no dim 0 to
// batch along: ta's error (TensorFlow's kernel does not handle it). Values
// follow TensorFlow's UnbatchGradResource (reference section 1.12), as in
// unbatch.mlir.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e unranked %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e unranked %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e cast_rank %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not %run_cpu -e cast_rank %t.none.mlir 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not %run_cpu -e scalar %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: not %run_cpu -e scalar %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SCALAR

!U = tensor<*xf32>
!BI = tensor<?x3xi64>

func.func private @printMemrefF32(tensor<*xf32>)

func.func private @printI64(i64)
func.func private @printNewline()

// Prints through a ranked argument: an unranked tensor passed to the
// external printer must not alias one read later (one-shot bufferization
// would need to copy it, which it cannot do for an unranked tensor).
func.func @show(%t: tensor<?x2xf32>) {
  %u = tensor.cast %t : tensor<?x2xf32> to !U
  call @printMemrefF32(%u) : (!U) -> ()
  return
}

// The dims of a non-owner's empty result (printMemref reads an element of
// an empty memref).
func.func @show_dims(%t: tensor<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x2xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x2xf32>
  %d0i = arith.index_cast %d0 : index to i64
  %d1i = arith.index_cast %d1 : index to i64
  call @printI64(%d0i) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%d1i) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// The unranked result returned as it is: the unranked path.
func.func @site(%orig: !U, %bi: !BI, %g: !U, %id: i64) -> !U {
  %r = ta.unbatch_grad %orig, %bi, %g, %id {shared_name = "uu"} : !U, !BI, !U
  return %r : !U
}

// The result cast to tensor<?x2xf32>, its only use: made ranked.
func.func @site_cast(%orig: !U, %bi: !BI, %g: !U, %id: i64) -> tensor<?x2xf32> {
  %r = ta.unbatch_grad %orig, %bi, %g, %id {shared_name = "uc"} : !U, !BI, !U
  %rc = tensor.cast %r : !U to tensor<?x2xf32>
  return %rc : tensor<?x2xf32>
}

func.func @no_batch() -> (!U, !BI) {
  %e = tensor.empty() : tensor<0x2xf32>
  %ec = tensor.cast %e : tensor<0x2xf32> to !U
  %b = tensor.empty() : tensor<0x3xi64>
  %bc = tensor.cast %b : tensor<0x3xi64> to !BI
  return %ec, %bc : !U, !BI
}

// Non-owner 1 ([[1, 1.5]]) gets [0, 2] at once; owner 2 ([[2, 2.5],
// [3, 3.5]]) with batch_index [2, 1] gets g2 ++ g1, through each site.
// CHECK: 0
// CHECK-NEXT: 2
// CHECK-NEXT: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [3, 2]
// CHECK-NEXT: {{\[}}[2,   2.5],
// CHECK-NEXT: [3,   3.5],
// CHECK-NEXT: [1,   1.5]]
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK-NEXT: Unranked Memref {{.*}} rank = 2 offset = 0 sizes = [3, 2]
// CHECK-NEXT: {{\[}}[2,   2.5],
// CHECK-NEXT: [3,   3.5],
// CHECK-NEXT: [1,   1.5]]
func.func @unranked() {
  %g1 = arith.constant dense<[[1.0, 1.5]]> : tensor<1x2xf32>
  %g2 = arith.constant dense<[[2.0, 2.5], [3.0, 3.5]]> : tensor<2x2xf32>
  %bi = arith.constant dense<[[2, 0, 2], [1, 2, 3]]> : tensor<2x3xi64>
  %orig = arith.constant dense<0.5> : tensor<3x2xf32>
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %g1u = tensor.cast %g1 : tensor<1x2xf32> to !U
  %g2u = tensor.cast %g2 : tensor<2x2xf32> to !U
  %biu = tensor.cast %bi : tensor<2x3xi64> to !BI
  %origu = tensor.cast %orig : tensor<3x2xf32> to !U
  %e, %eb = call @no_batch() : () -> (!U, !BI)

  %r1 = call @site(%e, %eb, %g1u, %c1) : (!U, !BI, !U, i64) -> !U
  %r1c = tensor.cast %r1 : !U to tensor<?x2xf32>
  call @show_dims(%r1c) : (tensor<?x2xf32>) -> ()
  %r2 = call @site(%origu, %biu, %g2u, %c2) : (!U, !BI, !U, i64) -> !U
  %r2c = tensor.cast %r2 : !U to tensor<?x2xf32>
  call @show(%r2c) : (tensor<?x2xf32>) -> ()

  %s1 = call @site_cast(%e, %eb, %g1u, %c1) : (!U, !BI, !U, i64) -> tensor<?x2xf32>
  call @show_dims(%s1) : (tensor<?x2xf32>) -> ()
  %s2 = call @site_cast(%origu, %biu, %g2u, %c2) : (!U, !BI, !U, i64) -> tensor<?x2xf32>
  call @show(%s2) : (tensor<?x2xf32>) -> ()
  return
}

// A grad of rank 1 through the site whose result is cast to rank 2.
// RANK: ta runtime error: a result of rank 1 is cast to a type of rank 2
func.func @cast_rank() {
  %g = arith.constant dense<[1.0, 1.5]> : tensor<2xf32>
  %gu = tensor.cast %g : tensor<2xf32> to !U
  %c1 = arith.constant 1 : i64
  %e, %eb = call @no_batch() : () -> (!U, !BI)
  %r = call @site_cast(%e, %eb, %gu, %c1) : (!U, !BI, !U, i64) -> tensor<?x2xf32>
  return
}

// SCALAR: ta runtime error: UnbatchGrad "uu" (id 1): grad must have rank >= 1 (the result is [?] ++ grad.shape[1:]), got a scalar
func.func @scalar() {
  %g = arith.constant dense<1.0> : tensor<f32>
  %gu = tensor.cast %g : tensor<f32> to !U
  %c1 = arith.constant 1 : i64
  %e, %eb = call @no_batch() : () -> (!U, !BI)
  %r = call @site(%e, %eb, %gu, %c1) : (!U, !BI, !U, i64) -> !U
  return
}
