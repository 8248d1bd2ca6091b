// Forward arrays that only size their gradients (DatalessArrays: every use
// of the handle a ta.grad, ta.grad_with_shape, ta.size or ta.close) are a
// header alone: no slot state, no data. Executed in both checks modes, on the
// heap (a size the lowering cannot see) and in the frame (a constant size),
// with elements under and over the lazy-zeroing size. Expected values follow
// TensorFlow's semantics (reference sections 1.10, 1.11): the accumulator
// is zeroed and sized as the forward array, writes into it sum, unwritten
// slots read as zeros.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e values %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e values %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e size_of_closed %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SIZECLOSED
// RUN: not %run_cpu -e grad_of_closed %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GRADCLOSED

!T = !ta.handle<?, tensor<4xf32>>
!G = !ta.handle<?, tensor<4xf32>, grad>
!F = !ta.handle<3, tensor<4xf32>>
!FG = !ta.handle<3, tensor<4xf32>, grad>
!L = !ta.handle<?, tensor<16xf32>>
!LG = !ta.handle<?, tensor<16xf32>, grad>
!W = !ta.handle<?, tensor<2xf32>>
!WG = !ta.handle<?, tensor<3x2xf32>, grad>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}
func.func @show(%t: tensor<*xf32>) {
  call @printMemrefF32(%t) : (tensor<*xf32>) -> ()
  return
}
func.func @show_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// Two scatters of rows [1, 2, 3, 4] to slot 2 and [10, 20, 30, 40] to slot
// 0 sum into the accumulator; slot 1 stays unwritten.
func.func @rows() -> tensor<2x4xf32> {
  %r = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [10.0, 20.0, 30.0, 40.0]]> : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// HEAP: the forward array's size 3 comes from a call, so its buffer is on
// the heap.
// CHECK-LABEL: heap
// CHECK: 3
// CHECK-NEXT: 3
// CHECK: [20,   40,   60,   80]
// CHECK-NEXT: [0,   0,   0,   0]
// CHECK-NEXT: [2,   4,   6,   8]
func.func @heap() {
  %c3 = arith.constant 3 : index
  %n = func.call @opaque(%c3) : (index) -> index
  %idx = arith.constant dense<[2, 0]> : tensor<2xi32>
  %all = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %rows = func.call @rows() : () -> tensor<2x4xf32>
  %h, %f = ta.create %n {name = "a"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %g1 = ta.scatter %g[%idx], %rows, %gf : !G, tensor<2xi32>, tensor<2x4xf32>
  %g2 = ta.scatter %g[%idx], %rows, %g1 : !G, tensor<2xi32>, tensor<2x4xf32>
  %v = ta.gather %g[%all], %g2 : !G, tensor<3xi32>
  %s = ta.size %h, %f : !T
  %gs = ta.size %g, %g2 : !G
  ta.close %g : !G
  ta.close %h : !T
  func.call @show_index(%s) : (index) -> ()
  func.call @show_index(%gs) : (index) -> ()
  %u = tensor.cast %v : tensor<3x4xf32> to tensor<*xf32>
  func.call @show(%u) : (tensor<*xf32>) -> ()
  return
}

// FRAME: the same with a constant size, the arrays in the frame.
// CHECK-LABEL: frame
// CHECK: 3
// CHECK: [20,   40,   60,   80]
// CHECK-NEXT: [0,   0,   0,   0]
// CHECK-NEXT: [2,   4,   6,   8]
func.func @frame() {
  %c3 = arith.constant 3 : index
  %idx = arith.constant dense<[2, 0]> : tensor<2xi32>
  %all = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %rows = func.call @rows() : () -> tensor<2x4xf32>
  %h, %f = ta.create %c3 {name = "a"} : !F
  %g, %gf = ta.grad %h, %f source "g" : !F
  %g1 = ta.scatter %g[%idx], %rows, %gf : !FG, tensor<2xi32>, tensor<2x4xf32>
  %g2 = ta.scatter %g[%idx], %rows, %g1 : !FG, tensor<2xi32>, tensor<2x4xf32>
  %v = ta.gather %g[%all], %g2 : !FG, tensor<3xi32>
  %s = ta.size %g, %g2 : !FG
  ta.close %h : !F
  func.call @show_index(%s) : (index) -> ()
  %u = tensor.cast %v : tensor<3x4xf32> to tensor<*xf32>
  func.call @show(%u) : (tensor<*xf32>) -> ()
  return
}

// LAZY: elements of 64 B (lazily zeroed): two writes of 1.5 to slot 1 read
// as 3, unwritten slot 0 as zeros.
// CHECK-LABEL: lazy
// CHECK: [3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3]
// CHECK: [0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
func.func @lazy() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = func.call @opaque(%c2) : (index) -> index
  %v = arith.constant dense<1.5> : tensor<16xf32>
  %h, %f = ta.create %n : !L
  %g, %gf = ta.grad %h, %f source "g" : !L
  %g1 = ta.write %g[%c1], %v, %gf : !LG, tensor<16xf32>
  %g2 = ta.write %g[%c1], %v, %g1 : !LG, tensor<16xf32>
  %r1 = ta.read %g[%c1], %g2 : !LG
  %r0 = ta.read %g[%c0], %g2 : !LG
  %u1 = tensor.cast %r1 : tensor<16xf32> to tensor<*xf32>
  %u0 = tensor.cast %r0 : tensor<16xf32> to tensor<*xf32>
  func.call @show(%u1) : (tensor<*xf32>) -> ()
  func.call @show(%u0) : (tensor<*xf32>) -> ()
  return
}

// WITH_SHAPE: ta.grad_with_shape prepends [3] to the elements of a
// dynamic_size forward array (which the gradient locks at its size, 2).
// CHECK-LABEL: with_shape
// CHECK: 2
// CHECK: [1,   2]
// CHECK-NEXT: [3,   4]
// CHECK-NEXT: [5,   6]
// CHECK: [0,   0]
// CHECK-NEXT: [0,   0]
// CHECK-NEXT: [0,   0]
func.func @with_shape() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = func.call @opaque(%c2) : (index) -> index
  %p = arith.constant dense<[3]> : tensor<1xi32>
  %v = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %h, %f = ta.create %n {dynamic_size = true} : !W
  %g, %gf = ta.grad_with_shape %h, %f, %p source "s" : !W, tensor<1xi32>
  %s = ta.size %h, %f : !W
  %g1 = ta.write %g[%c0], %v, %gf : !WG, tensor<3x2xf32>
  %r0 = ta.read %g[%c0], %g1 : !WG
  %r1 = ta.read %g[%c1], %g1 : !WG
  func.call @show_index(%s) : (index) -> ()
  %u0 = tensor.cast %r0 : tensor<3x2xf32> to tensor<*xf32>
  %u1 = tensor.cast %r1 : tensor<3x2xf32> to tensor<*xf32>
  func.call @show(%u0) : (tensor<*xf32>) -> ()
  func.call @show(%u1) : (tensor<*xf32>) -> ()
  ta.close %h : !W
  return
}

// RUNTIME_PREPEND: a run-time shape_to_prepend ([2]): libta_runtime keeps
// the accumulator, made from the forward array's header (no slot written,
// so none soft written). Slot 0 reads what was written, slot 1 zeros (its
// element shape [2, 2] is fully defined).
// CHECK-LABEL: runtime_prepend
// CHECK: 3
// CHECK: [1,   1],
// CHECK-NEXT: [2,   2]]
// CHECK: [0,   0],
// CHECK-NEXT: [0,   0]]
func.func private @opaque_shape(%t: tensor<1xi32>) -> tensor<1xi32> attributes {no_inline} {
  return %t : tensor<1xi32>
}
func.func @runtime_prepend() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = func.call @opaque(%c3) : (index) -> index
  %p0 = arith.constant dense<[2]> : tensor<1xi32>
  %p = func.call @opaque_shape(%p0) : (tensor<1xi32>) -> tensor<1xi32>
  %a0 = arith.constant dense<[[1.0, 1.0], [2.0, 2.0]]> : tensor<2x2xf32>
  %a = tensor.cast %a0 : tensor<2x2xf32> to tensor<?x2xf32>
  %h, %f = ta.create %n : !W
  %g, %gf = ta.grad_with_shape %h, %f, %p source "pfor" : !W, tensor<1xi32>
  %s = ta.size %g, %gf : !ta.handle<?, tensor<?x2xf32>, grad>
  %g1 = ta.write %g[%c0], %a, %gf : !ta.handle<?, tensor<?x2xf32>, grad>, tensor<?x2xf32>
  %r0 = ta.read %g[%c0], %g1 : !ta.handle<?, tensor<?x2xf32>, grad>
  %r1 = ta.read %g[%c1], %g1 : !ta.handle<?, tensor<?x2xf32>, grad>
  ta.close %h : !W
  func.call @show_index(%s) : (index) -> ()
  %u0 = tensor.cast %r0 : tensor<?x2xf32> to tensor<*xf32>
  %u1 = tensor.cast %r1 : tensor<?x2xf32> to tensor<*xf32>
  func.call @show(%u0) : (tensor<*xf32>) -> ()
  func.call @show(%u1) : (tensor<*xf32>) -> ()
  return
}

func.func private @printString(!llvm.ptr)
llvm.mlir.global internal constant @heap_s("heap\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @frame_s("frame\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @lazy_s("lazy\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @with_shape_s("with_shape\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @runtime_prepend_s("runtime_prepend\0A\00") {addr_space = 0 : i32}
func.func @values() {
  %a = llvm.mlir.addressof @heap_s : !llvm.ptr
  func.call @printString(%a) : (!llvm.ptr) -> ()
  func.call @heap() : () -> ()
  %b = llvm.mlir.addressof @frame_s : !llvm.ptr
  func.call @printString(%b) : (!llvm.ptr) -> ()
  func.call @frame() : () -> ()
  %c = llvm.mlir.addressof @lazy_s : !llvm.ptr
  func.call @printString(%c) : (!llvm.ptr) -> ()
  func.call @lazy() : () -> ()
  %d = llvm.mlir.addressof @with_shape_s : !llvm.ptr
  func.call @printString(%d) : (!llvm.ptr) -> ()
  func.call @with_shape() : () -> ()
  %e = llvm.mlir.addressof @runtime_prepend_s : !llvm.ptr
  func.call @printString(%e) : (!llvm.ptr) -> ()
  func.call @runtime_prepend() : () -> ()
  return
}

// SIZECLOSED: ta runtime error: TensorArray a has already been closed.
func.func @size_of_closed() {
  %c3 = arith.constant 3 : index
  %n = func.call @opaque(%c3) : (index) -> index
  %h, %f = ta.create %n {name = "a"} : !T
  ta.close %h : !T
  %s = ta.size %h, %f : !T
  return
}

// GRADCLOSED: ta runtime error: TensorArray a has already been closed.
func.func @grad_of_closed() {
  %c3 = arith.constant 3 : index
  %n = func.call @opaque(%c3) : (index) -> index
  %h, %f = ta.create %n {name = "a"} : !T
  ta.close %h : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  return
}
