// Gradient accumulators (ta.grad, ta.grad_with_shape), executed in both
// checks modes. Expected numbers follow TensorFlow's semantics (reference
// sections 1.0, 1.10, 1.11): one zeroed accumulator per (array, source),
// writes sum, soft-written and unwritten slots read as zeros, reads past the
// size grow it, creating a gradient locks a growable array's size.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e all %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e all %t.none.mlir | FileCheck %s
// Signed zeros: a first write of -0.0 is stored as it is, and +0.0 + -0.0
// is +0.0 (TensorFlow's sum); checks=none, without slot state, cannot tell
// a slot that holds a written +0.0 from an unwritten one and gives -0.0
// there (the departure the README states).
// RUN: %run_cpu -e signed_zeros %t.strict.mlir | FileCheck %s --check-prefix=ZERO-STRICT
// RUN: %run_cpu -e signed_zeros %t.none.mlir | FileCheck %s --check-prefix=ZERO-NONE
// ZERO-STRICT: [-0,  0]
// ZERO-STRICT: [0,  -0]
// ZERO-NONE: [-0,  0]
// ZERO-NONE: [-0,  -0]

!T = !ta.handle<3, tensor<2xf32>>
!G = !ta.handle<3, tensor<2xf32>, grad>
!D = !ta.handle<?, tensor<2xf32>>
!DG = !ta.handle<?, tensor<2xf32>, grad>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()
func.func @show(%t: tensor<2xf32>) {
  %u = tensor.cast %t : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func @show_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// Several writes to one slot sum; a soft-written slot (written in the
// forward array) and an unwritten one read as zeros; a read past the size
// returns zeros and grows the accumulator.
// CHECK-LABEL: aggregate
// CHECK: [111,  222]
// CHECK: [0,  0]
// CHECK: [0,  0]
// CHECK: 3
// CHECK: [0,  0]
// CHECK-NEXT: 6
func.func @aggregate() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %five = arith.constant dense<5.0> : tensor<2xf32>
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %c = arith.constant dense<[100.0, 200.0]> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "a"} : !T
  %f1 = ta.write %h[%c0], %five, %f : !T, tensor<2xf32>
  %f2 = ta.write %h[%c1], %five, %f1 : !T, tensor<2xf32>
  %g, %gf = ta.grad %h, %f2 source "g" : !T
  %g1 = ta.write %g[%c0], %a, %gf : !G, tensor<2xf32>
  %g2 = ta.write %g[%c0], %b, %g1 : !G, tensor<2xf32>
  %g3 = ta.write %g[%c0], %c, %g2 : !G, tensor<2xf32>
  %r0 = ta.read %g[%c0], %g3 : !G
  %r1 = ta.read %g[%c1], %g3 : !G
  %r2 = ta.read %g[%c2], %g3 : !G
  func.call @show(%r0) : (tensor<2xf32>) -> ()
  func.call @show(%r1) : (tensor<2xf32>) -> ()
  func.call @show(%r2) : (tensor<2xf32>) -> ()
  %n = ta.size %g, %g3 : !G
  func.call @show_index(%n) : (index) -> ()
  %r5 = ta.read %g[%c5], %g3 : !G
  func.call @show(%r5) : (tensor<2xf32>) -> ()
  %m = ta.size %g, %g3 : !G
  func.call @show_index(%m) : (index) -> ()
  return
}

// The first real write to a soft-written slot stores the value.
// CHECK-LABEL: soft
// CHECK: [7,  8]
func.func @soft() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant dense<1.0> : tensor<2xf32>
  %v = arith.constant dense<[7.0, 8.0]> : tensor<2xf32>
  %h, %f = ta.create %c2 {name = "b"} : !ta.handle<2, tensor<2xf32>>
  %f1 = ta.write %h[%c0], %one, %f : !ta.handle<2, tensor<2xf32>>, tensor<2xf32>
  %g, %gf = ta.grad %h, %f1 source "g" : !ta.handle<2, tensor<2xf32>>
  %g1 = ta.write %g[%c0], %v, %gf : !ta.handle<2, tensor<2xf32>, grad>, tensor<2xf32>
  %r = ta.read %g[%c0], %g1 : !ta.handle<2, tensor<2xf32>, grad>
  func.call @show(%r) : (tensor<2xf32>) -> ()
  return
}

// Adds `v` into slot `i` of the accumulator of source "a" of `h`, creating
// it in the callee: the same source is the same accumulator wherever the
// handle goes.
func.func @add_into_a(%h: !T, %f: !ta.flow, %i: index, %v: tensor<2xf32>) -> !ta.flow {
  %g, %gf = ta.grad %h, %f source "a" : !T
  %g1 = ta.write %g[%i], %v, %gf : !G, tensor<2xf32>
  return %g1 : !ta.flow
}

// Two sources are independent; the same source returns the same
// accumulator (also from another function and inside a loop).
// CHECK-LABEL: sources
// CHECK: [4,  4]
// CHECK: [2,  2]
func.func @sources() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant dense<1.0> : tensor<2xf32>
  %two = arith.constant dense<2.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "c"} : !T
  %ga, %gaf = ta.grad %h, %f source "a" : !T
  %gb, %gbf = ta.grad %h, %f source "b" : !T
  %a1 = ta.write %ga[%c0], %one, %gaf : !G, tensor<2xf32>
  %b1 = ta.write %gb[%c0], %two, %gbf : !G, tensor<2xf32>
  // Three more ones into a[0]: one through a call, two in a loop that asks
  // for the accumulator again every iteration.
  %a2 = func.call @add_into_a(%h, %a1, %c0, %one) : (!T, !ta.flow, index, tensor<2xf32>) -> !ta.flow
  %a3 = scf.for %i = %c0 to %c1 step %c1 iter_args(%fi = %a2) -> (!ta.flow) {
    %g, %gf = ta.grad %h, %fi source "a" : !T
    %w1 = ta.write %g[%c0], %one, %gf : !G, tensor<2xf32>
    %w2 = ta.write %g[%c0], %one, %w1 : !G, tensor<2xf32>
    scf.yield %w2 : !ta.flow
  }
  %ga2, %ga2f = ta.grad %h, %a3 source "a" : !T
  %ra = ta.read %ga2[%c0], %ga2f : !G
  %rb = ta.read %gb[%c0], %b1 : !G
  func.call @show(%ra) : (tensor<2xf32>) -> ()
  func.call @show(%rb) : (tensor<2xf32>) -> ()
  return
}

// grad_with_shape: accumulator elements are shape_to_prepend ++ element.
// CHECK-LABEL: with_shape
// CHECK:      [2,   3],
// CHECK-NEXT: [4,   5],
// CHECK-NEXT: [6,   7]]
// CHECK:      [0,   0],
// CHECK-NEXT: [0,   0],
// CHECK-NEXT: [0,   0]]
// CHECK: sizes = [2, 2, 2]
// CHECK-SAME: data =
// CHECK-NEXT: {{\[\[\[}}2,    2],
// CHECK-NEXT: [2,    2]],
// CHECK-NEXT: {{\[\[}}2,    2],
// CHECK-NEXT: [2,    2]]]
// CHECK: sizes = [2, 2, 2]
// CHECK-SAME: data =
// CHECK-NEXT: {{\[\[\[}}0,    0],
// CHECK-NEXT: [0,    0]],
// CHECK-NEXT: {{\[\[}}0,    0],
// CHECK-NEXT: [0,    0]]]
func.func @with_shape() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant dense<1.0> : tensor<2xf32>
  %p1 = arith.constant dense<[3]> : tensor<1xi32>
  %p2 = arith.constant dense<[2, 2]> : tensor<2xi32>
  %v = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %w = arith.constant dense<1.0> : tensor<3x2xf32>
  %x = arith.constant dense<2.0> : tensor<2x2x2xf32>
  %h, %f = ta.create %c2 {name = "d"} : !ta.handle<2, tensor<2xf32>>
  %f1 = ta.write %h[%c1], %one, %f : !ta.handle<2, tensor<2xf32>>, tensor<2xf32>
  %g, %gf = ta.grad_with_shape %h, %f1, %p1 source "s" : !ta.handle<2, tensor<2xf32>>, tensor<1xi32>
  %g1 = ta.write %g[%c0], %v, %gf : !ta.handle<2, tensor<3x2xf32>, grad>, tensor<3x2xf32>
  %g2 = ta.write %g[%c0], %w, %g1 : !ta.handle<2, tensor<3x2xf32>, grad>, tensor<3x2xf32>
  %r0 = ta.read %g[%c0], %g2 : !ta.handle<2, tensor<3x2xf32>, grad>
  %r1 = ta.read %g[%c1], %g2 : !ta.handle<2, tensor<3x2xf32>, grad>
  %u0 = tensor.cast %r0 : tensor<3x2xf32> to tensor<*xf32>
  %u1 = tensor.cast %r1 : tensor<3x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  func.call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // A two-dim prepend, under another source.
  %k, %kf = ta.grad_with_shape %h, %f1, %p2 source "t" : !ta.handle<2, tensor<2xf32>>, tensor<2xi32>
  %k1 = ta.write %k[%c0], %x, %kf : !ta.handle<2, tensor<2x2x2xf32>, grad>, tensor<2x2x2xf32>
  %q0 = ta.read %k[%c0], %k1 : !ta.handle<2, tensor<2x2x2xf32>, grad>
  %q1 = ta.read %k[%c1], %k1 : !ta.handle<2, tensor<2x2x2xf32>, grad>
  %uq0 = tensor.cast %q0 : tensor<2x2x2xf32> to tensor<*xf32>
  %uq1 = tensor.cast %q1 : tensor<2x2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uq0) : (tensor<*xf32>) -> ()
  func.call @printMemrefF32(%uq1) : (tensor<*xf32>) -> ()
  return
}

// A growable array written to size 3, then a gradient: both have size 3,
// and the forward array no longer grows (errors.mlir: write past the end).
// CHECK-LABEL: lock
// CHECK: 3
// CHECK-NEXT: 3
// CHECK: [2,  2]
func.func @lock() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant dense<1.0> : tensor<2xf32>
  %h, %f = ta.create %c0 {dynamic_size = true, name = "e"} : !D
  %fw = scf.for %i = %c0 to %c3 step %c1 iter_args(%fi = %f) -> (!ta.flow) {
    %fo = ta.write %h[%i], %one, %fi : !D, tensor<2xf32>
    scf.yield %fo : !ta.flow
  }
  %g, %gf = ta.grad %h, %fw source "g" : !D
  %n = ta.size %h, %fw : !D
  %m = ta.size %g, %gf : !DG
  func.call @show_index(%n) : (index) -> ()
  func.call @show_index(%m) : (index) -> ()
  %g1 = ta.write %g[%c1], %one, %gf : !DG, tensor<2xf32>
  %g2 = ta.write %g[%c1], %one, %g1 : !DG, tensor<2xf32>
  %r = ta.read %g[%c1], %g2 : !DG
  func.call @show(%r) : (tensor<2xf32>) -> ()
  return
}

// Bulk operations on accumulators: scatter sums duplicate indices; concat
// reads the marked size, which the forward array's split set (a forward
// array never split gives an empty concat).
// CHECK-LABEL: bulk
// CHECK:      [3,   3],
// CHECK-NEXT: [3,   3]]
// CHECK: [0,  0,  9,  9,  0,  0]
// CHECK: [2,  2,  2]
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// A gather past the size grows the accumulator to its largest index, as
// one Read per index does.
// CHECK:      [0,   0],
// CHECK-NEXT: [9,   9],
// CHECK-NEXT: [0,   0]]
// CHECK-NEXT: 7
func.func @bulk() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %nine = arith.constant dense<9.0> : tensor<2xf32>
  %idx = arith.constant dense<[1, 1, 0]> : tensor<3xi32>
  %rows = arith.constant dense<[[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]> : tensor<3x2xf32>
  %pick = arith.constant dense<[0, 1]> : tensor<2xi32>
  %flat = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %lengths = arith.constant dense<[2, 2, 2]> : tensor<3xi64>
  %h, %f = ta.create %c3 {name = "h"} : !T
  %g, %gf = ta.grad %h, %f source "g" : !T
  %g1 = ta.scatter %g[%idx], %rows, %gf : !G, tensor<3xi32>, tensor<3x2xf32>
  %v = ta.gather %g[%pick], %g1 : !G, tensor<2xi32>
  %uv = tensor.cast %v : tensor<2x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%uv) : (tensor<*xf32>) -> ()
  // Split, then concat of the gradient.
  %k, %kf = ta.create %c3 {name = "k"} : !T
  %k1 = ta.split %k, %flat, %lengths, %kf : !T, tensor<6xf32>, tensor<3xi64>
  %kg, %kgf = ta.grad %k, %k1 source "g" : !T
  %kg1 = ta.write %kg[%c1], %nine, %kgf : !G, tensor<2xf32>
  %cv, %cl = ta.concat %kg, %kg1 : !G
  %ucv = tensor.cast %cv : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ucv) : (tensor<*xf32>) -> ()
  %fl = arith.sitofp %cl : tensor<?xi64> to tensor<?xf32>
  %ufl = tensor.cast %fl : tensor<?xf32> to tensor<*xf32>
  func.call @printMemrefF32(%ufl) : (tensor<*xf32>) -> ()
  // Never split: marked size -1, nothing to concat.
  %m, %mf = ta.create %c3 {name = "m"} : !T
  %mg, %mgf = ta.grad %m, %mf source "g" : !T
  %ev, %el = ta.concat %mg, %mgf : !G
  %c0 = arith.constant 0 : index
  %evn = tensor.dim %ev, %c0 : tensor<?xf32>
  %eln = tensor.dim %el, %c0 : tensor<?xi64>
  func.call @show_index(%evn) : (index) -> ()
  func.call @show_index(%eln) : (index) -> ()
  %p, %pf = ta.create %c3 {name = "p"} : !T
  %pg, %pgf = ta.grad %p, %pf source "g" : !T
  %pg1 = ta.write %pg[%c1], %nine, %pgf : !G, tensor<2xf32>
  %far = arith.constant dense<[4, 1, 6]> : tensor<3xi32>
  %pv = ta.gather %pg[%far], %pg1 : !G, tensor<3xi32>
  %upv = tensor.cast %pv : tensor<3x2xf32> to tensor<*xf32>
  func.call @printMemrefF32(%upv) : (tensor<*xf32>) -> ()
  %pn = ta.size %pg, %pg1 : !G
  func.call @show_index(%pn) : (index) -> ()
  return
}

func.func @signed_zeros() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %five = arith.constant dense<5.0> : tensor<2xf32>
  %first = arith.constant dense<[-0.0, 0.0]> : tensor<2xf32>
  %plus = arith.constant dense<[0.0, -0.0]> : tensor<2xf32>
  %minus = arith.constant dense<-0.0> : tensor<2xf32>
  %h, %f = ta.create %c3 {name = "z"} : !T
  %f1 = ta.write %h[%c0], %five, %f : !T, tensor<2xf32>
  %g, %gf = ta.grad %h, %f1 source "g" : !T
  %g1 = ta.write %g[%c0], %first, %gf : !G, tensor<2xf32>
  %g2 = ta.write %g[%c1], %plus, %g1 : !G, tensor<2xf32>
  %g3 = ta.write %g[%c1], %minus, %g2 : !G, tensor<2xf32>
  %r0 = ta.read %g[%c0], %g3 : !G
  %r1 = ta.read %g[%c1], %g3 : !G
  func.call @show(%r0) : (tensor<2xf32>) -> ()
  func.call @show(%r1) : (tensor<2xf32>) -> ()
  return
}

func.func private @printString(!llvm.ptr)
llvm.mlir.global internal constant @label_aggregate("aggregate\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @label_soft("soft\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @label_sources("sources\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @label_with_shape("with_shape\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @label_lock("lock\0A\00") {addr_space = 0 : i32}
llvm.mlir.global internal constant @label_bulk("bulk\0A\00") {addr_space = 0 : i32}

func.func @all() {
  %a = llvm.mlir.addressof @label_aggregate : !llvm.ptr
  func.call @printString(%a) : (!llvm.ptr) -> ()
  func.call @aggregate() : () -> ()
  %b = llvm.mlir.addressof @label_soft : !llvm.ptr
  func.call @printString(%b) : (!llvm.ptr) -> ()
  func.call @soft() : () -> ()
  %c = llvm.mlir.addressof @label_sources : !llvm.ptr
  func.call @printString(%c) : (!llvm.ptr) -> ()
  func.call @sources() : () -> ()
  %d = llvm.mlir.addressof @label_with_shape : !llvm.ptr
  func.call @printString(%d) : (!llvm.ptr) -> ()
  func.call @with_shape() : () -> ()
  %e = llvm.mlir.addressof @label_lock : !llvm.ptr
  func.call @printString(%e) : (!llvm.ptr) -> ()
  func.call @lock() : () -> ()
  %f = llvm.mlir.addressof @label_bulk : !llvm.ptr
  func.call @printString(%f) : (!llvm.ptr) -> ()
  func.call @bulk() : () -> ()
  return
}
