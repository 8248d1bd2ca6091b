// What each array operation asks of the GPU, counted on ta's GPU emulator
// (TA_GPU_EMULATOR_TRACE: every launch, copy, memset, synchronization and
// allocation printed as it comes, between the program's own markers). The
// NVVM lowering today moves element data slot by slot: a write is one copy
// kernel, a gather of 8 slots is 8 (one per slot), each followed by a
// synchronization (gpu-async-region waits after every launch). The target
// of the device-resident design (issue 54) is one launch and no
// synchronization per bulk op: these counts are what it must bring down.
// Values (TensorFlow's semantics): 8 slots written with ones, gathered in
// reverse order: eight rows of ones.
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa emulate=1" > %t.mlir
// RUN: env TA_CUDA_DRIVER=%ta_gpu_emulator TA_GPU_EMULATOR_TRACE=1 %run_gpu -e main %t.mlir > %t.trace 2>&1
// RUN: FileCheck %s < %t.trace
// RUN: FileCheck %s --check-prefix=SYNC < %t.trace
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s --check-prefix=VALUES

// The writes: one launch each.
// CHECK: {{^}}1{{$}}
// CHECK-COUNT-8: [gpu] launch {{.*}} grid 1,1,1 block 256,1,1
// CHECK-NOT: [gpu] launch
// The gather: one launch per slot.
// CHECK: {{^}}2{{$}}
// CHECK-COUNT-8: [gpu] launch {{.*}} grid 1,1,1 block 256,1,1
// CHECK-NOT: [gpu] launch
// CHECK: {{^}}3{{$}}
// CHECK-NEXT: sizes = [8, 4]
// CHECK-COUNT-8: [1, 1, 1, 1]

// A synchronization after each of the gather's launches.
// SYNC: {{^}}2{{$}}
// SYNC-COUNT-8: [gpu] sync
// SYNC-NOT: [gpu] sync
// SYNC: {{^}}3{{$}}

// VALUES: sizes = [8, 4]
// VALUES-COUNT-8: [1, 1, 1, 1]

!A = !ta.handle<8, tensor<4xf32>>
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printMemrefF32(tensor<*xf32>)

func.func @mark(%k: i64) {
  call @printI64(%k) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8 : index
  %m1 = arith.constant 1 : i64
  %m2 = arith.constant 2 : i64
  %m3 = arith.constant 3 : i64
  %h, %f = ta.create %n : !A
  %v = arith.constant dense<1.0> : tensor<4xf32>
  call @mark(%m1) : (i64) -> ()
  %fl = scf.for %i = %c0 to %n step %c1 iter_args(%fi = %f) -> !ta.flow {
    %fo = ta.write %h[%i], %v, %fi : !A, tensor<4xf32>
    scf.yield %fo : !ta.flow
  }
  %idx = arith.constant dense<[7, 6, 5, 4, 3, 2, 1, 0]> : tensor<8xi32>
  call @mark(%m2) : (i64) -> ()
  %g = ta.gather %h[%idx], %fl : !A, tensor<8xi32>
  call @mark(%m3) : (i64) -> ()
  %u = tensor.cast %g : tensor<8x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
