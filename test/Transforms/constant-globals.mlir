// ta-constant-globals: every ranked tensor arith.constant of the module gets
// the memref.global one-shot-bufferize would make for it, in program order
// (each new global goes to the top of the module, as bufferization puts
// them): one per value and alignment, named after its type. Bufferization
// then finds them all and names none itself
// (test/Pipelines/deterministic-output.test).
// RUN: ta-opt %s --ta-constant-globals | FileCheck %s
// RUN: ta-opt %s --ta-constant-globals=alignment=16 | FileCheck %s --check-prefix=ALIGN

// The third value (in @b) first, then the second, then the first; [0, 1]
// once although two functions use it.
// CHECK: module {
// CHECK-NEXT: memref.global "private" constant @__constant_2x2xf32 : memref<2x2xf32> = dense<1.000000e+00> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" constant @__constant_3xi64 : memref<3xi64> = dense<[0, 2, 1]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<[0, 1]> {alignment = 64 : i64}
// CHECK-NOT: memref.global
// CHECK: module @inner
// CHECK-NOT: memref.global
// ALIGN: memref.global "private" constant @__constant_2x2xf32 : memref<2x2xf32> = dense<1.000000e+00> {alignment = 16 : i64}

func.func @a() -> (tensor<2xi32>, tensor<3xi64>, i32) {
  %c = arith.constant dense<[0, 1]> : tensor<2xi32>
  %d = arith.constant dense<[0, 2, 1]> : tensor<3xi64>
  // Scalars are no tensors.
  %s = arith.constant 7 : i32
  return %c, %d, %s : tensor<2xi32>, tensor<3xi64>, i32
}

func.func @b() -> (tensor<2xi32>, tensor<2x2xf32>) {
  %c = arith.constant dense<[0, 1]> : tensor<2xi32>
  %e = arith.constant dense<1.0> : tensor<2x2xf32>
  return %c, %e : tensor<2xi32>, tensor<2x2xf32>
}

// A nested module's constants are its own bufferization's.
module @inner {
  func.func @c() -> tensor<4xf32> {
    %f = arith.constant dense<2.0> : tensor<4xf32>
    return %f : tensor<4xf32>
  }
}
