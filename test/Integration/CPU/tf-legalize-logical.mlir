// ta-legalize-tf's logical ops, in both checks modes: tf.LogicalNot
// (autograph's loops with `break`), tf.Any and tf.All (Keras' Masking layer
// computes its mask with Any), and tf.Select (TensorFlow 1's where:
// dynamic_rnn with sequence_length picks rows of the state). Expected
// values are TensorFlow 2.21's (tf.raw_ops on this machine), bools printed
// as int32:
//   LogicalNot of [[1,0,0],[0,0,0]]: [[0,1,1],[1,1,1]];
//   Any along 1: [1,0]; along both, kept: [[1]];
//   All of [[1,1],[1,0]] along 0: [1,0]; along both: 0;
//   Any and All of an empty [0,2] along 0: [0,0] and [1,1];
//   Select of [[1,2],[3,4]] and [[5,6],[7,8]] by rows [1,0]:
//   [[1,2],[7,8]]; by [[1,0],[0,1]]: [[1,6],[7,4]]; by a scalar 0:
//   [[5,6],[7,8]].
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF32(tensor<*xf32>)


func.func @main() {
  %a = arith.constant dense<[[true, false, false], [false, false, false]]> : tensor<2x3xi1>
  %b = arith.constant dense<[[true, true], [true, false]]> : tensor<2x2xi1>
  %e = arith.constant dense<false> : tensor<0x2xi1>
  %ax0 = arith.constant dense<0> : tensor<i32>
  %ax1 = arith.constant dense<1> : tensor<i32>
  %both = arith.constant dense<[0, 1]> : tensor<2xi32>

  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: {{\[}}[0,   1,   1],
  // CHECK-NEXT: [1,   1,   1]]
  %not = "tf.LogicalNot"(%a) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  %notui = "tf.Cast"(%not) : (tensor<2x3xi1>) -> tensor<2x3xi32>
  %notu = tensor.cast %notui : tensor<2x3xi32> to tensor<*xi32>
  call @printMemrefI32(%notu) : (tensor<*xi32>) -> ()

  // CHECK: sizes = [2]
  // CHECK-NEXT: [1,  0]
  %any = "tf.Any"(%a, %ax1) <{keep_dims = false}> : (tensor<2x3xi1>, tensor<i32>) -> tensor<2xi1>
  %anyui = "tf.Cast"(%any) : (tensor<2xi1>) -> tensor<2xi32>
  %anyu = tensor.cast %anyui : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%anyu) : (tensor<*xi32>) -> ()

  // CHECK: sizes = [1, 1]
  // CHECK-NEXT: {{\[}}[1]]
  %anyk = "tf.Any"(%a, %both) <{keep_dims = true}> : (tensor<2x3xi1>, tensor<2xi32>) -> tensor<1x1xi1>
  %anykui = "tf.Cast"(%anyk) : (tensor<1x1xi1>) -> tensor<1x1xi32>
  %anyku = tensor.cast %anykui : tensor<1x1xi32> to tensor<*xi32>
  call @printMemrefI32(%anyku) : (tensor<*xi32>) -> ()

  // CHECK: sizes = [2]
  // CHECK-NEXT: [1,  0]
  %all = "tf.All"(%b, %ax0) <{keep_dims = false}> : (tensor<2x2xi1>, tensor<i32>) -> tensor<2xi1>
  %allui = "tf.Cast"(%all) : (tensor<2xi1>) -> tensor<2xi32>
  %allu = tensor.cast %allui : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%allu) : (tensor<*xi32>) -> ()

  // CHECK: rank = 0
  // CHECK-NEXT: [0]
  %allb = "tf.All"(%b, %both) <{keep_dims = false}> : (tensor<2x2xi1>, tensor<2xi32>) -> tensor<i1>
  %allbui = "tf.Cast"(%allb) : (tensor<i1>) -> tensor<i32>
  %allbu = tensor.cast %allbui : tensor<i32> to tensor<*xi32>
  call @printMemrefI32(%allbu) : (tensor<*xi32>) -> ()

  // CHECK: sizes = [2]
  // CHECK-NEXT: [0,  0]
  %anye = "tf.Any"(%e, %ax0) <{keep_dims = false}> : (tensor<0x2xi1>, tensor<i32>) -> tensor<2xi1>
  %anyeui = "tf.Cast"(%anye) : (tensor<2xi1>) -> tensor<2xi32>
  %anyeu = tensor.cast %anyeui : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%anyeu) : (tensor<*xi32>) -> ()

  // CHECK: sizes = [2]
  // CHECK-NEXT: [1,  1]
  %alle = "tf.All"(%e, %ax0) <{keep_dims = false}> : (tensor<0x2xi1>, tensor<i32>) -> tensor<2xi1>
  %alleui = "tf.Cast"(%alle) : (tensor<2xi1>) -> tensor<2xi32>
  %alleu = tensor.cast %alleui : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%alleu) : (tensor<*xi32>) -> ()

  %t = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %f = arith.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %rows = arith.constant dense<[true, false]> : tensor<2xi1>
  %diag = arith.constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  %no = arith.constant dense<false> : tensor<i1>
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [7,   8]]
  %s1 = "tf.Select"(%rows, %t, %f) : (tensor<2xi1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<*xf32>
  call @printMemrefF32(%s1) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[1,   6],
  // CHECK-NEXT: [7,   4]]
  %s2 = "tf.Select"(%diag, %t, %f) : (tensor<2x2xi1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<*xf32>
  call @printMemrefF32(%s2) : (tensor<*xf32>) -> ()
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: {{\[}}[5,   6],
  // CHECK-NEXT: [7,   8]]
  %s3 = "tf.Select"(%no, %t, %f) : (tensor<i1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<*xf32>
  call @printMemrefF32(%s3) : (tensor<*xf32>) -> ()
  return
}
