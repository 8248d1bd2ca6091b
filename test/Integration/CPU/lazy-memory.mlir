// Memory that costs only what is written: an array of 100000 slots of
// 256 KiB (26 GB, more than this machine has) is one mapping that the
// kernel backs page by page on first touch (libta_runtime maps allocations
// of 1 GiB or more without reserving memory); creation zeroes only the
// header and the slot states, a read zeroes only the slot it reads. Writing
// two slots and reading three holds about 1 MB of the array, as
// TensorFlow, which allocates at each write, would. Both checks modes; the
// peak RSS of the whole run (the JIT included) stays under 1 GB.
// RUN: ta-opt %s --ta-lower-to-llvm > %t.strict.mlir
// RUN: ta-opt %s --ta-lower-to-llvm=checks=none > %t.none.mlir
// RUN: %python %S/Inputs/max-rss.py 1000 %run_cpu -e main %t.strict.mlir 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/max-rss.py 1000 %run_cpu -e main %t.none.mlir 2>&1 | FileCheck %s
//
// Small elements, whose data is zeroed when the buffer is allocated rather
// than at each read: a mapping is zero already, so neither creation (2^32
// slots of 8 bytes, 36 GB) nor growth (a growable array written at 2^31)
// fills it (found by ta-exec-fuzz: creation touched every byte).
// RUN: %python %S/Inputs/max-rss.py 1000 %run_cpu -e small %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: %python %S/Inputs/max-rss.py 1000 %run_cpu -e small %t.none.mlir 2>&1 | FileCheck %s --check-prefix=SMALL
//
// Growth between mapped buffers moves their pages rather than copying
// them: an accumulator read past its size at 2^31 - 1, then at 2^32 + 32703 (one
// gather) grows twice, the second time from 2^32 slots of 16 bytes (64 GB
// copied until ta-exec-fuzz found it); the values written before both
// growths and between them survive.
// RUN: %python %S/Inputs/max-rss.py 1000 %run_cpu -e accumulator %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: %python %S/Inputs/max-rss.py 1000 %run_cpu -e accumulator %t.none.mlir 2>&1 | FileCheck %s --check-prefix=ACC

!B = !ta.handle<?, tensor<65536xf32>>

func.func private @printI64(i64)
func.func private @printNewline()
func.func private @printComma()
func.func private @opaque(%i: index) -> index attributes {no_inline} {
  return %i : index
}

func.func @show(%t: tensor<65536xf32>) {
  // The first and last values of a slot.
  %c0 = arith.constant 0 : index
  %c65535 = arith.constant 65535 : index
  %a = tensor.extract %t[%c0] : tensor<65536xf32>
  %b = tensor.extract %t[%c65535] : tensor<65536xf32>
  %ai = arith.fptosi %a : f32 to i64
  %bi = arith.fptosi %b : f32 to i64
  call @printI64(%ai) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%bi) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// CHECK: 100000
// CHECK-NEXT: 7, 7
// CHECK-NEXT: 9, 9
// CHECK-NEXT: 0, 0
// CHECK-NEXT: max-rss: below 1000 MB
func.func @main() {
  %n = arith.constant 100000 : index
  %m = func.call @opaque(%n) : (index) -> index
  %h, %f = ta.create %m : !B
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c99999 = arith.constant 99999 : index
  %seven = arith.constant dense<7.0> : tensor<65536xf32>
  %nine = arith.constant dense<9.0> : tensor<65536xf32>
  %f1 = ta.write %h[%c5], %seven, %f : !B, tensor<65536xf32>
  %f2 = ta.write %h[%c99999], %nine, %f1 : !B, tensor<65536xf32>
  %s = ta.size %h, %f2 : !B
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  %r5 = ta.read %h[%c5], %f2 : !B
  call @show(%r5) : (tensor<65536xf32>) -> ()
  %r9 = ta.read %h[%c99999], %f2 : !B
  call @show(%r9) : (tensor<65536xf32>) -> ()
  // Never written: zeros, from the slot's state.
  %r7 = ta.read %h[%c7], %f2 : !B
  call @show(%r7) : (tensor<65536xf32>) -> ()
  ta.close %h : !B
  return
}

!S = !ta.handle<?, tensor<2xf32>>

func.func @pair(%t: tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %t[%c0] : tensor<2xf32>
  %b = tensor.extract %t[%c1] : tensor<2xf32>
  %ai = arith.fptosi %a : f32 to i64
  %bi = arith.fptosi %b : f32 to i64
  call @printI64(%ai) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%bi) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// SMALL: 4294967296
// SMALL-NEXT: 3, 4
// SMALL-NEXT: 5, 6
// SMALL-NEXT: 0, 0
// SMALL-NEXT: 2147483649
// SMALL-NEXT: 5, 6
// SMALL-NEXT: 0, 0
// SMALL-NEXT: max-rss: below 1000 MB
func.func @small() {
  %n = arith.constant 4294967296 : index
  %m = func.call @opaque(%n) : (index) -> index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %last = arith.constant 4294967295 : index
  %three = arith.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %five = arith.constant dense<[5.0, 6.0]> : tensor<2xf32>
  %h, %f = ta.create %m : !S
  %f1 = ta.write %h[%c5], %three, %f : !S, tensor<2xf32>
  %f2 = ta.write %h[%last], %five, %f1 : !S, tensor<2xf32>
  %s = ta.size %h, %f2 : !S
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  %r5 = ta.read %h[%c5], %f2 : !S
  call @pair(%r5) : (tensor<2xf32>) -> ()
  %rl = ta.read %h[%last], %f2 : !S
  call @pair(%rl) : (tensor<2xf32>) -> ()
  %r7 = ta.read %h[%c7], %f2 : !S
  call @pair(%r7) : (tensor<2xf32>) -> ()
  ta.close %h : !S

  // Growth from 8 slots to room for 2^32 + 2.
  %c8 = arith.constant 8 : index
  %e = func.call @opaque(%c8) : (index) -> index
  %far = arith.constant 2147483648 : index
  %near = arith.constant 2147483643 : index
  %g, %gf = ta.create %e {dynamic_size = true} : !S
  %gf1 = ta.write %g[%far], %five, %gf : !S, tensor<2xf32>
  %gs = ta.size %g, %gf1 : !S
  %gsi = arith.index_cast %gs : index to i64
  call @printI64(%gsi) : (i64) -> ()
  call @printNewline() : () -> ()
  %rf = ta.read %g[%far], %gf1 : !S
  call @pair(%rf) : (tensor<2xf32>) -> ()
  %rn = ta.read %g[%near], %gf1 : !S
  call @pair(%rn) : (tensor<2xf32>) -> ()
  ta.close %g : !S
  return
}

!F = !ta.handle<8, tensor<2xi64>>
!G = !ta.handle<8, tensor<2xi64>, grad>

func.func @row(%t: tensor<3x2xi64>, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %t[%k, %c0] : tensor<3x2xi64>
  %b = tensor.extract %t[%k, %c1] : tensor<3x2xi64>
  call @printI64(%a) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%b) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @ipair(%t: tensor<2xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %t[%c0] : tensor<2xi64>
  %b = tensor.extract %t[%c1] : tensor<2xi64>
  call @printI64(%a) : (i64) -> ()
  call @printComma() : () -> ()
  call @printI64(%b) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

// ACC: 3, 4
// ACC-NEXT: 0, 0
// ACC-NEXT: 0, 0
// ACC-NEXT: 4295000000
// ACC-NEXT: 5, 6
// ACC-NEXT: 7, 8
// ACC-NEXT: 0, 0
// ACC-NEXT: max-rss: below 1000 MB
func.func @accumulator() {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %below = arith.constant 4294967295 : index
  %three = arith.constant dense<[3, 4]> : tensor<2xi64>
  %five = arith.constant dense<[5, 6]> : tensor<2xi64>
  %seven = arith.constant dense<[7, 8]> : tensor<2xi64>
  %n = func.call @opaque(%c8) : (index) -> index
  %h, %f = ta.create %n : !F
  %g, %gf = ta.grad %h, %f source "g" : !F
  %g1 = ta.write %g[%c1], %three, %gf : !G, tensor<2xi64>
  %g2 = ta.write %g[%c5], %five, %g1 : !G, tensor<2xi64>
  %pick = arith.constant dense<[1, 2147483647, 4294999999]> : tensor<3xi64>
  %v = ta.gather %g[%pick], %g2 : !G, tensor<3xi64>
  call @row(%v, %c0) : (tensor<3x2xi64>, index) -> ()
  call @row(%v, %c1) : (tensor<3x2xi64>, index) -> ()
  call @row(%v, %c2) : (tensor<3x2xi64>, index) -> ()
  %s = ta.size %g, %g2 : !G
  %si = arith.index_cast %s : index to i64
  call @printI64(%si) : (i64) -> ()
  call @printNewline() : () -> ()
  %r5 = ta.read %g[%c5], %g2 : !G
  call @ipair(%r5) : (tensor<2xi64>) -> ()
  %g3 = ta.write %g[%below], %seven, %g2 : !G, tensor<2xi64>
  %rb = ta.read %g[%below], %g3 : !G
  call @ipair(%rb) : (tensor<2xi64>) -> ()
  %r9 = ta.read %g[%c9], %g3 : !G
  call @ipair(%r9) : (tensor<2xi64>) -> ()
  ta.close %g : !G
  ta.close %h : !F
  return
}
