// ta.grad_with_shape with a run-time shape_to_prepend on an array of static
// element shape: the forward array keeps its layout and its code (the
// dynamic flag cleared, strict mode's closed check); the accumulator, of
// open element shape, is one libta_runtime keeps, in the source's slot of
// the box. Made by _ta_rt_dyn_grad_static from the forward header, its slot
// states (strict: the written bits CopyShapesFrom reads; checks=none keeps
// none, 0) and a new header (the forward's name, the source, the grad
// flags, the partial shape [?, 2]). An existing accumulator must be one the
// runtime keeps (`reserved`, word 7, not 0), else TA_ERR_ACCUMULATOR_SHAPE
// (14), in both modes. The release at the block's end passes the slot to
// _ta_rt_dyn_release before freeing it.
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s --check-prefixes=CHECK,STRICT
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s --check-prefixes=CHECK,NONE

// CHECK-LABEL: func.func @runtime_prepend
// CHECK: %[[BOX:.*]] = memref.cast %{{.*}} : memref<2xmemref<?xi8>> to memref<?xmemref<?xi8>, strided<[1], offset: ?>>
// CHECK: %[[FWD:.*]] = memref.load %[[BOX]][%c0
// CHECK: %[[WORDS:.*]] = memref.view %[[FWD]]
// CHECK: arith.andi %{{.*}}, %c-3_i64
// STRICT: call @_ta_rt_fail(%c2_i32
// CHECK: %[[SLOT:.*]] = memref.load %[[BOX]][%c1
// CHECK: %[[BYTES:.*]] = memref.dim %[[SLOT]], %c0
// CHECK: %[[EXISTS:.*]] = arith.cmpi ne, %[[BYTES]], %c0
// CHECK: %[[SHAPE:.*]] = memref.get_global @"__ta_shape_-1_2" : memref<3xi64>
// CHECK: scf.if %[[EXISTS]] {
// CHECK: %[[SW:.*]] = memref.view %[[SLOT]]
// CHECK: %[[RESERVED:.*]] = memref.load %[[SW]][%c7{{.*}}] : memref<8xi64>
// CHECK: %[[LAID:.*]] = arith.cmpi eq, %[[RESERVED]], %c0
// CHECK: scf.if %[[LAID]] {
// CHECK: call @_ta_rt_fail(%c14_i32
// CHECK: } else {
// CHECK: %[[ACC:.*]] = memref.alloc(%c64{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xi8>
// CHECK: memref.store %c12_i64, %{{.*}}[%c2
// STRICT: %[[STATE:.*]] = memref.view %[[FWD]][%{{.*}}][%{{.*}}] : memref<?xi8> to memref<?xi8>
// STRICT: %[[STATEP:.*]] = memref.extract_aligned_pointer_as_index %[[STATE]]
// STRICT: %[[STATE64:.*]] = arith.index_cast %[[STATEP]]
// STRICT: call @_ta_rt_dyn_grad_static(%{{.*}}, %[[STATE64]], %{{.*}}, %c4_i64{{.*}}, %c1_i64{{.*}}, %{{.*}}, %{{.*}})
// NONE: call @_ta_rt_dyn_grad_static(%{{.*}}, %c0_i64{{.*}}, %{{.*}}, %c4_i64{{.*}}, %c1_i64{{.*}}, %{{.*}}, %{{.*}})
// CHECK: memref.store %[[ACC]], %[[BOX]][%c1
// CHECK: memref.subview %[[BOX]][1] [1] [1]
// CHECK: call @_ta_rt_dyn_write(
// CHECK: %[[LAST:.*]] = memref.load %{{.*}}[%c1{{.*}}] : memref<2xmemref<?xi8>>
// CHECK: scf.if
// CHECK: %[[LASTP:.*]] = memref.extract_aligned_pointer_as_index %[[LAST]]
// CHECK: %[[LAST64:.*]] = arith.index_cast %[[LASTP]]
// CHECK: call @_ta_rt_dyn_release(%[[LAST64]])
// CHECK: memref.dealloc %[[LAST]]
func.func @runtime_prepend(%p: tensor<1xi32>, %v: tensor<?x2xf32>, %w: tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %c3 : !ta.handle<3, tensor<2xf32>>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !ta.handle<3, tensor<2xf32>>, tensor<1xi32>
  %gf1 = ta.write %g[%c0], %v, %gf : !ta.handle<3, tensor<?x2xf32>, grad>, tensor<?x2xf32>
  // A forward array nothing writes would have no state (dataless-arrays.mlir).
  %f1 = ta.write %h[%c0], %w, %f : !ta.handle<3, tensor<2xf32>>, tensor<2xf32>
  return
}

// -----

// Without such a gradient in the module, static arrays keep their code:
// the release frees the accumulator slots without the runtime.
// CHECK-LABEL: func.func @static_only
// CHECK-NOT: _ta_rt_dyn
// CHECK: return
func.func @static_only(%v: tensor<2x2xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %p = arith.constant dense<[2]> : tensor<1xi32>
  %h, %f = ta.create %c3 : !ta.handle<3, tensor<2xf32>>
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !ta.handle<3, tensor<2xf32>>, tensor<1xi32>
  %gf1 = ta.write %g[%c0], %v, %gf : !ta.handle<3, tensor<2x2xf32>, grad>, tensor<2x2xf32>
  return
}
