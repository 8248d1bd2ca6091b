// Launch dimensions of ta-lower-to-nvvm for arrays of 2^32 bytes (slots of
// 2^30 elements, a concat of 2^32): every kernel is a one-dimensional grid
// of at most 65535 blocks of 256 threads that strides through its
// iterations, within CUDA's limits (gridDim.x < 2^31, gridDim.y and .z <
// 2^16) at any size. Upstream's loop mapping put the long dimension of such
// a copy on gridDim.y: grid (1, 4194304, 1), which CUDA rejects.
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa" | FileCheck %s --check-prefixes=CHECK,STRICT --implicit-check-not=gpu.launch_func
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa checks=none" | FileCheck %s --check-prefixes=CHECK,NONE --implicit-check-not=gpu.launch_func

// Both checks modes: the zero-fills of the header and of the state, which
// follows the data (one block each: the data is zeroed where a read finds
// a slot never written), the splat's
// fill, the write's element copy, then the concat, which finds slots never
// written: one slot at a time, the zero-fill of such a slot and the copy;
// the copy of all slots at once (the other branch) has a grid computed at
// run time, clamped to [1, 65535] blocks (an empty copy still launches one
// block, whose loop does nothing: CUDA rejects a grid dim of 0). (The two
// modes' LLVM code places the concat's branches in a different order.)
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-DAG: %[[THREADS:.*]] = llvm.mlir.constant(256 : index) : i64
// CHECK-DAG: %[[BLOCKS:.*]] = llvm.mlir.constant(65535 : index) : i64
// CHECK: gpu.launch_func {{.*}} blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// CHECK: gpu.launch_func {{.*}} blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// CHECK: gpu.launch_func {{.*}} blocks in (%[[BLOCKS]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// CHECK: gpu.launch_func {{.*}} blocks in (%[[BLOCKS]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// STRICT: gpu.launch_func {{.*}} blocks in (%[[BLOCKS]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// STRICT: gpu.launch_func {{.*}} blocks in (%[[BLOCKS]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// CHECK: %[[CLAMP:.*]] = llvm.intr.smin(%{{.*}}, %[[BLOCKS]]) : (i64, i64) -> i64
// CHECK: %[[GRID:.*]] = llvm.intr.smax(%[[CLAMP]], %[[ONE]]) : (i64, i64) -> i64
// CHECK: gpu.launch_func {{.*}} blocks in (%[[GRID]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// NONE: gpu.launch_func {{.*}} blocks in (%[[BLOCKS]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// NONE: gpu.launch_func {{.*}} blocks in (%[[BLOCKS]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// CHECK: gpu.binary

!A = !ta.handle<4, tensor<1073741824xi8>>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %f = ta.create %c4 : !A
  %one = arith.constant 1 : i8
  %v = tensor.splat %one : tensor<1073741824xi8>
  %f1 = ta.write %h[%c0], %v, %f : !A, tensor<1073741824xi8>
  %r, %l = ta.concat %h, %f1 : !A
  return
}
