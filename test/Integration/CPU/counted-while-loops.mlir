// A while loop counting an i32 by one up to a bound (TensorFlow's
// tf.while_loop over an index, as ta-import-tf and ta-scalarize-0d-tensors
// leave it) writing an array at its counter: ta-lower-to-llvm makes it an
// scf.for over index (ta-uplift-counted-loops), so a growable array gets
// its capacity reserved once and the loop's checks are made once for the
// whole range (IR). Values as a while loop gives them: the counter's final
// value is max(lb, n) (where the loop does not run too), the carried sum
// that of lb..n-1, the size what the writes made it, unwritten slots zeros.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.strict.mlir
// RUN: %run_cpu -e values %t.strict.mlir | FileCheck %s
// RUN: %run_cpu -e values %t.none.mlir | FileCheck %s
// A loop from -1: its first write fails with TensorFlow's text.
// RUN: not %run_cpu -e negative %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=NEG
// A fixed-size array of 3 that the loop writes past: the write at 3 fails
// with TensorFlow's text after slots 0..2 were written.
// RUN: not %run_cpu -e past_the_end %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=END

// IR: llvm.func internal @__ta_reserve_strict_8
// IR: llvm.func internal @__ta_write_loop_claim_growable_strict_2xf32
// IR: llvm.func internal @__ta_write_loop_claim_array_strict_2xf32

!G = !ta.handle<?, tensor<2xf32>>
!A = !ta.handle<3, tensor<2xf32>>

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @print(%v: i32) {
  %w = arith.extsi %v : i32 to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// Writes [i, i] at slot i for i from %lb while i < %n into a growable
// array of %size slots, summing the i; prints the counter's final value,
// the sum, the size and the rows of %pick.
func.func @count(%lb: i32, %n: i32, %size: index, %pick: tensor<?xi32>) {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %h, %f = ta.create %size {dynamic_size = true, clear_after_read = false} : !G
  %r:3 = scf.while (%i = %lb, %s = %zero, %fl = %f) : (i32, i32, !ta.flow) -> (i32, i32, !ta.flow) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %s, %fl : i32, i32, !ta.flow
  } do {
  ^bb0(%i: i32, %s: i32, %fl: !ta.flow):
    %x = arith.sitofp %i : i32 to f32
    %row = tensor.from_elements %x, %x : tensor<2xf32>
    %k = arith.index_cast %i : i32 to index
    %f2 = ta.write %h[%k], %row, %fl : !G, tensor<2xf32>
    %s2 = arith.addi %s, %i : i32
    %next = arith.addi %i, %c1 : i32
    scf.yield %next, %s2, %f2 : i32, i32, !ta.flow
  }
  call @print(%r#0) : (i32) -> ()
  call @print(%r#1) : (i32) -> ()
  %size2 = ta.size %h, %r#2 : !G
  %size3 = arith.index_cast %size2 : index to i32
  call @print(%size3) : (i32) -> ()
  %v = ta.gather %h[%pick], %r#2 : !G, tensor<?xi32>
  ta.close %h : !G
  %u = tensor.cast %v : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// The same loop on a fixed-size array of 3 from 0: every slot written
// (n = 3) is the whole array, stacked.
func.func @fill(%n: i32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %h, %f = ta.create %c3 {clear_after_read = false} : !A
  %r:2 = scf.while (%i = %zero, %fl = %f) : (i32, !ta.flow) -> (i32, !ta.flow) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %fl : i32, !ta.flow
  } do {
  ^bb0(%i: i32, %fl: !ta.flow):
    %x = arith.sitofp %i : i32 to f32
    %y = arith.negf %x : f32
    %row = tensor.from_elements %x, %y : tensor<2xf32>
    %k = arith.index_cast %i : i32 to index
    %f2 = ta.write %h[%k], %row, %fl : !A, tensor<2xf32>
    %next = arith.addi %i, %c1 : i32
    scf.yield %next, %f2 : i32, !ta.flow
  }
  call @print(%r#0) : (i32) -> ()
  %all = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %v = ta.gather %h[%all], %r#1 : !A, tensor<3xi32>
  ta.close %h : !A
  %u = tensor.cast %v : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @values() {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %i0 = arith.constant 0 : i32
  %i2 = arith.constant 2 : i32
  %i3 = arith.constant 3 : i32
  %i5 = arith.constant 5 : i32
  %m2 = arith.constant -2 : i32
  %p3 = arith.constant dense<[0, 1, 2, 2]> : tensor<4xi32>
  %q3 = tensor.cast %p3 : tensor<4xi32> to tensor<?xi32>
  // From 0 to 3: counter 3, sum 3, size 3.
  func.call @count(%i0, %i3, %c0, %q3) : (i32, i32, index, tensor<?xi32>) -> ()
  // CHECK: {{^}}3{{$}}
  // CHECK-NEXT: {{^}}3{{$}}
  // CHECK-NEXT: {{^}}3{{$}}
  // CHECK-NEXT: sizes = [4, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [1,   1],
  // CHECK-NEXT: [2,   2],
  // CHECK-NEXT: [2,   2]]
  %none = arith.constant dense<> : tensor<0xi32>
  %qn = tensor.cast %none : tensor<0xi32> to tensor<?xi32>
  // No iteration (0 < 0 fails at once): counter 0, sum 0, size 0.
  func.call @count(%i0, %i0, %c0, %qn) : (i32, i32, index, tensor<?xi32>) -> ()
  // CHECK: {{^}}0{{$}}
  // CHECK-NEXT: {{^}}0{{$}}
  // CHECK-NEXT: {{^}}0{{$}}
  // CHECK-NEXT: sizes = [0, 2]
  // A bound below the start: the counter stays 0 (not -1, not -3).
  func.call @count(%i0, %m2, %c0, %qn) : (i32, i32, index, tensor<?xi32>) -> ()
  // CHECK: {{^}}0{{$}}
  // CHECK-NEXT: {{^}}0{{$}}
  // CHECK-NEXT: {{^}}0{{$}}
  // CHECK-NEXT: sizes = [0, 2]
  // From 2 to 5: counter 5, sum 2 + 3 + 4 = 9, size 5, slots 0 and 1
  // never written (zeros).
  %p5 = arith.constant dense<[0, 1, 2, 4]> : tensor<4xi32>
  %q5 = tensor.cast %p5 : tensor<4xi32> to tensor<?xi32>
  func.call @count(%i2, %i5, %c0, %q5) : (i32, i32, index, tensor<?xi32>) -> ()
  // CHECK: {{^}}5{{$}}
  // CHECK-NEXT: {{^}}9{{$}}
  // CHECK-NEXT: {{^}}5{{$}}
  // CHECK-NEXT: sizes = [4, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   0],
  // CHECK-NEXT: [2,   2],
  // CHECK-NEXT: [4,   4]]
  // From 5 with bound 3 on an array of 7 slots: no iteration, counter 5,
  // size 7, zeros.
  %p7 = arith.constant dense<[0, 6]> : tensor<2xi32>
  %q7 = tensor.cast %p7 : tensor<2xi32> to tensor<?xi32>
  func.call @count(%i5, %i3, %c7, %q7) : (i32, i32, index, tensor<?xi32>) -> ()
  // CHECK: {{^}}5{{$}}
  // CHECK-NEXT: {{^}}0{{$}}
  // CHECK-NEXT: {{^}}7{{$}}
  // CHECK-NEXT: sizes = [2, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   0]]
  // A fixed-size array filled by the loop.
  func.call @fill(%i3) : (i32) -> ()
  // CHECK: {{^}}3{{$}}
  // CHECK-NEXT: sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[}}[0,   -0],
  // CHECK-NEXT: [1,   -1],
  // CHECK-NEXT: [2,   -2]]
  return
}

func.func @negative() {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : i32
  %i2 = arith.constant 2 : i32
  %none = arith.constant dense<> : tensor<0xi32>
  %qn = tensor.cast %none : tensor<0xi32> to tensor<?xi32>
  func.call @count(%m1, %i2, %c0, %qn) : (i32, i32, index, tensor<?xi32>) -> ()
  return
}
// NEG: ta runtime error: TensorArray {{.*}}: Tried to write to index -1 but array is not resizeable and size is: 0

func.func @past_the_end() {
  %i4 = arith.constant 4 : i32
  func.call @fill(%i4) : (i32) -> ()
  return
}
// END: ta runtime error: TensorArray {{.*}}: Tried to write to index 3 but array is not resizeable and size is: 3
