// Arrays whose element type leaves dims open live in libta_runtime: the box
// holds a 64-byte header (size, flags, name, the partial element shape with
// -1 for open dims), the runtime's array in its last word; each op is a call,
// the same in both checks modes. A value read comes back in two calls: the
// first reports its shape (into a stack buffer, in an alloca_scope, which
// holds the rank of the result type on entry: the runtime fails on
// another), the second copies it into the result allocated for that shape.
// Boxes have a slot per gradient source besides the array's (one source
// here: 2 slots).
// RUN: ta-opt %s --ta-lower-to-memref | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=checks=none | FileCheck %s

!A = !ta.handle<?, tensor<?x2xf32>>

// CHECK-LABEL: func.func @create_write_read_close
// CHECK: memref.get_global @"__ta_shape_-1_2" : memref<3xi64>
// CHECK: %[[HDR:.*]] = memref.alloc(%c64) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: %[[WORDS:.*]] = memref.view %[[HDR]][%{{.*}}][] : memref<?xi8> to memref<8xi64>
// CHECK: memref.store %c6_i64, %[[WORDS]][%c2]
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_init(%{{.*}}, %c4_i64, %c1_i64)
// CHECK: %[[BOX:.*]] = memref.alloc() {bufferization.manual_deallocation} : memref<2xmemref<?xi8>>
// CHECK: memref.alloca_scope {
// CHECK: %[[SHAPE:.*]] = memref.alloca() : memref<3xi64>
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_write(
// CHECK: %[[DIMS:.*]]:2 = memref.alloca_scope -> (i64, i64) {
// CHECK: %[[REPORTED:.*]] = memref.alloca() : memref<34xi64>
// CHECK: memref.store %c2_i64{{.*}}, %[[REPORTED]]
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_read(
// CHECK: %[[ROWS:.*]] = arith.index_cast %[[DIMS]]#0 : i64 to index
// CHECK: %[[VALUE:.*]] = memref.alloc(%[[ROWS]]) {alignment = 64 : i64} : memref<?x2xf32>
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_take(%{{.*}}, %{{.*}}, %c0_i64{{.*}})
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_close(
// The array cannot leave the function: released before its return.
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_release(
// CHECK: memref.dealloc %{{.*}} {bufferization.manual_deallocation} : memref<?xi8>
// CHECK: memref.dealloc %[[BOX]] {bufferization.manual_deallocation}
// CHECK: return
// CHECK-NOT: _ta_rt_fail
func.func @create_write_read_close(%v: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 {dynamic_size = true, clear_after_read = true} : !A
  %f1 = ta.write %h[%c0], %v, %f : !A, tensor<?x2xf32>
  %r = ta.read %h[%c0], %f1 : !A
  ta.close %h : !A
  return %r : tensor<?x2xf32>
}

// CHECK-LABEL: func.func @bulk
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_scatter(%{{.*}}, %{{.*}}, %{{.*}}, %c4_i64,
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_gather(%{{.*}}, %{{.*}}, %{{.*}}, %c1_i64,
// CHECK: %[[N:.*]] = {{(func\.)?}}call @_ta_rt_dyn_concat(
// CHECK: %[[LENGTHS:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_take(%{{.*}}, %{{.*}}, %{{.*}})
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_split(
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_size(
// CHECK-NOT: _ta_rt_dyn_release
// CHECK: return
func.func @bulk(%h: !A, %f: !ta.flow, %v: tensor<2x?x2xf32>, %w: tensor<?x2xf32>) -> (tensor<3x?x2xf32>, tensor<?x2xf32>, tensor<?xi64>, index) {
  %i = arith.constant dense<[1, 0]> : tensor<2xi32>
  %f1 = ta.scatter %h[%i], %v, %f : !A, tensor<2xi32>, tensor<2x?x2xf32>
  %j = arith.constant dense<[1, 0, 1]> : tensor<3xi8>
  %g = ta.gather %h[%j], %f1 : !A, tensor<3xi8>
  %c, %l = ta.concat %h, %f1 : !A
  %lengths = arith.constant dense<[1, 2]> : tensor<2xi64>
  %f2 = ta.split %h, %w, %lengths, %f1 : !A, tensor<?x2xf32>, tensor<2xi64>
  %n = ta.size %h, %f2 : !A
  return %g, %c, %l, %n : tensor<3x?x2xf32>, tensor<?x2xf32>, tensor<?xi64>, index
}

// An accumulator lives in the box's slot for its source: made by the
// runtime the first time (a header filled with the forward's name, the
// source and the grad flags, then _ta_rt_dyn_grad with it), and the forward
// array's checks alone when it exists. The handle is a view of the slot;
// the release at the block's end covers accumulators that exist.
// CHECK-LABEL: func.func @grad
// CHECK: %[[EXISTING:.*]] = memref.load %[[BOX:.*]][%c1{{.*}}]
// CHECK: %[[BYTES:.*]] = memref.dim %[[EXISTING]], %c0{{.*}}
// CHECK: %[[EXISTS:.*]] = arith.cmpi ne, %[[BYTES]], %c0{{.*}}
// CHECK: scf.if %[[EXISTS]] {
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_grad(%{{.*}}, %c0_i64{{.*}}, %c0_i64{{.*}}, %c0_i64{{.*}})
// CHECK: } else {
// CHECK: %[[ACC:.*]] = memref.alloc(%c64{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: memref.store %c12_i64, %{{.*}}[%c2{{.*}}] : memref<8xi64>
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_grad(
// CHECK: memref.store %[[ACC]], %[[BOX]][%c1
// CHECK: memref.subview %[[BOX]][1] [1] [1]
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_write(
// CHECK: memref.dim
// CHECK: scf.if
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_release(
// CHECK: return
func.func @grad(%v: tensor<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c2 : !ta.handle<2, tensor<?x2xf32>>
  %g, %gf = ta.grad %h, %f source "gradients" : !ta.handle<2, tensor<?x2xf32>>
  %gf1 = ta.write %g[%c0], %v, %gf : !ta.handle<2, tensor<?x2xf32>, grad>, tensor<?x2xf32>
  return
}

// Unranked elements: the partial shape is `{-1}`. An unranked value's
// shape has as many dims as its run-time rank: stored by a loop into a heap
// buffer (no loop can sit in an alloca_scope once scf becomes cf), whose
// dims also reshape the contiguous copy of its data (its buffer may be
// strided: a column), made by memref.copy into a flat allocation. An unranked
// result's shape is reported into a heap buffer of 2 + 32 words; the result
// is a flat allocation of the product of its dims, reshaped to them.
// CHECK-LABEL: func.func @unranked
// CHECK: memref.get_global @__ta_shape_unranked : memref<1xi64>
// CHECK: %[[RANK:.*]] = tensor.rank %{{.*}} : tensor<*xf32>
// CHECK: %[[SHAPE:.*]] = memref.alloc(%{{.*}}) {bufferization.manual_deallocation} : memref<?xi8>
// CHECK: %[[WORDS:.*]] = memref.view %[[SHAPE]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi64>
// CHECK: scf.for
// CHECK: tensor.dim
// CHECK: %[[DIMS:.*]] = memref.view %[[SHAPE]][%c8{{(_[0-9]+)?}}][%[[RANK]]] : memref<?xi8> to memref<?xi64>
// CHECK: %[[SRC:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<*xf32> to memref<*xf32>
// CHECK: %[[N:.*]] = scf.for
// CHECK: %[[COPY:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xf32>
// CHECK: %[[DST:.*]] = memref.reshape %[[COPY]](%[[DIMS]]) : (memref<?xf32>, memref<?xi64>) -> memref<*xf32>
// CHECK: memref.copy %[[SRC]], %[[DST]] : memref<*xf32> to memref<*xf32>
// CHECK: memref.extract_aligned_pointer_as_index %[[WORDS]]
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_write(
// CHECK: memref.dealloc %[[COPY]] {bufferization.manual_deallocation} : memref<?xf32>
// CHECK: memref.dealloc %[[SHAPE]] {bufferization.manual_deallocation} : memref<?xi8>
// CHECK: %[[REPORT:.*]] = memref.alloc() {bufferization.manual_deallocation} : memref<272xi8>
// CHECK: %[[RWORDS:.*]] = memref.view %[[REPORT]][%{{.*}}][] : memref<272xi8> to memref<34xi64>
// CHECK: memref.store %c-1_i64{{.*}}, %[[RWORDS]]
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_read(
// CHECK: %[[RRANK:.*]] = memref.load %[[RWORDS]]
// CHECK: %[[RANKI:.*]] = arith.index_cast %[[RRANK]] : i64 to index
// CHECK: %[[DIMS:.*]] = memref.view %[[REPORT]][%c8{{(_[0-9]+)?}}][%[[RANKI]]] : memref<272xi8> to memref<?xi64>
// CHECK: %[[COUNT:.*]] = scf.for
// CHECK: %[[FLAT:.*]] = memref.alloc(%[[COUNT]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_take(
// CHECK: %[[R:.*]] = memref.reshape %[[FLAT]](%[[DIMS]]) : (memref<?xf32>, memref<?xi64>) -> memref<*xf32>
// CHECK: memref.dealloc %[[REPORT]] {bufferization.manual_deallocation} : memref<272xi8>
// CHECK: bufferization.to_tensor %[[R]] restrict writable : memref<*xf32> to tensor<*xf32>
func.func @unranked(%v: tensor<*xf32>, %i: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !ta.handle<?, tensor<*xf32>>
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<?, tensor<*xf32>>, tensor<*xf32>
  %r = ta.read %h[%i], %f1 : !ta.handle<?, tensor<*xf32>>
  return %r : tensor<*xf32>
}

// An unranked read whose every use casts it to a ranked type is made ranked
// (no unranked descriptor, which lives on the stack): the rank is the
// casts', every dim open, the casts cast it.
// CHECK-LABEL: func.func @unranked_cast
// CHECK: memref.alloca_scope -> (i64, i64) {
// CHECK: memref.store %c2_i64{{.*}}, %{{.*}}[%c0{{.*}}] : memref<34xi64>
// CHECK: {{(func\.)?}}call @_ta_rt_dyn_read(
// CHECK: %[[V:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[V]] restrict writable : memref<?x?xf32> to tensor<?x?xf32>
// CHECK-NOT: memref.reshape
// CHECK: tensor.cast %[[T]] : tensor<?x?xf32> to tensor<1x2xf32>
func.func @unranked_cast(%h: !ta.handle<?, tensor<*xf32>>, %f: !ta.flow, %i: index) -> tensor<1x2xf32> {
  %r = ta.read %h[%i], %f : !ta.handle<?, tensor<*xf32>>
  %c = tensor.cast %r : tensor<*xf32> to tensor<1x2xf32>
  return %c : tensor<1x2xf32>
}
