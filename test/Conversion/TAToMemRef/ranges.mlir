// Index vectors that are the range 0, 1, ..., n - 1 (IndexVectors.h): a
// gather or scatter of one takes its entries from the loop's induction
// variable and its bounds from n (no buffer of the indices, no scan, the
// range's tensor.generate gone), in the gather and scatter functions of
// ranges; a range scatter into a growable array reserves through the
// variant that leaves the data it overwrites unzeroed.
// Vectors that are not a range, or whose entries would wrap in their type,
// are read from their buffer.
// RUN: ta-opt %s --ta-lower-to-memref -split-input-file | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-memref=checks=none -split-input-file | FileCheck %s

!G = !ta.handle<?, tensor<2xf32>>

// The op calls the scatter function of ranges with the range's count.
// CHECK-LABEL: func.func @unstack
// CHECK-NOT: tensor.generate
// CHECK-NOT: bufferization.to_buffer %{{.*}} : tensor<4xi32>
// CHECK: call @__ta_scatter_range_growable_{{strict|none}}_2xf32(%{{.*}}, %c4{{.*}}, %{{.*}})
// CHECK-LABEL: func.func private @__ta_scatter_range_growable_{{strict|none}}_2xf32(
// CHECK-SAME: %{{[^:]*}}: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[N:[^:]*]]: index
// CHECK: func.call @__ta_reserve_overwritten_{{strict|none}}_8(%{{.*}}, %{{.*}})
// The size the writes leave, set first where the reservation gave room.
// CHECK: scf.if
// CHECK: arith.maxsi
// CHECK: scf.for %[[K:.*]] = %c0{{.*}} to %[[N]]
// CHECK: %[[I:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK: func.call @__ta_write_growable_{{strict|none}}_2xf32(%{{.*}}, %[[I]], %{{.*}}) {always_inline}
// The reservation zeroes past the data of the slots it was asked for.
// CHECK-LABEL: func.func private @__ta_reserve_overwritten_{{strict|none}}_8(
// CHECK: arith.maxsi
// CHECK: linalg.fill
func.func @unstack(%v: tensor<4x2xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %h, %f = ta.create %c0 {dynamic_size = true} : !G
  %r = tensor.generate {
  ^bb0(%k: index):
    %i = arith.index_cast %k : index to i32
    tensor.yield %i : i32
  } : tensor<4xi32>
  %f1 = ta.scatter %h[%r], %v, %f : !G, tensor<4xi32>, tensor<4x2xf32>
  return %f1 : !ta.flow
}

// -----

// TensorFlow's stack: range(0, size, 1) as ta-legalize-tf gives it (`+ 0`,
// `* 1`, the size an i32 cast to index): the gather function of ranges,
// its count passed, no indices; each Read at the induction variable.
!A = !ta.handle<3, tensor<2xf32>>
// CHECK-LABEL: func.func @stack
// CHECK-SAME: %[[BOX:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[N:[^:]*]]: i32
// CHECK-NOT: tensor.generate
// CHECK: %[[COUNT:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK-NOT: bufferization.to_buffer
// CHECK: %[[ROWS:.*]] = memref.alloc(%[[COUNT]]) : memref<?x2xf32>
// CHECK: call @__ta_gather_range_array_{{strict|none}}_2xf32(%[[BOX]], %[[COUNT]], %[[ROWS]])
// CHECK-LABEL: func.func private @__ta_gather_range_array_{{strict|none}}_2xf32(
// CHECK-SAME: %[[FBOX:[^:]*]]: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[END:[^:]*]]: index, %[[RESULT:[^:]*]]: memref<?x2xf32> {llvm.noalias})
// CHECK: scf.for %[[K:.*]] = %c0{{.*}} to %[[END]]
// CHECK: %[[I:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK: func.call @__ta_read_array_{{strict|none}}_2xf32(%[[FBOX]], %[[I]]) {always_inline}
func.func @stack(%h: !A, %n: i32, %f: !ta.flow) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nn = arith.index_cast %n : i32 to index
  %r = tensor.generate %nn {
  ^bb0(%k: index):
    %m = arith.muli %k, %c1 : index
    %a = arith.addi %c0, %m : index
    %i = arith.index_cast %a : index to i32
    tensor.yield %i : i32
  } : tensor<?xi32>
  %v = ta.gather %h[%r], %f : !A, tensor<?xi32>
  return %v : tensor<?x2xf32>
}

// -----

// A dense constant 0, 1, 2; an i64 range of any size (its entries never
// wrap).
!A = !ta.handle<3, tensor<2xf32>>
// CHECK-LABEL: func.func @constant_range
// CHECK-NOT: bufferization.to_buffer %{{.*}} : tensor<3xi32>
// CHECK: %[[ROWS:.*]] = memref.alloc() : memref<3x2xf32>
// CHECK: %[[CAST:.*]] = memref.cast %[[ROWS]] : memref<3x2xf32> to memref<?x2xf32>
// CHECK: call @__ta_gather_range_array_{{strict|none}}_2xf32(%{{.*}}, %[[CAST]])
// CHECK-LABEL: func.func @i64_range
// CHECK-SAME: %[[N:[^:]*]]: index
// CHECK-NOT: bufferization.to_buffer
// CHECK: memref.alloc(%[[N]]) : memref<?x2xf32>
// CHECK: call @__ta_gather_range_array_{{strict|none}}_2xf32(
func.func @constant_range(%h: !A, %f: !ta.flow) -> tensor<3x2xf32> {
  %r = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %v = ta.gather %h[%r], %f : !A, tensor<3xi32>
  return %v : tensor<3x2xf32>
}
func.func @i64_range(%h: !A, %n: index, %f: !ta.flow) -> tensor<?x2xf32> {
  %r = tensor.generate %n {
  ^bb0(%k: index):
    %i = arith.index_cast %k : index to i64
    tensor.yield %i : i64
  } : tensor<?xi64>
  %v = ta.gather %h[%r], %f : !A, tensor<?xi64>
  return %v : tensor<?x2xf32>
}

// -----

// Not ranges: 1..4; a constant out of order; 200 entries of i8 (128 and
// more wrap); i32 entries of a size only an index gives (it could pass
// 2^31). Each is read from its buffer; a generate that stays.
!A = !ta.handle<3, tensor<2xf32>>
// CHECK-LABEL: func.func @shifted
// CHECK: tensor.generate
// CHECK: bufferization.to_buffer %{{.*}} : tensor<4xi32>
// CHECK-LABEL: func.func @unordered
// CHECK: bufferization.to_buffer %{{.*}} : tensor<3xi32>
// CHECK-LABEL: func.func @wraps
// CHECK: bufferization.to_buffer %{{.*}} : tensor<200xi8>
// CHECK-LABEL: func.func @unbounded
// CHECK: bufferization.to_buffer %{{.*}} : tensor<?xi32>
func.func @shifted(%h: !A, %f: !ta.flow) -> tensor<4x2xf32> {
  %c1 = arith.constant 1 : index
  %r = tensor.generate {
  ^bb0(%k: index):
    %a = arith.addi %k, %c1 : index
    %i = arith.index_cast %a : index to i32
    tensor.yield %i : i32
  } : tensor<4xi32>
  %v = ta.gather %h[%r], %f : !A, tensor<4xi32>
  return %v : tensor<4x2xf32>
}
func.func @unordered(%h: !A, %f: !ta.flow) -> tensor<3x2xf32> {
  %r = arith.constant dense<[0, 2, 1]> : tensor<3xi32>
  %v = ta.gather %h[%r], %f : !A, tensor<3xi32>
  return %v : tensor<3x2xf32>
}
func.func @wraps(%h: !A, %f: !ta.flow) -> tensor<200x2xf32> {
  %r = tensor.generate {
  ^bb0(%k: index):
    %i = arith.index_cast %k : index to i8
    tensor.yield %i : i8
  } : tensor<200xi8>
  %v = ta.gather %h[%r], %f : !A, tensor<200xi8>
  return %v : tensor<200x2xf32>
}
func.func @unbounded(%h: !A, %n: index, %f: !ta.flow) -> tensor<?x2xf32> {
  %r = tensor.generate %n {
  ^bb0(%k: index):
    %i = arith.index_cast %k : index to i32
    tensor.yield %i : i32
  } : tensor<?xi32>
  %v = ta.gather %h[%r], %f : !A, tensor<?xi32>
  return %v : tensor<?x2xf32>
}

// -----

// An accumulator's gather of a range: its bounds from the count, no scan
// of the indices (the largest is n - 1).
!G = !ta.handle<3, tensor<2xf32>, grad>
// CHECK-LABEL: func.func @grad_stack
// CHECK-NOT: bufferization.to_buffer
// CHECK: call @__ta_gather_range_grad_{{strict|none}}_2xf32(
// CHECK-LABEL: func.func private @__ta_gather_range_grad_{{strict|none}}_2xf32(
// CHECK-SAME: %{{[^:]*}}: memref<?xmemref<?xi8>, strided<[1], offset: ?>>, %[[COUNT:[^:]*]]: index
// CHECK: %[[N:.*]] = arith.index_cast %[[COUNT]] : index to i64
// CHECK: %[[MAX:.*]] = arith.subi %[[N]], %c1_i64
// CHECK-NOT: scf.for {{.*}} iter_args
// CHECK: arith.cmpi slt, %[[MAX]],
func.func @grad_stack(%g: !G, %f: !ta.flow) -> tensor<4x2xf32> {
  %r = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %v = ta.gather %g[%r], %f : !G, tensor<4xi32>
  return %v : tensor<4x2xf32>
}
