// Accesses are calls of the module's access functions through the whole
// pipeline; those inside loops carry always_inline to LLVM (an access run
// many times must not pay a call), the others leave inlining to LLVM's
// heuristics (straight-line code of many accesses stays small).
// RUN: ta-opt %s --ta-lower-to-llvm | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
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
