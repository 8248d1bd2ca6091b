// ta-convert-to-llvm: control flow, memref (ta-finalize-memref-to-llvm's
// patterns, with its options), func, arith, math and index to LLVM in one
// conversion; the descriptors it builds for calls and returns, and the
// i64s of index values, need no unrealized casts.
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

// Arithmetic on index values and floats, a memref.dim at an arith
// constant: all in the same conversion (math and index ops, which ta-opt
// does not parse, come from ta-legalize-tf and upstream passes: test/TF).
// CHECK-LABEL: llvm.func @arithmetic
// CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i64, %[[X:.*]]: f32,
// CHECK: %[[SUM:.*]] = llvm.add %[[A]], %[[B]] : i64
// CHECK: %[[MAX:.*]] = llvm.intr.smax(%[[SUM]], %[[B]]) : (i64, i64) -> i64
// CHECK: llvm.fmul %[[X]], %[[X]] : f32
// CHECK: %[[DIM:.*]] = llvm.extractvalue %{{.*}}[3, 0]
// CHECK: llvm.add %[[MAX]], %[[DIM]] : i64
// CHECK-NOT: builtin.unrealized_conversion_cast
// CHECK: llvm.return
func.func @arithmetic(%a: index, %b: index, %x: f32, %m: memref<?xf32>) -> (index, f32) {
  %sum = arith.addi %a, %b : index
  %max = arith.maxsi %sum, %b : index
  %r = arith.mulf %x, %x : f32
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %t = arith.addi %max, %n : index
  return %t, %r : index, f32
}

// The divisions arith-to-llvm expands first (ceildivsi, ceildivui,
// floordivsi) are expanded in the same conversion: no arith op is left.
// CHECK-LABEL: llvm.func @divisions
// CHECK-NOT: arith.
// CHECK: llvm.sdiv
// CHECK-NOT: arith.
// CHECK: llvm.return
func.func @divisions(%a: i32, %b: i32) -> (i32, i32, i32) {
  %f = arith.floordivsi %a, %b : i32
  %c = arith.ceildivsi %a, %b : i32
  %u = arith.ceildivui %a, %b : i32
  return %f, %c, %u : i32, i32, i32
}

// A memref argument marked llvm.noalias: the mark on its aligned pointer
// (the second of its descriptor's fields), which convert-func-to-llvm
// drops; the allocated pointer, the other arguments and an unmarked memref
// stay unmarked.
// CHECK-LABEL: llvm.func @noalias
// CHECK-SAME: (%{{[^:]*}}: i64, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr {llvm.noalias}, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64)
// CHECK-NEXT: llvm.return
func.func @noalias(%n: index, %m: memref<?x4xf32, strided<[4, 1], offset: ?>> {llvm.noalias}, %o: memref<?xf32>) {
  return
}

// A function of the bare-pointer convention: each memref one pointer,
// whose mark convert-func-to-llvm keeps; nothing else marked.
// CHECK-LABEL: llvm.func @noalias_bare
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr {llvm.noalias}, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i64)
func.func @noalias_bare(%a: memref<4xf32> {llvm.noalias}, %b: memref<4xf32>, %n: i64) attributes {llvm.bareptr} {
  return
}
