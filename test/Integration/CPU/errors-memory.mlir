// Sizes whose buffers would not fit in an int64 stop with TensorFlow's
// resource-exhausted wording in both checks modes (checks=none skips the
// program's validity checks, not the ones that keep the process sound):
// never a wrapped size, a wrong answer or a signal.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: not %run_cpu -e grow_huge %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GROW
// RUN: not %run_cpu -e grow_huge %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GROW
// RUN: not %run_cpu -e grow_max %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GROWMAX
// RUN: not %run_cpu -e grow_max %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GROWMAX
// RUN: not %run_cpu -e static_huge %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not %run_cpu -e static_huge %t.none.mlir 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not %run_cpu -e dynamic_huge %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not %run_cpu -e dynamic_huge %t.none.mlir 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not %run_cpu -e grad_read_huge %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GRAD
// RUN: not %run_cpu -e grad_read_huge %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GRAD
// RUN: not %run_cpu -e tensor_huge %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: not %run_cpu -e tensor_huge %t.none.mlir 2>&1 | FileCheck %s --check-prefix=TENSOR
// A scatter at INT64_MAX into a growable array: the same (found by
// ta-exec-fuzz: the max-index check computed INT64_MAX + 1 and gave
// "Max scatter index must be < array size"; and the verifier's duplicate
// check kept constant indices in a DenseMap, whose reserved key INT64_MAX
// made it report [1, INT64_MAX] as a repeat).
// RUN: not %run_cpu -e scatter_max %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GROWMAX
// RUN: not %run_cpu -e scatter_max %t.none.mlir 2>&1 | FileCheck %s --check-prefix=GROWMAX
// A growth that fits is not stopped.
// RUN: %run_cpu -e grow_small %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: %run_cpu -e grow_small %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SMALL

!U = !ta.handle<?, tensor<2xf32>>
!S = !ta.handle<2305843009213693952, tensor<7xi8>>
!G = !ta.handle<?, tensor<2xf32>, grad>

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}

// A write at 2^62 would grow the array to 2^62 + 1 slots of 8 bytes.
// GROW: ta runtime error: OOM when allocating TensorArray storage: more than 2**63 - 1 bytes (4611686018427387905 x 8 bytes)
func.func @grow_huge() {
  %c0 = arith.constant 0 : index
  %big = arith.constant 4611686018427387904 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c0 {dynamic_size = true, name = "g"} : !U
  %j = func.call @opaque(%big) : (index) -> index
  %f1 = ta.write %h[%j], %v, %f : !U, tensor<2xf32>
  %s = ta.size %h, %f1 : !U
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  return
}

// INT64_MAX + 1 slots: the slot count itself wraps.
// GROWMAX: ta runtime error: OOM when allocating TensorArray storage: more than 2**63 - 1 bytes{{$}}
func.func @grow_max() {
  %c0 = arith.constant 0 : index
  %max = arith.constant 9223372036854775807 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c0 {dynamic_size = true} : !U
  %j = func.call @opaque(%max) : (index) -> index
  %f1 = ta.write %h[%j], %v, %f : !U, tensor<2xf32>
  return
}

func.func @scatter_max() {
  %c2 = arith.constant 2 : index
  %v = arith.constant dense<1.0> : tensor<2x2xf32>
  %indices = arith.constant dense<[1, 9223372036854775807]> : tensor<2xi64>
  %h, %f = ta.create %c2 {dynamic_size = true} : !U
  %f1 = ta.scatter %h[%indices], %v, %f : !U, tensor<2xi64>, tensor<2x2xf32>
  return
}

// 2^61 slots of 7 bytes (and a state byte each in strict mode) wrap to a
// 64-byte buffer in 64-bit arithmetic.
// STATIC: ta runtime error: OOM when allocating TensorArray storage: more than 2**63 - 1 bytes (2305843009213693952 x 7 bytes)
func.func @static_huge() {
  %n = arith.constant 2305843009213693952 : index
  %h, %f = ta.create %n : !S
  %s = ta.size %h, %f : !S
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  return
}

// DYN: ta runtime error: OOM when allocating TensorArray storage: more than 2**63 - 1 bytes (4611686018427387904 x 8 bytes)
func.func @dynamic_huge() {
  %big = arith.constant 4611686018427387904 : index
  %j = func.call @opaque(%big) : (index) -> index
  %h, %f = ta.create %j : !U
  %s = ta.size %h, %f : !U
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  return
}

// An accumulator read past its size grows it (TensorFlow's
// grad-of-unwritten behavior): at 2^62 it cannot.
// GRAD: ta runtime error: OOM when allocating TensorArray storage: more than 2**63 - 1 bytes (4611686018427387905 x 8 bytes)
func.func @grad_read_huge() {
  %c1 = arith.constant 1 : index
  %big = arith.constant 4611686018427387904 : index
  %h, %f = ta.create %c1 : !U
  %g, %gf = ta.grad %h, %f source "s" : !U
  %j = func.call @opaque(%big) : (index) -> index
  %r = ta.read %g[%j], %gf : !G
  return
}

// A tensor whose element count times its element size wraps (the LLVM
// lowering of memref.alloc multiplies with wrapping arithmetic).
// TENSOR: ta runtime error: OOM when allocating tensor: more than 2**63 - 1 bytes
func.func @tensor_huge() {
  %big = arith.constant 4611686018427387904 : index
  %n = func.call @opaque(%big) : (index) -> index
  %e = tensor.empty(%n) : tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %t = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %t[%c0] : tensor<?xf32>
  %xi = arith.fptosi %x : f32 to i64
  call @printI64(%xi) : (i64) -> ()
  return
}

// SMALL: 1000001
func.func @grow_small() {
  %c0 = arith.constant 0 : index
  %i = arith.constant 1000000 : index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c0 {dynamic_size = true} : !U
  %j = func.call @opaque(%i) : (index) -> index
  %f1 = ta.write %h[%j], %v, %f : !U, tensor<2xf32>
  %s = ta.size %h, %f1 : !U
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
