// Slots never written read as zeros (TensorFlow's semantics for a known
// element shape), in both checks modes. With elements of 64 bytes or more,
// both modes leave an array's data uninitialized and zero a slot when a
// read finds it never written (its state says so; checks=none keeps the
// state for this); each test first dirties freed blocks of the array's
// sizes, which malloc hands out again, so that a missed zeroing shows as 1.5
// instead of 0, and a slot wrongly taken as never written as 0.
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e main | FileCheck %s

!T = !ta.handle<4, tensor<16xf32>>
!D = !ta.handle<?, tensor<16xf32>>

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @show(%t: tensor<?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// Fills and frees blocks of 1.5s of the sizes (in floats) ta allocates for
// these arrays (strict and none, 4 slots, and grown to 14), so that the
// next allocations of those sizes reuse them.
func.func @dirty() {
  %c = arith.constant 1.5 : f32
  %sizes = arith.constant dense<[80, 96, 240, 256, 16]> : tensor<5xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  scf.for %k = %c0 to %c5 step %c1 {
    %n = tensor.extract %sizes[%k] : tensor<5xindex>
    %m = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
    linalg.fill ins(%c : f32) outs(%m : memref<?xf32>)
    memref.dealloc %m : memref<?xf32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %v = arith.constant dense<7.0> : tensor<16xf32>

  // A read, a gather and a concat of a fixed array where only slot 1 was
  // written.
  // CHECK: [0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
  // CHECK: [0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
  // CHECK: [0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
  call @dirty() : () -> ()
  %h, %f = ta.create %c4 {clear_after_read = false} : !T
  %f1 = ta.write %h[%c1], %v, %f : !T, tensor<16xf32>
  %r = ta.read %h[%c2], %f1 : !T
  %rd = tensor.cast %r : tensor<16xf32> to tensor<?xf32>
  call @show(%rd) : (tensor<?xf32>) -> ()
  %i = arith.constant dense<[0, 1, 3]> : tensor<3xi32>
  %g = ta.gather %h[%i], %f1 : !T, tensor<3xi32>
  %gf = tensor.collapse_shape %g [[0, 1]] : tensor<3x16xf32> into tensor<48xf32>
  %gd = tensor.cast %gf : tensor<48xf32> to tensor<?xf32>
  call @show(%gd) : (tensor<?xf32>) -> ()
  %cv, %cl = ta.concat %h, %f1 : !T
  %cvd = tensor.cast %cv : tensor<64xf32> to tensor<?xf32>
  call @show(%cvd) : (tensor<?xf32>) -> ()
  ta.close %h : !T

  // A growable array grown by a write to slot 6: the slots it grew over
  // read as zeros.
  // CHECK: [0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7]
  call @dirty() : () -> ()
  %d, %df = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !D
  %df1 = ta.write %d[%c0], %v, %df : !D, tensor<16xf32>
  %df2 = ta.write %d[%c6], %v, %df1 : !D, tensor<16xf32>
  %j = arith.constant dense<[3, 6]> : tensor<2xi32>
  %dg = ta.gather %d[%j], %df2 : !D, tensor<2xi32>
  %dgf = tensor.collapse_shape %dg [[0, 1]] : tensor<2x16xf32> into tensor<32xf32>
  %dgd = tensor.cast %dgf : tensor<32xf32> to tensor<?xf32>
  call @show(%dgd) : (tensor<?xf32>) -> ()
  ta.close %d : !D

  // An accumulator: a slot never written reads as zeros; a slot written
  // once holds what was written (not written + garbage).
  // CHECK: [0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7,  7]
  call @dirty() : () -> ()
  %a, %af = ta.create %c4 : !T
  %af1 = ta.write %a[%c0], %v, %af : !T, tensor<16xf32>
  %acc, %accf = ta.grad %a, %af1 source "g" : !T
  %accf1 = ta.write %acc[%c3], %v, %accf : !ta.handle<4, tensor<16xf32>, grad>, tensor<16xf32>
  %k = arith.constant dense<[2, 3]> : tensor<2xi32>
  %ag = ta.gather %acc[%k], %accf1 : !ta.handle<4, tensor<16xf32>, grad>, tensor<2xi32>
  %agf = tensor.collapse_shape %ag [[0, 1]] : tensor<2x16xf32> into tensor<32xf32>
  %agd = tensor.cast %agf : tensor<32xf32> to tensor<?xf32>
  call @show(%agd) : (tensor<?xf32>) -> ()

  // A split marks the slots it writes: reads return its rows.
  // CHECK: [3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  3]
  call @dirty() : () -> ()
  %s, %sf = ta.create %c4 : !T
  %rows = arith.constant dense<3.0> : tensor<64xf32>
  %lengths = arith.constant dense<16> : tensor<4xi64>
  %sf1 = ta.split %s, %rows, %lengths, %sf : !T, tensor<64xf32>, tensor<4xi64>
  %sr = ta.read %s[%c2], %sf1 : !T
  %srd = tensor.cast %sr : tensor<16xf32> to tensor<?xf32>
  call @show(%srd) : (tensor<?xf32>) -> ()

  // An accumulator slot written twice holds the sum; a first write of -0
  // keeps its sign (it is stored, not added to a zero); a read past the size
  // grows the accumulator and reads zeros.
  // CHECK: [14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  -0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
  call @dirty() : () -> ()
  %b, %bf = ta.create %c4 : !T
  %bacc, %baccf = ta.grad %b, %bf source "h" : !T
  %negzero = arith.constant dense<-0.0> : tensor<16xf32>
  %bf1 = ta.write %bacc[%c0], %v, %baccf : !ta.handle<4, tensor<16xf32>, grad>, tensor<16xf32>
  %bf2 = ta.write %bacc[%c0], %v, %bf1 : !ta.handle<4, tensor<16xf32>, grad>, tensor<16xf32>
  %bf3 = ta.write %bacc[%c1], %negzero, %bf2 : !ta.handle<4, tensor<16xf32>, grad>, tensor<16xf32>
  %l = arith.constant dense<[0, 1, 6]> : tensor<3xi32>
  %bg = ta.gather %bacc[%l], %bf3 : !ta.handle<4, tensor<16xf32>, grad>, tensor<3xi32>
  %bgf = tensor.collapse_shape %bg [[0, 1]] : tensor<3x16xf32> into tensor<48xf32>
  %bgd = tensor.cast %bgf : tensor<48xf32> to tensor<?xf32>
  call @show(%bgd) : (tensor<?xf32>) -> ()
  return
}
