// Growth in ta-lower-to-nvvm: managed memory has no realloc, so the
// pipeline expands the growth function's memref.realloc (expand-realloc)
// into a managed allocation, a copy kernel and a free of the old buffer
// (where the new size is larger); the state's shift after it is the
// runtime's, on the host, after the copy's stream is synchronized. No call
// of _ta_rt_realloc is left. (Compiled only: the growth of arrays on a GPU
// has not run since the layout became header | data | state.)
// RUN: ta-opt %s --ta-lower-to-nvvm=format=isa | FileCheck %s --implicit-check-not=_ta_rt_realloc --implicit-check-not=memref.realloc

// CHECK-LABEL: llvm.func internal @__ta_grow_strict_8(
// The copy out of the frame (FrameArrays is off in this pipeline: the
// branch is never taken).
// CHECK: llvm.call @mgpuMemAlloc(
// The state's shift (in the block both branches join, printed first).
// CHECK: llvm.call @_ta_rt_shift_bytes(
// The expanded realloc: a larger size allocates, copies and frees.
// CHECK: %[[NEW:.*]] = llvm.call @mgpuMemAlloc(
// CHECK: gpu.launch_func {{.*}} @__ta_grow_strict_8_kernel{{.*}} args({{.*}}%[[NEW]] : !llvm.ptr, %[[NEW]] : !llvm.ptr
// CHECK: llvm.call @mgpuStreamSynchronize(
// CHECK: llvm.call @mgpuMemFree(
func.func @grow(%h: !ta.handle<?, tensor<2xf32>>, %i: index, %v: tensor<2xf32>,
                %f: !ta.flow) -> !ta.flow {
  %f1 = ta.write %h[%i], %v, %f : !ta.handle<?, tensor<2xf32>>, tensor<2xf32>
  return %f1 : !ta.flow
}
