// TensorFlow 2's TensorLists (tf.TensorArray inside tf.function), imported
// as the tensors they stand for, run in both checks modes. Expected values
// (TensorList rules): a list of 3 [2]-elements, element 0 set to [1,2] then
// [3,4] (a later set replaces), element 2 set to [5,6], element 1 never set
// (zeros): stack = [[3,4],[0,0],[5,6]], get(2) = [5,6], length 3; a list
// made from [[7,8],[9,10]] has get(1) = [9,10]; value semantics: the list
// before the second set still has [1,2] at 0; tf.AddN of two lists of 3
// [2]-elements, one with [1,2] at 0, the other with [10,20] at 0 and [5,6]
// at 2, stacks to [[11,22],[0,0],[5,6]]; of lists of 3 and 2 elements it
// fails with "Trying to add two lists of tensors with different lengths.
// One is 3 and the other is 2" (TensorFlow 2.21, checked with tf.raw_ops).
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm %s > %t.strict.mlir
// RUN: ta-opt --allow-unregistered-dialect --ta-import-tf --ta-legalize-tf --ta-lower-to-llvm=checks=none %s > %t.none.mlir
// RUN: %run_cpu -e main %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e main %t.none.mlir | FileCheck %s
// TensorFlow's list errors (its texts), in both modes: they are TensorFlow's
// own checks of the list ops, not ta's TensorArray checks.
// RUN: not %run_cpu -e get_out_of_range %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GET
// RUN: not %run_cpu -e set_negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SET
// RUN: not %run_cpu -e stack_count %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: not %run_cpu -e reserve_negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=RESERVE
// RUN: not %run_cpu -e pop_empty %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=POP
// RUN: not %run_cpu -e resize_negative %t.none.mlir 2>&1 | FileCheck %s --check-prefix=RESIZE
// Where constants show the access out of range (no call hides the list),
// the program still compiles and fails at run time with the same text.
// RUN: not %run_cpu -e get_out_of_range_static %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=GET
// RUN: not %run_cpu -e set_out_of_range_static %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SETSTATIC
// RUN: not %run_cpu -e pop_empty_static %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=POP
// SETSTATIC: ta runtime error: Trying to modify element 3 in a list with 3 elements.
// A list of max_num_elements 2 (TensorFlow 2.21: pushes check the
// capacity, negative is unbounded) takes two pushes, the third fails; one of
// max_num_elements -5 takes three. @bounded prints [[1,2],[3,4]], 3.
// RUN: %run_cpu -e bounded %t.none.mlir | FileCheck %s --check-prefix=BOUNDED
// RUN: not %run_cpu -e bounded_full %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=FULL
// The capacity passed to the function that makes the list (as TensorFlow's
// gradients pass a loop's maximum_iterations) is the constant its caller
// passes: the third push fails the same way.
// RUN: not %run_cpu -e bounded_by_caller %t.none.mlir 2>&1 | FileCheck %s --check-prefix=FULL
// BOUNDED: {{\[}}[1,   2],
// BOUNDED-NEXT: [3,   4]]
// BOUNDED: [3]
// FULL: ta runtime error: Tried to push item into a full list list size: 2 max_num_elements: 2
// TensorFlow 2.21 crashes (SIGSEGV) on a resizing SetItem at -1; ta stops
// with SetItem's message.
// RUN: not %run_cpu -e set_resize_negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SETRESIZE
// GET: ta runtime error: Trying to access element 3 in a list with 3 elements.
// SET: ta runtime error: Trying to modify element -1 in a list with 3 elements.
// STACK: ta runtime error: Operation expected a list with 4 elements but got a list with 3 elements.
// RESERVE: ta runtime error: The num_elements to reserve must be a non negative number, but got -2
// POP: ta runtime error: Trying to pop from an empty list.
// RESIZE: ta runtime error: TensorListSlice expects size to be non-negative. Got: -1
// SETRESIZE: ta runtime error: Trying to modify element -1 in a list with 0 elements.
// RUN: %run_cpu -e add_lists %t.strict.mlir | FileCheck %s --check-prefix=ADD
// RUN: not %run_cpu -e add_lengths %t.none.mlir 2>&1 | FileCheck %s --check-prefix=ADDLEN
// RUN: not %run_cpu -e set_wrong_item %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SETITEM
// RUN: not %run_cpu -e push_wrong_item %t.none.mlir 2>&1 | FileCheck %s --check-prefix=PUSHITEM
// SETITEM: ta runtime error: Tried to set a tensor with incompatible shape at a list index. Item element shape: [3] list shape: [2]
// PUSHITEM: ta runtime error: Tried to append a tensor with incompatible shape to a list. Op element shape: [3] list shape: [2]
// ADD: {{\[}}[11,   22],
// ADD-NEXT: [0,   0],
// ADD-NEXT: [5,   6]]
// ADDLEN: ta runtime error: Trying to add two lists of tensors with different lengths. One is 3 and the other is 2

!L = tensor<!tf_type.variant<tensor<2xf32>>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

func.func @reserve() -> !L {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> !L
  return %l : !L
}

func.func @main() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %i0 = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %i1 = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %i2 = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %b = "tf.Const"() <{value = dense<[3.0, 4.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %c = "tf.Const"() <{value = dense<[5.0, 6.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l = "tf.StatefulPartitionedCall"() <{f = @reserve}> : () -> !L
  %l1 = "tf.TensorListSetItem"(%l, %i0, %a) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %l2 = "tf.TensorListSetItem"(%l1, %i0, %b) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %l3 = "tf.TensorListSetItem"(%l2, %i2, %c) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  // Value semantics: the list before the second set still holds [1,2].
  %old = "tf.TensorListGetItem"(%l1, %i0, %shape) : (!L, tensor<i32>, tensor<1xi32>) -> tensor<2xf32>
  %s = "tf.TensorListStack"(%l3, %shape) <{num_elements = 3 : i64}> : (!L, tensor<1xi32>) -> tensor<3x2xf32>
  %g = "tf.TensorListGetItem"(%l3, %i2, %shape) : (!L, tensor<i32>, tensor<1xi32>) -> tensor<2xf32>
  %n = "tf.TensorListLength"(%l3) : (!L) -> tensor<i32>
  %n1 = "tf.Reshape"(%n, %shape) : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %t = "tf.Const"() <{value = dense<[[7.0, 8.0], [9.0, 10.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %f = "tf.TensorListFromTensor"(%t, %shape) : (tensor<2x2xf32>, tensor<1xi32>) -> !L
  %g1 = "tf.TensorListGetItem"(%f, %i1, %shape) : (!L, tensor<i32>, tensor<1xi32>) -> tensor<2xf32>
  // Printed once every list op has run (the runner's print functions are
  // external: bufferization assumes they write their argument).
  // CHECK: {{\[}}[3,   4],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [5,   6]]
  %su = tensor.cast %s : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  // CHECK: [5,  6]
  %gu = tensor.cast %g : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%gu) : (tensor<*xf32>) -> ()
  // CHECK: [3]
  %nu = tensor.cast %n1 : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%nu) : (tensor<*xi32>) -> ()
  // CHECK: [1,  2]
  %oldu = tensor.cast %old : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%oldu) : (tensor<*xf32>) -> ()
  // CHECK: [9,  10]
  %g1u = tensor.cast %g1 : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%g1u) : (tensor<*xf32>) -> ()
  return
}

func.func @get_out_of_range() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %i3 = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.StatefulPartitionedCall"() <{f = @reserve}> : () -> !L
  %g = "tf.TensorListGetItem"(%l, %i3, %shape) : (!L, tensor<i32>, tensor<1xi32>) -> tensor<2xf32>
  %gu = tensor.cast %g : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%gu) : (tensor<*xf32>) -> ()
  return
}

func.func @set_negative() {
  %m1 = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %l = "tf.StatefulPartitionedCall"() <{f = @reserve}> : () -> !L
  %l1 = "tf.TensorListSetItem"(%l, %m1, %a) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %s = "tf.TensorListStack"(%l1, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<3x2xf32>
  %su = tensor.cast %s : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @stack_count() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %l = "tf.StatefulPartitionedCall"() <{f = @reserve}> : () -> !L
  %s = "tf.TensorListStack"(%l, %shape) <{num_elements = 4 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  %su = tensor.cast %s : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

// A negative count fails when the op runs, as in TensorFlow.
func.func @reserve_negative() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<-2> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> !L
  %s = "tf.TensorListStack"(%l, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  %su = tensor.cast %s : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @empty() -> !L {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %unbounded = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.EmptyTensorList"(%shape, %unbounded) : (tensor<1xi32>, tensor<i32>) -> !L
  return %l : !L
}

func.func @pop_empty() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %l = "tf.StatefulPartitionedCall"() <{f = @empty}> : () -> !L
  %p, %item = "tf.TensorListPopBack"(%l, %shape) : (!L, tensor<1xi32>) -> (!L, tensor<2xf32>)
  %u = tensor.cast %item : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @resize_negative() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.StatefulPartitionedCall"() <{f = @empty}> : () -> !L
  %r = "tf.TensorListResize"(%l, %n) : (!L, tensor<i32>) -> !L
  %s = "tf.TensorListStack"(%r, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  %su = tensor.cast %s : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @set_resize_negative() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %i = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %v = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l = "tf.StatefulPartitionedCall"() <{f = @empty}> : () -> !L
  %r = "tf.TensorListSetItem"(%l, %i, %v) <{resize_if_index_out_of_bounds = true}> : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %s = "tf.TensorListStack"(%r, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  %su = tensor.cast %s : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @get_out_of_range_static() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> !L
  %g = "tf.TensorListGetItem"(%l, %n, %shape) : (!L, tensor<i32>, tensor<1xi32>) -> tensor<2xf32>
  %gu = tensor.cast %g : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%gu) : (tensor<*xf32>) -> ()
  return
}

func.func @set_out_of_range_static() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> !L
  %l1 = "tf.TensorListSetItem"(%l, %n, %a) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %s = "tf.TensorListStack"(%l1, %shape) : (!L, tensor<1xi32>) -> tensor<3x2xf32>
  %su = tensor.cast %s : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @pop_empty_static() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %max = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.EmptyTensorList"(%shape, %max) : (tensor<1xi32>, tensor<i32>) -> !L
  %p, %item = "tf.TensorListPopBack"(%l, %shape) : (!L, tensor<1xi32>) -> (!L, tensor<2xf32>)
  %u = tensor.cast %item : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @bounded() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %m5 = "tf.Const"() <{value = dense<-5> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %b = "tf.Const"() <{value = dense<[3.0, 4.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l = "tf.EmptyTensorList"(%shape, %two) : (tensor<1xi32>, tensor<i32>) -> !L
  %l1 = "tf.TensorListPushBack"(%l, %a) : (!L, tensor<2xf32>) -> !L
  %l2 = "tf.TensorListPushBack"(%l1, %b) : (!L, tensor<2xf32>) -> !L
  %s = "tf.TensorListStack"(%l2, %shape) <{num_elements = 2 : i64}> : (!L, tensor<1xi32>) -> tensor<2x2xf32>
  %su = tensor.cast %s : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  %u = "tf.EmptyTensorList"(%shape, %m5) : (tensor<1xi32>, tensor<i32>) -> !L
  %u1 = "tf.TensorListPushBack"(%u, %a) : (!L, tensor<2xf32>) -> !L
  %u2 = "tf.TensorListPushBack"(%u1, %a) : (!L, tensor<2xf32>) -> !L
  %u3 = "tf.TensorListPushBack"(%u2, %a) : (!L, tensor<2xf32>) -> !L
  %n = "tf.TensorListLength"(%u3) : (!L) -> tensor<i32>
  %n1 = "tf.Reshape"(%n, %shape) : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %nu = tensor.cast %n1 : tensor<1xi32> to tensor<*xi32>
  call @printMemrefI32(%nu) : (tensor<*xi32>) -> ()
  return
}

func.func @bounded_full() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l = "tf.EmptyTensorList"(%shape, %two) : (tensor<1xi32>, tensor<i32>) -> !L
  %l1 = "tf.TensorListPushBack"(%l, %a) : (!L, tensor<2xf32>) -> !L
  %l2 = "tf.TensorListPushBack"(%l1, %a) : (!L, tensor<2xf32>) -> !L
  %l3 = "tf.TensorListPushBack"(%l2, %a) : (!L, tensor<2xf32>) -> !L
  %s = "tf.TensorListStack"(%l3, %shape) : (!L, tensor<1xi32>) -> tensor<3x2xf32>
  %su = tensor.cast %s : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func private @empty_of(%n: tensor<i32>) -> !L {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %m = "tf.Identity"(%n) : (tensor<i32>) -> tensor<i32>
  %l = "tf.EmptyTensorList"(%shape, %m) : (tensor<1xi32>, tensor<i32>) -> !L
  return %l : !L
}

func.func @bounded_by_caller() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %two = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %l = "tf.StatefulPartitionedCall"(%two) <{f = @empty_of}> : (tensor<i32>) -> !L
  %l1 = "tf.TensorListPushBack"(%l, %a) : (!L, tensor<2xf32>) -> !L
  %l2 = "tf.TensorListPushBack"(%l1, %a) : (!L, tensor<2xf32>) -> !L
  %l3 = "tf.TensorListPushBack"(%l2, %a) : (!L, tensor<2xf32>) -> !L
  %s = "tf.TensorListStack"(%l3, %shape) : (!L, tensor<1xi32>) -> tensor<3x2xf32>
  %su = tensor.cast %s : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @reserve_n(%n: tensor<i32>) -> !L {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %l = "tf.TensorListReserve"(%shape, %n) : (tensor<1xi32>, tensor<i32>) -> !L
  return %l : !L
}

func.func @add_lists() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %i0 = "tf.Const"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %i2 = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %x = "tf.Const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %y = "tf.Const"() <{value = dense<[10.0, 20.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %z = "tf.Const"() <{value = dense<[5.0, 6.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %a = "tf.StatefulPartitionedCall"(%n) <{f = @reserve_n}> : (tensor<i32>) -> !L
  %a1 = "tf.TensorListSetItem"(%a, %i0, %x) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %b = "tf.StatefulPartitionedCall"(%n) <{f = @reserve_n}> : (tensor<i32>) -> !L
  %b1 = "tf.TensorListSetItem"(%b, %i0, %y) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %b2 = "tf.TensorListSetItem"(%b1, %i2, %z) : (!L, tensor<i32>, tensor<2xf32>) -> !L
  %s = "tf.AddN"(%a1, %b2) : (!L, !L) -> !L
  %t = "tf.TensorListStack"(%s, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  %tu = tensor.cast %t : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%tu) : (tensor<*xf32>) -> ()
  return
}

func.func @add_lengths() {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n3 = "tf.Const"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
  %n2 = "tf.Const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %a = "tf.StatefulPartitionedCall"(%n3) <{f = @reserve_n}> : (tensor<i32>) -> !L
  %b = "tf.StatefulPartitionedCall"(%n2) <{f = @reserve_n}> : (tensor<i32>) -> !L
  %s = "tf.AddN"(%a, %b) : (!L, !L) -> !L
  %t = "tf.TensorListStack"(%s, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  %tu = tensor.cast %t : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%tu) : (tensor<*xf32>) -> ()
  return
}

// Items whose dims are known at run time only, of another shape than the
// list's elements: TensorFlow's texts (2.21, list_ops run eagerly).
func.func @set_item_of(%x: tensor<?xf32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %i1 = "tf.Const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.StatefulPartitionedCall"() <{f = @reserve}> : () -> !L
  %l1 = "tf.TensorListSetItem"(%l, %i1, %x) : (!L, tensor<i32>, tensor<?xf32>) -> !L
  %s = "tf.TensorListStack"(%l1, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<3x2xf32>
  %su = tensor.cast %s : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @set_wrong_item() {
  %x = "tf.Const"() <{value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %xd = tensor.cast %x : tensor<3xf32> to tensor<?xf32>
  call @set_item_of(%xd) : (tensor<?xf32>) -> ()
  return
}

func.func @push_item_of(%x: tensor<?xf32>) {
  %shape = "tf.Const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  %m1 = "tf.Const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %l = "tf.EmptyTensorList"(%shape, %m1) : (tensor<1xi32>, tensor<i32>) -> !L
  %l1 = "tf.TensorListPushBack"(%l, %x) : (!L, tensor<?xf32>) -> !L
  %s = "tf.TensorListStack"(%l1, %shape) <{num_elements = -1 : i64}> : (!L, tensor<1xi32>) -> tensor<?x2xf32>
  %su = tensor.cast %s : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()
  return
}

func.func @push_wrong_item() {
  %x = "tf.Const"() <{value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %xd = tensor.cast %x : tensor<3xf32> to tensor<?xf32>
  call @push_item_of(%xd) : (tensor<?xf32>) -> ()
  return
}
