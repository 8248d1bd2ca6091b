// ta-convert-to-llvm: control flow, memref (ta-finalize-memref-to-llvm's
// patterns, with its options) and func to LLVM in one conversion; the
// descriptors it builds for calls and returns need no unrealized casts.
// RUN: ta-opt %s --ta-convert-to-llvm="use-aligned-alloc=true use-generic-functions=true" | FileCheck %s
// RUN: ta-opt %s --ta-convert-to-llvm | FileCheck %s --check-prefix=MALLOC

// CHECK-LABEL: llvm.func @callee
// CHECK-SAME: (%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
func.func @callee(%m: memref<4xf32>) -> memref<4xf32> {
  return %m : memref<4xf32>
}

// A static allocation of a constant byte count (32) through libta_runtime's
// generic functions; a view at a byte shift, in bounds; a copy of 16
// bytes, one memcpy; a realloc through _ta_rt_realloc; a call; branches.
// CHECK-LABEL: llvm.func @body
// CHECK: %[[SIZE:.*]] = llvm.mlir.constant(32 : index) : i64
// CHECK: llvm.call @_mlir_memref_to_llvm_aligned_alloc(%{{.*}}, %[[SIZE]])
// CHECK: llvm.cond_br
// CHECK: llvm.getelementptr inbounds|nuw %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: "llvm.intr.memcpy"
// CHECK: llvm.call @callee(
// CHECK: llvm.br
// CHECK: llvm.call @_ta_rt_realloc(
// CHECK: llvm.call @_mlir_memref_to_llvm_free(
// CHECK: llvm.return
// CHECK-NOT: builtin.unrealized_conversion_cast
// CHECK-NOT: func.
// CHECK-NOT: cf.
// CHECK-NOT: memref.
// MALLOC-LABEL: llvm.func @body
// MALLOC: llvm.call @malloc(
// MALLOC-NOT: _ta_rt_realloc
// MALLOC: memref.realloc
// MALLOC: llvm.call @free(
func.func @body(%buffer: memref<?xi8>, %shift: index, %c: i1, %n: index) -> memref<?xi8> {
  %a = memref.alloc() : memref<8xf32>
  %part = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %front = memref.cast %part : memref<4xf32, strided<[1]>> to memref<4xf32>
  cf.cond_br %c, ^copy, ^done
^copy:
  %view = memref.view %buffer[%shift][] : memref<?xi8> to memref<4xf32>
  memref.copy %view, %front : memref<4xf32> to memref<4xf32>
  %r = func.call @callee(%front) : (memref<4xf32>) -> memref<4xf32>
  cf.br ^done
^done:
  %grown = memref.realloc %buffer(%n) : memref<?xi8> to memref<?xi8>
  memref.dealloc %a : memref<8xf32>
  return %grown : memref<?xi8>
}
