// Lists whose items are lists (the accumulators TensorFlow's gradient of a
// nested loop keeps), imported and run in both checks modes. Expected values
// (TensorList rules, the items of a list of lists being lists): inner lists
// [[1,2],[3,4],[5,6]], [[7,8]] and [] pushed in that order onto a list of
// lists (through a call) give it length 3; popped back in reverse order: the
// first is empty (length 0), the second pops [7,8], the third stacks to
// [[1,2],[3,4],[5,6]], and the list of lists is then empty (length 0); by
// value semantics, the list after two pushes still has length 2. A list of
// lists of lists holding a list of lists holding the boolean list
// [true, false, true] gives back [1, 0, 1]; one holding the i32 list of 2x2
// items [[1,2],[3,4]], [[5,6],[7,8]] stacks to them.
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// RUN: %run_cpu -e nested %t.strict.mlir | FileCheck %s --check-prefix=NESTED
// RUN: %run_cpu -e nested %t.none.mlir | FileCheck %s --check-prefix=NESTED
// TensorFlow's errors (its texts) for a pop from an empty list of lists and
// a push past max_num_elements 1:
// RUN: not %run_cpu -e pop_empty %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=POP
// RUN: not %run_cpu -e push_full %t.none.mlir 2>&1 | FileCheck %s --check-prefix=FULL
// POP: ta runtime error: Trying to pop from an empty list.
// FULL: ta runtime error: Tried to push item into a full list list size: 1 max_num_elements: 1

!I = tensor<!tf_type.variant<tensor<2xf32>>>
!O = tensor<!tf_type.variant<tensor<!tf_type.variant>>>
!V = tensor<!tf_type.variant>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @lists() -> !O {
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %o = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  return %o : !O
}

func.func @main() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %unknown = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %v1 = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %v2 = "tf.Const"() <{value = dense<[3.0, 4.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %v3 = "tf.Const"() <{value = dense<[5.0, 6.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %v4 = "tf.Const"() <{value = dense<[7.0, 8.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %e = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !I
  %a1 = "tf.TensorListPushBack"(%e, %v1) : (!I, tensor<2xf32>) -> !I
  %a2 = "tf.TensorListPushBack"(%a1, %v2) : (!I, tensor<2xf32>) -> !I
  %a3 = "tf.TensorListPushBack"(%a2, %v3) : (!I, tensor<2xf32>) -> !I
  %b1 = "tf.TensorListPushBack"(%e, %v4) : (!I, tensor<2xf32>) -> !I
  %o = "tf.StatefulPartitionedCall"() <{f = @lists}> : () -> !O
  %o1 = "tf.TensorListPushBack"(%o, %a3) : (!O, !I) -> !O
  %o2 = "tf.TensorListPushBack"(%o1, %b1) : (!O, !I) -> !O
  %o3 = "tf.TensorListPushBack"(%o2, %e) : (!O, !I) -> !O
  %o3v = "tf.Identity"(%o3) : (!O) -> !V
  %n3s = "tf.TensorListLength"(%o3v) : (!V) -> tensor<i32>
  %n3 = "tf.Reshape"(%n3s, %one) : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %o4, %c = "tf.TensorListPopBack"(%o3, %unknown) : (!O, tensor<i32>) -> (!O, !V)
  %ncs = "tf.TensorListLength"(%c) : (!V) -> tensor<i32>
  %nc = "tf.Reshape"(%ncs, %one) : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %o5, %b = "tf.TensorListPopBack"(%o4, %unknown) : (!O, tensor<i32>) -> (!O, !V)
  %b0, %x = "tf.TensorListPopBack"(%b, %shape) : (!V, tensor<1xi32>) -> (tensor<*x!tf_type.variant>, tensor<*xf32>)
  %o6, %a = "tf.TensorListPopBack"(%o5, %unknown) : (!O, tensor<i32>) -> (!O, !V)
  %sa = "tf.TensorListStack"(%a, %shape) <{num_elements = -1 : i64}> : (!V, tensor<1xi32>) -> tensor<?x2xf32>
  %o6v = "tf.Identity"(%o6) : (!O) -> !V
  %n6s = "tf.TensorListLength"(%o6v) : (!V) -> tensor<i32>
  %n6 = "tf.Reshape"(%n6s, %one) : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %o2v = "tf.Identity"(%o2) : (!O) -> !V
  %n2s = "tf.TensorListLength"(%o2v) : (!V) -> tensor<i32>
  %n2 = "tf.Reshape"(%n2s, %one) : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  // CHECK: [3]
  %n3u = tensor.cast %n3 : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%n3u) : (tensor<*xi32>) -> ()
  // CHECK: [0]
  %ncu = tensor.cast %nc : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%ncu) : (tensor<*xi32>) -> ()
  // CHECK: [7,  8]
  %xu = tensor.cast %x : tensor<*xf32> to tensor<*xf32>
  call @printMemrefF32(%xu) : (tensor<*xf32>) -> ()
  // CHECK: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4],
  // CHECK-NEXT: [5,   6]]
  %sau = tensor.cast %sa : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%sau) : (tensor<*xf32>) -> ()
  // CHECK: [0]
  %n6u = tensor.cast %n6 : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%n6u) : (tensor<*xi32>) -> ()
  // CHECK: [2]
  %n2u = tensor.cast %n2 : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%n2u) : (tensor<*xi32>) -> ()
  return
}

!B = tensor<!tf_type.variant<tensor<i1>>>
!M = tensor<!tf_type.variant<tensor<2x2xi32>>>

func.func @nested() {
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %shape = "tf.Const"() <{value = dense<2> : tensor<2xi32>}> : () -> tensor<2xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %t = "tf.Const"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
  %f = "tf.Const"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
  %eb = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !B
  %b1 = "tf.TensorListPushBack"(%eb, %t) : (!B, tensor<i1>) -> !B
  %b2 = "tf.TensorListPushBack"(%b1, %f) : (!B, tensor<i1>) -> !B
  %b3 = "tf.TensorListPushBack"(%b2, %t) : (!B, tensor<i1>) -> !B
  %lists = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  %lists1 = "tf.TensorListPushBack"(%lists, %b3) : (!O, !B) -> !O
  %deep = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  %deep1 = "tf.TensorListPushBack"(%deep, %lists1) : (!O, !O) -> !O
  %deep0, %popped = "tf.TensorListPopBack"(%deep1, %unbounded) : (!O, tensor<i32>) -> (!O, !V)
  %lists0, %bools = "tf.TensorListPopBack"(%popped, %unbounded) : (!V, tensor<i32>) -> (!V, !V)
  %sb = "tf.TensorListStack"(%bools, %scalar) <{num_elements = 3 : i64}> : (!V, tensor<0xi32>) -> tensor<3xi1>
  %sbi = "tf.Cast"(%sb) : (tensor<3xi1>) -> tensor<3xi32>
  // NESTED: [1,  0,  1]
  %sbu = tensor.cast %sbi : tensor<3xi32> to tensor<*xi32>
  call @printMemrefI32(%sbu) : (tensor<*xi32>) -> ()
  %m1 = "tf.Const"() <{value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %m2 = "tf.Const"() <{value = dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %em = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<2xi32>, tensor<i32>) -> !M
  %ma = "tf.TensorListPushBack"(%em, %m1) : (!M, tensor<2x2xi32>) -> !M
  %mb = "tf.TensorListPushBack"(%ma, %m2) : (!M, tensor<2x2xi32>) -> !M
  %ml = "tf.EmptyTensorList"(%scalar, %unbounded) : (tensor<0xi32>, tensor<i32>) -> !O
  %ml1 = "tf.TensorListPushBack"(%ml, %mb) : (!O, !M) -> !O
  %ml0, %mp = "tf.TensorListPopBack"(%ml1, %unbounded) : (!O, tensor<i32>) -> (!O, !V)
  %sm = "tf.TensorListStack"(%mp, %shape) <{num_elements = 2 : i64}> : (!V, tensor<2xi32>) -> tensor<2x2x2xi32>
  // NESTED: {{\[}}{{\[}}[1,    2],
  // NESTED-NEXT: [3,    4]],
  // NESTED-NEXT: {{\[}}[5,    6],
  // NESTED-NEXT: [7,    8]]]
  %smu = tensor.cast %sm : tensor<2x2x2xi32> to tensor<*xi32>
  call @printMemrefI32(%smu) : (tensor<*xi32>) -> ()
  return
}

func.func @pop_empty() {
  %unknown = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %o = "tf.StatefulPartitionedCall"() <{f = @lists}> : () -> !O
  %o1, %l = "tf.TensorListPopBack"(%o, %unknown) : (!O, tensor<i32>) -> (!O, !V)
  %ns = "tf.TensorListLength"(%l) : (!V) -> tensor<i32>
  %n = "tf.Reshape"(%ns, %one) : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %nu = tensor.cast %n : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%nu) : (tensor<*xi32>) -> ()
  // An item pushed somewhere gives the list of lists its type.
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %e = "tf.EmptyTensorList"(%shape, %unknown) : (tensor<1xi32>, tensor<i32>) -> !I
  %o2 = "tf.TensorListPushBack"(%o1, %e) : (!O, !I) -> !O
  return
}

func.func @push_full() {
  %scalar = "tf.Const"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %max1 = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %one = "tf.Const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %e = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !I
  %o = "tf.EmptyTensorList"(%scalar, %max1) : (tensor<0xi32>, tensor<i32>) -> !O
  %o1 = "tf.TensorListPushBack"(%o, %e) : (!O, !I) -> !O
  %o2 = "tf.TensorListPushBack"(%o1, %e) : (!O, !I) -> !O
  %o2v = "tf.Identity"(%o2) : (!O) -> !V
  %ns = "tf.TensorListLength"(%o2v) : (!V) -> tensor<i32>
  %n = "tf.Reshape"(%ns, %one) : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %nu = tensor.cast %n : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%nu) : (tensor<*xi32>) -> ()
  return
}
