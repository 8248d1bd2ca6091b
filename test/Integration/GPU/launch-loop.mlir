// A kernel launch inside a long host loop (one write per iteration, each
// a kernel) does not grow the stack: ta-gpu-launch-stack-scope frees each
// launch's argument slots right after it. Run on ta's GPU emulator
// (libta_gpu_emulator: launches validated, kernels run on the host) with a
// 1 MiB stack: without the bracket, 200000 launches of this kernel take
// over 20 MiB of stack and the program dies with SIGSEGV.
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa emulate=1 checks=none" > %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: ulimit -s 1024 && env TA_CUDA_DRIVER=%ta_gpu_emulator TA_GPU_EMULATOR_REPORT=1 %run_gpu -e main %t.mlir 2>&1 | FileCheck %s

// IR: llvm.intr.stacksave
// IR-NEXT: gpu.launch_func
// IR-NEXT: llvm.intr.stackrestore

// CHECK: 200000
// CHECK-NEXT: ta-gpu-emulator: {{[0-9]+}} launches, 0 rejected

!A = !ta.handle<200000, tensor<4xf32>>
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 200000 : index
  %h, %f = ta.create %n : !A
  %v = arith.constant dense<1.0> : tensor<4xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%fi = %f) -> !ta.flow {
    %fo = ta.write %h[%i], %v, %fi : !A, tensor<4xf32>
    scf.yield %fo : !ta.flow
  }
  %size = ta.size %h, %last : !A
  %s = arith.index_cast %size : index to i64
  call @printI64(%s) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
