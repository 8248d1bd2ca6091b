// Growing an array copies its header, state bytes and data with memcpy: the
// byte ranges are identity-layout views, so memref.copy never goes through
// the runtime's generic element-by-element memrefCopy (which made growth
// ~100x slower than the C floor in bench/cpu's scaling table).
// RUN: ta-opt %s --ta-lower-to-llvm | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | FileCheck %s

// CHECK-NOT: memrefCopy
// CHECK-LABEL: llvm.func @grow
// CHECK: llvm.call @_mlir_memref_to_llvm_aligned_alloc
// CHECK: "llvm.intr.memcpy"
// CHECK-NOT: memrefCopy
func.func @grow(%v: tensor<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !ta.handle<?, tensor<16xf32>>
  %fw = scf.for %k = %c0 to %n step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !ta.handle<?, tensor<16xf32>>, tensor<16xf32>
    scf.yield %f2 : !ta.flow
  }
  return
}
