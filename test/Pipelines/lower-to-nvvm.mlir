// ta-lower-to-nvvm: host code in the LLVM dialect plus a gpu.binary; no ta,
// memref, scf, linalg or tensor op is left; every data movement is a kernel
// launch; buffers come from managed memory (mgpuMemAlloc with isHostShared).
// The PTX targets the chip with the PTX version it needs. Bad options are
// clean errors.
// RUN: ta-opt %s --ta-lower-to-nvvm=format=isa | FileCheck %s --implicit-check-not="{{[[:space:]]ta\.[a-z_]+}}" --implicit-check-not="memref." --implicit-check-not="scf." --implicit-check-not="linalg." --implicit-check-not="tensor." --implicit-check-not="unrealized_conversion_cast"
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa chip=sm_80" | FileCheck %s --check-prefix=SM80
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa checks=none" | FileCheck %s --check-prefix=NONE
// RUN: ta-opt %s --ta-lower-to-nvvm=format=isa | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: not ta-opt %s --ta-lower-to-nvvm=format=elf 2>&1 | FileCheck %s --check-prefix=BADFORMAT
// RUN: not ta-opt %s --ta-lower-to-nvvm=checks=bogus 2>&1 | FileCheck %s --check-prefix=BADCHECKS

// One kernel per data movement: the zero-fill of the new array's buffer,
// the write's element copy, the read's element copy; strict checks stay on
// the host.
// CHECK-LABEL: llvm.func @main()
// CHECK: llvm.call @mgpuMemAlloc(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i8) -> !llvm.ptr
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @main_kernel::@main_kernel
// CHECK: llvm.call @_ta_rt_fail
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @main_kernel_0::@main_kernel
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @main_kernel_1::@main_kernel
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.binary @main_kernel  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "{{.*}}.version 8.0\0A.target sm_90
// CHECK: gpu.binary @main_kernel_0
// CHECK: gpu.binary @main_kernel_1
// SM80: chip = "sm_80", features = "+ptx70"
// SM80-SAME: .target sm_80
// NONE-NOT: _ta_rt_fail
// NONE: gpu.launch_func
// IR-DAG: call ptr @mgpuModuleLoadJIT
// IR-DAG: call void @mgpuLaunchKernel
// BADFORMAT: for the --format option: Cannot find option named 'elf'!
// BADCHECKS: for the --checks option: Cannot find option named 'bogus'!

!A = !ta.handle<4, tensor<3xf32>>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %c4 = arith.constant 4 : index
  %i = arith.constant 2 : index
  %v = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %h, %f = ta.create %c4 {name = "a"} : !A
  %f1 = ta.write %h[%i], %v, %f : !A, tensor<3xf32>
  %r = ta.read %h[%i], %f1 : !A
  %u = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
