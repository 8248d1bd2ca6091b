// ta-legalize-tf's tf.StridedSlice of ranges whose bounds are known at run
// time only (an autograph loop's `x[t:t + 2]`), in both checks modes: the
// bounds counted from the end where negative and clamped to the dim, as
// TensorFlow does for a positive stride. Expected values are TensorFlow
// 2.21's (tf.raw_ops.StridedSlice on this machine), x = arange(10) as 5x2:
//   x[1:3]: [[2,3],[4,5]]; x[4:6]: [[8,9]]; x[-2:]: [[6,7],[8,9]];
//   x[3:1]: empty; x[0:5:2]: [[0,1],[4,5],[8,9]];
//   x[:, 1:7]: [[1],[3],[5],[7],[9]]; x[-9:-1]: rows 0 to 3.
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

// x[b:e] along dim 0.
func.func private @rows(%x: tensor<5x2xf32>, %b: tensor<1xi32>, %e: tensor<1xi32>) {
  %s = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64}> : (tensor<5x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?x2xf32>
  %u = tensor.cast %r : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// x[b:e:2] along dim 0.
func.func private @rows_step2(%x: tensor<5x2xf32>, %b: tensor<1xi32>, %e: tensor<1xi32>) {
  %s = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64}> : (tensor<5x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?x2xf32>
  %u = tensor.cast %r : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// x[b:] (end_mask).
func.func private @rows_to_end(%x: tensor<5x2xf32>, %b: tensor<1xi32>) {
  %e = "tf.Const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 1 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64}> : (tensor<5x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xf32>
  call @printMemrefF32(%r) : (tensor<*xf32>) -> ()
  return
}

// x[:, 1:e]
func.func private @columns(%x: tensor<5x2xf32>, %e1: tensor<i32>) {
  %z = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %b = "tf.Pack"(%z, %one) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %e = "tf.Pack"(%z, %e1) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %s = "tf.Const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) <{begin_mask = 1 : i64, ellipsis_mask = 0 : i64, end_mask = 1 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64}> : (tensor<5x2xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  call @printMemrefF32(%r) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0], [8.0, 9.0]]> : tensor<5x2xf32>
  // CHECK: {{\[}}[2,   3],
  // CHECK-NEXT: [4,   5]]
  %b1 = arith.constant dense<1> : tensor<1xi32>
  %e3 = arith.constant dense<3> : tensor<1xi32>
  call @rows(%x, %b1, %e3) : (tensor<5x2xf32>, tensor<1xi32>, tensor<1xi32>) -> ()
  // CHECK: {{\[}}[8,   9]]
  %b4 = arith.constant dense<4> : tensor<1xi32>
  %e6 = arith.constant dense<6> : tensor<1xi32>
  call @rows(%x, %b4, %e6) : (tensor<5x2xf32>, tensor<1xi32>, tensor<1xi32>) -> ()
  // CHECK: {{\[}}[6,   7],
  // CHECK-NEXT: [8,   9]]
  %bm2 = arith.constant dense<-2> : tensor<1xi32>
  call @rows_to_end(%x, %bm2) : (tensor<5x2xf32>, tensor<1xi32>) -> ()
  // CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [0, 2]
  %b3 = arith.constant dense<3> : tensor<1xi32>
  call @rows(%x, %b3, %b1) : (tensor<5x2xf32>, tensor<1xi32>, tensor<1xi32>) -> ()
  // CHECK: {{\[}}[0,   1],
  // CHECK-NEXT: [4,   5],
  // CHECK-NEXT: [8,   9]]
  %b0 = arith.constant dense<0> : tensor<1xi32>
  %e5 = arith.constant dense<5> : tensor<1xi32>
  call @rows_step2(%x, %b0, %e5) : (tensor<5x2xf32>, tensor<1xi32>, tensor<1xi32>) -> ()
  // CHECK: {{\[}}[1],
  // CHECK-NEXT: [3],
  // CHECK-NEXT: [5],
  // CHECK-NEXT: [7],
  // CHECK-NEXT: [9]]
  %seven = arith.constant dense<7> : tensor<i32>
  call @columns(%x, %seven) : (tensor<5x2xf32>, tensor<i32>) -> ()
  // CHECK: {{\[}}[0,   1],
  // CHECK-NEXT: [2,   3],
  // CHECK-NEXT: [4,   5],
  // CHECK-NEXT: [6,   7]]
  %bm9 = arith.constant dense<-9> : tensor<1xi32>
  %em1 = arith.constant dense<-1> : tensor<1xi32>
  call @rows(%x, %bm9, %em1) : (tensor<5x2xf32>, tensor<1xi32>, tensor<1xi32>) -> ()
  return
}
