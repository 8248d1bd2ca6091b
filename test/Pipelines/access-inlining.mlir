// Accesses are calls of the module's access functions through the whole
// pipeline; those inside loops carry always_inline to LLVM (an access run
// many times must not pay a call), the others leave inlining to LLVM's
// heuristics (straight-line code of many accesses stays small). Bulk and
// create calls carry it up to a budget per function (@gathers).
// RUN: ta-opt %s --ta-lower-to-llvm | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: ta-opt %s --ta-lower-to-llvm | FileCheck %s --check-prefix=BULK
// RUN: ta-opt %s --ta-lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=BULKIR
// RUN: ta-opt %s --ta-lower-to-llvm=outline-accesses=false | FileCheck %s --check-prefix=INLINE

// CHECK-LABEL: llvm.func @fill
// CHECK: llvm.call @__ta_write_array_strict_4xf32({{.*}}) : (
// CHECK: llvm.call @__ta_write_array_strict_4xf32({{.*}}) {always_inline} : (
// CHECK: llvm.func internal @__ta_write_array_strict_4xf32(
// IR-LABEL: define {{.*}} @fill(
// IR: call void @__ta_write_array_strict_4xf32({{.*}}){{$}}
// IR: call void @__ta_write_array_strict_4xf32({{.*}}) #[[ALWAYS:[0-9]+]]
// IR: define internal void @__ta_write_array_strict_4xf32(
// IR: attributes #[[ALWAYS]] = { alwaysinline }
// INLINE-NOT: __ta_write
func.func @fill(%h: !ta.handle<8, tensor<4xf32>>, %v: tensor<4xf32>, %f: !ta.flow) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f0 = ta.write %h[%c0], %v, %f : !ta.handle<8, tensor<4xf32>>, tensor<4xf32>
  %fw = scf.for %k = %c1 to %c8 step %c1 iter_args(%fl = %f0) -> (!ta.flow) {
    %f2 = ta.write %h[%k], %v, %fl : !ta.handle<8, tensor<4xf32>>, tensor<4xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// A function's first eight calls of bulk and create functions carry
// always_inline (their loops then see what the function knows of the
// array); the later ones leave inlining to LLVM, so that straight-line code
// of many bulk ops stays small in LLVM too.
// BULK-LABEL: llvm.func @gathers
// BULK-COUNT-8: llvm.call @__ta_gather_i32_array_strict_4xf32({{.*}}) {always_inline} : (
// BULK: llvm.call @__ta_gather_i32_array_strict_4xf32({{.*}}) : (
// BULK-NOT: llvm.call @__ta_gather_
// BULK: llvm.return
// BULKIR-LABEL: define {{.*}} @gathers(
// BULKIR-COUNT-8: call void @__ta_gather_i32_array_strict_4xf32({{.*}}) #[[ALWAYS:[0-9]+]]
// BULKIR: call void @__ta_gather_i32_array_strict_4xf32({{.*}}){{$}}
// BULKIR: attributes #[[ALWAYS]] = { alwaysinline }
func.func @gathers(%h: !ta.handle<8, tensor<4xf32>>, %i: tensor<?xi32>, %f: !ta.flow)
    -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>,
        tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %g0 = ta.gather %h[%i], %f : !ta.handle<8, tensor<4xf32>>, tensor<?xi32>
  %g1 = ta.gather %h[%i], %f : !ta.handle<8, tensor<4xf32>>, tensor<?xi32>
  %g2 = ta.gather %h[%i], %f : !ta.handle<8, tensor<4xf32>>, tensor<?xi32>
  %g3 = ta.gather %h[%i], %f : !ta.handle<8, tensor<4xf32>>, tensor<?xi32>
  %g4 = ta.gather %h[%i], %f : !ta.handle<8, tensor<4xf32>>, tensor<?xi32>
  %g5 = ta.gather %h[%i], %f : !ta.handle<8, tensor<4xf32>>, tensor<?xi32>
  %g6 = ta.gather %h[%i], %f : !ta.handle<8, tensor<4xf32>>, tensor<?xi32>
  %g7 = ta.gather %h[%i], %f : !ta.handle<8, tensor<4xf32>>, tensor<?xi32>
  %g8 = ta.gather %h[%i], %f : !ta.handle<8, tensor<4xf32>>, tensor<?xi32>
  return %g0, %g1, %g2, %g3, %g4, %g5, %g6, %g7, %g8
      : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>,
        tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}
