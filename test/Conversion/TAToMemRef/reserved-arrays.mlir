// Growable arrays whose first use is a loop writing its range
// (FilledArrays::reservingLoop): before the loop, where 0 <= lb < ub and ub
// is past the capacity (and at most the largest capacity), a call of the
// module's reservation function for the element size gives the array ub
// slots. That function allocates with the runtime's quiet failures, moves
// the array as growth does where the allocation succeeded, and leaves it
// alone where it failed. Any other first use, a loop of another step, one
// that reads the array, or reserve-capacity=false: no reservation, growth
// alone. fill-loops=false (the zeroing of fixed-size arrays a loop fills)
// leaves it.
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s --check-prefixes=CHECK,NONE
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s --check-prefixes=CHECK,STRICT
// RUN: ta-opt %s --ta-lower-to-memref=reserve-capacity=false -split-input-file | FileCheck %s --check-prefix=NORESERVE
// RUN: ta-opt %s --ta-lower-to-memref=fill-loops=false -split-input-file | FileCheck %s --check-prefixes=CHECK,STRICT

!G = !ta.handle<?, tensor<4xf32>>

// NORESERVE-NOT: _ta_rt_quiet_allocations
// NORESERVE-LABEL: func.func @reserved
// NORESERVE-NOT: __ta_reserve
// NORESERVE: {{^}}// {{-----}}
// CHECK: func.func private @_ta_rt_quiet_allocations(i64) -> i64
// CHECK-LABEL: func.func @reserved
// CHECK-SAME: (%[[ROWS:.*]]: tensor<?x4xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index)
// CHECK: %[[BOX:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xmemref<?xi8>> to memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK: %[[CAP64:.*]] = memref.load %{{.*}}[%c1{{.*}}] : memref<8xi64>
// CHECK: %[[CAP:.*]] = arith.index_cast %[[CAP64]] : i64 to index
// CHECK: %[[NONNEG:.*]] = arith.cmpi sge, %[[LB]], %c0{{.*}} : index
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : index
// CHECK: %[[RANGE:.*]] = arith.andi %[[NONNEG]], %[[NONEMPTY]] : i1
// CHECK: %[[PAST:.*]] = arith.cmpi sgt, %[[UB]], %[[CAP]] : index
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[UB]], %c{{[0-9]+}} : index
// CHECK: %[[GROWS:.*]] = arith.andi %[[PAST]], %[[FITS]] : i1
// CHECK: %[[WANTED:.*]] = arith.andi %[[RANGE]], %[[GROWS]] : i1
// CHECK: scf.if %[[WANTED]] {
// CHECK: %[[UB64:.*]] = arith.index_cast %[[UB]] : index to i64
// STRICT: func.call @__ta_reserve_strict_16(%[[BOX]], %[[UB64]])
// NONE: func.call @__ta_reserve_none_16(%[[BOX]], %[[UB64]])
// CHECK: }
// CHECK-NEXT: scf.for %{{.*}} = %[[LB]] to %[[UB]]
// The reservation function: the capacity rounded as growth rounds a mapped
// buffer's; the resizing (a copy out of the frame, else a realloc) between
// quiet failures on and the setting before; the state's shift and the
// rest of growth only where it gave a buffer.
// STRICT-LABEL: func.func private @__ta_reserve_strict_16(
// NONE-LABEL: func.func private @__ta_reserve_none_16(
// CHECK-SAME: %[[RBOX:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[SLOTS:.*]]: i64) attributes {llvm.linkage = #llvm.linkage<internal>}
// STRICT: call @__ta_fresh_buffer_is_zero
// CHECK: %[[WAS:.*]] = call @_ta_rt_quiet_allocations(%c1_i64{{.*}}) : (i64) -> i64
// CHECK: %[[NEW:.*]] = scf.if %{{.*}} -> (memref<?xi8>) {
// CHECK: memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: } else {
// CHECK: memref.realloc
// CHECK: }
// CHECK-NEXT: call @_ta_rt_quiet_allocations(%[[WAS]]) : (i64) -> i64
// CHECK-NEXT: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[NEW]]
// CHECK-NEXT: %[[P64:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK-NEXT: %[[NULL:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[GOT:.*]] = arith.cmpi ne, %[[P64]], %[[NULL]] : i64
// CHECK-NEXT: scf.if %[[GOT]] {
// STRICT: call @_ta_rt_shift_bytes
// CHECK: memref.store %[[NEW]], %[[RBOX]][%c0{{.*}}]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @reserved(%rows: tensor<?x4xf32>, %lb: index, %ub: index) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !G
  %fw = scf.for %k = %lb to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %rows[%k, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !G, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// -----

!G = !ta.handle<?, tensor<4xf32>>

// A write before the loop: the loop is not the first use.
// CHECK-LABEL: func.func @write_first
// CHECK-NOT: __ta_reserve
// CHECK: return
func.func @write_first(%v: tensor<4xf32>, %ub: index) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !G
  %f0 = ta.write %h[%c0], %v, %f : !G, tensor<4xf32>
  %fw = scf.for %k = %c1 to %ub step %c1 iter_args(%fl = %f0) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !G, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// -----

!G = !ta.handle<?, tensor<4xf32>>

// Every other slot: the loop does not write its range.
// CHECK-LABEL: func.func @step_two
// CHECK-NOT: __ta_reserve
// CHECK: return
func.func @step_two(%v: tensor<4xf32>, %ub: index) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !G
  %fw = scf.for %k = %c0 to %ub step %c2 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !G, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// -----

!G = !ta.handle<?, tensor<4xf32>>

// A read of the array in the body.
// CHECK-LABEL: func.func @read_in_body
// CHECK-NOT: __ta_reserve
// CHECK: return
func.func @read_in_body(%v: tensor<4xf32>, %ub: index) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !G
  %fw = scf.for %k = %c0 to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !G, tensor<4xf32>
    %r = ta.read %h[%c0], %f2 : !G
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// -----

!G = !ta.handle<?, tensor<4xf32>>
!F = !ta.handle<8, tensor<4xf32>>

// A scatter into a growable array (the scatter function of i32 indices
// into growable arrays): the capacity for its largest index, where none is
// negative (the scan of the indices gives both; its minimum starts at 0),
// before the writes. Where the buffer in the box then has room for every
// index, the size is set once and each index is an in-bounds write (state
// and copy); otherwise (the reservation could not be had, a negative
// index) the writes that grow. A fixed array (in the frame: written out
// where the op is): none of it.
// NORESERVE-LABEL: func.func @scatter
// NORESERVE: call @__ta_scatter_i32_growable_strict_4xf32(
// NORESERVE-LABEL: func.func private @__ta_scatter_i32_growable_strict_4xf32(
// NORESERVE-NOT: __ta_reserve
// NORESERVE: return
// CHECK-LABEL: func.func @scatter
// CHECK: call @__ta_scatter_i32_growable_{{strict|none}}_4xf32(
// CHECK-LABEL: func.func @scatter_fixed
// CHECK-NOT: __ta_reserve
// CHECK: return
// CHECK-LABEL: func.func private @__ta_scatter_i32_growable_{{strict|none}}_4xf32(
// CHECK: %[[SCAN:.*]]:2 = scf.for %{{.*}} iter_args(%[[MIN:.*]] = %c0_i64{{.*}}, %[[MAX:.*]] = %c-1_i64{{.*}})
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: %[[LB:.*]] = arith.index_cast %[[SCAN]]#0 : i64 to index
// CHECK: %[[END:.*]] = arith.addi %[[SCAN]]#1, %c1_i64{{.*}} : i64
// CHECK: %[[UB:.*]] = arith.index_cast %[[END]] : i64 to index
// CHECK: arith.cmpi sge, %[[LB]], %c0{{.*}} : index
// CHECK: arith.cmpi slt, %[[LB]], %[[UB]] : index
// CHECK: scf.if
// STRICT: func.call @__ta_reserve_strict_16(
// NONE: func.call @__ta_reserve_none_16(
// CHECK: %[[BUF:.*]] = memref.load %{{.*}}[%c0{{.*}}] : memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK: %[[CAP:.*]] = memref.load %{{.*}}[%c1{{.*}}] : memref<8xi64>
// CHECK: %[[NONNEG:.*]] = arith.cmpi sge, %[[SCAN]]#0, %c0_i64{{.*}} : i64
// CHECK: %[[ROOM:.*]] = arith.cmpi slt, %[[SCAN]]#1, %[[CAP]] : i64
// CHECK: %[[FAST:.*]] = arith.andi %[[NONNEG]], %[[ROOM]] : i1
// CHECK: scf.if %[[FAST]] {
// CHECK: %[[SIZE:.*]] = arith.maxsi %{{.*}}, %[[END]] : i64
// CHECK: memref.store %[[SIZE]], %{{.*}}[%c0{{.*}}] : memref<8xi64>
// CHECK: scf.for
// STRICT: func.call @__ta_write_in_bounds_array_strict_4xf32(%[[BUF]],
// NONE: func.call @__ta_write_in_bounds_array_none_4xf32(%[[BUF]],
// CHECK: } else {
// CHECK: scf.for
// STRICT: func.call @__ta_write_growable_strict_4xf32(
// NONE: func.call @__ta_write_growable_none_4xf32(
// CHECK: return
func.func @scatter(%i: tensor<3xi32>, %v: tensor<3x4xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !G
  %f1 = ta.scatter %h[%i], %v, %f : !G, tensor<3xi32>, tensor<3x4xf32>
  return %f1 : !ta.flow
}
func.func @scatter_fixed(%i: tensor<3xi32>, %v: tensor<3x4xf32>) -> !ta.flow {
  %c8 = arith.constant 8 : index
  %h, %f = ta.create %c8 : !F
  %f1 = ta.scatter %h[%i], %v, %f : !F, tensor<3xi32>, tensor<3x4xf32>
  return %f1 : !ta.flow
}
