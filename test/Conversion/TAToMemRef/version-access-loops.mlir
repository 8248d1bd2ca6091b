// ta-version-access-loops: a loop of step 1 whose body writes or reads one
// forward array at the induction variable runs behind one claim of the
// whole range (a scan of its state), with accesses that only move data;
// the loop as it was runs when the claim fails; the claimed loop reads the
// buffer once, before it (a slot's address does not depend on the
// capacity). With checks=none the claim is the
// range (and the state lazy zeroing needs). Other loops are left alone, and
// the pass drops the ta.access marks of access functions.
// RUN: ta-opt %s --ta-lower-to-memref --ta-version-access-loops -split-input-file | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=checks=none --ta-version-access-loops -split-input-file | FileCheck %s --check-prefix=NONE

// NONE-NOT: ta.access

!T = !ta.handle<4, tensor<2xf32>>

// CHECK-LABEL: func.func @write_loop
// CHECK-SAME: (%[[H:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index
// CHECK: %[[LB64:.*]] = arith.index_cast %[[LB]] : index to i64
// CHECK: %[[UB64:.*]] = arith.index_cast %[[UB]] : index to i64
// CHECK: %[[OK:.*]] = call @__ta_write_loop_claim_array_strict_2xf32(%[[H]], %[[LB64]], %[[UB64]])
// CHECK: scf.if %[[OK]] {
// CHECK: %[[BUF:.*]] = memref.load %[[H]][%{{.*}}]
// CHECK-NOT: memref<8xi64>
// CHECK: scf.for %[[K:.*]] = %[[LB]] to %[[UB]]
// CHECK: %[[K64:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK: func.call @__ta_write_prechecked_array_strict_2xf32(%[[BUF]], %[[K64]], %{{.*}}) {always_inline}
// CHECK: } else {
// CHECK: scf.for %[[K2:.*]] = %[[LB]] to %[[UB]]
// CHECK: %[[K264:.*]] = arith.index_cast %[[K2]] : index to i64
// CHECK: func.call @__ta_write_array_strict_2xf32(%[[H]], %[[K264]], %{{.*}}) {always_inline}
// CHECK: return
// The claim: 0 <= lb, ub <= size, open, lb < ub, then one scan (an OR) of the state
// of [lb, ub), a view at byte 64 + capacity x 8 + lb (past the data),
// none written, read or cleared (7),
// and the state the writes leave (written | materialized) filled over that
// range.
// CHECK-LABEL: func.func private @__ta_write_loop_claim_array_strict_2xf32
// CHECK-SAME: (%{{.*}}: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[CLB:[^:]*]]: i64, %[[CUB:[^:]*]]: i64) -> i1 attributes {llvm.linkage = #llvm.linkage<internal>} {
// CHECK: arith.cmpi sge, %[[CLB]], %c0
// CHECK: arith.cmpi sle, %[[CUB]]
// CHECK: arith.cmpi slt, %[[CLB]], %[[CUB]]
// CHECK: scf.if %{{.*}} -> (i1) {
// CHECK: %[[FIRST:.*]] = arith.index_cast %[[CLB]] : i64 to index
// CHECK: %[[LAST:.*]] = arith.index_cast %[[CUB]] : i64 to index
// CHECK: %[[N:.*]] = arith.subi %[[LAST]], %[[FIRST]] : index
// CHECK: %[[DATA:.*]] = arith.muli %{{.*}}, %c8 overflow<nsw, nuw> : index
// CHECK: %[[STATE:.*]] = arith.addi %c64, %[[DATA]] overflow<nsw, nuw> : index
// CHECK: %[[AT:.*]] = arith.addi %[[STATE]], %[[FIRST]] : index
// CHECK: %[[RANGE:.*]] = memref.view %{{.*}}[%[[AT]]][%[[N]]] : memref<?xi8> to memref<?xi8>
// CHECK: scf.for {{.*}} to %[[N]] {{.*}} -> (i8) {
// CHECK: memref.load %[[RANGE]]
// CHECK: arith.ori
// CHECK: arith.constant 7 : i8
// CHECK: %[[WRITTEN:.*]] = arith.constant 9 : i8
// CHECK: scf.if
// CHECK-NEXT: linalg.fill ins(%[[WRITTEN]] : i8) outs(%[[RANGE]] : memref<?xi8>)
// The prechecked write: the copy into the slot, no state, no call.
// CHECK-LABEL: func.func private @__ta_write_prechecked_array_strict_2xf32
// CHECK-SAME: (%{{.*}}: memref<?xi8>, %{{.*}}: i64, %{{.*}}: memref<2xf32, strided<[1], offset: ?>>)
// CHECK-NOT: call
// CHECK-NOT: memref.store
// CHECK: memref.copy
// CHECK-NEXT: return
func.func @write_loop(%h: !T, %lb: index, %ub: index, %v: tensor<2xf32>,
                      %f: !ta.flow) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %fw = scf.for %k = %lb to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !T, tensor<2xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// -----

!T = !ta.handle<4, tensor<2xf32>>

// A loop of reads gathering rows [0, 4), a constant trip count: the claimed
// branch copies the four slots out at once (one view of them, copied into
// the rows as a read's slot is); the other runs the loop as it was. With
// bounds known only at run time the same, of ub - lb rows (the claim holds
// only where lb < ub). A loop that does more than move rows (a sum) reads
// slot by slot in the claimed branch, through the capacity read before it.
// CHECK-LABEL: func.func @read_loop
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK: %[[OK:.*]] = call @__ta_read_loop_claim_array_strict_2xf32(
// CHECK: %[[OUT:.*]] = scf.if %[[OK]] -> (tensor<4x2xf32>) {
// CHECK-NOT: scf.for
// CHECK: %[[SLOTS:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8> to memref<4x2xf32>
// CHECK: %[[DATA:.*]] = bufferization.to_tensor %[[SLOTS]] restrict : memref<4x2xf32> to tensor<4x2xf32>
// CHECK: %[[COPY:.*]] = bufferization.materialize_in_destination %[[DATA]] in %{{.*}} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK: %[[ROWS:.*]] = tensor.insert_slice %[[COPY]] into %[[INIT]][%c0, 0] [4, 2] [1, 1]
// CHECK: scf.yield %[[ROWS]] : tensor<4x2xf32>
// CHECK: } else {
// CHECK: %[[SLOW:.*]] = scf.for
// CHECK: func.call @__ta_read_array_strict_2xf32(
// CHECK: scf.yield %[[SLOW]] : tensor<4x2xf32>
// CHECK: return %[[OUT]]
// CHECK-LABEL: func.func @read_loop_run_time
// CHECK-SAME: %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK: %[[OK:.*]] = call @__ta_read_loop_claim_array_strict_2xf32(
// CHECK: scf.if %[[OK]] -> (tensor<4x2xf32>) {
// CHECK-NOT: scf.for
// CHECK: %[[N:.*]] = arith.subi %[[UB]], %[[LB]] : index
// CHECK: %[[SLOTS:.*]] = memref.view %{{.*}}[%{{.*}}][%[[N]]] : memref<?xi8> to memref<?x2xf32>
// CHECK: %[[DATA:.*]] = bufferization.to_tensor %[[SLOTS]] restrict : memref<?x2xf32> to tensor<?x2xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[N]]) : tensor<?x2xf32>
// CHECK: %[[COPY:.*]] = bufferization.materialize_in_destination %[[DATA]] in %[[EMPTY]]
// CHECK: tensor.insert_slice %[[COPY]] into %[[INIT]][%[[LB]], 0] [%[[N]], 2] [1, 1] : tensor<?x2xf32> into tensor<4x2xf32>
// CHECK: } else {
// CHECK: scf.for
// CHECK: func.call @__ta_read_array_strict_2xf32(
// CHECK-LABEL: func.func @read_loop_dynamic
// CHECK: scf.if
// CHECK-NOT: arith.subi
// CHECK: scf.for
// CHECK: func.call @__ta_read_prechecked_array_strict_2xf32(%{{.*}}) {always_inline}
// The read claim: every slot written and materialized (AND has 9), none
// cleared (OR has no 4); Read's state then has read (2) and, with
// clear_after_read, cleared.
// CHECK-LABEL: func.func private @__ta_read_loop_claim_array_strict_2xf32
// CHECK: scf.for {{.*}} -> (i8, i8) {
// CHECK: arith.constant 9 : i8
// CHECK: arith.constant 4 : i8
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : i8
// CHECK: arith.constant 11 : i8
// CHECK: %[[READ:.*]] = arith.ori
// CHECK: scf.if
// CHECK-NEXT: linalg.fill ins(%[[READ]] : i8)
// CHECK-LABEL: func.func private @__ta_read_prechecked_array_strict_2xf32
// CHECK-SAME: (%{{.*}}: i64) -> index
// CHECK-NOT: memref.store
// CHECK: return
// NONE-LABEL: func.func @read_loop
// NONE: %[[OK:.*]] = call @__ta_read_loop_claim_array_none_2xf32(
// NONE: scf.if %[[OK]] -> (tensor<4x2xf32>) {
// NONE: func.call @__ta_read_prechecked_array_none_2xf32(
// NONE: } else {
// NONE: func.call @__ta_read_array_none_2xf32(
func.func @read_loop(%h: !T, %f: !ta.flow) -> tensor<4x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tensor.empty() : tensor<4x2xf32>
  %out = scf.for %k = %c0 to %c4 step %c1 iter_args(%o = %init) -> (tensor<4x2xf32>) {
    %r = ta.read %h[%k], %f : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<4x2xf32>
    scf.yield %o2 : tensor<4x2xf32>
  }
  return %out : tensor<4x2xf32>
}
func.func @read_loop_run_time(%h: !T, %lb: index, %ub: index, %f: !ta.flow) -> tensor<4x2xf32> {
  %c1 = arith.constant 1 : index
  %init = tensor.empty() : tensor<4x2xf32>
  %out = scf.for %k = %lb to %ub step %c1 iter_args(%o = %init) -> (tensor<4x2xf32>) {
    %r = ta.read %h[%k], %f : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<4x2xf32>
    scf.yield %o2 : tensor<4x2xf32>
  }
  return %out : tensor<4x2xf32>
}
func.func @read_loop_dynamic(%h: !T, %lb: index, %ub: index, %f: !ta.flow) -> tensor<2xf32> {
  %c1 = arith.constant 1 : index
  %init = arith.constant dense<0.0> : tensor<2xf32>
  %out = scf.for %k = %lb to %ub step %c1 iter_args(%o = %init) -> (tensor<2xf32>) {
    %r = ta.read %h[%k], %f : !T
    %s = arith.addf %o, %r : tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  }
  return %out : tensor<2xf32>
}

// -----

!T = !ta.handle<8, tensor<4xf32>>

// Rows [2, 6) of a tensor written to slots [2, 6) and read back into rows
// [2, 6) of it, constant bounds: each claimed loop is one copy (of a view
// of the four slots; the rows with their offset, no copy by
// bufferization), and no prechecked access function is left.
// CHECK-LABEL: func.func @row_copies
// CHECK-SAME: (%[[H:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[SRC:[^:]*]]: tensor<8x4xf32>
// CHECK: %[[W:.*]] = call @__ta_write_loop_claim_array_strict_4xf32(%[[H]],
// CHECK: scf.if %[[W]] {
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[SRC]][%c2, 0] [4, 4] [1, 1] : tensor<8x4xf32> to tensor<4x4xf32>
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[ROWS]] read_only : tensor<4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
// CHECK: %[[SLOTS:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8> to memref<4x4xf32>
// CHECK: memref.copy %[[IN]], %[[SLOTS]]
// CHECK-NEXT: } else {
// CHECK: scf.for
// CHECK: call @__ta_write_array_strict_4xf32(
// CHECK: call @__ta_read_loop_claim_array_strict_4xf32(
// CHECK: memref.view %{{.*}}[%{{.*}}][] : memref<?xi8> to memref<4x4xf32>
// CHECK: tensor.insert_slice %{{.*}} into %[[SRC]][%c2, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x4xf32>
// CHECK-NOT: prechecked
// NONE-LABEL: func.func @row_copies
// NONE: call @__ta_write_loop_claim_array_none_4xf32(
// NONE: memref.copy
// NONE: call @__ta_read_loop_claim_array_none_4xf32(
// NONE: tensor.insert_slice %{{.*}} into %{{.*}}[%c2, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x4xf32>
// NONE-NOT: prechecked
func.func @row_copies(%h: !T, %src: tensor<8x4xf32>, %f: !ta.flow) -> tensor<8x4xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %fw = scf.for %k = %c2 to %c6 step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %src[%k, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  %out = scf.for %k = %c2 to %c6 step %c1 iter_args(%o = %src) -> (tensor<8x4xf32>) {
    %r = ta.read %h[%k], %fw : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x4xf32>
    scf.yield %o2 : tensor<8x4xf32>
  }
  return %out : tensor<8x4xf32>
}

// The same write with bounds known at run time: ub - lb rows.
// CHECK-LABEL: func.func @row_copies_run_time
// CHECK-SAME: %[[SRC:[^:]*]]: tensor<8x4xf32>, %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index
// CHECK: scf.if %{{.*}} {
// CHECK: %[[N:.*]] = arith.subi %[[UB]], %[[LB]] : index
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[SRC]][%[[LB]], 0] [%[[N]], 4] [1, 1] : tensor<8x4xf32> to tensor<?x4xf32>
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[ROWS]] read_only : tensor<?x4xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
// CHECK: %[[SLOTS:.*]] = memref.view %{{.*}}[%{{.*}}][%[[N]]] : memref<?xi8> to memref<?x4xf32>
// CHECK: memref.copy %[[IN]], %[[SLOTS]]
// CHECK-NEXT: } else {
func.func @row_copies_run_time(%h: !T, %src: tensor<8x4xf32>, %lb: index, %ub: index,
                               %f: !ta.flow) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %fw = scf.for %k = %lb to %ub step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %src[%k, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// Rows of a tensor of unknown row count: each write takes its row through
// a buffer of the identity layout (and a cast); the range copy takes the
// rows so too.
// CHECK-LABEL: func.func @row_copies_unknown_rows
// CHECK-SAME: %[[SRC:[^:]*]]: tensor<?x4xf32>
// CHECK: scf.if %{{.*}} {
// CHECK: %[[ROWS:.*]] = tensor.extract_slice %[[SRC]][%c0, 0] [2, 4] [1, 1] : tensor<?x4xf32> to tensor<2x4xf32>
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[ROWS]] read_only : tensor<2x4xf32> to memref<2x4xf32>
// CHECK: memref.copy %[[IN]], %{{.*}} : memref<2x4xf32> to memref<2x4xf32>
// CHECK-NEXT: } else {
func.func @row_copies_unknown_rows(%h: !T, %src: tensor<?x4xf32>, %f: !ta.flow) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %fw = scf.for %k = %c0 to %c2 step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %src[%k, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// -----

!T = !ta.handle<8, tensor<4xf32>>

// Constant bounds, but not a copy of row k to slot k and back: slot k gets
// row k + 1, and a read's row goes to row k + 1. The claimed loops access
// slot by slot.
// CHECK-LABEL: func.func @not_row_copies
// CHECK: scf.for
// CHECK: func.call @__ta_write_prechecked_array_strict_4xf32(
// CHECK: scf.for
// CHECK: func.call @__ta_read_prechecked_array_strict_4xf32(
// NONE-LABEL: func.func @not_row_copies
// NONE: func.call @__ta_write_prechecked_array_none_4xf32(
// NONE: func.call @__ta_read_prechecked_array_none_4xf32(
func.func @not_row_copies(%h: !T, %src: tensor<8x4xf32>, %f: !ta.flow) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %fw = scf.for %k = %c0 to %c7 step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %k1 = arith.addi %k, %c1 : index
    %row = tensor.extract_slice %src[%k1, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !T, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  %out = scf.for %k = %c0 to %c7 step %c1 iter_args(%o = %src) -> (tensor<8x4xf32>) {
    %r = ta.read %h[%k], %fw : !T
    %k1 = arith.addi %k, %c1 : index
    %o2 = tensor.insert_slice %r into %o[%k1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x4xf32>
    scf.yield %o2 : tensor<8x4xf32>
  }
  return %out : tensor<8x4xf32>
}

// -----

!T = !ta.handle<4, tensor<16xf32>>

// Elements of 64 bytes: the state lazy zeroing needs is there in both modes.
// Without checks the write claim fills written | materialized (9) over the
// range without a scan; the read claim scans for materialized (an AND
// having 8: no slot to zero) and sets nothing.
// CHECK-LABEL: func.func @lazy_zeroing
// CHECK: call @__ta_write_loop_claim_array_strict_16xf32(
// CHECK: call @__ta_read_loop_claim_array_strict_16xf32(
// NONE-LABEL: func.func @lazy_zeroing
// NONE: call @__ta_write_loop_claim_array_none_16xf32(
// NONE: call @__ta_read_loop_claim_array_none_16xf32(
// NONE-LABEL: func.func private @__ta_write_loop_claim_array_none_16xf32
// NONE-NOT: scf.for
// NONE: %[[MARK:.*]] = arith.constant 9 : i8
// NONE-NOT: scf.for
// NONE: linalg.fill ins(%[[MARK]] : i8)
// NONE-LABEL: func.func private @__ta_read_loop_claim_array_none_16xf32
// NONE: scf.for {{.*}} -> (i8, i8) {
// NONE: arith.andi
// NONE: arith.constant 8 : i8
// NONE-NOT: linalg.fill
// NONE: return
func.func @lazy_zeroing(%h: !T, %v: tensor<16xf32>, %f: !ta.flow) -> tensor<4x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %fw = scf.for %k = %c0 to %c4 step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !T, tensor<16xf32>
    scf.yield %f2 : !ta.flow
  }
  %init = tensor.empty() : tensor<4x16xf32>
  %out = scf.for %k = %c0 to %c4 step %c1 iter_args(%o = %init) -> (tensor<4x16xf32>) {
    %r = ta.read %h[%k], %fw : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<4x16xf32>
    scf.yield %o2 : tensor<4x16xf32>
  }
  return %out : tensor<4x16xf32>
}

// -----

!T = !ta.handle<4, tensor<2xf32>>
!G = !ta.handle<4, tensor<2xf32>, grad>

// Left alone: a step of 2, an index other than the induction variable, two
// accesses of one array, another call in the body, an accumulator; of
// nested loops only the inner one.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: loop_claim
// NONE-LABEL: func.func @left_alone
// NONE-NOT: loop_claim
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK: call @__ta_write_loop_claim_array_strict_2xf32(
// CHECK-NOT: call @__ta_write_loop_claim
// CHECK-NOT: ta.access
// NONE-LABEL: func.func @nested
// NONE: scf.for
// NONE: call @__ta_write_loop_claim_array_none_2xf32(
// NONE-NOT: call @__ta_write_loop_claim
func.func @left_alone(%h: !T, %g: !G, %v: tensor<2xf32>, %f: !ta.flow) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %f1 = scf.for %k = %c0 to %c4 step %c2 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !T, tensor<2xf32>
    scf.yield %f2 : !ta.flow
  }
  %f3 = scf.for %k = %c0 to %c3 step %c1 iter_args(%fl = %f1) -> (!ta.flow) {
    %k1 = arith.addi %k, %c1 : index
    %f2 = ta.write %h[%k1], %v, %fl : !T, tensor<2xf32>
    scf.yield %f2 : !ta.flow
  }
  %f4 = scf.for %k = %c0 to %c4 step %c1 iter_args(%fl = %f3) -> (!ta.flow) {
    %r = ta.read %h[%k], %fl : !T
    %f2 = ta.write %h[%k], %r, %fl : !T, tensor<2xf32>
    scf.yield %f2 : !ta.flow
  }
  %f5 = scf.for %k = %c0 to %c4 step %c1 iter_args(%fl = %f4) -> (!ta.flow) {
    %w = func.call @value(%k) : (index) -> tensor<2xf32>
    %f2 = ta.write %h[%k], %w, %fl : !T, tensor<2xf32>
    scf.yield %f2 : !ta.flow
  }
  %gh, %gf = ta.grad %h, %f5 source "g" : !T
  %f6 = scf.for %k = %c0 to %c4 step %c1 iter_args(%fl = %gf) -> (!ta.flow) {
    %f2 = ta.write %gh[%k], %v, %fl : !G, tensor<2xf32>
    scf.yield %f2 : !ta.flow
  }
  return
}
func.func private @value(index) -> tensor<2xf32>

func.func @nested(%h: !T, %v: tensor<2xf32>, %f: !ta.flow) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %fo = scf.for %j = %c0 to %c1 step %c1 iter_args(%fj = %f) -> (!ta.flow) {
    %fi = scf.for %k = %c0 to %c4 step %c1 iter_args(%fl = %fj) -> (!ta.flow) {
      %f2 = ta.write %h[%k], %v, %fl : !T, tensor<2xf32>
      scf.yield %f2 : !ta.flow
    }
    scf.yield %fi : !ta.flow
  }
  return %fo : !ta.flow
}

// -----

!T = !ta.handle<4, tensor<2xf32>>

// What else a loop may do with the array: read its size (strict: the closed
// check, whose message takes the buffer's address), which only reads the
// header: the loop is claimed. A close of an array in the frame marks the
// header closed in place (a store into the header of the buffer loaded from
// the box): its loop is left alone, so that every access after the close
// fails as TensorFlow's do (versioned-loops.mlir @close_in_read_loop).
// CHECK-LABEL: func.func @read_and_size
// CHECK: call @__ta_read_loop_claim_array_strict_2xf32(
// CHECK-LABEL: func.func @close_in_loop
// CHECK-NOT: loop_claim
// CHECK: return
// NONE-LABEL: func.func @read_and_size
// NONE: call @__ta_read_loop_claim_array_none_2xf32(
// NONE-LABEL: func.func @close_in_loop
// NONE-NOT: loop_claim
// NONE: return
func.func @read_and_size(%h: !T, %f: !ta.flow) -> (tensor<4x2xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tensor.empty() : tensor<4x2xf32>
  %out, %n = scf.for %k = %c0 to %c4 step %c1 iter_args(%o = %init, %s = %c0) -> (tensor<4x2xf32>, index) {
    %r = ta.read %h[%k], %f : !T
    %size = ta.size %h, %f : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<4x2xf32>
    %s2 = arith.addi %s, %size : index
    scf.yield %o2, %s2 : tensor<4x2xf32>, index
  }
  return %out, %n : tensor<4x2xf32>, index
}

func.func @close_in_loop(%v: tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !T
  %fw = scf.for %k = %c0 to %c4 step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !T, tensor<2xf32>
    ta.close %h : !T
    scf.yield %f2 : !ta.flow
  }
  return
}
