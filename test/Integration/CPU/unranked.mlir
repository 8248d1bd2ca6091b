// Arrays whose element type is unranked (`tensor<*xf32>`), as TensorFlow
// makes them when no element_shape is given: each slot has a shape of its
// own, of any rank, unless identical_element_shapes lets the first write fix
// one for all; values written, scattered and split are unranked too, and
// reads, gathers and concats return unranked tensors of the shape the slots
// hold. libta_runtime keeps these arrays (as those with open dims) and
// checks in both modes, so both give the same values. Expected values are
// TensorFlow's, worked out from its kernels (tensor_array.h,
// tensor_array_ops.cc).
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e unranked | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e unranked | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e loop | FileCheck %s --check-prefix=LOOP
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e loop | FileCheck %s --check-prefix=LOOP

!U = !ta.handle<?, tensor<*xf32>>
!U2 = !ta.handle<2, tensor<*xf32>>
!U3 = !ta.handle<3, tensor<*xf32>>
!G2 = !ta.handle<2, tensor<*xf32>, grad>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @show_index(%i: index) {
  %v = arith.index_cast %i : index to i64
  call @printI64(%v) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @opaque(%m: tensor<3x2xf32>) -> tensor<3x2xf32> {
  return %m : tensor<3x2xf32>
}

func.func @show_lengths(%l: tensor<?xi64>) {
  %u = tensor.cast %l : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}

func.func @unranked() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a0 = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %b0 = arith.constant dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>
  %s0 = arith.constant dense<7.0> : tensor<f32>
  %a = tensor.cast %a0 : tensor<1x2xf32> to tensor<*xf32>
  %b = tensor.cast %b0 : tensor<2x2xf32> to tensor<*xf32>
  %s = tensor.cast %s0 : tensor<f32> to tensor<*xf32>

  // Slots of different ranks in a growable array: each reads back with its
  // own shape, a scalar too.
  // CHECK: rank = 2 offset = 0 sizes = [1, 2]
  // CHECK-NEXT: {{\[}}[1,   2]]
  // CHECK: rank = 0 offset = 0 sizes = []
  // CHECK-NEXT: [7]
  // CHECK: rank = 2 offset = 0 sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[3,   4],
  // CHECK-NEXT: [5,   6]]
  // CHECK-NEXT: 3
  %h, %f = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !U
  %f1 = ta.write %h[%c0], %a, %f : !U, tensor<*xf32>
  %f2 = ta.write %h[%c1], %b, %f1 : !U, tensor<*xf32>
  %f3 = ta.write %h[%c2], %s, %f2 : !U, tensor<*xf32>
  %r0 = ta.read %h[%c0], %f3 : !U
  call @printMemrefF32(%r0) : (tensor<*xf32>) -> ()
  %r2 = ta.read %h[%c2], %f3 : !U
  call @printMemrefF32(%r2) : (tensor<*xf32>) -> ()
  %r1 = ta.read %h[%c1], %f3 : !U
  call @printMemrefF32(%r1) : (tensor<*xf32>) -> ()
  %n = ta.size %h, %f3 : !U
  call @show_index(%n) : (index) -> ()

  // A ragged concat: [1, 2] and [2, 2] join along dim 0; lengths [1, 2].
  // Then a gather of slot 1 twice: [2, 2, 2].
  // CHECK: rank = 2 offset = 0 sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4],
  // CHECK-NEXT: [5,   6]]
  // CHECK: sizes = [2]
  // CHECK-NEXT: [1,  2]
  // CHECK: rank = 3 offset = 0 sizes = [2, 2, 2]
  // CHECK-NEXT: {{\[}}{{\[}}[3,   4],
  // CHECK-NEXT: [5,   6]],
  // CHECK-NEXT: {{\[}}[3,   4],
  // CHECK-NEXT: [5,   6]]]
  %c, %cf = ta.create %c2 {clear_after_read = false} : !U2
  %cf1 = ta.write %c[%c0], %a, %cf : !U2, tensor<*xf32>
  %cf2 = ta.write %c[%c1], %b, %cf1 : !U2, tensor<*xf32>
  %cv, %cl = ta.concat %c, %cf2 : !U2
  call @printMemrefF32(%cv) : (tensor<*xf32>) -> ()
  call @show_lengths(%cl) : (tensor<?xi64>) -> ()
  %twice = arith.constant dense<[1, 1]> : tensor<2xi32>
  %cg = ta.gather %c[%twice], %cf2 : !U2, tensor<2xi32>
  call @printMemrefF32(%cg) : (tensor<*xf32>) -> ()

  // identical_element_shapes: the first write fixes [2], so unwritten
  // slots gather as zeros of [2].
  // CHECK: rank = 2 offset = 0 sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [8,   9],
  // CHECK-NEXT: [0,   0]]
  %v0 = arith.constant dense<[8.0, 9.0]> : tensor<2xf32>
  %v = tensor.cast %v0 : tensor<2xf32> to tensor<*xf32>
  %i, %if = ta.create %c3 {identical_element_shapes = true} : !U3
  %if1 = ta.write %i[%c1], %v, %if : !U3, tensor<*xf32>
  %all = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  %ig = ta.gather %i[%all], %if1 : !U3, tensor<3xi64>
  call @printMemrefF32(%ig) : (tensor<*xf32>) -> ()

  // A strided value (a column) written unranked: its elements, not the
  // memory its view starts at (a contiguous copy is passed).
  // CHECK: rank = 2 offset = 0 sizes = [3, 1]
  // CHECK-NEXT: {{\[}}[2],
  // CHECK-NEXT: [4],
  // CHECK-NEXT: [6]]
  %m0 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %m = call @opaque(%m0) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %col = tensor.extract_slice %m[0, 1] [3, 1] [1, 1] : tensor<3x2xf32> to tensor<3x1xf32>
  %colu = tensor.cast %col : tensor<3x1xf32> to tensor<*xf32>
  %k, %kf = ta.create %c1 : !ta.handle<1, tensor<*xf32>>
  %kf1 = ta.write %k[%c0], %colu, %kf : !ta.handle<1, tensor<*xf32>>, tensor<*xf32>
  %kr = ta.read %k[%c0], %kf1 : !ta.handle<1, tensor<*xf32>>
  call @printMemrefF32(%kr) : (tensor<*xf32>) -> ()

  // A gather whose first value has no element is empty, [2, 0], and its
  // shapes are not compared (TensorFlow's kernel returns first). Its dims
  // are printed (printMemref reads an element of an empty memref).
  // CHECK: 2
  // CHECK-NEXT: 0
  %empty0 = arith.constant dense<> : tensor<0xf32>
  %empty = tensor.cast %empty0 : tensor<0xf32> to tensor<*xf32>
  %q, %qf = ta.create %c2 : !U2
  %qf1 = ta.write %q[%c0], %empty, %qf : !U2, tensor<*xf32>
  %qf2 = ta.write %q[%c1], %v, %qf1 : !U2, tensor<*xf32>
  %both = arith.constant dense<[0, 1]> : tensor<2xi32>
  %qg = ta.gather %q[%both], %qf2 : !U2, tensor<2xi32>
  %qr = tensor.cast %qg : tensor<*xf32> to tensor<?x?xf32>
  %qd0 = tensor.dim %qr, %c0 : tensor<?x?xf32>
  %qd1 = tensor.dim %qr, %c1 : tensor<?x?xf32>
  call @show_index(%qd0) : (index) -> ()
  call @show_index(%qd1) : (index) -> ()

  // An unranked value scattered: rows [1, 2, 3] to slot 1, [4, 5, 6] to
  // slot 0.
  // CHECK: rank = 1 offset = 0 sizes = [3]
  // CHECK-NEXT: [4,  5,  6]
  // CHECK: rank = 1 offset = 0 sizes = [3]
  // CHECK-NEXT: [1,  2,  3]
  %rows0 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %rows = tensor.cast %rows0 : tensor<2x3xf32> to tensor<*xf32>
  %t, %tf = ta.create %c2 : !U2
  %back = arith.constant dense<[1, 0]> : tensor<2xi32>
  %tf1 = ta.scatter %t[%back], %rows, %tf : !U2, tensor<2xi32>, tensor<*xf32>
  %t0 = ta.read %t[%c0], %tf1 : !U2
  call @printMemrefF32(%t0) : (tensor<*xf32>) -> ()
  %t1 = ta.read %t[%c1], %tf1 : !U2
  call @printMemrefF32(%t1) : (tensor<*xf32>) -> ()

  // An unranked value split with ragged lengths [2, 1]: slots [2, 2] and
  // [1, 2], read back in order, then concatenated again.
  // CHECK: rank = 2 offset = 0 sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4]]
  // CHECK: rank = 2 offset = 0 sizes = [1, 2]
  // CHECK-NEXT: {{\[}}[5,   6]]
  // CHECK: rank = 2 offset = 0 sizes = [3, 2]
  // CHECK: sizes = [2]
  // CHECK-NEXT: [2,  1]
  %sv0 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %sv = tensor.cast %sv0 : tensor<3x2xf32> to tensor<*xf32>
  %lengths = arith.constant dense<[2, 1]> : tensor<2xi64>
  %p, %pf = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !U
  %pf1 = ta.split %p, %sv, %lengths, %pf : !U, tensor<*xf32>, tensor<2xi64>
  %p0 = ta.read %p[%c0], %pf1 : !U
  call @printMemrefF32(%p0) : (tensor<*xf32>) -> ()
  %p1 = ta.read %p[%c1], %pf1 : !U
  call @printMemrefF32(%p1) : (tensor<*xf32>) -> ()
  %pv, %pl = ta.concat %p, %pf1 : !U
  call @printMemrefF32(%pv) : (tensor<*xf32>) -> ()
  call @show_lengths(%pl) : (tensor<?xi64>) -> ()

  // The gradient of an array of ragged slots [2] and [3]: writes to one
  // accumulator slot add up; the other, soft written, reads as zeros of its
  // forward shape.
  // CHECK: rank = 1 offset = 0 sizes = [2]
  // CHECK-NEXT: [11,  22]
  // CHECK: rank = 1 offset = 0 sizes = [3]
  // CHECK-NEXT: [0,  0,  0]
  %x0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y0 = arith.constant dense<[3.0, 4.0, 5.0]> : tensor<3xf32>
  %x = tensor.cast %x0 : tensor<2xf32> to tensor<*xf32>
  %y = tensor.cast %y0 : tensor<3xf32> to tensor<*xf32>
  %g, %gf = ta.create %c2 : !U2
  %gf1 = ta.write %g[%c0], %x, %gf : !U2, tensor<*xf32>
  %gf2 = ta.write %g[%c1], %y, %gf1 : !U2, tensor<*xf32>
  %acc, %af = ta.grad %g, %gf2 source "gradients" : !U2
  %d10 = arith.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %d1 = tensor.cast %d10 : tensor<2xf32> to tensor<*xf32>
  %af1 = ta.write %acc[%c0], %d1, %af : !G2, tensor<*xf32>
  %af2 = ta.write %acc[%c0], %x, %af1 : !G2, tensor<*xf32>
  %acc0 = ta.read %acc[%c0], %af2 : !G2
  call @printMemrefF32(%acc0) : (tensor<*xf32>) -> ()
  %acc1 = ta.read %acc[%c1], %af2 : !G2
  call @printMemrefF32(%acc1) : (tensor<*xf32>) -> ()

  // grad_with_shape prepends [2] to the forward slot's [2]: zeros of
  // [2, 2].
  // CHECK: rank = 2 offset = 0 sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   0]]
  %prepend = arith.constant dense<[2]> : tensor<1xi32>
  %w, %wf = ta.create %c2 : !U2
  %wf1 = ta.write %w[%c0], %x, %wf : !U2, tensor<*xf32>
  %wg, %wgf = ta.grad_with_shape %w, %wf1, %prepend source "pfor" : !U2, tensor<1xi32>
  %w0 = ta.read %wg[%c0], %wgf : !G2
  call @printMemrefF32(%w0) : (tensor<*xf32>) -> ()
  return
}

// Two million reads in a loop, each cast to a ranked type: made ranked, so
// that no unranked descriptor is put on the stack per read (a loop of them
// overflowed an 8 MB stack).
// LOOP: [2e+06,  4e+06]
func.func @loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2000000 : index
  %h, %f = ta.create %c1 {clear_after_read = false} : !ta.handle<1, tensor<*xf32>>
  %a0 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a = tensor.cast %a0 : tensor<2xf32> to tensor<*xf32>
  %f1 = ta.write %h[%c0], %a, %f : !ta.handle<1, tensor<*xf32>>, tensor<*xf32>
  %zero = arith.constant dense<0.0> : tensor<2xf32>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> tensor<2xf32> {
    %r = ta.read %h[%c0], %f1 : !ta.handle<1, tensor<*xf32>>
    %rc = tensor.cast %r : tensor<*xf32> to tensor<2xf32>
    %next = arith.addf %acc, %rc : tensor<2xf32>
    scf.yield %next : tensor<2xf32>
  }
  %u = tensor.cast %sum : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
