// Arrays whose first operation writes every slot (FilledArrays): a create
// of constant size N whose handle is first taken by a scatter of N indices
// or a split of N lengths. Only the header (and, strict, the state) is
// zeroed at creation; the data is not, since the scatter or split writes
// every slot before anything can read one (in a valid program; in strict
// mode an invalid one fails first). Any other first use, fewer indices or
// a growable array: the whole buffer is zeroed, as for any array.
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s --check-prefixes=CHECK,NONE
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s --check-prefixes=CHECK,STRICT
// RUN: ta-opt %s --ta-lower-to-memref=fill-loops=false -split-input-file | FileCheck %s --check-prefix=NOFILL

!T = !ta.handle<4, tensor<4xf32>>

// CHECK-LABEL: func.func @scatter_first
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// NONE: %[[HEAD:.*]] = memref.view %[[BUF]][%c0{{.*}}][%c64{{.*}}] : memref<?xi8> to memref<?xi8>
// STRICT: %[[HEAD:.*]] = memref.view %[[BUF]][%c0{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[HEAD]] : memref<?xi8>)
// CHECK-NOT: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
// CHECK: return
func.func @scatter_first(%i: tensor<4xi32>, %v: tensor<4x4xf32>) -> !ta.flow {
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %f1 = ta.scatter %h[%i], %v, %f : !T, tensor<4xi32>, tensor<4x4xf32>
  return %f1 : !ta.flow
}

// On the heap (past the frame's budget) the same, where a fresh buffer is
// not zero already: the create function of filled arrays (below).
// CHECK-LABEL: func.func @heap
// CHECK: call @__ta_create_filled_array_{{(strict|none)}}_4xf32(
// CHECK: return
func.func @heap(%i: tensor<300xi32>, %v: tensor<300x4xf32>) -> !ta.flow {
  %c300 = arith.constant 300 : index
  %h, %f = ta.create %c300 : !ta.handle<300, tensor<4xf32>>
  %f1 = ta.scatter %h[%i], %v, %f : !ta.handle<300, tensor<4xf32>>, tensor<300xi32>, tensor<300x4xf32>
  return %f1 : !ta.flow
}

// Other operations between the two that do not take the handle are fine.
// CHECK-LABEL: func.func @split_first
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: %[[HEAD:.*]] = memref.view %[[BUF]]
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[HEAD]] : memref<?xi8>)
// CHECK-NOT: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
// CHECK: return
// @heap's create function: the header (and state) zeroed, not the data.
// CHECK-LABEL: func.func private @__ta_create_filled_array_{{(strict|none)}}_4xf32(
// CHECK: %[[ALLOC:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xi8>
// CHECK: %[[FHEAD:.*]] = memref.view %[[ALLOC]]
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[FHEAD]] : memref<?xi8>)
// CHECK-NOT: linalg.fill ins(%{{.*}} : i8) outs(%[[ALLOC]] : memref<?xi8>)
// CHECK: return
func.func @split_first(%l: tensor<4xi64>, %v: tensor<16xf32>) -> !ta.flow {
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %w = arith.addf %v, %v : tensor<16xf32>
  %f1 = ta.split %h, %w, %l, %f : !T, tensor<16xf32>, tensor<4xi64>
  return %f1 : !ta.flow
}

// -----

!T = !ta.handle<4, tensor<4xf32>>

// Not filled: a read first; three indices of four; a loop that takes the
// handle before the scatter; a growable array. Each zeroes its whole
// buffer.
// CHECK-LABEL: func.func @read_first
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @read_first(%i: tensor<4xi32>, %v: tensor<4x4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %r = ta.read %h[%c0], %f : !T
  %f1 = ta.scatter %h[%i], %v, %f : !T, tensor<4xi32>, tensor<4x4xf32>
  return %r : tensor<4xf32>
}
// CHECK-LABEL: func.func @fewer_indices
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @fewer_indices(%i: tensor<3xi32>, %v: tensor<3x4xf32>) -> !ta.flow {
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %f1 = ta.scatter %h[%i], %v, %f : !T, tensor<3xi32>, tensor<3x4xf32>
  return %f1 : !ta.flow
}
// CHECK-LABEL: func.func @loop_first
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @loop_first(%i: tensor<4xi32>, %v: tensor<4x4xf32>, %n: index) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %fl = scf.for %k = %c0 to %n step %c1 iter_args(%fk = %f) -> (!ta.flow) {
    %s = ta.size %h, %fk : !T
    scf.yield %fk : !ta.flow
  }
  %f1 = ta.scatter %h[%i], %v, %fl : !T, tensor<4xi32>, tensor<4x4xf32>
  return %f1 : !ta.flow
}
// CHECK-LABEL: func.func @growable
// CHECK: %[[ALLOC:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[ALLOC]] : memref<?xi8>)
func.func @growable(%i: tensor<4xi32>, %v: tensor<4x4xf32>) -> !ta.flow {
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {dynamic_size = true} : !ta.handle<?, tensor<4xf32>>
  %f1 = ta.scatter %h[%i], %v, %f : !ta.handle<?, tensor<4xf32>>, tensor<4xi32>, tensor<4x4xf32>
  return %f1 : !ta.flow
}

// -----

// Filled by a loop (FilledArrays::fillingLoop): the handle's first use is
// an scf.for of step 1 whose body writes slot %k, its induction variable,
// and takes the handle nowhere else. The loop writes every slot of
// [lb, ub) before anything can read one: only the slots of [0, N) outside
// that range, [0, first) and [end, N) with first = min(max(lb, 0), N) and
// end = max(first, min(ub, N)), are zeroed, before the loop (all of them
// where the range is empty).

!T = !ta.handle<4, tensor<4xf32>>

// In the frame: both ranges zeroed before the loop. With fill-loops=false
// the whole buffer at creation.
// NOFILL-LABEL: func.func @loop_fill
// NOFILL: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// NOFILL: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
// NOFILL-NOT: linalg.fill
// NOFILL: scf.for
// CHECK-LABEL: func.func @loop_fill
// CHECK-SAME: (%[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: %[[HEAD:.*]] = memref.view %[[BUF]]
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[HEAD]] : memref<?xi8>)
// CHECK-NOT: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
// CHECK: %[[LB0:.*]] = arith.maxsi %[[LB]], %c0{{.*}} : index
// CHECK: %[[FIRST:.*]] = arith.minsi %[[LB0]], %c4{{.*}} : index
// CHECK: %[[UBN:.*]] = arith.minsi %[[UB]], %c4{{.*}} : index
// CHECK: %[[END:.*]] = arith.maxsi %[[FIRST]], %[[UBN]] : index
// CHECK: %[[BEFORE_BYTES:.*]] = arith.muli %[[FIRST]], %c16{{.*}}
// CHECK: %[[BEFORE:.*]] = memref.view %[[BUF]][%{{.*}}][%[[BEFORE_BYTES]]] : memref<?xi8> to memref<?xi8>
// CHECK: arith.muli %[[END]], %c16
// CHECK: %[[REST:.*]] = arith.subi %c4{{.*}}, %[[END]] overflow<nsw, nuw> : index
// CHECK: %[[AFTER_BYTES:.*]] = arith.muli %[[REST]], %c16{{.*}}
// CHECK: %[[AFTER:.*]] = memref.view %[[BUF]][%{{.*}}][%[[AFTER_BYTES]]] : memref<?xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BEFORE]] : memref<?xi8>)
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[AFTER]] : memref<?xi8>)
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[UB]]
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @loop_fill(%lb: index, %ub: index, %v: tensor<4x4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {clear_after_read = false} : !T
  %w = arith.addf %v, %v : tensor<4x4xf32>
  %fw = scf.for %k = %lb to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %w[%k, 0] [1, 4] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  %r = ta.read %h[%c0], %fw : !T
  return %r : tensor<4xf32>
}

// On the heap: where a fresh buffer is not zero already. The create
// function of filled arrays zeroes the header (and state); the slots
// outside the loop's range are zeroed before the loop, in the buffer the
// box holds.
// NOFILL-LABEL: func.func @loop_fill_heap
// NOFILL: call @__ta_create_zeroed_array_strict_4xf32(
// NOFILL-NOT: linalg.fill
// NOFILL: scf.for
// NOFILL-LABEL: func.func private @__ta_create_zeroed_array_strict_4xf32(
// NOFILL: %[[ALLOC:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xi8>
// NOFILL: linalg.fill ins(%{{.*}} : i8) outs(%[[ALLOC]] : memref<?xi8>)
// NOFILL-LABEL: func.func @step_two
// CHECK-LABEL: func.func @loop_fill_heap
// CHECK: call @__ta_create_filled_array_{{(strict|none)}}_4xf32(
// CHECK: %[[ALLOC:.*]] = memref.load %{{.*}}[%c0{{.*}}] : memref<1xmemref<?xi8>>
// CHECK: %[[BEFORE:.*]] = memref.view %[[ALLOC]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi8>
// CHECK: %[[AFTER:.*]] = memref.view %[[ALLOC]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi8>
// CHECK: %[[ZERO:.*]] = call @__ta_fresh_buffer_is_zero
// CHECK: %[[DIRTY:.*]] = arith.xori %[[ZERO]], %true
// CHECK: scf.if %[[DIRTY]] {
// CHECK-NEXT: arith.constant 0 : i8
// CHECK-NEXT: linalg.fill ins(%{{.*}} : i8) outs(%[[BEFORE]] : memref<?xi8>)
// CHECK-NEXT: arith.constant 0 : i8
// CHECK-NEXT: linalg.fill ins(%{{.*}} : i8) outs(%[[AFTER]] : memref<?xi8>)
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
func.func @loop_fill_heap(%n: index, %v: tensor<300x4xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c300 = arith.constant 300 : index
  %h, %f = ta.create %c300 : !ta.handle<300, tensor<4xf32>>
  %fw = scf.for %k = %c0 to %n step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %v[%k, 0] [1, 4] [1, 1] : tensor<300x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !ta.handle<300, tensor<4xf32>>, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// -----

!T = !ta.handle<4, tensor<4xf32>>

// Not filled by the loop, each zeroed whole at creation: a step of 2; a
// read in the body; a write at another slot than %k; a write in a nested
// region; the handle carried by the loop. Elements of 64 bytes are zeroed
// lazily (their state says which slot was written): nothing is zeroed
// before the loop.
// CHECK-LABEL: func.func @step_two
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @step_two(%n: index, %v: tensor<4xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %fw = scf.for %k = %c0 to %n step %c2 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
// CHECK-LABEL: func.func @read_in_body
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @read_in_body(%n: index, %v: tensor<4xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 {clear_after_read = false} : !T
  %fw = scf.for %k = %c0 to %n step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %r = ta.read %h[%c3], %fl : !T
    %f2 = ta.write %h[%k], %r, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
// CHECK-LABEL: func.func @other_slot
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @other_slot(%n: index, %v: tensor<4xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %fw = scf.for %k = %c0 to %n step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %j = arith.addi %k, %c1 : index
    %f2 = ta.write %h[%j], %v, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
// CHECK-LABEL: func.func @nested_write
// CHECK: %[[BUF:.*]] = memref.cast %{{.*}} : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[BUF]] : memref<?xi8>)
func.func @nested_write(%n: index, %c: i1, %v: tensor<4xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %fw = scf.for %k = %c0 to %n step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = scf.if %c -> (!ta.flow) {
      %f3 = ta.write %h[%k], %v, %fl : !T, tensor<4xf32>
      scf.yield %f3 : !ta.flow
    } else {
      scf.yield %fl : !ta.flow
    }
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
// (On the heap: the create function of arrays zeroed whole, below.)
// CHECK-LABEL: func.func @carried
// CHECK: call @__ta_create_zeroed_array_{{(strict|none)}}_4xf32(
func.func @carried(%n: index, %v: tensor<4xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %hw, %fw = scf.for %k = %c0 to %n step %c1 iter_args(%hl = %h, %fl = %f) -> (!T, !ta.flow) {
    %f2 = ta.write %hl[%k], %v, %fl : !T, tensor<4xf32>
    scf.yield %hl, %f2 : !T, !ta.flow
  }
  return %fw : !ta.flow
}
// With lazy zeroing only the header and the state are zeroed (two ranges:
// the state follows the data), nothing of the data.
// CHECK-LABEL: func.func @lazy
// CHECK: call @__ta_create_filled_array_{{(strict|none)}}_16xf32(
// CHECK-NOT: linalg.fill
// CHECK: scf.for
// CHECK-LABEL: func.func private @__ta_create_zeroed_array_{{(strict|none)}}_4xf32(
// CHECK: %[[WHOLE:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xi8>
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[WHOLE]] : memref<?xi8>)
// CHECK-LABEL: func.func private @__ta_create_filled_array_{{(strict|none)}}_16xf32(
// CHECK: %[[ALLOC:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?xi8>
// CHECK: %[[HEAD:.*]] = memref.view %[[ALLOC]][%c0{{.*}}][%c64{{.*}}]
// CHECK: %[[STATE:.*]] = memref.view %[[ALLOC]]
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[HEAD]] : memref<?xi8>)
// CHECK: linalg.fill ins(%{{.*}} : i8) outs(%[[STATE]] : memref<?xi8>)
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @lazy(%n: index, %v: tensor<16xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c300 = arith.constant 300 : index
  %h, %f = ta.create %c300 : !ta.handle<300, tensor<16xf32>>
  %fw = scf.for %k = %c0 to %n step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !ta.handle<300, tensor<16xf32>>, tensor<16xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
