// ta-finalize-memref-to-llvm: upstream's memref-to-LLVM conversion, except
// that a memref.copy between contiguous row-major memrefs (of static shape,
// or rows of a dynamic number: dim 0 alone dynamic, static strides; upstream
// copies a strided one element by element) becomes one memcpy whose two
// addresses are
// `getelementptr inbounds nuw` (aligned pointer, offset), as upstream's
// memref.load / memref.store addresses are, and that a memref.view's aligned
// pointer is `getelementptr inbounds nuw` of its byte shift, and that with
// aligned allocation a memref.alloc of a static shape and identity layout
// allocates a constant byte count (upstream computes it with a
// `getelementptr null` and pads it at run time); copies of a known byte
// count copy a constant too. Other copies keep upstream's lowering (a call
// of memrefCopy); the options are upstream's.
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
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(16 : index) : i64
// CHECK: "llvm.intr.memcpy"(%[[TO]], %[[FROM]], %[[BYTES]]) <{isVolatile = false}>
// CHECK-NOT: memrefCopy
// CHECK: return
func.func @slot(%v: memref<4xf32, strided<[1], offset: ?>>,
                %slot: memref<4xf32, strided<[1], offset: ?>>) {
  memref.copy %v, %slot : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
  return
}

// Not contiguous (a column; rows of a dynamic number with a gap between
// them) or of more than dim 0 dynamic and strided: upstream's lowering.
// CHECK-LABEL: func.func @column
// CHECK-NOT: llvm.intr.memcpy
// CHECK: llvm.call @memrefCopy
// CHECK-LABEL: func.func @rows_with_gaps
// CHECK-NOT: llvm.intr.memcpy
// CHECK: llvm.call @memrefCopy
// CHECK-LABEL: func.func @dynamic_inner
// CHECK-NOT: llvm.intr.memcpy
// CHECK: llvm.call @memrefCopy
func.func @column(%col: memref<4xf32, strided<[4], offset: 1>>, %b: memref<4xf32>) {
  memref.copy %col, %b : memref<4xf32, strided<[4], offset: 1>> to memref<4xf32>
  return
}
func.func @rows_with_gaps(%a: memref<?x4xf32, strided<[8, 1], offset: ?>>, %b: memref<?x4xf32>) {
  memref.copy %a, %b : memref<?x4xf32, strided<[8, 1], offset: ?>> to memref<?x4xf32>
  return
}
func.func @dynamic_inner(%a: memref<?x?xf32, strided<[?, 1], offset: ?>>, %b: memref<?x?xf32>) {
  memref.copy %a, %b : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32>
  return
}

// Rows of a dynamic number, contiguous (a range of slots, rows [lb, ub) of
// a batch): one memcpy of dim 0 x 4 x 4 bytes, dim 0 the source's.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[FROM:.*]] = llvm.getelementptr inbounds|nuw
// CHECK: %[[TO:.*]] = llvm.getelementptr inbounds|nuw
// CHECK: %[[PERROW:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK: %[[N:.*]] = llvm.extractvalue %{{.*}}[3, 0]
// CHECK: %[[COUNT:.*]] = llvm.mul %[[N]], %[[PERROW]]
// CHECK: %[[EACH:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK: %[[BYTES:.*]] = llvm.mul %[[COUNT]], %[[EACH]]
// CHECK: "llvm.intr.memcpy"(%[[TO]], %[[FROM]], %[[BYTES]]) <{isVolatile = false}>
// CHECK-NOT: memrefCopy
// CHECK-LABEL: func.func @dynamic_rows
// CHECK: %[[FROM:.*]] = llvm.getelementptr inbounds|nuw
// CHECK: %[[TO:.*]] = llvm.getelementptr inbounds|nuw
// CHECK: %[[PERROW:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK: %[[N:.*]] = llvm.extractvalue %{{.*}}[3, 0]
// CHECK: %[[COUNT:.*]] = llvm.mul %[[N]], %[[PERROW]]
// CHECK: %[[EACH:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK: %[[BYTES:.*]] = llvm.mul %[[COUNT]], %[[EACH]]
// CHECK: "llvm.intr.memcpy"(%[[TO]], %[[FROM]], %[[BYTES]]) <{isVolatile = false}>
// CHECK-NOT: memrefCopy
// CHECK: return
func.func @dynamic(%a: memref<?xf32>, %b: memref<?xf32, strided<[1], offset: ?>>) {
  memref.copy %a, %b : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  return
}
func.func @dynamic_rows(%a: memref<?x4xf32, strided<[4, 1], offset: ?>>, %b: memref<?x4xf32>) {
  memref.copy %a, %b : memref<?x4xf32, strided<[4, 1], offset: ?>> to memref<?x4xf32>
  return
}

// A view: the source's allocated pointer; its aligned pointer shifted by an
// in-bounds GEP; offset 0; sizes from the type and the size operands;
// row-major strides, constant where the type fixes them, else products of
// the inner sizes.
// CHECK-LABEL: func.func @view
// CHECK-SAME: (%[[BUF:.*]]: memref<?xi8>, %[[SHIFT:.*]]: index, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-DAG: %[[M64:.*]] = builtin.unrealized_conversion_cast %[[M]] : index to i64
// CHECK-DAG: %[[N64:.*]] = builtin.unrealized_conversion_cast %[[N]] : index to i64
// CHECK-DAG: %[[SHIFT64:.*]] = builtin.unrealized_conversion_cast %[[SHIFT]] : index to i64
// CHECK-DAG: %[[SRC:.*]] = builtin.unrealized_conversion_cast %[[BUF]] : memref<?xi8> to
// CHECK: %[[ALLOC:.*]] = llvm.extractvalue %[[SRC]][0]
// CHECK: llvm.insertvalue %[[ALLOC]], %{{.*}}[0]
// CHECK: %[[BASE:.*]] = llvm.extractvalue %[[SRC]][1]
// CHECK: %[[PTR:.*]] = llvm.getelementptr inbounds|nuw %[[BASE]][%[[SHIFT64]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: llvm.insertvalue %[[PTR]], %{{.*}}[1]
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : index) : i64
// CHECK: llvm.insertvalue %[[ZERO]], %{{.*}}[2]
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK: llvm.insertvalue %[[M64]], %{{.*}}[3, 2]
// CHECK: llvm.insertvalue %[[ONE]], %{{.*}}[4, 2]
// CHECK: %[[S1:.*]] = llvm.mul %[[ONE]], %[[M64]] overflow<nuw> : i64
// CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK: llvm.insertvalue %[[FOUR]], %{{.*}}[3, 1]
// CHECK: llvm.insertvalue %[[S1]], %{{.*}}[4, 1]
// CHECK: %[[S0:.*]] = llvm.mul %[[S1]], %[[FOUR]] overflow<nuw> : i64
// CHECK: llvm.insertvalue %[[N64]], %{{.*}}[3, 0]
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[4, 0]
// CHECK-LABEL: func.func @static_strides
// CHECK: llvm.getelementptr inbounds|nuw %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NOT: llvm.mul
// CHECK-DAG: %[[C6:.*]] = llvm.mlir.constant(6 : index) : i64
// CHECK: llvm.insertvalue %[[C6]], %{{.*}}[4, 0]
// CHECK: return
func.func @view(%buf: memref<?xi8>, %shift: index, %n: index, %m: index) -> memref<?x4x?xf32> {
  %v = memref.view %buf[%shift][%n, %m] : memref<?xi8> to memref<?x4x?xf32>
  return %v : memref<?x4x?xf32>
}
func.func @static_strides(%buf: memref<?xi8>, %shift: index, %n: index) -> memref<?x2x3xf32> {
  %v = memref.view %buf[%shift][%n] : memref<?xi8> to memref<?x2x3xf32>
  return %v : memref<?x2x3xf32>
}

// The options reach upstream's patterns: aligned allocation through the
// generic functions; without use-aligned-alloc, upstream's malloc lowering.
// With it, a static allocation is one call of a constant size: 16 floats
// at the op's alignment (64 bytes); 3 x i8 at 16 (the least upstream
// uses), padded to 16; 5 x i64 at 16, padded to 48; a box of 2 memref
// descriptors (40 bytes each) at 64, padded to 128. A dynamic size keeps
// upstream's lowering.
// CHECK-LABEL: func.func @alloc
// CHECK-NOT: llvm.call @aligned_alloc
// CHECK: llvm.call @malloc
// CHECK: llvm.call @free
// GENERIC-LABEL: func.func @alloc
// GENERIC-DAG: %[[A64:.*]] = llvm.mlir.constant(64 : index) : i64
// GENERIC-DAG: %[[B64:.*]] = llvm.mlir.constant(64 : index) : i64
// GENERIC: llvm.call @_mlir_memref_to_llvm_aligned_alloc(%[[A64]], %[[B64]])
// GENERIC: llvm.call @_mlir_memref_to_llvm_free
// GENERIC-LABEL: func.func @alloc_sizes
// GENERIC-NOT: llvm.urem
// GENERIC-DAG: %[[A16:.*]] = llvm.mlir.constant(16 : index) : i64
// GENERIC-DAG: %[[B16:.*]] = llvm.mlir.constant(16 : index) : i64
// GENERIC: llvm.call @_mlir_memref_to_llvm_aligned_alloc(%[[A16]], %[[B16]])
// GENERIC-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : index) : i64
// GENERIC-DAG: %[[B48:.*]] = llvm.mlir.constant(48 : index) : i64
// GENERIC: llvm.call @_mlir_memref_to_llvm_aligned_alloc(%[[C16]], %[[B48]])
// GENERIC-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : index) : i64
// GENERIC-DAG: %[[B128:.*]] = llvm.mlir.constant(128 : index) : i64
// GENERIC: %[[BOX:.*]] = llvm.call @_mlir_memref_to_llvm_aligned_alloc(%[[C64]], %[[B128]])
// GENERIC: llvm.insertvalue %[[BOX]], %{{.*}}[0]
// GENERIC: llvm.insertvalue %[[BOX]], %{{.*}}[1]
// GENERIC-LABEL: func.func @alloc_dynamic
// GENERIC: llvm.urem
// GENERIC: llvm.call @_mlir_memref_to_llvm_aligned_alloc
func.func @alloc() {
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
func.func @alloc_sizes() -> (memref<3xi8>, memref<5xi64>, memref<2xmemref<?xi8>>) {
  %a = memref.alloc() : memref<3xi8>
  %b = memref.alloc() : memref<5xi64>
  %c = memref.alloc() {alignment = 64 : i64} : memref<2xmemref<?xi8>>
  return %a, %b, %c : memref<3xi8>, memref<5xi64>, memref<2xmemref<?xi8>>
}
func.func @alloc_dynamic(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}

// With libta_runtime's functions (use-aligned-alloc and
// use-generic-functions), a memref.realloc of a 1-D identity-layout buffer
// is a call of _ta_rt_realloc(allocation, old bytes, new bytes), the bytes
// its element count times the element's 4 bytes, and a descriptor of the
// result: allocated and aligned pointer both the call's, offset 0, the new
// size, stride 1. A static result size is a constant count. One that asks for
// more than malloc's 16-byte alignment, or any without those options, is
// left as it is (expand-realloc lowers it to an allocation and a copy).
// GENERIC-LABEL: func.func @realloc
// GENERIC-SAME: (%[[M:.*]]: memref<?xf32>, %[[N:.*]]: index)
// GENERIC-DAG: %[[NEW:.*]] = builtin.unrealized_conversion_cast %[[N]] : index to i64
// GENERIC-DAG: %[[SRC:.*]] = builtin.unrealized_conversion_cast %[[M]] : memref<?xf32> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// GENERIC-DAG: %[[ALLOCATED:.*]] = llvm.extractvalue %[[SRC]][0]
// GENERIC-DAG: %[[FOUR:.*]] = llvm.mlir.constant(4 : index) : i64
// GENERIC-DAG: %[[OLD:.*]] = llvm.extractvalue %[[SRC]][3, 0]
// GENERIC: %[[OLDBYTES:.*]] = llvm.mul %[[OLD]], %[[FOUR]] : i64
// GENERIC: %[[NEWBYTES:.*]] = llvm.mul %[[NEW]], %[[FOUR]] : i64
// GENERIC: %[[P:.*]] = llvm.call @_ta_rt_realloc(%[[ALLOCATED]], %[[OLDBYTES]], %[[NEWBYTES]]) : (!llvm.ptr, i64, i64) -> !llvm.ptr
// GENERIC: %[[D0:.*]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// GENERIC: %[[D1:.*]] = llvm.insertvalue %[[P]], %[[D0]][0]
// GENERIC: %[[D2:.*]] = llvm.insertvalue %[[P]], %[[D1]][1]
// GENERIC: %[[ZERO:.*]] = llvm.mlir.constant(0 : index) : i64
// GENERIC: %[[D3:.*]] = llvm.insertvalue %[[ZERO]], %[[D2]][2]
// GENERIC: %[[D4:.*]] = llvm.insertvalue %[[NEW]], %[[D3]][3, 0]
// GENERIC: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// GENERIC: llvm.insertvalue %[[ONE]], %[[D4]][4, 0]
// GENERIC-LABEL: func.func @realloc_static
// GENERIC: %[[N24:.*]] = llvm.mlir.constant(24 : index) : i64
// GENERIC: %[[B24:.*]] = llvm.mul %[[N24]], %{{.*}} : i64
// GENERIC: llvm.call @_ta_rt_realloc(%{{.*}}, %{{.*}}, %[[B24]])
// GENERIC-LABEL: func.func @realloc_aligned
// GENERIC: memref.realloc
// GENERIC-NOT: _ta_rt_realloc
// CHECK-LABEL: func.func @realloc
// CHECK: memref.realloc
// CHECK-NOT: _ta_rt_realloc
func.func @realloc(%m: memref<?xf32>, %n: index) -> memref<?xf32> {
  %r = memref.realloc %m(%n) : memref<?xf32> to memref<?xf32>
  return %r : memref<?xf32>
}
func.func @realloc_static(%m: memref<?xi8>) -> memref<24xi8> {
  %r = memref.realloc %m : memref<?xi8> to memref<24xi8>
  return %r : memref<24xi8>
}
func.func @realloc_aligned(%m: memref<?xi8>, %n: index) -> memref<?xi8> {
  %r = memref.realloc %m(%n) {alignment = 64} : memref<?xi8> to memref<?xi8>
  return %r : memref<?xi8>
}

// memref.dim at a constant dim, also one arith-to-llvm left behind a cast:
// the size from the descriptor (a static one a constant), not upstream's
// store of the sizes on the stack and load of the one indexed.
// CHECK-LABEL: func.func @dims
// CHECK-SAME: (%[[M:.*]]: memref<?x3xf32>)
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %[[M]]
// CHECK: %[[N:.*]] = llvm.extractvalue %[[D]][3, 0]
// CHECK: %[[THREE:.*]] = llvm.mlir.constant(3 : index) : i64
// CHECK-NOT: llvm.alloca
// CHECK: return
func.func @dims(%m: memref<?x3xf32>) -> (index, index) {
  %c = llvm.mlir.constant(0 : index) : i64
  %zero = builtin.unrealized_conversion_cast %c : i64 to index
  %one = arith.constant 1 : index
  %n = memref.dim %m, %zero : memref<?x3xf32>
  %three = memref.dim %m, %one : memref<?x3xf32>
  return %n, %three : index, index
}
