// Lowered IR of create/write/read/size/close, both checks modes (the bulk
// operations and accumulators: bulk.mlir, grad.mlir).
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s --check-prefixes=CHECK,STRICT
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s --check-prefixes=CHECK,NONE

// Handles become boxes; flows are erased from signatures and results.
// Without ta operations there is nothing to report: no runtime declaration.
// CHECK-NOT: _ta_rt_fail
// CHECK-LABEL: func.func @signature
// CHECK-SAME: (%[[H:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>) -> memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK-NEXT: return %[[H]]
func.func @signature(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow)
    -> (!ta.handle<4, tensor<2xf32>>, !ta.flow) {
  return %h, %f : !ta.handle<4, tensor<2xf32>>, !ta.flow
}

// -----

// Joins of flows go with the flows, through loops and calls too.
// CHECK-NOT: _ta_rt_fail
// CHECK-LABEL: func.func @flow_join
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-NOT: flow_join
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @flow_join(%n: index, %f: !ta.flow) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f) -> (!ta.flow) {
    %fresh = ta.flow_join()
    %next = ta.flow_join(%acc, %fresh)
    scf.yield %next : !ta.flow
  }
  return %r : !ta.flow
}

// -----

// CHECK: memref.global "private" constant @__ta_name.steps : memref<6xi8> = dense<[115, 116, 101, 112, 115, 0]>
// CHECK: func.func private @_ta_rt_fail(i32, i64, i64, i64, i64)
// An array on the heap: the op allocates its box (one slot: no gradient
// source in the module) and calls the create function of its kind with
// the size, the header's flags (dynamic 2, clear after read 4) and the
// name's address, marked always_inline (LLVM inlines it: see bulk.mlir).
// CHECK-LABEL: func.func @create
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[NAME:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[BOX:.*]] = memref.alloc() {bufferization.manual_deallocation} : memref<1xmemref<?xi8>>
// CHECK: %[[CAST:.*]] = memref.cast %[[BOX]] : memref<1xmemref<?xi8>> to memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK: %[[FLAGS:.*]] = arith.constant 6 : i64
// STRICT: call @__ta_create_zeroed_array_strict_2xf32(%[[CAST]], %[[N]], %[[FLAGS]], %[[NAME]]) {always_inline}
// NONE: call @__ta_create_zeroed_array_none_2xf32(%[[CAST]], %[[N]], %[[FLAGS]], %[[NAME]]) {always_inline}
// CHECK: return
// The function: a negative size fails in strict mode; a size known only at
// run time is checked in both modes against the most slots whose bytes fit
// in an int64 (TensorFlow's OOM error, code 31; a negative size with
// checks=none too); the buffer, zeroed unless fresh from a mapping; the
// header; the buffer in slot 0 of the box, an empty view in the others.
// CHECK-LABEL: func.func private @__ta_create_zeroed_array_{{(strict|none)}}_2xf32(
// CHECK-SAME: %[[FBOX:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[FN:[^:]*]]: index, %[[FFLAGS:[^:]*]]: i64, %[[FNAME:[^:]*]]: i64)
// STRICT: scf.if
// STRICT: func.call @_ta_rt_fail(%c1_i32
// CHECK: %[[TOOMANY:.*]] = arith.cmpi ugt, %[[FN]], %c{{[0-9]+}} : index
// CHECK: scf.if %[[TOOMANY]] {
// CHECK: func.call @_ta_rt_fail(%c31_i32
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: call @__ta_fresh_buffer_is_zero(
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
// CHECK: %[[HDR:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8> to memref<8xi64>
// CHECK: memref.store %[[FFLAGS]], %[[HDR]][%c2]
// CHECK: memref.store %[[FNAME]], %[[HDR]][%c4]
// CHECK: memref.store %[[BUF]], %[[FBOX]][%c0
// CHECK: %[[EMPTY:.*]] = memref.reinterpret_cast %[[BUF]] to offset: [0], sizes: [0], strides: [1]
// CHECK: scf.for
// CHECK: memref.store %[[EMPTY]], %[[FBOX]]
// CHECK: return
func.func @create(%n: index) -> !ta.handle<?, tensor<2xf32>> {
  %h, %f = ta.create %n {dynamic_size = true, name = "steps"} : !ta.handle<?, tensor<2xf32>>
  return %h : !ta.handle<?, tensor<2xf32>>
}

// -----

// A write is one call of the module's write function for its kind of
// array (fixed size, 2x3xf32, checks mode) with the value in place. The
// function: checks in strict mode (closed, bounds, read, written), then one
// element copy into the slot.
// CHECK-LABEL: func.func @write
// CHECK-SAME: (%[[H:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[I:.*]]: index, %[[V:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT: %[[ARG:.*]] = bufferization.to_buffer %[[V]] read_only : tensor<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: ?>>
// STRICT-NEXT: call @__ta_write_array_strict_2x3xf32(%[[H]], %[[I64]], %[[ARG]]) :
// NONE-NEXT: call @__ta_write_array_none_2x3xf32(%[[H]], %[[I64]], %[[ARG]]) :
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @__ta_write_array_{{(strict|none)}}_2x3xf32
// CHECK-SAME: (%[[BOX:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %{{.*}}: i64, %[[SRC:.*]]: memref<2x3xf32, strided<[3, 1], offset: ?>>)
// The mark ta-version-access-loops knows access functions by (and drops).
// STRICT-SAME: attributes {llvm.linkage = #llvm.linkage<internal>, ta.access = {checks = "strict", element = tensor<2x3xf32>, grad = false, kind = "write", size = 4 : i64}}
// NONE-SAME: attributes {llvm.linkage = #llvm.linkage<internal>, ta.access = {checks = "none", element = tensor<2x3xf32>, grad = false, kind = "write", size = 4 : i64}}
// CHECK: %[[BUF:.*]] = memref.load %[[BOX]]
// STRICT: func.call @_ta_rt_fail(%c2_i32
// STRICT: func.call @_ta_rt_fail(%c3_i32
// STRICT: func.call @_ta_rt_fail(%c4_i32
// STRICT: func.call @_ta_rt_fail(%c5_i32
// NONE-NOT: _ta_rt_fail
// NONE-NOT: scf.if
// The slot is a view at its byte offset (64 + index * 24 bytes, neither
// wrapping, whatever the capacity): one in-bounds address, no subview
// offset.
// CHECK: %[[BYTES:.*]] = arith.muli %{{.*}}, %c24{{[_0-9]*}} overflow<nsw, nuw> : index
// CHECK: %[[OFF:.*]] = arith.addi %c64{{[_0-9]*}}, %[[BYTES]] overflow<nsw, nuw> : index
// CHECK: %[[SLOT:.*]] = memref.view %[[BUF]][%[[OFF]]][] : memref<?xi8> to memref<2x3xf32>
// CHECK: memref.copy %[[SRC]], %[[SLOT]]
// CHECK-NOT: memref.alloc
// CHECK: return
// A fixed-size array never grows: no growth function.
// CHECK-NOT: __ta_grow
func.func @write(%h: !ta.handle<4, tensor<2x3xf32>>, %i: index,
                 %v: tensor<2x3xf32>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<4, tensor<2x3xf32>>, tensor<2x3xf32>
  return %f1 : !ta.flow
}

// -----

// A write to an array of unknown size may grow it: its write function
// (kind "growable") calls the module's growth function for 8-byte elements
// when the index reaches the capacity, which replaces the buffer in the box
// with one of capacity 2 * (index + 1); the write goes on with the box's
// new buffer and raises the size.
// CHECK-LABEL: func.func @write_growable
// CHECK: call @__ta_write_growable_{{(strict|none)}}_2xf32(
// CHECK-LABEL: func.func private @__ta_write_growable_{{(strict|none)}}_2xf32
// CHECK-SAME: (%[[H:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[I:[^:]*]]: i64
// CHECK: %[[OLD:.*]] = memref.load %[[H]]
// CHECK: %[[CAP:.*]] = memref.load %{{.*}}[%c1{{.*}}] : memref<8xi64>
// CHECK: %[[FULL:.*]] = arith.cmpi sge, %[[I]], %[[CAP]] : i64
// CHECK: %[[BUF:.*]] = scf.if %[[FULL]] -> (memref<?xi8>) {
// CHECK-NEXT: func.call @__ta_grow_{{(strict|none)}}_8(%[[H]], %[[I]]) : (memref<?xmemref<?xi8>, strided<[1], offset: ?>>, i64) -> ()
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[NEW:.*]] = memref.load %[[H]]
// CHECK-NEXT: scf.yield %[[NEW]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[OLD]]
// CHECK: memref.view %[[BUF]]
// CHECK: arith.maxsi
// CHECK: return
// The growth function, defined once per element size: TensorFlow's OOM
// error in both modes where the slots asked for pass the most whose byte
// size fits in an int64 ((2^63 - 1 - 64) / 9 with strict's state byte,
// (2^63 - 1 - 64) / 8 without); room for twice the slots asked for, at
// most that; (strict) a capacity congruent to the old one modulo 4096 where
// the new buffer is mapped (the state's offset then agrees with the old
// one's modulo the page size); the buffer resized: where it is in the frame
// (an accumulator of a frame array) a fresh one and a copy of the old bytes,
// else a memref.realloc to 64 + capacity x (8 + 1 state byte in strict)
// bytes, the data staying where it is; (strict) the state bytes shifted by
// the runtime from the old end of the data to the new one and the new ones
// zeroed; the new slots' data zeroed; the capacity set; the in-frame flag
// (32) cleared; the new buffer stored in the box. Nothing is freed: realloc
// frees (or keeps) the old buffer, the frame keeps its own.
// CHECK: func.func private @__ta_grow_{{(strict|none)}}_8(%[[BOX:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[AT:.*]]: i64) attributes {llvm.linkage = #llvm.linkage<internal>}
// CHECK: %[[OLDBUF:.*]] = memref.load %[[BOX]]
// CHECK: %[[OLDCAP64:.*]] = memref.load
// CHECK: %[[OLDCAP:.*]] = arith.index_cast %[[OLDCAP64]] : i64 to index
// CHECK: %[[FLAGS:.*]] = memref.load %{{.*}}[%c2{{.*}}] : memref<8xi64>
// CHECK: %[[NEXT64:.*]] = arith.addi %[[AT]], %c1_i64
// CHECK: %[[NEXT:.*]] = arith.index_cast %[[NEXT64]] : i64 to index
// CHECK: %[[TOOMANY:.*]] = arith.cmpi ugt, %[[NEXT]], %c{{1024819115206086193|1152921504606846967}}
// CHECK: scf.if %[[TOOMANY]] {
// CHECK: func.call @_ta_rt_fail(%c31_i32, %c0_i64{{.*}}, %{{.*}}, %c8_i64, %c3_i64)
// STRICT: %[[ROOM:.*]] = arith.subi %c1024819115206086193{{.*}}, %[[NEXT]] : index
// NONE: %[[ROOM:.*]] = arith.subi %c1152921504606846967{{.*}}, %[[NEXT]] : index
// CHECK: %[[MORE:.*]] = arith.minsi %[[NEXT]], %[[ROOM]] : index
// CHECK: %[[CAP:.*]] = arith.addi %[[NEXT]], %[[MORE]] : index
// STRICT: %[[LAG:.*]] = arith.subi %[[OLDCAP]], %[[CAP]] : index
// STRICT: %[[MOD:.*]] = arith.andi %[[LAG]], %c4095 : index
// STRICT: %[[ROUNDED:.*]] = arith.addi %[[CAP]], %[[MOD]] : index
// STRICT: arith.cmpi ule, %[[ROUNDED]], %c1024819115206086193
// STRICT: %[[MAPPED:.*]] = call @__ta_fresh_buffer_is_zero
// STRICT: %[[NEWCAP:.*]] = arith.select %{{.*}}, %[[ROUNDED]], %[[CAP]] : index
// CHECK: %[[BIT:.*]] = arith.andi %[[FLAGS]], %c32_i64 : i64
// CHECK: %[[INFRAME:.*]] = arith.cmpi ne, %[[BIT]], %c0_i64 : i64
// CHECK: %[[GROWN:.*]] = scf.if %[[INFRAME]] -> (memref<?xi8>) {
// CHECK: %[[FRESH:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<?xi8> to memref<?xi8>
// CHECK: scf.yield %[[FRESH]] : memref<?xi8>
// CHECK-NEXT: } else {
// STRICT: %[[SCALED:.*]] = arith.muli %[[NEWCAP]], %c8{{[_0-9]*}} overflow<nsw, nuw> : index
// NONE: %[[SCALED:.*]] = arith.muli %[[CAP]], %c8{{[_0-9]*}} overflow<nsw, nuw> : index
// CHECK: %[[DATAEND:.*]] = arith.addi %c64{{[_0-9]*}}, %[[SCALED]] overflow<nsw, nuw> : index
// STRICT-NEXT: %[[BYTES:.*]] = arith.addi %[[DATAEND]], %[[NEWCAP]] : index
// STRICT-NEXT: %[[RESIZED:.*]] = memref.realloc %[[OLDBUF]](%[[BYTES]]) : memref<?xi8> to memref<?xi8>
// NONE-NEXT: %[[RESIZED:.*]] = memref.realloc %[[OLDBUF]](%[[DATAEND]]) : memref<?xi8> to memref<?xi8>
// CHECK-NEXT: scf.yield %[[RESIZED]] : memref<?xi8>
// STRICT: call @_ta_rt_shift_bytes(
// STRICT: linalg.fill
// CHECK: linalg.fill
// CHECK-NOT: memref.copy
// STRICT: %[[STORED:.*]] = arith.index_cast %[[NEWCAP]] : index to i64
// NONE: %[[STORED:.*]] = arith.index_cast %[[CAP]] : index to i64
// CHECK: memref.store %[[STORED]], %{{.*}}[%c1{{.*}}] : memref<8xi64>
// CHECK: %[[CLEARED:.*]] = arith.andi %[[FLAGS]], %c-33_i64
// CHECK: memref.store %[[CLEARED]], %{{.*}}[%c2{{.*}}] : memref<8xi64>
// CHECK-NOT: memref.dealloc
// CHECK: memref.store %[[GROWN]], %[[BOX]]
// CHECK-NEXT: return
func.func @write_growable(%h: !ta.handle<?, tensor<2xf32>>, %i: index,
                          %v: tensor<2xf32>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
  return %f1 : !ta.flow
}

// -----

// One write function per element type, one growth function per element
// size: f32 x 2 and i32 x 2 share the 8-byte one. A second write of the
// same kind calls the same function.
// CHECK-LABEL: func.func @grow_sizes
// CHECK: call @__ta_write_growable_{{(strict|none)}}_2xf32(
// CHECK: call @__ta_write_growable_{{(strict|none)}}_2xi32(
// CHECK: call @__ta_write_growable_{{(strict|none)}}_4xf32(
// CHECK: call @__ta_write_growable_{{(strict|none)}}_2xf32(
// CHECK-DAG: func.call @__ta_grow_{{(strict|none)}}_8(
// CHECK-DAG: func.call @__ta_grow_{{(strict|none)}}_8(
// CHECK-DAG: func.call @__ta_grow_{{(strict|none)}}_16(
// CHECK-DAG: func.func private @__ta_grow_{{(strict|none)}}_8(
// CHECK-DAG: func.func private @__ta_grow_{{(strict|none)}}_16(
// CHECK-DAG: func.func private @__ta_write_growable_{{(strict|none)}}_2xf32(
// CHECK-DAG: func.func private @__ta_write_growable_{{(strict|none)}}_2xi32(
// CHECK-DAG: func.func private @__ta_write_growable_{{(strict|none)}}_4xf32(
// CHECK-NOT: func.func private @__ta_grow
// CHECK-NOT: func.func private @__ta_write
func.func @grow_sizes(%a: !ta.handle<?, tensor<2xf32>>, %b: !ta.handle<?, tensor<2xi32>>,
                      %c: !ta.handle<?, tensor<4xf32>>, %i: index, %f: !ta.flow,
                      %va: tensor<2xf32>, %vb: tensor<2xi32>, %vc: tensor<4xf32>) {
  %f1 = ta.write %a[%i], %va, %f : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
  %f2 = ta.write %b[%i], %vb, %f1 : !ta.handle<?, tensor<2xi32>>, tensor<2xi32>
  %f3 = ta.write %c[%i], %vc, %f2 : !ta.handle<?, tensor<4xf32>>, tensor<4xf32>
  %f4 = ta.write %a[%i], %va, %f3 : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
  return
}

// -----

// A read is one call of the module's read function, which checks and
// updates the state and gives the slot's byte offset in the buffer (loaded
// after the call, which may grow an accumulator); the element is copied out
// of the slot (never a view of the array) in destination-passing style:
// into a tensor.empty that bufferization turns into the place the value is
// inserted into, or a fresh buffer.
// CHECK-LABEL: func.func @read
// CHECK-SAME: (%[[H:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK-NOT: memref.alloc
// CHECK: %[[OFF:.*]] = call @__ta_read_array_{{(strict|none)}}_2xf32(%[[H]], %{{.*}}) : (memref<?xmemref<?xi8>, strided<[1], offset: ?>>, i64) -> index
// CHECK: %[[BUF:.*]] = memref.load %[[H]]
// CHECK: %[[SLOT:.*]] = memref.view %[[BUF]][%[[OFF]]][] : memref<?xi8> to memref<2xf32>
// CHECK: %[[DATA:.*]] = bufferization.to_tensor %[[SLOT]] restrict : memref<2xf32> to tensor<2xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2xf32>
// CHECK: %[[T:.*]] = bufferization.materialize_in_destination %[[DATA]] in %[[EMPTY]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK: return %[[T]]
// The function: strict checks (closed, bounds, cleared), then the offset
// of slot i, 64 + i * 8 in both modes (the state bytes follow the data).
// The index has its sign bit cleared and the offsets are added without
// wrapping: LLVM's alias analysis then sees slot and state past the
// header.
// CHECK-LABEL: func.func private @__ta_read_array_{{(strict|none)}}_2xf32
// CHECK-SAME: (%{{.*}}: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[I:.*]]: i64) -> index
// CHECK-NOT: memref.alloc
// STRICT: func.call @_ta_rt_fail(%c2_i32
// STRICT: func.call @_ta_rt_fail(%c6_i32
// NONE-NOT: _ta_rt_fail
// CHECK: %[[IDX:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK: %[[SI:.*]] = arith.andi %[[IDX]], %c9223372036854775807
// STRICT: func.call @_ta_rt_fail(%c7_i32
// CHECK: %[[BYTES:.*]] = arith.muli %[[SI]], %c8{{[_0-9]*}} overflow<nsw, nuw>
// CHECK: %[[AT:.*]] = arith.addi %c64{{[_0-9]*}}, %[[BYTES]] overflow<nsw, nuw>
// CHECK-NEXT: return %[[AT]] : index
func.func @read(%h: !ta.handle<4, tensor<2xf32>>, %i: index, %f: !ta.flow)
    -> tensor<2xf32> {
  %v = ta.read %h[%i], %f : !ta.handle<4, tensor<2xf32>>
  return %v : tensor<2xf32>
}

// -----

// A read whose value nothing uses is the call alone (its checks, its
// clearing): no copy out of the slot, which would become an allocation, a
// copy and a free.
// CHECK-LABEL: func.func @read_unused
// CHECK: call @__ta_read_array_{{(strict|none)}}_2xf32
// CHECK-NOT: tensor.empty
// CHECK-NOT: materialize_in_destination
// CHECK: return
func.func @read_unused(%h: !ta.handle<4, tensor<2xf32>>, %i: index, %f: !ta.flow) {
  %v = ta.read %h[%i], %f : !ta.handle<4, tensor<2xf32>>
  return
}

// -----

// CHECK-LABEL: func.func @size
// STRICT: func.call @_ta_rt_fail(%c2_i32
// CHECK: %[[S:.*]] = memref.load %{{.*}}[%c0{{.*}}] : memref<8xi64>
// CHECK: %[[I:.*]] = arith.index_cast %[[S]] : i64 to index
// CHECK: return %[[I]]
func.func @size(%h: !ta.handle<?, tensor<2xf32>>, %f: !ta.flow) -> index {
  %s = ta.size %h, %f : !ta.handle<?, tensor<2xf32>>
  return %s : index
}

// -----

// Close frees the data and keeps a header-only buffer marked closed.
// CHECK-LABEL: func.func @close
// CHECK: %[[OLD:.*]] = memref.load
// CHECK: %[[SMALL:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: arith.ori %{{.*}}, %c1_i64
// CHECK: memref.dealloc %[[OLD]] {bufferization.manual_deallocation}
// CHECK: memref.store %[[SMALL]]
// CHECK-NOT: _ta_rt_fail
// CHECK: return
func.func @close(%h: !ta.handle<4, tensor<2xf32>>) {
  ta.close %h : !ta.handle<4, tensor<2xf32>>
  return
}

// -----

// Handles and flows through scf.for and scf.if.
// An access inside a loop asks LLVM to inline its function (always_inline
// on the call); one outside a loop (@write above) leaves it to LLVM.
// CHECK-LABEL: func.func @control_flow
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: call @__ta_write_array_{{(strict|none)}}_2xf32({{.*}}) {always_inline}
// CHECK: scf.if %{{.*}} -> (memref<?xmemref<?xi8>, strided<[1], offset: ?>>)
func.func @control_flow(%h: !ta.handle<4, tensor<2xf32>>, %g: !ta.handle<4, tensor<2xf32>>,
                        %f: !ta.flow, %v: tensor<2xf32>, %c: i1)
    -> (!ta.handle<4, tensor<2xf32>>, !ta.flow) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = scf.for %i = %c0 to %c4 step %c1 iter_args(%fi = %f) -> (!ta.flow) {
    %fo = ta.write %h[%i], %v, %fi : !ta.handle<4, tensor<2xf32>>, tensor<2xf32>
    scf.yield %fo : !ta.flow
  }
  %r, %rf = scf.if %c -> (!ta.handle<4, tensor<2xf32>>, !ta.flow) {
    scf.yield %h, %out : !ta.handle<4, tensor<2xf32>>, !ta.flow
  } else {
    scf.yield %g, %f : !ta.handle<4, tensor<2xf32>>, !ta.flow
  }
  return %r, %rf : !ta.handle<4, tensor<2xf32>>, !ta.flow
}

// -----

// With elements of 64 bytes or more, both checks modes zero only the header
// and the state: the data of a slot is zeroed by the read that finds it
// never written (materialized). checks=none keeps the state for that alone:
// a write stores "written, materialized" without loading it, a read marks
// nothing. Smaller elements zero the whole buffer (@create above).
// CHECK-LABEL: func.func @create_lazy
// CHECK: call @__ta_create_zeroed_array_{{(strict|none)}}_16xf32(
// CHECK-LABEL: func.func @read_lazy
// CHECK: call @__ta_read_array_{{(strict|none)}}_16xf32(
// CHECK-LABEL: func.func @write_lazy
// CHECK: call @__ta_write_array_{{(strict|none)}}_16xf32(
// CHECK-LABEL: func.func private @__ta_create_zeroed_array_{{(strict|none)}}_16xf32(
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: %[[HEAD:.*]] = memref.view %[[BUF]][%c0][%c64{{[_0-9]*}}] : memref<?xi8> to memref<?xi8>
// CHECK: %[[DATA:.*]] = arith.muli %{{.*}}, %c64{{[_0-9]*}} overflow<nsw, nuw> : index
// CHECK: %[[END:.*]] = arith.addi %c64{{[_0-9]*}}, %[[DATA]] overflow<nsw, nuw> : index
// CHECK: %[[STATE:.*]] = memref.view %[[BUF]][%[[END]]][%{{.*}}] : memref<?xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[HEAD]] : memref<?xi8>)
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[STATE]] : memref<?xi8>)
// CHECK-NOT: linalg.fill
// CHECK: return
// CHECK-LABEL: func.func private @__ta_read_array_{{(strict|none)}}_16xf32(
// CHECK: %[[ST:.*]] = memref.load %{{.*}} : memref<?xi8>
// Strict: one test on the common path (materialized, not cleared: state &
// 12 == 8), TensorFlow's error and the zeroing behind it, then the marks.
// STRICT: %[[TESTED:.*]] = arith.andi %[[ST]], %c12_i8
// STRICT: %[[UNCOMMON:.*]] = arith.cmpi ne, %[[TESTED]], %c8_i8
// STRICT: scf.if %[[UNCOMMON]] {
// STRICT: func.call @_ta_rt_fail(%c7_i32
// CHECK: %[[MAT:.*]] = arith.andi %[[ST]], %c8_i8
// CHECK: %[[WRITTEN:.*]] = arith.cmpi ne, %[[MAT]], %c0_i8
// CHECK: %[[NEVER:.*]] = arith.xori %[[WRITTEN]], %true
// CHECK: scf.if %[[NEVER]] {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SLOT:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8> to memref<16xf32>
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f32) outs(%[[SLOT]] : memref<16xf32>)
// STRICT: memref.store %{{.*}} : memref<?xi8>
// NONE-NOT: memref.store
// CHECK-LABEL: func.func private @__ta_write_array_{{(strict|none)}}_16xf32(
// CHECK: %[[STATE:.*]] = memref.view %{{.*}}[%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi8>
// NONE-NOT: memref.load %[[STATE]]
// STRICT: %[[OLD:.*]] = memref.load %[[STATE]]
// Strict: one test on the common path (neither read nor written: state &
// 3 == 0), the two errors in TensorFlow's order behind it.
// STRICT: %[[RW:.*]] = arith.andi %[[OLD]], %c3_i8
// STRICT: %[[BAD:.*]] = arith.cmpi ne, %[[RW]], %c0_i8
// STRICT: scf.if %[[BAD]] {
// STRICT: func.call @_ta_rt_fail(%c4_i32
// STRICT: func.call @_ta_rt_fail(%c5_i32
// CHECK: memref.copy
// NONE-NEXT: memref.store %c9_i8, %[[STATE]][%{{.*}}] : memref<?xi8>
// STRICT: %[[NEW:.*]] = arith.ori %[[OLD]], %c9_i8 : i8
// STRICT-NEXT: memref.store %[[NEW]], %[[STATE]][%{{.*}}] : memref<?xi8>
func.func @create_lazy(%n: index) -> !ta.handle<?, tensor<16xf32>> {
  %h, %f = ta.create %n {dynamic_size = true} : !ta.handle<?, tensor<16xf32>>
  return %h : !ta.handle<?, tensor<16xf32>>
}
func.func @read_lazy(%h: !ta.handle<4, tensor<16xf32>>, %i: index, %f: !ta.flow) -> tensor<16xf32> {
  %v = ta.read %h[%i], %f : !ta.handle<4, tensor<16xf32>>
  return %v : tensor<16xf32>
}
func.func @write_lazy(%h: !ta.handle<4, tensor<16xf32>>, %i: index, %v: tensor<16xf32>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<4, tensor<16xf32>>, tensor<16xf32>
  return %f1 : !ta.flow
}
