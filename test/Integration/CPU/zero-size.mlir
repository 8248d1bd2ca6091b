// Elements of no values (a dim of 0: an empty batch) and zero-size
// prepends (pfor over zero iterations) are arrays like any other, as in
// TensorFlow: writes, reads, bulk ops, growth and accumulators keep the
// shapes and move no data. Both checks modes.
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e main | FileCheck %s
// Rows of a run-time count (found by ta-exec-fuzz: a value of type
// tensor<?x0x2xf32> did not compile).
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e dynamic_rows | FileCheck %s --check-prefix=ROWS
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e dynamic_rows | FileCheck %s --check-prefix=ROWS
// Strict mode keeps TensorFlow's checks on them.
// RUN: ta-opt %s --ta-lower-to-llvm | not %run_cpu -e double_write 2>&1 | FileCheck %s --check-prefix=DOUBLE

!Z = !ta.handle<3, tensor<0x2xf32>>
!D = !ta.handle<?, tensor<2x0xi32>>
!E = !ta.handle<3, tensor<2xf32>>

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()

func.func @show(%label: i64, %dims: tensor<?xindex>) {
  call @printI64(%label) : (i64) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %dims, %c0 : tensor<?xindex>
  scf.for %k = %c0 to %n step %c1 {
    %d = tensor.extract %dims[%k] : tensor<?xindex>
    %di = arith.index_cast %d : index to i64
    func.call @printComma() : () -> ()
    func.call @printI64(%di) : (i64) -> ()
  }
  call @printNewline() : () -> ()
  return
}

func.func @shape2(%label: i64, %t: tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>
  %dims = tensor.from_elements %d0, %d1 : tensor<2xindex>
  %u = tensor.cast %dims : tensor<2xindex> to tensor<?xindex>
  call @show(%label, %u) : (i64, tensor<?xindex>) -> ()
  return
}

func.func @shape3(%label: i64, %t: tensor<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %t, %c2 : tensor<?x?x?xf32>
  %dims = tensor.from_elements %d0, %d1, %d2 : tensor<3xindex>
  %u = tensor.cast %dims : tensor<3xindex> to tensor<?xindex>
  call @show(%label, %u) : (i64, tensor<?xindex>) -> ()
  return
}

// Each line: a label, then the shape (or value) it shows.
// CHECK: 1, 0, 2
// CHECK-NEXT: 2, 0, 2
// CHECK-NEXT: 3, 3
// CHECK-NEXT: 4, 2, 0, 2
// CHECK-NEXT: 5, 0, 2
// CHECK-NEXT: 6, 0, 0, 0
// CHECK-NEXT: 7, 0, 2
// CHECK-NEXT: 8, 4, 0, 2
// CHECK-NEXT: 9, 6
// CHECK-NEXT: 10, 0, 2
// CHECK-NEXT: 11, 2, 0, 2
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %empty = arith.constant dense<> : tensor<0x2xf32>
  %h, %f = ta.create %c3 {clear_after_read = false} : !Z
  %f1 = ta.write %h[%c1], %empty, %f : !Z, tensor<0x2xf32>
  // The written slot and an unwritten one read as values of shape [0, 2].
  %r1 = ta.read %h[%c1], %f1 : !Z
  %r1d = tensor.cast %r1 : tensor<0x2xf32> to tensor<?x?xf32>
  %l1 = arith.constant 1 : i64
  call @shape2(%l1, %r1d) : (i64, tensor<?x?xf32>) -> ()
  %r0 = ta.read %h[%c0], %f1 : !Z
  %r0d = tensor.cast %r0 : tensor<0x2xf32> to tensor<?x?xf32>
  %l2 = arith.constant 2 : i64
  call @shape2(%l2, %r0d) : (i64, tensor<?x?xf32>) -> ()
  %s = ta.size %h, %f1 : !Z
  %si = arith.index_cast %s : index to i64
  %sdims = tensor.from_elements %s : tensor<1xindex>
  %sdu = tensor.cast %sdims : tensor<1xindex> to tensor<?xindex>
  %l3 = arith.constant 3 : i64
  call @show(%l3, %sdu) : (i64, tensor<?xindex>) -> ()
  // Gather of slots 0 and 2: [2, 0, 2].
  %idx = arith.constant dense<[0, 2]> : tensor<2xi32>
  %g = ta.gather %h[%idx], %f1 : !Z, tensor<2xi32>
  %gd = tensor.cast %g : tensor<2x0x2xf32> to tensor<?x?x?xf32>
  %l4 = arith.constant 4 : i64
  call @shape3(%l4, %gd) : (i64, tensor<?x?x?xf32>) -> ()
  // Concat: 3 slots of 0 rows: [0, 2], lengths [0, 0, 0].
  %cv, %cl = ta.concat %h, %f1 : !Z
  %cvd = tensor.cast %cv : tensor<0x2xf32> to tensor<?x?xf32>
  %l5 = arith.constant 5 : i64
  call @shape2(%l5, %cvd) : (i64, tensor<?x?xf32>) -> ()
  %cl0 = tensor.extract %cl[%c0] : tensor<?xi64>
  %cl1 = tensor.extract %cl[%c1] : tensor<?xi64>
  %cl2 = tensor.extract %cl[%c2] : tensor<?xi64>
  %cl0i = arith.index_cast %cl0 : i64 to index
  %cl1i = arith.index_cast %cl1 : i64 to index
  %cl2i = arith.index_cast %cl2 : i64 to index
  %lens = tensor.from_elements %cl0i, %cl1i, %cl2i : tensor<3xindex>
  %lensd = tensor.cast %lens : tensor<3xindex> to tensor<?xindex>
  %l6 = arith.constant 6 : i64
  call @show(%l6, %lensd) : (i64, tensor<?xindex>) -> ()

  // Split of a [0, 2] value by lengths [0, 0, 0] into a new array, read.
  %h2, %f2 = ta.create %c3 : !Z
  %lengths = arith.constant dense<[0, 0, 0]> : tensor<3xi64>
  %f3 = ta.split %h2, %empty, %lengths, %f2 : !Z, tensor<0x2xf32>, tensor<3xi64>
  %r2 = ta.read %h2[%c2], %f3 : !Z
  %r2d = tensor.cast %r2 : tensor<0x2xf32> to tensor<?x?xf32>
  %l7 = arith.constant 7 : i64
  call @shape2(%l7, %r2d) : (i64, tensor<?x?xf32>) -> ()

  // An accumulator with shape_to_prepend [4] of [0, 2] elements.
  %p4 = arith.constant dense<[4]> : tensor<1xi32>
  %acc, %af = ta.grad_with_shape %h, %f1, %p4 source "s" : !Z, tensor<1xi32>
  %ar = ta.read %acc[%c1], %af : !ta.handle<3, tensor<4x0x2xf32>, grad>
  %ard = tensor.cast %ar : tensor<4x0x2xf32> to tensor<?x?x?xf32>
  %l8 = arith.constant 8 : i64
  call @shape3(%l8, %ard) : (i64, tensor<?x?x?xf32>) -> ()

  // A growable array of [2, 0] elements written at 5: size 6.
  %hd, %fd = ta.create %c0 {dynamic_size = true} : !D
  %ed = arith.constant dense<> : tensor<2x0xi32>
  %fd1 = ta.write %hd[%c5], %ed, %fd : !D, tensor<2x0xi32>
  %sd = ta.size %hd, %fd1 : !D
  %sdt = tensor.from_elements %sd : tensor<1xindex>
  %sdtd = tensor.cast %sdt : tensor<1xindex> to tensor<?xindex>
  %l9 = arith.constant 9 : i64
  call @show(%l9, %sdtd) : (i64, tensor<?xindex>) -> ()

  // shape_to_prepend [0] of [2] elements: an accumulator of [0, 2]
  // elements, written and read.
  %v = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %he, %fe = ta.create %c3 : !E
  %fe1 = ta.write %he[%c1], %v, %fe : !E, tensor<2xf32>
  %p0 = arith.constant dense<[0]> : tensor<1xi32>
  %ge, %gf = ta.grad_with_shape %he, %fe1, %p0 source "t" : !E, tensor<1xi32>
  %gf1 = ta.write %ge[%c1], %empty, %gf : !ta.handle<3, tensor<0x2xf32>, grad>, tensor<0x2xf32>
  %gr = ta.read %ge[%c1], %gf1 : !ta.handle<3, tensor<0x2xf32>, grad>
  %grd = tensor.cast %gr : tensor<0x2xf32> to tensor<?x?xf32>
  %l10 = arith.constant 10 : i64
  call @shape2(%l10, %grd) : (i64, tensor<?x?xf32>) -> ()
  // Its gather of the slots not read (an accumulator clears after a
  // read): [2, 0, 2].
  %others = arith.constant dense<[0, 2]> : tensor<2xi32>
  %gg = ta.gather %ge[%others], %gf1 : !ta.handle<3, tensor<0x2xf32>, grad>, tensor<2xi32>
  %ggd = tensor.cast %gg : tensor<2x0x2xf32> to tensor<?x?x?xf32>
  %l11 = arith.constant 11 : i64
  call @shape3(%l11, %ggd) : (i64, tensor<?x?x?xf32>) -> ()
  return
}

// DOUBLE: ta runtime error: TensorArray ta: Could not write to TensorArray index 1 because it has already been written to.
func.func @double_write() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %empty = arith.constant dense<> : tensor<0x2xf32>
  %h, %f = ta.create %c3 : !Z
  %f1 = ta.write %h[%c1], %empty, %f : !Z, tensor<0x2xf32>
  %f2 = ta.write %h[%c1], %empty, %f1 : !Z, tensor<0x2xf32>
  return
}

// ROWS: 3
// ROWS-NEXT: 2, 0
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}
func.func @dynamic_rows() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = func.call @opaque(%c2) : (index) -> index
  %rows = tensor.empty(%two) : tensor<?x0x2xf32>
  %indices = arith.constant dense<[2, 0]> : tensor<2xi64>
  %h, %f = ta.create %c1 {dynamic_size = true} : !ta.handle<?, tensor<0x2xf32>>
  %f1 = ta.scatter %h[%indices], %rows, %f : !ta.handle<?, tensor<0x2xf32>>, tensor<2xi64>, tensor<?x0x2xf32>
  %n = ta.size %h, %f1 : !ta.handle<?, tensor<0x2xf32>>
  %ni = arith.index_cast %n : index to i64
  call @printI64(%ni) : (i64) -> ()
  call @printNewline() : () -> ()
  %g = ta.gather %h[%indices], %f1 : !ta.handle<?, tensor<0x2xf32>>, tensor<2xi64>
  %d0 = tensor.dim %g, %c0 : tensor<2x0x2xf32>
  %d1 = tensor.dim %g, %c1 : tensor<2x0x2xf32>
  %d0i = arith.index_cast %d0 : index to i64
  %d1i = arith.index_cast %d1 : index to i64
  call @printI64(%d0i) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%d1i) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
