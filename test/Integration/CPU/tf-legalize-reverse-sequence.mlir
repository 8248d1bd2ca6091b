// ta-legalize-tf's tf.ReverseSequence (bidirectional_dynamic_rnn with
// sequence_length reverses each batch entry's first seq_lengths[b] steps),
// in both checks modes, batch-major and time-major. Expected values are
// TensorFlow 2.21's (tf.reverse_sequence on this machine), x = arange(24)
// as 2x4x3:
//   seq_axis 1, batch_axis 0, lengths [3, 0]: entry 0's steps 2,1,0,3,
//   entry 1 unchanged;
//   x transposed to 4x2x3, seq_axis 0, batch_axis 1, lengths [4, 2] (i64):
//   rows [[9,10,11],[15,16,17]], [[6,7,8],[12,13,14]],
//        [[3,4,5],[18,19,20]], [[0,1,2],[21,22,23]];
//   lengths [1, 5] fail with "seq_lens(1) > input.dims(1)", [-1, 5] with
//   "seq_lens(0) < 0" (TensorFlow checks entry by entry, each against 0
//   first).
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: not %run_cpu -e too_long %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: ta runtime error: seq_lens(1) > input.dims(1)
// RUN: not %run_cpu -e negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: ta runtime error: seq_lens(0) < 0

func.func private @printMemrefF32(tensor<*xf32>)

func.func private @batch_major(%x: tensor<2x4x3xf32>, %l: tensor<2xi32>) -> tensor<*xf32> {
  %r = "tf.ReverseSequence"(%x, %l) <{batch_dim = 0 : i64, seq_dim = 1 : i64}> : (tensor<2x4x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

func.func private @time_major(%x: tensor<4x2x3xf32>, %l: tensor<2xi64>) -> tensor<*xf32> {
  %r = "tf.ReverseSequence"(%x, %l) <{batch_dim = 1 : i64, seq_dim = 0 : i64}> : (tensor<4x2x3xf32>, tensor<2xi64>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

func.func @main() {
  %x = arith.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]],
                             [[12.0, 13.0, 14.0], [15.0, 16.0, 17.0], [18.0, 19.0, 20.0], [21.0, 22.0, 23.0]]]> : tensor<2x4x3xf32>
  // CHECK: rank = 3 offset = 0 sizes = [2, 4, 3]
  // CHECK-NEXT: {{\[}}{{\[}}[6,   7,   8],
  // CHECK-NEXT: [3,   4,   5],
  // CHECK-NEXT: [0,   1,   2],
  // CHECK-NEXT: [9,   10,   11]],
  // CHECK-NEXT: {{\[}}[12,   13,   14],
  // CHECK-NEXT: [15,   16,   17],
  // CHECK-NEXT: [18,   19,   20],
  // CHECK-NEXT: [21,   22,   23]]]
  %l = arith.constant dense<[3, 0]> : tensor<2xi32>
  %a = call @batch_major(%x, %l) : (tensor<2x4x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()

  // CHECK: rank = 3 offset = 0 sizes = [4, 2, 3]
  // CHECK-NEXT: {{\[}}{{\[}}[9,   10,   11],
  // CHECK-NEXT: [15,   16,   17]],
  // CHECK-NEXT: {{\[}}[6,   7,   8],
  // CHECK-NEXT: [12,   13,   14]],
  // CHECK-NEXT: {{\[}}[3,   4,   5],
  // CHECK-NEXT: [18,   19,   20]],
  // CHECK-NEXT: {{\[}}[0,   1,   2],
  // CHECK-NEXT: [21,   22,   23]]]
  %perm = arith.constant dense<[1, 0, 2]> : tensor<3xi32>
  %xt = "tf.Transpose"(%x, %perm) : (tensor<2x4x3xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
  %lt = arith.constant dense<[4, 2]> : tensor<2xi64>
  %b = call @time_major(%xt, %lt) : (tensor<4x2x3xf32>, tensor<2xi64>) -> tensor<*xf32>
  call @printMemrefF32(%b) : (tensor<*xf32>) -> ()
  return
}

func.func @too_long() {
  %x = arith.constant dense<1.0> : tensor<2x4x3xf32>
  %l = arith.constant dense<[1, 5]> : tensor<2xi32>
  %a = call @batch_major(%x, %l) : (tensor<2x4x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()
  return
}

func.func @negative() {
  %x = arith.constant dense<1.0> : tensor<2x4x3xf32>
  %l = arith.constant dense<[-1, 5]> : tensor<2xi32>
  %a = call @batch_major(%x, %l) : (tensor<2x4x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  call @printMemrefF32(%a) : (tensor<*xf32>) -> ()
  return
}
