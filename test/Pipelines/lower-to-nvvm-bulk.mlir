// A gather's and a scatter's rows move in one kernel each, after the
// per-slot checks of all their indices on the host (bulk-moves), with
// 16-byte accesses where a row is a whole number of 16 bytes: `.v4` loads
// and stores, and no division or remainder per element (the row's length
// is a constant in the kernel: gpu-launch-sink-index-computations).
// RUN: ta-opt %s --ta-lower-to-nvvm=format=isa | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-nvvm=format=isa | sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' | FileCheck %s --check-prefix=PTX

!A = !ta.handle<?, tensor<64xf32>>

// One launch in the gather, after the loop of checks: the lazy zeroing of
// a slot never written (a kernel in that loop) and the move.
// CHECK-LABEL: llvm.func @gather64
// CHECK: llvm.call @_ta_rt_fail
// CHECK: gpu.launch_func {{.*}} @gather64_kernel::@gather64_kernel
// CHECK: gpu.launch_func {{.*}} @gather64_kernel_0::@gather64_kernel
// CHECK-NOT: gpu.launch_func
// CHECK: llvm.return
func.func @gather64(%h: !A, %idx: tensor<?xi32>, %f: !ta.flow) -> tensor<?x64xf32> {
  %g = ta.gather %h[%idx], %f : !A, tensor<?xi32>
  return %g : tensor<?x64xf32>
}

// The scatter: a kernel of 16-byte accesses where its value is aligned to
// 16 bytes, else one of 4-byte accesses; one of them runs.
// CHECK-LABEL: llvm.func @scatter64
// CHECK: llvm.call @_ta_rt_fail
// CHECK: gpu.launch_func {{.*}} @scatter64_kernel::@scatter64_kernel
// CHECK: gpu.launch_func {{.*}} @scatter64_kernel_{{[0-9]+}}::@scatter64_kernel
// CHECK-NOT: gpu.launch_func
// CHECK: llvm.return
func.func @scatter64(%h: !A, %idx: tensor<?xi32>, %v: tensor<?x64xf32>, %f: !ta.flow) -> !ta.flow {
  %s = ta.scatter %h[%idx], %v, %f : !A, tensor<?xi32>, tensor<?x64xf32>
  return %s : !ta.flow
}

// PTX-LABEL: gpu.binary @gather64_kernel_0
// PTX: .entry gather64_kernel(
// PTX-NOT: {{(div|rem)\.}}
// PTX: ld.global.v4.b32
// PTX-NOT: {{(div|rem)\.}}
// PTX: st.global.v4.b32
// PTX-NOT: {{(div|rem)\.}}
// PTX: ret;
// PTX-LABEL: gpu.binary @scatter64_kernel {{\[}}
// PTX: .entry scatter64_kernel(
// PTX-NOT: {{(div|rem)\.}}
// PTX: ld.global.v4.b32
// PTX-NOT: {{(div|rem)\.}}
// PTX: st.global.v4.b32
// PTX-NOT: {{(div|rem)\.}}
// PTX: ret;
// PTX-LABEL: gpu.binary @scatter64_kernel_{{[0-9]+}} {{\[}}
// PTX: .entry scatter64_kernel(
// PTX-NOT: {{(div|rem)\.}}
// PTX: ld.global.b32
// PTX-NOT: {{(div|rem)\.}}
// PTX: st.global.b32
// PTX-NOT: {{(div|rem)\.}}
// PTX: ret;
