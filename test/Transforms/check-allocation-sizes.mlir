// ta-check-allocation-sizes: before a memref.alloc of run-time sizes, the
// check that its byte size fits in an int64 (else TensorFlow's OOM message,
// code 31, flags 2: "more than 2**63 - 1 bytes"); one size is one unsigned
// comparison (negative sizes included), several a product with overflow
// flags. Static allocations need no code; one whose bytes do not fit is a
// compile-time error. Allocations marked ta.size_checked need no code.
// RUN: ta-opt %s -split-input-file --ta-check-allocation-sizes -verify-diagnostics | FileCheck %s

// CHECK: func.func private @_ta_rt_fail(i32, i64, i64, i64, i64) attributes {passthrough = ["noreturn", "cold"]}
// CHECK-LABEL: func.func @one
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// 2^63 - 1 over 3 x 4 bytes.
// CHECK: %[[LIMIT:.*]] = arith.constant 768614336404564650 : i64
// CHECK: %[[BIG:.*]] = arith.cmpi ugt, %[[N64]], %[[LIMIT]] : i64
// CHECK: scf.if %[[BIG]] {
// CHECK: func.call @_ta_rt_fail(%c31_i32, %{{.*}}, %c-1_i64, %{{.*}}, %c2_i64)
// CHECK: }
// CHECK: memref.alloc(%[[N]]) : memref<?x3xf32>
// CHECK-NOT: scf.if
// CHECK: memref.alloc() : memref<4xf32>
func.func @one(%n: index) {
  %a = memref.alloc(%n) : memref<?x3xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<?x3xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

// CHECK-LABEL: func.func @two
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[LOW1:.*]], %[[HIGH1:.*]] = arith.mului_extended %c8_i64, %{{.*}} : i64
// CHECK: arith.cmpi ne, %[[HIGH1]], %c0_i64
// CHECK: %[[LOW2:.*]], %[[HIGH2:.*]] = arith.mului_extended %[[LOW1]], %{{.*}} : i64
// CHECK: arith.cmpi ne, %[[HIGH2]], %c0_i64
// CHECK: arith.cmpi slt, %[[LOW2]], %c0_i64
// A 0 size makes 0 bytes: no failure, whatever the product before it.
// CHECK: arith.cmpi ne, %{{.*}}, %c0_i64
// CHECK: arith.andi
// CHECK: arith.cmpi ne, %{{.*}}, %c0_i64
// CHECK: arith.andi
// CHECK: scf.if
// CHECK: func.call @_ta_rt_fail(%c31_i32
// CHECK: memref.alloc(%[[M]], %[[N]]) : memref<?x?xi64>
func.func @two(%m: index, %n: index) {
  %a = memref.alloc(%m, %n) : memref<?x?xi64>
  memref.dealloc %a : memref<?x?xi64>
  return
}

// -----

// Nothing to check: no declaration either.
// CHECK-NOT: _ta_rt_fail
func.func @static() {
  %a = memref.alloc() : memref<16xi8>
  memref.dealloc %a : memref<16xi8>
  return
}

// -----

// A static 0 size: 0 bytes, though 4 x (2^31 - 1)^2 passes 2^63 - 1 (a
// tensor<2147483647x2147483647x0xf32> is valid: TensorFlow's TensorShape
// counts its elements dim by dim, 0). No check, no error.
// CHECK-LABEL: func.func @static_zero
// CHECK-NOT: _ta_rt_fail
// CHECK: memref.alloc() : memref<2147483647x2147483647x0xf32>
func.func @static_zero() {
  %a = memref.alloc() : memref<2147483647x2147483647x0xf32>
  memref.dealloc %a : memref<2147483647x2147483647x0xf32>
  return
}

// -----

func.func @static_too_large() {
  // expected-error @+1 {{'memref.alloc' op allocates 'memref<4611686018427387904x4xi8>', whose byte size is not known or does not fit in an int64}}
  %a = memref.alloc() : memref<4611686018427387904x4xi8>
  return
}

// -----

// A module that defines the runtime's name otherwise.
// expected-error @+1 {{ta-check-allocation-sizes: '_ta_rt_fail' is defined otherwise in this module}}
module {
  func.func private @_ta_rt_fail(i32)
  func.func @f(%n: index) {
    %a = memref.alloc(%n) : memref<?xf32>
    return
  }
}

// -----

// An allocation marked ta.size_checked (its size checked where it was
// computed: ta.concat's destination) is left as it is, the mark kept; an
// unmarked one beside it is checked.
// CHECK-LABEL: func.func @size_checked
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NEXT: memref.alloc(%[[N]]) {ta.size_checked} : memref<?x4xf32>
// CHECK-NEXT: arith.index_cast %[[M]]
// CHECK: func.call @_ta_rt_fail(%c31_i32
// CHECK: memref.alloc(%[[M]]) : memref<?x4xf32>
func.func @size_checked(%n: index, %m: index) {
  %a = memref.alloc(%n) {ta.size_checked} : memref<?x4xf32>
  %b = memref.alloc(%m) : memref<?x4xf32>
  memref.dealloc %a : memref<?x4xf32>
  memref.dealloc %b : memref<?x4xf32>
  return
}

// -----

// A marked allocation of a static size that does not fit is still an
// error.
func.func @size_checked_static_too_large() {
  // expected-error @+1 {{'memref.alloc' op allocates 'memref<4611686018427387904x4xi8>', whose byte size is not known or does not fit in an int64}}
  %a = memref.alloc() {ta.size_checked} : memref<4611686018427387904x4xi8>
  return
}
