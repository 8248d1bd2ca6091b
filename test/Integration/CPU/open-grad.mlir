// Accumulators of arrays whose element shape is open (the backward pass of
// a dynamic_rnn, whose steps have shape [?, N]): ta.grad makes the
// accumulator with the forward size and the forward slots' shapes soft
// written (TensorFlow's CopyShapesFrom), so a slot never written reads as
// zeros of its forward shape; later writes add; ta.grad_with_shape prepends
// run-time dims; a concat reads the marked size a split of the forward
// array set. Both checks modes. Expected values are TensorFlow's, worked
// out from its kernels (tensor_array.h, tensor_array_ops.cc).
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e open_grad | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e open_grad | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e wrap | FileCheck %s --check-prefix=WRAP
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e wrap | FileCheck %s --check-prefix=WRAP
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e huge_partial | FileCheck %s --check-prefix=HUGE
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e huge_partial | FileCheck %s --check-prefix=HUGE

!A = !ta.handle<2, tensor<?x2xf32>>
!G = !ta.handle<2, tensor<?x2xf32>, grad>
!P = !ta.handle<2, tensor<?x?x2xf32>, grad>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%t: tensor<?x2xf32>) {
  %u = tensor.cast %t : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @show_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// Keeps shape_to_prepend a run-time value.
func.func private @opaque(%t: tensor<1xi32>) -> tensor<1xi32> {
  return %t : tensor<1xi32>
}

func.func @open_grad() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %two = arith.constant dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>
  %oned = tensor.cast %one : tensor<1x2xf32> to tensor<?x2xf32>
  %twod = tensor.cast %two : tensor<2x2xf32> to tensor<?x2xf32>

  // Forward slots of 1 and 2 rows. The accumulator's slot 0 takes two
  // writes, which add; slot 1, never written, reads as zeros of its forward
  // shape [2, 2].
  // CHECK: sizes = [1, 2]
  // CHECK-NEXT: {{\[}}[4,   6]]
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   0]]
  %h, %f = ta.create %c2 : !A
  %f1 = ta.write %h[%c0], %oned, %f : !A, tensor<?x2xf32>
  %f2 = ta.write %h[%c1], %twod, %f1 : !A, tensor<?x2xf32>
  %g, %gf = ta.grad %h, %f2 source "gradients" : !A
  %gf1 = ta.write %g[%c0], %oned, %gf : !G, tensor<?x2xf32>
  %three = arith.constant dense<[[3.0, 4.0]]> : tensor<1x2xf32>
  %threed = tensor.cast %three : tensor<1x2xf32> to tensor<?x2xf32>
  %gf2 = ta.write %g[%c0], %threed, %gf1 : !G, tensor<?x2xf32>
  %r0 = ta.read %g[%c0], %gf2 : !G
  call @show(%r0) : (tensor<?x2xf32>) -> ()
  %r1 = ta.read %g[%c1], %gf2 : !G
  call @show(%r1) : (tensor<?x2xf32>) -> ()

  // The same source gives the same accumulator: its slots were read.
  // CHECK-NEXT: 2
  %g2, %g2f = ta.grad %h, %f2 source "gradients" : !A
  %n = ta.size %g2, %g2f : !G
  call @show_index(%n) : (index) -> ()

  // With identical_element_shapes, the first write fixes [1, 2]: an
  // accumulator read past its size grows it and reads zeros of that shape.
  // CHECK: sizes = [1, 2]
  // CHECK-NEXT: {{\[}}[0,   0]]
  // CHECK-NEXT: 4
  %i, %if = ta.create %c2 {identical_element_shapes = true} : !A
  %if1 = ta.write %i[%c0], %oned, %if : !A, tensor<?x2xf32>
  %ig, %igf = ta.grad %i, %if1 source "gradients" : !A
  %ir = ta.read %ig[%c3], %igf : !G
  call @show(%ir) : (tensor<?x2xf32>) -> ()
  %in = ta.size %ig, %igf : !G
  call @show_index(%in) : (index) -> ()

  // grad_with_shape with a run-time shape_to_prepend [3]: slot 0, soft
  // written, reads as zeros of [3] ++ [1, 2].
  // CHECK: sizes = [3, 1, 2]
  %p, %pf = ta.create %c2 : !A
  %pf1 = ta.write %p[%c0], %oned, %pf : !A, tensor<?x2xf32>
  %prepend0 = arith.constant dense<[3]> : tensor<1xi32>
  %prepend = func.call @opaque(%prepend0) : (tensor<1xi32>) -> tensor<1xi32>
  %pg, %pgf = ta.grad_with_shape %p, %pf1, %prepend source "pfor" : !A, tensor<1xi32>
  %pr = ta.read %pg[%c0], %pgf : !P
  %pru = tensor.cast %pr : tensor<?x?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%pru) : (tensor<*xf32>) -> ()

  // Split's gradient is a concat of the accumulator: the forward split
  // marked its size, 2; lengths are the slots' rows.
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4],
  // CHECK-NEXT: [5,   6]]
  // CHECK: sizes = [2]
  // CHECK-NEXT: [1,  2]
  %s, %sf = ta.create %c2 : !A
  %rows = arith.constant dense<[[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]> : tensor<3x2xf32>
  %lengths = arith.constant dense<[1, 2]> : tensor<2xi64>
  %sf1 = ta.split %s, %rows, %lengths, %sf : !A, tensor<3x2xf32>, tensor<2xi64>
  %sg, %sgf = ta.grad %s, %sf1 source "gradients" : !A
  %sgf1 = ta.write %sg[%c0], %oned, %sgf : !G, tensor<?x2xf32>
  %sgf2 = ta.write %sg[%c1], %twod, %sgf1 : !G, tensor<?x2xf32>
  %cv, %cl = ta.concat %sg, %sgf2 : !G
  call @show(%cv) : (tensor<?x2xf32>) -> ()
  %clu = tensor.cast %cl : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%clu) : (tensor<*xi64>) -> ()
  return
}

// Integer accumulators wrap, as TensorFlow's Eigen sum and the static
// lowering's arith.addi do: (2^63 - 1) + (2^63 - 1) is -2, and
// -2^63 + -4 is 2^63 - 4 (a signed overflow in the runtime's C++ before;
// found by ta-exec-fuzz under UBSan).
// WRAP: [-2,  9223372036854775804]
!I = !ta.handle<1, tensor<?xi64>>
!IG = !ta.handle<1, tensor<?xi64>, grad>
func.func @wrap() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
  %w = arith.constant dense<[9223372036854775807, -4]> : tensor<2xi64>
  %vd = tensor.cast %v : tensor<2xi64> to tensor<?xi64>
  %wd = tensor.cast %w : tensor<2xi64> to tensor<?xi64>
  %h, %f = ta.create %c1 : !I
  %g, %gf = ta.grad %h, %f source "gradients" : !I
  %g1 = ta.write %g[%c0], %vd, %gf : !IG, tensor<?xi64>
  %g2 = ta.write %g[%c0], %wd, %g1 : !IG, tensor<?xi64>
  %r = ta.read %g[%c0], %g2 : !IG
  %u = tensor.cast %r : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}

// An accumulator of partial element shape [2^31 - 1, 2^31 - 1, ?] from a
// run-time prepend: TensorFlow's PartialTensorShape counts no elements past
// the unknown dim, so it is made (the runtime's size check of fully defined
// shapes only), and a write of [2^31 - 1, 2^31 - 1, 0], no element, is
// valid: its size, 2, and the read's rows.
// HUGE: 2
// HUGE-NEXT: 2147483647
!O = !ta.handle<2, tensor<?xf32>>
!OG = !ta.handle<2, tensor<?x?x?xf32>, grad>
func.func @huge_partial() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %big = arith.constant 2147483647 : index
  %p0 = arith.constant dense<[2147483647, 2147483647]> : tensor<2xi32>
  %p = func.call @opaque_prepend(%p0) : (tensor<2xi32>) -> tensor<2xi32>
  %h, %f = ta.create %c2 : !O
  %g, %gf = ta.grad_with_shape %h, %f, %p source "gradients" : !O, tensor<2xi32>
  %e = tensor.empty(%big, %big, %c0) : tensor<?x?x?xf32>
  %g1 = ta.write %g[%c0], %e, %gf : !OG, tensor<?x?x?xf32>
  %n = ta.size %g, %g1 : !OG
  func.call @show_index(%n) : (index) -> ()
  %r = ta.read %g[%c0], %g1 : !OG
  %rows = tensor.dim %r, %c0 : tensor<?x?x?xf32>
  func.call @show_index(%rows) : (index) -> ()
  return
}

func.func private @opaque_prepend(%t: tensor<2xi32>) -> tensor<2xi32> {
  return %t : tensor<2xi32>
}

