// Arrays in their function's frame (FrameArrays: small, fixed, block-local,
// created in the entry block), executed in both checks modes against the
// same arrays on the heap (frame-arrays=false): the same values. Expected
// numbers from TensorFlow's semantics: written slots read back, unwritten
// ones read as zeros, an accumulator sums its writes (TensorArrayGradV3),
// reads a slot the forward array wrote (a soft write) or no one wrote as
// zeros and takes a first write there as it is, grows when read past its
// size (out of the frame, keeping its values), a closed array keeps its
// size. Accumulators in the frame (of ta.grad and ta.grad_with_shape) and
// on the heap (one whose handle a loop carries) side by side. Functions
// with such an array, or an accumulator, called a million times keep their
// stack (a frame array lives until its function returns). Errors on closed frame arrays: errors.mlir (write_closed,
// read_closed, size_closed are frame arrays).
// RUN: ta-opt %s --ta-lower-to-llvm | %run_cpu -e all | FileCheck %s --check-prefixes=CHECK,MAIN
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none | %run_cpu -e all | FileCheck %s --check-prefixes=CHECK,MAIN
// RUN: ta-opt %s --ta-lower-to-memref=frame-arrays=false --ta-lower-to-llvm | %run_cpu -e all | FileCheck %s --check-prefixes=CHECK,MAIN
// RUN: ta-opt %s --ta-lower-to-llvm | FileCheck %s --check-prefix=IR
// IR-LABEL: llvm.func @values
// IR-COUNT-3: llvm.alloca %{{.*}} x i8 {alignment = 64 : i64}
// IR-LABEL: llvm.func @step
// IR: llvm.alloca %{{.*}} x i8 {alignment = 64 : i64}
// IR: llvm.return
// IR-LABEL: llvm.func @grad_step
// IR-COUNT-2: llvm.alloca %{{.*}} x i8 {alignment = 64 : i64}
// IR: llvm.return

!T = !ta.handle<4, tensor<64xf32>>
!G = !ta.handle<4, tensor<64xf32>, grad>
!W = !ta.handle<4, tensor<1x64xf32>, grad>
!S = !ta.handle<3, tensor<2xi32>>
!SG = !ta.handle<3, tensor<2xi32>, grad>

func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }

// The first two values of a row and their sum over the row.
func.func @show(%t: tensor<64xf32>) {
  %head = tensor.extract_slice %t[0] [2] [1] : tensor<64xf32> to tensor<2xf32>
  %zero = arith.constant dense<0.0> : tensor<f32>
  %sum = linalg.reduce ins(%t : tensor<64xf32>) outs(%zero : tensor<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %s1 = tensor.expand_shape %sum [] output_shape [1] : tensor<f32> into tensor<1xf32>
  %both = tensor.concat dim(0) %head, %s1 : (tensor<2xf32>, tensor<1xf32>) -> tensor<3xf32>
  %m = bufferization.to_buffer %both : tensor<3xf32> to memref<3xf32>
  %u = memref.cast %m : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// A row of 64 values: base, base + 1, ...
func.func @row(%base: f32) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]} outs(%e : tensor<64xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %v = arith.addf %f, %base : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

func.func @values() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %b0 = arith.constant 0.0 : f32
  %b100 = arith.constant 100.0 : f32
  %a = call @row(%b0) : (f32) -> tensor<64xf32>
  %b = call @row(%b100) : (f32) -> tensor<64xf32>
  %h, %f = ta.create %c4 {clear_after_read = false} : !T
  %f1 = ta.write %h[%c0], %a, %f : !T, tensor<64xf32>
  %f2 = ta.write %h[%c2], %b, %f1 : !T, tensor<64xf32>
  %r0 = ta.read %h[%c0], %f2 : !T
  %r1 = ta.read %h[%c1], %f2 : !T
  %r2 = ta.read %h[%c2], %f2 : !T
  // CHECK: [0,  1,  2016]
  call @show(%r0) : (tensor<64xf32>) -> ()
  // CHECK: [0,  0,  0]
  call @show(%r1) : (tensor<64xf32>) -> ()
  // CHECK: [100,  101,  8416]
  call @show(%r2) : (tensor<64xf32>) -> ()
  // The accumulator (in the frame) sums two writes into slot 2.
  %g, %gf = ta.grad %h, %f2 source "s" : !T
  %g1 = ta.write %g[%c2], %a, %gf : !G, tensor<64xf32>
  %g2 = ta.write %g[%c2], %b, %g1 : !G, tensor<64xf32>
  %s = ta.read %g[%c2], %g2 : !G
  // CHECK: [100,  102,  10432]
  call @show(%s) : (tensor<64xf32>) -> ()
  // Slot 0, soft written (the forward array wrote it), takes a first write
  // as it is; slot 1, never written, reads as zeros.
  %g3 = ta.write %g[%c0], %b, %g2 : !G, tensor<64xf32>
  %s0 = ta.read %g[%c0], %g3 : !G
  // CHECK: [100,  101,  8416]
  call @show(%s0) : (tensor<64xf32>) -> ()
  %s1 = ta.read %g[%c1], %g3 : !G
  // CHECK: [0,  0,  0]
  call @show(%s1) : (tensor<64xf32>) -> ()
  // A read past its size grows it (to 6 slots): it moves to the heap,
  // with its values (slot 3, written before).
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %g4 = ta.write %g[%c3], %a, %g3 : !G, tensor<64xf32>
  %s5 = ta.read %g[%c5], %g4 : !G
  // CHECK: [0,  0,  0]
  call @show(%s5) : (tensor<64xf32>) -> ()
  %gn = ta.size %g, %g4 : !G
  %gn32 = arith.index_cast %gn : index to i32
  %gnt = tensor.from_elements %gn32 : tensor<1xi32>
  %gnm = bufferization.to_buffer %gnt : tensor<1xi32> to memref<1xi32>
  %gnu = memref.cast %gnm : memref<1xi32> to memref<*xi32>
  // CHECK: [6]
  call @printMemrefI32(%gnu) : (memref<*xi32>) -> ()
  %s3 = ta.read %g[%c3], %g4 : !G
  // CHECK: [0,  1,  2016]
  call @show(%s3) : (tensor<64xf32>) -> ()
  // An accumulator on the heap (a loop carries its handle) beside it.
  %hg, %hgf = ta.grad %h, %f2 source "t" : !T
  %carried = scf.for %k = %c0 to %c2 step %c1 iter_args(%x = %hg) -> (!G) {
    scf.yield %x : !G
  }
  %h1 = ta.write %carried[%c2], %b, %hgf : !G, tensor<64xf32>
  %h2 = ta.write %carried[%c2], %b, %h1 : !G, tensor<64xf32>
  %hs = ta.read %carried[%c2], %h2 : !G
  // CHECK: [200,  202,  16832]
  call @show(%hs) : (tensor<64xf32>) -> ()
  // An accumulator with a shape in front (ta.grad_with_shape: [1] ++ the
  // element), in the frame too, sums two writes into slot 2 (soft written:
  // the first write is stored as it is).
  %one = arith.constant dense<1> : tensor<1xi32>
  %w, %wf = ta.grad_with_shape %h, %f2, %one source "w" : !T, tensor<1xi32>
  %b1 = tensor.expand_shape %b [[0, 1]] output_shape [1, 64] : tensor<64xf32> into tensor<1x64xf32>
  %w1 = ta.write %w[%c2], %b1, %wf : !W, tensor<1x64xf32>
  %w2 = ta.write %w[%c2], %b1, %w1 : !W, tensor<1x64xf32>
  %wr = ta.read %w[%c2], %w2 : !W
  %wr1 = tensor.collapse_shape %wr [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
  // CHECK: [200,  202,  16832]
  call @show(%wr1) : (tensor<64xf32>) -> ()
  ta.close %g : !G
  ta.close %h : !T
  // A closed array keeps its size (TensorArraySizeV3 is not checked).
  %n = ta.size %h, %f2 : !T
  %n32 = arith.index_cast %n : index to i32
  %nt = tensor.from_elements %n32 : tensor<1xi32>
  %nm = bufferization.to_buffer %nt : tensor<1xi32> to memref<1xi32>
  %nu = memref.cast %nm : memref<1xi32> to memref<*xi32>
  // CHECK: [4]
  call @printMemrefI32(%nu) : (memref<*xi32>) -> ()
  return
}

// Writes i and 2 i to a 3-slot frame array and returns their sum.
func.func @step(%i: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %two = arith.constant 2 : i32
  %i2 = arith.muli %i, %two : i32
  %v = tensor.from_elements %i, %i2 : tensor<2xi32>
  %h, %f = ta.create %c3 : !S
  %f1 = ta.write %h[%c1], %v, %f : !S, tensor<2xi32>
  %r = ta.read %h[%c1], %f1 : !S
  ta.close %h : !S
  %x = tensor.extract %r[%c0] : tensor<2xi32>
  %y = tensor.extract %r[%c1] : tensor<2xi32>
  %s = arith.addi %x, %y : i32
  return %s : i32
}

// Accumulates i and 2 i twice into slot 1 of a frame accumulator of a
// 3-slot frame array and returns the sum of the slot: 6 i.
func.func @grad_step(%i: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %two = arith.constant 2 : i32
  %i2 = arith.muli %i, %two : i32
  %v = tensor.from_elements %i, %i2 : tensor<2xi32>
  %h, %f = ta.create %c3 : !S
  %g, %gf = ta.grad %h, %f source "s" : !S
  %g1 = ta.write %g[%c1], %v, %gf : !SG, tensor<2xi32>
  %g2 = ta.write %g[%c1], %v, %g1 : !SG, tensor<2xi32>
  %r = ta.read %g[%c1], %g2 : !SG
  ta.close %g : !SG
  ta.close %h : !S
  %x = tensor.extract %r[%c0] : tensor<2xi32>
  %y = tensor.extract %r[%c1] : tensor<2xi32>
  %s = arith.addi %x, %y : i32
  return %s : i32
}

func.func @all() {
  call @values() : () -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000 : index
  %zero = arith.constant 0 : i32
  %mask = arith.constant 1023 : i32
  // sum over i < 10^6 of 3 (i mod 1024), in i32.
  %total = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %k32 = arith.index_cast %k : index to i32
    %i = arith.andi %k32, %mask : i32
    %s = func.call @step(%i) : (i32) -> i32
    %a = arith.addi %acc, %s : i32
    scf.yield %a : i32
  }
  %t = tensor.from_elements %total : tensor<1xi32>
  %m = bufferization.to_buffer %t : tensor<1xi32> to memref<1xi32>
  %u = memref.cast %m : memref<1xi32> to memref<*xi32>
  // MAIN: [1534112928]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  // sum over i < 10^6 of 6 (i mod 1024), in i32 (3,068,225,856 - 2^32).
  %gtotal = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %k32 = arith.index_cast %k : index to i32
    %i = arith.andi %k32, %mask : i32
    %s = func.call @grad_step(%i) : (i32) -> i32
    %a = arith.addi %acc, %s : i32
    scf.yield %a : i32
  }
  %gt = tensor.from_elements %gtotal : tensor<1xi32>
  %gm = bufferization.to_buffer %gt : tensor<1xi32> to memref<1xi32>
  %gu = memref.cast %gm : memref<1xi32> to memref<*xi32>
  // MAIN: [-1226741440]
  call @printMemrefI32(%gu) : (memref<*xi32>) -> ()
  return
}
