// Lowered IR of gather, scatter, concat and split, both checks modes: one
// loop over the indices/elements, one element moved per iteration (never a
// whole-array copy), the checks of TensorFlow's kernels in strict mode. The
// element reads and writes in those loops are calls of the access functions
// that ta.read and ta.write call (basic.mlir), inlined by LLVM
// (always_inline).
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s --check-prefixes=CHECK,STRICT
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s --check-prefixes=CHECK,NONE

// Every bulk call is marked always_inline: LLVM inlines the function
// where the op is, so that its loops see what the caller knows of the
// array (its header, constant counts); the IR through MLIR stays one call.
// Gather from a forward array: the op allocates the result and calls the
// gather function of i32 indices, which loads the header words once (no
// Read changes them; checks=none needs none of them for 8 B elements, which
// have no state), then per index calls the read function of the loaded
// header (the closed and bounds checks, the state test and update) and
// copies the slot out.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[H:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[I:.*]]: tensor<?xi32>)
// CHECK: %[[IDX:.*]] = bufferization.to_buffer %[[I]] read_only : tensor<?xi32> to memref<?xi32>
// CHECK: %[[K:.*]] = memref.dim %[[IDX]], %c0
// CHECK: %[[OUT:.*]] = memref.alloc(%[[K]]) : memref<?x2xf32>
// CHECK: call @__ta_gather_i32_array_{{(strict|none)}}_2xf32(%[[H]], %[[K]], %[[IDX]], %[[OUT]]) {always_inline}
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable : memref<?x2xf32> to tensor<?x2xf32>
// The checks of each Read (closed, out of bounds, a cleared slot), in the
// read function.
// CHECK-LABEL: func.func private @__ta_read_loaded_array_{{(strict|none)}}_2xf32(
// STRICT: func.call @_ta_rt_fail(%c2_i32
// STRICT: func.call @_ta_rt_fail(%c6_i32
// STRICT: func.call @_ta_rt_fail(%c7_i32
// NONE-NOT: _ta_rt_fail
// CHECK-LABEL: func.func private @__ta_gather_i32_array_{{(strict|none)}}_2xf32(
// CHECK-SAME: %[[FH:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[FK:[^:]*]]: index, %[[FIDX:[^:]*]]: memref<?xi32> {llvm.noalias}, %[[FOUT:[^:]*]]: memref<?x2xf32> {llvm.noalias})
// CHECK: %[[BUF:.*]] = memref.load %[[FH]]
// STRICT: %[[FLAGS:.*]] = memref.load %{{.*}}[%c2] : memref<8xi64>
// STRICT: %[[SIZE:.*]] = memref.load %{{.*}}[%c0{{.*}}] : memref<8xi64>
// STRICT: %[[CAP:.*]] = memref.load %{{.*}}[%c1] : memref<8xi64>
// NONE-NOT: memref.load %{{.*}} : memref<8xi64>
// CHECK: scf.for %[[J:.*]] = %c0{{.*}} to %[[FK]]
// CHECK: memref.load %[[FIDX]][%[[J]]]
// CHECK: %[[I64:.*]] = arith.extsi %{{.*}} : i32 to i64
// STRICT: %[[OFF:.*]] = func.call @__ta_read_loaded_array_strict_2xf32(%[[BUF]], %[[FLAGS]], %[[SIZE]], %[[CAP]], %[[I64]]) {always_inline}
// NONE: %[[OFF:.*]] = func.call @__ta_read_loaded_array_none_2xf32(%[[BUF]], %{{.*}}, %{{.*}}, %{{.*}}, %[[I64]]) {always_inline}
// CHECK: %[[SLOT:.*]] = memref.view %[[BUF]][%[[OFF]]][] : memref<?xi8> to memref<2xf32>
// CHECK: %[[ROW:.*]] = memref.subview %[[FOUT]][%[[J]], 0] [1, 2] [1, 1]
// CHECK: memref.copy %[[SLOT]], %[[ROW]]
// CHECK: }
// CHECK: return
func.func @gather(%h: !ta.handle<4, tensor<2xf32>>, %i: tensor<?xi32>, %f: !ta.flow) -> tensor<?x2xf32> {
  %v = ta.gather %h[%i], %f : !ta.handle<4, tensor<2xf32>>, tensor<?xi32>
  return %v : tensor<?x2xf32>
}

// -----

// Scatter: the closed check, the length check (TensorFlow's order), the max
// index (a reduction over the indices), the row shape of a less static
// value, then one write per index: written out in strict mode, where the
// row shape is checked with each (a less static value); without checks the
// value is cast to rows of the element shape and the op calls the scatter
// function of i32 indices, whose writes are calls of the write function.
// CHECK-LABEL: func.func @scatter
// CHECK: %[[CAST:.*]] = tensor.cast %{{.*}} : tensor<?x?xf32> to tensor<?x2xf32>
// CHECK: %[[ROWS:.*]] = bufferization.to_buffer %[[CAST]] read_only
// STRICT: func.call @_ta_rt_fail(%c2_i32
// STRICT: func.call @_ta_rt_fail(%c10_i32
// STRICT: scf.for {{.*}} iter_args
// STRICT: arith.maxsi
// STRICT: func.call @_ta_rt_fail(%c11_i32
// STRICT: tensor.dim %{{.*}}, %c1
// STRICT: scf.for %[[J:.*]] =
// STRICT: %[[ROW:.*]] = memref.subview %[[ROWS]][%[[J]], 0] [1, 2] [1, 1]
// STRICT: func.call @_ta_rt_fail(%c3_i32
// STRICT: func.call @_ta_rt_fail(%c8_i32
// STRICT: func.call @_ta_rt_fail(%c4_i32
// STRICT: func.call @_ta_rt_fail(%c5_i32
// STRICT: memref.copy %[[ROW]],
// NONE: %[[IN:.*]] = memref.cast %[[ROWS]] : memref<?x2xf32> to memref<?x2xf32, strided<[2, 1], offset: ?>>
// NONE: call @__ta_scatter_i32_array_none_2xf32(%{{.*}}, %[[K:[^,]*]], %[[R:[^,]*]], %{{.*}}, %[[IN]])
// NONE-LABEL: func.func private @__ta_scatter_i32_array_none_2xf32(
// NONE-SAME: %{{[^:]*}}: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: memref<?xi32> {llvm.noalias}, %[[FROWS:[^:]*]]: memref<?x2xf32, strided<[2, 1], offset: ?>> {llvm.noalias})
// NONE-NOT: _ta_rt_fail
// NONE: scf.for %[[FJ:.*]] =
// NONE: %[[FROW:.*]] = memref.subview %[[FROWS]][%[[FJ]], 0] [1, 2] [1, 1]
// NONE: func.call @__ta_write_array_none_2xf32(%{{.*}}, %{{.*}}, %[[FROW]]) {always_inline}
func.func @scatter(%h: !ta.handle<4, tensor<2xf32>>, %i: tensor<?xi32>,
                   %v: tensor<?x?xf32>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.scatter %h[%i], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<?xi32>, tensor<?x?xf32>
  return %f1 : !ta.flow
}

// -----

// Rows of the element shape: in both modes a call of the scatter function
// with the rows in place, whose writes are calls of the write function.
// CHECK-LABEL: func.func @scatter_rows
// CHECK: %[[ROWS:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<3x2xf32>
// CHECK: %[[IN:.*]] = memref.cast %[[ROWS]] : memref<3x2xf32, strided<[2, 1], offset: ?>> to memref<?x2xf32, strided<[2, 1], offset: ?>>
// CHECK: call @__ta_scatter_i32_array_{{(strict|none)}}_2xf32(%{{.*}}, %{{.*}}, %c3{{.*}}, %{{.*}}, %[[IN]]) {always_inline}
// CHECK-LABEL: func.func private @__ta_write_array_{{(strict|none)}}_2xf32(
// STRICT: func.call @_ta_rt_fail(%c3_i32
// CHECK-LABEL: func.func private @__ta_scatter_i32_array_{{(strict|none)}}_2xf32(
// CHECK-SAME: %{{[^:]*}}: memref<?xi32> {llvm.noalias}, %[[FROWS:[^:]*]]: memref<?x2xf32, strided<[2, 1], offset: ?>> {llvm.noalias})
// STRICT: func.call @_ta_rt_fail(%c2_i32
// STRICT: func.call @_ta_rt_fail(%c10_i32
// STRICT: func.call @_ta_rt_fail(%c11_i32
// CHECK: scf.for %[[J:.*]] =
// CHECK: %[[ROW:.*]] = memref.subview %[[FROWS]][%[[J]], 0] [1, 2] [1, 1]
// CHECK-NOT: _ta_rt_fail
// CHECK: func.call @__ta_write_array_{{(strict|none)}}_2xf32(%{{.*}}, %{{.*}}, %[[ROW]]) {always_inline}
func.func @scatter_rows(%h: !ta.handle<4, tensor<2xf32>>, %i: tensor<?xi32>,
                        %v: tensor<3x2xf32>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.scatter %h[%i], %v, %f : !ta.handle<4, tensor<2xf32>>, tensor<?xi32>, tensor<3x2xf32>
  return %f1 : !ta.flow
}

// -----

// Concat reads every element into [n, element...] and collapses dim 0;
// lengths are the element's dim 0. Reading slots [0, size) of a forward
// array is one copy of their data; in strict mode when a scan of the state
// finds no slot cleared (every slot is then marked read), otherwise the
// reads one by one fail where TensorFlow's do. (With elements of 64 bytes
// or more, strict also scans for slots never written: see concat_lazy.)
// Where accesses are outlined (the default) the op calls the count
// function of the array's kind (the array opened, its size), allocates
// [n, element...] (its byte size known to fit: ta.size_checked, the array
// holds n elements) and calls the concat function, which reads into it;
// lengths are a splat of n (a constant where n is static, nothing where
// unused).
// CHECK-LABEL: func.func @concat(
// CHECK-SAME: %[[BOX:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>)
// CHECK-NEXT: %[[N:.*]] = call @__ta_concat_count_array_{{(strict|none)}}_2x3xf32(%[[BOX]]) {always_inline}
// CHECK-NEXT: %[[ALL:.*]] = memref.alloc(%[[N]]) {ta.size_checked} : memref<?x2x3xf32>
// CHECK-NEXT: call @__ta_concat_array_{{(strict|none)}}_2x3xf32(%[[BOX]], %[[ALL]]) {always_inline}
// CHECK: %[[JOINED:.*]] = memref.collapse_shape %[[ALL]] {{\[\[}}0, 1], [2]] : memref<?x2x3xf32> into memref<?x3xf32>
// CHECK: %[[LEN:.*]] = tensor.splat %c2_i64[%[[N]]] : tensor<?xi64>
// CHECK: %[[V:.*]] = bufferization.to_tensor %[[JOINED]]
// CHECK: return %[[V]], %[[LEN]]
// STRICT-LABEL: func.func private @__ta_read_array_strict_2x3xf32(
// STRICT: func.call @_ta_rt_fail(%c7_i32
// NONE-NOT: __ta_read
// CHECK-LABEL: func.func private @__ta_concat_array_{{(strict|none)}}_2x3xf32(
// CHECK-SAME: %{{[^:]*}}: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[ALL:[^:]*]]: memref<?x2x3xf32> {llvm.noalias})
// CHECK: memref.dim %[[ALL]], %c0
// STRICT-NOT: _ta_rt_fail(%c2_i32
// STRICT: %[[ANY:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %c0_i8{{.*}}) -> (i8) {
// STRICT: arith.ori %[[ACC]]
// STRICT: %[[BITS:.*]] = arith.andi %[[ANY]], %c4_i8
// STRICT: %[[CLEARED:.*]] = arith.cmpi ne, %[[BITS]]
// STRICT: scf.if %[[CLEARED]] {
// STRICT: scf.for
// STRICT: func.call @__ta_read_array_strict_2x3xf32({{.*}}) {always_inline}
// STRICT: memref.copy
// STRICT: } else {
// STRICT: scf.for
// STRICT: memref.store
// STRICT: }
// NONE-NOT: scf.for
// CHECK: %[[DATA:.*]] = memref.view %{{.*}}[%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?x2x3xf32>
// CHECK-NEXT: memref.copy %[[DATA]], %[[ALL]] : memref<?x2x3xf32> to memref<?x2x3xf32>
// CHECK-LABEL: func.func private @__ta_concat_count_array_{{(strict|none)}}_2x3xf32(
// CHECK-SAME: -> index
// STRICT: func.call @_ta_rt_fail(%c2_i32
// CHECK: %[[SIZE:.*]] = memref.load %{{.*}}[%c0{{.*}}] : memref<8xi64>
// CHECK-NEXT: %[[COUNT:.*]] = arith.index_cast %[[SIZE]] : i64 to index
// CHECK-NEXT: return %[[COUNT]] : index
func.func @concat(%h: !ta.handle<?, tensor<2x3xf32>>, %f: !ta.flow) -> (tensor<?x3xf32>, tensor<?xi64>) {
  %v, %l = ta.concat %h, %f : !ta.handle<?, tensor<2x3xf32>>
  return %v, %l : tensor<?x3xf32>, tensor<?xi64>
}

// -----

// With lazy zeroing (elements of 64 bytes or more, both checks modes), a
// slot never written takes the element by element path too, which zeroes
// it; without checks, that is the only reason to.
// CHECK-LABEL: func.func @concat_lazy
// CHECK: call @__ta_concat_array_{{(strict|none)}}_16xf32(
// CHECK-NOT: tensor.splat
// CHECK: return
// CHECK-LABEL: func.func private @__ta_read_array_{{(strict|none)}}_16xf32(
// STRICT: func.call @_ta_rt_fail(%c7_i32
// NONE-NOT: _ta_rt_fail
// CHECK: linalg.fill
// CHECK-LABEL: func.func private @__ta_concat_array_{{(strict|none)}}_16xf32(
// CHECK: %[[SCAN:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %c0_i8{{.*}}, %[[AND:.*]] = %c-1_i8{{.*}}) -> (i8, i8) {
// CHECK: %[[ST:.*]] = memref.load
// CHECK: %[[OR:.*]] = arith.ori %[[ACC]], %[[ST]]
// CHECK: %[[BOTH:.*]] = arith.andi %[[AND]], %[[ST]]
// CHECK: scf.yield %[[OR]], %[[BOTH]]
// STRICT: %[[CLEAREDBITS:.*]] = arith.andi %[[SCAN]]#0, %c4_i8
// STRICT: %[[CLEARED:.*]] = arith.cmpi ne, %[[CLEAREDBITS]]
// CHECK: %[[WRITTEN:.*]] = arith.andi %[[SCAN]]#1, %c8_i8
// CHECK: %[[FULL:.*]] = arith.cmpi eq, %[[WRITTEN]], %c8_i8
// CHECK: %[[SOME:.*]] = arith.xori %[[FULL]], %true
// STRICT: %[[SLOW:.*]] = arith.ori %[[CLEARED]], %[[SOME]]
// STRICT: scf.if %[[SLOW]] {
// NONE: scf.if %[[SOME]] {
// CHECK: func.call @__ta_read_array_{{(strict|none)}}_16xf32({{.*}}) {always_inline}
// CHECK: memref.copy
// CHECK: } else {
// STRICT: memref.store
// NONE-NOT: memref.store
// CHECK: memref.copy
// CHECK: }
func.func @concat_lazy(%h: !ta.handle<?, tensor<16xf32>>, %f: !ta.flow) -> tensor<?xf32> {
  %v, %l = ta.concat %h, %f : !ta.handle<?, tensor<16xf32>>
  return %v : tensor<?xf32>
}

// -----

// Concat of an accumulator reads its marked size (at least 0), its
// forward array's when it was made, and checks that the destination's byte
// size fits in an int64 (a split that checks=none did not check marks any
// count): TensorFlow's OOM error, as ta-check-allocation-sizes gives it,
// INT64_MAX / 8 bytes an element.
// CHECK-LABEL: func.func @concat_grad
// CHECK: %[[N:.*]] = call @__ta_concat_count_grad_{{(strict|none)}}_2xf32(
// CHECK-NEXT: %[[ALL:.*]] = memref.alloc(%[[N]]) {ta.size_checked} : memref<?x2xf32>
// CHECK-NEXT: call @__ta_concat_grad_{{(strict|none)}}_2xf32(%{{.*}}, %[[ALL]]) {always_inline}
// CHECK-LABEL: func.func private @__ta_concat_count_grad_{{(strict|none)}}_2xf32(
// CHECK: %[[M:.*]] = memref.load %{{.*}}[%c3] : memref<8xi64>
// CHECK: %[[MAX:.*]] = arith.maxsi %[[M]], %c0_i64
// CHECK-NEXT: %[[COUNT:.*]] = arith.index_cast %[[MAX]] : i64 to index
// CHECK: %[[LARGE:.*]] = arith.cmpi ugt, %[[COUNT]], %c1152921504606846975 : index
// CHECK: scf.if %[[LARGE]] {
// CHECK: func.call @_ta_rt_fail(%c31_i32, %c0_i64{{.*}}, %c-1_i64, %c0_i64{{.*}}, %c2_i64)
// CHECK: return %[[COUNT]] : index
func.func @concat_grad(%g: !ta.handle<4, tensor<2xf32>, grad>, %f: !ta.flow) -> tensor<?xf32> {
  %v, %l = ta.concat %g, %f : !ta.handle<4, tensor<2xf32>, grad>
  return %v : tensor<?xf32>
}

// -----

// A forward array of static size has constant lengths, up to 512 of them
// (a global of that many i64s); a larger one a splat of the size it reads
// (its allocation checked at run time: TensorFlow's OOM error).
// CHECK-LABEL: func.func @concat_lengths
// CHECK: %[[L:.*]] = arith.constant dense<3> : tensor<4xi64>
// CHECK: %[[LD:.*]] = tensor.cast %[[L]] : tensor<4xi64> to tensor<?xi64>
// CHECK: return %[[LD]]
func.func @concat_lengths(%h: !ta.handle<4, tensor<3xf32>>, %f: !ta.flow) -> tensor<?xi64> {
  %v, %l = ta.concat %h, %f : !ta.handle<4, tensor<3xf32>>
  return %l : tensor<?xi64>
}
// CHECK-LABEL: func.func @concat_lengths_large
// CHECK: %[[N:.*]] = call @__ta_concat_count_array_{{(strict|none)}}_3xf32(
// CHECK: %[[L:.*]] = tensor.splat %c3_i64[%[[N]]] : tensor<?xi64>
// CHECK: return %[[L]]
func.func @concat_lengths_large(%h: !ta.handle<2305843009213693952, tensor<3xf32>>, %f: !ta.flow) -> tensor<?xi64> {
  %v, %l = ta.concat %h, %f : !ta.handle<2305843009213693952, tensor<3xf32>>
  return %l : tensor<?xi64>
}

// -----

// Split: in strict mode one scan of the lengths (the OR of each one's XOR
// with the element's dim 0); where every length is that dim, no length is
// negative and the sum is n x dim 0 (overflow tested once), otherwise the
// scans for the first negative length and the wrapping sum run; then the
// failures in order (negative, overflow, sum), the size check, the marked
// size, then one write of rows [offset, offset + element dim 0) per
// element, each with its own length checked against the element shape. A
// valid split of a forward array writes slots [0, n) from the value's rows
// in one copy, after growing the array to n slots; in strict mode when the
// lengths' scan and one of the state find every length the element's dim 0
// and no slot written or read (slots are then marked written), otherwise
// the writes one by one fail where TensorFlow's do. In strict mode all of
// that is the body of the module's split function of the array's kind and
// element shape, which the op calls with its value (in place: any offset)
// and lengths.
// CHECK-LABEL: func.func @split(
// STRICT-SAME: %[[BOX:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[V:[^:]*]]: tensor<?xf32>, %[[L:[^:]*]]: tensor<?xi64>)
// STRICT-NEXT: %[[VM:.*]] = bufferization.to_buffer %[[V]] read_only : tensor<?xf32> to memref<?xf32, strided<[1], offset: ?>>
// STRICT-NEXT: %[[LM:.*]] = bufferization.to_buffer %[[L]] read_only : tensor<?xi64> to memref<?xi64>
// STRICT-NEXT: call @__ta_split_growable_strict_2xf32(%[[BOX]], %[[VM]], %[[LM]]) {always_inline}
// STRICT-NEXT: return
// STRICT-LABEL: func.func private @__ta_split_growable_strict_2xf32(
// STRICT-SAME: %[[BOX:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[VM:[^:]*]]: memref<?xf32, strided<[1], offset: ?>> {llvm.noalias}, %[[LM:[^:]*]]: memref<?xi64> {llvm.noalias}) attributes {llvm.linkage = #llvm.linkage<internal>}
// STRICT-NEXT: bufferization.to_tensor %[[VM]] restrict : memref<?xf32, strided<[1], offset: ?>> to tensor<?xf32>
// STRICT-NEXT: bufferization.to_tensor %[[LM]] restrict : memref<?xi64> to tensor<?xi64>
// CHECK: %[[N:.*]] = memref.dim %{{.*}}, %c0
// STRICT: %[[LENGTHS:.*]] = scf.for {{.*}} iter_args(%[[BITS:.*]] = %c0_i64{{.*}}) -> (i64) {
// STRICT: %[[XOR:.*]] = arith.xori %{{.*}}, %c2_i64
// STRICT: arith.ori %[[BITS]], %[[XOR]]
// STRICT: %[[UNIFORM:.*]] = arith.cmpi eq, %[[LENGTHS]], %c0_i64
// STRICT: %[[CHECKED:.*]]:3 = scf.if %[[UNIFORM]] -> (i64, i64, i1) {
// STRICT: %[[WRAPS:.*]] = arith.cmpi sgt, %{{.*}}, %c4611686018427387903_i64
// STRICT: %[[SUM:.*]] = arith.muli %{{.*}}, %c2_i64
// STRICT: scf.yield %c-1_i64{{.*}}, %[[SUM]], %[[WRAPS]] : i64, i64, i1
// STRICT: } else {
// STRICT: scf.for {{.*}} iter_args
// STRICT: arith.select
// STRICT: scf.for {{.*}} iter_args
// STRICT: arith.addi
// STRICT: }
// STRICT: func.call @_ta_rt_fail(%c32_i32
// STRICT: scf.if %[[CHECKED]]#2 {
// STRICT: func.call @_ta_rt_fail(%c33_i32
// STRICT: func.call @_ta_rt_fail(%c12_i32
// STRICT: func.call @_ta_rt_fail(%c2_i32
// STRICT: func.call @_ta_rt_fail(%c13_i32
// CHECK: memref.store %{{.*}}, %{{.*}}[%c3] : memref<8xi64>
// NONE-NOT: scf.for
// CHECK: %[[BUF:.*]] = scf.if %{{.*}} -> (memref<?xi8>) {
// CHECK: func.call @__ta_grow_{{(strict|none)}}_8(
// STRICT: arith.cmpi ne, %[[LENGTHS]], %c0_i64{{.*}}
// STRICT: %[[STATE:.*]] = scf.for {{.*}} -> (i8) {
// STRICT: arith.andi %[[STATE]], %c3_i8
// STRICT: scf.if %{{.*}} {
// STRICT: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[OFF:.*]] = %c0
// STRICT: %[[ROW:.*]] = memref.subview %{{.*}}[%[[OFF]]] [2] [1]
// STRICT: func.call @_ta_rt_fail(%c8_i32
// STRICT: memref.copy %[[ROW]],
// STRICT: scf.yield
// STRICT: } else {
// STRICT: scf.for
// STRICT: memref.store
// CHECK: %[[DATA:.*]] = memref.view %[[BUF]][%{{.*}}][%[[N]]] : memref<?xi8> to memref<?x2xf32>
// CHECK: %[[SRC:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: %{{.*}}, %[[OFFSET:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[SRC]]
// CHECK: %[[ELTS:.*]] = memref.reinterpret_cast %[[SRC]] to offset: [%[[OFFSET]]], sizes: [%[[N]], 2], strides: [2, 1] : memref<?xf32, strided<[1], offset: ?>> to memref<?x2xf32, strided<[2, 1], offset: ?>>
// CHECK: memref.copy %[[ELTS]], %[[DATA]] : memref<?x2xf32, strided<[2, 1], offset: ?>> to memref<?x2xf32>
// NONE-NOT: scf.for
func.func @split(%h: !ta.handle<?, tensor<2xf32>>, %v: tensor<?xf32>,
                 %l: tensor<?xi64>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<?, tensor<2xf32>>, tensor<?xf32>, tensor<?xi64>
  return %f1 : !ta.flow
}

// -----

// With lazy zeroing and no checks, a split into a forward array marks its
// slots written and materialized with one fill of the state (a later read
// must not zero them), then copies the rows.
// CHECK-LABEL: func.func @split_lazy
// NONE: %[[DATA:.*]] = arith.muli %{{.*}}, %c64{{[_0-9]*}} overflow<nsw, nuw> : index
// NONE: %[[END:.*]] = arith.addi %c64{{[_0-9]*}}, %[[DATA]] overflow<nsw, nuw> : index
// NONE: %[[STATE:.*]] = memref.view %{{.*}}[%[[END]]][%{{.*}}] : memref<?xi8> to memref<?xi8>
// NONE-NEXT: linalg.fill ins(%c9_i8 : i8) outs(%[[STATE]] : memref<?xi8>)
// NONE: %[[DATA:.*]] = memref.view %{{.*}}[%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?x16xf32>
// NONE: memref.copy %{{.*}}, %[[DATA]] : memref<?x16xf32, strided<[16, 1], offset: ?>> to memref<?x16xf32>
// STRICT: call @__ta_split_growable_strict_16xf32(
func.func @split_lazy(%h: !ta.handle<?, tensor<16xf32>>, %v: tensor<?xf32>, %l: tensor<?xi64>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<?, tensor<16xf32>>, tensor<?xf32>, tensor<?xi64>
  return %f1 : !ta.flow
}

// -----

// Strict splits into arrays of one kind call one split function, whatever
// the number of rows the value's type has (a static one is cast to [?]).
// A value of another rank or an open row shape (here unranked: an invalid
// program's shape goes into the messages) is split where the op is.
// STRICT-LABEL: func.func @split_calls
// STRICT-DAG: %[[V:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<6x2xf32> to memref<6x2xf32, strided<[2, 1], offset: ?>>
// STRICT-DAG: %[[VD:.*]] = memref.cast %[[V]] : memref<6x2xf32, strided<[2, 1], offset: ?>> to memref<?x2xf32, strided<[2, 1], offset: ?>>
// STRICT-DAG: %[[L:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<3xi64> to memref<3xi64>
// STRICT-DAG: %[[LD:.*]] = memref.cast %[[L]] : memref<3xi64> to memref<?xi64>
// STRICT: call @__ta_split_array_strict_2x2xf32(%{{.*}}, %[[VD]], %[[LD]])
// STRICT: call @__ta_split_array_strict_2x2xf32(
// STRICT-NOT: call @__ta_split_
// STRICT: scf.for
// STRICT-LABEL: func.func private @__ta_split_array_strict_2x2xf32(
// STRICT-NOT: func.func private @__ta_split_
// NONE-LABEL: func.func @split_calls
// NONE-NOT: call @__ta_split_
func.func @split_calls(%h: !ta.handle<3, tensor<2x2xf32>>, %v: tensor<6x2xf32>,
                       %w: tensor<?x2xf32>, %u: tensor<*xf32>,
                       %l: tensor<3xi64>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<3, tensor<2x2xf32>>, tensor<6x2xf32>, tensor<3xi64>
  %f2 = ta.split %h, %w, %l, %f1 : !ta.handle<3, tensor<2x2xf32>>, tensor<?x2xf32>, tensor<3xi64>
  %f3 = ta.split %h, %u, %l, %f2 : !ta.handle<3, tensor<2x2xf32>>, tensor<*xf32>, tensor<3xi64>
  return %f3 : !ta.flow
}

// -----

// An unranked scatter value into an array of static element shape: strict
// mode fails on a scalar first (TA_ERR_SCATTER_NOT_VECTOR, 35); the rows are
// a contiguous copy of the value viewed as [dim 0] ++ the element shape
// (dim 0 only where the rank is right, else no row), freed after the
// writes; checks=none writes no row from a value of another rank.
// CHECK-LABEL: func.func @scatter_unranked
// CHECK: %[[RANK:.*]] = tensor.rank %{{.*}} : tensor<*xf32>
// STRICT: arith.cmpi eq, %[[RANK]], %c0
// STRICT: call @_ta_rt_fail(%c35_i32,
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[RANK]], %c2
// CHECK: %[[D0:.*]] = scf.if %[[OK]] -> (index) {
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<*xf32> to memref<*xf32>
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %[[COPY:.*]] to offset: [0], sizes: [%[[D0]], 3], strides: [3, 1] : memref<?xf32> to memref<?x3xf32>
// NONE: arith.select %[[OK]], %{{.*}}, %c0
// CHECK: memref.dealloc %[[COPY]] {bufferization.manual_deallocation}
func.func @scatter_unranked(%h: !ta.handle<4, tensor<3xf32>>, %i: tensor<2xi32>, %v: tensor<*xf32>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.scatter %h[%i], %v, %f : !ta.handle<4, tensor<3xf32>>, tensor<2xi32>, tensor<*xf32>
  return %f1 : !ta.flow
}

// -----

// An array in the function's frame (a small constant size) has its split,
// concat and gather written out where the ops are: LLVM then sees the
// array's whole life (a split then a concat of constant lengths folds to a
// copy).
// CHECK-LABEL: func.func @frame_bulk
// CHECK-NOT: call @__ta_split_
// CHECK-NOT: call @__ta_concat_
// CHECK-NOT: call @__ta_gather_
// CHECK: return
func.func @frame_bulk(%v: tensor<6x2xf32>, %i: tensor<2xi32>) -> (tensor<6x2xf32>, tensor<2x2x2xf32>) {
  %c3 = arith.constant 3 : index
  %l = arith.constant dense<2> : tensor<3xi64>
  %h, %f = ta.create %c3 {name = "frame"} : !ta.handle<3, tensor<2x2xf32>>
  %f1 = ta.split %h, %v, %l, %f : !ta.handle<3, tensor<2x2xf32>>, tensor<6x2xf32>, tensor<3xi64>
  %c, %cl = ta.concat %h, %f1 : !ta.handle<3, tensor<2x2xf32>>
  %g = ta.gather %h[%i], %f1 : !ta.handle<3, tensor<2x2xf32>>, tensor<2xi32>
  return %c, %g : tensor<6x2xf32>, tensor<2x2x2xf32>
}
