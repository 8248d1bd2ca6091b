// Sizes and indices near the int64 limits for arrays of open element shape,
// whose slots libta_runtime keeps (TensorFlow's vector of slots): a
// creation or growth whose bookkeeping cannot be allocated is ta's OOM
// error, in both checks modes, as for arrays of static element shape —
// never an exception that ends the process (std::length_error and a refused
// allocation aborted it, found reviewing issue 22). TensorFlow's own vector
// of slots fails the same way. allocator_may_return_null: under ASan the
// refused allocation returns null too, as malloc does.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: env ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1 not %run_cpu -e create_huge %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=CREATE
// RUN: env ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1 not %run_cpu -e create_huge %t.none.mlir 2>&1 | FileCheck %s --check-prefix=CREATE
// RUN: env ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1 not %run_cpu -e write_huge %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: env ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1 not %run_cpu -e write_huge %t.none.mlir 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: env ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1 not %run_cpu -e write_far %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: env ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1 not %run_cpu -e write_far %t.none.mlir 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: env ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1 not %run_cpu -e scatter_max %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SCATTER
// RUN: env ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:allocator_may_return_null=1 not %run_cpu -e scatter_max %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SCATTER

!O = !ta.handle<?, tensor<?xf32>>

func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}

// 2^62 slots of any size pass 2^63 - 1 bytes.
// CREATE: ta runtime error: OOM when allocating TensorArray storage: more than 2**63 - 1 bytes (4611686018427387904 x {{[0-9]+}} bytes)
// CREATE-NOT: terminate
func.func @create_huge() {
  %big = arith.constant 4611686018427387904 : index
  %n = func.call @opaque(%big) : (index) -> index
  %h, %f = ta.create %n : !O
  return
}

// A growable array written at 2^62 needs 2^62 + 1 slots.
// WRITE: ta runtime error: OOM when allocating TensorArray storage: more than 2**63 - 1 bytes (4611686018427387905 x {{[0-9]+}} bytes)
func.func @write_huge() {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !O
  %big = arith.constant 4611686018427387904 : index
  %i = func.call @opaque(%big) : (index) -> index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %vd = tensor.cast %v : tensor<2xf32> to tensor<?xf32>
  %f1 = ta.write %h[%i], %vd, %f : !O, tensor<?xf32>
  return
}

// At 2^40 the byte count fits in an int64 but no machine gives it (more
// than the 47-bit address space): the allocation is refused.
// FAR: ta runtime error: OOM when allocating TensorArray storage of {{[0-9]+}} bytes (1099511627777 x {{[0-9]+}} bytes)
func.func @write_far() {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !O
  %big = arith.constant 1099511627776 : index
  %i = func.call @opaque(%big) : (index) -> index
  %v = arith.constant dense<1.0> : tensor<2xf32>
  %vd = tensor.cast %v : tensor<2xf32> to tensor<?xf32>
  %f1 = ta.write %h[%i], %vd, %f : !O, tensor<?xf32>
  return
}

// A scatter at index INT64_MAX into a growable array: the growth to
// 2^63 slots is the OOM error, as for a write (the runtime computed
// INT64_MAX + 1 for its max-index check; found by ta-exec-fuzz under UBSan).
// SCATTER: ta runtime error: OOM when allocating TensorArray storage: more than 2**63 - 1 bytes
func.func @scatter_max() {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !O
  %i = arith.constant dense<[1, 9223372036854775807]> : tensor<2xi64>
  %v = arith.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %vd = tensor.cast %v : tensor<2x1xf32> to tensor<?x?xf32>
  %f1 = ta.scatter %h[%i], %vd, %f : !O, tensor<2xi64>, tensor<?x?xf32>
  return
}
