// ta-gpu-managed-memory: host buffers move to CUDA managed memory (host
// code keeps reading headers and state in place, kernels reach the data);
// deallocation is an async gpu.dealloc waited for; a constant global is
// copied into managed memory where it is used. Buffers with a memory space
// or a non-identity layout are left alone.
// RUN: ta-opt %s --ta-gpu-managed-memory | FileCheck %s

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

// CHECK-LABEL: func.func @constant
// CHECK: %[[HOST:.*]] = memref.get_global @shape : memref<3xi64>
// CHECK-NOT: ta.host_source
// CHECK: %[[COPY:.*]] = gpu.alloc host_shared () : memref<3xi64>
// CHECK: %[[W:.*]] = gpu.wait async
// CHECK: %[[C:.*]] = gpu.memcpy async [%[[W]]] %[[COPY]], %[[HOST]] : memref<3xi64>, memref<3xi64>
// CHECK: gpu.wait [%[[C]]]
// CHECK: return %[[COPY]] : memref<3xi64>
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
