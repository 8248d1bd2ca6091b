// ta.split of values whose buffers are not a fresh tensor of their own: a
// slice of a larger tensor (its data at an offset, read in place by the
// strict split function and by checks=none's copy), a value of static
// rows (passed to the split function as [?] rows), the result of an
// scf.if (a buffer of any layout: copied to one of identity layout first),
// and, through the writes one by one, an accumulator (its writes add), in
// both checks modes; concat's lengths of arrays whose size is known only
// at run time. Expected values (reference section 1.7): split writes
// lengths[i] rows per element in order; concat reads them back joined; a
// second write into an accumulator's slot adds to it.
// The arrays' sizes are function arguments: they live on the heap, where
// strict splits call the split function and concats the concat function
// (an array in the function's frame has them written out in place).
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: grep -c "llvm.call @__ta_split_array_strict_2x2xf32" %t.strict.mlir | FileCheck %s --check-prefix=CALLS
// RUN: grep -c "llvm.call @__ta_concat_grad_strict_2x2xf32" %t.strict.mlir | FileCheck %s --check-prefix=GRADCALLS
// CALLS: {{^[6-9]$}}
// GRADCALLS: {{^1$}}
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %run_cpu -e all %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e all %t.none.mlir | FileCheck %s
// The value's shape in a message is the slice's:
// RUN: not %run_cpu -e slice_sum %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SUM

!T = !ta.handle<3, tensor<2x2xf32>>
!D = !ta.handle<?, tensor<2x2xf32>>

func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<?x2xf32>) {
  %u = tensor.cast %t : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @show_lengths(%l: tensor<?xi64>) {
  %f = arith.sitofp %l : tensor<?xi64> to tensor<?xf32>
  %u = tensor.cast %f : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Rows 0..9 of [[0, 1], [2, 3], ...]: rows 2..7 are [4, 5] .. [14, 15].
func.func @big() -> tensor<10x2xf32> {
  %big = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0],
      [8.0, 9.0], [10.0, 11.0], [12.0, 13.0], [14.0, 15.0], [16.0, 17.0],
      [18.0, 19.0]]> : tensor<10x2xf32>
  return %big : tensor<10x2xf32>
}

// CHECK:      sizes = [6, 2]
// CHECK-NEXT: {{\[}}[4,   5],
// CHECK-NEXT: [6,   7],
// CHECK-NEXT: [8,   9],
// CHECK-NEXT: [10,   11],
// CHECK-NEXT: [12,   13],
// CHECK-NEXT: [14,   15]]
func.func @slice(%n: index, %size: index) {
  %big = func.call @big() : () -> tensor<10x2xf32>
  %rows = tensor.extract_slice %big[2, 0] [%n, 2] [1, 1]
      : tensor<10x2xf32> to tensor<?x2xf32>
  %l = arith.constant dense<2> : tensor<3xi64>
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %size {name = "slice"} : !T
  %f1 = ta.split %h, %rows, %l, %f : !T, tensor<?x2xf32>, tensor<3xi64>
  %v, %vl = ta.concat %h, %f1 : !T
  %vd = tensor.cast %v : tensor<6x2xf32> to tensor<?x2xf32>
  func.call @show(%vd) : (tensor<?x2xf32>) -> ()
  return
}

// Static rows into a growable array, which grows to 2 slots; slot 1 holds
// rows 2..3 of the value.
// CHECK:      sizes = [2, 2]
// CHECK-NEXT: {{\[}}[2,   3],
// CHECK-NEXT: [6,   7]]
// Its lengths (a concat of its 2 slots; it does not clear after reads):
// CHECK:      sizes = [2]
// CHECK-NEXT: [2,  2]
func.func @static_rows() {
  %v = arith.constant dense<[[0.0, 1.0], [4.0, 5.0], [2.0, 3.0],
      [6.0, 7.0]]> : tensor<4x2xf32>
  %l = arith.constant dense<2> : tensor<2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h, %f = ta.create %c0 {name = "static", dynamic_size = true,
                             clear_after_read = false} : !D
  %f1 = ta.split %h, %v, %l, %f : !D, tensor<4x2xf32>, tensor<2xi64>
  %r = ta.read %h[%c1], %f1 : !D
  %rd = tensor.cast %r : tensor<2x2xf32> to tensor<?x2xf32>
  func.call @show(%rd) : (tensor<?x2xf32>) -> ()
  %joined, %vl = ta.concat %h, %f1 : !D
  func.call @show_lengths(%vl) : (tensor<?xi64>) -> ()
  return
}

// Rows 4..9 (the else branch): slot 1 holds rows 6..7.
// CHECK:      sizes = [2, 2]
// CHECK-NEXT: {{\[}}[12,   13],
// CHECK-NEXT: [14,   15]]
func.func @branch(%which: i1, %size: index) {
  %big = func.call @big() : () -> tensor<10x2xf32>
  %rows = scf.if %which -> tensor<6x2xf32> {
    %a = tensor.extract_slice %big[0, 0] [6, 2] [1, 1]
        : tensor<10x2xf32> to tensor<6x2xf32>
    scf.yield %a : tensor<6x2xf32>
  } else {
    %b = tensor.extract_slice %big[4, 0] [6, 2] [1, 1]
        : tensor<10x2xf32> to tensor<6x2xf32>
    scf.yield %b : tensor<6x2xf32>
  }
  %l = arith.constant dense<2> : tensor<3xi64>
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %size {name = "branch"} : !T
  %f1 = ta.split %h, %rows, %l, %f : !T, tensor<6x2xf32>, tensor<3xi64>
  %r = ta.read %h[%c1], %f1 : !T
  %rd = tensor.cast %r : tensor<2x2xf32> to tensor<?x2xf32>
  func.call @show(%rd) : (tensor<?x2xf32>) -> ()
  return
}

// Values whose buffers are not row-major: a copy into a column slice of
// a larger tensor (in place: the slice's strided buffer) and a reshape of a
// column; each is copied to an identity layout before the split reads it.
// Columns 1..2 of @big's rows 2..7 take rows [100, 101] .. [110, 111]:
// CHECK:      sizes = [6, 2]
// CHECK-NEXT: {{\[}}[100,   101],
// CHECK-NEXT: [102,   103],
// CHECK-NEXT: [104,   105],
// CHECK-NEXT: [106,   107],
// CHECK-NEXT: [108,   109],
// CHECK-NEXT: [110,   111]]
func.func @copied_into_columns(%size: index) {
  %wide = arith.constant dense<0.0> : tensor<6x4xf32>
  %src = arith.constant dense<[[100.0, 101.0], [102.0, 103.0],
      [104.0, 105.0], [106.0, 107.0], [108.0, 109.0], [110.0, 111.0]]>
      : tensor<6x2xf32>
  %cols = tensor.extract_slice %wide[0, 1] [6, 2] [1, 1]
      : tensor<6x4xf32> to tensor<6x2xf32>
  %rows = linalg.copy ins(%src : tensor<6x2xf32>)
      outs(%cols : tensor<6x2xf32>) -> tensor<6x2xf32>
  %l = arith.constant dense<2> : tensor<3xi64>
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %size {name = "columns"} : !T
  %f1 = ta.split %h, %rows, %l, %f : !T, tensor<6x2xf32>, tensor<3xi64>
  %v, %vl = ta.concat %h, %f1 : !T
  %vd = tensor.cast %v : tensor<6x2xf32> to tensor<?x2xf32>
  func.call @show(%vd) : (tensor<?x2xf32>) -> ()
  return
}

// Column 1 of @big's rows 0..7 (1, 3, .., 15) as [4, 2]: rows [1, 3] ..
// [13, 15]; slot 1 holds rows 2..3.
// CHECK:      sizes = [2, 2]
// CHECK-NEXT: {{\[}}[9,   11],
// CHECK-NEXT: [13,   15]]
func.func @reshaped_column(%size: index) {
  %big = func.call @big() : () -> tensor<10x2xf32>
  %col = tensor.extract_slice %big[0, 1] [8, 1] [1, 1]
      : tensor<10x2xf32> to tensor<8xf32>
  %rows = tensor.expand_shape %col [[0, 1]] output_shape [4, 2]
      : tensor<8xf32> into tensor<4x2xf32>
  %l = arith.constant dense<2> : tensor<2xi64>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h, %f = ta.create %size {name = "column"} : !ta.handle<2, tensor<2x2xf32>>
  %f1 = ta.split %h, %rows, %l, %f
      : !ta.handle<2, tensor<2x2xf32>>, tensor<4x2xf32>, tensor<2xi64>
  %r = ta.read %h[%c1], %f1 : !ta.handle<2, tensor<2x2xf32>>
  %rd = tensor.cast %r : tensor<2x2xf32> to tensor<?x2xf32>
  func.call @show(%rd) : (tensor<?x2xf32>) -> ()
  return
}

// A value that is also inserted into a larger tensor: empty-tensor
// elimination makes its buffer columns 0..1 of that tensor (a strided
// buffer), which the split and write copy first; [[1, 2] .. [7, 8]].
// CHECK:      sizes = [4, 2]
// CHECK-NEXT: {{\[}}[1,   2],
// CHECK-NEXT: [3,   4],
// CHECK-NEXT: [5,   6],
// CHECK-NEXT: [7,   8]]
// The write's slot, read back: the same rows.
// CHECK:      sizes = [4, 2]
// CHECK-NEXT: {{\[}}[1,   2],
// CHECK-NEXT: [3,   4],
// CHECK-NEXT: [5,   6],
// CHECK-NEXT: [7,   8]]
// The larger tensor the rows went into:
// CHECK:      sizes = [4, 8]
// CHECK-NEXT: {{\[}}[1,   2,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [3,   4,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [5,   6,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [7,   8,   0,   0,   0,   0,   0,   0]]
func.func @inserted(%size: index) {
  %x = arith.constant dense<[[1, 2], [3, 4], [5, 6], [7, 8]]> : tensor<4x2xi32>
  %out = arith.constant dense<0.0> : tensor<4x8xf32>
  %rows = arith.sitofp %x : tensor<4x2xi32> to tensor<4x2xf32>
  %l = arith.constant dense<2> : tensor<2xi64>
  %h, %f = ta.create %size {name = "inserted"} : !ta.handle<2, tensor<2x2xf32>>
  %f1 = ta.split %h, %rows, %l, %f
      : !ta.handle<2, tensor<2x2xf32>>, tensor<4x2xf32>, tensor<2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w, %wf = ta.create %c1 {name = "whole"} : !ta.handle<1, tensor<4x2xf32>>
  %wf1 = ta.write %w[%c0], %rows, %wf : !ta.handle<1, tensor<4x2xf32>>, tensor<4x2xf32>
  %o = tensor.insert_slice %rows into %out[0, 0] [4, 2] [1, 1]
      : tensor<4x2xf32> into tensor<4x8xf32>
  %v, %vl = ta.concat %h, %f1 : !ta.handle<2, tensor<2x2xf32>>
  %vd = tensor.cast %v : tensor<4x2xf32> to tensor<?x2xf32>
  func.call @show(%vd) : (tensor<?x2xf32>) -> ()
  %r = ta.read %w[%c0], %wf1 : !ta.handle<1, tensor<4x2xf32>>
  %rd = tensor.cast %r : tensor<4x2xf32> to tensor<?x2xf32>
  func.call @show(%rd) : (tensor<?x2xf32>) -> ()
  %od = tensor.cast %o : tensor<4x8xf32> to tensor<*xf32>
  call @printMemrefF32(%od) : (tensor<*xf32>) -> ()
  return
}

// A value that is a successor block's argument, passed columns 1..2 of a
// [4, 4] tensor: [[1, 2], [5, 6], [9, 10], [13, 14]].
// CHECK:      sizes = [4, 2]
// CHECK-NEXT: {{\[}}[1,   2],
// CHECK-NEXT: [5,   6],
// CHECK-NEXT: [9,   10],
// CHECK-NEXT: [13,   14]]
func.func @successor(%size: index) {
  %m = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0],
      [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]> : tensor<4x4xf32>
  %cols = tensor.extract_slice %m[0, 1] [4, 2] [1, 1]
      : tensor<4x4xf32> to tensor<4x2xf32>
  cf.br ^bb1(%cols : tensor<4x2xf32>)
^bb1(%rows: tensor<4x2xf32>):
  %l = arith.constant dense<2> : tensor<2xi64>
  %h, %f = ta.create %size {name = "successor"} : !ta.handle<2, tensor<2x2xf32>>
  %f1 = ta.split %h, %rows, %l, %f
      : !ta.handle<2, tensor<2x2xf32>>, tensor<4x2xf32>, tensor<2xi64>
  %v, %vl = ta.concat %h, %f1 : !ta.handle<2, tensor<2x2xf32>>
  %vd = tensor.cast %v : tensor<4x2xf32> to tensor<?x2xf32>
  func.call @show(%vd) : (tensor<?x2xf32>) -> ()
  return
}

// The forward array's split marks its size (3); the accumulator takes the
// slice twice: 2 * rows 2..7.
// CHECK:      sizes = [6, 2]
// CHECK-NEXT: {{\[}}[8,   10],
// CHECK-NEXT: [12,   14],
// CHECK-NEXT: [16,   18],
// CHECK-NEXT: [20,   22],
// CHECK-NEXT: [24,   26],
// CHECK-NEXT: [28,   30]]
// The accumulator's lengths: its marked size (3) times its element's dim 0.
// CHECK:      sizes = [3]
// CHECK-NEXT: [2,  2,  2]
func.func @accumulator(%n: index, %size: index) {
  %big = func.call @big() : () -> tensor<10x2xf32>
  %rows = tensor.extract_slice %big[2, 0] [%n, 2] [1, 1]
      : tensor<10x2xf32> to tensor<?x2xf32>
  %l = arith.constant dense<2> : tensor<3xi64>
  %c3 = arith.constant 3 : index
  %h, %f = ta.create %size {name = "fwd"} : !T
  %f1 = ta.split %h, %rows, %l, %f : !T, tensor<?x2xf32>, tensor<3xi64>
  %g, %gf = ta.grad %h, %f1 source "s" : !T
  %gf1 = ta.split %g, %rows, %l, %gf
      : !ta.handle<3, tensor<2x2xf32>, grad>, tensor<?x2xf32>, tensor<3xi64>
  %gf2 = ta.split %g, %rows, %l, %gf1
      : !ta.handle<3, tensor<2x2xf32>, grad>, tensor<?x2xf32>, tensor<3xi64>
  %v, %vl = ta.concat %g, %gf2 : !ta.handle<3, tensor<2x2xf32>, grad>
  func.call @show(%v) : (tensor<?x2xf32>) -> ()
  func.call @show_lengths(%vl) : (tensor<?xi64>) -> ()
  return
}

// SUM: ta runtime error: Expected sum of lengths to be equal to values.shape[0], but sum of lengths is 5 and value's shape is: [6,2]
func.func @slice_sum() {
  %c3 = arith.constant 3 : index
  %size = func.call @opaque_size(%c3) : (index) -> index
  %big = func.call @big() : () -> tensor<10x2xf32>
  %rows = tensor.extract_slice %big[2, 0] [6, 2] [1, 1]
      : tensor<10x2xf32> to tensor<6x2xf32>
  %l = arith.constant dense<[2, 2, 1]> : tensor<3xi64>
  // (Through a call: the verifier rejects constant lengths that do not
  // match the element.)
  %lengths = func.call @lengths(%l) : (tensor<3xi64>) -> tensor<?xi64>
  %h, %f = ta.create %size {name = "sum"} : !T
  %f1 = ta.split %h, %rows, %lengths, %f : !T, tensor<6x2xf32>, tensor<?xi64>
  return
}

func.func @opaque_size(%n: index) -> index attributes {llvm.noinline} {
  return %n : index
}

func.func @lengths(%l: tensor<3xi64>) -> tensor<?xi64> attributes {llvm.noinline} {
  %d = tensor.cast %l : tensor<3xi64> to tensor<?xi64>
  return %d : tensor<?xi64>
}

func.func @all() {
  %c6 = arith.constant 6 : index
  %true = arith.constant true
  %false = arith.constant false
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  func.call @slice(%c6, %c3) : (index, index) -> ()
  func.call @static_rows() : () -> ()
  func.call @branch(%false, %c3) : (i1, index) -> ()
  func.call @copied_into_columns(%c3) : (index) -> ()
  func.call @reshaped_column(%c2) : (index) -> ()
  func.call @inserted(%c2) : (index) -> ()
  func.call @successor(%c2) : (index) -> ()
  func.call @accumulator(%c6, %c3) : (index, index) -> ()
  return
}
