// tf.TopKV2 (tf.math.top_k, tf.sort), in both checks modes. Expected values
// are TensorFlow 2.21's (tf.math.top_k on this machine):
//   top_k([[1,3,3,2,-0,0,7],[5,5,5,1,2,-inf,inf]], 4): values
//   [[7,3,3,2],[inf,5,5,5]], indices [[6,1,2,3],[6,0,1,2]] (equal values
//   in the order of their indices);
//   top_k of [[0,-0,0]] with k = 3: [0,-0,0] at [0,1,2];
//   top_k of int32 [4,-1,4,9] (a vector) with k = 2: [9,4] at [3,0];
//   with k = 0: empty.
//
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @rows(%x: tensor<2x7xf32>) {
  %k = arith.constant dense<4> : tensor<i32>
  %v, %i = "tf.TopKV2"(%x, %k) {sorted = true} : (tensor<2x7xf32>, tensor<i32>) -> (tensor<2x4xf32>, tensor<2x4xi32>)
  %vu = tensor.cast %v : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%vu) : (tensor<*xf32>) -> ()
  %iu = tensor.cast %i : tensor<2x4xi32> to tensor<*xi32>
  call @printMemrefI32(%iu) : (tensor<*xi32>) -> ()
  return
}

func.func @zeros(%x: tensor<1x3xf32>) {
  %k = arith.constant dense<3> : tensor<i32>
  %v, %i = "tf.TopKV2"(%x, %k) : (tensor<1x3xf32>, tensor<i32>) -> (tensor<1x3xf32>, tensor<1x3xi32>)
  // The signs of the values: 1 / v is +inf or -inf.
  %one = arith.constant dense<1.0> : tensor<1x3xf32>
  %r = "tf.RealDiv"(%one, %v) : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  %ru = tensor.cast %r : tensor<1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %iu = tensor.cast %i : tensor<1x3xi32> to tensor<*xi32>
  call @printMemrefI32(%iu) : (tensor<*xi32>) -> ()
  return
}

func.func @vector(%x: tensor<4xi32>) {
  %k = arith.constant dense<2> : tensor<i32>
  %v, %i = "tf.TopKV2"(%x, %k) : (tensor<4xi32>, tensor<i32>) -> (tensor<2xi32>, tensor<2xi32>)
  %vu = tensor.cast %v : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%vu) : (tensor<*xi32>) -> ()
  %iu = tensor.cast %i : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%iu) : (tensor<*xi32>) -> ()
  %k0 = arith.constant dense<0> : tensor<i32>
  %v0, %i0 = "tf.TopKV2"(%x, %k0) : (tensor<4xi32>, tensor<i32>) -> (tensor<0xi32>, tensor<0xi32>)
  %v0u = tensor.cast %v0 : tensor<0xi32> to tensor<*xi32>
  call @printMemrefI32(%v0u) : (tensor<*xi32>) -> ()
  return
}

func.func @main() {
  // CHECK: {{\[}}[7,   3,   3,   2],
  // CHECK-NEXT: [inf,   5,   5,   5]]
  // CHECK: {{\[}}[6,   1,   2,   3],
  // CHECK-NEXT: [6,   0,   1,   2]]
  %x = arith.constant dense<[[1.0, 3.0, 3.0, 2.0, -0.0, 0.0, 7.0], [5.0, 5.0, 5.0, 1.0, 2.0, 0xFF800000, 0x7F800000]]> : tensor<2x7xf32>
  call @rows(%x) : (tensor<2x7xf32>) -> ()
  // CHECK: {{\[}}[inf,   -inf,   inf]]
  // CHECK: {{\[}}[0,   1,   2]]
  %z = arith.constant dense<[[0.0, -0.0, 0.0]]> : tensor<1x3xf32>
  call @zeros(%z) : (tensor<1x3xf32>) -> ()
  // CHECK: [9,  4]
  // CHECK: [3,  0]
  // CHECK: rank = 1 offset = 0 sizes = [0]
  %v = arith.constant dense<[4, -1, 4, 9]> : tensor<4xi32>
  call @vector(%v) : (tensor<4xi32>) -> ()
  return
}
