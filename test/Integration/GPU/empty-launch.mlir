// Zero-size programs through ta-lower-to-nvvm, run on ta's GPU emulator
// (libta_gpu_emulator: no GPU needed), which validates every launch the way
// CUDA does and runs the kernels' host twins (`emulate`). Every data
// movement of an empty array, an empty gather or scatter, an empty split
// and an empty concat is a kernel over an empty iteration space: the
// runtime launches none of them (CUDA rejects a grid dimension of 0 with
// CUDA_ERROR_INVALID_VALUE): the emulator counts no launch rejected. It
// answers cuModuleUnload at exit with CUDA_ERROR_DEINITIALIZED, as a real
// driver that has shut down does: the program still exits 0. Expected
// values: TensorFlow's semantics for size-0 arrays (reference 1.1-1.7):
// size 0, empty gathers and concats, lengths []. The block cache is off
// (TA_CUDA_CACHE_BYTES=0), and fresh allocations are poisoned: nothing
// relies on memory it did not write.
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa emulate=1" > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa emulate=1 checks=none" > %t.none.mlir
// RUN: env TA_CUDA_DRIVER=%ta_gpu_emulator TA_GPU_EMULATOR_REPORT=1 TA_CUDA_CACHE_BYTES=0 %run_gpu -e all %t.strict.mlir 2>&1 | FileCheck %s --check-prefixes=CHECK,EMU
// RUN: env TA_CUDA_DRIVER=%ta_gpu_emulator TA_GPU_EMULATOR_REPORT=1 TA_CUDA_CACHE_BYTES=0 %run_gpu -e all %t.none.mlir 2>&1 | FileCheck %s --check-prefixes=CHECK,EMU
// The same values on the CPU (and, through utils/gpu-bundle.sh, on a GPU).
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e all | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e all | FileCheck %s

!Z = !ta.handle<0, tensor<2xf32>>
!D = !ta.handle<?, tensor<2xf32>>

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()
// Prints the dims of an empty result (MLIR's printMemref reads element 0
// even of an empty memref).
func.func @show(%t: tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>
  %i0 = arith.index_cast %d0 : index to i64
  %i1 = arith.index_cast %d1 : index to i64
  call @printI64(%i0) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%i1) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
func.func @show1(%t: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %t, %c0 : tensor<?xf32>
  func.call @show_index(%d0) : (index) -> ()
  return
}
func.func @show_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// CHECK:      0
// CHECK-NEXT: 0, 2
// CHECK-NEXT: 0, 2
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0, 2
func.func @empty() {
  %c0 = arith.constant 0 : index
  %none = arith.constant dense<> : tensor<0xi32>
  %rows = arith.constant dense<> : tensor<0x2xf32>
  %flat = arith.constant dense<> : tensor<0xf32>
  %lengths = arith.constant dense<> : tensor<0xi64>
  %h, %f = ta.create %c0 {name = "z"} : !Z
  %f1 = ta.scatter %h[%none], %rows, %f : !Z, tensor<0xi32>, tensor<0x2xf32>
  %f2 = ta.split %h, %flat, %lengths, %f1 : !Z, tensor<0xf32>, tensor<0xi64>
  %n = ta.size %h, %f2 : !Z
  func.call @show_index(%n) : (index) -> ()
  %g = ta.gather %h[%none], %f2 : !Z, tensor<0xi32>
  %gd = tensor.cast %g : tensor<0x2xf32> to tensor<?x?xf32>
  func.call @show(%gd) : (tensor<?x?xf32>) -> ()
  %gh, %gf = ta.grad %h, %f2 source "s" : !Z
  %gg = ta.gather %gh[%none], %gf : !ta.handle<0, tensor<2xf32>, grad>, tensor<0xi32>
  %ggd = tensor.cast %gg : tensor<0x2xf32> to tensor<?x?xf32>
  func.call @show(%ggd) : (tensor<?x?xf32>) -> ()
  %v, %l = ta.concat %h, %f2 : !Z
  %vd = tensor.cast %v : tensor<0xf32> to tensor<?xf32>
  func.call @show1(%vd) : (tensor<?xf32>) -> ()
  %c0i = arith.constant 0 : index
  %ln = tensor.dim %l, %c0i : tensor<?xi64>
  func.call @show_index(%ln) : (index) -> ()
  ta.close %h : !Z
  // A growable array never written: size 0, an empty concat.
  %d, %df = ta.create %c0 {name = "d", dynamic_size = true} : !D
  %dn = ta.size %d, %df : !D
  func.call @show_index(%dn) : (index) -> ()
  %dv, %dl = ta.concat %d, %df : !D
  %dvd = tensor.expand_shape %dv [[0, 1]] output_shape [0, 2] : tensor<?xf32> into tensor<?x2xf32>
  %dvc = tensor.cast %dvd : tensor<?x2xf32> to tensor<?x?xf32>
  func.call @show(%dvc) : (tensor<?x?xf32>) -> ()
  return
}

func.func @all() {
  call @empty() : () -> ()
  return
}
// EMU-NEXT: ta-gpu-emulator: {{[0-9]+}} launches, 0 rejected
