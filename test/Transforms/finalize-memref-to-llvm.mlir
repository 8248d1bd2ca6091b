// ta-finalize-memref-to-llvm: upstream's memref-to-LLVM conversion, except
// that a memref.copy between memrefs of static shape and contiguous
// row-major layout becomes one memcpy whose two addresses are
// `getelementptr inbounds nuw` (aligned pointer, offset), as upstream's
// memref.load / memref.store addresses are. Other copies keep upstream's
// lowering (a call of memrefCopy); the options are upstream's.
// RUN: ta-opt %s --ta-finalize-memref-to-llvm | FileCheck %s
// RUN: ta-opt %s --ta-finalize-memref-to-llvm="use-aligned-alloc=true use-generic-functions=true" | FileCheck %s --check-prefix=GENERIC

// A slot of an array (dynamic offset) from a value: 4 x f32, 16 bytes.
// CHECK-LABEL: func.func @slot
// CHECK: %[[SRCBASE:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[SRCOFF:.*]] = llvm.extractvalue %{{.*}}[2]
// CHECK: %[[FROM:.*]] = llvm.getelementptr inbounds|nuw %[[SRCBASE]][%[[SRCOFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[DSTBASE:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK: %[[DSTOFF:.*]] = llvm.extractvalue %{{.*}}[2]
// CHECK: %[[TO:.*]] = llvm.getelementptr inbounds|nuw %[[DSTBASE]][%[[DSTOFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[BYTES:.*]] = llvm.mul
// CHECK: "llvm.intr.memcpy"(%[[TO]], %[[FROM]], %[[BYTES]]) <{isVolatile = false}>
// CHECK-NOT: memrefCopy
// CHECK: return
func.func @slot(%v: memref<4xf32, strided<[1], offset: ?>>,
                %slot: memref<4xf32, strided<[1], offset: ?>>) {
  memref.copy %v, %slot : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
  return
}

// Not contiguous (a column) or of a dynamic shape: upstream's lowering.
// CHECK-LABEL: func.func @column
// CHECK-NOT: llvm.intr.memcpy
// CHECK: llvm.call @memrefCopy
// CHECK-LABEL: func.func @dynamic
// CHECK: llvm.call @memrefCopy
func.func @column(%col: memref<4xf32, strided<[4], offset: 1>>, %b: memref<4xf32>) {
  memref.copy %col, %b : memref<4xf32, strided<[4], offset: 1>> to memref<4xf32>
  return
}
func.func @dynamic(%a: memref<?xf32>, %b: memref<?xf32, strided<[1], offset: ?>>) {
  memref.copy %a, %b : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return
}

// The options reach upstream's patterns: aligned allocation through the
// generic functions.
// GENERIC-LABEL: func.func @alloc
// GENERIC: llvm.call @_mlir_memref_to_llvm_aligned_alloc
// GENERIC: llvm.call @_mlir_memref_to_llvm_free
func.func @alloc() {
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
