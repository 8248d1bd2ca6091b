// outline-accesses=false: ta.write and ta.read written out at each access
// (the GPU pipeline's form) rather than calls of access functions; the same
// checks, state updates and copies as the functions' bodies (basic.mlir).
// RUN: ta-opt %s --ta-lower-to-memref=outline-accesses=false | FileCheck %s --check-prefixes=CHECK,STRICT --implicit-check-not=__ta_write --implicit-check-not=__ta_read
// RUN: ta-opt %s --ta-lower-to-memref="checks=none outline-accesses=false" | FileCheck %s --check-prefixes=CHECK,NONE --implicit-check-not=__ta_write --implicit-check-not=__ta_read

// CHECK-LABEL: func.func @write
// CHECK-SAME: (%[[H:.*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[I:.*]]: index, %[[V:.*]]: tensor<2x3xf32>)
// CHECK: %[[SRC:.*]] = bufferization.to_buffer %[[V]] read_only : tensor<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: ?>>
// CHECK: %[[BUF:.*]] = memref.load %[[H]]
// STRICT: func.call @_ta_rt_fail(%c2_i32
// STRICT: func.call @_ta_rt_fail(%c3_i32
// STRICT: func.call @_ta_rt_fail(%c4_i32
// STRICT: func.call @_ta_rt_fail(%c5_i32
// NONE-NOT: _ta_rt_fail
// NONE-NOT: scf.if
// CHECK: %[[BYTES:.*]] = arith.muli %{{.*}}, %c24{{[_0-9]*}} overflow<nsw, nuw> : index
// CHECK: %[[OFF:.*]] = arith.addi %c64{{[_0-9]*}}, %[[BYTES]] overflow<nsw, nuw> : index
// CHECK: %[[SLOT:.*]] = memref.view %[[BUF]][%[[OFF]]][] : memref<?xi8> to memref<2x3xf32>
// CHECK: memref.copy %[[SRC]], %[[SLOT]]
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @write(%h: !ta.handle<4, tensor<2x3xf32>>, %i: index,
                 %v: tensor<2x3xf32>, %f: !ta.flow) -> !ta.flow {
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<4, tensor<2x3xf32>>, tensor<2x3xf32>
  return %f1 : !ta.flow
}

// CHECK-LABEL: func.func @read
// CHECK-NOT: memref.alloc
// STRICT: func.call @_ta_rt_fail(%c2_i32
// STRICT: func.call @_ta_rt_fail(%c6_i32
// STRICT: func.call @_ta_rt_fail(%c7_i32
// NONE-NOT: _ta_rt_fail
// CHECK: %[[SLOT:.*]] = memref.view {{.*}} to memref<2xf32>
// CHECK: %[[DATA:.*]] = bufferization.to_tensor %[[SLOT]] restrict : memref<2xf32> to tensor<2xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2xf32>
// CHECK: %[[T:.*]] = bufferization.materialize_in_destination %[[DATA]] in %[[EMPTY]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK: return %[[T]]
func.func @read(%h: !ta.handle<4, tensor<2xf32>>, %i: index, %f: !ta.flow)
    -> tensor<2xf32> {
  %v = ta.read %h[%i], %f : !ta.handle<4, tensor<2xf32>>
  return %v : tensor<2xf32>
}
