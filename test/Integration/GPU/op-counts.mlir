// What each array operation asks of the GPU, counted on ta's GPU emulator
// (TA_GPU_EMULATOR_TRACE: every launch, copy, memset, synchronization and
// allocation printed as it comes, between the program's own markers). The
// NVVM lowering moves a bulk op's rows in one kernel after the per-slot
// checks and state updates of all its indices (bulk-moves): a write is one
// copy kernel, a gather of 8 slots one, a scatter of 8 rows one. What
// gpu-async-region still adds: a synchronization after each launch before
// the next host operation that may touch memory (the loop's next write, the
// gather's marker call, whose result the host then prints).
// Values (TensorFlow's semantics): 8 slots written with ones, gathered in
// reverse order: eight rows of ones; rows 0..7 of 10 * (k + 1) scattered
// to slots 7..0 of a second array and gathered in order: rows 80, 70, ...
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa emulate=1" > %t.mlir
// RUN: env TA_CUDA_DRIVER=%ta_gpu_emulator TA_GPU_EMULATOR_TRACE=1 %run_gpu -e main %t.mlir > %t.trace 2>&1
// RUN: FileCheck %s < %t.trace
// RUN: FileCheck %s --check-prefix=SYNC < %t.trace
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s --check-prefix=VALUES

// The writes: one launch each.
// CHECK: {{^}}1{{$}}
// CHECK-COUNT-8: [gpu] launch {{.*}} grid 1,1,1 block 256,1,1
// CHECK-NOT: [gpu] launch
// The gather: one launch for its 8 slots.
// CHECK: {{^}}2{{$}}
// CHECK: [gpu] launch {{.*}} grid 1,1,1 block 256,1,1
// CHECK-NOT: [gpu] launch
// CHECK: {{^}}3{{$}}
// CHECK-NEXT: sizes = [8, 4]
// CHECK-COUNT-8: [1, 1, 1, 1]
// The scatter: one launch for its 8 rows (and the gather after it one).
// CHECK: {{^}}4{{$}}
// CHECK: [gpu] launch
// CHECK-NOT: [gpu] launch
// CHECK: {{^}}5{{$}}
// CHECK: [gpu] launch
// CHECK-NOT: [gpu] launch
// CHECK: {{^}}6{{$}}
// CHECK-NEXT: sizes = [8, 4]
// CHECK-NEXT: [80, 80, 80, 80]
// CHECK-NEXT: [70, 70, 70, 70]
// CHECK-NEXT: [60, 60, 60, 60]
// CHECK-NEXT: [50, 50, 50, 50]
// CHECK-NEXT: [40, 40, 40, 40]
// CHECK-NEXT: [30, 30, 30, 30]
// CHECK-NEXT: [20, 20, 20, 20]
// CHECK-NEXT: [10, 10, 10, 10]

// One synchronization for the gather, whose result the host reads.
// SYNC: {{^}}2{{$}}
// SYNC-NOT: [gpu] sync
// SYNC: [gpu] launch
// SYNC-NEXT: [gpu] sync
// SYNC-NEXT: {{^}}3{{$}}

// VALUES: sizes = [8, 4]
// VALUES-COUNT-8: [1, 1, 1, 1]
// VALUES: sizes = [8, 4]
// VALUES-NEXT: [80, 80, 80, 80]
// VALUES-NEXT: [70, 70, 70, 70]
// VALUES-NEXT: [60, 60, 60, 60]
// VALUES-NEXT: [50, 50, 50, 50]
// VALUES-NEXT: [40, 40, 40, 40]
// VALUES-NEXT: [30, 30, 30, 30]
// VALUES-NEXT: [20, 20, 20, 20]
// VALUES-NEXT: [10, 10, 10, 10]

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
  %m4 = arith.constant 4 : i64
  %m5 = arith.constant 5 : i64
  %m6 = arith.constant 6 : i64
  %rows = arith.constant dense<[[10.0, 10.0, 10.0, 10.0], [20.0, 20.0, 20.0, 20.0],
                                [30.0, 30.0, 30.0, 30.0], [40.0, 40.0, 40.0, 40.0],
                                [50.0, 50.0, 50.0, 50.0], [60.0, 60.0, 60.0, 60.0],
                                [70.0, 70.0, 70.0, 70.0], [80.0, 80.0, 80.0, 80.0]]>
      : tensor<8x4xf32>
  %h2, %f2 = ta.create %n : !A
  call @mark(%m4) : (i64) -> ()
  %s2 = ta.scatter %h2[%idx], %rows, %f2 : !A, tensor<8xi32>, tensor<8x4xf32>
  call @mark(%m5) : (i64) -> ()
  %in = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi32>
  %g2 = ta.gather %h2[%in], %s2 : !A, tensor<8xi32>
  call @mark(%m6) : (i64) -> ()
  %u2 = tensor.cast %g2 : tensor<8x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}
