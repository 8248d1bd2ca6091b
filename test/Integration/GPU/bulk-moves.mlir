// Bulk moves on the GPU emulator, each checked against the CPU pipeline's
// values (TensorFlow's semantics): rows of 16 bytes moved as one vector
// (f32 x 4, i8 x 16, f64 x 2), a scatter's value that starts 4 bytes past a
// 16-byte boundary (a slice: the kernel of element accesses), and
// elements that move one by one (i1 x 3, a scalar f32).
// RUN: ta-opt %s --ta-lower-to-nvvm="format=isa emulate=1" > %t.mlir
// RUN: env TA_CUDA_DRIVER=%ta_gpu_emulator %run_gpu -e main %t.mlir | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s

// Rows k of 4k+1..4k+4 (a slice at element 1 of 0..32) scattered to slots
// 7-k, gathered in order.
// CHECK: sizes = [8, 4]
// CHECK-NEXT: [29, 30, 31, 32]
// CHECK-NEXT: [25, 26, 27, 28]
// CHECK-NEXT: [21, 22, 23, 24]
// CHECK-NEXT: [17, 18, 19, 20]
// CHECK-NEXT: [13, 14, 15, 16]
// CHECK-NEXT: [9, 10, 11, 12]
// CHECK-NEXT: [5, 6, 7, 8]
// CHECK-NEXT: [1, 2, 3, 4]
// The same rows from an aligned value (0..31 in place), gathered 2, 2, 0.
// CHECK: sizes = [3, 4]
// CHECK-NEXT: [8, 9, 10, 11]
// CHECK-NEXT: [8, 9, 10, 11]
// CHECK-NEXT: [0, 1, 2, 3]
// i8 x 16 rows: row k is k everywhere; gathered 1, 0.
// CHECK: sizes = [2, 16]
// CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// f64 x 2: slots 0 and 2 written, 1 never (zeros), gathered 2, 1, 0.
// CHECK: sizes = [3, 2]
// CHECK-NEXT: [2.5, -2.5]
// CHECK-NEXT: [0, 0]
// CHECK-NEXT: [0.5, -0.5]
// i1 x 3 (printed as i32): [1, 0, 1] and [0, 1, 1] to slots 1 and 0, gathered 0, 1.
// CHECK: sizes = [2, 3]
// CHECK-NEXT: [0, 1, 1]
// CHECK-NEXT: [1, 0, 1]
// Scalars 5, 6, 7 to slots 2, 0, 1; gathered 0, 1, 2.
// CHECK: sizes = [3]
// CHECK-NEXT: [6, 7, 5]

!F = !ta.handle<8, tensor<4xf32>>
!B = !ta.handle<2, tensor<16xi8>>
!D = !ta.handle<3, tensor<2xf64>>
!L = !ta.handle<2, tensor<3xi1>>
!S = !ta.handle<3, tensor<f32>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @main() {
  %n = arith.constant 8 : index
  %line = tensor.generate {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<33xf32>
  %tail = tensor.extract_slice %line[1] [32] [1] : tensor<33xf32> to tensor<32xf32>
  %rows = tensor.expand_shape %tail [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  %to = arith.constant dense<[7, 6, 5, 4, 3, 2, 1, 0]> : tensor<8xi32>
  %in = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi32>
  %h, %f = ta.create %n : !F
  %f1 = ta.scatter %h[%to], %rows, %f : !F, tensor<8xi32>, tensor<8x4xf32>
  %g = ta.gather %h[%in], %f1 : !F, tensor<8xi32>
  %gu = tensor.cast %g : tensor<8x4xf32> to tensor<*xf32>
  call @printMemrefF32(%gu) : (tensor<*xf32>) -> ()

  %head = tensor.extract_slice %line[0] [32] [1] : tensor<33xf32> to tensor<32xf32>
  %arows = tensor.expand_shape %head [[0, 1]] output_shape [8, 4] : tensor<32xf32> into tensor<8x4xf32>
  %h2, %f2 = ta.create %n {clear_after_read = false} : !F
  %f3 = ta.scatter %h2[%in], %arows, %f2 : !F, tensor<8xi32>, tensor<8x4xf32>
  %some = arith.constant dense<[2, 2, 0]> : tensor<3xi64>
  %g2 = ta.gather %h2[%some], %f3 : !F, tensor<3xi64>
  %g2u = tensor.cast %g2 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%g2u) : (tensor<*xf32>) -> ()

  %c2 = arith.constant 2 : index
  %bytes = arith.constant dense<[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                                 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]> : tensor<2x16xi8>
  %two = arith.constant dense<[0, 1]> : tensor<2xi32>
  %rev = arith.constant dense<[1, 0]> : tensor<2xi32>
  %hb, %fb = ta.create %c2 : !B
  %fb1 = ta.scatter %hb[%two], %bytes, %fb : !B, tensor<2xi32>, tensor<2x16xi8>
  %gb = ta.gather %hb[%rev], %fb1 : !B, tensor<2xi32>
  %gb32 = arith.extsi %gb : tensor<2x16xi8> to tensor<2x16xi32>
  %gbu = tensor.cast %gb32 : tensor<2x16xi32> to tensor<*xi32>
  call @printMemrefI32(%gbu) : (tensor<*xi32>) -> ()

  %c3 = arith.constant 3 : index
  %doubles = arith.constant dense<[[0.5, -0.5], [2.5, -2.5]]> : tensor<2x2xf64>
  %ends = arith.constant dense<[0, 2]> : tensor<2xi32>
  %hd, %fd = ta.create %c3 : !D
  %fd1 = ta.scatter %hd[%ends], %doubles, %fd : !D, tensor<2xi32>, tensor<2x2xf64>
  %down = arith.constant dense<[2, 1, 0]> : tensor<3xi32>
  %gd = ta.gather %hd[%down], %fd1 : !D, tensor<3xi32>
  %gdu = tensor.cast %gd : tensor<3x2xf64> to tensor<*xf64>
  call @printMemrefF64(%gdu) : (tensor<*xf64>) -> ()

  %bits = arith.constant dense<[[true, false, true], [false, true, true]]> : tensor<2x3xi1>
  %hl, %fl = ta.create %c2 : !L
  %fl1 = ta.scatter %hl[%rev], %bits, %fl : !L, tensor<2xi32>, tensor<2x3xi1>
  %gl = ta.gather %hl[%two], %fl1 : !L, tensor<2xi32>
  %gl32 = arith.extui %gl : tensor<2x3xi1> to tensor<2x3xi32>
  %glu = tensor.cast %gl32 : tensor<2x3xi32> to tensor<*xi32>
  call @printMemrefI32(%glu) : (tensor<*xi32>) -> ()

  %scalars = arith.constant dense<[5.0, 6.0, 7.0]> : tensor<3xf32>
  %perm = arith.constant dense<[2, 0, 1]> : tensor<3xi32>
  %up = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %hs, %fs = ta.create %c3 : !S
  %fs1 = ta.scatter %hs[%perm], %scalars, %fs : !S, tensor<3xi32>, tensor<3xf32>
  %gs = ta.gather %hs[%up], %fs1 : !S, tensor<3xi32>
  %gsu = tensor.cast %gs : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%gsu) : (tensor<*xf32>) -> ()
  return
}
