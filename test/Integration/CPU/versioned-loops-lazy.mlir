// Loops of writes and reads at their induction variable on arrays of 64-byte
// elements, whose data is zeroed lazily (a read zeroes a slot its state says
// was never materialized). ta-version-access-loops claims such loops in both
// checks modes; without checks a read loop's claim holds only where every
// slot is materialized. The memory of a closed array, full of 7s, is what
// the next array of its size gets from the allocator: a claim that let a
// read skip the zeroing would show those 7s. Loop bounds go through an
// opaque call, so that LLVM cannot decide the claim at compile time.
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e main | FileCheck %s
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e main | FileCheck %s

!T = !ta.handle<4, tensor<16xf32>>
!D = !ta.handle<?, tensor<16xf32>>

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @show(%t: tensor<4x16xf32>) {
  %m = bufferization.to_buffer %t : tensor<4x16xf32> to memref<4x16xf32>
  %u = memref.cast %m : memref<4x16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}

// Writes slots [lb, ub): slot k holds k + 1 + `plus` everywhere.
func.func @write_rows(%h: !T, %lb: index, %ub: index, %plus: f32,
                      %f: !ta.flow) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %l = func.call @opaque(%lb) : (index) -> index
  %u = func.call @opaque(%ub) : (index) -> index
  %fw = scf.for %k = %l to %u step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %k1 = arith.addi %k, %c1 : index
    %i = arith.index_cast %k1 : index to i64
    %x = arith.sitofp %i : i64 to f32
    %y = arith.addf %x, %plus : f32
    %e = tensor.empty() : tensor<16xf32>
    %v = linalg.fill ins(%y : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %f2 = ta.write %h[%k], %v, %fl : !T, tensor<16xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}
func.func @write_rows_d(%h: !D, %lb: index, %ub: index, %f: !ta.flow) -> !ta.flow {
  %c1 = arith.constant 1 : index
  %l = func.call @opaque(%lb) : (index) -> index
  %u = func.call @opaque(%ub) : (index) -> index
  %fw = scf.for %k = %l to %u step %c1 iter_args(%fl = %f) -> (!ta.flow) {
    %k1 = arith.addi %k, %c1 : index
    %i = arith.index_cast %k1 : index to i64
    %x = arith.sitofp %i : i64 to f32
    %e = tensor.empty() : tensor<16xf32>
    %v = linalg.fill ins(%x : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %f2 = ta.write %h[%k], %v, %fl : !D, tensor<16xf32>
    scf.yield %f2 : !ta.flow
  }
  return %fw : !ta.flow
}

// Reads slots [lb, ub) into rows [lb, ub) of a 4 x 16 tensor of -1.
func.func @read_rows(%h: !T, %lb: index, %ub: index, %f: !ta.flow) -> tensor<4x16xf32> {
  %c1 = arith.constant 1 : index
  %l = func.call @opaque(%lb) : (index) -> index
  %u = func.call @opaque(%ub) : (index) -> index
  %m1 = arith.constant -1.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %init = linalg.fill ins(%m1 : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %out = scf.for %k = %l to %u step %c1 iter_args(%o = %init) -> (tensor<4x16xf32>) {
    %r = ta.read %h[%k], %f : !T
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<4x16xf32>
    scf.yield %o2 : tensor<4x16xf32>
  }
  return %out : tensor<4x16xf32>
}
func.func @read_rows_d(%h: !D, %lb: index, %ub: index, %f: !ta.flow) -> tensor<4x16xf32> {
  %c1 = arith.constant 1 : index
  %l = func.call @opaque(%lb) : (index) -> index
  %u = func.call @opaque(%ub) : (index) -> index
  %m1 = arith.constant -1.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %init = linalg.fill ins(%m1 : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %out = scf.for %k = %l to %u step %c1 iter_args(%o = %init) -> (tensor<4x16xf32>) {
    %r = ta.read %h[%k], %f : !D
    %o2 = tensor.insert_slice %r into %o[%k, 0] [1, 16] [1, 1] : tensor<16xf32> into tensor<4x16xf32>
    scf.yield %o2 : tensor<4x16xf32>
  }
  return %out : tensor<4x16xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  // Every slot written (claimed), then read (claimed): 1, 2, 3, 4. Slot k
  // then holds 7 + k (6 + k + 1) before the array is closed.
  %h, %f = ta.create %c4 {clear_after_read = false} : !T
  %f1 = func.call @write_rows(%h, %c0, %c4, %zero, %f) : (!T, index, index, f32, !ta.flow) -> !ta.flow
  %a = func.call @read_rows(%h, %c0, %c4, %f1) : (!T, index, index, !ta.flow) -> tensor<4x16xf32>
  // CHECK: [1{{(, +1){15}[]]}}
  // CHECK-NEXT: [2{{(, +2){15}[]]}}
  // CHECK-NEXT: [3{{(, +3){15}[]]}}
  // CHECK-NEXT: [4{{(, +4){15}[]]}}
  call @show(%a) : (tensor<4x16xf32>) -> ()
  ta.close %h : !T
  %j, %jf = ta.create %c4 {clear_after_read = false} : !T
  %jf1 = func.call @write_rows(%j, %c0, %c4, %six, %jf) : (!T, index, index, f32, !ta.flow) -> !ta.flow
  ta.close %j : !T

  // Slots 1 and 2 written: a read of [0, 4) finds slots never materialized
  // (the claim fails) and reads them as zeros, whatever the memory held;
  // a second read of them does so again.
  %p, %pf = ta.create %c4 {clear_after_read = false} : !T
  %pf1 = func.call @write_rows(%p, %c1, %c3, %zero, %pf) : (!T, index, index, f32, !ta.flow) -> !ta.flow
  %b = func.call @read_rows(%p, %c0, %c4, %pf1) : (!T, index, index, !ta.flow) -> tensor<4x16xf32>
  // CHECK: [0{{(, +0){15}[]]}}
  // CHECK-NEXT: [2{{(, +2){15}[]]}}
  // CHECK-NEXT: [3{{(, +3){15}[]]}}
  // CHECK-NEXT: [0{{(, +0){15}[]]}}
  call @show(%b) : (tensor<4x16xf32>) -> ()
  %c = func.call @read_rows(%p, %c0, %c4, %pf1) : (!T, index, index, !ta.flow) -> tensor<4x16xf32>
  // CHECK: [0{{(, +0){15}[]]}}
  // CHECK-NEXT: [2{{(, +2){15}[]]}}
  // CHECK-NEXT: [3{{(, +3){15}[]]}}
  // CHECK-NEXT: [0{{(, +0){15}[]]}}
  call @show(%c) : (tensor<4x16xf32>) -> ()
  // Slots 1 and 2 alone: their claim holds (materialized).
  %d = func.call @read_rows(%p, %c1, %c3, %pf1) : (!T, index, index, !ta.flow) -> tensor<4x16xf32>
  // CHECK: [-1{{(, +-1){15}[]]}}
  // CHECK-NEXT: [2{{(, +2){15}[]]}}
  // CHECK-NEXT: [3{{(, +3){15}[]]}}
  // CHECK-NEXT: [-1{{(, +-1){15}[]]}}
  call @show(%d) : (tensor<4x16xf32>) -> ()
  ta.close %p : !T

  // A growable array: the write loop's claim fails (past the size of 0),
  // its writes grow the array; the read loop's holds.
  %g, %gf = ta.create %c0 {dynamic_size = true, clear_after_read = false} : !D
  %gf1 = func.call @write_rows_d(%g, %c0, %c4, %gf) : (!D, index, index, !ta.flow) -> !ta.flow
  %e = func.call @read_rows_d(%g, %c0, %c4, %gf1) : (!D, index, index, !ta.flow) -> tensor<4x16xf32>
  // CHECK: [1{{(, +1){15}[]]}}
  // CHECK-NEXT: [2{{(, +2){15}[]]}}
  // CHECK-NEXT: [3{{(, +3){15}[]]}}
  // CHECK-NEXT: [4{{(, +4){15}[]]}}
  call @show(%e) : (tensor<4x16xf32>) -> ()
  ta.close %g : !D
  return
}
