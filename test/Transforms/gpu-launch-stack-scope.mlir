// ta-gpu-launch-stack-scope: every kernel launch is bracketed by a stack
// save and restore, so a launch in a loop does not grow the stack; running
// the pass twice adds no second bracket.
// RUN: ta-opt %s --ta-gpu-launch-stack-scope | FileCheck %s
// RUN: ta-opt %s --ta-gpu-launch-stack-scope --ta-gpu-launch-stack-scope | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: f32) kernel {
      gpu.return
    }
  }
  // CHECK-LABEL: func.func @launches
  // CHECK: scf.for
  // CHECK-NEXT: %[[TOP:.*]] = llvm.intr.stacksave : !llvm.ptr
  // CHECK-NEXT: gpu.launch_func @kernels::@k
  // CHECK-NEXT: llvm.intr.stackrestore %[[TOP]] : !llvm.ptr
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[TOP2:.*]] = llvm.intr.stacksave : !llvm.ptr
  // CHECK-NEXT: gpu.launch_func @kernels::@k
  // CHECK-NEXT: llvm.intr.stackrestore %[[TOP2]] : !llvm.ptr
  // CHECK-NOT: llvm.intr.stacksave
  func.func @launches(%n: index, %x: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : f32)
    }
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : f32)
    return
  }
}
