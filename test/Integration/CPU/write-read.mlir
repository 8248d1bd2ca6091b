// Writes and reads of static and growable arrays, executed in both checks
// modes; the expected numbers follow TensorFlow's semantics (reference
// section 1.0): an unwritten slot reads as zeros, clear_after_read=false
// allows repeated reads, growable arrays grow on writes past the end.
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e main | FileCheck %s

!T = !ta.handle<3, tensor<2xf32>>
!D = !ta.handle<?, tensor<2x2xi32>>

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func @show(%t: tensor<2xf32>) {
  %m = bufferization.to_buffer %t : tensor<2xf32> to memref<2xf32>
  %u = memref.cast %m : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func @showi(%t: tensor<2x2xi32>) {
  %m = bufferization.to_buffer %t : tensor<2x2xi32> to memref<2x2xi32>
  %u = memref.cast %m : memref<2x2xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
func.func @show_index(%i: index) {
  %t = tensor.from_elements %i : tensor<1xindex>
  %f = arith.index_cast %t : tensor<1xindex> to tensor<1xi32>
  %m = bufferization.to_buffer %f : tensor<1xi32> to memref<1xi32>
  %u = memref.cast %m : memref<1xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

// Writes the steps of a loop through a handle passed to a function.
func.func @fill(%h: !T, %f: !ta.flow, %base: tensor<2xf32>) -> !ta.flow {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant dense<1.0> : tensor<2xf32>
  %out, %v = scf.for %i = %c0 to %c3 step %c1 iter_args(%fi = %f, %vi = %base)
      -> (!ta.flow, tensor<2xf32>) {
    %fo = ta.write %h[%i], %vi, %fi : !T, tensor<2xf32>
    %vn = arith.addf %vi, %one : tensor<2xf32>
    scf.yield %fo, %vn : !ta.flow, tensor<2xf32>
  }
  return %out : !ta.flow
}

func.func @make(%n: index) -> (!T, !ta.flow) {
  %h, %f = ta.create %n {clear_after_read = false, name = "steps"} : !T
  return %h, %f : !T, !ta.flow
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %base = arith.constant dense<[10.0, 20.0]> : tensor<2xf32>

  // Written through a function and a loop: slots hold base + i.
  %h, %f0 = call @make(%c3) : (index) -> (!T, !ta.flow)
  %f1 = call @fill(%h, %f0, %base) : (!T, !ta.flow, tensor<2xf32>) -> !ta.flow
  %r2 = ta.read %h[%c2], %f1 : !T
  // CHECK: [12,  22]
  call @show(%r2) : (tensor<2xf32>) -> ()
  // clear_after_read = false: a slot reads twice.
  %r2b = ta.read %h[%c2], %f1 : !T
  // CHECK-NEXT: Unranked
  // CHECK-NEXT: [12,  22]
  call @show(%r2b) : (tensor<2xf32>) -> ()
  %r0 = ta.read %h[%c0], %f1 : !T
  // CHECK: [10,  20]
  call @show(%r0) : (tensor<2xf32>) -> ()
  %s = ta.size %h, %f1 : !T
  // CHECK: [3]
  call @show_index(%s) : (index) -> ()
  ta.close %h : !T

  // Written in an scf.while loop (flow and counter carried), read back.
  %w, %wf0 = ta.create %c3 {name = "while"} : !T
  %two = arith.constant dense<2.0> : tensor<2xf32>
  %wf, %wi = scf.while (%fi = %wf0, %i = %c0) : (!ta.flow, index) -> (!ta.flow, index) {
    %more = arith.cmpi slt, %i, %c3 : index
    scf.condition(%more) %fi, %i : !ta.flow, index
  } do {
  ^bb0(%fi: !ta.flow, %i: index):
    %ii = arith.index_cast %i : index to i32
    %fv = arith.sitofp %ii : i32 to f32
    %t = tensor.splat %fv : tensor<2xf32>
    %v = arith.mulf %t, %two : tensor<2xf32>
    %fo = ta.write %w[%i], %v, %fi : !T, tensor<2xf32>
    %in = arith.addi %i, %c1 : index
    scf.yield %fo, %in : !ta.flow, index
  }
  %w2 = ta.read %w[%c2], %wf : !T
  // CHECK: [4,  4]
  call @show(%w2) : (tensor<2xf32>) -> ()

  // An unwritten slot of a forward array reads as zeros.
  %z, %zf = ta.create %c3 : !T
  %zv = ta.read %z[%c1], %zf : !T
  // CHECK: [0,  0]
  call @show(%zv) : (tensor<2xf32>) -> ()

  // A growable array grows past the end, across several doublings, and keeps
  // what was written before.
  %d, %df = ta.create %c0 {dynamic_size = true, name = "grow"} : !D
  %a = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = arith.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %df1 = ta.write %d[%c0], %a, %df : !D, tensor<2x2xi32>
  %df2 = ta.write %d[%c1], %b, %df1 : !D, tensor<2x2xi32>
  %c9 = arith.constant 9 : index
  %df3 = ta.write %d[%c9], %b, %df2 : !D, tensor<2x2xi32>
  %ds = ta.size %d, %df3 : !D
  // CHECK: [10]
  call @show_index(%ds) : (index) -> ()
  %d0 = ta.read %d[%c0], %df3 : !D
  // CHECK: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4]]
  call @showi(%d0) : (tensor<2x2xi32>) -> ()
  %d9 = ta.read %d[%c9], %df3 : !D
  // CHECK: {{\[}}[5,   6],
  // CHECK-NEXT: [7,   8]]
  call @showi(%d9) : (tensor<2x2xi32>) -> ()
  // Slots between are unwritten: zeros.
  %d6 = ta.read %d[%c6], %df3 : !D
  // CHECK: {{\[}}[0,   0],
  // CHECK-NEXT: [0,   0]]
  call @showi(%d6) : (tensor<2x2xi32>) -> ()
  return
}
