// RUN: ta-opt %s --ta-gpu-host-kernels -split-input-file -verify-diagnostics | FileCheck %s

// ta-gpu-host-kernels: the kernel is renamed after its code (its name, then
// a hash of it) and the launch follows; its host twin takes the kernel's
// arguments and the launch's grid (x, y, z) and block (x, y, z) dims and
// runs every thread of every block: blocks z, y, x, then threads z, y, x,
// the kernel's body in each with the ids and dims replaced (global_id y =
// block y * blockDim y + thread y), gpu.return a yield.

// CHECK-LABEL: gpu.module @copy_kernel
// CHECK: gpu.func @[[K:copy_kernel_[0-9A-F]+]](
// CHECK: func.func @main
// CHECK: gpu.launch_func @copy_kernel::@[[K]] blocks
// CHECK: func.func private @__ta_host_[[K]](%[[N:.*]]: index, %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[GX:.*]]: index, %[[GY:.*]]: index, %[[GZ:.*]]: index, %[[BX:.*]]: index, %[[BY:.*]]: index, %[[BZ:.*]]: index)
// CHECK-SAME: attributes {ta.host_kernel = "[[K]]"}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: scf.for %{{.*}} = %[[C0]] to %[[GZ]] step %[[C1]]
// CHECK-NEXT: scf.for %[[BLOCKY:.*]] = %[[C0]] to %[[GY]] step %[[C1]]
// CHECK-NEXT: scf.for %[[BLOCKX:.*]] = %[[C0]] to %[[GX]] step %[[C1]]
// CHECK-NEXT: scf.for %{{.*}} = %[[C0]] to %[[BZ]] step %[[C1]]
// CHECK-NEXT: scf.for %[[THREADY:.*]] = %[[C0]] to %[[BY]] step %[[C1]]
// CHECK-NEXT: scf.for %[[THREADX:.*]] = %[[C0]] to %[[BX]] step %[[C1]]
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: %[[Y0:.*]] = arith.muli %[[BLOCKY]], %[[BY]] : index
// CHECK-NEXT: %[[Y:.*]] = arith.addi %[[Y0]], %[[THREADY]] : index
// CHECK-NEXT: %[[START:.*]] = arith.addi %[[THREADX]], %[[Y]] : index
// CHECK-NEXT: %[[STEP:.*]] = arith.muli %[[BX]], %[[GX]] : index
// CHECK-NEXT: scf.for %[[I:.*]] = %[[START]] to %[[N]] step %[[STEP]] {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[A]][%[[I]]]
// CHECK-NEXT: memref.store %[[V]], %[[B]][%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield
// CHECK-NOT: gpu.
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @copy_kernel {
    gpu.func @copy_kernel(%n: index, %a: memref<?xf32>, %b: memref<?xf32>) kernel {
      %tx = gpu.thread_id x
      %bd = gpu.block_dim x
      %gd = gpu.grid_dim x
      %gy = gpu.global_id y
      %start = arith.addi %tx, %gy : index
      %step = arith.muli %bd, %gd : index
      scf.for %i = %start to %n step %step {
        %v = memref.load %a[%i] : memref<?xf32>
        memref.store %v, %b[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @main(%n: index, %a: memref<?xf32>, %b: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @copy_kernel::@copy_kernel blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%n : index, %a : memref<?xf32>, %b : memref<?xf32>)
    return
  }
}

// -----

// Two modules that outline the same kernel: one name, one twin.
// CHECK-LABEL: gpu.module @a
// CHECK: gpu.func @[[$K:k_[0-9A-F]+]]()
// CHECK-LABEL: gpu.module @b
// CHECK: gpu.func @[[$K]]()
// CHECK: func.func private @__ta_host_[[$K]](
// CHECK-NOT: func.func private @__ta_host
module attributes {gpu.container_module} {
  gpu.module @a {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  gpu.module @b {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// A kernel whose threads wait for each other has no sequential form.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{'gpu.func' op cannot run on the host: 'gpu.barrier' makes its threads depend on each other (ta's GPU emulator runs a kernel's threads one after another)}}
    gpu.func @k() kernel {
      gpu.barrier
      gpu.return
    }
  }
}

// -----

// Nor one with memory its threads share.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{'gpu.func' op cannot run on the host: it has workgroup or private memory attributions (ta's GPU emulator runs a kernel's threads one after another)}}
    gpu.func @k() workgroup(%w : memref<4xf32, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
  }
}
