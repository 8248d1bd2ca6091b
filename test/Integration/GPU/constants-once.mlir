// A function that writes a constant into an array, called 1000 times, on
// ta's GPU emulator: each constant a kernel may read has one copy in
// managed memory for the process (ta-gpu-managed-memory), so the copies and
// the allocations that reach the driver stay a handful however often the
// function runs (a copy at every use was one more allocation per call,
// never freed). Expected value: element 1 of the slot written with
// [1, 2, 3], summed over 1000 calls: 2000.
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa emulate=1" > %t.mlir
// RUN: env TA_CUDA_DRIVER=%ta_gpu_emulator TA_GPU_EMULATOR_REPORT=1 %run_gpu -e main %t.mlir 2>&1 | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s --check-prefix=CPU
// CHECK: 2000
// CHECK-NEXT: ta-gpu-emulator: 3000 launches, 0 rejected, {{[1-9]}} copies, 0 memsets, {{[0-9]+}} syncs, {{[1-9]}} allocations ({{[1-9]}} managed, 0 device), 0 frees
// CPU: 2000

!A = !ta.handle<2, tensor<3xf32>>
func.func private @printI64(i64)
func.func private @printNewline()

func.func @step() -> f32 {
  %c1 = arith.constant 1 : index
  %n = arith.constant 2 : index
  %h, %f = ta.create %n : !A
  %v = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %f1 = ta.write %h[%c1], %v, %f : !A, tensor<3xf32>
  %r = ta.read %h[%c1], %f1 : !A
  %x = tensor.extract %r[%c1] : tensor<3xf32>
  return %x : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %x = func.call @step() : () -> f32
    %a = arith.addf %acc, %x : f32
    scf.yield %a : f32
  }
  %si = arith.fptosi %s : f32 to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
