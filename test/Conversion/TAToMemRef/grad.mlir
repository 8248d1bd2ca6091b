// Lowered IR of ta.grad / ta.grad_with_shape and of accumulator accesses,
// both checks modes.
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s --check-prefixes=CHECK,STRICT
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s --check-prefixes=CHECK,NONE
// RUN: ta-opt %s --ta-lower-to-memref=outline-accesses=false -split-input-file | FileCheck %s --check-prefix=INLINE

// Sources are numbered module-wide in sorted order ("a" = 0, "b" = 1): an
// array's box gets one slot per source, each starting as an empty view
// (stored by the create function, in a loop over the box's slots; written
// out, one store per slot).
// CHECK-LABEL: func.func @create
// CHECK: %[[BOX:.*]] = memref.alloc() {bufferization.manual_deallocation} : memref<3xmemref<?xi8>>
// CHECK: %[[CAST:.*]] = memref.cast %[[BOX]]
// CHECK: call @__ta_create_zeroed_array_{{(strict|none)}}_2xf32(%[[CAST]],
// INLINE-LABEL: func.func @create
// INLINE: %[[BOX:.*]] = memref.alloc() {bufferization.manual_deallocation} : memref<3xmemref<?xi8>>
// INLINE: %[[EMPTY:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [0], strides: [1] : memref<?xi8> to memref<?xi8>
// INLINE: memref.store %[[EMPTY]], %[[BOX]][%c1{{.*}}]
// INLINE: memref.store %[[EMPTY]], %[[BOX]][%c2{{.*}}]
func.func @create(%n: index) -> !ta.handle<?, tensor<2xf32>> {
  %h, %f = ta.create %n : !ta.handle<?, tensor<2xf32>>
  return %h : !ta.handle<?, tensor<2xf32>>
}
// Two sources, two slots, one gradient function (the element shapes are
// the same).
// CHECK-LABEL: func.func @sources
// CHECK: %[[A:.*]] = memref.subview %{{.*}}[2] [1] [1]
// CHECK: call @[[$GRAD:__ta_grad_[a-z]+_2xf32_of_2xf32]](
// CHECK: %[[B:.*]] = memref.subview %{{.*}}[1] [1] [1]
// CHECK: call @[[$GRAD]](
// CHECK-LABEL: func.func private @__ta_create_zeroed_array_{{(strict|none)}}_2xf32(
// CHECK-SAME: %[[FBOX:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK: %[[EMPTY:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [0], strides: [1] : memref<?xi8> to memref<?xi8>
// CHECK: %[[SLOTS:.*]] = memref.dim %[[FBOX]], %c0
// CHECK: scf.for %[[S:.*]] = %c1{{.*}} to %[[SLOTS]]
// CHECK: memref.store %[[EMPTY]], %[[FBOX]][%[[S]]]
// CHECK: func.func private @[[$GRAD]](
// CHECK-NOT: func.func private @__ta_grad
func.func @sources(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  %a, %af = ta.grad %h, %f source "b" : !ta.handle<4, tensor<2xf32>>
  %b, %bf = ta.grad %h, %f source "a" : !ta.handle<4, tensor<2xf32>>
  return
}

// -----

// ta.grad is a call of the gradient function of its two element shapes
// (one per module, `__ta_grad_<checks>_<accumulator>_of_<forward>`) with
// the forward array's box, the accumulator's handle (a view of the box at
// the source's slot) and the source's name. The function clears the dynamic
// flag first, checks the array is open, and looks the accumulator up in
// its slot: an existing one is checked (strict) and returned; otherwise a
// zeroed buffer of the forward size is made, with the forward's marked size
// and name and the source, and (strict) the forward's written slots
// soft-written. Both modes check that the accumulator's byte size fits in
// an int64 (TensorFlow's OOM error, code 31): its element may be larger
// than the forward's (grad_with_shape). With accesses written out (the NVVM
// pipeline's outline-accesses=false) the same code is where the op is.
// CHECK-DAG: func.func private @_ta_rt_fail(i32, i64, i64, i64, i64)
// STRICT-DAG: func.func private @_ta_rt_check_accumulator(i64, i64)
// NONE-NOT: _ta_rt_check_accumulator
// CHECK-LABEL: func.func @grad
// CHECK-SAME: (%[[H:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>) -> memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK: %[[SLOT:.*]] = memref.subview %[[H]][1] [1] [1]
// CHECK: %[[G:.*]] = memref.cast %[[SLOT]]
// CHECK: memref.get_global @__ta_name.b
// STRICT: call @__ta_grad_strict_2xf32_of_2xf32(%[[H]], %[[G]], %{{.*}})
// NONE: call @__ta_grad_none_2xf32_of_2xf32(%[[H]], %[[G]], %{{.*}})
// CHECK: return %[[G]]
// CHECK-LABEL: func.func private @__ta_grad_{{strict|none}}_2xf32_of_2xf32
// CHECK-SAME: (%[[FH:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[FV:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[SRC:.*]]: i64)
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>}
// CHECK: memref.load %[[FH]][%c0
// CHECK: arith.andi %{{.*}}, %c-3_i64
// STRICT: func.call @_ta_rt_fail(%c2_i32
// CHECK: %[[ACC:.*]] = memref.load %[[FV]][%c0{{.*}}]
// CHECK: %[[LEN:.*]] = memref.dim %[[ACC]], %c0
// CHECK: %[[EXISTS:.*]] = arith.cmpi ne, %[[LEN]], %c0
// CHECK: scf.if %[[EXISTS]] {
// STRICT: func.call @_ta_rt_check_accumulator
// CHECK: } else {
// CHECK: func.call @_ta_rt_fail(%c31_i32
// CHECK: %[[NEW:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[NEW]] : memref<?xi8>)
// CHECK: memref.store %[[SRC]], %{{.*}}[%c5] : memref<8xi64>
// STRICT: scf.for
// STRICT: arith.andi %{{.*}}, %c1_i8
// NONE-NOT: scf.for
// CHECK: memref.store %[[NEW]], %[[FV]][%c0{{.*}}]
// CHECK: }
// CHECK: return
// INLINE-LABEL: func.func @grad
// INLINE-SAME: (%[[H:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>)
// INLINE: %[[SLOT:.*]] = memref.subview %[[H]][1] [1] [1]
// INLINE: %[[G:.*]] = memref.cast %[[SLOT]]
// INLINE-NOT: call
// INLINE: arith.andi %{{.*}}, %c-3_i64
// INLINE: %[[ACC:.*]] = memref.load %[[H]][%c1{{.*}}]
// INLINE: scf.if
// INLINE: } else {
// INLINE: %[[NEW:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// INLINE: memref.store %[[NEW]], %[[H]][%c1{{.*}}]
// INLINE-NEXT: }
// INLINE-NEXT: return %[[G]]
func.func @grad(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow)
    -> !ta.handle<4, tensor<2xf32>, grad> {
  %g, %gf = ta.grad %h, %f source "b" : !ta.handle<4, tensor<2xf32>>
  return %g : !ta.handle<4, tensor<2xf32>, grad>
}

// -----

// grad_with_shape allocates prepend ++ element: 3 * 2 * 4 bytes per slot.
// CHECK: memref.global "private" constant @__ta_shape_3_2 : memref<3xi64> = dense<[2, 3, 2]>
// CHECK-LABEL: func.func @with_shape
// CHECK: arith.muli %{{.*}}, %c24
func.func @with_shape(%h: !ta.handle<4, tensor<2xf32>>, %f: !ta.flow) {
  %p = arith.constant dense<[3]> : tensor<1xi32>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !ta.handle<4, tensor<2xf32>>, tensor<1xi32>
  return
}

// -----

// An accumulator write never grows and never fails on a written slot: the
// first real write stores, later ones add (strict: by the materialized
// bit; none: always add into the zeroed data). The write is a call of the
// accumulators' write function.
// CHECK-LABEL: func.func @write
// CHECK: call @__ta_write_grad_{{(strict|none)}}_2xf32(
// CHECK-LABEL: func.func private @__ta_write_grad_{{(strict|none)}}_2xf32(
// STRICT: func.call @_ta_rt_fail(%c2_i32
// STRICT: func.call @_ta_rt_fail(%c3_i32
// STRICT: func.call @_ta_rt_fail(%c4_i32
// STRICT-NOT: func.call @_ta_rt_fail(%c5_i32
// STRICT: scf.if %{{.*}} {
// STRICT: linalg.generic
// STRICT: arith.addf
// STRICT: } else {
// STRICT: memref.copy
// NONE-NOT: scf.if
// NONE: linalg.generic
// NONE: arith.addf
// NONE-NOT: memref.copy
// CHECK: return
func.func @write(%g: !ta.handle<4, tensor<2xf32>, grad>, %i: index,
                 %v: tensor<2xf32>, %f: !ta.flow) {
  %f1 = ta.write %g[%i], %v, %f : !ta.handle<4, tensor<2xf32>, grad>, tensor<2xf32>
  return
}

// -----

// An accumulator read allows indices past the size (only negative ones
// fail) and grows the accumulator to them: the read function may replace
// the buffer, which the read loads after the call.
// CHECK-LABEL: func.func @read
// CHECK-SAME: (%[[G:[^:]*]]: memref
// CHECK: %[[OFF:.*]] = call @__ta_read_grad_{{(strict|none)}}_2xf32(%[[G]],
// CHECK-NEXT: %{{.*}} = arith.constant 0 : index
// CHECK-NEXT: %[[BUF:.*]] = memref.load %[[G]]
// CHECK-NEXT: memref.view %[[BUF]][%[[OFF]]][]
// CHECK: bufferization.materialize_in_destination
// CHECK-LABEL: func.func private @__ta_read_grad_{{(strict|none)}}_2xf32(
// STRICT: func.call @_ta_rt_fail(%c6_i32
// CHECK: scf.if %{{.*}} -> (memref<?xi8>) {
// CHECK-NEXT: func.call @__ta_grow_{{(strict|none)}}_8(
// CHECK: arith.maxsi
// STRICT: func.call @_ta_rt_fail(%c7_i32
// CHECK: return
// CHECK: func.func private @__ta_grow_{{(strict|none)}}_8(
func.func @read(%g: !ta.handle<4, tensor<2xf32>, grad>, %i: index,
                %f: !ta.flow) -> tensor<2xf32> {
  %v = ta.read %g[%i], %f : !ta.handle<4, tensor<2xf32>, grad>
  return %v : tensor<2xf32>
}

// -----

// A gather of an accumulator whose indices are all below its capacity
// (one scan gives their smallest and largest) sets its size once (to the
// largest index plus one), then reads in bounds: the buffer, capacity and
// clear bits loaded once, no growth in the in-bounds read function. Strict:
// only where no index is negative too (a closed array's capacity is 0).
// Otherwise each Read grows (and the first failing one gives TensorFlow's
// error). The op allocates the result and calls the gather function of
// i32 indices, which does all that.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[H:[^:]*]]: memref
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<3x2xf32>
// CHECK: %[[ROWS:.*]] = memref.cast %[[OUT]] : memref<3x2xf32> to memref<?x2xf32>
// CHECK: %[[IDX:.*]] = memref.cast %{{.*}} : memref<3xi32> to memref<?xi32>
// CHECK: call @__ta_gather_i32_grad_{{(strict|none)}}_2xf32(%[[H]], %{{.*}}, %[[IDX]], %[[ROWS]])
// CHECK: bufferization.to_tensor %[[OUT]]
// The in-bounds read: no growth, no bounds test; strict: the state test
// (cleared) and the state update.
// CHECK-LABEL: func.func private @__ta_read_in_bounds_grad_{{(strict|none)}}_2xf32(
// CHECK-SAME: %{{.*}}: memref<?xi8>, %{{.*}}: i64, %{{.*}}: i8, %{{.*}}: i64) -> index
// CHECK-NOT: __ta_grow
// CHECK-NOT: _ta_rt_fail(%c6_i32
// STRICT: _ta_rt_fail(%c7_i32
// STRICT: memref.store
// CHECK: return
// CHECK-LABEL: func.func private @__ta_gather_i32_grad_{{(strict|none)}}_2xf32(
// CHECK-SAME: %[[G:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %{{[^:]*}}: index, %{{[^:]*}}: memref<?xi32> {llvm.noalias}, %{{[^:]*}}: memref<?x2xf32> {llvm.noalias})
// CHECK: %[[BUF:.*]] = memref.load %[[G]][%c0{{.*}}]
// CHECK: %[[HDR:.*]] = memref.view %[[BUF]][%c0{{.*}}][] : memref<?xi8> to memref<8xi64>
// CHECK: %[[RANGE:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %c0_i64, %{{.*}} = %c-1_i64) -> (i64, i64) {
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: %[[CAP:.*]] = memref.load %[[HDR]][%c1{{.*}}] : memref<8xi64>
// CHECK: %[[ROOM:.*]] = arith.cmpi slt, %[[RANGE]]#1, %[[CAP]]
// NONE: scf.if %[[ROOM]] {
// STRICT: %[[NONNEG:.*]] = arith.cmpi sge, %[[RANGE]]#0, %c0_i64
// STRICT: %[[FAST:.*]] = arith.andi %[[ROOM]], %[[NONNEG]]
// STRICT: scf.if %[[FAST]] {
// CHECK-NOT: __ta_grow
// CHECK: %[[NEXT:.*]] = arith.addi %[[RANGE]]#1, %c1_i64
// CHECK: %[[OLD:.*]] = memref.load %[[HDR]][%c0{{.*}}] : memref<8xi64>
// CHECK: %[[SIZE:.*]] = arith.maxsi %[[OLD]], %[[NEXT]]
// CHECK: memref.store %[[SIZE]], %[[HDR]][%c0{{.*}}] : memref<8xi64>
// CHECK: %[[CAP2:.*]] = memref.load %[[HDR]][%c1{{.*}}] : memref<8xi64>
// STRICT: %[[FLAGS:.*]] = memref.load %[[HDR]][%c2{{.*}}] : memref<8xi64>
// STRICT: %[[CLEAR:.*]] = arith.select %{{.*}}, %c4_i8, %c0_i8
// NONE: %[[CLEAR:.*]] = arith.constant 0 : i8
// CHECK: scf.for
// CHECK: func.call @__ta_read_in_bounds_grad_{{(strict|none)}}_2xf32(%[[BUF]], %[[CAP2]], %[[CLEAR]], %{{.*}}) {always_inline}
// CHECK: memref.copy
// CHECK: } else {
// CHECK: scf.for
// CHECK: func.call @__ta_read_grad_{{(strict|none)}}_2xf32(%[[G]], %{{.*}}) {always_inline}
// CHECK: return
func.func @gather(%g: !ta.handle<4, tensor<2xf32>, grad>, %idx: tensor<3xi32>,
                  %f: !ta.flow) -> tensor<3x2xf32> {
  %v = ta.gather %g[%idx], %f : !ta.handle<4, tensor<2xf32>, grad>, tensor<3xi32>
  return %v : tensor<3x2xf32>
}

// -----

// A scatter into an accumulator: its largest index is below the size after
// the max-index check (an accumulator never grows on a write), so where the
// scan that found it finds none negative too (without checks: always) each
// index is written in bounds, the buffer and capacity loaded once: the
// state test (written after a read) and the sum or first store, no bounds
// test. Otherwise each Write checks its index. All of it is the scatter
// function of i32 indices into accumulators, which the op calls.
// CHECK-LABEL: func.func @scatter
// CHECK-SAME: (%[[H:[^:]*]]: memref
// CHECK: call @__ta_scatter_i32_grad_{{(strict|none)}}_2xf32(%[[H]],
// CHECK-LABEL: func.func private @__ta_write_in_bounds_grad_{{(strict|none)}}_2xf32(
// CHECK-NOT: _ta_rt_fail(%c3_i32
// STRICT: _ta_rt_fail(%c4_i32
// CHECK: linalg.generic
// CHECK: return
// CHECK-LABEL: func.func private @__ta_scatter_i32_grad_{{(strict|none)}}_2xf32(
// CHECK-SAME: %[[G:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK: %[[BUF:.*]] = memref.load %[[G]][%c0{{.*}}]
// STRICT: %[[RANGE:.*]]:2 = scf.for {{.*}} -> (i64, i64) {
// STRICT: func.call @_ta_rt_fail(%c11_i32
// STRICT: %[[NONNEG:.*]] = arith.cmpi sge, %[[RANGE]]#0, %c0_i64
// STRICT: scf.if %[[NONNEG]] {
// CHECK: %[[CAP:.*]] = memref.load %{{.*}}[%c1{{.*}}] : memref<8xi64>
// CHECK: scf.for
// CHECK: func.call @__ta_write_in_bounds_grad_{{(strict|none)}}_2xf32(%[[BUF]], %[[CAP]], %{{.*}}, %{{.*}}) {always_inline}
// STRICT: } else {
// STRICT: scf.for
// STRICT: func.call @__ta_write_grad_strict_2xf32(%[[G]], %{{.*}}, %{{.*}}) {always_inline}
// NONE-NOT: @__ta_write_grad_none_2xf32
// CHECK: return
func.func @scatter(%g: !ta.handle<4, tensor<2xf32>, grad>, %idx: tensor<3xi32>,
                   %v: tensor<3x2xf32>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.scatter %g[%idx], %v, %f : !ta.handle<4, tensor<2xf32>, grad>, tensor<3xi32>, tensor<3x2xf32>
  return %f1 : !ta.flow
}

// -----

// Bool accumulators: TensorFlow cannot add them (strict fails on the second
// write); none ors them, like XLA.
// CHECK-LABEL: func.func @write_bool
// CHECK-LABEL: func.func private @__ta_write_grad_{{(strict|none)}}_2xi1(
// STRICT: func.call @_ta_rt_fail(%c9_i32
// CHECK: arith.ori
func.func @write_bool(%g: !ta.handle<4, tensor<2xi1>, grad>, %i: index,
                      %v: tensor<2xi1>, %f: !ta.flow) {
  %f1 = ta.write %g[%i], %v, %f : !ta.handle<4, tensor<2xi1>, grad>, tensor<2xi1>
  return
}
