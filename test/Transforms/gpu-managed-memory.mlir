// ta-gpu-managed-memory: host buffers move to CUDA managed memory (host
// code keeps reading headers and state in place, kernels reach the data);
// deallocation is an async gpu.dealloc waited for; a constant global has
// one copy in managed memory for the process, made where it is first used.
// Buffers with a memory space or a non-identity layout are left alone.
// RUN: ta-opt %s --ta-gpu-managed-memory | FileCheck %s

// The globals that keep the constant's managed copy (@constant below).
// CHECK-DAG: memref.global "private" @__ta_managed.shape : memref<1xmemref<3xi64>>
// CHECK-DAG: memref.global "private" @__ta_managed_ready.shape : memref<1xi8> = dense<0>

// CHECK-LABEL: func.func @buffers
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[BUF:.*]] = gpu.alloc host_shared (%[[N]]) : memref<?xi8>
// CHECK: %[[BOX:.*]] = gpu.alloc host_shared () : memref<1xmemref<?xi8>>
// CHECK: %[[W1:.*]] = gpu.wait async
// CHECK: %[[D1:.*]] = gpu.dealloc async [%[[W1]]] %[[BUF]] : memref<?xi8>
// CHECK: gpu.wait [%[[D1]]]
// CHECK: %[[W2:.*]] = gpu.wait async
// CHECK: %[[D2:.*]] = gpu.dealloc async [%[[W2]]] %[[BOX]] : memref<1xmemref<?xi8>>
// CHECK: gpu.wait [%[[D2]]]
// CHECK: %[[SPACE:.*]] = memref.alloc() : memref<4xf32, 1>
// CHECK: memref.dealloc %[[SPACE]] : memref<4xf32, 1>
func.func @buffers(%n: index) {
  %buf = memref.alloc(%n) : memref<?xi8>
  %box = memref.alloc() : memref<1xmemref<?xi8>>
  memref.dealloc %buf : memref<?xi8>
  memref.dealloc %box : memref<1xmemref<?xi8>>
  %space = memref.alloc() : memref<4xf32, 1>
  memref.dealloc %space : memref<4xf32, 1>
  return
}

// A constant: one managed copy for the process, made on first use and kept
// in a private host global, with a byte that says it is made.
// CHECK-LABEL: func.func @constant
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i8
// CHECK: %[[SLOT:.*]] = memref.get_global @__ta_managed.shape : memref<1xmemref<3xi64>>
// CHECK: %[[READY:.*]] = memref.get_global @__ta_managed_ready.shape : memref<1xi8>
// CHECK: %[[FLAG:.*]] = memref.load %[[READY]][%[[C0]]] : memref<1xi8>
// CHECK: %[[MADE:.*]] = arith.cmpi ne, %[[FLAG]]
// CHECK: %[[NOT:.*]] = arith.xori %[[MADE]]
// CHECK: scf.if %[[NOT]] {
// CHECK: %[[HOST:.*]] = memref.get_global @shape : memref<3xi64>
// CHECK: %[[COPY:.*]] = gpu.alloc host_shared () : memref<3xi64>
// CHECK: %[[W:.*]] = gpu.wait async
// CHECK: %[[C:.*]] = gpu.memcpy async [%[[W]]] %[[COPY]], %[[HOST]] : memref<3xi64>, memref<3xi64>
// CHECK: gpu.wait [%[[C]]]
// CHECK: memref.store %[[COPY]], %[[SLOT]][%[[C0]]] : memref<1xmemref<3xi64>>
// CHECK: memref.store %[[ONE]], %[[READY]][%[[C0]]] : memref<1xi8>
// CHECK: }
// CHECK: %[[KEPT:.*]] = memref.load %[[SLOT]][%[[C0]]] : memref<1xmemref<3xi64>>
// CHECK: return %[[KEPT]] : memref<3xi64>
// CHECK-NOT: ta.host_source
memref.global "private" constant @shape : memref<3xi64> = dense<[2, 4, 8]>
func.func @constant() -> memref<3xi64> {
  %g = memref.get_global @shape : memref<3xi64>
  return %g : memref<3xi64>
}

// Managed memory is not zero when allocated: the lowering's test of whether
// a fresh buffer is (on the CPU, a mapping of libta_runtime's) is redefined
// to answer no, so that every fill of a fresh array buffer stays.
// CHECK-LABEL: func.func private @__ta_fresh_buffer_is_zero
// CHECK-SAME: (%{{.*}}: i64) -> i1
// CHECK: %[[NO:.*]] = arith.constant false
// CHECK-NEXT: return %[[NO]] : i1
func.func private @__ta_fresh_buffer_is_zero(%bytes: i64) -> i1
    attributes {llvm.linkage = #llvm.linkage<internal>} {
  %mapped = arith.constant 1073741824 : i64
  %zero = arith.cmpi uge, %bytes, %mapped : i64
  return %zero : i1
}
