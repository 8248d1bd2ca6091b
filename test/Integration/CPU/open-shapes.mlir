// Arrays whose element type leaves dims open, as TensorFlow has them: each
// slot its own shape (a ragged concat returns each slot's dim 0 in
// lengths; a split with ragged lengths makes ragged slots), or one shape
// that the first write fixes (identical_element_shapes), which then gives
// unwritten slots their zeros. Both checks modes give the same values
// (the runtime keeps open arrays and checks in both). Expected values are
// TensorFlow's, worked out from its kernels (tensor_array.h).
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e open_shapes | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e open_shapes | FileCheck %s

!A = !ta.handle<?, tensor<?x2xf32>>
!B = !ta.handle<3, tensor<?xi32>>
!C = !ta.handle<3, tensor<?xf32>>
!D = !ta.handle<4, tensor<?xf32>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
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

func.func @open_shapes() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index

  // Ragged slots of a growable array: 1, 3 and 0 rows of 2.
  // CHECK: sizes = [4, 2]
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4],
  // CHECK-NEXT: [5,   6],
  // CHECK-NEXT: [7,   8]]
  // CHECK: sizes = [3]
  // CHECK-NEXT: [1,  3,  0]
  // CHECK-NEXT: 3
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[3,   4],
  // CHECK-NEXT: [5,   6],
  // CHECK-NEXT: [7,   8]]
  %h, %f = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !A
  %a = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %b = arith.constant dense<[[3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<3x2xf32>
  %e = arith.constant dense<> : tensor<0x2xf32>
  %ad = tensor.cast %a : tensor<1x2xf32> to tensor<?x2xf32>
  %bd = tensor.cast %b : tensor<3x2xf32> to tensor<?x2xf32>
  %ed = tensor.cast %e : tensor<0x2xf32> to tensor<?x2xf32>
  %f1 = ta.write %h[%c0], %ad, %f : !A, tensor<?x2xf32>
  %f2 = ta.write %h[%c1], %bd, %f1 : !A, tensor<?x2xf32>
  %f3 = ta.write %h[%c2], %ed, %f2 : !A, tensor<?x2xf32>
  %v, %l = ta.concat %h, %f3 : !A
  call @show(%v) : (tensor<?x2xf32>) -> ()
  %lu = tensor.cast %l : tensor<?xi64> to tensor<*xi64>
  call @printMemrefI64(%lu) : (tensor<*xi64>) -> ()
  %n = ta.size %h, %f3 : !A
  call @show_index(%n) : (index) -> ()
  %r = ta.read %h[%c1], %f3 : !A
  call @show(%r) : (tensor<?x2xf32>) -> ()
  ta.close %h : !A

  // A concat of no elements: the dims after the first are known, so the
  // value is [0, 2] and there are no lengths (the dims are printed).
  // CHECK-NEXT: 0
  // CHECK-NEXT: 2
  // CHECK-NEXT: 0
  %z, %zf = ta.create %c0 : !A
  %zv, %zl = ta.concat %z, %zf : !A
  %zv0 = tensor.dim %zv, %c0 : tensor<?x2xf32>
  %zv1 = tensor.dim %zv, %c1 : tensor<?x2xf32>
  %zl0 = tensor.dim %zl, %c0 : tensor<?xi64>
  call @show_index(%zv0) : (index) -> ()
  call @show_index(%zv1) : (index) -> ()
  call @show_index(%zl0) : (index) -> ()

  // A split with ragged lengths makes ragged slots (slot 1 is empty: its
  // length is printed).
  // CHECK: sizes = [4]
  // CHECK-NEXT: [12,  13,  14,  15]
  // CHECK-NEXT: 0
  // CHECK-NEXT: sizes = [2]
  // CHECK-NEXT: [10,  11]
  %sv = arith.constant dense<[10, 11, 12, 13, 14, 15]> : tensor<6xi32>
  %sl = arith.constant dense<[2, 0, 4]> : tensor<3xi64>
  %c3 = arith.constant 3 : index
  %t, %tf = ta.create %c3 : !B
  %tf1 = ta.split %t, %sv, %sl, %tf : !B, tensor<6xi32>, tensor<3xi64>
  %t2 = ta.read %t[%c2], %tf1 : !B
  %t1 = ta.read %t[%c1], %tf1 : !B
  %t0 = ta.read %t[%c0], %tf1 : !B
  %t2u = tensor.cast %t2 : tensor<?xi32> to tensor<*xi32>
  %t0u = tensor.cast %t0 : tensor<?xi32> to tensor<*xi32>
  call @printMemrefI32(%t2u) : (tensor<*xi32>) -> ()
  %t10 = tensor.dim %t1, %c0 : tensor<?xi32>
  call @show_index(%t10) : (index) -> ()
  call @printMemrefI32(%t0u) : (tensor<*xi32>) -> ()

  // identical_element_shapes: the first write fixes the shape to [2], so
  // slot 1, never written, reads as zeros of it.
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [0,   0]]
  %i, %if = ta.create %c3 {identical_element_shapes = true} : !C
  %iv = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %ivd = tensor.cast %iv : tensor<2xf32> to tensor<?xf32>
  %if1 = ta.write %i[%c0], %ivd, %if : !C, tensor<?xf32>
  %ii = arith.constant dense<[0, 1]> : tensor<2xi32>
  %ig = ta.gather %i[%ii], %if1 : !C, tensor<2xi32>
  %igu = tensor.cast %ig : tensor<2x?xf32> to tensor<*xf32>
  call @printMemrefF32(%igu) : (tensor<*xf32>) -> ()

  // A scatter of rows of a run-time length, gathered back.
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[4,   5,   6],
  // CHECK-NEXT: [1,   2,   3]]
  %c4 = arith.constant 4 : index
  %d, %df = ta.create %c4 : !D
  %rows = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %rowsd = tensor.cast %rows : tensor<2x3xf32> to tensor<2x?xf32>
  %di = arith.constant dense<[3, 1]> : tensor<2xi64>
  %df1 = ta.scatter %d[%di], %rowsd, %df : !D, tensor<2xi64>, tensor<2x?xf32>
  %dj = arith.constant dense<[1, 3]> : tensor<2xi8>
  %dg = ta.gather %d[%dj], %df1 : !D, tensor<2xi8>
  %dgu = tensor.cast %dg : tensor<2x?xf32> to tensor<*xf32>
  call @printMemrefF32(%dgu) : (tensor<*xf32>) -> ()
  return
}
