// RUN: ta-opt %s --ta-gpu-register-host-kernels -split-input-file -verify-diagnostics | FileCheck %s

// ta-gpu-register-host-kernels: the host twin (internal now) gets an entry
// of the TAHostKernel form, (void **params, const int64_t *launch), which
// loads each parameter through the address params holds for it and the six
// launch dims, and calls it; a global constructor registers the entry with
// the kernel's name and its parameters' sizes (i64: 8, ptr: 8, f32: 4,
// i8: 1), beside the module's own constructor.

// CHECK: llvm.func internal @__ta_host_k_1(
// CHECK: llvm.func @ta_host_kernel_register(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr)
// CHECK: llvm.func internal @__ta_register_host_kernels()
// CHECK-DAG: %[[NAME:.*]] = llvm.mlir.addressof @__ta_host_k_1_name
// CHECK-DAG: %[[ENTRY:.*]] = llvm.mlir.addressof @__ta_host_k_1_entry
// CHECK-DAG: %[[COUNT:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[SIZES:.*]] = llvm.mlir.addressof @__ta_host_k_1_sizes
// CHECK: llvm.call @ta_host_kernel_register(%[[NAME]], %[[ENTRY]], %[[COUNT]], %[[SIZES]])
// CHECK: llvm.func internal @__ta_host_k_1_entry(%[[PARAMS:.*]]: !llvm.ptr, %[[LAUNCH:.*]]: !llvm.ptr)
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[PARAMS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[P0:.*]] = llvm.load %[[S0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[A0:.*]] = llvm.load %[[P0]] : !llvm.ptr -> i64
// CHECK: llvm.getelementptr %[[PARAMS]][3]
// CHECK: llvm.load
// CHECK: %[[A3:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK: llvm.getelementptr %[[LAUNCH]][5] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK: %[[D5:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK: llvm.call @__ta_host_k_1(%[[A0]], %{{.*}}, %{{.*}}, %[[A3]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[D5]])
// CHECK-DAG: llvm.mlir.global private constant @__ta_host_k_1_name("k_1\00")
// CHECK-DAG: llvm.mlir.global private constant @__ta_host_k_1_sizes(dense<[8, 8, 4, 1]> : tensor<4xi32>) {{.*}} : !llvm.array<4 x i32>
// CHECK: llvm.mlir.global_ctors ctors = [@__ta_register_host_kernels, @other], priorities = [65535 : i32, 1 : i32]
module {
  llvm.func @other() {
    llvm.return
  }
  llvm.mlir.global_ctors ctors = [@other], priorities = [1 : i32], data = [#llvm.zero]
  llvm.func @__ta_host_k_1(%n: i64, %p: !llvm.ptr, %x: f32, %b: i8, %gx: i64, %gy: i64, %gz: i64, %bx: i64, %by: i64, %bz: i64) attributes {ta.host_kernel = "k_1"} {
    llvm.return
  }
}

// -----

// A module that already names something as the constructor does.
// expected-error @+1 {{has a symbol named '__ta_register_host_kernels', the name of the constructor that registers its kernels' host twins}}
module {
  llvm.func @__ta_register_host_kernels() {
    llvm.return
  }
  llvm.func @__ta_host_k(%gx: i64, %gy: i64, %gz: i64, %bx: i64, %by: i64, %bz: i64) attributes {ta.host_kernel = "k"} {
    llvm.return
  }
}

// -----

// A twin with a parameter the emulator cannot pass (a vector).
module {
  // expected-error @+1 {{takes a kernel parameter of type 'vector<4xf32>', which ta's GPU emulator does not pass}}
  llvm.func @__ta_host_k(%v: vector<4xf32>, %gx: i64, %gy: i64, %gz: i64, %bx: i64, %by: i64, %bz: i64) attributes {ta.host_kernel = "k"} {
    llvm.return
  }
}

// -----

// One with fewer parameters than a launch has dims.
module {
  // expected-error @+1 {{is no host twin of a kernel: it takes fewer than 6 parameters}}
  llvm.func @__ta_host_k(%gx: i64) attributes {ta.host_kernel = "k"} {
    llvm.return
  }
}
