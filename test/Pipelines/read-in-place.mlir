// A value read from an array and inserted into a tensor is copied straight
// into its place: ta.read's destination-passing form plus empty-tensor
// elimination leave no allocation in the loop, and the deallocation no copy
// of the result (the stages of ta-lower-to-llvm up to the LLVM conversions,
// through Debian's mlir-opt).
// REQUIRES: ta-plugin
// RUN: mlir-opt --load-dialect-plugin=%ta_plugin --load-pass-plugin=%ta_plugin %s --pass-pipeline="builtin.module(ta-lower-to-memref{checks=none},eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map},ta-buffer-deallocation,canonicalize,buffer-deallocation-simplification,bufferization-lower-deallocations,convert-bufferization-to-memref,cse,canonicalize)" | FileCheck %s

// CHECK-LABEL: func.func @collect
// CHECK: %[[OUT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
// CHECK: scf.for %[[K:[^ ]*]] =
// CHECK-NOT: memref.alloc
// CHECK: %[[OFF:.*]] = func.call @__ta_read_array_none_4xf32(%arg0, %{{.*}}) {always_inline} :
// CHECK-NEXT: %[[BUF:.*]] = memref.load %arg0
// CHECK-NEXT: %[[SLOT:.*]] = memref.view %[[BUF]][%[[OFF]]][] : memref<?xi8> to memref<4xf32>
// CHECK-NEXT: %[[ROW:.*]] = memref.subview %[[OUT]][%[[K]], 0] [1, 4] [1, 1]
// CHECK-NEXT: memref.copy %[[SLOT]], %[[ROW]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[OUT]]
func.func @collect(%h: !ta.handle<8, tensor<4xf32>>, %f: !ta.flow) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8 : index
  %init = tensor.empty() : tensor<8x4xf32>
  %out = scf.for %k = %c0 to %n step %c1 iter_args(%o = %init) -> (tensor<8x4xf32>) {
    %r = ta.read %h[%k], %f : !ta.handle<8, tensor<4xf32>>
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<8x4xf32>
    scf.yield %o2 : tensor<8x4xf32>
  }
  return %out : tensor<8x4xf32>
}

// A write takes a row of a batch in place (no copy of the row first): the
// write function gets the row's view and copies it into the slot.
// CHECK-LABEL: func.func @scatter_rows
// CHECK: scf.for %[[K:[^ ]*]] =
// CHECK-NOT: memref.alloc
// CHECK: %[[ROW:.*]] = memref.subview %arg1[%[[K]], 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NOT: memref.alloc
// CHECK: func.call @__ta_write_array_none_4xf32(%arg0, %{{.*}}, %[[ROW]]) {always_inline} :
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @__ta_write_array_none_4xf32
// CHECK-SAME: %[[SRC:[^:]*]]: memref<4xf32, strided<[1], offset: ?>>)
// CHECK-NOT: memref.alloc
// CHECK: memref.copy %[[SRC]], %{{.*}} : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
// CHECK-NEXT: return
func.func @scatter_rows(%h: !ta.handle<8, tensor<4xf32>>, %src: tensor<8x4xf32>, %f: !ta.flow) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8 : index
  %fw = scf.for %k = %c0 to %n step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %row = tensor.extract_slice %src[%k, 0] [1, 4] [1, 1] : tensor<8x4xf32> to tensor<4xf32>
    %f2 = ta.write %h[%k], %row, %fl : !ta.handle<8, tensor<4xf32>>, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
