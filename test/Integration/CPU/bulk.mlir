// Gather, scatter, concat and split on forward arrays, executed in both
// checks modes. Expected numbers follow TensorFlow's semantics (reference
// sections 1.4-1.7): gather and concat read (zeros for unwritten slots),
// scatter writes in index order, split writes lengths[i] rows per element
// and marks the size, growable arrays grow to the largest index.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e all %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e all %t.none.mlir | FileCheck %s

!T = !ta.handle<3, tensor<2xf32>>
!D = !ta.handle<?, tensor<2xf32>>
!M = !ta.handle<2, tensor<2x3xi32>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printI64(i64)
func.func private @printNewline()
func.func @show(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @show1(%t: tensor<?xf32>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @show_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// CHECK-LABEL: scatter_gather_concat
// CHECK:      [3,   4],
// CHECK-NEXT: [1,   2],
// CHECK-NEXT: [0,   0]]
// CHECK: [3,  4,  0,  0,  1,  2]
// CHECK: [2,  2,  2]
func.func @scatter_gather_concat() {
  %c3 = arith.constant 3 : index
  %idx = arith.constant dense<[2, 0]> : tensor<2xi32>
  %rows = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %pick = arith.constant dense<[0, 2, 1]> : tensor<3xi64>
  %h, %f = ta.create %c3 {name = "f", clear_after_read = false} : !T
  %f1 = ta.scatter %h[%idx], %rows, %f : !T, tensor<2xi32>, tensor<2x2xf32>
  %g = ta.gather %h[%pick], %f1 : !T, tensor<3xi64>
  %gd = tensor.cast %g : tensor<3x2xf32> to tensor<?x?xf32>
  func.call @show(%gd) : (tensor<?x?xf32>) -> ()
  %v, %l = ta.concat %h, %f1 : !T
  %vd = tensor.cast %v : tensor<6xf32> to tensor<?xf32>
  func.call @show1(%vd) : (tensor<?xf32>) -> ()
  %lf = arith.sitofp %l : tensor<?xi64> to tensor<?xf32>
  func.call @show1(%lf) : (tensor<?xf32>) -> ()
  return
}

// Split into a growable array (it grows to len(lengths)), read back; a
// value of less static type is checked at run time and then used.
// CHECK-LABEL: split
// CHECK: 3
// CHECK: [1,  2]
// CHECK: [3,  4]
// CHECK: [5,  6]
func.func @split(%flat: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %lengths = arith.constant dense<[2, 2, 2]> : tensor<3xi64>
  %h, %f = ta.create %c0 {name = "s", dynamic_size = true} : !D
  %f1 = ta.split %h, %flat, %lengths, %f : !D, tensor<?xf32>, tensor<3xi64>
  %n = ta.size %h, %f1 : !D
  func.call @show_index(%n) : (index) -> ()
  %r0 = ta.read %h[%c0], %f1 : !D
  %r1 = ta.read %h[%c1], %f1 : !D
  %r2 = ta.read %h[%c2], %f1 : !D
  %d0 = tensor.cast %r0 : tensor<2xf32> to tensor<?xf32>
  %d1 = tensor.cast %r1 : tensor<2xf32> to tensor<?xf32>
  %d2 = tensor.cast %r2 : tensor<2xf32> to tensor<?xf32>
  func.call @show1(%d0) : (tensor<?xf32>) -> ()
  func.call @show1(%d1) : (tensor<?xf32>) -> ()
  func.call @show1(%d2) : (tensor<?xf32>) -> ()
  return
}

// Scatter into a growable array grows it to the largest index + 1; 2-D
// integer elements concat along their dim 0.
// CHECK-LABEL: grow_and_matrices
// CHECK: 5
// CHECK:      [1,   2,   3],
// CHECK-NEXT: [4,   5,   6],
// CHECK-NEXT: [7,   8,   9],
// CHECK-NEXT: [10,   11,   12]]
// CHECK: [2,  2]
func.func @grow_and_matrices() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %idx = arith.constant dense<[4, 1]> : tensor<2xi32>
  %rows = arith.constant dense<1.0> : tensor<2x2xf32>
  %h, %f = ta.create %c0 {name = "n", dynamic_size = true} : !D
  %f1 = ta.scatter %h[%idx], %rows, %f : !D, tensor<2xi32>, tensor<2x2xf32>
  %n = ta.size %h, %f1 : !D
  func.call @show_index(%n) : (index) -> ()
  %ms = arith.constant dense<[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]> : tensor<2x2x3xi32>
  %all = arith.constant dense<[0, 1]> : tensor<2xi32>
  %m, %mf = ta.create %c2 {name = "mats"} : !M
  %m1 = ta.scatter %m[%all], %ms, %mf : !M, tensor<2xi32>, tensor<2x2x3xi32>
  %v, %l = ta.concat %m, %m1 : !M
  %uv = tensor.cast %v : tensor<4x3xi32> to tensor<*xi32>
  func.call @printMemrefI32(%uv) : (tensor<*xi32>) -> ()
  %lf = arith.sitofp %l : tensor<?xi64> to tensor<?xf32>
  func.call @show1(%lf) : (tensor<?xf32>) -> ()
  return
}

// Zero-size gather and concat give empty results (element shapes are
// static, so TensorFlow's "not fully defined" error cannot arise).
// CHECK-LABEL: empty
// CHECK: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
func.func @empty() {
  %c0 = arith.constant 0 : index
  %none = arith.constant dense<> : tensor<0xi32>
  %h, %f = ta.create %c0 {name = "z"} : !ta.handle<0, tensor<2xf32>>
  %g = ta.gather %h[%none], %f : !ta.handle<0, tensor<2xf32>>, tensor<0xi32>
  %v, %l = ta.concat %h, %f : !ta.handle<0, tensor<2xf32>>
  %gn = tensor.dim %g, %c0 : tensor<0x2xf32>
  %vn = tensor.dim %v, %c0 : tensor<0xf32>
  %ln = tensor.dim %l, %c0 : tensor<?xi64>
  func.call @show_index(%gn) : (index) -> ()
  func.call @show_index(%vn) : (index) -> ()
  func.call @show_index(%ln) : (index) -> ()
  return
}

func.func private @printString(!llvm.ptr)
llvm.mlir.global internal constant @l1("scatter_gather_concat\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @l2("split\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @l3("grow_and_matrices\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @l4("empty\0A\00") {addr_space = 0 : i32}

func.func @all() {
  %a = llvm.mlir.addressof @l1 : !llvm.ptr
  func.call @printString(%a) : (!llvm.ptr) -> ()
  func.call @scatter_gather_concat() : () -> ()
  %b = llvm.mlir.addressof @l2 : !llvm.ptr
  func.call @printString(%b) : (!llvm.ptr) -> ()
  %flat = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %fd = tensor.cast %flat : tensor<6xf32> to tensor<?xf32>
  func.call @split(%fd) : (tensor<?xf32>) -> ()
  %c = llvm.mlir.addressof @l3 : !llvm.ptr
  func.call @printString(%c) : (!llvm.ptr) -> ()
  func.call @grow_and_matrices() : () -> ()
  %d = llvm.mlir.addressof @l4 : !llvm.ptr
  func.call @printString(%d) : (!llvm.ptr) -> ()
  func.call @empty() : () -> ()
  return
}
