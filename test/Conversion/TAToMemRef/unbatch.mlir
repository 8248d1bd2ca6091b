// Lowered IR of ta.unbatch_grad: the same calls into libta_runtime in both
// checks modes (no array state is involved), the call site named by a
// constant "container\0shared_name\0element type\0", the grad's shape on
// the stack only for the call, the result allocated from the row count the
// runtime reports.
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s

// CHECK-LABEL: module
// CHECK-DAG: memref.global "private" constant @__ta_unbatch.ug : memref<8xi8> = dense<[0, 117, 103, 0, 102, 51, 50, 0]>
// CHECK-DAG: func.func private @_ta_rt_unbatch_grad(i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i64
// CHECK-DAG: func.func private @_ta_rt_unbatch_grad_rows(i64) -> i64
// CHECK-DAG: func.func private @_ta_rt_unbatch_grad_take(i64, i64)
// No array op: the failure function is not needed.
// CHECK-NOT: @_ta_rt_fail
// CHECK-LABEL: func.func @unbatch(
// CHECK-SAME: %[[O:[^:]*]]: tensor<?x2xf32>, %[[BI:[^:]*]]: tensor<?x3xi64>, %[[G:[^:]*]]: tensor<?x2xf32>, %[[ID:[^:]*]]: i64)
// The owner test: original_input has elements.
// CHECK: %[[D0:.*]] = tensor.dim %[[O]], %c0
// CHECK: %[[N0:.*]] = arith.muli %c1{{.*}}, %[[D0]]
// CHECK: %[[D1:.*]] = tensor.dim %[[O]], %c1
// CHECK: %[[N:.*]] = arith.muli %[[N0]], %[[D1]]
// CHECK: %[[HAS:.*]] = arith.cmpi sgt, %[[N]]
// CHECK: %[[OWNER:.*]] = arith.extui %[[HAS]] : i1 to i64
// CHECK: %[[BIBUF:.*]] = bufferization.to_buffer %[[BI]] read_only : tensor<?x3xi64> to memref<?x3xi64>
// CHECK: %[[ROWS:.*]] = memref.dim %[[BIBUF]]
// CHECK: %[[GBUF:.*]] = bufferization.to_buffer %[[G]] read_only : tensor<?x2xf32> to memref<?x2xf32>
// CHECK: memref.get_global @__ta_unbatch.ug
// CHECK: %[[TICKET:.*]] = memref.alloca_scope -> (i64) {
// CHECK: %[[SHAPE:.*]] = memref.alloca() : memref<3xi64>
// CHECK: %[[CALL:.*]] = func.call @_ta_rt_unbatch_grad(%{{.*}}, %c4_i64, %c0_i64, %[[ID]], %[[OWNER]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: memref.alloca_scope.return %[[CALL]] : i64
// CHECK: %[[N2:.*]] = call @_ta_rt_unbatch_grad_rows(%[[TICKET]])
// CHECK: %[[NI:.*]] = arith.index_cast %[[N2]] : i64 to index
// CHECK: %[[OUT:.*]] = memref.alloc(%[[NI]]) {alignment = 64 : i64} : memref<?x2xf32>
// CHECK: call @_ta_rt_unbatch_grad_take(%[[TICKET]], %{{.*}})
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: return %[[R]]
func.func @unbatch(%o: tensor<?x2xf32>, %bi: tensor<?x3xi64>, %g: tensor<?x2xf32>, %id: i64) -> tensor<?x2xf32> {
  %r = ta.unbatch_grad %o, %bi, %g, %id {shared_name = "ug"} : tensor<?x2xf32>, tensor<?x3xi64>, tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

// -----

// Ops without a shared_name get one per function and position, as
// TensorFlow uses the node name; a container and a timeout go to the
// runtime; i1 grads are one byte per element; dynamic inner dims of the
// result come from the grad.
// CHECK-DAG: memref.global "private" constant @__ta_unbatch.f_unbatch_grad_0 : memref<21xi8> = dense<[0, 102, 47, 117, 110, 98, 97, 116, 99, 104, 95, 103, 114, 97, 100, 95, 48, 0, 105, 49, 0]>
// CHECK-DAG: memref.global "private" constant @__ta_unbatch.f_unbatch_grad_1 : memref<21xi8>
// CHECK-DAG: memref.global "private" constant @__ta_unbatch.s : memref<7xi8> = dense<[99, 0, 115, 0, 105, 49, 0]>
// CHECK-DAG: memref.global "private" constant @__ta_unbatch.g_unbatch_grad_0 : memref<21xi8>
// CHECK-LABEL: func.func @f(
// CHECK: func.call @_ta_rt_unbatch_grad(%{{[^,]*}}, %c1_i64{{[^,]*}}, %c0_i64
// CHECK: func.call @_ta_rt_unbatch_grad(%{{[^,]*}}, %c1_i64{{[^,]*}}, %c0_i64
// CHECK: func.call @_ta_rt_unbatch_grad(%{{[^,]*}}, %c1_i64{{[^,]*}}, %c250_i64
// CHECK: %[[D1:.*]] = tensor.dim %{{.*}}, %c1
// CHECK: memref.alloc(%{{.*}}, %[[D1]]) {alignment = 64 : i64} : memref<?x?xi1>
func.func @f(%o: tensor<?x?xi1>, %bi: tensor<?x3xi64>, %g: tensor<?x?xi1>, %id: i64) -> tensor<?x?xi1> {
  %a = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x?xi1>, tensor<?x3xi64>, tensor<?x?xi1>
  %b = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x?xi1>, tensor<?x3xi64>, tensor<?x?xi1>
  %c = ta.unbatch_grad %o, %bi, %g, %id {container = "c", shared_name = "s", timeout_micros = 250} : tensor<?x?xi1>, tensor<?x3xi64>, tensor<?x?xi1>
  return %c : tensor<?x?xi1>
}
func.func @g(%o: tensor<?x?xi1>, %bi: tensor<?x3xi64>, %g: tensor<?x?xi1>, %id: i64) {
  %a = ta.unbatch_grad %o, %bi, %g, %id : tensor<?x?xi1>, tensor<?x3xi64>, tensor<?x?xi1>
  return
}

// -----

// An unranked grad: its shape on the heap for the call, its data a
// contiguous copy freed after it, the result [rows] ++ grad.shape[1:] in a
// heap buffer that reshapes a flat allocation (no check, no failure
// function).
// CHECK-LABEL: func.func @unranked(
// CHECK-NOT: @_ta_rt_fail
// CHECK: %[[SHAPE:.*]] = memref.alloc(%{{.*}}) {bufferization.manual_deallocation} : memref<?xi8>
// CHECK: %[[COPY:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64, bufferization.manual_deallocation} : memref<?xf32>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<*xf32> to memref<*xf32>
// CHECK: %[[TICKET:.*]] = call @_ta_rt_unbatch_grad(
// CHECK: memref.dealloc %[[COPY]] {bufferization.manual_deallocation}
// CHECK: %[[ROWS:.*]] = call @_ta_rt_unbatch_grad_rows(%[[TICKET]])
// CHECK: %[[DIMS:.*]] = memref.alloc(%{{.*}}) {bufferization.manual_deallocation} : memref<?xi64>
// CHECK: memref.store %[[ROWS]], %[[DIMS]]
// CHECK: memref.dealloc %[[SHAPE]] {bufferization.manual_deallocation}
// CHECK: %[[FLAT:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK: call @_ta_rt_unbatch_grad_take(%[[TICKET]], %{{.*}})
// CHECK: %[[R:.*]] = memref.reshape %[[FLAT]](%[[DIMS]]) : (memref<?xf32>, memref<?xi64>) -> memref<*xf32>
// CHECK: memref.dealloc %[[DIMS]] {bufferization.manual_deallocation}
// CHECK: bufferization.to_tensor %[[R]] restrict writable : memref<*xf32> to tensor<*xf32>
func.func @unranked(%o: tensor<*xf32>, %bi: tensor<?x3xi64>, %g: tensor<*xf32>, %id: i64) -> tensor<*xf32> {
  %r = ta.unbatch_grad %o, %bi, %g, %id {shared_name = "u"} : tensor<*xf32>, tensor<?x3xi64>, tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

// Every use casts the result to rank 2: the grad must have rank 2 (ta's
// TA_ERR_RESULT_RANK, 34, otherwise), then the ranked lowering.
// CHECK-LABEL: func.func @unranked_cast(
// CHECK: %[[RANK:.*]] = tensor.rank %{{.*}} : tensor<*xf32>
// CHECK: %[[BAD:.*]] = arith.cmpi ne, %[[RANK]], %c2
// CHECK: scf.if %[[BAD]] {
// CHECK: func.call @_ta_rt_fail(%c34_i32,
// CHECK: %[[G:.*]] = tensor.cast %{{.*}} : tensor<*xf32> to tensor<?x?xf32>
// CHECK: memref.alloca_scope -> (i64) {
// CHECK: memref.alloca() : memref<3xi64>
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<?x?xf32> to tensor<?x?xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[T]] : tensor<?x?xf32> to tensor<?x2xf32>
// CHECK: return %[[C]]
func.func @unranked_cast(%o: tensor<*xf32>, %bi: tensor<?x3xi64>, %g: tensor<*xf32>, %id: i64) -> tensor<?x2xf32> {
  %r = ta.unbatch_grad %o, %bi, %g, %id {shared_name = "c"} : tensor<*xf32>, tensor<?x3xi64>, tensor<*xf32>
  %c = tensor.cast %r : tensor<*xf32> to tensor<?x2xf32>
  return %c : tensor<?x2xf32>
}

// -----

// A cast to rank 0 does not make the result ranked (no grad of rank 0 has a
// result: the runtime fails on a scalar grad); it stays a cast of the
// unranked result.
// CHECK-LABEL: func.func @unranked_cast_scalar(
// CHECK-NOT: @_ta_rt_fail
// CHECK: memref.reshape %{{.*}}(%{{.*}}) : (memref<?xf32>, memref<?xi64>) -> memref<*xf32>
// CHECK: %[[T:.*]] = bufferization.to_tensor %{{.*}} restrict writable : memref<*xf32> to tensor<*xf32>
// CHECK: tensor.cast %[[T]] : tensor<*xf32> to tensor<f32>
func.func @unranked_cast_scalar(%o: tensor<*xf32>, %bi: tensor<?x3xi64>, %g: tensor<*xf32>, %id: i64) -> tensor<f32> {
  %r = ta.unbatch_grad %o, %bi, %g, %id {shared_name = "z"} : tensor<*xf32>, tensor<?x3xi64>, tensor<*xf32>
  %c = tensor.cast %r : tensor<*xf32> to tensor<f32>
  return %c : tensor<f32>
}
